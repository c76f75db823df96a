"""A game's settings: chosen at creation, stored with the game as JSON."""

from __future__ import annotations

from datetime import timedelta
from enum import StrEnum
from typing import Annotated, Any

from pydantic import (
    PlainSerializer,
    PlainValidator,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from adjudication.model.rules import ParadoxRule, Rules, YearLimitMeasure
from adjudication.model.units import PhaseKind
from adjudication.variants import VARIANTS
from bot.service.kernel._errors import InvalidSetting
from bot.service.kernel._schedule import Schedule, duration
from bot.service.kernel._settings_model import SettingsModel
from bot.service.kernel._words import count
from storage.codec import rules_from_json, rules_to_json
from storage.enums import Scoring as Scoring

# A roll-call's longest time to answer (issue 31): a week.
MAX_ROLL_CALL_HOURS = 7 * 24
# Issue 31: a player with fewer phases owed than this on a server is new: their record
# says too little to hold them to a game's `min_reliability`.
NEW_PLAYER_PHASES = 10
# Settings added after the shapes of issue 17, left out of the stored document while at
# their default (as the engine's `Rules` leaves out its options): a game that does not
# use them keeps the shape that other bot processes sharing the database, still on the
# version before, can read (`extra="forbid"` refuses a key they do not know).
LEFT_OUT_AT_DEFAULT = ("min_reliability", "reliable_only", "roll_call", "roll_call_hours")


class VariantName(StrEnum):
    """The variants a game may be played as: the keys of `adjudication.variants.VARIANTS`
    (a test keeps the two equal)."""

    STANDARD = "standard"
    WORLD_WAR_I = "world_war_i"  # rules/000 §14.2, two players
    AIRPLANE = "airplane"  # rules/004, Airplane Diplomacy
    ONE_ON_ONE = "one_on_one"  # rules/004, a match of two games for two players
    KRIEGSPLOMACY = "kriegsplomacy"  # rules/004; each player sent their own view
    # rules/004; in the engine, refused at `/game create` until spies reach Discord
    # (`bot.service.variant_text.NOT_YET_PLAYABLE`).
    SPY = "spy"


def refuse_telling_grace(settings: GameSettings) -> GameSettings:
    """`settings`, or `InvalidSetting` with the reason when they give a grace to a
    variant that does not report missed orders: rules/004's Kriegsplomacy ("If a country
    goes NMR, that is NOT reported"), and Spy, whose sabotage leaves no trace
    (docs/VARIANTS.md Y7); a grace would show everyone that someone was late (issue 33's
    ruling: refused at `/game create` and `/gm settings set`; `Variant.takes_grace`)."""
    variant = VARIANTS[settings.variant]
    if variant.takes_grace:
        return settings
    title = variant.title
    if settings.schedule.grace_minutes:
        raise InvalidSetting(
            f"{title} takes no grace for late powers: its missed orders are not reported "
            "(rules/004), and waiting for a late power would show everyone that someone "
            "was late. Set grace_hours to 0."
        )
    if settings.schedule.excuses:
        # An excused miss moves everyone's deadline: as telling as a grace.
        raise InvalidSetting(
            f"{title} takes no excused misses: its missed orders are not reported "
            "(rules/004), and a deadline moved for a miss would show everyone that someone "
            "missed it. Set excuses to 0."
        )
    return settings


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


def _read_rules(rules: Any) -> Rules:
    return rules if isinstance(rules, Rules) else rules_from_json(rules)


# The engine's `Rules` stays a dataclass (adjudication/ is standard-library only): it
# is stored as the storage codec writes it, options at their default left out.
StoredRules = Annotated[Rules, PlainValidator(_read_rules), PlainSerializer(rules_to_json)]


class GameSettings(SettingsModel):
    """Everything a GM chooses for a game.

    - `variant`: the game played (docs/VARIANTS.md); `rules` holds its options,
      among them the grouping of powers dealt at the start.

    - `schedule`: when deadlines fall (bot/service/kernel/_schedule.py): per phase kind a
      length (four days for moves, one day for retreats and adjustments by default) or
      a fixed clock, in the game's time zone, on the days allowed.
    - `reminder_minutes`: reminders this many minutes before each deadline.
    - `draw_abstention_yes`: rules/004 rule 5: an abstention counts as yes.
    - `end_when_ready`: a movement phase ends early when every player is ready.
    - `civil_disorder_after`: movement phases (Spring or Fall) missed before a power
      falls into civil disorder: rules/000 §14.3, one ("fails to submit orders in a
      given Spring or Fall season"); rules/004 rule 10 says "after two seasons".
    """

    # Games stored before variants name none (migration 0008 adds it).
    variant: VariantName = VariantName.STANDARD
    rules: StoredRules = Rules()
    schedule: Schedule = Schedule()
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
    # Games made before it was a setting read as plain.
    results_notation: ResultsNotation = ResultsNotation.PLAIN
    # The colours of the channel's maps (render/palette.py); None: the operator's
    # MAP_PALETTE. Each player may choose their own for what is sent to them alone.
    # Games made before it was a setting use the operator's palette.
    map_palette: str | None = None
    # Issue 31: a roll-call before the first phase (`/game start` asks each player to
    # answer "I'm in" within `roll_call_hours`). Off for games made before it existed.
    roll_call: bool = False
    roll_call_hours: int = 24
    # Issue 31: who may join. `min_reliability`: the least share, in percent, of the
    # phases a player owed that they ordered before the deadline (their last 100 on the
    # server); None: anyone. A new player (fewer than NEW_PLAYER_PHASES phases owed) may
    # join whatever the minimum, unless `reliable_only`. Games made before: anyone.
    min_reliability: int | None = None
    reliable_only: bool = False

    @model_validator(mode="before")
    @classmethod
    def _before_schedules(cls, data: Any) -> Any:
        # Games stored before schedules kept phase lengths in minutes by phase code.
        if isinstance(data, dict) and "phase_minutes" in data:
            data = dict(data)
            minutes = data.pop("phase_minutes")
            if "schedule" not in data:
                data["schedule"] = Schedule.from_minutes(minutes)
        return data

    @model_validator(mode="after")
    def _check(self) -> GameSettings:
        if any(m < 1 for m in self.reminder_minutes):
            raise InvalidSetting("Reminders must come at least one minute before the deadline.")
        if self.civil_disorder_after < 1:
            raise InvalidSetting("Civil disorder needs at least one missed phase.")
        if self.map_palette is not None:
            check_palette(self.map_palette)
        if self.min_reliability is not None and not 0 <= self.min_reliability <= 100:
            raise InvalidSetting(
                "Give the minimum reliability as a percentage, 0 to 100 (or none for anyone)."
            )
        if not 1 <= self.roll_call_hours <= MAX_ROLL_CALL_HOURS:
            raise InvalidSetting(
                f"A roll-call lasts 1 to {MAX_ROLL_CALL_HOURS} hours; give a whole number "
                "of hours in that range."
            )
        return self

    @model_serializer(mode="wrap")
    def _stored(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        document: dict[str, Any] = handler(self)
        for name in LEFT_OUT_AT_DEFAULT:
            if document.get(name) == type(self).model_fields[name].default:
                del document[name]
        return document

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
            *self.schedule.describe(),
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
            f"Who may join: {_who_may_join(self)}",
            "Roll-call before the start: "
            + (f"{count(self.roll_call_hours, 'hour')} to answer" if self.roll_call else "none"),
            f"Solo victory: {count(rules.victory_centres, 'supply centre')}",
            f"Short game: {short_game}",
            f"Stalemate rule: {stalemate}",
            f"Convoy paradoxes: {_PARADOX[rules.paradox_rule]}",
        ]

    def phase_length(self, kind: PhaseKind) -> timedelta:
        """The phase's nominal length (a fixed clock's: its days); the deadline itself
        comes from `schedule.deadline`."""
        timing = self.schedule.timing(kind)
        minutes = getattr(timing, "minutes", getattr(timing, "every_days", 1) * 24 * 60)
        return timedelta(minutes=minutes)


def _who_may_join(settings: GameSettings) -> str:
    """The describe line of `min_reliability` and `reliable_only` (issue 31)."""
    new = f"new players (fewer than {count(NEW_PLAYER_PHASES, 'phase')} owed)"
    if settings.min_reliability is None:
        return f"players with a record only, not {new}" if settings.reliable_only else "anyone"
    minimum = (
        f"players who ordered before the deadline in at least {settings.min_reliability}% "
        "of the phases they owed (their last 100 on this server)"
    )
    return f"{minimum}; not {new}" if settings.reliable_only else f"{minimum}, and {new}"


def check_palette(name: str) -> str:
    """`name` if it is a palette render/palette.py draws, else `InvalidSetting`."""
    from render.palette import PALETTES  # render loads Pillow: only when asked

    if name not in PALETTES:
        raise InvalidSetting(f"Choose one of: {', '.join(sorted(PALETTES))}.")
    return name


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
