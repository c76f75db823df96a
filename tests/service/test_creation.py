"""`/game create`'s options read into the game's settings in the service (issue 17:
no settings JSON edited in a cog)."""

from __future__ import annotations

import pytest

from adjudication.model.optional_rules import MastersRules
from adjudication.model.rules import ParadoxRule, Rules, YearLimitMeasure
from bot.service.kernel import (
    Assignment,
    GameSettings,
    InvalidSetting,
    Press,
    Schedule,
    VariantName,
)
from bot.service.lobby import CreationOptions, settings_at_creation


def test_the_defaults_make_the_default_settings() -> None:
    assert settings_at_creation(CreationOptions(schedule=Schedule())) == GameSettings()


def test_every_option_reaches_its_typed_setting() -> None:
    made = settings_at_creation(
        CreationOptions(
            schedule=Schedule(),
            variant="world_war_i",
            assignment="lots",
            press="none",
            anonymous_press=True,
            copy_gm=True,
            secret_ballots=False,
            year_limit=1910,
            short_game_winner="centres",
            stalemate_winters=3,
            paradox_rule="rulebook_1982",
            masters="1 2",
        )
    )
    assert made.variant is VariantName.WORLD_WAR_I
    assert (made.assignment, made.press) == (Assignment.LOTS, Press.NONE)
    assert (made.anonymous_press, made.copy_gm_on_press, made.secret_ballots) == (
        True,
        True,
        False,
    )
    assert made.rules == Rules(
        year_limit=1910,
        year_limit_measure=YearLimitMeasure.CENTRES,
        stalemate_winters=3,
        paradox_rule=ParadoxRule.RULEBOOK_1982,
        masters=MastersRules(minor_powers=True, variable_control=True),
    )


def test_a_masters_combination_the_document_refuses_is_refused_with_its_reason() -> None:
    with pytest.raises(InvalidSetting, match="MR1"):
        settings_at_creation(CreationOptions(schedule=Schedule(), masters="2"))


def test_an_unknown_word_is_a_players_error_naming_the_choices() -> None:
    with pytest.raises(InvalidSetting, match="one of full, public_only, none"):
        settings_at_creation(CreationOptions(schedule=Schedule(), press="loud"))
