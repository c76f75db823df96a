"""What the maps of a One-on-one board say of it (issue 33: "each map says which board it
shows; the key marks civil disorder for every power in it")."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncConnection

from adjudication.model.units import Phase
from adjudication.model.variant import PowerStatus
from bot.service.kernel import GameSettings
from bot.service.variants._legend import MapMarks, unheld_powers
from storage import queries

BOARD_NAMES = ("First board", "Second board")


async def match_marks(conn: AsyncConnection, phase_id: int) -> MapMarks | None:
    """The marks of the maps of phase `phase_id` of a match's board; None when its game
    is no board of a match. Which board: the match's games in the order made (game A
    where the match was created, then B in its second channel), named after A. Who is
    in civil disorder: as the phase began (`PhaseRow.start_state`), or as it stands
    for the phase in play (a GM's replacement takes a power out of it at once)."""
    found = await queries.phases.with_game(conn, phase_id)
    if found is None or found.match_id is None:
        return None
    boards = await queries.matches.boards(conn, found.match_id)
    which = [g.id for g in boards].index(found.game_id)
    subtitle = f"{BOARD_NAMES[min(which, 1)]} of {boards[0].name}"
    if found.current_phase_id == phase_id or found.start_state is None:
        fallen = await queries.powers.in_civil_disorder(conn, found.game_id)
    else:
        powers = found.start_state.get("powers", {})
        fallen = {p for p, state in powers.items() if state.get("civil_disorder")}
    settings = GameSettings.model_validate(found.settings)
    # The legend's word is the dummies': "civil disorder" (render.variants.neutral).
    statuses = {
        **unheld_powers(settings, Phase.parse(found.code)),
        **dict.fromkeys(sorted(fallen), PowerStatus.DUMMY),
    }
    return MapMarks(subtitle, statuses)
