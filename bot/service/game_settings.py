"""A game's settings: chosen at creation, stored with the game as JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from enum import StrEnum
from typing import Any

from adjudication.rules import ParadoxRule, Rules, YearLimitMeasure
from adjudication.units import PhaseKind
from bot.service.errors import InvalidSetting
from bot.service.words import count
from storage.codec import rules_from_json, rules_to_json


class VariantName(StrEnum):
    """The variants a game may be played as: the keys of `adjudication.variants.VARIANTS`
    (a test keeps the two equal)."""

    STANDARD = "standard"
    WORLD_WAR_I = "world_war_i"  # rules/000 §14.2, two players
    # rules/004; in the engine, refused at `/game create` until views reach Discord
    # (`bot.service.variant_text.NOT_YET_PLAYABLE`).
    KRIEGSPLOMACY = "kriegsplomacy"


class Assignment(StrEnum):
    PREFERENCES = "preferences"  # rules/001: each player names three powers in priority
    LOTS = "lots"  # rules/000 §1: players draw lots


class Press(StrEnum):
    FULL = "full"  # private threads and public press
    PUBLIC_ONLY = "public_only"
    NONE = "none"  # gunboat


class ResultsNotation(StrEnum):
    """How the game channel shows a phase's results (issue 22; QUEUE "Results
    notation"): the DM echo's plain notation with outcomes in words by default, or
    rules/004's judge notation. The judge notation is always attached as a file."""

    PLAIN = "plain"
    JUDGE = "judge"


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

    - `variant`: the game played (docs/VARIANTS.md); `rules` holds its options,
      among them the grouping of powers dealt at the start.

    - `phase_minutes`: deadline length per phase kind (rules/004 rule 3 defaults:
      four days for moves, one day for retreats and adjustments).
    - `reminder_minutes`: reminders this many minutes before each deadline.
    - `draw_abstention_yes`: rules/004 rule 5: an abstention counts as yes.
    - `end_when_ready`: a movement phase ends early when every player is ready.
    - `civil_disorder_after`: movement phases (Spring or Fall) missed before a power
      falls into civil disorder: rules/000 §14.3, one ("fails to submit orders in a
      given Spring or Fall season"); rules/004 rule 10 says "after two seasons".
    """

    rules: Rules = field(default_factory=Rules)
    variant: VariantName = VariantName.STANDARD
    phase_minutes: dict[PhaseKind, int] = field(default_factory=lambda: dict(_DEFAULT_MINUTES))
    reminder_minutes: tuple[int, ...] = (24 * 60, 60)
    press: Press = Press.FULL
    anonymous_press: bool = False
    copy_gm_on_press: bool = False
    draw_abstention_yes: bool = True
    secret_ballots: bool = True
    assignment: Assignment = Assignment.PREFERENCES
    end_when_ready: bool = True
    civil_disorder_after: int = 1
    scoring: Scoring = Scoring.HAYNES
    results_notation: ResultsNotation = ResultsNotation.PLAIN
    # The colours of the channel's maps (render/palette.py); None: the operator's
    # MAP_PALETTE. Each player may choose their own for what is sent to them alone.
    map_palette: str | None = None

    def __post_init__(self) -> None:
        if set(self.phase_minutes) != set(PhaseKind):
            raise InvalidSetting("Give a deadline length for movement, retreats and adjustments.")
        if any(m < 1 or m > 60 * 24 * 60 for m in self.phase_minutes.values()):
            raise InvalidSetting("Deadlines must be between one minute and sixty days.")
        if any(m < 1 for m in self.reminder_minutes):
            raise InvalidSetting("Reminders must come at least one minute before the deadline.")
        if self.civil_disorder_after < 1:
            raise InvalidSetting("Civil disorder needs at least one missed phase.")
        if self.map_palette is not None:
            check_palette(self.map_palette)

    def describe(self) -> list[str]:
        """The settings as a GM reads them: "Moves: 4 days", one line each."""
        rules = self.rules
        reminders = sorted(self.reminder_minutes, reverse=True)
        short_game = "none"
        if rules.year_limit is not None:
            measure = _MEASURES[rules.year_limit_measure]
            short_game = f"the game ends with {rules.year_limit}; the most {measure} wins"
        stalemate = "off"
        if rules.stalemate_winters is not None:
            stalemate = (
                "a draw when every supply centre has the same owner for "
                f"{count(rules.stalemate_winters, 'winter')} in a row"
            )
        return [
            f"Moves: {duration(self.phase_minutes[PhaseKind.MOVEMENT])}",
            f"Retreats: {duration(self.phase_minutes[PhaseKind.RETREAT])}",
            f"Builds and removals: {duration(self.phase_minutes[PhaseKind.ADJUSTMENT])}",
            "Reminders: "
            + (
                " and ".join(duration(m) for m in reminders) + " before each deadline"
                if reminders
                else "none"
            ),
            f"Powers given out: {_ASSIGNMENTS[self.assignment]}",
            f"Press: {_PRESS[self.press]}",
            f"Unsigned public press: {'allowed' if self.anonymous_press else 'not allowed'}",
            f"GM added to private threads: {_yes(self.copy_gm_on_press)}",
            f"Draw votes: silence counts as {_yes(self.draw_abstention_yes)}",
            "Ballots: "
            + (
                "secret (counts only; the GM sees who voted what)"
                if self.secret_ballots
                else "open"
            ),
            f"Moves end early when every player is ready: {_yes(self.end_when_ready)}",
            "Civil disorder: after "
            f"{count(self.civil_disorder_after, 'missed movement phase')} (Spring or Fall)",
            f"Scoring: {_SCORING[self.scoring]}",
            f"Results in the channel: {_NOTATIONS[self.results_notation]}",
            "Map colours in the channel: " + (self.map_palette or "the bot's default"),
            f"Solo victory: {count(rules.victory_centres, 'supply centre')}",
            f"Short game: {short_game}",
            f"Stalemate rule: {stalemate}",
            f"Convoy paradoxes: {_PARADOX[rules.paradox_rule]}",
        ]

    def phase_length(self, kind: PhaseKind) -> timedelta:
        return timedelta(minutes=self.phase_minutes[kind])

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant.value,
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
            "results_notation": self.results_notation.value,
            "map_palette": self.map_palette,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameSettings:
        return cls(
            rules=rules_from_json(data["rules"]),
            # Games stored before variants name none (migration 0008 adds it).
            variant=VariantName(data.get("variant", VariantName.STANDARD)),
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
            # Games made before it was a setting read as plain.
            results_notation=ResultsNotation(data.get("results_notation", "plain")),
            # Games made before it was a setting use the operator's palette.
            map_palette=data.get("map_palette"),
        )


def check_palette(name: str) -> str:
    """`name` if it is a palette render/palette.py draws, else `InvalidSetting`."""
    from render.palette import PALETTES  # render loads Pillow: only when asked

    if name not in PALETTES:
        raise InvalidSetting(f"Choose one of: {', '.join(sorted(PALETTES))}.")
    return name


def duration(minutes: int) -> str:
    """A length of time as people say it: "4 days", "36 hours", "90 minutes"."""
    if minutes % (24 * 60) == 0:
        return count(minutes // (24 * 60), "day")
    if minutes % 60 == 0:
        return count(minutes // 60, "hour")
    return count(minutes, "minute")


def _yes(value: bool) -> str:
    return "yes" if value else "no"


_ASSIGNMENTS = {
    Assignment.PREFERENCES: "by the players' preferences",
    Assignment.LOTS: "by lots",
}
_PRESS = {
    Press.FULL: "private threads and public announcements",
    Press.PUBLIC_ONLY: "public announcements only",
    Press.NONE: "none (gunboat)",
}
_SCORING = {
    Scoring.HAYNES: "Haynes ratings (points for the place, and for the years survived)",
    Scoring.DRAW_SIZE: "shared equally by the winners",
    Scoring.SUM_OF_SQUARES: "sum of squares of the supply centres",
}
# The same, short, where the scores are shown.
SCORING_NAMES = {
    Scoring.HAYNES: "rules/004's player ratings",
    Scoring.DRAW_SIZE: "draw-size scoring",
    Scoring.SUM_OF_SQUARES: "sum-of-squares scoring",
}
_NOTATIONS = {
    ResultsNotation.PLAIN: "plain words (A Par - Bur: moved)",
    ResultsNotation.JUDGE: "rules/004's judge notation (A Par-Bur*)",
}
_MEASURES = {
    YearLimitMeasure.UNITS: "units on the board",
    YearLimitMeasure.CENTRES: "supply centres",
}
_PARADOX = {
    ParadoxRule.SZYKMAN: "Szykman rule (the convoyed army holds)",
    ParadoxRule.RULEBOOK_1982: "1982 rulebook (XII.5)",
}
