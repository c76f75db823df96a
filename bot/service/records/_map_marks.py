"""A played phase with what its results map says of the board beyond the position (a
One-on-one board's title line and marks: `MapMarks`, from the game's parts)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.kernel import PlayedPhase
from bot.service.variants import MapMarks


@dataclass(frozen=True, slots=True)
class BoardPhase(PlayedPhase):
    """A played phase of a match's board, with what its results map says of the board
    (`GameLookups.played_phase` finds them; `results_png` passes them on)."""

    marks: MapMarks | None = None
