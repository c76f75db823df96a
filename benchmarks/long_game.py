"""A long game played as the bot plays it (benchmarks/service.py `--parts lookups`
and `--parts outbox`): the lookups' cost as a game grows, and the SQLite file's
growth with and without pruning the outbox."""

from __future__ import annotations

import gc
import os
import random
import sqlite3
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from adjudication.maps import STANDARD
from adjudication.model.orders import order_power
from adjudication.model.position import Position
from adjudication.model.units import Phase, PhaseKind
from benchmarks.corpus import (
    random_adjustment_orders,
    random_movement_orders,
    random_retreat_orders,
)
from benchmarks.service_games import new_game
from bot.service import GameService, open_service
from bot.service.app import Scheduler
from bot.service.events import EventKind
from bot.service.events.payloads import Results
from bot.service.kernel import Caller, GameInfo
from bot.service.records import GameLookups
from storage.models import GameRow, PhaseRow

# --- a long game, played as the bot plays it ----------------------------------------

NMR_CHANCE = 0.03  # a power's orders missing from a phase


def _deadline(info: GameInfo) -> datetime:
    """The deadline of the game in play (every phase of these games has one)."""
    if info.deadline_at is None:
        raise RuntimeError(f"game {info.id} has no deadline")
    return info.deadline_at


@dataclass
class LongGame:
    """One 7-player game played phase by phase through the service: each phase a
    reminder round an hour before the deadline, random orders from every player (of
    the kinds real games have: benchmarks/corpus.py), the deadline's tick, and every
    event delivered as the delivery loop does; `prune_days`: then the outbox pruned as
    the loop does (`prune_outbox_hourly`)."""

    service: GameService
    game_id: int
    rng: random.Random
    prune_days: float | None = None
    played: list[Phase] = field(default_factory=list)
    phase_ids: list[int] = field(default_factory=list)  # of the phases played, in order

    @classmethod
    async def start(
        cls, service: GameService, seed: int, channel: int = 100, **kwargs: Any
    ) -> LongGame:
        """A new game; games started with the same seed are played identically."""
        game_id = await new_game(service, channel, seed)
        return cls(service, game_id, random.Random(seed), **kwargs)

    async def play(self, phases: int) -> None:
        """Play until `phases` more phases are played (or the game ends)."""
        scheduler = Scheduler(self.service)
        target = len(self.played) + phases
        while len(self.played) < target:
            info = await self.service.lobby.game_info(self.game_id)
            if info.status.value != "active":
                return
            reminders = _deadline(info) - timedelta(minutes=59)  # the last reminder's time
            await self._tick(scheduler, reminders)
            at = _deadline(info) - timedelta(minutes=30)
            await self._send_orders(info, at)
            # A retreat or adjustment phase ends as soon as everyone concerned has sent.
            await self._tick(scheduler, _deadline(await self.service.lobby.game_info(self.game_id)))

    async def _tick(self, scheduler: Scheduler, now: datetime) -> None:
        report = await scheduler.tick(now)
        assert not report.errors, report.errors
        self.played += [r.phase for r in report.adjudicated if r.game_id == self.game_id]
        await self._deliver(now)

    async def _send_orders(self, info: GameInfo, at: datetime) -> None:
        position = await self._position()
        kind = position.phase.kind
        if kind is PhaseKind.MOVEMENT:
            orders = random_movement_orders(position, STANDARD, self.rng)
        elif kind is PhaseKind.RETREAT:
            orders = random_retreat_orders(position, self.rng)
        else:
            orders = random_adjustment_orders(position, STANDARD, self.rng)
        by_power: dict[str, list[str]] = {}
        for order in orders:
            by_power.setdefault(order_power(order), []).append(str(order))
        for p in info.powers:
            lines = by_power.get(p.power)
            if p.user_id is None or not p.owes_orders or not lines:
                continue
            if self.rng.random() < NMR_CHANCE:
                continue
            sender = Caller(p.user_id)
            await self.service.orders.submit_orders(
                sender, "\n".join(lines), at, game_id=self.game_id
            )
            if kind is not PhaseKind.MOVEMENT:
                info = await self.service.lobby.game_info(self.game_id)
                if _deadline(info) <= at:
                    return  # everyone concerned has sent: the phase is over

    async def _position(self) -> Position:
        """The current position, read as the service reads it (untimed set-up)."""
        async with self.service.store.transaction() as session:
            game = await session.get(GameRow, self.game_id)
            assert game is not None, "the game start() created"
            phase = await session.get(PhaseRow, game.current_phase_id)
            assert phase is not None, "a game in play has a current phase"
            return self.service.store.position(phase)

    async def _deliver(self, now: datetime) -> None:
        while events := await self.service.outbox.pending_events(now, limit=500):
            for event in events:
                if event.kind is EventKind.RESULTS and event.game_id == self.game_id:
                    self.phase_ids.append(event.payload_as(Results).phase_id)
                await self.service.outbox.mark_delivered(event.id, now)
        if self.prune_days is not None:
            await self.service.outbox.prune_outbox_hourly(now, self.prune_days)


