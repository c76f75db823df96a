"""The settings `/game create` makes from its options (issue 17: the rule out of the
cog). Each option's text is read into the game's typed values here, and the whole is
checked once, as every change of settings is (`SettingsModel.changed`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TypeVar

from adjudication.model.optional_rules import MastersRules
from adjudication.model.rules import ParadoxRule, YearLimitMeasure
from bot.service.kernel import (
    Assignment,
    GameSettings,
    InvalidSetting,
    Press,
    Schedule,
    refuse_telling_grace,
)
from bot.service.lobby._variant_text import read_variant
from bot.service.variants.masters import masters_option


@dataclass(frozen=True, slots=True)
class CreationOptions:
    """The options of `/game create` that make the settings, as typed by the GM (the
    command's choices and ranges have bounded them already; the text is read here)."""

    schedule: Schedule
    variant: str = "standard"
    assignment: str = Assignment.PREFERENCES
    press: str = Press.FULL
    anonymous_press: bool = False
    copy_gm: bool = False
    secret_ballots: bool = True
    year_limit: int | None = None
    short_game_winner: str = YearLimitMeasure.UNITS
    stalemate_winters: int | None = None
    paradox_rule: str = ParadoxRule.SZYKMAN
    masters: str | None = None  # "1 2 5", "all": read as `/gm settings set masters`
    roll_call_hours: int | None = None  # issue 31: a roll-call of that many hours; None: none
    min_reliability: int | None = None  # issue 31: percent; checked by the settings
    reliable_only: bool = False


def settings_at_creation(options: CreationOptions) -> GameSettings:
    """The new game's settings: the variant's defaults with the GM's choices."""
    settings = GameSettings(variant=read_variant(options.variant), schedule=options.schedule)
    rules = replace(
        settings.rules,
        year_limit=options.year_limit,
        year_limit_measure=_word(YearLimitMeasure, options.short_game_winner, "short game"),
        stalemate_winters=options.stalemate_winters,
        paradox_rule=_word(ParadoxRule, options.paradox_rule, "paradox rule"),
    )
    if options.masters is not None:
        masters = MastersRules(**dict.fromkeys(masters_option(options.masters), True))
        rules = replace(rules, masters=masters)
    made = settings.changed(
        rules=rules,
        assignment=_word(Assignment, options.assignment, "assignment"),
        press=_word(Press, options.press, "press"),
        anonymous_press=options.anonymous_press,
        copy_gm_on_press=options.copy_gm,
        secret_ballots=options.secret_ballots,
        min_reliability=options.min_reliability,
        reliable_only=options.reliable_only,
    )
    if options.roll_call_hours is not None:
        made = made.changed(roll_call=True, roll_call_hours=options.roll_call_hours)
    return refuse_telling_grace(made)  # issue 33: no grace where lateness is not told


E = TypeVar("E", bound=StrEnum)


def _word(kind: type[E], text: str, what: str) -> E:
    try:
        return kind(text)
    except ValueError:
        known = ", ".join(k.value for k in kind)
        raise InvalidSetting(f"Unknown {what} {text!r}: one of {known}.") from None
