"""Issue 32: the delivery loop is not a fixed pause. Here its longest pause is 30 s
(TICK_SECONDS) and the clock runs with real time: a game falling due is played at its
deadline, and what a command queues goes out at once, not at the loop's next look."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import update
from sqlmodel import col

from bot.client import DipBot
from bot.service import GameService
from bot.service.kernel import Caller
from storage.models import GameRow
from tests.cogs.conftest import PLAYERS, T0, default_fake, make_settings, serving
from tests.fake_discord import Driver, FakeDiscord
from tests.fake_discord.plugin import time_scale

LONGEST_PAUSE = 30.0
# Well under the longest pause: what the loop would have waited without waking.
PROMPT = 8.0


class RunningClock:
    """T0, then on with real time (the bot's clock and Discord's)."""

    def __init__(self) -> None:
        self.started = time.monotonic()

    def __call__(self) -> datetime:
        return T0 + timedelta(seconds=time.monotonic() - self.started)


@asynccontextmanager
async def bot_running(
    service: GameService, clock: RunningClock, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[Driver]:
    """The real bot, its longest pause 30 s, against a fake with the players' users."""
    settings = make_settings(tmp_path).model_copy(update={"tick_seconds": LONGEST_PAUSE})
    async with serving(default_fake(clock, time_scale(request))) as fake:
        bot = DipBot(settings, service, clock=clock)
        async with fake.run_bot(bot) as driver:
            yield driver


async def start_a_game(service: GameService, fake: FakeDiscord, clock: RunningClock) -> int:
    """A game of the seven players started through the service; returns its id."""
    guild, channel, gm = fake.guild.id, fake.game_channel.id, fake.gm.id
    info = await service.lobby.create_game(guild, channel, gm, "Wakes", clock())
    for name in PLAYERS:
        await service.lobby.join(info.id, Caller(fake.user(name).id, guild), clock())
    await service.lobby.start(info.id, Caller(gm, guild), clock())
    return info.id


async def test_what_a_command_queues_goes_out_at_once(
    service: GameService, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """The start's post is queued while the loop is in a 30 s pause: it goes out within
    a few seconds (the service nudges the loop once it has committed)."""
    clock = RunningClock()
    async with bot_running(service, clock, tmp_path, request) as driver:
        await driver.wait_until(lambda: driver.bot.delivery.lead.leads, what="the lead")
        await driver.wait_until(lambda: not driver.bot.delivery.in_round, what="a pause")
        await start_a_game(service, driver.fake, clock)
        await driver.wait_for_message(
            lambda m: "has begun" in m.content, channel=driver.fake.game_channel, timeout=PROMPT
        )


async def test_a_game_is_played_at_its_deadline(
    service: GameService, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """A game whose deadline is a few seconds away when the bot starts: the loop's
    first rounds send the start's posts, then it sleeps until the deadline, not 30 s."""
    clock = RunningClock()
    # The fake is made (with its users) before the bot runs, to start the game first.
    fake = default_fake(clock, time_scale(request))
    game_id = await start_a_game(service, fake, clock)
    deadline = clock() + timedelta(seconds=4)
    async with service.store.transaction() as session:
        await session.execute(
            update(GameRow).where(col(GameRow.id) == game_id).values(deadline_at=deadline)
        )
    settings = make_settings(tmp_path).model_copy(update={"tick_seconds": LONGEST_PAUSE})
    async with serving(fake), fake.run_bot(DipBot(settings, service, clock=clock)) as driver:
        channel = fake.game_channel
        await driver.wait_for_message(lambda m: "has begun" in m.content, channel=channel)
        await driver.wait_for_message(
            lambda m: "results of Spring 1901" in m.content,
            channel=channel,
            timeout=PROMPT + 4,
        )
        assert clock() < deadline + timedelta(seconds=PROMPT)
