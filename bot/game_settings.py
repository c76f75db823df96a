"""A game's settings: chosen at creation, stored with the game as JSON."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import timedelta
from enum import StrEnum
from typing import Any

from adjudication.rules import Rules
from adjudication.units import PhaseKind
from bot.errors import InvalidSetting
from storage.codec import rules_from_json, rules_to_json


class Assignment(StrEnum):
    PREFERENCES = "preferences"  # rules/001: each player names three powers in priority
    LOTS = "lots"  # rules/000 §1: players draw lots


class Press(StrEnum):
    FULL = "full"  # private threads and public press
    PUBLIC_ONLY = "public_only"
    NONE = "none"  # gunboat


class Scoring(StrEnum):
    HAYNES = "haynes"  # rules/004 player ratings: BasicScore ± Time
    DRAW_SIZE = "draw_size"
    SUM_OF_SQUARES = "sum_of_squares"


_DEFAULT_MINUTES = {
    PhaseKind.MOVEMENT: 4 * 24 * 60,
    PhaseKind.RETREAT: 24 * 60,
    PhaseKind.ADJUSTMENT: 24 * 60,
}


@dataclass(frozen=True, slots=True)
class GameSettings:
    """Everything a GM chooses for a game.

    - `phase_minutes`: deadline length per phase kind (rules/004 rule 3 defaults:
      four days for moves, one day for retreats and adjustments).
    - `reminder_minutes`: reminders this many minutes before each deadline.
    - `draw_abstention_yes`: rules/004 rule 5: an abstention counts as yes.
    - `end_when_ready`: a movement phase ends early when every player is ready.
    - `civil_disorder_after`: missed phases before a power falls into civil disorder.
    """

    rules: Rules = field(default_factory=Rules)
    phase_minutes: dict[PhaseKind, int] = field(default_factory=lambda: dict(_DEFAULT_MINUTES))
    reminder_minutes: tuple[int, ...] = (24 * 60, 60)
    press: Press = Press.FULL
    anonymous_press: bool = False
    copy_gm_on_press: bool = False
    draw_abstention_yes: bool = True
    secret_ballots: bool = True
    assignment: Assignment = Assignment.PREFERENCES
    end_when_ready: bool = True
    civil_disorder_after: int = 2
    scoring: Scoring = Scoring.HAYNES

    def __post_init__(self) -> None:
        if set(self.phase_minutes) != set(PhaseKind):
            raise InvalidSetting("Give a deadline length for movement, retreats and adjustments.")
        if any(m < 1 or m > 60 * 24 * 60 for m in self.phase_minutes.values()):
            raise InvalidSetting("Deadlines must be between one minute and sixty days.")
        if any(m < 1 for m in self.reminder_minutes):
            raise InvalidSetting("Reminders must come at least one minute before the deadline.")
        if self.civil_disorder_after < 1:
            raise InvalidSetting("Civil disorder needs at least one missed phase.")

    def phase_length(self, kind: PhaseKind) -> timedelta:
        return timedelta(minutes=self.phase_minutes[kind])

    def with_changes(self, **changes: Any) -> GameSettings:
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": rules_to_json(self.rules),
            "phase_minutes": {k.value: v for k, v in sorted(self.phase_minutes.items())},
            "reminder_minutes": list(self.reminder_minutes),
            "press": self.press.value,
            "anonymous_press": self.anonymous_press,
            "copy_gm_on_press": self.copy_gm_on_press,
            "draw_abstention_yes": self.draw_abstention_yes,
            "secret_ballots": self.secret_ballots,
            "assignment": self.assignment.value,
            "end_when_ready": self.end_when_ready,
            "civil_disorder_after": self.civil_disorder_after,
            "scoring": self.scoring.value,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameSettings:
        return cls(
            rules=rules_from_json(data["rules"]),
            phase_minutes={PhaseKind(k): v for k, v in data["phase_minutes"].items()},
            reminder_minutes=tuple(data["reminder_minutes"]),
            press=Press(data["press"]),
            anonymous_press=data["anonymous_press"],
            copy_gm_on_press=data["copy_gm_on_press"],
            draw_abstention_yes=data["draw_abstention_yes"],
            secret_ballots=data["secret_ballots"],
            assignment=Assignment(data["assignment"]),
            end_when_ready=data["end_when_ready"],
            civil_disorder_after=data["civil_disorder_after"],
            scoring=Scoring(data["scoring"]),
        )
