"""The retreat phase (rules/000 §11, DATC 6.H) on hand-built retreat positions.

Where each unit may retreat is the movement resolver's work; here the allowed
locations are written out as the rules give them, and we check what the retreat
orders do with them, played as a phase is (`adjudicate`: validation, default
orders, the retreats).
"""

from __future__ import annotations

from adjudication.model.orders import Convoy, Disband, Move, Retreat, Support
from adjudication.model.outcomes import Reason
from adjudication.model.position import Dislodgement, Position
from adjudication.model.result import Adjudication
from adjudication.model.units import Location, Phase, Unit
from adjudication.play.phases import adjudicate


def unit(text: str) -> Unit:
    power, _, rest = text.partition(" ")
    return Unit.parse(power, rest)


def dislodged(text: str, attacker_from: str, retreats: str) -> Dislodgement:
    return Dislodgement(
        unit(text), attacker_from, tuple(Location.parse(r) for r in retreats.split())
    )


def retreat_phase(units: list[str], gone: list[Dislodgement]) -> Position:
    return Position(Phase.parse("F1901R"), tuple(unit(u) for u in units), {}, tuple(gone))


def retreat(text: str, to: str) -> Retreat:
    return Retreat(unit(text), Location.parse(to))


def play(position: Position, orders: list) -> Adjudication:
    return adjudicate(position, orders)


def test_retreat_moves_the_unit() -> None:
    position = retreat_phase(["TURKEY A BUL"], [dislodged("RUSSIA A RUM", "BUL", "GAL UKR")])
    result = play(position, [retreat("RUSSIA A RUM", "UKR")])
    assert [(o.succeeded, o.reason) for o in result.outcomes] == [(True, None)]
    assert result.position.units == (unit("RUSSIA A UKR"), unit("TURKEY A BUL"))


def test_unordered_dislodged_unit_is_disbanded() -> None:
    position = retreat_phase([], [dislodged("RUSSIA A RUM", "BUL", "GAL UKR")])
    result = play(position, [])
    (outcome,) = result.outcomes
    assert outcome.order == Disband(unit("RUSSIA A RUM"))
    assert outcome.reason is Reason.UNORDERED
    assert result.position.units == ()


def test_ordered_disband_succeeds_even_with_somewhere_to_go() -> None:
    position = retreat_phase([], [dislodged("RUSSIA A RUM", "BUL", "GAL UKR")])
    result = play(position, [Disband(unit("RUSSIA A RUM"))])
    assert [(o.succeeded, o.reason) for o in result.outcomes] == [(True, None)]
    assert result.position.units == ()


def test_6h1_supports_are_not_allowed_and_both_fleets_bounce() -> None:
    position = retreat_phase(
        ["AUSTRIA A SER", "ITALY A TRI", "ITALY A VEN", "ITALY F GRE", "ITALY F AEG"],
        [
            dislodged("AUSTRIA F TRI", "TYR", "ADR ALB"),
            dislodged("TURKEY F GRE", "ION", "ALB BUL/SC"),
        ],
    )
    orders = [
        retreat("AUSTRIA F TRI", "ALB"),
        Support(unit("AUSTRIA A SER"), Location("TRI"), Location("ALB")),
        retreat("TURKEY F GRE", "ALB"),
    ]
    result = play(position, orders)
    by_order = {o.order: o for o in result.outcomes}
    assert by_order[orders[0]].reason is Reason.RETREAT_BOUNCED
    assert by_order[orders[2]].reason is Reason.RETREAT_BOUNCED
    assert by_order[orders[1]].reason is Reason.ILLEGAL
    assert not any(u.province == "ALB" for u in result.position.units)
    assert unit("AUSTRIA A SER") in result.position.units


def test_6h2_a_retreating_unit_cannot_support() -> None:
    position = retreat_phase(
        [],
        [
            dislodged("ENGLAND F NWY", "FIN", "NTH NWG SKA"),
            dislodged("RUSSIA F EDI", "LVP", "NTH NWG CLY"),
            dislodged("RUSSIA F HOL", "RUH", "NTH HEL BEL"),
        ],
    )
    support = Support(unit("RUSSIA F HOL"), Location("EDI"), Location("NTH"))
    orders = [retreat("ENGLAND F NWY", "NTH"), retreat("RUSSIA F EDI", "NTH"), support]
    result = play(position, orders)
    reasons = {o.order: o.reason for o in result.outcomes}
    assert reasons == {
        orders[0]: Reason.RETREAT_BOUNCED,
        orders[1]: Reason.RETREAT_BOUNCED,
        support: Reason.ILLEGAL,  # Holland's only order; it is disbanded, not defaulted
    }
    assert result.position.units == ()


def test_6h3_no_convoy_during_retreat() -> None:
    position = retreat_phase(["ENGLAND F NTH"], [dislodged("ENGLAND A HOL", "RUH", "BEL")])
    orders = [
        retreat("ENGLAND A HOL", "YOR"),
        Convoy(unit("ENGLAND F NTH"), Location("HOL"), Location("YOR")),
    ]
    result = play(position, orders)
    assert [o.reason for o in result.outcomes] == [Reason.ILLEGAL, Reason.ILLEGAL]
    assert result.position.units == (unit("ENGLAND F NTH"),)


