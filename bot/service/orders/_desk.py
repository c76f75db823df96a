"""Orders: a player's message parsed line by line against the current position, the
order in force per unit replaced by each new one, show, clear, ready, and proxies."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncConnection

from adjudication.model.orders import Waive
from adjudication.model.position import Position
from adjudication.model.units import PhaseKind, Power
from adjudication.play.legal import legal_orders
from adjudication.text.notation import format_order
from bot.service.kernel import (
    Caller,
    ChooseGame,
    GameSettings,
    InvalidSetting,
    MatchSplit,
    NoOrderRead,
    NotAllowed,
    PhaseAlreadyPlayed,
    ProxyEnd,
    ReadyResult,
    ServiceCore,
    SubmissionResult,
    WrongState,
    clean_text,
)
from bot.service.orders._checks import NO_MASTERS, complete, line_json, progress
from bot.service.orders._duties import owes_orders
from bot.service.orders._lines import Judged, OrderLines, no_order_in
from bot.service.orders._match_split import split_by_board
from bot.service.orders._senders import SenderContext, record_too_late, sender_context, summary_for
from bot.service.variants import Parts, Standing, parts_for
from bot.service.variants.hidden import offered
from bot.service.variants.masters import (
    awaited,
    is_written_slot,
    last_winter_code,
    masters_of,
    retreat_writers,
)
from storage import queries
from storage.codec import order_to_json
from storage.db import Db
from storage.models import ProxyGrantRow
from storage.orders_in_force import InForce

log = logging.getLogger(__name__)

MAX_MESSAGE_CHARS = 4000
NO_ORDER_READ = "No order could be read from your message, so nothing was saved."
MAX_CHOICES = 25  # Discord's limit for autocomplete answers
MAX_PROXY_PROVINCES = 34  # a power never has more units than the board has centres


class OrdersDesk(ServiceCore):
    async def submit_orders(
        self,
        caller: Caller,
        text: str,
        now: datetime,
        game_id: int | None = None,
        *,
        sent_at: datetime | None = None,
    ) -> SubmissionResult:
        """Parse and store a message of orders; each line reported as accepted,
        corrected or rejected. A unit's new order replaces its old one.

        `sent_at`: when the player sent the message (Discord's own time for it; `now`
        if not given). A message sent while an earlier phase was still open, which
        reached the game only after that phase was played, is not applied to the next
        phase: it is recorded against the phase it was meant for and refused
        (`PhaseAlreadyPlayed`). One sent before the deadline that arrives after it, while
        the phase is still open, is on time.

        The whole submission (read, parse, store) is one transaction."""
        text = clean_text(text)
        if len(text) > MAX_MESSAGE_CHARS:
            raise WrongState(f"That message is too long (over {MAX_MESSAGE_CHARS} characters).")
        async with self.core_transaction() as conn:
            outcome = await self._submit(conn, caller, text, now, sent_at or now, game_id)
        if isinstance(outcome, PhaseAlreadyPlayed):
            raise outcome  # after the commit: the message stays in the record
        if outcome.ends_now:
            self.store.nudge()  # the phase is due now: the scheduler plays it at once
        return outcome

    async def _submit(
        self,
        conn: AsyncConnection,
        caller: Caller,
        text: str,
        now: datetime,
        sent_at: datetime,
        game_id: int | None,
    ) -> SubmissionResult | PhaseAlreadyPlayed:
        # Read under the write lock (BEGIN IMMEDIATE on SQLite, the game's row on
        # PostgreSQL): the phase, the deadline and the orders in force cannot change
        # before this commits, so an accepted order is one the phase will play.
        ctx = await self._sender(conn, caller, text, game_id, sent_at)
        game, controls = ctx.game, ctx.controls
        if sent_at < game.phase_started_at:
            return await record_too_late(conn, ctx, caller.user_id, text, now, sent_at)
        position = await self._position_at(conn, game.phase_id)
        masters = masters_of(game.settings)
        parts = parts_for(position.variant, masters)
        last_winter = await self._last_winter(conn, game.id, position, masters)
        lines = self._lines(position, last_winter)
        parsed = lines.read(text, controls, parts.reader)
        if no_order_in(parsed):
            raise NoOrderRead(NO_ORDER_READ, (self._nothing_sent(ctx, position),))
        # The orders in force as they will stand after this message.
        judged = lines.judge_message(parsed, ctx.in_force, masters, parts)
        await self._store_message(conn, ctx, caller, text, now, judged)
        done, deadline = await self._maybe_end_early(conn, ctx, position, now, judged.in_force)
        ending = done and deadline == now
        summary = summary_for(
            ctx, position, self.board, tuple(judged.lines), judged.in_force, deadline, ending
        )
        return self._told(parts, summary, ctx, position, judged.in_force, last_winter)

    async def _sender(
        self,
        conn: AsyncConnection,
        caller: Caller,
        text: str,
        game_id: int | None,
        sent_at: datetime,
    ) -> SenderContext:
        """The game and what the sender orders in it; for a player of a One-on-one
        match's two boards, the board the message's lines name (O5), or `MatchSplit`
        when they name both."""
        try:
            return await sender_context(self, conn, caller, game_id, sent_at)
        except ChooseGame as choice:
            # A one-on-one match's two boards: the units each line names say which (O5).
            split = await split_by_board(self, conn, caller, text, choice.game_ids)
            board = split.one_board() if split is not None else None
            if board is None:
                await self._refuse_if_no_order(conn, caller, text, choice.game_ids)
                if split is not None and (split.parts or split.both):
                    parts, both = split.texts(), split.waiting()
                    raise MatchSplit(choice.message, choice.game_ids, parts, both) from None
                raise
            return await sender_context(self, conn, caller, board, sent_at)

    async def _store_message(
        self,
        conn: AsyncConnection,
        ctx: SenderContext,
        caller: Caller,
        text: str,
        now: datetime,
        judged: Judged,
    ) -> None:
        """The message kept (one submission per power it is for) and the orders in
        force it changed."""
        game, controls = ctx.game, ctx.controls
        in_force, changed, rewritten = judged.in_force, judged.changed, judged.rewritten
        # Keep every message, even one with nothing usable: it is in the record,
        # and a player who wrote counts as having sent orders.
        submission_ids = {
            power: await queries.submissions.add(
                conn,
                game_id=game.id,
                phase_id=game.phase_id,
                power=power,
                sender_user_id=caller.user_id,
                raw_text=text,
                received_at=now,
                lines=[line_json(r) for r in results],
            )
            for power, results in (judged.by_power.items() or [(controls[0].power, [])])
        }
        for power, slots in (rewritten.dropped if rewritten else {}).items():
            await queries.orders.clear_slots(conn, game.phase_id, power, slots)
        await queries.orders.put(
            conn,
            [
                {
                    "phase_id": game.phase_id,
                    "power": power,
                    "slot": str(key[1]),
                    "order": order_to_json(in_force[key].order),
                    "submission_id": submission_ids[power],
                    "by_owner": in_force[key].by_owner,
                }
                for key, power in changed.items()
            ],
        )

    def _nothing_sent(self, ctx: SenderContext, position: Position) -> SubmissionResult:
        """The sender's orders as they stand, for a message that changed nothing."""
        return summary_for(ctx, position, self.board, (), ctx.in_force, ctx.game.deadline_at)

    async def _refuse_if_no_order(
        self, conn: AsyncConnection, caller: Caller, text: str, game_ids: Sequence[int]
    ) -> None:
        """A player of several games is asked which one a message of orders is for,
        unless it reads as no order in any of them: then there is nothing to ask
        about, and `NoOrderRead` says so with each game's phase and deadline."""
        games = []
        for game_id in game_ids:
            ctx = await sender_context(self, conn, caller, game_id, None, lock=False)
            position = await self._position_at(conn, ctx.game.phase_id)
            parts = parts_for(position.variant, masters_of(ctx.game.settings))
            read = self._lines(position).read(text, ctx.controls, parts.reader)
            if not no_order_in(read):
                return
            games.append(self._nothing_sent(ctx, position))
        raise NoOrderRead(NO_ORDER_READ, tuple(games))

    async def show_orders(self, caller: Caller, game_id: int | None = None) -> SubmissionResult:
        """The sender's orders in force for the current phase (never anyone else's; a
        proxy limited to some units sees only theirs)."""
        async with self.core_transaction() as session:
            ctx = await sender_context(self, session, caller, game_id, None, lock=False)
            position = await self._position_at(session, ctx.game.phase_id)
            summary = summary_for(ctx, position, self.board, (), ctx.in_force, ctx.game.deadline_at)
            masters = masters_of(ctx.game.settings)
            last_winter = await self._last_winter(session, ctx.game.id, position, masters)
            parts = parts_for(position.variant, masters)
            return self._told(parts, summary, ctx, position, ctx.in_force, last_winter)

    async def _last_winter(
        self, conn: AsyncConnection, game_id: int, position: Position, masters
    ) -> Mapping[str, Power] | None:
        """rules/003 MR4 a: the ownership at the previous adjustments (this year's
        Spring's), in a Winter where an annexation is judged; else None."""
        code = last_winter_code(position, masters)
        if code is None:
            return None
        row = await queries.phases.latest_play(conn, game_id, code)
        if row is None or row.id is None:
            return None
        return (await self._position_at(conn, row.id)).ownership

    def _told(
        self,
        parts: Parts,
        summary: SubmissionResult,
        ctx: SenderContext,
        position: Position,
        in_force: InForce,
        last_winter: Mapping[str, Power] | None,
    ) -> SubmissionResult:
        """What the sender is told beside their orders, as the game's parts add it (the
        Masters Rules' count, the powers in disorder one may write for, a Winter's
        choices)."""
        standing = Standing(
            position,
            self.board_at(position),
            tuple(c.power for c in ctx.controls if c.by_owner),
            frozenset(r.power for r in ctx.powers if r.civil_disorder),
            in_force,
            last_winter,
        )
        return parts.with_orders(summary, standing)

    async def clear_orders(
        self, caller: Caller, now: datetime, game_id: int | None = None
    ) -> SubmissionResult:
        async with self.core_transaction() as session:
            ctx = await sender_context(self, session, caller, game_id, now)
            own = {c.power for c in ctx.controls if c.by_owner}
            for power in sorted(own):
                await queries.orders.clear(session, ctx.game.phase_id, power)
            left = {key: value for key, value in ctx.in_force.items() if key[0] not in own}
            position = await self._position_at(session, ctx.game.phase_id)
            return summary_for(ctx, position, self.board, (), left, ctx.game.deadline_at)

    async def set_ready(
        self, caller: Caller, now: datetime, ready: bool = True, game_id: int | None = None
    ) -> ReadyResult:
        """Mark the player's powers ready (or not); says whether the phase now ends
        early, and what of theirs is still without an order (it will hold, or be
        disbanded, waived or chosen by the civil-disorder rule)."""
        async with self.core_transaction() as session:
            ctx = await sender_context(self, session, caller, game_id, now)
            own = {c.power for c in ctx.controls if c.by_owner}
            if not own:
                raise NotAllowed("Only a power's own player can mark it ready.")
            await queries.powers.set_ready(session, ctx.game.id, own, ready)
            before = {r.power for r in ctx.powers if r.ready}
            now_ready = before | own if ready else before - own
            position = await self._position_at(session, ctx.game.phase_id)
            done, _ = await self._maybe_end_early(session, ctx, position, now, ready=now_ready)
            slots = set(ctx.in_force)
            left = [progress(position, power, slots, self.board) for power in sorted(own)]
        if done:
            self.store.nudge()  # the deadline moved to now (or to the phase's earliest end)
        return ReadyResult(
            ready=ready,
            ends_phase=done,
            kind=position.phase.kind,
            unordered=tuple(u for p in left for u in p.unordered),
            builds_left=sum(p.builds_left for p in left),
            removals_left=sum(p.removals_left for p in left),
        )

    async def legal_orders(
        self, caller: Caller, typed: str = "", game_id: int | None = None
    ) -> list[str]:
        """For autocomplete: the legal orders of the units the user may order in the
        current phase (as player, standby or proxy), in player notation ("A Par - Bur"),
        those containing every word typed so far, at most `MAX_CHOICES`."""
        async with self.core_transaction() as session:
            ctx = await sender_context(self, session, caller, game_id, None, lock=False)
            position = await self._position_at(session, ctx.game.phase_id)
        board = self.board_at(position)
        texts = [
            format_order(order, board)
            for control in ctx.controls
            for order in legal_orders(offered(position, control.power, board), board, control.power)
            if control.provinces is None
            or (not isinstance(order, Waive) and order.unit.province in control.provinces)
        ]
        # A variant's own orders (Spy Diplomacy: a player's own spy, never another's).
        parts = parts_for(position.variant)
        texts += [
            t
            for control in ctx.controls
            if control.provinces is None
            for t in parts.choices(position, control.power, board)
        ]
        words = typed.lower().split()
        hits = [t for t in texts if all(w in t.lower() for w in words)]
        # The unit the player started with first: "par bur" puts "A Par - Bur"
        # before "A Mar S A Par - Bur".
        hits.sort(key=lambda t: t.lower().find(words[0]) if words else 0)
        return hits[:MAX_CHOICES]

    async def grant_proxy(
        self,
        caller: Caller,
        grantee_user_id: int,
        now: datetime,
        provinces: Sequence[str] | None = None,
        game_id: int | None = None,
    ) -> tuple[str, ...] | None:
        """rules/004 rule 10: let another player order some (or all) of one's units.
        The owner's own orders always win over the proxy's. The grant lasts while the
        grantor holds the power (see `ProxyEnd`). Returns the provinces of the units
        given, as kept (None: all)."""
        if grantee_user_id == caller.user_id:
            raise InvalidSetting("You already order your own units; name someone else.")
        where = None
        if provinces:
            where = [clean_text(p).upper()[:8] for p in provinces[:MAX_PROXY_PROVINCES]]
        async with self.transaction() as session:
            ctx = await sender_context(self, session, caller, game_id, None)
            own = [c.power for c in ctx.controls if c.by_owner]
            if not own:
                raise NotAllowed("Only a power's own player can give a proxy for it.")
            for power in own:
                session.add(
                    ProxyGrantRow(
                        game_id=ctx.game.id,
                        power=power,
                        grantor_user_id=caller.user_id,
                        grantee_user_id=grantee_user_id,
                        provinces=where,
                        granted_at=now,
                    )
                )
        return tuple(where) if where is not None else None

    async def revoke_proxies(
        self, caller: Caller, now: datetime, game_id: int | None = None
    ) -> int:
        """Take back every proxy given for one's powers; their holders are told."""
        async with self.transaction() as session:
            ctx = await sender_context(self, session, caller, game_id, None)
            own = {c.power for c in ctx.controls if c.by_owner}
            game = await self._game(session, ctx.game.id)
            ended = await self._end_proxies(session, game, own, ProxyEnd.REVOKED, now)
            return len(ended)

    # --- helpers ------------------------------------------------------------------

    def _lines(
        self, position: Position, last_winter: Mapping[str, Power] | None = None
    ) -> OrderLines:
        """The lines of a message read and judged against `position` (`last_winter`:
        the ownership an annexation is judged by, rules/003 MR4 a)."""
        board = self.board_at(position)
        return OrderLines(position, board, self.engine.parse_orders, last_winter)

    async def _maybe_end_early(
        self,
        db: Db,
        ctx: SenderContext,
        position: Position,
        now: datetime,
        in_force: dict | None = None,
        ready: set[Power] | None = None,
    ) -> tuple[bool, datetime | None]:
        """rules/004 rule 3: retreats and adjustments end once everyone concerned has
        sent complete orders; a movement phase when every player is ready, if the game
        allows it. The deadline moves to now and the next scheduler tick adjudicates.
        Returns whether the phase is done, and its deadline as it now stands."""
        game = ctx.game
        # The Masters Rules count only in a Winter: no settings read for other phases.
        winter = position.phase.kind is PhaseKind.ADJUSTMENT
        masters = masters_of(game.settings) if winter else NO_MASTERS
        concerned = [
            r.power
            for r in ctx.powers
            if r.playable
            and r.user_id is not None
            and not r.civil_disorder
            and owes_orders(position, r.power, self.board, masters)
        ]
        if position.phase.kind is PhaseKind.MOVEMENT:
            if ready is None:
                ready = {r.power for r in ctx.powers if r.ready}
            done = bool(concerned) and all(p in ready for p in concerned)
            end_at = now
            if done:  # only then is the setting worth a query
                stored = await queries.games.settings_json(db, game.id)
                settings = GameSettings.model_validate(stored)
                done = settings.end_when_ready
                # Issue 23: a game whose players are always ready cannot run away.
                end_at = max(now, settings.schedule.earliest_movement_end(game.phase_started_at))
        else:
            end_at = now
            slots = set(ctx.in_force if in_force is None else in_force)
            done = all(complete(position, p, slots, self.board) for p in concerned)
            if done:  # rules/003: who may still raise rebels, annex or build with aid
                done = not self._masters_awaited(ctx, position, slots, ready)
        deadline = game.deadline_at
        if done and game.paused_at is None and (deadline is None or deadline > end_at):
            await queries.games.set_deadline(db, game.id, end_at)
            return True, end_at
        return done, deadline

    def _masters_awaited(self, ctx: SenderContext, position, slots, ready) -> list[Power]:
        """docs/VARIANTS.md M22: the Winter also waits for these players' powers; M25:
        a retreat phase for those who may write a retreat for a power in disorder."""
        if ready is None:
            ready = {r.power for r in ctx.powers if r.ready}
        players = [
            r.power
            for r in ctx.powers
            if r.playable and r.user_id is not None and not r.civil_disorder
        ]
        masters = masters_of(ctx.game.settings)
        if position.phase.kind is PhaseKind.RETREAT:
            disorder = {r.power for r in ctx.powers if r.civil_disorder}
            board = self.board_at(position)
            writers = retreat_writers(position, board, masters, players, disorder)
            wrote = {p for p, slot in slots if is_written_slot(slot)}
            return [p for p in writers if p not in wrote and p not in ready]
        written = {p for p, _ in slots}
        return awaited(position, self.board, masters, players, written, ready)
