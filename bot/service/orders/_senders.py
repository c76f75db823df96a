"""Who sends orders and what they may order: the game a message is for, the powers
its sender orders (as player, standby or proxy, rules/004 rule 10), whether they may
still order now, and what they may see of the orders in force."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NoReturn

from sqlalchemy import Row
from sqlalchemy.ext.asyncio import AsyncConnection

from adjudication.model.board import Board
from adjudication.model.position import Position
from adjudication.model.units import Phase, PhaseKind, Power
from bot.service.kernel import (
    Caller,
    ChooseGame,
    LateOrders,
    LineResult,
    LineStatus,
    NoLongerPlaying,
    NotAllowed,
    NotFound,
    PhaseAlreadyPlayed,
    ServiceCore,
    SubmissionResult,
    deadline_text,
    no_such_game,
    valid_id,
)
from bot.service.orders._checks import line_json, progress
from bot.service.variants.hidden import refuse_in_kept_retreats
from storage import queries
from storage.db import Db
from storage.orders_in_force import InForce, Slot

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class SenderContext:
    """What an order operation needs, loaded once per transaction: rows of
    `storage.queries.orders` (game: with `phase_id` and `phase_code`), and what the
    sender may order."""

    game: Row
    powers: list[Row]
    controls: list[Control]
    in_force: InForce  # every power's, as read


@dataclass(frozen=True, slots=True)
class Control:
    """A power the sender may order: as its player, its standby, or a proxy."""

    power: Power
    by_owner: bool
    provinces: frozenset[str] | None  # a proxy's units; None for all

    def covers(self, power: Power, slot: Slot) -> bool:
        """Whether the order kept under (power, slot) is one this sender may see and
        change: a proxy limited to some units sees only theirs."""
        return power == self.power and (self.provinces is None or slot.province in self.provinces)


def controls_of(powers: list[Row], grants: list[Row], user_id: int) -> list[Control]:
    """What `user_id` may order, from `storage.queries.orders.context`'s rows."""
    controls = [Control(r.power, True, None) for r in powers if r.user_id == user_id]
    controls += [
        Control(r.power, False, None)
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
            controls.append(Control(grant.power, False, where))
            mine.add(grant.power)
    return controls


async def sender_context(
    desk: ServiceCore,
    db: Db,
    caller: Caller,
    game_id: int | None,
    sent_at: datetime | None,
    *,
    lock: bool = True,
) -> SenderContext:
    """The game and what the caller may order in it. `sent_at`: refuse what was sent
    after the deadline. `lock`: for a change (PostgreSQL row lock; see
    `queries.games.with_phase`); reading needs none, and holding it would make the
    scheduler pass the game over.

    A game of another server than the caller's, or (in a direct message) one the
    caller takes no part in, answers as a game that does not exist."""
    if game_id is None:
        game_id = await _the_game_of(db, caller)
    read = None
    if valid_id(game_id):
        read = await queries.orders.context(db, game_id, lock=lock)
    if read is None or (caller.guild_id not in (None, read.game.guild_id)):
        raise no_such_game(game_id)
    game = read.game
    controls = controls_of(read.powers, read.grants, caller.user_id)
    if not controls:
        await _refuse_no_power(desk, db, caller, game)
    desk._require_active(game)
    if Phase.parse(game.phase_code).kind is PhaseKind.RETREAT:  # issue 29: kept from some
        position = await desk._position_at(db, game.phase_id)
        refuse_in_kept_retreats(position, [c.power for c in controls], game.name)
    if sent_at is not None:
        _refuse_after_deadline(game, sent_at)
    if sent_at is not None and game.grace_until is not None:
        controls = await _late_only(db, game, read.powers, controls)
    return SenderContext(game, read.powers, controls, read.in_force)


async def _the_game_of(db: Db, caller: Caller) -> int:
    """The one running game the caller plays in, for a message that names none."""
    games = await queries.games.running_of_user(db, caller.user_id, caller.guild_id)
    if not games:
        former = await queries.players.former_games(db, caller.user_id)
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
    return games[0].id


async def _refuse_no_power(desk: ServiceCore, db: Db, caller: Caller, game: Row) -> NoReturn:
    """The caller orders no power here. In a direct message, a game they take no part in
    answers as one that does not exist: a stranger learns nothing of it."""
    if (
        caller.guild_id is None
        and caller.user_id != game.gm_user_id
        and not await queries.players.takes_part(db, game.id, caller.user_id)
    ):
        raise no_such_game(game.id)
    desk._require_active(game)
    raise NotAllowed(f"You have no power to order in {game.name}.")


def _refuse_after_deadline(game: Row, sent_at: datetime) -> None:
    """Orders sent once the deadline passed are refused, unless the game is paused (its
    deadline waits) or the message was sent before this phase began (an earlier phase's
    orders are kept for that phase's record instead: `record_too_late`)."""
    deadline = game.deadline_at
    if (
        game.paused_at is None
        and deadline is not None
        and sent_at >= deadline
        and sent_at >= game.phase_started_at
    ):
        raise LateOrders(
            f"The deadline for {Phase.parse(game.phase_code).title} in {game.name} has "
            "passed; orders are no longer accepted for this phase."
        )


async def _late_only(
    db: Db, game: Any, powers: Sequence[Any], controls: list[Control]
) -> list[Control]:
    """In a grace, only the late powers' orders may still change: "the others' orders
    were final at the deadline" (issue 33's ruling). A power was late when it had sent
    nothing by the deadline that passed and had not said it was ready."""
    sent = await queries.submissions.powers_sent_by(db, game.phase_id, game.phase_deadline_at)
    ready = {row.power for row in powers if row.ready}
    late = [c for c in controls if c.power not in sent and c.power not in ready]
    if late:
        return late
    phase = Phase.parse(game.phase_code).title
    raise LateOrders(
        f"Your orders for {phase} in {game.name} were final at the deadline: the game "
        f"waits until {deadline_text(game.deadline_at)} only for the powers that had sent "
        "none, and then plays the orders you had sent."
    )


def summary_for(
    ctx: SenderContext,
    position: Position,
    board: Board,
    lines: tuple[LineResult, ...],
    in_force: InForce,
    deadline: datetime | None,
    ending: bool = False,
) -> SubmissionResult:
    """What the sender may see of the orders in force: their own powers' whole, a
    proxy's only for the units it was given."""
    mine = {
        key: value for key, value in in_force.items() if any(c.covers(*key) for c in ctx.controls)
    }
    orders = tuple(sorted((kept.order for kept in mine.values()), key=str))
    slots = set(mine)
    left = [(c, progress(position, c.power, slots, board)) for c in ctx.controls]
    return SubmissionResult(
        game_id=ctx.game.id,
        phase=Phase.parse(ctx.game.phase_code),
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
        left_by_power=tuple(
            (c.power, p.builds_left, p.removals_left)
            for c, p in left
            if c.provinces is None and (p.builds_left or p.removals_left)
        ),
        ends_now=ending,
    )


async def record_too_late(
    conn: AsyncConnection,
    ctx: SenderContext,
    user_id: int,
    text: str,
    now: datetime,
    sent_at: datetime,
) -> PhaseAlreadyPlayed:
    """The message was sent while an earlier phase was open and reached the game
    after it was played: kept in the record of the phase it was meant for, every
    line refused, and the sender told to send it again."""
    game = ctx.game
    meant_for = await queries.phases.open_at(conn, game.id, sent_at)
    played = meant_for.code if meant_for is not None else None
    refusal = phase_already_played(played, game.phase_code)
    if meant_for is not None:
        refused = LineResult(text[:200], LineStatus.REJECTED, None, refusal.message, "phase_played")
        line = line_json(refused)
        for control in ctx.controls:
            await queries.submissions.add(
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


def phase_already_played(played: str | None, current: str) -> PhaseAlreadyPlayed:
    what = Phase.parse(played).title if played else "That phase"
    return PhaseAlreadyPlayed(
        f"{what} was already played; these orders were not applied — send them again "
        f"for {Phase.parse(current).title}."
    )
