"""The DM preview of a player's orders in force (`GameLookups.preview_map`) in a game
whose variant has orders of its own: a spy's (Spy Diplomacy) or the Masters Rules'
aid, annexation and rebel builds (rules/003). The map draws the orders given to units;
a variant's own orders are kept and echoed but not drawn, and never stop the map.

Found by typing the service (issue 30): the orders in force are any kind the service
keeps, while the renderer draws only the engine's orders to units."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from adjudication.model.optional_rules import MastersRules
from adjudication.model.orders import Build
from adjudication.variants.spy.view import position_seen_by
from bot.service.kernel import Caller, GameSettings, LineStatus, VariantName
from bot.service.records import GameLookups
from render.map import render_map
from render.request import MapRequest
from tests.adjudication.masters.test_examples import position
from tests.conftest import T0
from tests.service.conftest import force_position, owner, started_game

AT = T0 + timedelta(minutes=5)


async def test_issue30_a_spy_placed_does_not_stop_the_preview_and_is_not_drawn(service):
    info = await started_game(service, settings=GameSettings(variant=VariantName.SPY))
    france = Caller(owner(info, "FRANCE"))
    sent = await service.orders.submit_orders(france, "Spy Mar B", AT, game_id=info.id)
    assert [line.status for line in sent.lines] == [LineStatus.ACCEPTED]
    shown = await service.orders.show_orders(france, game_id=info.id)
    assert shown.orders  # the placement is in force
    preview = await GameLookups(service).preview_map(info.id, shown.powers, shown.orders)
    start = await service.history.current_position(info.id)
    assert preview == render_map(MapRequest(position_seen_by(start, "FRANCE")))


async def test_issue30_masters_aid_does_not_stop_the_preview_and_is_not_drawn(service):
    # rules/003 MR6's example: France, eight dots and six units in Winter 1905, aids.
    winter = position(
        "W1905A",
        {"FRANCE": "A PAR,A MAR,A BUR,F MAO,F WES,A GAS", "ITALY": "A ROM,F NAP,A TUS,A PIE"},
        {"FRANCE": "PAR MAR BRE SPA POR BEL TUN HOL", "ITALY": "ROM NAP VEN GRE"},
    )
    rules = replace(GameSettings().rules, masters=MastersRules(foreign_aid=True))
    info = await started_game(service, settings=GameSettings(rules=rules))
    await force_position(service, info.id, winter)
    france = Caller(owner(info, "FRANCE"))
    sent = await service.orders.submit_orders(france, "Aid Italy\nBuild F Bre", AT)
    assert [line.status for line in sent.lines] == [LineStatus.ACCEPTED] * 2
    shown = await service.orders.show_orders(france, game_id=info.id)
    assert len(shown.orders) == 2  # the aid and the build
    build = [o for o in shown.orders if isinstance(o, Build)]
    preview = await GameLookups(service).preview_map(info.id, shown.powers, shown.orders)
    now = await service.history.current_position(info.id)
    assert preview == render_map(MapRequest(now, orders=build))
