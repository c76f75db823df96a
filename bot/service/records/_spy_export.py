"""`/game export` of a Spy Diplomacy game (issue 12; rules/004: "Only the owner of a
spy is told its location").

The GM's export is the whole record, spies and spy orders included in the
interchange line (`spies` in the position, `SPY MAR - SPA` among the orders, as
`adjudication.variants.spy.codec` writes them and `interop.read_record` reads them back), so
`python -m adjudication replay --compare` replays it identically. A player exports
only once the game is over, and sees then only their own spy: no other spy, no other
spy's order, no other power's lines as written (a spy's order is one of them).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from adjudication.model.units import Power
from bot.service.kernel import Caller, GameInfo, GameStatus, NotAllowed, WrongState
from bot.service.variants.spy import has_spies

if TYPE_CHECKING:  # the lookups read the history, which writes lines here
    from bot.service.records._lookups import GameLookups


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
