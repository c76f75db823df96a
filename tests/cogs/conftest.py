"""Cog tests: the real DipBot, a real service on a SQLite file, the fake Discord.

Time is a `Clock` the test moves forward; the delivery loop runs for real (every
50 ms) and acts on whatever the clock says.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import pytest_asyncio

from bot.client import DipBot
from bot.service import GameService, open_service
from bot.settings import Settings
from tests.conftest import copied_sqlite
from tests.fake_discord import Driver, FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.fake_discord.plugin import time_scale
from tests.fake_discord.rate_limits import TEST_TIME_SCALE

PLAYERS = ("alice", "bob", "carol", "dave", "erin", "frank", "grace")
T0 = datetime(2026, 3, 2, 18, 0, tzinfo=UTC)


class Clock:
    def __init__(self, now: datetime = T0) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


def make_settings(tmp_path: Path) -> Settings:
    return Settings(
        _env_file=None,
        DISCORD_TOKEN="fake-bot-token",
        DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'dipgm.sqlite3'}",
        TICK_SECONDS=0.05,
        HEARTBEAT_FILE=str(tmp_path / "heartbeat"),
    )


def default_fake(clock: Clock, time_scale: float = TEST_TIME_SCALE) -> FakeDiscord:
    """The cog tests' Discord, not started: a test file adds what it needs, then serves
    it with `serving`. Discord stamps messages by the same clock the bot reads; the
    rate limits' windows are scaled down (tests/fake_discord/plugin.py)."""
    fake = FakeDiscord(players=PLAYERS, clock=lambda: clock().timestamp(), time_scale=time_scale)
    fake.add_user("outsider")
    fake.add_user("standby")
    fake.add_channel("second-game")
    return fake


@asynccontextmanager
async def serving(fake: FakeDiscord) -> AsyncIterator[FakeDiscord]:
    await fake.start()
    try:
        yield fake
    finally:
        await fake.close()


@pytest_asyncio.fixture
async def fake(clock: Clock, request: pytest.FixtureRequest) -> AsyncIterator[FakeDiscord]:
    async with serving(default_fake(clock, time_scale(request))) as started:
        yield started


@pytest_asyncio.fixture
async def clock() -> Clock:
    return Clock()


@pytest_asyncio.fixture
async def service(tmp_path: Path, sqlite_template: Path) -> AsyncIterator[GameService]:
    # The settings' database file, copied from one migrated once (tests/conftest.py).
    url = copied_sqlite(sqlite_template, tmp_path)
    assert url == make_settings(tmp_path).database_url
    service = await open_service(url)
    try:
        yield service
    finally:
        await service.store.db.dispose()


@pytest_asyncio.fixture
async def driver(
    fake: FakeDiscord, service: GameService, clock: Clock, tmp_path: Path
) -> AsyncIterator[Driver]:
    bot = DipBot(make_settings(tmp_path), service, clock=clock)
    async with fake.run_bot(bot) as drv:
        yield drv


def channel_posts(driver: Driver) -> list[FakeMessage]:
    """Everything the bot made visible to all in the game channel (not ephemeral)."""
    return [m for m in driver.bot_messages(driver.fake.game_channel) if not m.ephemeral]


def visible_text(message: FakeMessage) -> str:
    parts = [message.content]
    for embed in message.embeds:
        parts += [embed.get("title", ""), embed.get("description", "")]
        parts += [f"{f['name']} {f['value']}" for f in embed.get("fields", [])]
    return "\n".join(parts)


async def create_game(
    driver: Driver, name: str = "Test Game", channel: FakeChannel | None = None, **options
) -> FakeMessage:
    channel = channel or driver.fake.game_channel
    handle = await driver.slash(driver.fake.gm, channel, "game create", {"name": name, **options})
    return await handle.reply()


async def join_all(
    driver: Driver, names: tuple[str, ...] = PLAYERS, channel: FakeChannel | None = None
) -> None:
    for name in names:
        handle = await driver.slash(
            driver.user(name), channel or driver.fake.game_channel, "game join"
        )
        assert "You joined" in (await handle.reply()).content


async def start_game(
    driver: Driver,
    names: tuple[str, ...] = PLAYERS,
    channel: FakeChannel | None = None,
    **options,
) -> dict:
    """Create, join, start; wait for the announcement. Returns {power: FakeUser}."""
    channel = channel or driver.fake.game_channel
    mark = len(driver.world.bot_messages)
    await create_game(driver, channel=channel, **options)
    await join_all(driver, names, channel)
    handle = await driver.slash(driver.fake.gm, channel, "game start")
    assert "has started" in (await handle.reply()).content
    await driver.wait_for_message(lambda m: "has begun" in m.content, channel=channel)
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    by_id = {driver.user(n).id: driver.user(n) for n in names}
    for user in by_id.values():  # every player is told their power
        await driver.wait_for_message(
            lambda m: "You play" in m.content and info.name in m.content,
            channel=driver.dm(user),
            since=mark,
        )
    return {p.power: by_id[p.user_id] for p in info.powers if p.user_id is not None}


ECHO_END = ("Every unit has an order.", "Still without orders:", "nothing to order")


async def dm_orders(driver: Driver, user: FakeUser, text: str) -> str:
    """Send orders by DM and return the bot's whole echo (it may take several messages)."""
    mark = len(driver.world.bot_messages)
    await driver.user_says(user, "dm", text)
    last = await driver.wait_for_message(
        lambda m: any(end in m.content for end in ECHO_END), channel=driver.dm(user), since=mark
    )
    echo = [
        m.content
        for m in driver.bot_messages(driver.dm(user))[-20:]
        if m.id <= last.id and driver.world.bot_messages.index(m) >= mark
    ]
    return "\n".join(echo)


async def rounds_begun_after_now(driver, heartbeats: list[Path]) -> None:
    """Wait until every delivery loop has finished a round begun after this moment: a
    loop touches its heartbeat file at the end of each round, so two touches from now
    on mean the round in progress now (if any) has ended and another has run whole. (A
    file not there yet: no round has ended so far.)"""

    def touched(path: Path) -> int | None:
        return path.stat().st_mtime_ns if path.exists() else None

    start = {p: touched(p) for p in heartbeats}
    touches: dict[Path, set[int]] = {p: set() for p in heartbeats}

    def done() -> bool:
        for path in heartbeats:
            now = touched(path)
            if now is not None and now != start[path]:
                touches[path].add(now)
        return all(len(t) >= 2 for t in touches.values())

    await driver.wait_until(done, what="a whole round of every process", timeout=20)
