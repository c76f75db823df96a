"""The worked examples of the rulebook (rules/000 §9-§12, examples 1-13, and §14.5),
each played through `adjudicate` from a position holding just the units named."""

from __future__ import annotations

from types import ModuleType

import pytest

from adjudication.model.orders import Convoy, Hold, Move, Order, Support
from adjudication.model.outcomes import Outcome
from adjudication.model.position import Position
from adjudication.model.units import Location, Phase, Unit
from adjudication.variants import STANDARD_GAME


@pytest.fixture(scope="module")
def phases() -> ModuleType:
    return pytest.importorskip(
        "adjudication.play.phases",
        reason="needs adjudication.play.movement and adjudication.play.validate (teammates')",
    )


def u(text: str) -> Unit:
    power, _, rest = text.partition(" ")
    return Unit.parse(power, rest)


def move(unit: str, to: str) -> Move:
    return Move(u(unit), Location.parse(to))


def support(unit: str, supported: str, to: str | None = None) -> Support:
    return Support(u(unit), Location.parse(supported), Location.parse(to) if to else None)


def convoy(unit: str, army: str, to: str) -> Convoy:
    return Convoy(u(unit), Location.parse(army), Location.parse(to))


class Played:
    """The result of one movement phase, read by province."""

    def __init__(self, phases: ModuleType, orders: list[Order]) -> None:
        start = Position(Phase.parse("S1901M"), tuple(o.unit for o in orders), {})
        self.result = phases.adjudicate(start, orders, STANDARD_GAME)
        self.by_province: dict[str, Outcome] = {
            o.order.unit.province: o for o in self.result.outcomes
        }

    def moved(self, province: str) -> bool:
        outcome = self.by_province[province]
        assert isinstance(outcome.order, Move)
        return outcome.succeeded

    def dislodged(self) -> set[str]:
        return {str(d.unit) for d in self.result.dislodged}

    def at(self, province: str) -> str | None:
        unit = self.result.position.unit_in(province)
        return None if unit is None else f"{unit.power} {unit}"


def test_example_1_cannot_dislodge_own_unit_but_stands_off(phases: ModuleType) -> None:
    game = Played(
        phases,
        [
            move("ENGLAND F DEN", "KIE"),
            move("ENGLAND F NTH", "DEN"),
            support("ENGLAND F HEL", "NTH", "DEN"),
            move("RUSSIA A BER", "KIE"),
            support("RUSSIA F BAL", "SKA", "DEN"),
            move("RUSSIA F SKA", "DEN"),
        ],
    )
    for province in ("DEN", "NTH", "BER", "SKA"):
        assert not game.moved(province), province
    assert game.dislodged() == set()


def test_example_2_foreign_support_cannot_dislodge_the_supporter(phases: ModuleType) -> None:
    orders: list[Order] = [
        Hold(u("FRANCE A BUR")),
        move("GERMANY A MUN", "BUR"),
        support("GERMANY A KIE", "BOH", "MUN"),
        move("AUSTRIA A BOH", "MUN"),
    ]
    game = Played(phases, orders)
    assert not game.moved("BOH")
    assert game.dislodged() == set()
    # "if Austria had supported its attack on Munich with one of its own units ...
    # the German unit in Munich would have been dislodged".
    game = Played(phases, [*orders, support("AUSTRIA A TYR", "BOH", "MUN")])
    assert game.dislodged() == {"A MUN"}
    assert game.at("MUN") == "AUSTRIA A MUN"


def test_example_3_self_standoff_broken_by_support(phases: ModuleType) -> None:
    orders: list[Order] = [
        move("AUSTRIA A SER", "BUD"),
        move("AUSTRIA A VIE", "BUD"),
        support("RUSSIA A GAL", "SER", "BUD"),
    ]
    game = Played(phases, orders)
    assert game.moved("SER")
    assert not game.moved("VIE")
    # "It would not succeed if there were an Austrian army already in Budapest."
    game = Played(phases, [*orders, Hold(u("AUSTRIA A BUD"))])
    assert not game.moved("SER")


def test_example_4_beleaguered_garrison(phases: ModuleType) -> None:
    game = Played(
        phases,
        [
            Hold(u("AUSTRIA A SER")),
            move("RUSSIA A RUM", "SER"),
            support("RUSSIA A BUD", "RUM", "SER"),
            move("TURKEY A BUL", "SER"),
            support("TURKEY A GRE", "BUL", "SER"),
        ],
    )
    assert game.dislodged() == set()
    assert game.at("SER") == "AUSTRIA A SER"


def test_example_5_dislodged_unit_does_not_stand_off_from_attackers_space(
    phases: ModuleType,
) -> None:
    game = Played(
        phases,
        [
            move("TURKEY A BUL", "RUM"),
            move("RUSSIA A RUM", "BUL"),
            support("RUSSIA A SER", "RUM", "BUL"),
            move("RUSSIA A SEV", "RUM"),
        ],
    )
    assert game.dislodged() == {"A BUL"}
    assert game.moved("RUM") and game.moved("SEV")
    assert game.at("RUM") == "RUSSIA A RUM"
    assert game.at("BUL") == "RUSSIA A BUL"


