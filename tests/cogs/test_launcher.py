"""The launcher as a server owner meets it: wrong settings named plainly, no voice
warnings, a health check that notices a gateway down for minutes."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from pathlib import Path

import discord
import pytest

from bot.client import DipBot
from bot.health import GatewayWatch, check, gateway_file
from bot.service import GameService
from bot.settings import Settings
from tests.cogs.conftest import Clock, make_settings
from tests.cogs.test_main import run_bot
from tests.fake_discord import FakeDiscord


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"LOG_LEVEL": "verbose"}, "LOG_LEVEL: use one of DEBUG, INFO"),
        ({"TICK_SECONDS": "soon"}, "TICK_SECONDS"),
        ({"DATABASE_URL": "mysql://db/dipgm"}, "DATABASE_URL: dipgm runs on SQLite"),
        ({"SHARD_IDS": "0,1"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "shard ids run from 0 to 1"),
        ({"MAP_PALETTE": "neon"}, "MAP_PALETTE: use one of"),
    ],
)
def test_a_wrong_setting_is_named_without_a_traceback(
    tmp_path: Path, env: dict[str, str], named: str
) -> None:
    result = run_bot(tmp_path, DISCORD_TOKEN="x", **env)
    assert result.returncode == 2
    assert "configuration is invalid" in result.stderr and named in result.stderr
    assert "Traceback" not in result.stderr


def test_log_level_is_read_in_any_case() -> None:
    assert Settings(_env_file=None, LOG_LEVEL="debug").log_level == "DEBUG"


def test_shard_ids_read_lists_and_ranges() -> None:
    settings = Settings(_env_file=None, SHARD_COUNT=8, SHARD_IDS="0-2, 5")
    assert settings.process_shards == (0, 1, 2, 5)


async def test_no_voice_warnings(
    service: GameService, tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch
) -> None:
    """discord.py warns once per process that voice needs PyNaCl and davey; dipgm never
    uses voice, so a server owner should not be told to install them."""
    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True)
    with caplog.at_level(logging.WARNING):
        DipBot(make_settings(tmp_path), service)
    assert "voice will NOT be supported" not in caplog.text


def test_health_follows_the_gateway(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    settings.heartbeat_file.touch()
    now = [1000.0]
    watch = GatewayWatch(settings.heartbeat_file, (0, 1), clock=lambda: now[0])
    # Not connected yet: down since the start, unhealthy only after the grace period.
    assert check(settings, now=1000.0 + 10)[0]
    healthy, why = check(settings, now=1000.0 + settings.gateway_max_down + 1)
    assert not healthy and "gateway disconnected" in why
    watch.connected(0)
    watch.connected(1)
    assert check(settings, now=5000.0)[0]
    now[0] = 6000.0
    watch.disconnected(1)
    now[0] = 6100.0
    watch.disconnected(1)  # a failed reconnection keeps the first moment
    assert json.loads(gateway_file(settings.heartbeat_file).read_text()) == {
        "down_since": {"1": 6000.0}
    }
    assert check(settings, now=6000.0 + settings.gateway_max_down - 1)[0]
    healthy, why = check(settings, now=6000.0 + settings.gateway_max_down + 1)
    assert not healthy and "shard 1" in why
    watch.connected(1)
    assert check(settings, now=9000.0)[0]


def test_health_without_gateway_is_the_heartbeat_alone(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    settings.heartbeat_file.touch()
    GatewayWatch.remove(settings.heartbeat_file)
    assert check(settings)[0]
    assert not check(settings, now=time.time() + settings.healthcheck_max_age + 5)[0]


async def test_the_bot_reports_its_gateway_session(
    fake: FakeDiscord, service: GameService, clock: Clock, tmp_path: Path
) -> None:
    settings = make_settings(tmp_path)
    bot = DipBot(settings, service, clock=clock)
    path = gateway_file(settings.heartbeat_file)
    assert json.loads(path.read_text())["down_since"].keys() == {"0"}  # not yet connected
    async with fake.run_bot(bot):
        assert json.loads(path.read_text()) == {"down_since": {}}
        bot.dispatch("disconnect")
        await _until(lambda: json.loads(path.read_text())["down_since"].keys() == {"0"})
        bot.dispatch("resumed")
        await _until(lambda: json.loads(path.read_text()) == {"down_since": {}})


async def _until(condition, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        await asyncio.sleep(0.01)
