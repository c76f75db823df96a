"""`/game export` carries the game's variant and rule options (docs/VARIANTS.md,
"Exported games"), so `python -m adjudication replay` plays a World War I game as World
War I; the coin's seed only once the toss is public (made, or the game over)."""

from __future__ import annotations

import random
from pathlib import Path

from adjudication.io.serialize import rules_from_options
from adjudication.replay import matches_expected, replay_record
from bot.service import GameService
from bot.service.kernel import Caller
from storage.models import GameRow
from tests.conftest import T0
from tests.service.conftest import GM, GUILD, PLAYERS, started_game
from tests.service.export_replay import assert_export_replays
from tests.service.game_player import play_to_the_end


async def _rules(service: GameService, game_id: int):
    async with service.store.transaction() as session:
        return service.store.settings(await session.get(GameRow, game_id)).rules


async def test_a_world_war_i_export_replays_as_world_war_i(
    service: GameService, tmp_path: Path
) -> None:
    info = await started_game(service, PLAYERS[:2], seed=3)
    played, _ = await play_to_the_end(service, info.id, random.Random(4), max_phases=6)
    assert "F1914M" in played and played[-1][1:5] == "1915", played  # past the toss
    lines = await service.history.export_lines(info.id)
    assert {line["variant"] for line in lines} == {"world_war_i"}
    rules = await _rules(service, info.id)
    assert rules.toss_seed != 0
    # The toss is public once made: the options are the game's, its seed included.
    assert all(rules_from_options(line["options"]) == rules for line in lines)
    assert_export_replays(lines, tmp_path / "wwi.jsonl")


async def test_the_toss_seed_is_exported_only_once_the_toss_is_public(
    service: GameService,
) -> None:
    info = await started_game(service, PLAYERS[:2], seed=3)
    await play_to_the_end(service, info.id, random.Random(4), max_phases=1)
    rules = await _rules(service, info.id)
    (line,) = await service.history.export_lines(info.id)
    assert line["variant"] == "world_war_i" and line["options"]["grouping"] == "2"
    # Spring 1914 played, the coin still to come: whoever reads the export (the GM, at
    # any time) must not learn which side it will favour.
    assert "toss_seed" not in line["options"]
    assert matches_expected(line, replay_record(line)) is True
    # After the end nothing is left to hide.
    await service.endings.gm_end_game(info.id, Caller(GM, GUILD), T0, draw=True)
    (line,) = await service.history.export_lines(info.id)
    assert line["options"]["toss_seed"] == rules.toss_seed


async def test_a_standard_export_names_the_standard_game_and_its_options(
    service: GameService,
) -> None:
    info = await started_game(service)
    await play_to_the_end(service, info.id, random.Random(1), max_phases=1)
    (line,) = await service.history.export_lines(info.id)
    assert line["variant"] == "standard"
    assert rules_from_options(line["options"]) == await _rules(service, info.id)
