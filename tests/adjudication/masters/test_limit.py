"""MR2 b) and c): the orders a player writes in a turn, his own units' and those for
powers in civil disorder together, no more than the centres his power owns; his own
are counted first and always followed, and each copy of a repeated Variable Control
order within the limit is one more vote (docs/VARIANTS.md M4, M5)."""

from __future__ import annotations

from adjudication.model.orders import Hold, Move, Support
from adjudication.model.units import Location
from adjudication.variants.masters.written import Control, Written
from tests.adjudication.masters.test_examples import (
    A_POR_S_MAR_SPA,
    A_POR_S_SPA,
    FALL_1901,
    OWNERS_1901,
    control_of,
    play,
    position,
    unit,
)

MAR_SPA = Move(unit("FRANCE", "A MAR"), Location("SPA"))
GAS_S_MAR_SPA = Support(unit("FRANCE", "F GAS"), Location("MAR"), Location("SPA"))
BRE_H = Hold(unit("FRANCE", "F BRE"))


def _portugal(result) -> list[object]:
    """The order Portugal's army played."""
    return [o.order for o in result.adjudication.outcomes if o.order.unit.province == "POR"]


def test_rules003_mr2b_own_orders_first_a_written_order_past_the_centres_not_followed() -> None:
    # France owns three centres and orders its three units: no order is left for
    # Portugal, though the line for Portugal was written first.
    pos = position("F1901M", FALL_1901, OWNERS_1901)
    lines = [
        Written(A_POR_S_MAR_SPA, "FRANCE"),
        Written(MAR_SPA, "FRANCE"),
        Written(GAS_S_MAR_SPA, "FRANCE"),
        Written(BRE_H, "FRANCE"),
    ]
    result = play(pos, lines)
    assert control_of(result, A_POR_S_MAR_SPA, "FRANCE") == [Control.OVER_LIMIT]
    assert _portugal(result) == [Hold(unit("PORTUGAL", "A POR"))]  # unordered: it holds
    # The own orders are followed all the same.
    assert [w.control for w in result.written[1:]] == [Control.OWN] * 3
    moved = [o for o in result.adjudication.outcomes if o.order == MAR_SPA]
    assert moved[0].succeeded


def test_rules003_mr2b_with_two_own_orders_one_is_left_for_portugal() -> None:
    pos = position("F1901M", FALL_1901, OWNERS_1901)
    lines = [
        Written(MAR_SPA, "FRANCE"),
        Written(GAS_S_MAR_SPA, "FRANCE"),
        Written(A_POR_S_MAR_SPA, "FRANCE"),
        Written(A_POR_S_MAR_SPA, "FRANCE"),
    ]
    result = play(pos, lines)
    assert control_of(result, A_POR_S_MAR_SPA, "FRANCE") == [Control.FOLLOWED, Control.OVER_LIMIT]
    assert _portugal(result) == [A_POR_S_MAR_SPA]


def test_rules003_mr2b_an_unordered_unit_counts_nothing() -> None:
    # France orders one unit and writes twice for Portugal: three orders, three centres.
    pos = position("F1901M", FALL_1901, OWNERS_1901)
    lines = [
        Written(MAR_SPA, "FRANCE"),
        Written(A_POR_S_MAR_SPA, "FRANCE"),
        Written(A_POR_S_MAR_SPA, "FRANCE"),
    ]
    result = play(pos, lines)
    assert control_of(result, A_POR_S_MAR_SPA, "FRANCE") == [Control.FOLLOWED] * 2


def test_rules003_mr2b_an_illegal_own_order_is_no_valid_order_and_counts_nothing() -> None:
    pos = position("F1901M", FALL_1901, OWNERS_1901)
    to_mun = Move(unit("FRANCE", "A MAR"), Location("MUN"))  # not adjacent: A Mar holds
    lines = [
        Written(to_mun, "FRANCE"),
        Written(GAS_S_MAR_SPA, "FRANCE"),
        Written(BRE_H, "FRANCE"),
        Written(A_POR_S_SPA, "FRANCE"),
    ]
    result = play(pos, lines)
    assert control_of(result, A_POR_S_SPA, "FRANCE") == [Control.FOLLOWED]


def test_rules003_mr2c_a_copy_within_the_limit_is_a_vote_a_copy_past_it_is_not() -> None:
    # Italy (three centres) orders two of its units and writes A Por S A Spa twice: the
    # first copy is its third order, the second is past its centres. France orders one
    # unit and writes for Portugal once. One vote each: a tie, and Portugal holds.
    pos = position("F1901M", FALL_1901, OWNERS_1901)
    lines = [
        Written(Move(unit("ITALY", "F TYS"), Location("WES")), "ITALY"),
        Written(Hold(unit("ITALY", "A VEN")), "ITALY"),
        Written(A_POR_S_SPA, "ITALY"),
        Written(A_POR_S_SPA, "ITALY"),
        Written(MAR_SPA, "FRANCE"),
        Written(A_POR_S_MAR_SPA, "FRANCE"),
    ]
    result = play(pos, lines)
    assert control_of(result, A_POR_S_SPA, "ITALY") == [Control.TIED, Control.OVER_LIMIT]
    assert control_of(result, A_POR_S_MAR_SPA, "FRANCE") == [Control.TIED]
    assert _portugal(result) == [Hold(unit("PORTUGAL", "A POR"))]


def test_rules003_mr2c_the_documents_example_each_writer_uses_exactly_his_centres() -> None:
    # "Italy writing twice": one own order and two copies, its three centres; the three
    # votes for A Por S A Spa (Germany's and Italy's two) beat France's one.
    pos = position("F1901M", FALL_1901, OWNERS_1901)
    lines = [
        Written(GAS_S_MAR_SPA, "FRANCE"),
        Written(MAR_SPA, "FRANCE"),
        Written(A_POR_S_MAR_SPA, "FRANCE"),
        Written(Support(unit("GERMANY", "F HEL"), Location("KIE"), Location("DEN")), "GERMANY"),
        Written(Move(unit("GERMANY", "A KIE"), Location("DEN")), "GERMANY"),
        Written(A_POR_S_SPA, "GERMANY"),
        Written(Move(unit("ITALY", "F TYS"), Location("WES")), "ITALY"),
        Written(A_POR_S_SPA, "ITALY"),
        Written(A_POR_S_SPA, "ITALY"),
    ]
    result = play(pos, lines)
    assert [w.control for w in result.written if w.control is not Control.OWN] == [
        Control.OUTVOTED,
        Control.FOLLOWED,
        Control.FOLLOWED,
        Control.FOLLOWED,
    ]
    # One more own order for each writer and the last line for Portugal is past it.
    more = [*lines, Written(Hold(unit("ITALY", "A VEN")), "ITALY")]
    assert control_of(play(pos, more), A_POR_S_SPA, "ITALY") == [
        Control.FOLLOWED,
        Control.OVER_LIMIT,
    ]
