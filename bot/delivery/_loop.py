"""The loop that keeps games moving: at each moment something falls due, and every few
seconds at most, it drives the scheduler (`tick(now)`: deadlines, reminders) and
delivers the service's outbox to Discord.

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

from bot.delivery._dm_channels import DmChannels
from bot.delivery._hidden_posts import HiddenPosts
from bot.delivery._lead import Lead
from bot.delivery._nonces import delivering
from bot.delivery._notice_posts import NoticePosts
from bot.delivery._phase_posts import PhasePosts
from bot.delivery._reach import ReachWatch, Unreachable
from bot.delivery._roll_call_posts import RollCallPosts
from bot.delivery._sender import Handler, Sender
from bot.delivery._spectator_posts import SpectatorPosts
from bot.delivery._spy_posts import SpyPosts
from bot.service.app import Leadership, Scheduler
from bot.service.events import Event, EventKind, Nmr
from bot.service.kernel import UserError
from bot.service.records import GameLookups

if TYPE_CHECKING:
    from bot.service import GameService
    from bot.ui import TalkThreads

log = logging.getLogger(__name__)

# Events taken from the outbox at a time; a round takes batch after batch until none
# is due, each batch's games delivered side by side (`_lanes`). Their requests wait for
# the bot's allowance under Discord's global limit one by one, whoever makes them
# (bot/delivery/_allowance.py): the lanes need not count them.
DELIVERY_BATCH = 50
# While its tick still plays games, the leader looks for their events this often.
TICK_WATCH = 0.1


class Delivery:
    """Drives `Scheduler.tick` and sends outbox events; one per bot process, and of the
    processes sharing a database only the one that leads sends (`Lead`): the others
    tick, and ask for the lead. What each event kind says is its poster's (`PhasePosts`,
    `NoticePosts`), each holding the one `Sender` that knows where messages go; the loop
    only picks the poster's handler."""

    def __init__(
        self,
        client: discord.Client,
        service: GameService,
        scheduler: Scheduler,
        lookups: GameLookups,
        threads: TalkThreads,
        clock: Callable[[], datetime],
        *,
        interval: float = 5.0,
        heartbeat: Path | None = None,
        outbox_keep_days: float,
        leadership: Leadership | None = None,
    ) -> None:
        self.client = client
        self.service = service
        self.outbox_keep_days = outbox_keep_days
        self.scheduler = scheduler
        self.clock = clock
        self.interval = interval
        self.heartbeat = heartbeat
        self._stopping = asyncio.Event()
        # Set to end a pause: by `stop()`, or when this process's service has queued
        # events or ended a phase early (`Store.nudge`).
        self._wake = asyncio.Event()
        service.store.on_nudge(self._wake.set)
        self._closing = False
        self.in_round = False
        self._round_at: datetime | None = None  # the `now` of the last round
        self.lead = Lead(leadership or Leadership(service.store), service.outbox, clock)
        # Users Discord will not let dipgm reach (bot/delivery/_reach.py).
        self.reach = ReachWatch(self.service, clock)
        # Each user's DM channel, kept (bot/delivery/_dm_channels.py).
        self.dm_channels = DmChannels(self.service, clock)
        self.sender = sender = Sender(client, service, self.reach, self.dm_channels)
        hidden = HiddenPosts(sender, lookups)
        self.phases = PhasePosts(sender, lookups, threads, SpyPosts(sender, lookups), hidden)
        self.notices = NoticePosts(sender, threads, hidden)
        spectators = SpectatorPosts(sender, lookups, self.phases)  # issue 31
        self._handlers = handler_table(
            self.phases.handlers(),
            self.notices.handlers(),
            RollCallPosts(sender).handlers(),
            spectators.handlers(),
        )

    @property
    def leads(self) -> bool:
        """Whether this process is the one sending the outbox now."""
        return self.lead.leads

    async def run(self) -> None:
        """Until `stop()`: rounds, and a pause after one that delivered nothing (cut short
        when this process takes the lead). A failing round is logged, not fatal. The lead
        is given up on the way out, so that another process takes it at once."""
        await self.client.wait_until_ready()
        await self.reach.start()
        try:
            while not self.client.is_closed() and not self._stopping.is_set():
                self.in_round = True
                delivered = 0
                try:
                    delivered = await self.run_once()
                except Exception:
                    log.exception("delivery round failed; trying again in %.0f s", self.interval)
                finally:
                    self.in_round = False
                # A round delivers what was due when it began; one that delivered some is
                # followed at once by another, for what fell due meanwhile (games other
                # processes adjudicated during a burst).
                if not delivered:
                    await self._pause()
        finally:
            await self.lead.step_down()

    async def _pause(self) -> None:
        """Until the next moment something falls due (issue 32: 200 games due at once
        are not left waiting out a fixed pause), `interval` at most: what no moment
        announces (a change made by another process, a grace whose late have all
        ordered) is looked for that often."""
        try:
            await self.lead.pause(await self._until_next_due(), self._wake)
        except Exception:
            log.exception("asking for the lead failed; trying again in %.0f s", self.interval)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.interval)

    async def _until_next_due(self) -> float:
        """Seconds from now to the scheduler's next moment after the last round began
        (anything due by then that round has acted on, or failed and retries on its
        own time), between 0 and `interval`."""
        if self._round_at is None:
            return self.interval
        due = await self.scheduler.next_due(self._round_at)
        if due is None:
            return self.interval
        return min(self.interval, max(0.0, (due - self.clock()).total_seconds()))

    def stop(self) -> None:
        """Ask `run` to end after the round in progress (`in_round`). Cancelling a round
        could interrupt a database transaction half-way (the pool then logs a failed
        rollback) or a message half-sent; cancelling between rounds is harmless."""
        self._stopping.set()
        self._wake.set()

    def close(self) -> None:
        """`stop()`, and end the round in progress after the events being sent: the
        bot is closing, and the rest of a round's queue (maybe asleep on Discord's
        buckets) waits in the outbox for the next start."""
        self._closing = True
        self.stop()

    async def run_once(self) -> int:
        """Tick the scheduler and, in the process that leads, deliver what is due: batch
        after batch until none is left (a burst of games due at once does not wait a
        round per batch), different games side by side, each game's events in order.
        The leader delivers while its tick plays the games: the first games' messages go
        out while the rest are adjudicated. Returns events delivered."""
        if not self._stopping.is_set():
            self._wake.clear()  # what was nudged before this moment, this round sees
        now = self._round_at = self.clock()
        await self.reach.refresh()
        if not await self.lead.take():  # another process delivers
            await self.scheduler.tick(now)
            self._beat()
            return 0
        ticking = asyncio.create_task(self.scheduler.tick(now), name="dipgm-tick")
        try:
            delivered = await self._deliver_due(now, ticking)
        except asyncio.CancelledError:
            ticking.cancel()  # the bot closing, past its grace: the tick goes too
            raise
        except Exception:
            await asyncio.wait({ticking})  # a failed delivery never cuts the tick short
            raise
        await ticking  # a failure of the tick is the round's, as before it delivered
        self._beat()
        await self.service.outbox.prune_outbox_hourly(now, self.outbox_keep_days)
        return delivered

    async def _deliver_due(self, now: datetime, ticking: asyncio.Task) -> int:
        delivered = 0
        stalled: set[tuple] = set()  # lanes that met an outage: the rest waits
        while True:
            events = await self.service.outbox.pending_events(now, DELIVERY_BATCH)
            if not events:
                if ticking.done() or self._stopping.is_set() or not self.leads:
                    break
                # Nothing due yet, but the tick is still playing games: their events come.
                await asyncio.wait({ticking}, timeout=TICK_WATCH)
                continue
            lanes = _lanes(_groups(events))
            # A game's events split between two batches keep their order: a lane that
            # stalled in an earlier batch is not taken up again in this round.
            done = await asyncio.gather(
                *(self._deliver_lane(key, groups, stalled) for key, groups in lanes.items()),
                return_exceptions=True,
            )
            for outcome in done:
                if isinstance(outcome, BaseException):
                    raise outcome
                delivered += outcome
            if self._stopping.is_set() or not self.leads:
                break
            if len(events) < DELIVERY_BATCH and ticking.done():
                break
        return delivered

    async def _deliver_lane(
        self, key: tuple, groups: list[list[Event]], stalled: set[tuple]
    ) -> int:
        """One lane's events (`_lanes`), one after another; returns how many were
        delivered. A refusal or a bug in one event is recorded and the lane goes on; an
        outage (Discord failing or unreachable) stalls the lane for the round, so that
        none of its later events overtakes the one that failed: they stay leased and
        are offered again after it (the service's outbox). After `stop()` the lane ends
        with the event in flight: shutdown does not wait out a queue asleep on buckets;
        so does a process that has lost the lead (another delivers the rest)."""
        delivered = 0
        for group in groups:
            # Closing: the event being sent is finished, no other is begun (the rest
            # wait in the outbox for the next start, or the next leader, in order).
            if key in stalled or self._closing or not self.leads:
                break
            try:
                if len(group) == 1:
                    await self.deliver(group[0])
                else:
                    with delivering(group[0]):
                        await self.phases.nmr_group(group)
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
                stalled.add(key)
                continue
            except Exception as exc:
                # A bug in formatting one event must not hold up all the others behind it.
                log.exception("events %s could not be delivered", [e.id for e in group])
                await self._failed(group, exc)
                continue
            for event in group:
                await self.service.outbox.mark_delivered(event.id, self.clock())
            delivered += len(group)
        return delivered

    async def _failed(
        self, group: list[Event], exc: BaseException, *, refused: bool = False
    ) -> None:
        for event in group:
            await self.service.outbox.mark_failed(
                event.id, repr(exc), self.clock(), refused=refused
            )

    async def deliver(self, event: Event) -> None:
        with delivering(event):  # its messages' nonces (bot/delivery/_nonces.py)
            await self._handlers[event.kind](event)

    def _beat(self) -> None:
        """Touch the heartbeat file that `python -m bot healthcheck` looks at."""
        if self.heartbeat is not None:
            self.heartbeat.parent.mkdir(parents=True, exist_ok=True)
            self.heartbeat.touch()