def test_example_6_even_with_support(phases: ModuleType) -> None:
    game = Played(
        phases,
        [
            move("TURKEY A BUL", "RUM"),
            support("TURKEY F BLA", "BUL", "RUM"),
            move("RUSSIA A RUM", "BUL"),
            support("RUSSIA A GRE", "RUM", "BUL"),
            support("RUSSIA A SER", "RUM", "BUL"),
            move("RUSSIA A SEV", "RUM"),
        ],
    )
    assert game.dislodged() == {"A BUL"}
    assert game.moved("SEV")
    assert game.at("RUM") == "RUSSIA A RUM"


def test_example_7_support_cut_by_attack(phases: ModuleType) -> None:
    game = Played(
        phases,
        [
            move("GERMANY A PRU", "WAR"),
            support("GERMANY A SIL", "PRU", "WAR"),
            Hold(u("RUSSIA A WAR")),
            move("RUSSIA A BOH", "SIL"),
        ],
    )
    assert not game.moved("PRU")
    assert game.dislodged() == set()


def test_example_8_support_not_cut_from_the_space_supported_into(phases: ModuleType) -> None:
    game = Played(
        phases,
        [
            move("GERMANY A PRU", "WAR"),
            support("GERMANY A SIL", "PRU", "WAR"),
            move("RUSSIA A WAR", "SIL"),
        ],
    )
    assert game.moved("PRU")
    assert game.dislodged() == {"A WAR"}


def test_example_9_dislodged_supporter_is_cut(phases: ModuleType) -> None:
    game = Played(
        phases,
        [
            move("GERMANY A BER", "PRU"),
            support("GERMANY A SIL", "BER", "PRU"),
            move("RUSSIA A PRU", "SIL"),
            support("RUSSIA A WAR", "PRU", "SIL"),
            move("RUSSIA F BAL", "PRU"),
        ],
    )
    assert game.dislodged() == {"A SIL"}
    assert game.at("SIL") == "RUSSIA A SIL"
    assert not game.moved("BER") and not game.moved("BAL")
    assert game.at("PRU") is None


def test_example_10_dislodged_unit_still_cuts_support(phases: ModuleType) -> None:
    game = Played(
        phases,
        [
            Hold(u("GERMANY A BER")),
            move("GERMANY A MUN", "SIL"),
            move("RUSSIA A PRU", "BER"),
            support("RUSSIA A SIL", "PRU", "BER"),
            move("RUSSIA A BOH", "MUN"),
            support("RUSSIA A TYR", "BOH", "MUN"),
        ],
    )
    assert game.dislodged() == {"A MUN"}
    assert not game.moved("PRU")
    assert game.at("BER") == "GERMANY A BER"


def test_example_11_dislodged_convoying_fleet_disrupts_the_convoy(phases: ModuleType) -> None:
    game = Played(
        phases,
        [
            move("FRANCE A SPA", "NAP"),
            convoy("FRANCE F LYO", "SPA", "NAP"),
            convoy("FRANCE F TYS", "SPA", "NAP"),
            move("ITALY F ION", "TYS"),
            support("ITALY F TUN", "ION", "TYS"),
        ],
    )
    assert game.dislodged() == {"F TYS"}
    assert not game.moved("SPA")
    assert game.at("SPA") == "FRANCE A SPA"


def test_example_12_one_of_two_routes_suffices(phases: ModuleType) -> None:
    game = Played(
        phases,
        [
            move("ENGLAND A LON", "BEL"),
            convoy("ENGLAND F ENG", "LON", "BEL"),
            convoy("ENGLAND F NTH", "LON", "BEL"),
            move("FRANCE F BRE", "ENG"),
            support("FRANCE F IRI", "BRE", "ENG"),
        ],
    )
    assert game.dislodged() == {"F ENG"}
    assert game.moved("LON")
    assert game.at("BEL") == "ENGLAND A BEL"


def test_example_13_convoyed_attack_does_not_cut_support_against_its_convoy(
    phases: ModuleType,
) -> None:
    # The text lost Italy's F Nap S F Ion-Tyr, which its explanation discusses ("the
    # support of the fleet in Naples"); it is restored here as in the printed rules.
    game = Played(
        phases,
        [
            move("FRANCE A SPA", "NAP"),
            convoy("FRANCE F LYO", "SPA", "NAP"),
            convoy("FRANCE F TYS", "SPA", "NAP"),
            move("ITALY F ION", "TYS"),
            support("ITALY F NAP", "ION", "TYS"),
        ],
    )
    assert game.dislodged() == {"F TYS"}
    assert game.by_province["NAP"].succeeded
    assert not game.moved("SPA")
    assert game.at("NAP") == "ITALY F NAP"


def test_14_5_rotation_of_three_units(phases: ModuleType) -> None:
    game = Played(
        phases,
        [
            move("ENGLAND A HOL", "BEL"),
            move("ENGLAND F BEL", "NTH"),
            move("ENGLAND F NTH", "HOL"),
        ],
    )
    assert game.moved("HOL") and game.moved("BEL") and game.moved("NTH")


def test_14_5_exchange_when_one_is_convoyed(phases: ModuleType) -> None:
    game = Played(
        phases,
        [
            move("ENGLAND A LON", "BEL"),
            convoy("ENGLAND F NTH", "LON", "BEL"),
            move("FRANCE A BEL", "LON"),
            convoy("FRANCE F ENG", "BEL", "LON"),
        ],
    )
    assert game.at("BEL") == "ENGLAND A BEL"
    assert game.at("LON") == "FRANCE A LON"
