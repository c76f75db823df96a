"""Issue 17: a game's settings are stored as JSON in its row and read back on every
load. Every shape written before must keep loading as the same settings, and what is
written now must stay the shape older bot processes sharing the database can read.
The documents below are what the hand-written codec wrote (and the older shapes it
read), copied as they were stored."""

from __future__ import annotations

from datetime import time

import pytest
from pydantic import ValidationError

from adjudication.model.rules import ParadoxRule, Rules, YearLimitMeasure
from adjudication.model.units import PhaseKind
from bot.service.kernel import (
    WORKING_DAYS,
    Assignment,
    Clock,
    GameSettings,
    InvalidSetting,
    Length,
    Press,
    ResultsNotation,
    Schedule,
    Scoring,
    VariantName,
)
from bot.service.variants.masters._orders import read_masters_setting
from storage.codec import rules_from_json


def load(document: dict) -> GameSettings:
    return GameSettings.model_validate(document)


def dump(settings: GameSettings) -> dict:
    return settings.model_dump(mode="json")


DEFAULT_RULES = {
    "v": 1,
    "paradox_rule": "szykman",
    "victory_centres": 18,
    "year_limit": None,
    "year_limit_measure": "units",
    "stalemate_winters": None,
}
DEFAULT_SCHEDULE = {
    "movement": {"minutes": 5760},
    "retreat": {"minutes": 1440},
    "adjustment": {"minutes": 1440},
    "zone": "UTC",
    "weekdays": [0, 1, 2, 3, 4, 5, 6],
    "min_movement_minutes": 0,
    "grace_minutes": 0,
    "excuses": 0,
    "absence_days": 0,
}
DEFAULT = {
    "variant": "standard",
    "rules": DEFAULT_RULES,
    "schedule": DEFAULT_SCHEDULE,
    "reminder_minutes": [1440, 60],
    "press": "full",
    "anonymous_press": False,
    "copy_gm_on_press": False,
    "draw_abstention_yes": True,
    "secret_ballots": True,
    "assignment": "preferences",
    "end_when_ready": True,
    "civil_disorder_after": 1,
    "scoring": "haynes",
    "results_notation": "plain",
    "map_palette": None,
}
# Every setting away from its default: clocks, a time zone, working days, the lot.
EVERYTHING_CHANGED = {
    "variant": "standard",
    "rules": {
        "v": 1,
        "paradox_rule": "rulebook_1982",
        "victory_centres": 12,
        "year_limit": 1910,
        "year_limit_measure": "centres",
        "stalemate_winters": 3,
        "grouping": "4",
        "toss_seed": 99,
    },
    "schedule": {
        "movement": {"at": "20:00", "every_days": 2},
        "retreat": {"minutes": 90},
        "adjustment": {"at": "08:05", "every_days": 1},
        "zone": "Europe/Paris",
        "weekdays": [0, 1, 2, 3, 4],
        "min_movement_minutes": 360,
        "grace_minutes": 2880,
        "excuses": 2,
        "absence_days": 7,
    },
    "reminder_minutes": [],
    "press": "none",
    "anonymous_press": True,
    "copy_gm_on_press": True,
    "draw_abstention_yes": False,
    "secret_ballots": False,
    "assignment": "lots",
    "end_when_ready": False,
    "civil_disorder_after": 2,
    "scoring": "sum_of_squares",
    "results_notation": "judge",
    "map_palette": "colorblind",
}
MASTERS_WORLD_WAR_I = {
    **DEFAULT,
    "variant": "world_war_i",
    "rules": {
        **DEFAULT_RULES,
        "masters": [
            "minor_powers",
            "variable_control",
            "rebellion",
            "annexation",
            "disarmament",
            "foreign_aid",
        ],
    },
}
# The first shape: no variant (migration 0008 adds it, but a row it skipped reads as
# standard), no results notation, no palette, phase lengths in minutes by phase code.
BEFORE_SCHEDULES = {
    key: value
    for key, value in DEFAULT.items()
    if key not in ("variant", "schedule", "results_notation", "map_palette")
} | {"phase_minutes": {"M": 2880, "R": 600, "A": 720}}
# A schedule written before absences (issue 23's first part).
BEFORE_ABSENCES = DEFAULT | {
    "schedule": {
        key: value
        for key, value in DEFAULT_SCHEDULE.items()
        if key not in ("grace_minutes", "excuses", "absence_days")
    }
}


