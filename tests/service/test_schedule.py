"""Issue 23, the schedule: one typed value per game, lengths or fixed clocks in the
game's time zone, allowed weekdays, rules/004 rule 3's working days as a preset."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from adjudication.model.units import PhaseKind
from bot.service.app import Scheduler
from bot.service.kernel import (
    Caller,
    Clock,
    GameSettings,
    InvalidSetting,
    Length,
    Schedule,
    read_clock,
    read_timing,
    read_zone,
    zone_choices,
)
from bot.service.kernel._schedule import working_days
from tests.conftest import T0
from tests.service.conftest import CHANNEL, GM, GUILD, started_game

M = PhaseKind.MOVEMENT
PARIS = ZoneInfo("Europe/Paris")
NEW_YORK = ZoneInfo("America/New_York")


def local(when: datetime, zone: ZoneInfo) -> tuple[int, int, int, int, int]:
    at = when.astimezone(zone)
    return (at.year, at.month, at.day, at.hour, at.minute)


def daily_at_20(zone: str) -> Schedule:
    return Schedule(movement=Clock(time(20, 0)), zone=zone)


def test_issue23_fixed_20_00_paris_stays_20_00_across_both_summer_time_changes():
    schedule = daily_at_20("Europe/Paris")
    # Summer time begins in the night of 28-29 March 2026, ends on 25 October.
    for start, expected in (
        (datetime(2026, 3, 28, 19, 0, tzinfo=UTC), (2026, 3, 29, 20, 0)),
        (datetime(2026, 10, 24, 18, 0, tzinfo=UTC), (2026, 10, 25, 20, 0)),
    ):
        deadline = schedule.deadline(M, start)
        assert local(deadline, PARIS) == expected
    # The same local hour is a different UTC hour on each side of the change.
    before = schedule.deadline(M, datetime(2026, 3, 27, 19, 0, tzinfo=UTC))
    after = schedule.deadline(M, datetime(2026, 3, 28, 19, 0, tzinfo=UTC))
    assert (before.hour, after.hour) == (19, 18)
    assert after - before == timedelta(hours=23)


def test_issue23_fixed_20_00_new_york_stays_20_00_across_both_summer_time_changes():
    schedule = daily_at_20("America/New_York")
    # US summer time: 8 March 2026 to 1 November 2026.
    spring = schedule.deadline(M, datetime(2026, 3, 8, 0, 30, tzinfo=UTC))  # 7 Mar, 19:30 EST
    assert local(spring, NEW_YORK) == (2026, 3, 8, 20, 0)
    assert spring.hour == 0 and spring.day == 9  # 20:00 EDT is 00:00 UTC
    fall = schedule.deadline(M, datetime(2026, 11, 1, 0, 30, tzinfo=UTC))  # 31 Oct, EDT
    assert local(fall, NEW_YORK) == (2026, 11, 1, 20, 0)
    assert fall.hour == 1  # 20:00 EST is 01:00 UTC


def test_issue23_clock_deadline_is_the_next_days_time_whenever_the_phase_began():
    schedule = daily_at_20("Europe/Paris")
    for hour in (5, 18, 22):  # a phase that ended early began at any hour
        start = datetime(2026, 1, 6, hour, 0, tzinfo=PARIS)
        assert local(schedule.deadline(M, start), PARIS) == (2026, 1, 7, 20, 0)
    every_two = Schedule(movement=Clock(time(20, 0), every_days=2), zone="Europe/Paris")
    start = datetime(2026, 1, 6, 20, 0, tzinfo=PARIS)
    assert local(every_two.deadline(M, start), PARIS) == (2026, 1, 8, 20, 0)


def test_rules004_rule3_working_days_friday_noon_start_moves_thursday_retreats_monday():
    schedule = working_days(Schedule(zone="Europe/Paris"))
    friday_noon = datetime(2026, 1, 9, 12, 0, tzinfo=PARIS)
    assert friday_noon.weekday() == 4
    moves = schedule.deadline(M, friday_noon)
    assert local(moves, PARIS) == (2026, 1, 15, 12, 0)  # Thursday noon: Fri, Mon-Wed, Thu
    retreats = schedule.deadline(PhaseKind.RETREAT, friday_noon)
    assert local(retreats, PARIS) == (2026, 1, 12, 12, 0)  # Monday noon
    # Begun on a Saturday, the count starts on Monday morning.
    saturday = datetime(2026, 1, 10, 15, 0, tzinfo=PARIS)
    assert local(schedule.deadline(PhaseKind.ADJUSTMENT, saturday), PARIS) == (
        2026,
        1,
        13,
        0,
        0,
    )


def test_issue23_working_days_is_a_preset_not_the_default():
    default = GameSettings().schedule
    assert default.weekdays == frozenset(range(7))
    assert default.deadline(M, T0) == T0 + timedelta(days=4)


def test_issue23_clock_game_on_working_days_skips_the_weekend():
    schedule = Schedule(
        movement=Clock(time(20, 0)), zone="Europe/Paris", weekdays=frozenset(range(5))
    )
    friday = datetime(2026, 1, 9, 20, 0, tzinfo=PARIS)
    assert local(schedule.deadline(M, friday), PARIS) == (2026, 1, 12, 20, 0)


def test_issue23_old_settings_json_loads_its_minutes_as_lengths():
    stored = GameSettings().model_dump(mode="json")
    del stored["schedule"]
    stored["phase_minutes"] = {"A": 720, "M": 2880, "R": 600}
    settings = GameSettings.model_validate(stored)
    assert settings.schedule == Schedule(
        movement=Length(2880), retreat=Length(600), adjustment=Length(720)
    )
    assert settings.schedule.deadline(M, T0) == T0 + timedelta(minutes=2880)
    assert GameSettings.model_validate(settings.model_dump(mode="json")) == settings


def test_issue23_bad_schedule_input_names_the_valid_range():
    with pytest.raises(InvalidSetting, match="00:00 to 23:59"):
        read_clock("25:00")
    with pytest.raises(InvalidSetting, match="00:00 to 23:59"):
        read_timing("daily at 8pm")
    with pytest.raises(InvalidSetting, match="IANA name"):
        read_zone("Mars/Olympus_Mons")
    with pytest.raises(InvalidSetting, match="1 to 14"):
        read_timing("every 30 days at 20:00")
    assert read_timing("every 2 days at 20:30") == Clock(time(20, 30), 2)
    assert read_timing("96 hours") == Length(96 * 60)


def test_issue23_zone_autocomplete_offers_at_most_25_common_first():
    assert len(zone_choices("")) == 25 and zone_choices("")[0] == "UTC"
    assert zone_choices("paris") == ["Europe/Paris"]
    assert all(len(zone_choices(t)) <= 25 for t in ("", "a", "america"))


GM_HERE = Caller(GM, GUILD)


async def test_issue23_game_deadlines_follow_its_clock_in_its_zone(service):
    lobby = await service.lobby.create_game(GUILD, CHANNEL, GM, "Clock game", T0)
    for name, value in (
        ("time_zone", "America/New_York"),
        ("movement_deadline", "daily at 20:00"),
        ("retreat_deadline", "every 2 days at 08:00"),
    ):
        await service.gm.gm_change_setting(lobby.id, GM_HERE, name, value, T0)
    settings = await service.lobby.game_settings(lobby.id)
    assert settings.schedule.zone == "America/New_York"
    info = await started_game(service, settings=settings, channel=CHANNEL + 1)
    # T0 is Monday 5 January 2026, 07:00 in New York: the deadline is Tuesday 20:00.
    assert local(info.deadline_at, NEW_YORK) == (2026, 1, 6, 20, 0)
    report = await Scheduler(service).tick(info.deadline_at)
    assert [r.phase.code for r in report.adjudicated] == ["S1901M"]
    after = await service.lobby.game_info(info.id)
    assert local(after.deadline_at, NEW_YORK) == (2026, 1, 7, 20, 0)


async def test_issue23_bad_schedule_settings_change_nothing(service):
    lobby = await service.lobby.create_game(GUILD, CHANNEL, GM, "Lobby", T0)
    before = await service.lobby.game_settings(lobby.id)
    for name, value, says in (
        ("time_zone", "Nowhere/Atlantis", "IANA"),
        ("movement_deadline", "25:00", "00:00 to 23:59"),
        ("deadline_days", "funday", "mon-fri"),
        ("min_movement_hours", "5000", "0 to 1440"),
    ):
        with pytest.raises(InvalidSetting, match=says):
            await service.gm.gm_change_setting(lobby.id, GM_HERE, name, value, T0)
    assert await service.lobby.game_settings(lobby.id) == before


async def test_issue23_min_time_between_movement_phases_when_everyone_is_ready(service):
    settings = GameSettings(schedule=Schedule(min_movement_minutes=6 * 60))
    info = await started_game(service, settings=settings)
    for p in info.powers:
        await service.orders.set_ready(Caller(p.user_id, GUILD), T0 + timedelta(hours=1))
    after = await service.lobby.game_info(info.id)
    assert after.deadline_at == T0 + timedelta(hours=6)
