"""Trust (issue 9), races: each is run at least 100 times, on SQLite and PostgreSQL,
with two services (each its own connection pool, as two bot processes) on one
database, and the count of bad outcomes must be 0."""

from __future__ import annotations

import asyncio
import os
from collections import Counter
from datetime import timedelta

from sqlalchemy import select

from bot.service import open_service
from bot.service.app import Scheduler
from bot.service.kernel import Caller, WrongState
from storage.models import GameRow, OutboxRow
from tests.conftest import T0
from tests.service.conftest import GM, GUILD, owner, started_game

# `DIPGM_RACES=1000` repeats each race 1,000 times (the figure in docs/SECURITY.md).
RACES = int(os.environ.get("DIPGM_RACES", "100"))
GM_HERE = Caller(GM, GUILD)


async def later(i: int, work):
    await asyncio.sleep((i % 10) * 0.002)
    return await work


async def two_services(db_url):
    return await open_service(db_url), await open_service(db_url)


async def test_a_reminder_due_while_the_gm_moves_the_deadline_never_deadlocks(db_url):
    """Item 4: the reminder's transaction and the GM's take the game's row first."""
    first, second = await two_services(db_url)
    try:
        info = await started_game(first)
        failures: list[BaseException] = []
        sent = 0
        for i in range(RACES):
            at = T0 + timedelta(minutes=2 * i + 1)
            # One reminder (an hour before the deadline) falls due a minute from now...
            await first.gm.gm_set_deadline(info.id, GM_HERE, at + timedelta(minutes=61), at)
            due = at + timedelta(minutes=1)
            # ... and as it does, the GM moves the deadline again (a little later each
            # time, so that every interleaving of the two transactions comes up).
            results = await asyncio.gather(
                Scheduler(second).tick(due),
                later(i, first.gm.gm_set_deadline(info.id, GM_HERE, due + timedelta(days=1), due)),
                return_exceptions=True,
            )
            failures += [r for r in results if isinstance(r, BaseException)]
            sent += getattr(results[0], "reminders_sent", 0)
        assert failures == [], f"{len(failures)} bad outcomes in {RACES} races: {failures[:3]}"
        assert sent > 0  # the races were real: some reminders went out before the move
    finally:
        await first.store.db.dispose()
        await second.store.db.dispose()


async def test_a_vote_closes_once(db_url):
    """Item 5: the last two ballots of a vote, cast at once, close it once."""
    first, second = await two_services(db_url)
    try:
        info = await started_game(first)
        users = sorted({p.user_id for p in info.powers})
        closes: Counter[int] = Counter()
        for i in range(RACES):
            now = T0 + timedelta(seconds=i + 1)
            vote = await first.votes.propose_draw(info.id, Caller(users[0], GUILD), now)
            for user in users[1:-2]:
                await first.votes.cast_ballot(vote.id, user, True, now)
            await asyncio.gather(
                first.votes.cast_ballot(vote.id, users[-2], True, now),
                second.votes.cast_ballot(vote.id, users[-1], i % 2 == 0, now),
                return_exceptions=True,
            )
            # A passing draw ends the game: start the next round on a fresh one.
            if (await first.lobby.game_info(info.id)).status.value != "active":
                info = await started_game(first, channel=10_000 + i)
        async with first.store.transaction() as session:
            rows = await session.execute(
                select(OutboxRow.payload).where(OutboxRow.kind == "vote_closed")
            )
            closes.update(p["vote_id"] for (p,) in rows.all())
            ended = await session.execute(
                select(OutboxRow.game_id).where(
                    OutboxRow.kind == "game_ended", OutboxRow.user_id.is_(None)
                )
            )
            endings = Counter(g for (g,) in ended.all())
        twice = {v: n for v, n in closes.items() if n != 1}
        assert len(closes) == RACES and not twice, f"{len(twice)} votes closed more than once"
        assert all(n == 1 for n in endings.values()), endings
    finally:
        await first.store.db.dispose()
        await second.store.db.dispose()


async def test_one_unfinished_game_per_channel(db_url):
    """Item 6: six creates at once in one channel make one lobby."""
    first, second = await two_services(db_url)
    try:
        for i in range(RACES):
            channel = 50_000 + i
            results = await asyncio.gather(
                *(
                    (first if n % 2 else second).lobby.create_game(
                        GUILD, channel, GM + n, f"Game {n}", T0
                    )
                    for n in range(6)
                ),
                return_exceptions=True,
            )
            made = [r for r in results if not isinstance(r, BaseException)]
            refused = [r for r in results if isinstance(r, BaseException)]
            assert len(made) == 1, f"round {i}: {len(made)} lobbies in one channel"
            assert all(isinstance(r, WrongState) for r in refused), refused
        async with first.store.transaction() as session:
            rows = await session.execute(select(GameRow.channel_id))
            per_channel = Counter(c for (c,) in rows.all())
        assert set(per_channel.values()) == {1}
    finally:
        await first.store.db.dispose()
        await second.store.db.dispose()


async def test_a_passing_draw_ends_the_game_once_even_at_the_deadline(db_url):
    """Item 5: the last ballot of a draw and the deadline's tick at once."""
    first, second = await two_services(db_url)
    try:
        bad = 0
        for i in range(max(RACES // 10, 10)):
            info = await started_game(first, channel=60_000 + i)
            users = sorted({p.user_id for p in info.powers})
            now = info.deadline_at - timedelta(seconds=1)
            vote = await first.votes.propose_draw(info.id, Caller(users[0], GUILD), now)
            for user in users[1:-1]:
                await first.votes.cast_ballot(vote.id, user, True, now)
            await asyncio.gather(
                second.votes.cast_ballot(vote.id, users[-1], True, now),
                Scheduler(first).tick(info.deadline_at),
                return_exceptions=True,
            )
            async with first.store.transaction() as session:
                rows = await session.execute(  # the channel's events (not the DMs)
                    select(OutboxRow.kind).where(
                        OutboxRow.game_id == info.id, OutboxRow.user_id.is_(None)
                    )
                )
                kinds = Counter(k for (k,) in rows.all())
            bad += kinds["game_ended"] > 1 or kinds["vote_closed"] > 1
        assert bad == 0, f"{bad} games ended twice"
    finally:
        await first.store.db.dispose()
        await second.store.db.dispose()


async def test_orders_racing_the_deadline_are_never_moved_to_the_next_phase(db_url):
    """Item 8: orders sent a moment before the deadline, arriving as it is played."""
    first, second = await two_services(db_url)
    try:
        moved = 0
        for i in range(max(RACES // 10, 10)):
            info = await started_game(first, channel=70_000 + i)
            france = owner(info, "FRANCE")
            sent_at = info.deadline_at - timedelta(milliseconds=1)
            arrival = info.deadline_at + timedelta(milliseconds=5)
            results = await asyncio.gather(
                second.orders.submit_orders(
                    Caller(france), "A PAR - BUR", arrival, info.id, sent_at=sent_at
                ),
                Scheduler(first).tick(info.deadline_at),
                return_exceptions=True,
            )
            sent = results[0]
            moved += not isinstance(sent, BaseException) and sent.phase.code != "S1901M"
        assert moved == 0, f"{moved} submissions moved on to the next phase"
    finally:
        await first.store.db.dispose()
        await second.store.db.dispose()