def test_issue17_settings_written_by_the_hand_written_codec_load_and_write_the_same():
    assert load(DEFAULT) == GameSettings()
    assert load(EVERYTHING_CHANGED) == GameSettings(
        rules=Rules(
            paradox_rule=ParadoxRule.RULEBOOK_1982,
            victory_centres=12,
            year_limit=1910,
            year_limit_measure=YearLimitMeasure.CENTRES,
            stalemate_winters=3,
            grouping="4",
            toss_seed=99,
        ),
        schedule=Schedule(
            movement=Clock(time(20, 0), 2),
            retreat=Length(90),
            adjustment=Clock(time(8, 5)),
            zone="Europe/Paris",
            weekdays=WORKING_DAYS,
            min_movement_minutes=360,
            grace_minutes=2880,
            excuses=2,
            absence_days=7,
        ),
        reminder_minutes=(),
        press=Press.NONE,
        anonymous_press=True,
        copy_gm_on_press=True,
        draw_abstention_yes=False,
        secret_ballots=False,
        assignment=Assignment.LOTS,
        end_when_ready=False,
        civil_disorder_after=2,
        scoring=Scoring.SUM_OF_SQUARES,
        results_notation=ResultsNotation.JUDGE,
        map_palette="colorblind",
    )
    masters = rules_from_json({**DEFAULT_RULES, "masters": read_masters_setting("all")})
    assert load(MASTERS_WORLD_WAR_I) == GameSettings(variant=VariantName.WORLD_WAR_I, rules=masters)
    for document in (DEFAULT, EVERYTHING_CHANGED, MASTERS_WORLD_WAR_I):
        assert dump(load(document)) == document


def test_issue17_settings_of_games_stored_before_schedules_load_their_lengths():
    settings = load(BEFORE_SCHEDULES)
    assert settings == GameSettings(
        schedule=Schedule(movement=Length(2880), retreat=Length(600), adjustment=Length(720))
    )
    assert dump(settings) == DEFAULT | {
        "schedule": DEFAULT_SCHEDULE
        | {
            "movement": {"minutes": 2880},
            "retreat": {"minutes": 600},
            "adjustment": {"minutes": 720},
        }
    }
    assert load(BEFORE_ABSENCES) == GameSettings()


def test_issue17_stored_settings_out_of_range_are_refused_with_the_players_message():
    with pytest.raises(InvalidSetting, match="at least one missed phase"):
        load(DEFAULT | {"civil_disorder_after": 0})
    with pytest.raises(InvalidSetting, match="between one minute and sixty days"):
        load(DEFAULT | {"schedule": DEFAULT_SCHEDULE | {"retreat": {"minutes": 0}}})
    with pytest.raises(InvalidSetting, match="not a time zone I know"):
        load(DEFAULT | {"schedule": DEFAULT_SCHEDULE | {"zone": "Mars/Olympus"}})
    with pytest.raises(InvalidSetting, match="Give a time of day"):
        load(
            DEFAULT | {"schedule": DEFAULT_SCHEDULE | {"movement": {"at": "8pm", "every_days": 1}}}
        )


def test_issue17_a_change_is_checked_as_a_whole_as_at_creation():
    with pytest.raises(InvalidSetting, match="at least one minute before the deadline"):
        GameSettings().changed(reminder_minutes=(60, 0))
    with pytest.raises(InvalidSetting, match="Excused misses are from 0 to 10"):
        Schedule().changed(excuses=11)
    with pytest.raises(InvalidSetting, match="between one minute and sixty days"):
        Schedule().with_timing(PhaseKind.RETREAT, Length(61 * 24 * 60))
    # A misspelt setting is refused, not dropped.
    with pytest.raises(ValidationError, match="end_when_raedy"):
        GameSettings().changed(end_when_raedy=False)
    changed = GameSettings().changed(civil_disorder_after=2)
    assert changed == load(DEFAULT | {"civil_disorder_after": 2})
