"""`/gm settings set`: each setting a GM may change by name, how its value is read,
and whether it may change once the game has started.

`/game create` offers the common settings as options (a command has at most 25); the
others are set here, before the start or, where it makes sense, during the game. Each
setting is a typed change of `GameSettings`, never a string flag read elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from adjudication.model.optional_rules import MastersRules
from adjudication.model.rules import ParadoxRule, YearLimitMeasure
from adjudication.model.units import PhaseKind
from bot.service.kernel import (
    MAX_ROLL_CALL_HOURS,
    Assignment,
    GameSettings,
    InvalidSetting,
    Length,
    Press,
    ResultsNotation,
    Scoring,
    check_palette,
    refuse_telling_grace,
)
from bot.service.lobby._schedule_changes import SCHEDULE_CHANGES
from bot.service.lobby._variant_text import choose_grouping, grouping_form
from bot.service.variants.masters import masters_option

MAX_HOURS = 24 * 60  # sixty days, as `/game create` allows


@dataclass(frozen=True, slots=True)
class SettingChange:
    """A setting a GM may change: its name, what the value looks like, whether only
    in the lobby, and the change itself (raises `InvalidSetting` for a bad value)."""

    name: str
    form: str
    lobby_only: bool
    apply: Callable[[GameSettings, str], GameSettings]


def _hours(text: str) -> int:
    try:
        hours = int(text.strip())
    except ValueError:
        raise InvalidSetting("Give a whole number of hours.") from None
    if not 1 <= hours <= MAX_HOURS:
        raise InvalidSetting(f"Give between 1 and {MAX_HOURS} hours.")
    return hours


def _whole(text: str, low: int, high: int) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        raise InvalidSetting("Give a whole number.") from None
    if not low <= value <= high:
        raise InvalidSetting(f"Give a number from {low} to {high}.")
    return value


def _yes_no(text: str) -> bool:
    word = text.strip().lower()
    if word in {"yes", "y", "on", "true"}:
        return True
    if word in {"no", "n", "off", "false"}:
        return False
    raise InvalidSetting("Answer yes or no.")


def _choice(text: str, kind):
    word = text.strip().lower().replace(" ", "_")
    try:
        return kind(word)
    except ValueError:
        options = ", ".join(k.value for k in kind)
        raise InvalidSetting(f"Choose one of: {options}.") from None


def _length(kind: PhaseKind) -> Callable[[GameSettings, str], GameSettings]:
    def apply(settings: GameSettings, text: str) -> GameSettings:
        schedule = settings.schedule.with_timing(kind, Length(_hours(text) * 60))
        return settings.changed(schedule=schedule)

    return apply


def _reminders(settings: GameSettings, text: str) -> GameSettings:
    words = text.replace(",", " ").split()
    if words in (["none"], ["no"]):
        return settings.changed(reminder_minutes=())
    if len(words) > 3:
        raise InvalidSetting("Give up to three reminders, in hours before the deadline.")
    return settings.changed(reminder_minutes=tuple(sorted({_hours(w) * 60 for w in words})))


def _rules(**change) -> Callable[[GameSettings, str], GameSettings]:
    """A change of the game's typed `Rules` (the engine's options)."""
    ((field, read),) = change.items()

    def apply(settings: GameSettings, text: str) -> GameSettings:
        return settings.changed(rules=replace(settings.rules, **{field: read(text)}))

    return apply


def _optional(read: Callable[[str], int]) -> Callable[[str], int | None]:
    def parse(text: str) -> int | None:
        return None if text.strip().lower() in {"none", "off", "no"} else read(text)

    return parse


def _palette(settings: GameSettings, text: str) -> GameSettings:
    word = text.strip().lower()
    if word in {"default", "none"}:
        return settings.changed(map_palette=None)  # the operator's MAP_PALETTE
    return settings.changed(map_palette=check_palette(word))


def _flag(field: str) -> Callable[[GameSettings, str], GameSettings]:
    return lambda settings, text: settings.changed(**{field: _yes_no(text)})


def _picked(field: str, kind) -> Callable[[GameSettings, str], GameSettings]:
    return lambda settings, text: settings.changed(**{field: _choice(text, kind)})


def _roll_call_hours(settings: GameSettings, text: str) -> GameSettings:
    """Issue 31: the time each player has to answer the roll-call, in hours; a GM who
    sets it wants a roll-call, so it is turned on too."""
    try:
        hours = int(text.strip())
    except ValueError:
        hours = 0
    if not 1 <= hours <= MAX_ROLL_CALL_HOURS:
        raise InvalidSetting(
            f"Give the roll-call's time in whole hours, 1 to {MAX_ROLL_CALL_HOURS} (24 is usual)."
        )
    return settings.changed(roll_call=True, roll_call_hours=hours)


def _min_reliability(settings: GameSettings, text: str) -> GameSettings:
    """Issue 31: a percentage, "80" or "80%"; none (or off) lets anyone join."""
    word = text.strip().lower().removesuffix("%").strip()
    if word in {"none", "off", "no"}:
        return settings.changed(min_reliability=None)
    try:
        percent = int(word)
    except ValueError:
        percent = -1
    if not 0 <= percent <= 100:
        raise InvalidSetting(
            "Give the minimum reliability as a percentage, 0 to 100 (or none for anyone)."
        )
    return settings.changed(min_reliability=percent)


def _masters(settings: GameSettings, text: str) -> GameSettings:
    """rules/003: the Masters Rules played, each on or off (docs/VARIANTS.md M0)."""
    masters = MastersRules(**dict.fromkeys(masters_option(text), True))
    return settings.changed(rules=replace(settings.rules, masters=masters))


CHANGES: dict[str, SettingChange] = {
    c.name: c
    for c in (
        SettingChange("movement_hours", "hours, e.g. 96", False, _length(PhaseKind.MOVEMENT)),
        SettingChange("retreat_hours", "hours, e.g. 24", False, _length(PhaseKind.RETREAT)),
        SettingChange("adjustment_hours", "hours, e.g. 24", False, _length(PhaseKind.ADJUSTMENT)),
        SettingChange("reminders", "hours before, e.g. 24, 1 (or none)", False, _reminders),
        SettingChange("press", "full, public_only or none", False, _picked("press", Press)),
        SettingChange("anonymous_press", "yes or no", False, _flag("anonymous_press")),
        SettingChange("copy_gm", "yes or no", False, _flag("copy_gm_on_press")),
        SettingChange("secret_ballots", "yes or no", False, _flag("secret_ballots")),
        SettingChange("draw_silence_counts_yes", "yes or no", False, _flag("draw_abstention_yes")),
        SettingChange("end_when_ready", "yes or no", False, _flag("end_when_ready")),
        SettingChange(
            "civil_disorder_after",
            "missed movement phases, e.g. 1",
            False,
            lambda s, t: s.changed(civil_disorder_after=_whole(t, 1, 10)),
        ),
        SettingChange(
            "results_notation",
            "plain or judge",
            False,
            _picked("results_notation", ResultsNotation),
        ),
        SettingChange("map_palette", "classic, colorblind or default", False, _palette),
        SettingChange(
            "scoring",
            "haynes, draw_size or sum_of_squares",
            True,
            _picked("scoring", Scoring),
        ),
        SettingChange("assignment", "preferences or lots", True, _picked("assignment", Assignment)),
        SettingChange(
            "year_limit",
            "a year, e.g. 1910 (or none)",
            True,
            _rules(year_limit=_optional(lambda t: _whole(t, 1901, 2100))),
        ),
        SettingChange(
            "short_game_winner",
            "units or centres",
            True,
            _rules(year_limit_measure=lambda t: _choice(t, YearLimitMeasure)),
        ),
        SettingChange(
            "stalemate_winters",
            "winters, e.g. 3 (or none)",
            True,
            _rules(stalemate_winters=_optional(lambda t: _whole(t, 1, 20))),
        ),
        SettingChange(
            "paradox_rule",
            "szykman or rulebook_1982",
            True,
            _rules(paradox_rule=lambda t: _choice(t, ParadoxRule)),
        ),
        SettingChange(
            "masters", "rules MR1-MR6 by number, e.g. 1 2 5 (or all, none)", True, _masters
        ),
        # rules/000 §14.2: how powers are shared when the rulebook offers alternatives
        # (three players: "3a" or "3b"); read at `/game start`.
        SettingChange("grouping", grouping_form(), True, choose_grouping),
        # Issue 31: a roll-call at `/game start`; once called, the deal stands.
        SettingChange("roll_call", "yes or no", True, _flag("roll_call")),
        SettingChange(
            "roll_call_hours",
            f"hours to answer, 1 to {MAX_ROLL_CALL_HOURS} (turns the roll-call on)",
            True,
            _roll_call_hours,
        ),
        # Issue 31: who may join, by their record of ordering before the deadline.
        SettingChange(
            "min_reliability", "a percentage, 0 to 100, e.g. 80 (or none)", True, _min_reliability
        ),
        SettingChange(
            "reliable_only", "yes or no: refuse new players", True, _flag("reliable_only")
        ),
        *(SettingChange(*change) for change in SCHEDULE_CHANGES),
    )
}


def setting_news(old: GameSettings, new: GameSettings, name: str, value: str) -> list[str]:
    """What the game's channel is told of a change: the lines of the settings' description
    that changed; for a setting the description leaves out (the grouping), its name and
    value; nothing when nothing changed."""
    if old == new:
        return []
    before = set(old.describe())
    return [line for line in new.describe() if line not in before] or [f"{name}: {value}"]


def change_setting(settings: GameSettings, name: str, value: str, *, started: bool) -> GameSettings:
    """`settings` with `name` set to `value`, or `InvalidSetting` saying why not."""
    change = CHANGES.get(name)
    if change is None:
        raise InvalidSetting(f"There is no setting {name[:40]}.")
    if started and change.lobby_only:
        raise InvalidSetting(f"{name} is chosen before the game starts; it has started.")
    changed = change.apply(settings, value[:100])
    # Checked as a whole, as `/game create` does: the engine's `Rules` by its codec too.
    return refuse_telling_grace(GameSettings.model_validate(changed.model_dump(mode="json")))
