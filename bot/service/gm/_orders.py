"""The GM's view of the orders in force (`/gm orders`, `GmDesk.gm_all_orders`): each
power's orders and what it has still to order. Orders are secret until played: the
desk records the looking in the audit log before it reads them."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.model.orders import Order
from adjudication.model.units import Power
from bot.service.kernel import ServiceCore
from bot.service.orders import progress
from storage import queries
from storage.codec import order_from_json
from storage.models import GameRow, PhaseRow
from storage.orders_in_force import slots_of


@dataclass(frozen=True, slots=True)
class PowerOrders:
    """One power's orders in force, for the GM: every order, the units still without
    one, and the builds or removals still to give."""

    power: Power
    user_id: int | None
    orders: tuple[Order, ...]
    unordered: tuple[str, ...]  # "A MAR"
    given: int
    owed: int
    builds_left: int = 0
    removals_left: int = 0


async def orders_table(
    desk: ServiceCore, session: AsyncSession, game: GameRow, phase: PhaseRow
) -> tuple[PowerOrders, ...]:
    """Every power's orders in force for `phase`, and what it has still to order."""
    position = desk._position(phase)
    rows = await queries.orders.in_force(session, phase.id)
    slots = slots_of(rows)
    table = []
    for row in await queries.powers.of_game(session, game.id):
        done = progress(position, row.power, slots, desk.board)
        table.append(
            PowerOrders(
                power=row.power,
                user_id=row.user_id,
                orders=tuple(
                    sorted(
                        (order_from_json(o.order) for o in rows if o.power == row.power),
                        key=str,
                    )
                ),
                unordered=tuple(str(u) for u in done.unordered),
                given=done.given,
                owed=done.owed,
                builds_left=done.builds_left,
                removals_left=done.removals_left,
            )
        )
    return tuple(sorted(table, key=lambda t: t.power))
