"""Who gets which lines of `/game export` (QUEUE "Export"): the GM the whole record at
any time, the game's players after the end, anyone else nothing.

The GM's export is the whole record, a variant's own pieces and orders included in the
interchange line (Spy Diplomacy's `spies` in the position and `SPY MAR - SPA` among the
orders, as `adjudication.variants.spy.codec` writes them and `interop.read_record` reads
them back), so `python -m adjudication replay --compare` replays it identically. A
player's lines go through the game's parts (`exported_for`): in a Spy game only their
own spy, no other spy, spy order or power's lines as written (issue 12; rules/004:
"Only the owner of a spy is told its location").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.service.kernel import Caller, GameInfo, GameStatus, NotAllowed, WrongState
from bot.service.variants import parts_for

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
    if not records:
        return lines
    position = lookups.service.history.record_position(records[0])
    # Spy Diplomacy: only a spy's owner knows it (`variants.spy`'s part).
    return parts_for(position.variant).exported_for(lines, mine)
