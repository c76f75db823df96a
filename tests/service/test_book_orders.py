"""rules/004 rule 7: "If an order is ambiguous, it is treated as Hold." A line that names
one of the player's units but cannot be read as an order for it replaces that unit's
earlier order with Hold, and the reply says which order now stands."""

from __future__ import annotations

from datetime import timedelta

from bot.service.kernel import Caller, LineStatus
from tests.service.book import play_until, position
from tests.service.conftest import force_position, owner, started_game, texts


async def _england(service):
    info = await started_game(service)
    return info, Caller(owner(info, "ENGLAND")), info.deadline_at - timedelta(hours=1)


async def test_an_ambiguous_order_replaces_the_earlier_one_with_hold(service):
    info, england, when = await _england(service)
    first = await service.orders.submit_orders(england, "F Edi - Nth", when)
    assert "F EDI - NTH" in texts(first.orders)
    second = await service.orders.submit_orders(england, "F Edi - Nor", when)
    line = second.lines[0]
    assert line.status is LineStatus.REJECTED and line.reason == "ambiguous"
    assert line.message == (
        "'F Edi - Nor' could mean F Edi - Nth or F Edi - Nwg. "
        "F Edi now holds; send F Edi - Nth or F Edi - Nwg to move."
    )
    assert "F EDI H" in texts(second.orders) and "F EDI - NTH" not in texts(second.orders)
    # The hold is what is played.
    await play_until(service, info.id, "F1901M")
    fall = await service.history.phase_record(info.id, "S1901M")
    assert {"unit": "F EDI", "type": "hold"}.items() <= fall.orders["ENGLAND"][0].items()


async def test_in_one_message_the_last_line_for_a_unit_stands(service):
    _, england, when = await _england(service)
    result = await service.orders.submit_orders(england, "F Edi - Nth\nF Edi - Nor", when)
    assert "F EDI H" in texts(result.orders)


async def test_a_line_naming_a_unit_it_cannot_order_leaves_the_unit_holding(service):
    _, england, when = await _england(service)
    await service.orders.submit_orders(england, "F Edi - Nth\nA Lvp - Yor", when)
    result = await service.orders.submit_orders(england, "F Edi jumps\nA Lvp - Bel", when)
    unreadable, illegal = result.lines
    assert unreadable.message.endswith("F Edi now holds; send a new order for it to change that.")
    assert illegal.message.endswith("A Lvp now holds; send a new order for it to change that.")
    assert {"F EDI H", "A LVP H"} <= set(texts(result.orders))


async def test_a_line_about_someone_elses_unit_changes_nothing(service):
    _, england, when = await _england(service)
    await service.orders.submit_orders(england, "F Edi - Nth", when)
    result = await service.orders.submit_orders(england, "A Par - Bur\nF Bre - Nor", when)
    assert "F EDI - NTH" in texts(result.orders)
    assert all("now holds" not in (line.message or "") for line in result.lines)


async def test_a_retreat_that_cannot_be_followed_leaves_the_unit_to_be_disbanded(service):
    """In a retreat phase there is no Hold: the earlier retreat gives way and the unit
    disbands, as a dislodged unit with no retreat it can make does (rules/000 §11)."""
    info = await started_game(service)
    await force_position(
        service,
        info.id,
        position(
            "S1901M",
            {"ENGLAND": "F NTH", "GERMANY": "F HEL, F DEN, A HOL"},
            {"ENGLAND": "LON", "GERMANY": "BER HOL DEN"},
        ),
    )
    orders = {"S1901M": {"GERMANY": "F Hel - Nth\nF Den S F Hel - Nth"}}
    at = await play_until(service, info.id, "S1901R", orders)
    england, when = Caller(owner(info, "ENGLAND")), at.deadline_at - timedelta(hours=1)
    # One message: the phase ends as soon as England has ordered its one retreat.
    result = await service.orders.submit_orders(england, "F Nth - Edi\nF Nth - Hel", when)
    assert str(result.lines[0].order) == "F NTH R EDI"
    assert result.lines[1].message.endswith(
        "F Nth now disbands; send a new order for it to change that."
    )
    assert texts(result.orders) == ("F NTH D",)
