"""Issue 17: the service hands orders to the Discord layer as the engine's values, not
as strings to be read again: each line's order and the orders in force of a DM's echo,
`/orders show` and `/gm orders`; the DM preview draws those values as they are, never
sending them back through the player's parser, which might read them otherwise."""

from __future__ import annotations

from datetime import timedelta

from adjudication.model.orders import Hold, Move, Support
from adjudication.model.units import Location, Unit, UnitType
from bot.service.kernel import Caller
from bot.service.records import GameLookups
from render.map import render_map
from render.request import MapRequest
from tests.conftest import T0
from tests.service.conftest import GM, GUILD, owner, started_game

NOW = T0 + timedelta(hours=1)


def army(power: str, province: str) -> Unit:
    return Unit(power, UnitType.ARMY, Location(province))


async def test_issue17_each_line_and_the_orders_in_force_are_engine_orders(service):
    info = await started_game(service)
    france = Caller(owner(info, "FRANCE"))
    result = await service.orders.submit_orders(
        france, "A Par-Bur\nA Mar S A Par - Bur\nA Mun H", NOW
    )
    to_bur = Move(army("FRANCE", "PAR"), Location("BUR"))
    support = Support(army("FRANCE", "MAR"), Location("PAR"), Location("BUR"), UnitType.ARMY)
    assert [line.order for line in result.lines] == [to_bur, support, None]
    assert result.orders == (support, to_bur)  # in the order of their notation
    shown = await service.orders.show_orders(france)
    assert shown.orders == result.orders


async def test_issue17_the_gms_table_holds_engine_orders(service):
    info = await started_game(service)
    await service.orders.submit_orders(Caller(owner(info, "ITALY")), "A Ven H", NOW)
    table = {row.power: row for row in await service.gm.gm_all_orders(info.id, Caller(GM, GUILD))}
    assert table["ITALY"].orders == (Hold(army("ITALY", "VEN")),)


async def test_issue17_the_dm_preview_draws_the_orders_in_force_as_they_are(service):
    info = await started_game(service)
    france = Caller(owner(info, "FRANCE"))
    await service.orders.submit_orders(france, "A Par-Bur\nA Mar S A Par - Bur", NOW)
    shown = await service.orders.show_orders(france)
    preview = await GameLookups(service).preview_map(info.id, shown.powers, shown.orders)
    position = await service.history.current_position(info.id)
    assert preview == render_map(MapRequest(position, orders=list(shown.orders)))
    assert preview != render_map(MapRequest(position))
