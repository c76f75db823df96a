"""Each player's view of a stored phase, and its map, for the Discord layer (issue 12).

Beside `lookups.GameLookups`, whose maps and options show the whole board: in a
hidden-information game those go to the GM and the record only, and everything sent to
a player comes from here, made from their power's view (`power_views`).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Sequence

from adjudication.units import Phase, PhaseKind, Power
from bot.service.lookups import GameLookups
from bot.service.phase_news import PlayedPhase
from bot.service.power_views import SeenPhase, learned_in, seen_phase
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
    code = Phase(phase.year, phase.season, PhaseKind.MOVEMENT).code
    record = await lookups.service.phase_record(game_id, code)
    if record is None or record.outcomes is None:
        return None
    outcomes = tuple(outcome_from_json(o) for o in record.outcomes)
    before = lookups.service.record_position(record)
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
        )
    )
