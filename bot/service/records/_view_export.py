"""`/game export` of a hidden-information game (issue 12; QUEUE.md: "the GM at any
time, players after the end ... per view in hidden-information games").

The GM exports the whole record, as in any game. A player exports only once the game
is over, and only what their power was told: rules/004's Kriegsplomacy never opens the
board to the players, not even at the end, so neither does dipgm. Each line is one
played phase as their power's view: the view in the engine's JSON
(`adjudication.io.serialize.adjudication_to_json`, the same types as a full result) and
its judge notation, as their DM said it. Anyone else gets nothing (the public view is
the year's totals: `/game chart`).
"""

from __future__ import annotations

import itertools
from typing import Any

from adjudication.variants import adjudication_to_json
from bot.service.kernel import Caller, GameInfo, GameStatus, NotAllowed, WrongState
from bot.service.records._lookups import GameLookups
from bot.service.records._view_lookups import seen_phases
from bot.service.variants import parts_for
from bot.service.variants.hidden import view_report


async def view_export_lines(
    lookups: GameLookups, info: GameInfo, caller: Caller
) -> list[dict[str, Any]] | None:
    """A player's export of a hidden-information game: one line per played phase, per
    power they hold. None when the whole record is exported instead (a game that hides
    nothing, or its GM asking)."""
    records = [r for r in await lookups.records(info.id) if not r.rolled_back]
    if not records:
        return None
    if not parts_for(lookups.service.history.record_position(records[0]).variant).views_only:
        return None
    if caller.is_gm_of(info.gm_user_id, info.guild_id):
        return None
    mine = [p.power for p in info.powers if p.user_id == caller.user_id]
    if not mine:
        raise NotAllowed(
            f"In {info.name} each player may see only what their power knows: only its "
            "GM and its players may export it."
        )
    if info.status is not GameStatus.ENDED:
        raise WrongState(
            f"In {info.name} each player may see only what their power knows: you may "
            "export your power's view of every phase after the game ends."
        )
    lines = []
    for record, after in itertools.pairwise(records):
        played = await lookups.played_phase(info.id, record.id, after.id)
        if played is None or record.outcomes is None:
            continue
        for seen in await seen_phases(lookups, info.id, played, mine):
            lines.append(
                {
                    "id": f"{info.id}-{record.seq}",
                    "phase": record.phase.code,
                    "power": seen.view.power,
                    "view": adjudication_to_json(seen.view.adjudication),
                    "report": view_report(seen, played.board),
                }
            )
    return lines