def handler_table(*offered: dict[EventKind, Handler]) -> dict[EventKind, Handler]:
    """The posters' handlers in one table: each event kind told by exactly one poster
    (a kind offered twice would leave one of them silently unused)."""
    table: dict[EventKind, Handler] = {}
    for handlers in offered:
        twice = table.keys() & handlers.keys()
        if twice:
            raise ValueError(f"event kinds offered by two posters: {sorted(twice)}")
        table.update(handlers)
    return table


def _lanes(groups: list[list[Event]]) -> dict[tuple, list[list[Event]]]:
    """The groups by game (outside any game, by where they go), each lane in the
    outbox's order: a game's messages go one after another, as its players must read
    them; different games' go side by side, so that many games due at once approach
    what Discord's rate limits allow (docs/PERFORMANCE.md, "Burst")."""
    lanes: dict[tuple, list[list[Event]]] = {}
    for group in groups:
        first = group[0]
        key = (first.game_id,) if first.game_id is not None else (first.channel_id, first.user_id)
        lanes.setdefault(key, []).append(group)
    return lanes


def _groups(events: tuple[Event, ...]) -> list[list[Event]]:
    """Events in order, with consecutive NMRs of one game's phase taken together."""
    groups: list[list[Event]] = []
    for event in events:
        last = groups[-1][-1] if groups else None
        if (
            last is not None
            and event.kind is EventKind.NMR
            and last.kind is EventKind.NMR
            and isinstance(last.payload, Nmr)
            and isinstance(event.payload, Nmr)
            and (last.game_id, last.payload.phase) == (event.game_id, event.payload.phase)
        ):
            groups[-1].append(event)
        else:
            groups.append([event])
    return groups
