"""The schedule's settings for `/gm settings set` (issue 23): each a typed change of
the game's `Schedule`. They may change during the game; a change applies from the next
deadline set, never to the one running."""

from __future__ import annotations

from collections.abc import Callable

from adjudication.model.units import PhaseKind
from bot.service.kernel import (
    MAX_ABSENCE_DAYS,
    MAX_EXCUSES,
    PRESETS,
    WORKING_DAYS,
    Clock,
    GameSettings,
    InvalidSetting,
    Length,
    Schedule,
    read_clock,
    read_days,
    read_timing,
    read_zone,
)


def schedule_at_creation(
    hours: tuple[int, int, int],
    clock: str | None,
    zone: str,
    working_days: bool,
    excuses: int = 0,
    *,
    grace_hours: int = 0,
) -> Schedule:
    """The schedule `/game create` makes from its options: the hours of moves,
    retreats and adjustments as lengths; with a clock, each phase ends at that time of
    day, as many days after it began as its hours make (at least one); the hours late
    powers are waited for (0: none)."""
    at = None if clock is None else read_clock(clock)
    timings = [Length(h * 60) if at is None else Clock(at, min(max(1, h // 24), 14)) for h in hours]
    movement, retreat, adjustment = timings
    return Schedule(
        movement=movement,
        retreat=retreat,
        adjustment=adjustment,
        zone=read_zone(zone),
        weekdays=WORKING_DAYS if working_days else Schedule().weekdays,
        excuses=excuses,
        grace_minutes=grace_hours * 60,
    )


def _timing(kind: PhaseKind) -> Callable[[GameSettings, str], GameSettings]:
    def apply(settings: GameSettings, text: str) -> GameSettings:
        return _schedule(settings, settings.schedule.with_timing(kind, read_timing(text)))

    return apply


def _schedule(settings: GameSettings, schedule) -> GameSettings:
    return settings.changed(schedule=schedule)


def _hours_of(field: str, what: str) -> Callable[[GameSettings, str], GameSettings]:
    """A whole number of hours, 0 to 1440, into the schedule's `field` (in minutes)."""

    def apply(settings: GameSettings, text: str) -> GameSettings:
        try:
            hours = int(text.strip())
        except ValueError:
            hours = -1
        if not 0 <= hours <= 1440:
            raise InvalidSetting(f"{what} is from 0 to 1440 hours.")
        return _schedule(settings, settings.schedule.changed(**{field: hours * 60}))

    return apply


def _excuses(settings: GameSettings, text: str) -> GameSettings:
    word = text.strip()
    if not word.isdigit() or int(word) > MAX_EXCUSES:
        raise InvalidSetting(f"Excused misses are from 0 to {MAX_EXCUSES} per power.")
    return _schedule(settings, settings.schedule.changed(excuses=int(word)))


def _absence_days(settings: GameSettings, text: str) -> GameSettings:
    word = text.strip()
    if not word.isdigit() or int(word) > MAX_ABSENCE_DAYS:
        raise InvalidSetting(f"Absence days are from 0 (none) to {MAX_ABSENCE_DAYS} per power.")
    return _schedule(settings, settings.schedule.changed(absence_days=int(word)))


def _preset(settings: GameSettings, text: str) -> GameSettings:
    make = PRESETS.get(text.strip().lower().replace(" ", "_"))
    if make is None:
        raise InvalidSetting(f"Choose one of: {', '.join(PRESETS)}.")
    return _schedule(settings, make(settings.schedule))


DEADLINE_FORM = 'hours ("96") or a clock ("20:00", "every 2 days at 20:00")'
# (name, form, lobby_only, apply), as `setting_changes.SettingChange` takes them.
SCHEDULE_CHANGES = (
    ("movement_deadline", DEADLINE_FORM, False, _timing(PhaseKind.MOVEMENT)),
    ("retreat_deadline", DEADLINE_FORM, False, _timing(PhaseKind.RETREAT)),
    ("adjustment_deadline", DEADLINE_FORM, False, _timing(PhaseKind.ADJUSTMENT)),
    (
        "time_zone",
        "an IANA name, e.g. Europe/Paris",
        False,
        lambda s, t: _schedule(s, s.schedule.changed(zone=read_zone(t))),
    ),
    (
        "deadline_days",
        "all, working days, mon-fri or mon,wed,fri",
        False,
        lambda s, t: _schedule(s, s.schedule.changed(weekdays=read_days(t))),
    ),
    (
        "min_movement_hours",
        "hours, 0 to 1440",
        False,
        _hours_of("min_movement_minutes", "The minimum time between moves"),
    ),
    (
        "grace_hours",
        "hours late powers are waited for, 0 (off) to 1440",
        False,
        _hours_of("grace_minutes", "The grace for late powers"),
    ),
    ("excuses", f"excused misses per power, 0 to {MAX_EXCUSES}", True, _excuses),
    (
        "absence_days",
        f"days of /absence per power, 0 (none) to {MAX_ABSENCE_DAYS}",
        False,
        _absence_days,
    ),
    ("schedule_preset", "working_days (rules/004) or hours", False, _preset),
)
