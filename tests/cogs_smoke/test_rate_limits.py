"""The fake's rate limits (tests/fake_discord/rate_limits.py), as Discord answers them
(topics/rate-limits), and the real discord.py client honouring them.

Timing is real: the tests that wait for a bucket take seconds, as on Discord.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from datetime import datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

import aiohttp
import discord
import pytest
import pytest_asyncio

from benchmarks import burst
from bot.client import DipBot
from bot.service import GameService, open_service
from bot.service.events import Event, EventKind
from tests.cogs.conftest import make_settings, rounds_begun_after_now
from tests.fake_discord import Driver, FakeDiscord
from tests.fake_discord.plugin import fake_discord  # noqa: F401  (fixture)
from tests.fake_discord.rate_limits import CREATE_MESSAGE, GLOBAL_LIMIT, VIA, Bucket

# These tests are about the limits: Discord's own windows, in real time.
pytestmark = pytest.mark.real_rate_limits


@pytest_asyncio.fixture
async def http(fake_discord: FakeDiscord) -> AsyncIterator[aiohttp.ClientSession]:  # noqa: F811
    """A bare HTTP client with the bot's token, to read the fake's answers as sent."""
    headers = {"Authorization": f"Bot {fake_discord.world.token}"}
    async with aiohttp.ClientSession(fake_discord.base_url + "/", headers=headers) as session:
        yield session


@pytest_asyncio.fixture
async def driver(fake_discord: FakeDiscord) -> AsyncIterator[Driver]:  # noqa: F811
    async with fake_discord.run_bot(discord.Client(intents=discord.Intents.default())) as drv:
        fake_discord.rate_limits.clear()  # what logging in took
        yield drv


async def test_a_channels_sixth_message_within_five_seconds_is_refused_429(
    fake_discord: FakeDiscord,  # noqa: F811
    http: aiohttp.ClientSession,
) -> None:
    """Each answer carries the bucket's headers ("X-RateLimit-Limit - The number of
    requests that can be made", "-Remaining", "-Reset" (epoch), "-Reset-After",
    "-Bucket"); the sixth gets 429 with Retry-After, the route's headers ("normal route
    rate-limiting headers will also be sent in this response"), X-RateLimit-Scope, and
    the documented body."""
    path = f"channels/{fake_discord.game_channel.id}/messages"
    answers = []
    for n in range(6):
        async with http.post(path, json={"content": f"news {n}"}) as answer:
            answers.append((answer.status, answer.headers.copy(), await answer.json()))
    for n, (status, headers, _) in enumerate(answers[:5]):
        assert status == 200
        assert headers["X-RateLimit-Limit"] == "5"
        assert headers["X-RateLimit-Remaining"] == str(4 - n)
        assert headers["X-RateLimit-Bucket"] == CREATE_MESSAGE.name
        after = float(headers["X-RateLimit-Reset-After"])
        assert 4.0 < after <= 5.0
        assert abs(float(headers["X-RateLimit-Reset"]) - (time.time() + after)) < 1.0
        assert "X-RateLimit-Scope" not in headers and "X-RateLimit-Global" not in headers
    status, headers, body = answers[5]
    assert status == 429
    assert headers["Content-Type"] == "application/json"
    assert set(body) == {"message", "retry_after", "global"}
    assert body["global"] is False and body["message"] == "You are being rate limited."
    assert 4.0 < body["retry_after"] <= 5.0
    assert headers["Retry-After"] == "5"
    assert headers["X-RateLimit-Remaining"] == "0"
    assert headers["X-RateLimit-Bucket"] == CREATE_MESSAGE.name
    assert headers["X-RateLimit-Scope"] == "user"
    assert headers["Via"] == VIA  # discord.py takes a 429 without it for a Cloudflare ban
    assert "X-RateLimit-Global" not in headers
    (refused,) = fake_discord.rate_limits.limited
    assert refused.bucket == CREATE_MESSAGE.name and not refused.is_global
    assert len(fake_discord.world.bot_messages) == 5
    # Another channel is another top-level resource: counted apart.
    async with http.post(
        f"channels/{fake_discord.general.id}/messages", json={"content": "hi"}
    ) as ok:
        assert ok.status == 200 and ok.headers["X-RateLimit-Remaining"] == "4"


async def test_the_global_limit_is_50_requests_a_second_interactions_aside(
    fake_discord: FakeDiscord,  # noqa: F811
    http: aiohttp.ClientSession,
) -> None:
    """ "All bots can make up to 50 requests per second to our API"; the 51st is 429 with
    `X-RateLimit-Global: true`, `X-RateLimit-Scope: global` and `"global": true`.
    "Interaction endpoints are not bound to the bot's Global Rate Limit"."""

    async def get(path: str) -> tuple[int, dict, dict]:
        async with http.get(path) as answer:
            return answer.status, answer.headers.copy(), await answer.json()

    channel = f"channels/{fake_discord.game_channel.id}"
    answers = await asyncio.gather(*(get(channel) for _ in range(GLOBAL_LIMIT + 10)))
    statuses = [status for status, _, _ in answers]
    assert statuses.count(200) == GLOBAL_LIMIT and statuses.count(429) == 10
    _, headers, body = next(a for a in answers if a[0] == 429)
    assert body["global"] is True and 0 < body["retry_after"] <= 1.0
    assert headers["X-RateLimit-Global"] == "true" and headers["X-RateLimit-Scope"] == "global"
    assert headers["Retry-After"] == "1" and headers["Via"] == VIA
    assert "X-RateLimit-Bucket" not in headers
    # An interaction callback is not counted: it reaches the route (which does not know
    # the interaction) instead of being refused for the global limit.
    async with http.post("interactions/1/nope/callback", json={"type": 1}) as answer:
        assert answer.status == 404
    assert all(refused.is_global for refused in fake_discord.rate_limits.limited)
    assert len(fake_discord.rate_limits.limited) == 10
    await asyncio.sleep(1.0)
    assert (await get(channel))[0] == 200  # the next second has room again


async def test_switched_off_there_are_no_headers_and_no_429(
    fake_discord: FakeDiscord,  # noqa: F811
    http: aiohttp.ClientSession,
) -> None:
    fake_discord.rate_limits.enabled = False
    path = f"channels/{fake_discord.game_channel.id}/messages"
    for n in range(7):
        async with http.post(path, json={"content": f"news {n}"}) as answer:
            assert answer.status == 200 and "X-RateLimit-Limit" not in answer.headers
    assert fake_discord.rate_limits.limited == []


async def test_discord_py_waits_for_a_channels_bucket_instead_of_being_refused(
    driver: Driver,
) -> None:
    """Six messages to one channel (5 per 5 s) take two windows, five seconds at least;
    discord.py reads the headers and waits: not one 429. Another channel's five go at
    once."""
    game = driver.bot.get_channel(driver.fake.game_channel.id)
    general = driver.bot.get_channel(driver.fake.general.id)
    assert isinstance(game, discord.TextChannel) and isinstance(general, discord.TextChannel)
    start = time.monotonic()
    other = asyncio.gather(*(general.send(f"general {n}") for n in range(5)))
    sent = [await game.send(f"news {n}") for n in range(6)]
    elapsed = time.monotonic() - start
    await other
    assert [m.content for m in sent] == [f"news {n}" for n in range(6)]
    assert elapsed >= CREATE_MESSAGE.per - 0.1
    assert driver.fake.rate_limits.limited == []
    general_times = [
        s.at
        for s in driver.fake.rate_limits.requests()
        if s.path.endswith(f"/{driver.fake.general.id}/messages")
    ]
    assert len(general_times) == 5 and general_times[-1] - start < 1.0


async def test_discord_py_retries_after_the_global_limit(driver: Driver) -> None:
    """discord.py does not know the global limit before meeting it: 70 requests at once
    get some 429s with `"global": true`; it waits `retry_after` and retries, and every
    request succeeds, no more than 50 in any second."""
    fake = driver.fake
    channels = [fake.game_channel.id, fake.general.id]
    start = time.monotonic()
    fetched = await asyncio.gather(
        *(driver.bot.fetch_channel(channels[n % 2]) for n in range(GLOBAL_LIMIT + 20))
    )
    elapsed = time.monotonic() - start
    assert len(fetched) == GLOBAL_LIMIT + 20
    assert fake.rate_limits.limited and all(r.is_global for r in fake.rate_limits.limited)
    assert fake.rate_limits.busiest_second() <= GLOBAL_LIMIT
    assert elapsed >= 1.0 - 0.1


async def test_a_bucket_of_the_whole_bot_is_honoured_too(driver: Driver) -> None:
    """Opening DM channels counts for the whole bot, not per resource; here a small
    bucket (2 a second, set for the test) for five users: three windows, no 429."""
    fake = driver.fake
    fake.rate_limits.routes[("POST", "/users/@me/channels")] = Bucket("create-dm", 2, 1.0)
    users = [u for u in fake.world.users.values() if u.id != fake.world.bot_user.id][:5]
    start = time.monotonic()
    opened = await asyncio.gather(*(driver.bot.create_dm(discord.Object(u.id)) for u in users))
    elapsed = time.monotonic() - start
    assert len({c.id for c in opened}) == 5
    assert elapsed >= 2.0 - 0.1 and fake.rate_limits.limited == []
    assert len(fake.rate_limits.requests("create-dm")) == 5


async def all_delivered(service: GameService, since: datetime, within: float = 60) -> list:
    """The outbox's events made since `since`, once every one is delivered."""
    deadline = time.monotonic() + within
    while True:
        await asyncio.sleep(0.1)
        events = await burst.outbox_since(service, since)
        if events and all(e.delivered_at is not None for e in events):
            return events
        assert time.monotonic() < deadline, f"not delivered within {within} s"


