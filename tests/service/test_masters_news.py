"""The Masters Rules' outcomes in words (docs/VARIANTS.md M26), from phases the engine
plays: a Great Power in civil disorder told what others wrote for its units, and
disarmament beyond the removals owed."""

from __future__ import annotations

from adjudication.maps import STANDARD
from adjudication.model.orders import Disband, Move
from adjudication.model.units import Location
from adjudication.variants.masters.written import Written
from bot.service.kernel import PlayedPhase
from bot.service.variants.masters import (
    masters_results,
    own_masters_news,
    written_for,
    written_record,
)
from tests.adjudication.masters.test_examples import ALL_SIX, play, position, unit

SPRING = position(
    "S1902M",
    {"ENGLAND": "F LON,A LVP", "FRANCE": "A PAR,F BRE", "GERMANY": "A MUN"},
    {"ENGLAND": "LON LVP EDI", "FRANCE": "PAR BRE MAR", "GERMANY": "MUN BER KIE"},
)


def _played(before, lines, **kw) -> tuple[PlayedPhase, tuple]:
    result = play(before, lines, ALL_SIX, **kw)
    played = PlayedPhase(
        before, result.adjudication.outcomes, result.adjudication.position, STANDARD
    )
    return played, written_record(result.written)


def test_rules003_mr2_a_power_in_disorder_is_told_the_orders_written_for_its_units() -> None:
    to_nth = Move(unit("ENGLAND", "F LON"), Location("NTH"))
    played, record = _played(SPRING, [Written(to_nth, "FRANCE")], disorder=("ENGLAND",))
    england = own_masters_news(played, ["ENGLAND"], written_for(record, ["ENGLAND"]))
    assert "Orders others wrote for your units while you were in civil disorder:" in england
    assert "• England F Lon - Nth: written by France; followed" in england, england
    france = own_masters_news(played, ["FRANCE"], written_for(record, ["FRANCE"]))
    assert "England F Lon - Nth: followed: moved." in france, france
    germany = written_for(record, ["GERMANY"])
    assert germany == ()  # nothing of it is Germany's
    channel = masters_results(played, record, STANDARD.powers)
    assert "England F Lon - Nth: written by France; followed" in channel, channel


WINTER = position(
    "W1902A",
    {"ENGLAND": "F LON,A LVP,F EDI", "FRANCE": "A PAR"},
    {"ENGLAND": "LON LVP", "FRANCE": "PAR BRE"},
)


def test_rules003_mr5_disbands_beyond_the_removal_owed_are_told_as_disarmament() -> None:
    lines = [
        Written(Disband(unit("ENGLAND", "A LVP")), "ENGLAND"),
        Written(Disband(unit("ENGLAND", "F EDI")), "ENGLAND"),
    ]
    played, record = _played(WINTER, lines, winter_history=[WINTER.ownership])
    said = "England disbanded A Lvp and F Edi: 1 removal owed, 1 more by disarmament"
    assert said in masters_results(played, record, STANDARD.powers)
    mine = own_masters_news(played, ["ENGLAND"], written_for(record, ["ENGLAND"]))
    assert "You disbanded A Lvp and F Edi: 1 removal owed" in mine, mine
