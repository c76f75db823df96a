"""Scheduler-only (`python -m bot --no-gateway`, `GATEWAY=false`): adjudicates and
delivers over REST, never opening a gateway session."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.__main__ import main, run
from bot.client import DipBot
from bot.health import gateway_file
from bot.service import GameService
from tests.cogs.conftest import Clock, dm_orders, make_settings, start_game
from tests.fake_discord import FakeDiscord
from tests.fake_discord.rate_limits import TEST_TIME_SCALE
from tests.fake_discord.shards import run_without_gateway


async def test_the_launcher_without_gateway_opens_no_session(tmp_path: Path) -> None:
    fake = FakeDiscord(time_scale=TEST_TIME_SCALE)
    await fake.start()
    saved = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = fake.base_url
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    settings = make_settings(tmp_path).model_copy(update={"gateway": False})
    try:
        task = asyncio.create_task(run(settings))
        await fake.world.changes.wait_until(
            lambda: fake.world.global_commands and settings.heartbeat_file.exists(),
            timeout=20,
            what="the scheduler to register the commands and beat",
        )
        await asyncio.sleep(0.3)  # several rounds of the loop
        assert fake.gateway.session is None and not fake.gateway.shards.by_id
        assert not gateway_file(settings.heartbeat_file).exists()
        os.kill(os.getpid(), signal.SIGTERM)
        await asyncio.wait_for(task, 10)
        assert task.exception() is None
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved
        await fake.close()


def test_the_flag_sets_the_setting(monkeypatch, tmp_path: Path) -> None:
    """`--no-gateway` reaches `run` as GATEWAY=false (a token is needed, as for a bot)."""
    seen = []

    async def fake_run(settings) -> None:
        seen.append(settings.gateway)

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setattr("bot.__main__.run", fake_run)
    assert main(["--no-gateway"]) == 0
    monkeypatch.setenv("GATEWAY", "false")
    assert main([]) == 0
    monkeypatch.setenv("GATEWAY", "true")
    assert main([]) == 0
    assert seen == [False, False, True]


async def test_a_scheduler_alone_delivers_everything(
    fake: FakeDiscord, service: GameService, clock: Clock, tmp_path: Path
) -> None:
    """The gateway process takes the commands and DMs but delivers nothing; the
    scheduler-only process, on the same database, plays the phase and sends every post
    and DM over REST."""
    gateway_settings = make_settings(tmp_path / "gateway")
    (tmp_path / "gateway").mkdir()
    front = DipBot(gateway_settings, service, clock=clock, run_delivery=False)
    back_service = await _second_service(service)
    back_settings = make_settings(tmp_path).model_copy(
        update={"gateway": False, "heartbeat_file": tmp_path / "back" / "heartbeat"}
    )
    back = DipBot(back_settings, back_service, clock=clock)
    try:
        async with fake.run_bot(front) as driver, run_without_gateway(fake, back):
            powers = await start_game(driver)  # "has begun" and every "You play" DM
            echo = await dm_orders(driver, powers["FRANCE"], "A Par - Bur")
            assert "A Par - Bur" in echo
            mark = len(fake.world.bot_messages)
            clock.advance(hours=100)
            await driver.wait_for_message(
                lambda m: "Next: **Fall 1901**" in m.content,
                channel=fake.game_channel,
                since=mark,
                timeout=10,
            )
            await driver.wait_for_message(
                lambda m: "Fall 1901" in m.content, channel=driver.dm(powers["FRANCE"]), since=mark
            )
    finally:
        await back_service.store.db.dispose()


async def _second_service(service: GameService) -> GameService:
    """Another service (its own engine) on the same database, as another process has."""
    from bot.service import open_service

    return await open_service(service.store.db.url.render_as_string(hide_password=False))
