"""A DM costs one request (issue 32): each user's DM channel with the bot is kept in the
database (Discord's answer to Create DM, or the channel of a DM they sent) and a DM is
posted to it directly, in every process and after a restart; it is opened again only
when Discord says it is gone (404 10003), and then once."""

from __future__ import annotations

from pathlib import Path

from bot.client import DipBot, make_bot
from bot.service import GameService
from bot.service.events import add_event
from bot.service.events.payloads import Question
from tests.cogs.conftest import Clock, make_settings, start_game
from tests.fake_discord import Driver, FakeDiscord, FakeUser
from tests.fake_discord.shards import run_without_gateway

THREE = ("alice", "bob", "carol")
OPENED = "create-dm"  # the fake's bucket of POST /users/@me/channels


def posts_to(fake: FakeDiscord, channel_id: int, since: int) -> int:
    """Create Message requests to one channel since the `since`-th request."""
    path = f"/api/v10/channels/{channel_id}/messages"
    return sum(s.method == "POST" and s.path == path for s in fake.rate_limits.log[since:])


def opened_since(fake: FakeDiscord, since: int) -> int:
    return sum(s.bucket == OPENED for s in fake.rate_limits.log[since:])


async def phase_news(driver: Driver, users: list[FakeUser], since: int) -> None:
    """Each player's own results of Spring 1901, by DM."""
    for user in users:
        await driver.wait_for_message(
            lambda m: "Spring 1901 has been played" in m.content,
            channel=driver.dm(user),
            since=since,
        )


def bot(service: GameService, clock: Clock, tmp_path: Path) -> DipBot:
    return DipBot(make_settings(tmp_path), service, clock=clock)


async def test_a_dm_channel_kept_across_a_restart_is_used(
    fake: FakeDiscord, service: GameService, clock: Clock, tmp_path: Path
) -> None:
    """The game's start opens each player's DM channel; after a restart (discord.py
    remembers none) the phase's DMs go straight to the channels kept: one request each,
    no channel opened."""
    async with fake.run_bot(bot(service, clock, tmp_path)) as driver:
        powers = await start_game(driver, THREE)
    players = list(powers.values())
    async with fake.run_bot(bot(service, clock, tmp_path)) as driver:
        requests, mark = len(fake.rate_limits.log), len(fake.world.bot_messages)
        clock.advance(hours=97)  # past the deadline
        await phase_news(driver, players, mark)
        assert opened_since(fake, requests) == 0
        for user in players:  # one request a message, none spent opening anything
            dm = driver.dm(user).id
            told = [m for m in fake.world.bot_messages[mark:] if m.channel_id == dm]
            assert told and posts_to(fake, dm, requests) == len(told)


async def test_a_deleted_dm_channel_is_opened_again_once(
    fake: FakeDiscord, service: GameService, clock: Clock, tmp_path: Path
) -> None:
    """Discord no longer knows Alice's DM channel: her DM meets 404 10003 once, her
    channel is opened again once, and the DM reaches her in the new one, on its first
    attempt. The new channel is kept: after another restart it is used as it is."""
    async with fake.run_bot(bot(service, clock, tmp_path)) as driver:
        powers = await start_game(driver, THREE)
    players = list(powers.values())
    alice = fake.user("alice")
    old = fake.world.delete_dm_channel(alice)
    async with fake.run_bot(bot(service, clock, tmp_path)) as driver:
        requests, mark = len(fake.rate_limits.log), len(fake.world.bot_messages)
        clock.advance(hours=97)
        await phase_news(driver, players, mark)
        assert posts_to(fake, old.id, requests) == 1  # the one 404
        assert opened_since(fake, requests) == 1  # hers, once
        new = driver.dm(alice)
        assert new.id != old.id and posts_to(fake, new.id, requests) >= 1
    async with fake.run_bot(bot(service, clock, tmp_path)) as driver:
        requests, mark = len(fake.rate_limits.log), len(fake.world.bot_messages)
        clock.advance(hours=97)  # past the next deadline: Fall 1901's news
        for user in players:
            await driver.wait_for_message(
                lambda m: "Fall 1901 has been played" in m.content,
                channel=driver.dm(user),
                since=mark,
            )
        assert opened_since(fake, requests) == 0
        assert posts_to(fake, old.id, requests) == 0


async def test_a_dm_received_tells_the_bot_the_channel(
    fake: FakeDiscord, service: GameService, clock: Clock, tmp_path: Path
) -> None:
    """A user who wrote to the bot has shown it their DM channel: what it sends them
    later, after a restart, opens none."""
    gm = fake.gm
    async with fake.run_bot(bot(service, clock, tmp_path)) as driver:
        await driver.user_says(gm, "dm", "help")
        await driver.wait_for_message(channel=driver.dm(gm))
    async with fake.run_bot(bot(service, clock, tmp_path)) as driver:
        requests, mark = len(fake.rate_limits.log), len(fake.world.bot_messages)
        async with service.store.transaction() as session:
            question = Question(user=gm.id, powers=("FRANCE",), text="When is the deadline?")
            add_event(session, question, clock(), game_id=None, user_id=gm.id)
        await driver.wait_for_message(channel=driver.dm(gm), since=mark)
        assert opened_since(fake, requests) == 0
        assert posts_to(fake, driver.dm(gm).id, requests) == 1


async def test_a_process_without_a_gateway_posts_to_a_channel_without_fetching_it(
    fake: FakeDiscord, service: GameService, clock: Clock, tmp_path: Path
) -> None:
    """A scheduler-only process (no gateway session, so no channel in discord.py's
    cache) posts a game's results with the one Create Message request: it does not
    fetch the channel first (issue 32, 200 `GET /channels/{id}` in a burst of 200)."""
    async with fake.run_bot(bot(service, clock, tmp_path)) as driver:
        powers = await start_game(driver, THREE)
    scheduler_only = make_bot(
        make_settings(tmp_path).model_copy(update={"gateway": False}), service, clock=clock
    )
    async with run_without_gateway(fake, scheduler_only) as driver:
        requests, mark = len(fake.rate_limits.log), len(fake.world.bot_messages)
        clock.advance(hours=97)  # past the deadline
        await phase_news(driver, list(powers.values()), mark)
        await driver.wait_for_message(
            lambda m: "results of Spring 1901" in m.content, channel=fake.game_channel, since=mark
        )
        channel = f"/api/v10/channels/{fake.game_channel.id}"
        fetched = [s for s in fake.rate_limits.log[requests:] if s.path == channel]
        assert fetched == []
        assert posts_to(fake, fake.game_channel.id, requests) >= 1
