"""The loop that keeps games moving: every few seconds it drives the scheduler
(`tick(now)`: deadlines, reminders) and delivers the service's outbox to Discord.

An event is marked delivered only once Discord accepted every message of it; a
failure is recorded and the outbox offers the event again later, so nothing the
service decided is lost when Discord (or a DM) is unavailable for a while.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import discord

from bot.errors import UserError
from bot.event_posts import EventPosts
from bot.events import Event, EventKind
from bot.lookups import GameLookups
from bot.reach_watch import ReachWatch, Unreachable
from bot.scheduler import Scheduler

if TYPE_CHECKING:
    from bot.client import DipBot

log = logging.getLogger(__name__)

# Events taken from the outbox at a time; a round takes batch after batch until none
# is due, each batch's games delivered side by side (`_lanes`).
DELIVERY_BATCH = 50


class Delivery(EventPosts):
    """Drives `Scheduler.tick` and sends outbox events; one per bot process."""

    def __init__(
        self,
        client: DipBot,
        scheduler: Scheduler,
        lookups: GameLookups,
        clock: Callable[[], datetime],
        *,
        interval: float = 5.0,
        heartbeat: Path | None = None,
    ) -> None:
        self.client = client
        self.service = client.service
        self.scheduler = scheduler
        self.lookups = lookups
        self.clock = clock
        self.interval = interval
        self.heartbeat = heartbeat
        self._stopping = asyncio.Event()
        self.in_round = False
        # Users Discord will not let dipgm reach (bot/reach_watch.py).
        self.reach = ReachWatch(self.service, clock)
        self._handlers = {
            EventKind.GAME_STARTED: self._game_started,
            EventKind.POWER_ASSIGNED: self._power_assigned,
            EventKind.RESULTS: self._results,
            EventKind.ORDERS_NEEDED: self._orders_needed,
            EventKind.REMINDER: self._reminder,
            EventKind.NMR: self._nmr,
            EventKind.CIVIL_DISORDER: self._civil_disorder,
            EventKind.DEADLINE_CHANGED: self._deadline_changed,
            EventKind.PAUSED: self._paused,
            EventKind.RESUMED: self._resumed,
            EventKind.PLAYER_REPLACED: self._player_replaced,
            EventKind.PLAYER_KICKED: self._player_kicked,
            EventKind.VOTE_OPENED: self._vote_opened,
            EventKind.VOTE_CLOSED: self._vote_closed,
            EventKind.GAME_ENDED: self._game_ended,
            EventKind.ROLLED_BACK: self._rolled_back,
            EventKind.PROXY_ENDED: self._proxy_ended,
            EventKind.THREADS_SYNC: self._threads_sync,
            EventKind.PHASE_NEWS: self._phase_news,
            EventKind.DELIVERY_FAILED: self._delivery_failed,
            EventKind.PLAYER_LEFT: self._player_left,
            EventKind.DMS_CLOSED: self._dms_closed,
            EventKind.QUESTION: self._question,
        }

    async def run(self) -> None:
        """Until `stop()`: one round, then sleep. A failing round is logged, not fatal."""
        await self.client.wait_until_ready()
        await self.reach.start()
        while not self.client.is_closed() and not self._stopping.is_set():
            self.in_round = True
            try:
                await self.run_once()
            except Exception:
                log.exception("delivery round failed; trying again in %.0f s", self.interval)
            finally:
                self.in_round = False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), self.interval)

    def stop(self) -> None:
        """Ask `run` to end after the round in progress (`in_round`). Cancelling a round
        could interrupt a database transaction half-way (the pool then logs a failed
        rollback) or a message half-sent; cancelling between rounds is harmless."""
        self._stopping.set()

    async def run_once(self) -> int:
        """Tick the scheduler, then deliver what is due: batch after batch until none is
        left (a burst of games due at once does not wait a round per batch), different
        games side by side, each game's events in order. Returns events delivered."""
        now = self.clock()
        await self.scheduler.tick(now)
        await self.reach.refresh()
        delivered = 0
        while True:
            events = await self.service.pending_events(now, DELIVERY_BATCH)
            lanes = _lanes(_groups(events))
            done = await asyncio.gather(*map(self._deliver_lane, lanes), return_exceptions=True)
            for outcome in done:
                if isinstance(outcome, BaseException):
                    raise outcome
                delivered += outcome
            # One batch after another: a game's events split between two keep their order.
            if len(events) < DELIVERY_BATCH or self._stopping.is_set():
                break
        self._beat()
        await self.service.prune_outbox_hourly(now, self.client.settings.outbox_keep_days)
        return delivered

    async def _deliver_lane(self, groups: list[list[Event]]) -> int:
        """One lane's events (`_lanes`), one after another; returns how many were
        delivered. A failure is recorded and the lane goes on, as a round always did."""
        delivered = 0
        for group in groups:
            try:
                if len(group) == 1:
                    await self.deliver(group[0])
                else:
                    await self._nmr_group(group)
            except Unreachable as gone:
                log.info(
                    "events %s wait for user %s: %s", [e.id for e in group], gone.user_id, gone
                )
                await self.reach.held(group, gone)
                continue
            except (discord.Forbidden, discord.NotFound) as exc:
                # Refused for good, most likely (a closed DM, a deleted channel): tried a
                # few times more, then given up and the GM told.
                log.warning("events %s refused: %r", [e.id for e in group], exc)
                await self._failed(group, exc, refused=True)
                continue
            except (discord.HTTPException, UserError, OSError) as exc:
                # Discord failed or was unreachable (an outage): retried while it lasts.
                log.warning("events %s not delivered: %r", [e.id for e in group], exc)
                await self._failed(group, exc)
                continue
            except Exception as exc:
                # A bug in formatting one event must not hold up all the others behind it.
                log.exception("events %s could not be delivered", [e.id for e in group])
                await self._failed(group, exc)
                continue
            for event in group:
                await self.service.mark_delivered(event.id, self.clock())
            delivered += len(group)
        return delivered

    async def _failed(
        self, group: list[Event], exc: BaseException, *, refused: bool = False
    ) -> None:
        for event in group:
            await self.service.mark_failed(event.id, repr(exc), self.clock(), refused=refused)

    async def deliver(self, event: Event) -> None:
        await self._handlers[event.kind](event)

    def _beat(self) -> None:
        """Touch the heartbeat file that `python -m bot healthcheck` looks at."""
        if self.heartbeat is not None:
            self.heartbeat.parent.mkdir(parents=True, exist_ok=True)
            self.heartbeat.touch()


def _lanes(groups: list[list[Event]]) -> list[list[list[Event]]]:
    """The groups by game (outside any game, by where they go), each lane in the
    outbox's order: a game's messages go one after another, as its players must read
    them; different games' go side by side, so that many games due at once approach
    what Discord's rate limits allow (docs/PERFORMANCE.md, "Burst")."""
    lanes: dict[tuple, list[list[Event]]] = {}
    for group in groups:
        first = group[0]
        key = (first.game_id,) if first.game_id is not None else (first.channel_id, first.user_id)
        lanes.setdefault(key, []).append(group)
    return list(lanes.values())


def _groups(events: tuple[Event, ...]) -> list[list[Event]]:
    """Events in order, with consecutive NMRs of one game's phase taken together."""
    groups: list[list[Event]] = []
    for event in events:
        last = groups[-1][-1] if groups else None
        if (
            last is not None
            and event.kind is EventKind.NMR
            and last.kind is EventKind.NMR
            and (last.game_id, last.payload.get("phase"))
            == (event.game_id, event.payload.get("phase"))
        ):
            groups[-1].append(event)
        else:
            groups.append([event])
    return groups
