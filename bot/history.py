"""Reading a game back from storage, phase by phase (rules/000: the GM keeps a record
of all orders and moves made)."""

from __future__ import annotations

from bot.service_core import ServiceCore
from bot.views import PhaseRecord
from storage import repo


class History(ServiceCore):
    async def phase_records(
        self, game_id: int, *, include_rolled_back: bool = False
    ) -> tuple[PhaseRecord, ...]:
        """Every phase of the game in order: position, orders in force, outcomes, report."""
        async with self.transaction() as session:
            await self._game(session, game_id, lock=False)
            records = []
            for row in await repo.phases(session, game_id, include_rolled_back=include_rolled_back):
                orders: dict[str, list[dict]] = {}
                for o in await repo.orders_in_force(session, row.id):
                    orders.setdefault(o.power, []).append(o.order)
                records.append(
                    PhaseRecord(
                        id=row.id,
                        seq=row.seq,
                        phase=row.code,
                        position=row.position,
                        outcomes=tuple(row.outcomes) if row.outcomes is not None else None,
                        report=row.report,
                        orders={p: tuple(v) for p, v in sorted(orders.items())},
                        rolled_back=row.rolled_back_at is not None,
                    )
                )
            return tuple(records)

    async def audit_log(self, game_id: int) -> tuple[tuple[int, str, dict], ...]:
        """(actor, action, details) of every GM action, oldest first."""
        async with self.transaction() as session:
            return tuple(
                (r.actor_user_id, r.action, r.details)
                for r in await repo.audit_log(session, game_id)
            )
