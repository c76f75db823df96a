"""What every part of the game service shares: transactions, loading a game, checks."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Protocol

from sqlalchemy import Row
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession

from adjudication.maps import STANDARD
from adjudication.model.board import Board
from adjudication.model.position import Position
from adjudication.model.units import PhaseKind, Power
from adjudication.variants import VARIANTS
from bot.service.events import add_event, queued_events
from bot.service.events import payloads as ev
from bot.service.kernel._caller import Caller
from bot.service.kernel._engine import Engine
from bot.service.kernel._errors import NotAllowed, NotFound, WrongState
from bot.service.kernel._game_settings import GameSettings
from bot.service.kernel._proxies import ProxyEnd
from bot.service.kernel._reminder_plan import plan_reminders
from bot.service.kernel._views import GameStatus
from storage import queries
from storage.codec import position_from_json
from storage.db import Db, session_factory
from storage.models import GameRow, PhaseRow, PowerRow, ProxyGrantRow

log = logging.getLogger(__name__)

POSITION_CACHE_SIZE = 2048
# Table ids are 32-bit on PostgreSQL: a larger number names no game, and must not reach
# the database, which would refuse it with an error instead of finding nothing.
MAX_ID = 2**31 - 1


class Store:
    """The one store every desk of the service shares (made once per service): the
    database, the board, the engine and the cache of decoded positions; opens
    transactions and loads games.

    `checkpoint` is called with a name at the steps of an adjudication; it does nothing
    in production and lets tests fail a transaction half-way.
    """

    def __init__(
        self,
        engine: AsyncEngine,
        *,
        board: Board = STANDARD,
        rules_engine: Engine | None = None,
        checkpoint: Callable[[str], None] | None = None,
    ) -> None:
        self.db = engine
        self.board = board
        self.engine = rules_engine or Engine()
        self.sessions = session_factory(engine)
        self.checkpoint = checkpoint or (lambda _name: None)
        self.positions: dict[int, Position] = {}
        self._nudged: list[Callable[[], None]] = []

    def on_nudge(self, callback: Callable[[], None]) -> None:
        """Call `callback` whenever something may be due now (`nudge`): the delivery
        loop of this process ends its pause (issue 32)."""
        self._nudged.append(callback)

    def nudge(self) -> None:
        """Something may be due now, after a commit: events were queued, or a phase
        ended early. (Other processes' loops see it at their next look, within
        TICK_SECONDS.)"""
        for callback in self._nudged:
            callback()

    def board_at(self, position: Position) -> Board:
        """The board `position`'s phase is played on: the service's, or its variant's
        for that phase (World War I's closed Italian land before 1915), so that an
        order is refused when sent as it would be when played."""
        return VARIANTS[position.variant].board_for(position.phase)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        """One transaction: committed when the block ends, rolled back on any error.
        Events it queued are announced once it has committed (`nudge`)."""
        async with self.sessions() as session:
            async with session.begin():
                yield session
            if queued_events(session):
                self.nudge()

    @asynccontextmanager
    async def core_transaction(self) -> AsyncIterator[AsyncConnection]:
        """The same, on a bare connection, for work done in SQLAlchemy Core alone
        (storage/queries/orders.py, storage/queries/phases.py): no ORM session to set up
        and tear down."""
        async with self.db.begin() as conn:
            yield conn

    async def game(self, session: AsyncSession, game_id: int, *, lock: bool = True) -> GameRow:
        """The game, with its current phase loaded in the same query (it is almost
        always needed next, and each query is a round trip to the database).

        Locked for the transaction by default (see `queries.games.with_phase`): every
        operation that changes a game goes through here.
        """
        game = None
        if valid_id(game_id):
            game = await queries.games.with_phase(session, game_id, lock=lock)
        if game is None:
            raise no_such_game(game_id)
        return game

    async def game_for(
        self, session: AsyncSession, game_id: int, caller: Caller, *, lock: bool = True
    ) -> GameRow:
        """`game`, as `caller` may see it: a game of another server, or (in a direct
        message) a game the caller takes no part in, answers exactly as a game that
        does not exist."""
        game = await self.game(session, game_id, lock=lock)
        if not await self.sees(session, game, caller):
            raise no_such_game(game_id)
        return game

    @staticmethod
    async def sees(session: AsyncSession, game: GameRow, caller: Caller) -> bool:
        if caller.guild_id is not None:
            return game.guild_id == caller.guild_id
        if caller.user_id == game.gm_user_id:
            return True
        return await queries.players.takes_part(session, game.id, caller.user_id)

    @staticmethod
    def settings(game: GameRow) -> GameSettings:
        return GameSettings.model_validate(game.settings)

    @staticmethod
    def require_gm(game: GameRow, caller: Caller) -> None:
        if not caller.is_gm_of(game.gm_user_id, game.guild_id):
            raise NotAllowed(f"Only the GM of {game.name} may do that.")

    @staticmethod
    def require_active(game: GameRow | Row) -> None:
        """`game`: its row, or its columns as the order operations read them."""
        if game.status == GameStatus.LOBBY:
            raise WrongState(f"{game.name} has not started yet.")
        if game.status == GameStatus.ENDED:
            raise WrongState(f"{game.name} is over.")

    async def current_phase(self, session: AsyncSession, game: GameRow) -> PhaseRow:
        if game.current_phase_id is None:
            raise WrongState(f"{game.name} has not started yet.")
        phase = await session.get(PhaseRow, game.current_phase_id)
        assert phase is not None
        return phase

    def position(self, phase: PhaseRow) -> Position:
        """The phase's position; decoded once per process, as a phase row's position
        never changes once written (a rollback writes a new row)."""
        position = self.positions.get(phase.id)
        if position is None:
            position = self.remember(phase.id, position_from_json(phase.position))
        return position

    async def position_at(self, db: Db, phase_id: int) -> Position:
        """The position of a phase by id, read from the database only on first use."""
        position = self.positions.get(phase_id)
        if position is None:
            stored = await queries.phases.position_json(db, phase_id)
            position = self.remember(phase_id, position_from_json(stored))
        return position

    def remember(self, phase_id: int, position: Position) -> Position:
        if len(self.positions) >= POSITION_CACHE_SIZE:
            self.positions.pop(next(iter(self.positions)))
        self.positions[phase_id] = position
        return position

    def deadline(self, settings: GameSettings, kind: PhaseKind, now: datetime) -> datetime:
        return settings.schedule.deadline(kind, now)

    async def schedule_reminders(
        self,
        session: AsyncSession,
        game: GameRow,
        phase_id: int,
        deadline: datetime,
        now: datetime,
    ) -> None:
        # Each player's own times, the GM's for the others (issue 23).
        default = self.settings(game).reminder_minutes
        await plan_reminders(session, game, phase_id, deadline, now, default)

    async def end_proxies(
        self,
        session: AsyncSession,
        game: GameRow,
        powers: set[Power] | None,
        reason: ProxyEnd,
        now: datetime,
        *,
        grantee: int | None = None,
        withdraw_orders: bool = True,
    ) -> list[ProxyGrantRow]:
        """End the proxies in force for `powers` (None: every power), and those held
        by `grantee`; each holder is told why by DM. `withdraw_orders`: the orders the
        holders gave under those grants for the current phase are withdrawn too (given
        on an authority that has ended); not when the phase is being played, whose
        orders are the record of what was played."""
        ended = [
            g
            for g in await queries.proxies.in_force(session, game.id)
            if powers is None or g.power in powers or g.grantee_user_id == grantee
        ]
        for grant in ended:
            grant.revoked_at, grant.end_reason = now, reason
            if withdraw_orders and game.current_phase_id is not None:
                await queries.orders.withdraw_by_proxy(
                    session, game.current_phase_id, grant.power, grant.grantee_user_id
                )
            ended_for = ev.ProxyEnded(power=grant.power, reason=reason)
            add_event(session, ended_for, now, game_id=game.id, user_id=grant.grantee_user_id)
        return ended

    @staticmethod
    def owner_of(powers: list[PowerRow] | tuple[PowerRow, ...], power: Power) -> PowerRow:
        for row in powers:
            if row.power == power:
                return row
        raise NotFound(f"There is no power {power.title()} in this game.")


class ServiceCore:
    """What every desk holds: the one store, and its helpers under the names the
    desks' code calls them by. Desks are composed, never subclassed (GameService);
    nothing here is a hook for a desk to override (tests/service/test_composition.py)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.db, self.board, self.engine = store.db, store.board, store.engine
        self.board_at = store.board_at
        self.transaction = store.transaction
        self.core_transaction = store.core_transaction
        self._checkpoint = store.checkpoint
        self._positions = store.positions
        self._game, self._game_for, self._sees = store.game, store.game_for, store.sees
        self._settings, self._deadline = store.settings, store.deadline
        self._require_gm, self._require_active = store.require_gm, store.require_active
        self._current_phase, self._position = store.current_phase, store.position
        self._position_at, self._remember = store.position_at, store.remember
        self._schedule_reminders = store.schedule_reminders
        self._end_proxies, self._owner_of = store.end_proxies, store.owner_of


class HoldsStore(Protocol):
    """The service or any of its desks, to a helper that needs only the store."""

    @property
    def store(self) -> Store: ...


def valid_id(value: int) -> bool:
    """Whether `value` can be the id of a stored row (see MAX_ID)."""
    return 1 <= value <= MAX_ID


def no_such_game(game_id: int) -> NotFound:
    return NotFound(f"There is no game number {game_id}.")
