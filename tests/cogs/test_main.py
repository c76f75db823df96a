"""`python -m bot` as a new user meets it: without a token it says how to get one."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_bot(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "HEARTBEAT_FILE")}
    clean["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=tmp_path,  # no .env there
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_without_a_token_it_explains_and_fails(tmp_path: Path) -> None:
    started = time.monotonic()
    result = run_bot(tmp_path)
    assert result.returncode != 0
    assert "DISCORD_TOKEN" in result.stderr
    assert "discord.com/developers/applications" in result.stderr
    assert time.monotonic() - started < 30
    assert not (tmp_path / "data").exists()  # it stopped before touching anything


def test_healthcheck_follows_the_heartbeat(tmp_path: Path) -> None:
    beat = tmp_path / "heartbeat"
    assert run_bot(tmp_path, "healthcheck", HEARTBEAT_FILE=str(beat)).returncode == 1
    beat.touch()
    assert run_bot(tmp_path, "healthcheck", HEARTBEAT_FILE=str(beat)).returncode == 0
    old = time.time() - 3600
    os.utime(beat, (old, old))
    assert run_bot(tmp_path, "healthcheck", HEARTBEAT_FILE=str(beat)).returncode == 1


async def test_run_connects_migrates_and_stops_on_sigterm(tmp_path: Path) -> None:
    """The launcher against the fake Discord: schema migrated, commands registered,
    the delivery loop beating; SIGTERM closes everything and `run` returns."""
    import asyncio
    import signal

    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    from bot.__main__ import run
    from tests.cogs.conftest import make_settings
    from tests.fake_discord import FakeDiscord

    fake = FakeDiscord()
    await fake.start()
    saved = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = fake.base_url
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    settings = make_settings(tmp_path)
    try:
        task = asyncio.create_task(run(settings))
        await fake.world.changes.wait_until(
            lambda: (
                {c["name"] for c in fake.world.global_commands} >= {"game", "orders", "gm"}
                and settings.heartbeat_file.exists()
            ),
            timeout=20,
            what="the bot to register its commands and beat",
        )
        assert (tmp_path / "dipgm.sqlite3").exists()
        os.kill(os.getpid(), signal.SIGTERM)
        await asyncio.wait_for(task, 10)
        assert task.exception() is None
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved
        await fake.close()
