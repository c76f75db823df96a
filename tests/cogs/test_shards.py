"""Several bot processes on one PostgreSQL, against the fake Discord.

Two gateway processes with different shard ids (2 shards in all) and one scheduler-only
process (no gateway session) share one database, each with its own engine and its own
delivery loop, as three processes would (they run in one test process: the fake serves
one bot token on one port). Discord sends each guild's events to the shard of the
guild and every DM to shard 0 only; the fake does the same (tests/fake_discord/shards.py).
What must hold: every DM order answered once (by the process holding shard 0), every
phase adjudicated once, every outbox event delivered once — whoever delivers it.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from pathlib import Path

import discord
import pytest
from sqlalchemy import select

from adjudication.maps import STANDARD
from adjudication.model.orders import Hold
from adjudication.model.position import Position
from adjudication.text.notation import format_order
from adjudication.variants import STANDARD_GAME
from bot.client import DipBot, ShardedDipBot, make_bot
from bot.health import gateway_file
from bot.service import open_service
from bot.settings import Settings
from storage.models import OutboxRow
from tests.cogs.conftest import ECHO_END, Clock, rounds_begun_after_now, start_game
from tests.fake_discord import FakeDiscord, FakeGuild
from tests.fake_discord.rate_limits import TEST_TIME_SCALE
from tests.fake_discord.shards import run_without_gateway, shard_for_guild

FIRST = ("alice", "bob", "carol", "dave", "erin", "frank", "grace")
SECOND = ("hank", "iris", "jack", "kate", "liam", "mona", "nick")


def settings(url: str, home: Path, **env) -> Settings:
    home.mkdir(parents=True, exist_ok=True)
    return Settings(
        _env_file=None,
        DISCORD_TOKEN="fake-bot-token",
        DATABASE_URL=url,
        TICK_SECONDS=0.05,
        HEARTBEAT_FILE=str(home / "heartbeat"),
        **env,
    )


def hold_everything(power: str) -> str:
    position = Position.initial(STANDARD_GAME)
    return "\n".join(format_order(Hold(u), STANDARD) for u in position.units_of(power))


def world_on_two_shards(fake: FakeDiscord, clock: Clock) -> tuple[FakeGuild, FakeGuild]:
    """The default guild and another on the other of two shards: a guild's shard comes
    from the millisecond in its id, so the second is made a millisecond later."""
    clock.advance(milliseconds=1)
    other = fake.add_guild("Second")
    assert shard_for_guild(other.id, 2) != shard_for_guild(fake.guild.id, 2)
    return fake.guild, other


def listen_for_dms(bot: discord.Client) -> Counter:
    """How many DMs from each user `bot`'s gateway session delivered to it."""
    heard: Counter = Counter()

    async def on_message(message: discord.Message) -> None:
        if message.guild is None and not message.author.bot:
            heard[message.author.id] += 1

    bot.add_listener(on_message)
    return heard


def guild_of(bot: discord.Client) -> int:
    (guild,) = bot.guilds
    return guild.id


async def after_what_came_before(driver, guilds: dict[discord.Client, int]) -> None:
    """Send each bot an event of its own guild (a channel's permissions touched) and
    wait until it has handled it: a gateway session hands its events over in order."""
    seen: set[discord.Client] = set()
    for bot, guild_id in guilds.items():

        async def on_guild_channel_update(before, after, bot=bot, guild_id=guild_id) -> None:
            if after.guild.id == guild_id:
                seen.add(bot)

        bot.add_listener(on_guild_channel_update)
        guild = driver.world.guilds[guild_id]
        await driver.set_overwrite(guild.general, guild, deny=0)
    await driver.wait_until(lambda: seen == set(guilds), what="every session caught up")


async def all_delivered(service) -> bool:
    async with service.store.transaction() as session:
        rows = (await session.execute(select(OutboxRow))).scalars().all()
    return bool(rows) and all(r.delivered_at is not None for r in rows)