async def median_ms(
    call: Callable[[], Awaitable[object]], *, budget: float = 1.0, most: int = 300
) -> tuple[float, int]:
    """(median ms, calls made) of `call`, repeated for about `budget` seconds after a
    few calls untimed (caches, compiled statements). The garbage collector starts
    clean, so that what another measurement left behind is not billed to this one."""
    for _ in range(3):
        await call()
    gc.collect()
    times: list[float] = []
    while len(times) < 5 or (sum(times) < budget and len(times) < most):
        start = time.perf_counter()
        await call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, len(times)


def _no_png(*_args: object) -> bytes:
    return b""


def lookup_calls(game: LongGame) -> dict[str, Callable[[], Awaitable[object]]]:
    """The lookups made after each phase or on request, for this game as it stands."""
    lookups = GameLookups(game.service, renderer=_no_png)
    gid, just_played, first = game.game_id, game.phase_ids[-1], game.phase_ids[0]
    return {
        "results post (the phase just played)": lambda: lookups.results_map(gid, just_played),
        "results post of S1901M (same phase at both)": lambda: lookups.results_map(gid, first),
        "/game map (current phase)": lambda: lookups.phase_map(gid),
        "/game map phase:S1901M": lambda: lookups.phase_map(gid, "S1901M"),
        "DM preview (current position)": lambda: lookups.preview_map(gid, ["FRANCE"], []),
    }


async def bench_lookups(label: str, service: GameService, phases: int, seed: int = 1) -> None:
    """Two games of the same seed, so played alike, in one database: one stopped after
    3 phases, one played on to `phases`; each lookup timed on the one, then the other."""
    start = time.perf_counter()
    long = await LongGame.start(service, seed, channel=101)
    await long.play(phases)
    built = time.perf_counter() - start
    # Second: a tick plays every game due, and the long game's deadlines are now far
    # beyond the short one's.
    short = await LongGame.start(service, seed, channel=100)
    await short.play(3)
    assert long.played[:3] == short.played
    print(
        f"{label}: a game of {len(long.played)} phases ({long.played[0]} … {long.played[-1]}) "
        f"played through the service in {built:.0f} s, beside the same game stopped after 3; "
        "lookup medians, renderer stubbed:"
    )
    heads = (f"after 3 ({short.played[-1]})", f"after {len(long.played)} ({long.played[-1]})")
    print(f"  {'':46} {heads[0]:>22} {heads[1]:>25}")
    early, late = lookup_calls(short), lookup_calls(long)
    for name in early:
        # One after the other, so that a change in the host's load between the two
        # stays small.
        ms, n = await median_ms(early[name])
        late_ms, late_n = await median_ms(late[name])
        print(
            f"  {name:46} {ms:9.2f} ms ({n:3} calls) {late_ms:9.2f} ms ({late_n:3} calls)"
            f"   ×{late_ms / ms:.2f}"
        )


# --- the SQLite file's growth --------------------------------------------------------


def sqlite_size(path: str) -> tuple[int, int, dict[str, int]]:
    """(file bytes, free bytes, bytes per table with its indexes) after checkpointing
    the WAL into the file."""
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = conn.execute("PRAGMA page_size").fetchone()[0]
        free = conn.execute("PRAGMA freelist_count").fetchone()[0] * page
        tables = dict(
            conn.execute(
                "SELECT coalesce(m.tbl_name, d.name), SUM(d.pgsize) FROM dbstat d "
                "LEFT JOIN sqlite_schema m ON m.name = d.name GROUP BY 1"
            ).fetchall()
        )
    finally:
        conn.close()
    return os.path.getsize(path), free, tables


async def bench_outbox_growth(
    tmp: str, phases: int, prune_days: float | None, synchronous: str
) -> None:
    path = f"{tmp}/growth-{prune_days}.sqlite3"
    service = await open_service(f"sqlite+aiosqlite:///{path}?synchronous={synchronous}")
    try:
        game = await LongGame.start(service, seed=2, prune_days=prune_days)
        warm_up = 10
        await game.play(warm_up)
        size0, _, tables0 = sqlite_size(path)
        await game.play(phases - warm_up)
        size1, free, tables1 = sqlite_size(path)
    finally:
        await service.store.db.dispose()
    n = len(game.played) - warm_up
    how = (
        "never pruned"
        if prune_days is None
        else f"pruned as the delivery loop does, OUTBOX_KEEP_DAYS={prune_days:g}"
    )
    growth = {t: (tables1.get(t, 0) - tables0.get(t, 0)) / n for t in tables1}
    biggest = sorted(((t, b) for t, b in growth.items() if b > 0), key=lambda item: -item[1])
    print(
        f"SQLite file, outbox {how}: {size1:,} bytes after {len(game.played)} phases "
        f"({free:,} free); phases {warm_up + 1}–{len(game.played)}: "
        f"{(size1 - size0) / n:,.0f} bytes per phase; outbox now {tables1.get('outbox', 0):,} "
        "bytes\n  per phase by table: " + ", ".join(f"{t} {b:,.0f}" for t, b in biggest)
    )
