"""Issue 33, "A destroyed unit is not 'held'": a unit dislodged is said to be dislodged,
not to have held, and one that cannot retreat is said to be destroyed, with why."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from adjudication.model.orders import Hold, Move, Support
from adjudication.model.position import Position
from adjudication.model.units import Location, Phase, Unit
from adjudication.play.phases import adjudicate
from adjudication.variants import VARIANTS
from bot.service.kernel import PlayedPhase, channel_next, channel_results, next_step, result_line
from tests.service.book import position as book_position


def _played(variant: str, code: str, units: list[str], orders) -> PlayedPhase:
    board = VARIANTS[variant].board
    position = Position(
        Phase.parse(code), [Unit.parse(*u.split(" ", 1)) for u in units], {}, variant=variant
    )
    result = adjudicate(position, orders, VARIANTS[variant])
    return PlayedPhase(position, tuple(result.outcomes), result.position, board)


def _line(played: PlayedPhase, unit: str) -> str:
    wanted = Unit.parse(*unit.split(" ", 1))
    (line,) = [result_line(o, played) for o in played.outcomes if o.order.unit == wanted]
    return line


def _attack(power: str, attacker: str, backer: str, target: str):
    a, b = Unit.parse(power, attacker), Unit.parse(power, backer)
    return [Move(a, Location(target)), Support(b, a.location, Location(target))]


def test_issue33_a_plane_dislodged_is_destroyed_not_held() -> None:
    played = _played(
        "airplane",
        "S1902M",
        ["GERMANY P MUN", "FRANCE P PAR", "FRANCE A BUR"],
        [*_attack("FRANCE", "P PAR", "A BUR", "MUN"), Hold(Unit.parse("GERMANY", "P MUN"))],
    )
    line = _line(played, "GERMANY P MUN")
    assert line == (
        "P Mun H: dislodged by France's P Par, and destroyed: a plane cannot retreat"
    ), line


def test_issue33_a_unit_with_nowhere_to_retreat_is_destroyed() -> None:
    played = _played(
        "standard",
        "S1901M",
        [
            "GERMANY A MUN",
            "FRANCE A BUR",
            "FRANCE A RUH",
            "AUSTRIA A TYR",
            "AUSTRIA A BOH",
            "RUSSIA A SIL",
            "ITALY A KIE",
            "ITALY A BER",
        ],
        _attack("FRANCE", "A BUR", "A RUH", "MUN"),
    )
    line = _line(played, "GERMANY A MUN")
    assert line == (
        "A Mun H: dislodged by France's A Bur, and destroyed: it had nowhere to retreat"
    ), line


def test_issue33_a_unit_that_may_retreat_is_dislodged_not_held() -> None:
    played = _played(
        "standard",
        "S1901M",
        ["GERMANY A MUN", "FRANCE A BUR", "FRANCE A RUH"],
        [*_attack("FRANCE", "A BUR", "A RUH", "MUN"), Hold(Unit.parse("GERMANY", "A MUN"))],
    )
    assert _line(played, "GERMANY A MUN") == "A Mun H: dislodged by France's A Bur", played


def test_issue33_a_power_no_one_plays_is_listed_without_a_no_orders_notice() -> None:
    """ "Italy · no orders: every unit held" in every One-on-one post for a neutral
    Italy tells nothing: a power no player holds is listed with its centres, marked as
    not played, with no notice, unless something happened to its units."""
    played = _played(
        "one_on_one",
        "S1901M",
        ["ITALY A ROM", "ITALY A VEN", "FRANCE A PAR"],
        [Move(Unit.parse("FRANCE", "A PAR"), Location("BUR"))],
    )
    text = channel_results(played, ["FRANCE", "ITALY"], unheld={"ITALY"})
    assert "**Italy** · 0 centres · not played" in text, text
    assert "every unit held" not in text, text
    assert "A Par - Bur: moved" in text
    # A power someone plays that sent nothing is still told as such.
    assert "every unit held" in channel_results(played, ["FRANCE", "ITALY"])


def test_issue33_build_options_of_several_powers_are_grouped_and_each_waive_named() -> None:
    """A player holding several powers reads which power each option is for, and each
    waive names its power (a bare `Waive` could be read for any of them)."""
    board = VARIANTS["standard"].board
    winter = book_position(
        "W1901A",
        {"ENGLAND": "F NTH", "RUSSIA": "A MOS"},
        {"ENGLAND": "LON EDI", "RUSSIA": "MOS STP WAR"},
    )
    text = next_step(winter, ["ENGLAND", "RUSSIA"], None, False, board)
    england, russia = text.split("Your options: ")[1].split("; ")
    assert england.startswith("England: ") and russia.startswith("Russia: "), text
    assert "`Build F Lon`" in england and "`England waives`" in england, text
    assert "`Build A War`" in russia and "`Russia waives`" in russia, text
    assert "`Waive`" not in text
    # One power alone: as before.
    alone = next_step(winter, ["RUSSIA"], None, False, board)
    assert "`Waive`" in alone and "Russia:" not in alone.split("Your options")[1]


def test_issue33_a_phase_played_at_once_is_not_announced_with_a_deadline() -> None:
    played_at = datetime(2026, 3, 2, 18, 0, tzinfo=UTC)
    retreats = Phase.parse("F1901R")
    at_once = channel_next(retreats, played_at, played_at)
    assert "played at once" in at_once and "<t:" not in at_once, at_once
    later = channel_next(retreats, played_at + timedelta(days=1), played_at)
    assert later.startswith("Next: **Fall 1901 Retreats**, deadline <t:"), later