def test_settings_pick_the_bot_class(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'x.sqlite3'}"
    assert settings(url, tmp_path, SHARD_COUNT=4, SHARD_IDS="0-2").process_shards == (0, 1, 2)
    assert settings(url, tmp_path, SHARD_COUNT=2).process_shards == (0, 1)
    assert settings(url, tmp_path).process_shards is None


async def test_one_process_holding_several_shards_is_auto_sharded(tmp_path: Path) -> None:
    service = await open_service(f"sqlite+aiosqlite:///{tmp_path / 'x.sqlite3'}")
    try:
        url = f"sqlite+aiosqlite:///{tmp_path / 'x.sqlite3'}"
        several = make_bot(settings(url, tmp_path, SHARD_COUNT=4, SHARD_IDS="1,3"), service)
        assert isinstance(several, ShardedDipBot)
        assert several.shard_count == 4 and several.shard_ids == [1, 3]
        one = make_bot(settings(url, tmp_path, SHARD_COUNT=4, SHARD_IDS="2"), service)
        assert type(one) is DipBot and (one.shard_id, one.shard_count) == (2, 4)
        plain = make_bot(settings(url, tmp_path), service)
        assert type(plain) is DipBot and plain.shard_id is None
        rest_only = make_bot(settings(url, tmp_path, SHARD_COUNT=4, GATEWAY=False), service)
        assert type(rest_only) is DipBot and rest_only.shard_id is None
        assert not rest_only.settings.takes_direct_messages
        assert not settings(url, tmp_path, SHARD_COUNT=2, SHARD_IDS="1").takes_direct_messages
        assert settings(url, tmp_path, SHARD_COUNT=2, SHARD_IDS="0").takes_direct_messages
    finally:
        await service.store.db.dispose()


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
async def test_two_shards_and_a_scheduler_share_one_database(db_url: str, tmp_path: Path) -> None:
    clock = Clock()
    fake = FakeDiscord(players=FIRST, clock=lambda: clock().timestamp(), time_scale=TEST_TIME_SCALE)
    guild_a, guild_b = world_on_two_shards(fake, clock)
    fake.add_member(fake.gm, guild_b, roles=("GM",))
    for name in SECOND:
        fake.add_user(name, guild=guild_b)
    await fake.start()
    services = [await open_service(db_url) for _ in range(3)]
    shard0 = make_bot(
        settings(db_url, tmp_path / "a", SHARD_COUNT=2, SHARD_IDS="0"), services[0], clock=clock
    )
    shard1 = make_bot(
        settings(db_url, tmp_path / "b", SHARD_COUNT=2, SHARD_IDS="1"), services[1], clock=clock
    )
    scheduler = make_bot(settings(db_url, tmp_path / "c", GATEWAY=False), services[2], clock=clock)
    heard = {shard0: listen_for_dms(shard0), shard1: listen_for_dms(shard1)}
    try:
        async with (
            fake.run_bot(shard0) as driver,
            fake.run_bot(shard1),
            run_without_gateway(fake, scheduler),
        ):
            # Each gateway process holds the guilds of its shard only.
            assert {g.id for g in shard0.guilds} | {g.id for g in shard1.guilds} == {
                guild_a.id,
                guild_b.id,
            }
            assert not {g.id for g in shard0.guilds} & {g.id for g in shard1.guilds}
            games = {
                guild_a.id: await start_game(driver, FIRST, channel=guild_a.game_channel),
                guild_b.id: await start_game(driver, SECOND, channel=guild_b.game_channel),
            }
            # Orders by DM: they reach shard 0's process only, which answers each once.
            mark = len(fake.world.bot_messages)
            for powers in games.values():
                for power, user in powers.items():
                    await driver.user_says(user, "dm", hold_everything(power))
            players = [user for powers in games.values() for user in powers.values()]

            def echoes(user) -> list:
                return [
                    m
                    for m in driver.bot_messages(driver.dm(user))
                    if fake.world.bot_messages.index(m) >= mark
                    and any(end in m.content for end in ECHO_END)
                ]

            await driver.wait_until(
                lambda: all(echoes(u) for u in players), what="an echo for every order", timeout=20
            )
            # Each session handles its events in order: once both have handled an event
            # sent after the orders, every DM either process would ever get has come.
            await after_what_came_before(
                driver, {shard0: guild_of(shard0), shard1: guild_of(shard1)}
            )
            assert [heard[shard1][u.id] for u in players] == [0] * len(players)
            assert [heard[shard0][u.id] for u in players] == [1] * len(players)
            assert all(len(echoes(u)) == 1 for u in players), "an order answered twice"
            # The deadline passes: three processes race to adjudicate both games.
            mark = len(fake.world.bot_messages)
            clock.advance(hours=100)
            for guild in (guild_a, guild_b):
                await driver.wait_for_message(
                    lambda m: "Next: **Fall 1901**" in m.content,
                    channel=guild.game_channel,
                    since=mark,
                    timeout=20,
                )
            await driver.wait_until(
                lambda: all(
                    any("Fall 1901" in m.content for m in driver.bot_messages(driver.dm(u)))
                    for u in players
                ),
                what="every player's news of the phase",
                timeout=20,
            )
            # Every event delivered, and then each process's round finished: no delivery
            # can still be under way anywhere.
            heartbeats = [tmp_path / home / "heartbeat" for home in "abc"]
            for _ in range(20):
                if await all_delivered(services[0]):
                    break
                await rounds_begun_after_now(driver, heartbeats)
            await rounds_begun_after_now(driver, heartbeats)
            for guild in (guild_a, guild_b):
                posts = [
                    m
                    for m in driver.bot_messages(guild.game_channel)
                    if "Next: **Fall 1901**" in m.content
                ]
                assert len(posts) == 1, "a phase posted twice"
            for guild_id in games:
                info = await services[0].lobby.game_in_channel(
                    (guild_a if guild_id == guild_a.id else guild_b).game_channel.id
                )
                records = await services[0].history.phase_records(info.id, include_rolled_back=True)
                assert [r.phase.code for r in records] == ["S1901M", "F1901M"]
                assert records[0].outcomes and records[1].outcomes is None
            sent = Counter(
                (m.channel_id, m.content)
                for m in fake.world.bot_messages
                if not m.ephemeral and m.content
            )
            assert [k for k, n in sent.items() if n > 1] == [], "a message sent twice"
            async with services[0].store.transaction() as session:
                rows = (await session.execute(select(OutboxRow))).scalars().all()
            assert rows and all(r.delivered_at is not None for r in rows)
            assert [r.id for r in rows if r.attempts != 1] == [], "an event tried twice"
        # The scheduler-only process ran its loop and never had a gateway session.
        assert (tmp_path / "c" / "heartbeat").exists()
        assert not gateway_file(tmp_path / "c" / "heartbeat").exists()
    finally:
        for service in services:
            await service.store.db.dispose()
        with contextlib.suppress(Exception):
            await fake.close()


