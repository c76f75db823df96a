"""`/game export` of a Spy Diplomacy game (issue 12; rules/004: "Only the owner of a
spy is told its location").

The GM's export is the whole record, spies and spy orders included in the
interchange line (`spies` in the position, `SPY MAR - SPA` among the orders, as
`adjudication.spy_json` writes them and `interop.read_record` reads them back), so
`python -m adjudication replay --compare` replays it identically. A player exports
only once the game is over, and sees then only their own spy: no other spy, no other
spy's order, no other power's lines as written (a spy's order is one of them).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from adjudication.board import Board
from adjudication.interop import write_order
from adjudication.orders import Order
from adjudication.position import Position
from adjudication.records import input_line
from adjudication.spies import SPY_ORDERS, Sabotage, SpyOrder
from adjudication.spy_json import spies_to_json
from adjudication.units import Power
from bot.service.caller import Caller
from bot.service.errors import NotAllowed, WrongState
from bot.service.spy_orders import has_spies
from bot.service.views import GameInfo, GameStatus

if TYPE_CHECKING:  # the lookups read the history, which writes lines here
    from bot.service.lookups import GameLookups


def exported_input_line(
    record_id: str,
    position: Position,
    orders: Sequence[Order | SpyOrder],
    board: Board,
    powers: Sequence[Power],
) -> dict[str, Any]:
    """The PHASES.md input line of a played phase, its spies and their orders with it."""
    spy_orders = [o for o in orders if isinstance(o, SPY_ORDERS)]
    units_orders = [o for o in orders if not isinstance(o, SPY_ORDERS)]
    line = input_line(record_id, position, units_orders, board, powers)
    if position.spies or spy_orders:  # Spy Diplomacy only: other lines are unchanged
        line["spies"] = spies_to_json(position.spies)
        for order in spy_orders:
            line["orders"].setdefault(order.spy.power, []).append(_spy_notation(order))
        line["orders"] = {p: sorted(texts) for p, texts in line["orders"].items()}
    return line


def _spy_notation(order: SpyOrder) -> str:
    """`SPY MAR - SPA`; a sabotage's order in the interchange notation of units'."""
    if isinstance(order, Sabotage):
        return f"{order.spy}: {write_order(order.order)}"
    return str(order)


async def export_for(lookups: GameLookups, info: GameInfo, caller: Caller) -> list[dict[str, Any]]:
    """The lines `/game export` gives `caller`: the whole record to the GM at any time
    and to the game's players after the end (QUEUE "Export"); in a Spy game a player's
    lines carry only their own spies."""
    if caller.is_gm_of(info.gm_user_id, info.guild_id):
        return await lookups.service.history.export_lines(info.id)
    # QUEUE ("Export"): the GM at any time, the game's players after the end.
    mine = {p.power for p in info.powers if p.user_id == caller.user_id}
    if not mine:
        raise NotAllowed(f"Only the GM and the players of {info.name} may export it.")
    if info.status is not GameStatus.ENDED:
        raise WrongState(
            f"{info.name} is still being played: its players may export it after the "
            "game ends (the GM at any time)."
        )
    lines = await lookups.service.history.export_lines(info.id)
    records = await lookups.records(info.id)
    if not records or not has_spies(lookups.service.history.record_position(records[0])):
        return lines
    return [_own_spies(line, mine) for line in lines]  # only a spy's owner knows it


def _own_spies(line: dict[str, Any], mine: Collection[Power]) -> dict[str, Any]:
    """`line` without any other power's spy, spy order or lines as written."""
    line = dict(line)
    line["spies"] = {p: s for p, s in line.get("spies", {}).items() if p in mine}
    line["orders"] = {
        p: [o for o in texts if p in mine or not o.startswith("SPY ")]
        for p, texts in line["orders"].items()
    }
    line["written"] = {p: texts for p, texts in line.get("written", {}).items() if p in mine}
    if "expected" in line:
        expected = dict(line["expected"])
        expected["spies"] = {p: s for p, s in expected.get("spies", {}).items() if p in mine}
        line["expected"] = expected
    return line
