"""Phases in what the service returns are the engine's `Phase` (issue 17), and a phase a
user names (`/game history phase:`, `/game map phase:`) is read once into one: the
variants' own calendars read as the rules documents name them."""

from __future__ import annotations

import pytest

from adjudication.model.units import Phase
from bot.service.kernel import GameSettings, NotFound, PhasePlay, VariantName, read_phase_name
from bot.service.records import GameLookups
from tests.service.conftest import PLAYERS, started_game


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("S1901M", PhasePlay(Phase.parse("S1901M"))),
        (" s1901m ", PhasePlay(Phase.parse("S1901M"))),
        ("F1901M/2", PhasePlay(Phase.parse("F1901M"), 2)),
        ("f1901r/1", PhasePlay(Phase.parse("F1901R"), 1)),
        ("F1901M/", PhasePlay(Phase.parse("F1901M"))),
        ("W1900A", PhasePlay(Phase.parse("W1900A"))),
    ],
)
def test_a_phase_named_by_its_code_or_its_play_is_read_once(text, named):
    assert read_phase_name(text) == named


@pytest.mark.parametrize(
    "text", ["X1901M", "S1901A", "W1901M", "S1901M/0", "S1901M/x", "S1901M/123456", "", "/2"]
)
def test_a_text_naming_no_phase_reads_as_none(text):
    assert read_phase_name(text) is None


async def test_rules004_spy_and_kriegsplomacy_games_open_in_winter_1900(service):
    """rules/004: "The game starts in Winter 1900" (Kriegsplomacy), the spies placed
    before Spring 1901 (Spy): the game's phase reads as that Winter."""
    for variant in (VariantName.SPY, VariantName.KRIEGSPLOMACY):
        settings = GameSettings(variant=variant)
        info = await started_game(service, settings=settings, channel=100 + len(variant))
        assert info.phase == Phase.parse("W1900A")
        assert info.phase.title == "Winter 1900 Adjustments"


async def test_rules000_world_war_i_begins_in_spring_1914(service):
    """rules/000 §14.2, World War I: two players, the game begins in 1914."""
    info = await started_game(
        service, PLAYERS[:2], settings=GameSettings(variant=VariantName.WORLD_WAR_I)
    )
    assert info.phase is not None and info.phase.year == 1914
    assert info.phase.title == "Spring 1914"
    record = await service.history.phase_record(info.id, "s1914m")
    assert record is not None and record.phase == info.phase


async def test_a_phase_named_that_no_game_has_is_not_found_with_the_phases_so_far(service):
    info = await started_game(service)
    lookups = GameLookups(service)
    for text in ("X1901M", "S1901M/0", "S1901M/x", "F1901M"):
        with pytest.raises(NotFound) as refused:
            await lookups.find_record(info.id, text)
        assert str(refused.value) == f"No phase {text.upper()} in this game. Phases so far: S1901M."
    with pytest.raises(NotFound, match="no game number"):
        await service.history.phase_record(info.id + 100, "X1901M")
