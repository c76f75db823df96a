"""The sandbox desk (issue 31): a user's private boards, made from the standard opening
or from a phase of a game they may see (`_source`), ordered for every power
(`_reading`), adjudicated at will by the engine with the game's rules, stepped back a
phase at a time, and drawn each time.

A sandbox is kept in its own tables only (`storage.sandbox_models`): nothing here
writes to a game, its record, its outbox or its ratings, and nothing of a game reads a
sandbox. Each user keeps at most the operator's cap (`SANDBOX_CAP`, 5 by default); one
unused for `UNUSED_DAYS` is deleted by the scheduler's tick (`expire_sandboxes`) and
counts as gone before that tick.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.model.position import Position
from adjudication.model.units import Power
from adjudication.text.names import resolve_power
from adjudication.variants import VARIANTS
from bot.service.kernel import (
    Caller,
    InvalidSetting,
    NotAllowed,
    NotFound,
    PlayedPhase,
    ServiceCore,
    Store,
    WrongState,
    channel_results,
    clean_text,
    quoted,
)
from bot.service.lobby import Lobby
from bot.service.records import GameLookups, History
from bot.service.sandbox._drawing import position_png, results_png
from bot.service.sandbox._reading import given_orders, read_orders
from bot.service.sandbox._source import Source, game_source, standard_opening
from bot.service.sandbox._views import SandboxList, SandboxSummary, SandboxView
from bot.service.sandbox._words import (
    back_text,
    cap_text,
    deleted_text,
    first_phase_text,
    listed_text,
    made_text,
    no_sandbox_text,
    orders_text,
    played_text,
)
from storage import queries
from storage.codec import (
    order_from_json,
    order_to_json,
    position_from_json,
    position_to_json,
    rules_from_json,
    rules_to_json,
)
from storage.sandbox_models import SandboxPositionRow, SandboxRow

DEFAULT_CAP = 5
UNUSED_DAYS = 30
MAX_PHASES = 100  # kept per sandbox for stepping back; older ones are dropped
DEFAULT_PALETTE = "classic"

Given = list[tuple[Power, Any]]


@dataclass(frozen=True, slots=True)
class _Games:
    """The service as the lookups read it (`records.ReadsGames`): the sandbox's views of
    a game are the lookups' own (`known_in_play`)."""

    store: Store
    history: History
    lobby: Lobby


