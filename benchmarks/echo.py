"""The DM order echo's latency at --rate messages a second (benchmarks/service.py
`--parts echo` and `--parts client-echo`): through the service alone, and through the
real DipBot and discord.py against the fake Discord with its rate limits on."""

from __future__ import annotations

import asyncio
import gc
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from benchmarks.service_games import OPENINGS, T0, new_game, percentile, player_of
from bot.service import GameService, open_service
from bot.service.kernel import Caller, submission_echo


async def bench_echo(
    service: GameService, rate: float, seconds: float, games: int = 10
) -> tuple[float, float, float, float]:
    """The DM order echo as players feel it: messages of orders arrive at `rate` a
    second, on time whatever the answers before them (an open loop, as Discord
    delivers them), from the 7 players of each of `games` games, each player in one
    game, so the service finds the game from the sender as it does for a DM. Each is
    answered as the DM handler answers it: `submit_orders`, the game's name
    (`game_info`), the echo's text. Returns (p50, p99, max in ms, achieved rate)."""
    senders: list[tuple[int, str]] = []
    for n in range(games):
        game_id = await new_game(service, 500 + n, first_user=5000 + 10 * n)
        info = await service.lobby.game_info(game_id)
        senders += [(player_of(p), OPENINGS[p.power]) for p in info.powers]
    # Every other message changes the orders (all hold, then the openings again).
    holds = {
        text: "\n".join(line.split(" -")[0] + " H" for line in text.splitlines())
        for _, text in senders
    }
    at = T0 + timedelta(hours=1)
    latencies: list[float] = []

    async def echo(user: int, text: str, due: float) -> None:
        result = await service.orders.submit_orders(Caller(user), text, at, sent_at=at)
        name = (await service.lobby.game_info(result.game_id)).name
        submission_echo(result, name)
        latencies.append(time.perf_counter() - due)

    count = round(rate * seconds)
    tasks: list[asyncio.Task[None]] = []
    gc.collect()
    start = time.perf_counter()
    for i in range(count):
        due = start + i / rate
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        user, text = senders[i % len(senders)]
        if (i // len(senders)) % 2:
            text = holds[text]
        tasks.append(asyncio.create_task(echo(user, text, due)))
    await asyncio.gather(*tasks)
    achieved = count / (time.perf_counter() - start)
    ms = [x * 1000 for x in latencies]
    return percentile(ms, 0.5), percentile(ms, 0.99), max(ms), achieved


async def bench_client_echo(
    url: str, rate: float, seconds: float, games: int = 10
) -> tuple[float, float, float, float, int]:
    """The same echo through the real client: the fake Discord (its rate limits on, as
    Discord's) dispatches each DM to the real DipBot over its gateway, and the latency
    runs until the echo's last message reaches the fake's REST API. Returns (p50, p99,
    max in ms, achieved rate, 429s)."""
    from pydantic import SecretStr
    from sqlalchemy import update

    from bot.client import DipBot
    from bot.settings import Settings
    from storage.models import OutboxRow
    from tests.fake_discord import FakeDiscord, FakeUser

    ends = ("Every unit has an order.", "Still without orders:", "nothing to order")
    at = T0 + timedelta(hours=1)
    service = await open_service(url)
    # Discord's clock (the messages' timestamps) is the bot's: an hour into the phase.
    fake = FakeDiscord(players=(), clock=at.timestamp)
    senders: list[tuple[FakeUser, str]] = []
    for n in range(games):
        channel = fake.add_channel(f"game-{n}")
        players = {u.id: u for u in (fake.add_user(f"p{n}-{i}") for i in range(7))}
        info = await service.lobby.create_game(
            fake.guild.id, channel.id, fake.gm.id, f"G{n}", T0, seed=n + 1
        )
        for user_id in players:
            await service.lobby.join(info.id, Caller(user_id, fake.guild.id), T0)
        started = await service.lobby.start(info.id, Caller(fake.gm.id, fake.guild.id), T0)
        senders += [(players[player_of(p)], OPENINGS[p.power]) for p in started.powers]
    async with service.store.transaction() as session:  # the starts' posts: not part of it
        await session.execute(update(OutboxRow).values(delivered_at=T0))
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            # pydantic-settings' own argument, which the fields' types leave out.
            _env_file=None,  # type: ignore[call-arg]
            DISCORD_TOKEN=SecretStr("fake-bot-token"),
            DATABASE_URL=url,
            HEARTBEAT_FILE=Path(tmp) / "heartbeat",
        )
        await fake.start()
        try:
            bot = DipBot(settings, service, clock=lambda: at)
            async with fake.run_bot(bot, ready_timeout=60) as driver:
                fake.rate_limits.clear()
                mark = len(driver.world.bot_messages)
                said: dict[int, list[float]] = {}
                count = round(rate * seconds)
                gc.collect()
                start = time.perf_counter()
                for i in range(count):
                    due = start + i / rate
                    await asyncio.sleep(max(0.0, due - time.perf_counter()))
                    user, text = senders[i % len(senders)]
                    said.setdefault(user.id, []).append(time.monotonic())
                    await driver.user_says(user, "dm", text)
                achieved = count / (time.perf_counter() - start)
                await driver.wait_until(
                    lambda: (
                        sum(
                            any(e in m.content for e in ends)
                            for m in driver.world.bot_messages[mark:]
                        )
                        >= count
                    ),
                    timeout=120,
                    what="every echo",
                )
                # Each POST the fake accepted made one message, in the same order.
                posts = [s for s in fake.rate_limits.log if s.route.endswith("/messages")]
                sent = driver.world.bot_messages[mark:]
                latencies: list[float] = []
                for user_id, times in said.items():
                    dm = driver.world.dm_channels[user_id].id
                    echoes = [
                        seen.at
                        for seen, m in zip(posts, sent, strict=True)
                        if m.channel_id == dm and any(e in m.content for e in ends)
                    ]
                    latencies += [b - a for a, b in zip(times, echoes, strict=True)]
                limited = len(fake.rate_limits.limited)
        finally:
            await fake.close()
            await service.store.db.dispose()
    ms = [x * 1000 for x in latencies]
    return percentile(ms, 0.5), percentile(ms, 0.99), max(ms), achieved, limited
