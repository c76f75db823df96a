"""Each player's view of a stored phase, and its map, for the Discord layer (issue 12).

Beside `lookups.GameLookups`, whose maps and options show the whole board: in a
hidden-information game those go to the GM and the record only, and everything sent to
a player comes from here, made from their power's view (`power_views`).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Sequence
from dataclasses import dataclass

from adjudication.phases import Adjudication
from adjudication.units import Phase, PhaseKind, Power
from adjudication.views import PowerView
from bot.service.caller import Caller
from bot.service.lookups import GameLookups
from bot.service.phase_news import PlayedPhase
from bot.service.power_views import (
    SeenPhase,
    is_hidden,
    learned_in,
    own_position,
    seen_phase,
    unknown_places,
    view_report,
)
from bot.service.views import GameInfo, PhaseRecord
from storage.codec import outcome_from_json


async def seen_phases(
    lookups: GameLookups,
    game_id: int,
    played: PlayedPhase,
    powers: Sequence[Power],
) -> list[SeenPhase]:
    """Each of `powers`' view of `played`. A retreat phase's view shows retreats from or
    into the places the power's spies learned about in the movement phase before it
    (rules/004: "if a previously unknown retreat occurs into your area")."""
    movement = None
    if played.before.phase.kind is PhaseKind.RETREAT:
        movement = await _movement_before(lookups, game_id, played)
    return [
        seen_phase(played, power, learned_in(movement, power) if movement else frozenset())
        for power in powers
    ]


async def _movement_before(
    lookups: GameLookups, game_id: int, retreats: PlayedPhase
) -> PlayedPhase | None:
    phase = retreats.before.phase
    movement = Phase(phase.year, phase.season, PhaseKind.MOVEMENT)
    record = await lookups.service.history.phase_record(game_id, movement)
    if record is None or record.outcomes is None:
        return None
    outcomes = tuple(outcome_from_json(o) for o in record.outcomes)
    before = lookups.service.history.record_position(record)
    return PlayedPhase(before, outcomes, retreats.before, retreats.board)


async def view_png(lookups: GameLookups, seen: SeenPhase, palette: str | None = None) -> bytes:
    """The map of one power's view: its position after the phase, the places it knows
    nothing of hatched (`render.unknown`)."""
    from render.unknown import render_view_map

    return await asyncio.to_thread(
        functools.partial(
            render_view_map,
            seen.view.adjudication.position,
            seen.unknown,
            lookups.board,
            None,
            palette or lookups.palette,
            lookups.width,
            totals=seen.totals,
            power=seen.view.power,
        )
    )


@dataclass(frozen=True, slots=True)
class ViewAnswer:
    """What `/game map` or `/game history` shows one person of a hidden-information
    game: their view's results (None before the phase is played) and map, or, for
    anyone who holds no power there, the public view alone (no map)."""

    report: str | None
    png: bytes | None
    public: str | None = None


async def hidden_answer(
    lookups: GameLookups,
    info: GameInfo,
    record: PhaseRecord,
    caller: Caller,
    *,
    share: bool,
    palette: str | None = None,
) -> ViewAnswer | None:
    """None when the game hides nothing, or when its GM asks for themselves (the whole
    board, as in any game). A player asking for themselves: their power's view. Anyone
    else, and any answer shown to the channel: the public view."""
    position = lookups.service.history.record_position(record)
    if not is_hidden(position):
        return None
    if not share and caller.is_gm_of(info.gm_user_id, info.guild_id):
        return None
    mine = [] if share else [p.power for p in info.powers if p.user_id == caller.user_id]
    if not mine:
        return ViewAnswer(None, None, PUBLIC_ONLY)
    records = await lookups.records(info.id)
    later = [r for r in records if r.seq > record.seq and not r.rolled_back]
    earlier = [r for r in records if r.seq < record.seq and not r.rolled_back]
    if record.outcomes is not None and later:
        played = await lookups.played_phase(info.id, record.id, later[0].id)
        assert played is not None
        seen = await seen_phases(lookups, info.id, played, mine[:1])
        return ViewAnswer(
            view_report(seen[0], played.board), await view_png(lookups, seen[0], palette)
        )
    if earlier:  # the phase in play: as the power knew it when the last phase ended
        played = await lookups.played_phase(info.id, earlier[-1].id, record.id)
        if played is not None:
            seen = await seen_phases(lookups, info.id, played, mine[:1])
            return ViewAnswer(None, await view_png(lookups, seen[0], palette))
    known = own_position(position, mine[0])
    start = SeenPhase(
        PowerView(mine[0], Adjudication(position.phase, (), known)),
        unknown_places(known, mine[0], lookups.board),
        position.centre_counts(lookups.board.powers),
    )
    return ViewAnswer(None, await view_png(lookups, start, palette))


PUBLIC_ONLY = (
    "In this game each player may see only what their power knows: `/game map` and "
    "`/game history` show a player their own view, to them alone (share off). The "
    "supply-centre totals of each year are in `/game chart`."
)