class SandboxDesk(ServiceCore):
    """Every `/sandbox` command. `cap`: how many sandboxes a user may keep (the
    operator's `SANDBOX_CAP`)."""

    def __init__(
        self, store: Store, *, history: History, lobby: Lobby, cap: int = DEFAULT_CAP
    ) -> None:
        super().__init__(store)
        self.cap = cap
        self.lookups = GameLookups(_Games(store, history, lobby), board=store.board)

    async def new_sandbox(
        self, caller: Caller, now: datetime, game_id: int | None = None, phase: str | None = None
    ) -> SandboxView:
        """A new sandbox from the standard opening, or from `phase` (None: the phase in
        play) of game `game_id` as the caller may see it (`_source`)."""
        if game_id is None and phase:
            raise WrongState(
                "Name the game that phase is from with `game:`; without a game, a sandbox "
                "starts from the standard opening."
            )
        source = (
            standard_opening()
            if game_id is None
            else await game_source(self.lookups, caller, game_id, phase)
        )
        async with self.transaction() as session:
            kept = await queries.sandboxes.count_of(session, caller.user_id, self._since(now))
            if kept >= self.cap:
                raise NotAllowed(cap_text(self.cap))
            row = _new_row(caller.user_id, source, now)
            session.add(row)
            await session.flush()
            assert row.id is not None
            session.add(_phase_row(row.id, 1, source.position, []))
            palette = await self._palette(session, caller)
        text = made_text(row.id, source.words, source.position)
        return await self._view(row.id, source.position, [], text, palette)

    async def sandbox_orders(
        self,
        caller: Caller,
        text: str,
        now: datetime,
        sandbox_id: int | None = None,
        *,
        power: str | None = None,
    ) -> SandboxView:
        """Orders for any power of the sandbox's phase (`_reading`): each read, the
        accepted ones given (a unit's new order replacing its old one)."""
        async with self.transaction() as session:
            row, at = await self._mine(session, caller, now, sandbox_id)
            position = position_from_json(at.position)
            board = self.board_at(position)
            named = self._power(power, board) if power else None
            read = read_orders(clean_text(text), position, board, self.engine.parse_orders, named)
            given = given_orders(_orders(at), read)
            at.orders = _stored(given)
            row.used_at = now
            palette = await self._palette(session, caller)
        reply = orders_text(_id(row), position, read, given)
        return await self._view(_id(row), position, given, reply, palette)

    async def adjudicate_sandbox(
        self, caller: Caller, now: datetime, sandbox_id: int | None = None
    ) -> SandboxView:
        """Play the sandbox's phase with the orders given, by the rules of the game it
        was made from; the phase that follows becomes the one to order."""
        async with self.transaction() as session:
            row, at = await self._mine(session, caller, now, sandbox_id)
            before = position_from_json(at.position)
            orders = [order for _, order in _orders(at)]
            variant, rules = VARIANTS[before.variant], rules_from_json(row.rules)
            result = self.engine.adjudicate(before, orders, variant, rules, ())
            session.add(_phase_row(_id(row), at.seq + 1, result.position, []))
            await queries.sandboxes.drop_before(session, _id(row), at.seq + 2 - MAX_PHASES)
            row.used_at = now
            palette = await self._palette(session, caller)
        board = self.board_at(before)
        played = PlayedPhase(before, tuple(result.outcomes), result.position, board)
        report = channel_results(played, sorted(board.powers))
        text = played_text(_id(row), before, result.position, result.game_end)
        png = await results_png(
            before, result.position, result.outcomes, palette=palette, subtitle=_title(_id(row))
        )
        return SandboxView(_id(row), result.position, (), text, png, report)

    async def step_back(
        self, caller: Caller, now: datetime, sandbox_id: int | None = None
    ) -> SandboxView:
        """Back to the phase before the one being ordered, with the orders it was
        played with, to change them and adjudicate again."""
        async with self.transaction() as session:
            row, at = await self._mine(session, caller, now, sandbox_id)
            previous = await queries.sandboxes.position_before(session, _id(row), at.seq)
            if previous is None:
                raise WrongState(first_phase_text(_id(row), position_from_json(at.position)))
            await session.delete(at)
            row.used_at = now
            palette = await self._palette(session, caller)
        position, given = position_from_json(previous.position), _orders(previous)
        text = back_text(_id(row), position, len(given))
        return await self._view(_id(row), position, given, text, palette)

    async def sandboxes(self, caller: Caller, now: datetime) -> SandboxList:
        """The caller's sandboxes, oldest first (listing one is not using it)."""
        async with self.transaction() as session:
            rows = await queries.sandboxes.of_user(session, caller.user_id, self._since(now))
            last = await queries.sandboxes.last_positions(session, [_id(r) for r in rows])
        items = tuple(
            SandboxSummary(
                _id(r), r.source, position_from_json(last[_id(r)].position).phase, r.used_at
            )
            for r in rows
        )
        return SandboxList(items, listed_text(items, self.cap, UNUSED_DAYS))

    async def delete_sandbox(self, caller: Caller, now: datetime, sandbox_id: int) -> str:
        """Delete one of the caller's sandboxes; the words saying so."""
        async with self.transaction() as session:
            row, _ = await self._mine(session, caller, now, sandbox_id)
            await queries.sandboxes.remove(session, _id(row))
            left = await queries.sandboxes.count_of(session, caller.user_id, self._since(now))
        return deleted_text(_id(row), left, self.cap)

    async def expire_sandboxes(self, now: datetime) -> int:
        """Delete every sandbox unused for `UNUSED_DAYS` (the scheduler's tick); how
        many."""
        async with self.transaction() as session:
            return await queries.sandboxes.expire(session, self._since(now))

    # --- helpers --------------------------------------------------------------------

    @staticmethod
    def _since(now: datetime) -> datetime:
        return now - timedelta(days=UNUSED_DAYS)

    async def _mine(
        self, session: AsyncSession, caller: Caller, now: datetime, sandbox_id: int | None
    ) -> tuple[SandboxRow, SandboxPositionRow]:
        """The caller's sandbox (None: the one used last), locked, and its phase being
        ordered. Another user's sandbox is not found, as one that does not exist."""
        row = await queries.sandboxes.mine(session, caller.user_id, self._since(now), sandbox_id)
        if row is None:
            raise NotFound(no_sandbox_text(sandbox_id))
        return row, await queries.sandboxes.last_position(session, _id(row))

    @staticmethod
    def _power(power: str, board: Any) -> Power:
        found = resolve_power(power, board)
        if found is None:
            powers = ", ".join(p.title() for p in sorted(board.powers))
            raise InvalidSetting(f"There is no power {quoted(power, 40)}. Use one of {powers}.")
        return found

    @staticmethod
    async def _palette(session: AsyncSession, caller: Caller) -> str:
        """The palette the user chose for what is shown to them alone."""
        return await queries.users.palette(session, caller.user_id) or DEFAULT_PALETTE

    async def _view(
        self, number: int, position: Position, given: Given, text: str, palette: str
    ) -> SandboxView:
        orders = tuple(order for _, order in given)
        png = await position_png(position, orders, palette=palette, subtitle=_title(number))
        return SandboxView(number, position, orders, text, png)


def _new_row(user_id: int, source: Source, now: datetime) -> SandboxRow:
    return SandboxRow(
        user_id=user_id,
        source=source.words[:200],
        rules=rules_to_json(source.rules),
        created_at=now,
        used_at=now,
    )


def _phase_row(sandbox_id: int, seq: int, position: Position, given: Given) -> SandboxPositionRow:
    return SandboxPositionRow(
        sandbox_id=sandbox_id, seq=seq, position=position_to_json(position), orders=_stored(given)
    )


def _orders(at: SandboxPositionRow) -> Given:
    return [(power, order_from_json(order)) for power, order in at.orders]


def _stored(given: Given) -> list[list[Any]]:
    return [[power, order_to_json(order)] for power, order in given]


def _id(row: SandboxRow) -> int:
    assert row.id is not None  # a stored row
    return row.id


def _title(number: int) -> str:
    """The map's second title line: whose board this is not."""
    return f"Sandbox {number}"
