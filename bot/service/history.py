"""Reading a game back from storage, phase by phase (rules/000: the GM keeps a record
of all orders and moves made).

`phase_records` reads the whole game. The reads made after every phase and on every
map request — one phase by id, the latest play of a phase code, the current position
— read that one phase (storage/phase_queries.py), so they cost the same at phase 300
as at phase 3; its position comes from the per-process cache when it is there.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncConnection

from adjudication.position import Position
from bot.service.errors import NotFound
from bot.service.service_core import ServiceCore
from bot.service.views import PhaseRecord
from storage import phase_queries, repo
from storage.codec import position_from_json


@dataclass(frozen=True, slots=True)
class PhaseResults:
    """What the map of one stored phase is drawn from."""

    id: int
    phase: str  # "S1901M"
    position: Position
    outcomes: tuple[dict, ...] | None  # None until the phase is played
    report: str | None


class History(ServiceCore):
    async def phase_records(
        self, game_id: int, *, include_rolled_back: bool = False
    ) -> tuple[PhaseRecord, ...]:
        """Every phase of the game in order: position, orders in force, outcomes, report."""
        async with self.transaction() as session:
            await self._game(session, game_id, lock=False)
            records = []
            for row in await repo.phases(session, game_id, include_rolled_back=include_rolled_back):
                orders = [(o.power, o.order) for o in await repo.orders_in_force(session, row.id)]
                records.append(_record(row, orders, rolled_back=row.rolled_back_at is not None))
            return tuple(records)

    async def phase_record(self, game_id: int, phase: str | None = None) -> PhaseRecord | None:
        """One phase as `phase_records` gives it: the current phase, or the latest live
        play of `phase` (a code such as "S1901M"), or, when every play of it was rolled
        back, the latest of those (marked `rolled_back`). "S1901M/2" names the second
        play of Spring 1901, rolled back or not. None when the game has no such phase
        (or has not started)."""
        async with self.core_transaction() as conn:
            return await self._phase_record(conn, game_id, phase)

    async def _phase_record(self, conn: AsyncConnection, game_id: int, phase: str | None):
        if phase is None:
            row = await phase_queries.current_phase(conn, game_id)
        else:
            code, _, play = phase.partition("/")
            if play:
                number = int(play) if play.isdigit() and len(play) < 6 else 0
                row = await phase_queries.any_play(conn, game_id, code, number or None)
                if number == 0 and row is not None:
                    return None  # "S1901M/x": no such play
            else:
                row = await phase_queries.latest_play(conn, game_id, code)
                if row is not None and row.id is None:
                    row = await phase_queries.any_play(conn, game_id, code)
        if row is None:
            raise NotFound(f"There is no game number {game_id}.")
        if row.id is None:
            return None
        orders = await phase_queries.orders_in_force(conn, row.id)
        return _record(row, orders, rolled_back=row.rolled_back_at is not None)

    async def phase_results(self, game_id: int, phase_id: int) -> PhaseResults | None:
        """The live phase `phase_id` of the game, for its map: the position (decoded
        once per process), outcomes and report. None when the game has no such phase."""
        known = self._positions.get(phase_id)
        async with self.core_transaction() as conn:
            row = await phase_queries.phase(conn, game_id, phase_id, position=known is None)
        if row is None:
            raise NotFound(f"There is no game number {game_id}.")
        if row.id is None:
            return None
        position = known
        if position is None:
            position = self._remember(row.id, position_from_json(row.position))
        return PhaseResults(
            id=row.id,
            phase=row.code,
            position=position,
            outcomes=tuple(row.outcomes) if row.outcomes is not None else None,
            report=row.report,
        )

    async def current_position(self, game_id: int) -> Position | None:
        """The position of the game's current phase; None before the game starts."""
        async with self.core_transaction() as conn:
            row = await phase_queries.current_phase_id(conn, game_id)
            if row is None:
                raise NotFound(f"There is no game number {game_id}.")
            if row.current_phase_id is None:
                return None
            return await self._position_at(conn, row.current_phase_id)

    def record_position(self, record: PhaseRecord) -> Position:
        """The position of a stored phase's record, decoded once per process."""
        position = self._positions.get(record.id)
        if position is None:
            position = self._remember(record.id, position_from_json(record.position))
        return position

    async def phase_codes(self, game_id: int, *, played: bool = False) -> tuple[str, ...]:
        """The codes of the game's live phases in order (`played`: only those played),
        without reading the phases themselves."""
        async with self.core_transaction() as conn:
            return tuple(await phase_queries.phase_codes(conn, game_id, played=played))

    async def audit_log(self, game_id: int) -> tuple[tuple[int, str, dict], ...]:
        """(actor, action, details) of every GM action, oldest first."""
        async with self.transaction() as session:
            return tuple(
                (r.actor_user_id, r.action, r.details)
                for r in await repo.audit_log(session, game_id)
            )


def _record(row, orders: Iterable[tuple[str, dict]], *, rolled_back: bool) -> PhaseRecord:
    """A stored phase (a PhaseRow or a row with its columns) and its orders in force."""
    by_power: dict[str, list[dict]] = {}
    for power, order in orders:
        by_power.setdefault(power, []).append(order)
    return PhaseRecord(
        id=row.id,
        seq=row.seq,
        phase=row.code,
        position=row.position,
        outcomes=tuple(row.outcomes) if row.outcomes is not None else None,
        report=row.report,
        orders={p: tuple(v) for p, v in sorted(by_power.items())},
        rolled_back=rolled_back,
    )
