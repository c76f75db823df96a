"""A phase as a user names it (`/game history phase:`, `/game map phase:`), read once
where the text comes in: the engine's `Phase`, and which play of it when the game was
rolled back ("F1901M/2": its second play)."""

from __future__ import annotations

from dataclasses import dataclass

from adjudication.model.units import Phase


@dataclass(frozen=True, slots=True)
class PhasePlay:
    """A phase of a game and, when named, which play of it (from 1); None: the latest
    live play, or the latest rolled-back one when every play was rolled back."""

    phase: Phase
    play: int | None = None


def read_phase_name(text: str) -> PhasePlay | None:
    """ "s1901m", "F1901M/2" read; None when the text names no phase (then no game has
    it). A play is a number from 1 of up to five digits; "F1901M/" is "F1901M"."""
    code, _, play = text.strip().partition("/")
    try:
        phase = Phase.parse(code)
    except ValueError:
        return None
    if not play:
        return PhasePlay(phase)
    if not play.isdigit() or len(play) > 5 or int(play) == 0:
        return None
    return PhasePlay(phase, int(play))
