"""Orders: a player's message parsed line by line against the current position, the
order in force per unit replaced by each new one, show, clear, ready, and proxies."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from sqlalchemy import Row
from sqlalchemy.ext.asyncio import AsyncConnection

from adjudication.legal import legal_orders
from adjudication.notation import format_order
from adjudication.orders import Waive
from adjudication.position import Position
from adjudication.units import Phase, PhaseKind, Power
from bot.service.caller import Caller
from bot.service.errors import (
    ChooseGame,
    InvalidSetting,
    LateOrders,
    NoLongerPlaying,
    NotAllowed,
    NotFound,
    PhaseAlreadyPlayed,
    WrongState,
)
from bot.service.game_settings import GameSettings
from bot.service.masters_orders import (
    Rewritten,
    is_written_slot,
    masters_of,
    orderable,
    orderable_text,
    reader,
    variable_control_left,
    written_for_others,
)
from bot.service.masters_winter import awaited
from bot.service.match_orders import board_named
from bot.service.order_checks import (
    adjustment_excess,
    complete,
    line_json,
    progress,
    slot_of,
)
from bot.service.power_views import offered
from bot.service.proxies import ProxyEnd
from bot.service.service_core import ServiceCore, no_such_game, owes_orders, valid_id
from bot.service.spy_orders import has_spies, spy_choices
from bot.service.text_input import clean_text
from bot.service.unclear_orders import Ruling, rule_on
from bot.service.views import LineResult, LineStatus, ReadyResult, SubmissionResult
from storage import order_queries, repo
from storage.codec import order_from_json, order_to_json
from storage.models import ProxyGrantRow

log = logging.getLogger(__name__)

MAX_MESSAGE_CHARS = 4000
MAX_CHOICES = 25  # Discord's limit for autocomplete answers
MAX_PROXY_PROVINCES = 34  # a power never has more units than the board has centres


@dataclass(frozen=True, slots=True)
class _Context:
    """What an order operation needs, loaded once per transaction: rows of
    `storage.order_queries` (game: with `phase_id` and `phase_code`)."""

    game: Row
    powers: list[Row]
    controls: list[_Control]
    in_force: dict[tuple[str, str], tuple[dict, bool]]  # every power's, as read


@dataclass(frozen=True, slots=True)
class _Control:
    """A power the sender may order: as its player, its standby, or a proxy."""

    power: Power
    by_owner: bool
    provinces: frozenset[str] | None  # a proxy's units; None for all

    def covers(self, power: Power, slot: str) -> bool:
        """Whether the order kept under (power, slot) is one this sender may see and
        change: a proxy limited to some units sees only theirs."""
        return power == self.power and (self.provinces is None or slot in self.provinces)


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
        try:
            ctx = await self._sender_context(conn, caller, game_id, sent_at)
        except ChooseGame as choice:
            # A one-on-one match's two boards: the units named may say which (O5).
            board = await board_named(self, conn, caller, text, choice.game_ids)
            if board is None:
                raise
            ctx = await self._sender_context(conn, caller, board, sent_at)
        game, controls = ctx.game, ctx.controls
        if sent_at < game.phase_started_at:
            return await self._record_too_late(conn, ctx, caller.user_id, text, now, sent_at)
        position = await self._position_at(conn, game.phase_id)
        masters = masters_of(game.settings)
        parsed = self._parse(text, position, controls, reader(masters))
        # (power, slot) -> (order JSON, given by the owner): the orders in force as
        # they will stand after this message, built up line by line.
        in_force = dict(ctx.in_force)
        lines: list[LineResult] = []
        by_power: dict[Power, list[LineResult]] = {}
        changed: dict[tuple[str, str], Power] = {}
        rewritten = Rewritten(in_force) if masters.played else None
        for line_text, control, item in parsed:
            result, order = self._judge(line_text, control, item, in_force, position, masters)
            lines.append(result)
            by_power.setdefault(control.power, []).append(result)
            if order is not None:
                taken = {slot for (p, slot) in in_force if p == control.power}
                if rewritten is not None and written_for_others(order, control.power):
                    key = rewritten.key(control.power, changed)
                else:
                    key = (control.power, slot_of(order, taken))
                in_force[key] = (order_to_json(order), control.by_owner)
                changed[key] = control.power
        # Keep every message, even one with nothing usable: it is in the record,
        # and a player who wrote counts as having sent orders.
        submission_ids = {
            power: await order_queries.add_submission(
                conn,
                game_id=game.id,
                phase_id=game.phase_id,
                power=power,
                sender_user_id=caller.user_id,
                raw_text=text,
                received_at=now,
                lines=[line_json(r) for r in results],
            )
            for power, results in (by_power.items() or [(controls[0].power, [])])
        }
        for power, slots in (rewritten.dropped if rewritten else {}).items():
            await order_queries.clear_slots(conn, game.phase_id, power, slots)
        await order_queries.put_orders(
            conn,
            [
                {
                    "phase_id": game.phase_id,
                    "power": power,
                    "slot": key[1],
                    "order": in_force[key][0],
                    "submission_id": submission_ids[power],
                    "by_owner": in_force[key][1],
                }
                for key, power in changed.items()
            ],
        )
        done, deadline = await self._maybe_end_early(conn, ctx, position, now, in_force)
        ending = done and deadline == now
        summary = self._summary(ctx, position, tuple(lines), in_force, deadline, ending)
        return self._with_masters(summary, ctx, position, in_force, masters)

    async def _record_too_late(
        self,
        conn: AsyncConnection,
        ctx: _Context,
        user_id: int,
        text: str,
        now: datetime,
        sent_at: datetime,
    ) -> PhaseAlreadyPlayed:
        """The message was sent while an earlier phase was open and reached the game
        after it was played: kept in the record of the phase it was meant for, every
        line refused, and the sender told to send it again."""
        game = ctx.game
        meant_for = await order_queries.phase_open_at(conn, game.id, sent_at)
        played = meant_for.code if meant_for is not None else None
        refusal = phase_already_played(played, game.phase_code)
        if meant_for is not None:
            line = {
                "text": text[:200],
                "status": LineStatus.REJECTED.value,
                "order": None,
                "message": refusal.message,
                "reason": "phase_played",
                "notes": [],
            }
            for control in ctx.controls:
                await order_queries.add_submission(
                    conn,
                    game_id=game.id,
                    phase_id=meant_for.id,
                    power=control.power,
                    sender_user_id=user_id,
                    raw_text=text,
                    received_at=now,
                    lines=[line],
                )
        log.info("game %s: orders sent during %s arrived after it was played", game.id, played)
        return refusal

    async def show_orders(self, caller: Caller, game_id: int | None = None) -> SubmissionResult:
        """The sender's orders in force for the current phase (never anyone else's; a
        proxy limited to some units sees only theirs)."""
        async with self.core_transaction() as session:
            ctx = await self._sender_context(session, caller, game_id, None, lock=False)
            position = await self._position_at(session, ctx.game.phase_id)
            summary = self._summary(ctx, position, (), ctx.in_force, ctx.game.deadline_at)
            masters = masters_of(ctx.game.settings)
            return self._with_masters(summary, ctx, position, ctx.in_force, masters)

    def _with_masters(self, summary, ctx: _Context, position, in_force, masters):
        """The Masters Rules' count and the powers in disorder one may write for."""
        if not masters.played:
            return summary
        board = self.board_at(position)
        disorder = {r.power for r in ctx.powers if r.civil_disorder}
        own = [c.power for c in ctx.controls if c.by_owner]
        written = sum(1 for (p, slot) in in_force if p in own and is_written_slot(slot))
        counts = [variable_control_left(position, board, p, written) for p in own[:1]]
        cd = [q for p in own for q in orderable(position, board, masters, p, disorder)]
        return replace(
            summary,
            written_left=counts[0] if counts and masters.variable_control else None,
            cd_powers_text=orderable_text(sorted(set(cd))),
        )

    async def clear_orders(
        self, caller: Caller, now: datetime, game_id: int | None = None
    ) -> SubmissionResult:
        async with self.core_transaction() as session:
            ctx = await self._sender_context(session, caller, game_id, now)
            own = {c.power for c in ctx.controls if c.by_owner}
            for power in sorted(own):
                await order_queries.clear_orders(session, ctx.game.phase_id, power)
            left = {key: value for key, value in ctx.in_force.items() if key[0] not in own}
            position = await self._position_at(session, ctx.game.phase_id)
            return self._summary(ctx, position, (), left, ctx.game.deadline_at)

    async def set_ready(
        self, caller: Caller, now: datetime, ready: bool = True, game_id: int | None = None
    ) -> ReadyResult:
        """Mark the player's powers ready (or not); says whether the phase now ends
        early, and what of theirs is still without an order (it will hold, or be
        disbanded, waived or chosen by the civil-disorder rule)."""
        async with self.core_transaction() as session:
            ctx = await self._sender_context(session, caller, game_id, now)
            own = {c.power for c in ctx.controls if c.by_owner}
            if not own:
                raise NotAllowed("Only a power's own player can mark it ready.")
            await order_queries.set_ready(session, ctx.game.id, own, ready)
            before = {r.power for r in ctx.powers if r.ready}
            now_ready = before | own if ready else before - own
            position = await self._position_at(session, ctx.game.phase_id)
            done, _ = await self._maybe_end_early(session, ctx, position, now, ready=now_ready)
            slots = set(ctx.in_force)
            left = [progress(position, power, slots, self.board) for power in sorted(own)]
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
            ctx = await self._sender_context(session, caller, game_id, None, lock=False)
            position = await self._position_at(session, ctx.game.phase_id)
        board = self.board_at(position)
        texts = [
            format_order(order, board)
            for control in ctx.controls
            for order in legal_orders(offered(position, control.power, board), board, control.power)
            if control.provinces is None
            or (not isinstance(order, Waive) and order.unit.province in control.provinces)
        ]
        if has_spies(position):  # Spy Diplomacy: a player's own spy, never another's
            texts += [
                t
                for control in ctx.controls
                if control.provinces is None
                for t in spy_choices(position, control.power, board)
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
            ctx = await self._sender_context(session, caller, game_id, None)
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
            ctx = await self._sender_context(session, caller, game_id, None)
            own = {c.power for c in ctx.controls if c.by_owner}
            game = await self._game(session, ctx.game.id)
            ended = await self._end_proxies(session, game, own, ProxyEnd.REVOKED, now)
            return len(ended)

    # --- helpers ------------------------------------------------------------------

    async def _sender_context(
        self,
        db: order_queries.Db,
        caller: Caller,
        game_id: int | None,
        sent_at: datetime | None,
        *,
        lock: bool = True,
    ) -> _Context:
        """The game and what the caller may order in it. `sent_at`: refuse what was sent
        after the deadline. `lock`: for a change (PostgreSQL row lock; see
        `repo.game_with_phase`); reading needs none, and holding it would make the
        scheduler pass the game over.

        A game of another server than the caller's, or (in a direct message) one the
        caller takes no part in, answers as a game that does not exist."""
        if game_id is None:
            games = await order_queries.user_games(db, caller.user_id, caller.guild_id)
            if not games:
                former = await order_queries.former_games(db, caller.user_id)
                if former:
                    names = ", ".join(g.name for g in former)
                    raise NoLongerPlaying(
                        f"You no longer play in {names}: another player has taken your "
                        "place, so your orders were not applied."
                    )
                raise NotFound("You are not playing in any running game.")
            if len(games) > 1:
                names = ", ".join(f"{g.name} (#{g.id})" for g in games)
                raise ChooseGame(
                    f"You are in several games: {names}. Say which one.",
                    tuple(g.id for g in games),
                )
            game_id = games[0].id
        read = None
        if valid_id(game_id):
            read = await order_queries.order_context(db, game_id, lock=lock)
        if read is None or (caller.guild_id not in (None, read.game.guild_id)):
            raise no_such_game(game_id)
        game = read.game
        controls = self._controls(read.powers, read.grants, caller.user_id)
        if not controls:
            if (
                caller.guild_id is None
                and caller.user_id != game.gm_user_id
                and not await repo.takes_part(db, game.id, caller.user_id)
            ):
                raise no_such_game(game_id)
            self._require_active(game)
            raise NotAllowed(f"You have no power to order in {game.name}.")
        self._require_active(game)
        deadline = game.deadline_at
        if (
            sent_at is not None
            and game.paused_at is None
            and deadline is not None
            and sent_at >= deadline
            and sent_at >= game.phase_started_at
        ):
            raise LateOrders(
                f"The deadline for {game.phase_code} in {game.name} has passed; orders are "
                "no longer accepted for this phase."
            )
        return _Context(game, read.powers, controls, read.in_force)

    @staticmethod
    def _controls(powers: list[Row], grants: list[Row], user_id: int) -> list[_Control]:
        controls = [_Control(r.power, True, None) for r in powers if r.user_id == user_id]
        controls += [
            _Control(r.power, False, None)
            for r in powers
            if r.standby_user_id == user_id and r.user_id != user_id
        ]
        mine = {c.power for c in controls}
        for grant in grants:
            # A grant row carries its power's columns: the grant counts only while its
            # grantor still plays the power and the power is not in civil disorder
            # (rules/004 rule 10; such grants are also ended when that happens).
            if (
                grant.grantee_user_id == user_id
                and grant.power not in mine
                and grant.user_id is not None
                and grant.user_id == grant.grantor_user_id
                and not grant.civil_disorder
            ):
                where = frozenset(grant.provinces) if grant.provinces is not None else None
                controls.append(_Control(grant.power, False, where))
                mine.add(grant.power)
        return controls

    def _parse(
        self, text: str, position: Position, controls: list[_Control], parse=None
    ) -> list[tuple]:
        """(line text, control, ParsedLine) per line; with several powers each line
        goes to the first power for which it reads as an order, else to the first whose
        unit it names (`_judge` rules on it), else to the first power. `parse`: the
        game's own reader (the Masters Rules'), else the engine's."""
        board = self.board_at(position)
        # A hidden-information game reads each line against what the power surely
        # knows: the echo of an order naming a hidden unit reads as if the space were
        # empty, and a refused retreat names no true option (issue 12).
        parse = parse or self.engine.parse_orders
        per_power = [
            (c, parse(text, offered(position, c.power, board), c.power, board)) for c in controls
        ]
        out = []
        for i, first in enumerate(per_power[0][1]):
            lines = [(c, results[i]) for c, results in per_power if i < len(results)]
            chosen = next(
                ((c, line) for c, line in lines if line.rejection is None and line.order),
                None,
            ) or next(
                ((c, line) for c, line in lines if self._ruling(line, position, c) is not None),
                (controls[0], first),
            )
            out.append((first.text, *chosen))
        return out

    def _ruling(self, line, position: Position, control: _Control) -> Ruling | None:
        """rules/004 rule 7 on a refused line about one of the sender's units
        (bot/service/unclear_orders.py); None if it is about none they may order."""
        board = self.board_at(position)
        known = offered(position, control.power, board)
        ruling = rule_on(line, known, control.power, board, self.engine.parse_orders)
        if ruling is None or not control.covers(control.power, ruling.unit.province):
            return None
        return ruling

    def _judge(self, text, control, item, in_force, position, masters):
        notes = tuple(getattr(item, "notes", ()) or ())
        order = item.order
        if order is None or item.rejection is not None:
            # The parser may read an order and still refuse it (no such unit, replaced
            # by a later line): only an order without a rejection is accepted. A line
            # about one of the sender's units that cannot be followed is their last word
            # about it: rules/004 rule 7, "treated as Hold".
            rejected = self._line(text, LineStatus.REJECTED, None, item.rejection, notes, control)
            ruling = self._ruling(item, position, control)
            if ruling is None:
                return rejected, None
            existing = in_force.get((control.power, ruling.unit.province))
            if existing is not None and existing[1] and not control.by_owner:
                return rejected, None  # the owner's own order stands
            return replace(rejected, message=ruling.message), ruling.order
        if written_for_others(order, control.power):
            if not control.by_owner:  # a proxy orders the grantor's units, no more
                return self._refuse(text, "You were not given control of that unit.", control), None
            status = LineStatus.CORRECTED if notes else LineStatus.ACCEPTED
            return self._line(text, status, order, None, notes, control), order
        slot = None if isinstance(order, Waive) else slot_of(order, set())
        if control.provinces is not None and slot not in control.provinces:
            return self._refuse(text, "You were not given control of that unit.", control), None
        existing = None if slot is None else in_force.get((control.power, slot))
        if existing is not None and existing[1] and not control.by_owner:
            return self._line(text, LineStatus.OVERRIDDEN, order, None, notes, control), None
        over = adjustment_excess(order, control.power, in_force, position, masters)
        if over:
            return self._refuse(text, over, control), None
        status = LineStatus.CORRECTED if notes else LineStatus.ACCEPTED
        return self._line(text, status, order, None, notes, control), order

    @staticmethod
    def _line(text, status, order, rejection, notes, control) -> LineResult:
        return LineResult(
            text=text,
            status=status,
            order=order,
            message=rejection.message if rejection is not None else None,
            reason=rejection.reason.value if rejection is not None else None,
            notes=notes,
            power=control.power,
        )

    @staticmethod
    def _refuse(text: str, message: str, control: _Control) -> LineResult:
        return LineResult(
            text, LineStatus.REJECTED, None, message, "not_allowed", (), control.power
        )

    async def _maybe_end_early(
        self,
        db: order_queries.Db,
        ctx: _Context,
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
        concerned = [
            r.power
            for r in ctx.powers
            if r.playable
            and r.user_id is not None
            and not r.civil_disorder
            and owes_orders(position, r.power, self.board)
        ]
        if position.phase.kind is PhaseKind.MOVEMENT:
            if ready is None:
                ready = {r.power for r in ctx.powers if r.ready}
            done = bool(concerned) and all(p in ready for p in concerned)
            end_at = now
            if done:  # only then is the setting worth a query
                stored = await order_queries.settings_json(db, game.id)
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
            await order_queries.set_deadline(db, game.id, end_at)
            return True, end_at
        return done, deadline

    def _masters_awaited(self, ctx: _Context, position, slots, ready) -> list[Power]:
        """docs/VARIANTS.md M22: the Winter also waits for these players' powers."""
        if ready is None:
            ready = {r.power for r in ctx.powers if r.ready}
        players = [
            r.power
            for r in ctx.powers
            if r.playable and r.user_id is not None and not r.civil_disorder
        ]
        written = {p for p, _ in slots}
        masters = masters_of(ctx.game.settings)
        return awaited(position, self.board, masters, players, written, ready)

    def _summary(
        self, ctx: _Context, position, lines, in_force, deadline, ending: bool = False
    ) -> SubmissionResult:
        """What the sender may see of the orders in force: their own powers' whole, a
        proxy's only for the units it was given."""
        mine = {
            key: value
            for key, value in in_force.items()
            if any(c.covers(*key) for c in ctx.controls)
        }
        orders = tuple(sorted((order_from_json(o) for o, _ in mine.values()), key=str))
        slots = set(mine)
        left = [(c, progress(position, c.power, slots, self.board)) for c in ctx.controls]
        return SubmissionResult(
            game_id=ctx.game.id,
            phase=ctx.game.phase_code,
            powers=tuple(c.power for c in ctx.controls),
            lines=lines,
            orders=orders,
            # A proxy given some units sees only those, and no builds or removals.
            unordered=tuple(
                u
                for c, p in left
                for u in p.unordered
                if c.provinces is None or u.province in c.provinces
            ),
            deadline_at=deadline,
            owed=sum(p.owed for c, p in left if c.provinces is None),
            builds_left=sum(p.builds_left for c, p in left if c.provinces is None),
            removals_left=sum(p.removals_left for c, p in left if c.provinces is None),
            ends_now=ending,
        )


def phase_already_played(played: str | None, current: str) -> PhaseAlreadyPlayed:
    what = Phase.parse(played).title if played else "That phase"
    return PhaseAlreadyPlayed(
        f"{what} was already played; these orders were not applied — send them again "
        f"for {Phase.parse(current).title}."
    )