async def test_a_burst_of_games_due_at_once_stays_in_order_and_within_the_limits(
    tmp_path: Path,
) -> None:
    """Ten games due at the same moment (benchmarks/burst.py, small): the real bot's
    delivery loop posts every results post and every player's own results by DM, each
    game's messages in the order the outbox queued them, each event on its first
    attempt, never more than 50 requests in a second, and not one 429 (discord.py
    learns of the global limit only from a 429, and gives a request up after five)."""
    settings = make_settings(tmp_path)
    clock = burst.Clock(burst.T0)
    fake = FakeDiscord(players=(), clock=lambda: clock().timestamp())
    service = await open_service(settings.database_url)
    try:
        games, due = await burst.set_up(service, fake, 10)
        await fake.start()
        try:
            async with fake.run_bot(DipBot(settings, service, clock=clock)) as drv:
                mark = len(drv.world.bot_messages)
                fake.rate_limits.clear()
                clock.start(due)
                events = await all_delivered(service, due)
                sent = drv.world.bot_messages[mark:]
                assert burst.check_games(drv.world, games, sent, events) == []
                assert len(sent) == 10 * (1 + 7)
                assert fake.rate_limits.busiest_second() <= GLOBAL_LIMIT
                assert fake.rate_limits.limited == []
        finally:
            await fake.close()
    finally:
        await service.store.db.dispose()