async def test_one_process_with_both_shards_hears_everything(tmp_path: Path) -> None:
    """An AutoShardedBot holding shards 0 and 1: one gateway session each, every guild,
    and DMs (on shard 0)."""
    clock = Clock()
    fake = FakeDiscord(players=FIRST, clock=lambda: clock().timestamp(), time_scale=TEST_TIME_SCALE)
    guild_a, guild_b = world_on_two_shards(fake, clock)
    fake.add_member(fake.gm, guild_b, roles=("GM",))
    await fake.start()
    url = f"sqlite+aiosqlite:///{tmp_path / 'dipgm.sqlite3'}"
    service = await open_service(url)
    bot = make_bot(settings(url, tmp_path, SHARD_COUNT=2), service, clock=clock)
    assert isinstance(bot, ShardedDipBot)
    try:
        async with fake.run_bot(bot) as driver:
            assert set(fake.gateway.shards.by_id) == {0, 1}
            assert {g.id for g in bot.guilds} == {guild_a.id, guild_b.id}
            handle = await driver.slash(fake.gm, guild_b.game_channel, "help")
            assert (await handle.reply()).ephemeral
            await driver.user_says(driver.user("alice"), "dm", "A Par - Bur")
            await driver.wait_for_message(channel=driver.dm(driver.user("alice")))
    finally:
        await service.store.db.dispose()
        await fake.close()