def test_6h4_no_other_moves_during_retreat() -> None:
    position = retreat_phase(["ENGLAND F NTH"], [dislodged("ENGLAND A HOL", "RUH", "BEL")])
    move = Move(unit("ENGLAND F NTH"), Location("NWG"))
    result = play(position, [retreat("ENGLAND A HOL", "BEL"), move])
    reasons = {o.order: (o.succeeded, o.reason) for o in result.outcomes}
    assert reasons[move] == (False, Reason.ILLEGAL)
    assert result.position.units == (unit("ENGLAND A BEL"), unit("ENGLAND F NTH"))


def test_6h7_two_retreats_to_one_space_disband_both() -> None:
    position = retreat_phase(
        ["AUSTRIA A VIE", "GERMANY A BOH"],
        [dislodged("ITALY A VIE", "TRI", "GAL TYR"), dislodged("ITALY A BOH", "SIL", "GAL TYR")],
    )
    result = play(position, [retreat("ITALY A BOH", "TYR"), retreat("ITALY A VIE", "TYR")])
    assert [o.reason for o in result.outcomes] == [Reason.RETREAT_BOUNCED] * 2
    assert result.position.units == (unit("AUSTRIA A VIE"), unit("GERMANY A BOH"))


def test_6h8_three_retreats_to_one_space_disband_all() -> None:
    position = retreat_phase(
        [],
        [
            dislodged("ENGLAND F NWY", "FIN", "NTH"),
            dislodged("RUSSIA F EDI", "LVP", "NTH"),
            dislodged("RUSSIA F HOL", "RUH", "NTH"),
        ],
    )
    orders = [retreat(u, "NTH") for u in ("ENGLAND F NWY", "RUSSIA F EDI", "RUSSIA F HOL")]
    result = play(position, orders)
    assert [o.reason for o in result.outcomes] == [Reason.RETREAT_BOUNCED] * 3
    assert result.position.units == ()


def test_6h10_an_illegal_retreat_bounces_nobody() -> None:
    position = retreat_phase(
        ["GERMANY A KIE", "RUSSIA A PRU"],
        [
            dislodged("ENGLAND A KIE", "BER", "DEN HOL RUH"),
            dislodged("GERMANY A PRU", "WAR", "BER LVN"),
        ],
    )
    orders = [retreat("ENGLAND A KIE", "BER"), retreat("GERMANY A PRU", "BER")]
    result = play(position, orders)
    assert [(o.succeeded, o.reason) for o in result.outcomes] == [
        (False, Reason.ILLEGAL),
        (True, None),
    ]
    assert unit("GERMANY A BER") in result.position.units
    assert not any(u.power == "ENGLAND" for u in result.position.units)


def test_6h14_support_from_movement_phase_does_not_help() -> None:
    position = retreat_phase(
        ["FRANCE A PIC", "GERMANY A BUR", "ENGLAND F ENG"],
        [dislodged("ENGLAND A PIC", "PAR", "BEL"), dislodged("FRANCE A BUR", "MAR", "BEL GAS")],
    )
    orders = [retreat("ENGLAND A PIC", "BEL"), retreat("FRANCE A BUR", "BEL")]
    result = play(position, orders)
    assert [o.reason for o in result.outcomes] == [Reason.RETREAT_BOUNCED] * 2
    assert not any(u.province == "BEL" for u in result.position.units)


def test_bounce_counts_provinces_not_coasts() -> None:
    position = retreat_phase(
        [],
        [dislodged("FRANCE F MAO", "NAO", "SPA/NC"), dislodged("ITALY F WES", "TYS", "SPA/SC")],
    )
    orders = [retreat("FRANCE F MAO", "SPA/NC"), retreat("ITALY F WES", "SPA/SC")]
    result = play(position, orders)
    assert [o.reason for o in result.outcomes] == [Reason.RETREAT_BOUNCED] * 2


def test_one_ordered_retreat_beats_an_unordered_rival() -> None:
    # rules/000 §11.2: all are disbanded only when two are *ordered* to the space.
    position = retreat_phase(
        [], [dislodged("ITALY A VIE", "TRI", "TYR"), dislodged("ITALY A BOH", "SIL", "TYR")]
    )
    result = play(position, [retreat("ITALY A VIE", "TYR")])
    assert result.position.units == (unit("ITALY A TYR"),)
    reasons = sorted(str(o.reason) for o in result.outcomes)
    assert reasons == ["None", "unordered"]


def test_coast_may_be_left_out_when_only_one_is_allowed() -> None:
    position = retreat_phase([], [dislodged("RUSSIA F BOT", "BAL", "FIN STP/SC")])
    result = play(position, [retreat("RUSSIA F BOT", "STP")])
    assert result.position.units == (unit("RUSSIA F STP/SC"),)


def test_of_two_orders_for_one_unit_the_last_stands() -> None:
    # As in every phase (docs/RULES.md: several orders for one unit).
    position = retreat_phase([], [dislodged("RUSSIA A RUM", "BUL", "GAL UKR")])
    orders = [retreat("RUSSIA A RUM", "GAL"), retreat("RUSSIA A RUM", "UKR")]
    result = play(position, orders)
    reasons = {o.order: (o.succeeded, o.reason) for o in result.outcomes}
    assert reasons == {orders[0]: (False, Reason.ILLEGAL), orders[1]: (True, None)}
    assert result.position.units == (unit("RUSSIA A UKR"),)
