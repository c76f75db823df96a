"""Issue 17: the orders in force go through storage and back as typed values: each
order kept under its slot's stored text, read back by `queries.orders.context`
as the same `OrderInForce` (power, slot, engine order, given by the owner)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from adjudication.model.orders import Build, Move, Waive
from adjudication.model.units import Location, Unit, UnitType
from bot.service.kernel import Caller
from storage import queries
from storage.models import OrderRow
from storage.orders_in_force import OrderInForce, Slot
from tests.conftest import T0
from tests.service.conftest import force_position, owner, started_game
from tests.service.test_orders_more import winter_with_a_build_for_france

NOW = T0 + timedelta(hours=1)


async def _read_back(service, game_id: int) -> tuple[dict, list[tuple[str, str]]]:
    """The orders in force as the service reads them, and the stored (power, slot)."""
    async with service.store.db.connect() as conn:
        read = await queries.orders.context(conn, game_id, lock=False)
        columns = OrderRow.__table__.c
        stored = await conn.execute(select(columns.power, columns.slot).order_by(columns.id))
        return read.in_force, [tuple(row) for row in stored]


async def test_issue17_an_order_in_force_is_read_back_as_the_order_stored(service):
    info = await started_game(service)
    await service.orders.submit_orders(Caller(owner(info, "FRANCE")), "A Par-Bur", NOW)
    in_force, stored = await _read_back(service, info.id)
    to_bur = Move(Unit("FRANCE", UnitType.ARMY, Location("PAR")), Location("BUR"))
    assert stored == [("FRANCE", "PAR")]
    assert in_force == {
        ("FRANCE", Slot.unit("PAR")): OrderInForce("FRANCE", Slot.unit("PAR"), to_bur, True)
    }


async def test_rules000_13_2_each_waived_build_is_kept_under_its_own_slot(service):
    info = await started_game(service)
    await force_position(service, info.id, winter_with_a_build_for_france())
    await service.orders.submit_orders(Caller(owner(info, "FRANCE")), "F BRE B\nWAIVE\nWAIVE", NOW)
    in_force, stored = await _read_back(service, info.id)
    assert stored == [("FRANCE", "BRE"), ("FRANCE", "WAIVE1"), ("FRANCE", "WAIVE2")]
    fleet = Unit("FRANCE", UnitType.FLEET, Location("BRE"))
    assert {slot: kept.order for (_, slot), kept in in_force.items()} == {
        Slot.unit("BRE"): Build(fleet),
        Slot.waive(1): Waive("FRANCE"),
        Slot.waive(2): Waive("FRANCE"),
    }
