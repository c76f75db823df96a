"""A game exported as interchange lines replays, phase by phase, to what it recorded
(rules/004 asks the GM to keep the record; interop/PHASES.md is how others read it)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

from adjudication.replay import matches_expected, replay_record
from bot.service import GameService
from bot.service.kernel import Caller
from tests.service.conftest import started_game
from tests.service.game_player import play_to_the_end

ROOT = Path(__file__).resolve().parents[2]


async def test_every_exported_phase_replays_to_what_the_game_recorded(
    service: GameService,
) -> None:
    info = await started_game(service, seed=11)
    played, rejected = await play_to_the_end(service, info.id, random.Random(5), max_phases=14)
    assert rejected == [] and len(played) == 14
    kinds = {code[-1] for code in played}
    assert kinds == {"M", "R", "A"}, played  # every kind of phase is in the export

    lines = await service.history.export_lines(info.id)
    # Every phase played, Winters with nothing to adjust included (they are kept).
    assert [line["phase"] for line in lines] == list(
        await service.history.phase_codes(info.id, played=True)
    )
    for line in lines:
        assert matches_expected(line, replay_record(line)) is True, line["phase"]

    # Each phase's orders as written: the lines the players sent that became orders.
    first = lines[0]
    assert set(first["written"]) <= set(first["orders"])
    assert all(first["written"][p] for p in first["written"])


async def test_the_phase_in_play_is_never_exported(service: GameService) -> None:
    info = await started_game(service)
    france = next(p for p in info.powers if p.power == "FRANCE")
    await service.orders.submit_orders(
        Caller(france.user_id), "A Par - Bur", info.deadline_at - timedelta(hours=1)
    )
    assert await service.history.export_lines(info.id) == []


async def test_python_m_adjudication_replay_reads_an_export_back(
    service: GameService, tmp_path: Path
) -> None:
    info = await started_game(service, seed=2)
    played, _ = await play_to_the_end(service, info.id, random.Random(9), max_phases=5)
    export = tmp_path / "game.jsonl"
    export.write_text(
        "".join(json.dumps(line) + "\n" for line in await service.history.export_lines(info.id))
    )
    done = subprocess.run(
        [sys.executable, "-m", "adjudication", "replay", "--compare", str(export)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    phases = len(await service.history.phase_codes(info.id, played=True))
    assert phases >= len(played)
    assert f"agreement: {phases}/{phases} phases identical" in done.stderr
