"""`python -m bot backup PATH` and `python -m bot migrate-to URL` (storage/backup.py).

A backup taken while a game is being played restores to the same game: every phase in
it is the source's phase, and every phase replays to the next one recorded."""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from adjudication.model.rules import Rules
from adjudication.play.phases import adjudicate
from adjudication.variants import STANDARD_GAME
from bot.service import GameService, open_service
from storage.backup import BackupError, backup, migrate_to
from storage.codec import order_from_json, outcome_from_json, position_from_json
from tests.service.conftest import GM, GUILD, started_game
from tests.service.game_player import play_to_the_end

ROOT = Path(__file__).resolve().parents[2]


def sqlite_url(path: Path) -> str:
    return f"sqlite+aiosqlite:///{path}"


def assert_replays(service: GameService, records) -> None:
    """Each played phase, adjudicated again from its stored position and orders, gives
    the next stored position and the stored outcomes."""
    line = [r for r in records if not (r.phase.code.startswith("W") and r.outcomes == ())]
    history: list[dict] = []
    for before, after in itertools.pairwise(line):
        position = position_from_json(before.position)
        orders = [order_from_json(o) for power in before.orders.values() for o in power]
        again = adjudicate(position, orders, STANDARD_GAME, Rules(), list(history))
        assert again.position == position_from_json(after.position), before.phase
        assert list(again.outcomes) == [outcome_from_json(o) for o in before.outcomes]
        if after.phase.code.startswith("S"):
            history.append(dict(position_from_json(after.position).ownership))


async def test_a_backup_during_a_game_restores_the_same_game(
    service: GameService, tmp_path: Path
) -> None:
    info = await started_game(service, seed=3)
    source_url = service.store.db.url.render_as_string(hide_password=False)
    rng = random.Random(1)
    first, _ = await play_to_the_end(service, info.id, rng, max_phases=3)
    copy = tmp_path / "backup.sqlite3"
    # Taken while the game goes on, then the source plays on after it.
    report, (during, _) = await asyncio.gather(
        backup(source_url, copy), play_to_the_end(service, info.id, rng, max_phases=3)
    )
    after, rejected = await play_to_the_end(service, info.id, rng, max_phases=2)
    played = first + during + after
    assert rejected == [] and len(played) == 8
    assert report.rows["games"] == 1 and report.schema is not None

    restored = await open_service(sqlite_url(copy))
    try:
        kept = await restored.history.phase_records(info.id, include_rolled_back=True)
        source = {
            r.id: r for r in await service.history.phase_records(info.id, include_rolled_back=True)
        }
        assert len(kept) >= 3
        # The source played more phases after the copy.
        assert len([r for r in kept if r.outcomes is not None]) < len(played)
        for record in kept:
            if record.outcomes is not None:  # played before the backup: the same record
                assert record == source[record.id], record.phase
            else:  # the phase open at the backup: the same position
                assert record.position == source[record.id].position
        assert_replays(restored, kept)
        # The restored game goes on: its next deadline plays the next phase.
        before = len(await restored.history.phase_codes(info.id, played=True))
        more, _ = await play_to_the_end(restored, info.id, random.Random(2), max_phases=1)
        assert more and len(await restored.history.phase_codes(info.id, played=True)) == before + 1
    finally:
        await restored.store.db.dispose()


async def test_a_backup_never_overwrites(service: GameService, tmp_path: Path) -> None:
    source_url = service.store.db.url.render_as_string(hide_password=False)
    taken = tmp_path / "taken.sqlite3"
    taken.write_text("precious")
    with pytest.raises(BackupError, match="exists already"):
        await backup(source_url, taken)
    assert taken.read_text() == "precious"
    with pytest.raises(BackupError, match="no directory"):
        await backup(source_url, tmp_path / "missing" / "x.sqlite3")
    assert not list(tmp_path.glob("*.partial*"))


async def test_migrate_to_postgresql(tmp_path: Path, postgres_url: str | None) -> None:
    if postgres_url is None:
        pytest.skip("no PostgreSQL: TEST_DATABASE_URL unset and no initdb on PATH")
    source = await open_service(sqlite_url(tmp_path / "old.sqlite3"))
    target_url = await _new_pg_database(postgres_url)
    try:
        info = await started_game(source, seed=5)
        await play_to_the_end(source, info.id, random.Random(4), max_phases=4)
        await source.store.db.dispose()
        report = await migrate_to(sqlite_url(tmp_path / "old.sqlite3"), target_url)
        assert report.rows["games"] == 1 and report.rows["phases"] >= 5

        old = await open_service(sqlite_url(tmp_path / "old.sqlite3"))
        new = await open_service(target_url)
        try:
            assert await new.history.phase_records(info.id) == await old.history.phase_records(
                info.id
            )
            assert await new.lobby.game_info(info.id) == await old.lobby.game_info(info.id)
            # Ids go on after the copied ones (PostgreSQL's sequences were moved).
            from tests.conftest import T0

            other = await new.lobby.create_game(GUILD, 77, GM, "After the move", T0)
            assert other.id > info.id
        finally:
            await old.store.db.dispose()
            await new.store.db.dispose()
        with pytest.raises(BackupError, match="not empty"):
            await migrate_to(sqlite_url(tmp_path / "old.sqlite3"), target_url)
    finally:
        await source.store.db.dispose()
        await _drop_pg_database(postgres_url, target_url)


def _cli(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=tmp_path,
        env={**clean, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


async def test_the_commands_need_no_token(service: GameService, tmp_path: Path) -> None:
    if service.store.db.dialect.name != "sqlite":
        pytest.skip("the command line is the same on PostgreSQL; tested once")
    await started_game(service)
    url = service.store.db.url.render_as_string(hide_password=False)
    done = _cli(tmp_path, "backup", "copy.sqlite3", DATABASE_URL=url)
    assert done.returncode == 0, done.stderr
    assert "1 games" in done.stdout and (tmp_path / "copy.sqlite3").is_file()
    again = _cli(tmp_path, "backup", "copy.sqlite3", DATABASE_URL=url)
    assert again.returncode == 1 and "exists already" in again.stderr

    beat = tmp_path / "heartbeat"
    beat.touch()  # a bot on this database beat a moment ago
    refused = _cli(
        tmp_path,
        "migrate-to",
        sqlite_url(tmp_path / "new.sqlite3"),
        DATABASE_URL=url,
        HEARTBEAT_FILE=str(beat),
    )
    assert refused.returncode == 1 and "stop it first" in refused.stderr
    old = time.time() - 3600
    os.utime(beat, (old, old))
    moved = _cli(
        tmp_path,
        "migrate-to",
        sqlite_url(tmp_path / "new.sqlite3"),
        DATABASE_URL=url,
        HEARTBEAT_FILE=str(beat),
    )
    assert moved.returncode == 0, moved.stderr
    assert "set DATABASE_URL" in moved.stdout


async def _new_pg_database(postgres_url: str) -> str:
    import asyncpg

    name = f"t_{uuid.uuid4().hex[:16]}"
    conn = await asyncpg.connect(postgres_url.replace("postgresql+asyncpg://", "postgresql://"))
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return postgres_url.rsplit("/", 1)[0] + "/" + name


async def _drop_pg_database(postgres_url: str, url: str) -> None:
    import asyncpg

    name = url.rsplit("/", 1)[1]
    conn = await asyncpg.connect(postgres_url.replace("postgresql+asyncpg://", "postgresql://"))
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await conn.close()
