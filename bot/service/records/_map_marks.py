"""What a game's maps must know of it besides the position: the powers no player holds
in the phase drawn (rules/000 §14.2), for the legend to name them; and, for a board of
a One-on-one match, which board it is and which powers are in civil disorder there
(issue 33: "each map says which board it shows; the key marks civil disorder for every
power in it")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, TypeVar

from sqlalchemy.ext.asyncio import AsyncConnection

from adjudication.model.position import Position
from adjudication.model.units import Phase, Power
from adjudication.model.variant import MatchUnits, PowerStatus
from adjudication.variants import UnknownGrouping, variant_named
from bot.service.kernel import GameSettings, PlayedPhase
from storage import queries

if TYPE_CHECKING:
    from render.request import MapRequest

BOARD_NAMES = ("First board", "Second board")
Request = TypeVar("Request", bound="MapRequest")


def unheld_powers(settings: GameSettings, phase: Phase) -> Mapping[Power, PowerStatus]:
    """`Variant.statuses` of the game's rules in `phase`: empty when every power is
    held (the standard game of seven), and for a game whose grouping is not chosen yet
    (a lobby: no map is drawn before the start)."""
    try:
        return variant_named(settings.variant.value).statuses(settings.rules, phase)
    except UnknownGrouping:
        return {}


@dataclass(frozen=True, slots=True)
class MapMarks:
    """What a board of a match adds to the renderer's request: its title's second line
    ("Second board of Duel") and the legend's marks, the powers in civil disorder."""

    subtitle: str
    statuses: Mapping[Power, PowerStatus] = field(default_factory=dict)

    def on(self, request: Request, statuses: Mapping[Power, PowerStatus] | None = None) -> Request:
        """`request` with this board's title line, and its `statuses` (the variant's, as
        the caller has them) with this board's added."""
        marked = {**(statuses or {}), **self.statuses}
        return replace(request, subtitle=self.subtitle, statuses=marked)


def is_match_board(position: Position) -> bool:
    """A position of a game decided by a match (One-on-one: O4), so one of two boards."""
    return isinstance(variant_named(position.variant).victory, MatchUnits)


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


@dataclass(frozen=True, slots=True)
class BoardPhase(PlayedPhase):
    """A played phase of a match's board, with what its results map says of the board
    (`GameLookups.played_phase` finds them; `results_png` passes them on)."""

    marks: MapMarks | None = None