async def test_a_game_whose_results_post_failed_gets_no_dm_before_it(tmp_path: Path) -> None:
    """discord.py gives a request up after five 429s (or a 5xx) and raises: the results
    post fails for now and is retried later. The players' own results, queued after it,
    wait for it instead of arriving first; another game's go on."""
    settings = make_settings(tmp_path)
    clock = burst.Clock(burst.T0)
    fake = FakeDiscord(players=(), clock=lambda: clock().timestamp())
    service = await open_service(settings.database_url)
    try:
        games, due = await burst.set_up(service, fake, 2)
        failing, other = games
        await fake.start()
        try:
            bot = DipBot(settings, service, clock=clock)
            deliver, failed = bot.delivery.deliver, []

            async def once_refused(event: Event) -> None:
                if event.kind is EventKind.RESULTS and event.game_id == failing.id and not failed:
                    failed.append(event.id)
                    outage = SimpleNamespace(status=429, reason="Too Many Requests")
                    raise discord.HTTPException(outage, "given up after five 429s")
                await deliver(event)

            bot.delivery.deliver = once_refused  # type: ignore[method-assign]
            async with fake.run_bot(bot) as drv:
                mark = len(drv.world.bot_messages)
                clock.start(due)

                def sent_to(game: burst.Game) -> list:
                    places = {game.channel.id} | {drv.dm(u).id for u in game.players}
                    return [m for m in drv.world.bot_messages[mark:] if m.channel_id in places]

                await drv.wait_until(lambda: len(sent_to(other)) == 8, what="the other game")
                loop = bot.delivery  # a whole round more: nothing of the failed game is sent
                assert loop.heartbeat is not None
                await rounds_begun_after_now(drv, [loop.heartbeat])
                assert failed and sent_to(failing) == []
                clock.frozen += timedelta(seconds=61)  # past the retry and the DMs' lease
                events = await all_delivered(service, due)
                sent = drv.world.bot_messages[mark:]
                problems = burst.check_games(drv.world, games, sent, events)
                assert problems == [f"1 events needed more than one attempt: {failed}"]
        finally:
            await fake.close()
    finally:
        await service.store.db.dispose()
