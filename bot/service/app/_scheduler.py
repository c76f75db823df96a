"""The scheduler core: `tick(now)` acts on every due deadline and reminder, and on the
roll-calls before a first phase (issue 31) whose time or reminder is due.

Everything it needs lives in the database, so after a restart the first tick picks
up where the last process stopped, including deadlines that passed while it was down.
Several processes may tick at once: games are claimed one at a time (bot/service/adjudicator)
and reminders by compare-and-set, so each happens once.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import TYPE_CHECKING

from bot.service.deadlines import end_graces_early
from bot.service.events import add_event
from bot.service.events import payloads as ev
from bot.service.kernel import AdjudicationResult, TickReport
from bot.service.orders import owes_orders, progress
from bot.service.variants.masters import awaited_progress
from storage import queries
from storage.models import PendingOrdersRow
from storage.orders_in_force import slots_of

if TYPE_CHECKING:
    from bot.service.app._game_service import GameService

log = logging.getLogger(__name__)

MAX_GAMES_PER_TICK = 10_000
MAX_REMINDERS_PER_TICK = 1_000


class Scheduler:
    def __init__(self, service: GameService) -> None:
        self.service = service

    async def tick(self, now: datetime) -> TickReport:
        """Adjudicate every game whose deadline has passed (or whose grace may end: its
        late powers have all ordered), then send due reminders.

        A game that fails is logged and reported, and tried again on the next tick;
        it does not stop the others.
        """
        try:  # issue 33: a grace whose late have all ordered ends now, and is played below
            await end_graces_early(self.service.adjudicator, now)
        except Exception:
            log.exception("ending graces early failed; they end at their time")
        async with self.service.store.transaction() as session:
            due = await queries.games.due(session, now, MAX_GAMES_PER_TICK)
        done: list[AdjudicationResult] = []
        errors: list[tuple[int, str]] = []
        for game_id, _version in due:
            try:
                result = await self.service.adjudicator.adjudicate_game(game_id, now, due_only=True)
            except Exception as exc:
                log.exception("adjudicating game %s failed", game_id)
                errors.append((game_id, f"{type(exc).__name__}: {exc}"))
                continue
            if result is not None:
                done.append(result)
        sent = await self._reminders(now)
        try:  # issue 31: roll-calls whose time is over first, so none is reminded late
            await self.service.roll_call.close_roll_calls(now)
            await self.service.roll_call.remind_roll_calls(now)
        except Exception:
            log.exception("a roll-call's time or reminder failed; tried again next tick")
        try:  # issue 31: sandboxes unused for 30 days; games come first
            await self.service.sandbox.expire_sandboxes(now)
        except Exception:
            log.exception("deleting unused sandboxes failed; tried again next tick")
        return TickReport(tuple(done), sent, tuple(errors))

    async def next_due(self, after: datetime) -> datetime | None:
        """The earliest moment after `after` at which a tick has something to do: a
        deadline, a reminder, a roll-call's time or reminder, an event of the outbox
        offered again. None when nothing is waiting for a moment. (Graces that may end
        early and unused sandboxes are looked at on every tick, and have no moment.)"""
        async with self.service.store.transaction() as session:
            moments = (
                await queries.games.next_moment(session, after),
                await queries.reminders.next_due(session, after),
                await queries.outbox.next_attempt(session, after),
            )
        return min((moment for moment in moments if moment is not None), default=None)

    async def _reminders(self, now: datetime) -> int:
        async with self.service.store.transaction() as session:
            due = await queries.reminders.due(session, now, MAX_REMINDERS_PER_TICK)
            # Per player when the reminder is one player's (issue 23), else per phase.
            by_phase: dict[tuple[int, int, int | None], list[tuple]] = {}
            for r in due:
                key = (r.game_id, r.phase_id, r.user_id)
                by_phase.setdefault(key, []).append((r.due_at, r.id))
        sent = 0
        for (game_id, phase_id, user_id), reminders in by_phase.items():
            # Several reminders of one phase due at once (the bot was down, or the clock
            # jumped): only the latest is worth sending; the others are recorded skipped.
            *earlier, (_, latest) = sorted(reminders)
            async with self.service.store.transaction() as session:
                # The game's row first, as every transaction that changes a game takes
                # it: a GM moving the deadline meanwhile (who deletes these reminders)
                # waits for this one, or this one for it; never each for the other.
                if await queries.games.with_phase(session, game_id, lock=True) is None:
                    continue
                if not await queries.reminders.mark_sent(session, latest, now):
                    continue  # another process sent it
                for _, reminder_id in earlier:
                    await queries.reminders.mark_sent(session, reminder_id, now, skipped=True)
                sent += await self._remind(session, game_id, phase_id, now, user_id)
        return sent

    async def _remind(
        self, session, game_id: int, phase_id: int, now: datetime, user_id: int | None = None
    ) -> int:
        """Queue the reminders of one phase (`user_id`: that player's alone); returns
        how many."""
        game = await queries.games.get(session, game_id)
        assert game is not None  # the caller holds its row
        phase = await self.service.store.current_phase(session, game)
        if phase.id != phase_id:
            return 0
        position = self.service.store.position(phase)
        slots = slots_of(await queries.orders.in_force(session, phase.id))
        masters = self.service.store.settings(game).rules.masters
        sent = 0
        told_unsaved: set[int] = set()
        for row in await queries.powers.of_game(session, game_id):
            # Only players who still owe orders: not those with nothing to order, nor
            # those whose orders cover everything (or who said they are done); a player
            # who ordered some units and not others is reminded of the others.
            if row.user_id is None or not row.playable or row.ready:
                continue
            if user_id is not None and row.user_id != user_id:
                continue
            if not owes_orders(position, row.power, self.service.store.board, masters):
                continue
            done = progress(position, row.power, slots, self.service.store.board)
            if done.owed and done.given >= done.owed:
                continue
            awaited = awaited_progress(position, row.power, masters, done)
            if awaited is None:
                continue
            done = awaited
            reminder = ev.Reminder(
                power=row.power,
                phase=phase.code,
                deadline=game.deadline_at,
                unordered=tuple(str(u) for u in done.unordered),
                given=done.given,
                owed=done.owed,
                builds_left=done.builds_left,
                removals_left=done.removals_left,
            )
            if row.user_id not in told_unsaved:
                # A DM still waiting for its sender to say which game it is for is
                # named, once, in the player's first reminder (issue 33).
                told_unsaved.add(row.user_id)
                unsaved = await session.get(PendingOrdersRow, row.user_id)
                if unsaved is not None:
                    reminder = reminder.model_copy(
                        update={"unsaved": unsaved.text, "unsaved_at": unsaved.sent_at}
                    )
            add_event(session, reminder, now, game_id=game_id, user_id=row.user_id)
            sent += 1
        return sent
