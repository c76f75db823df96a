"""A game's schedule (issue 23): when each phase's deadline falls.

One typed value per game: per phase kind a length ("96 hours") or a fixed clock
("daily at 20:00", "every 2 days at 20:00"), the game's IANA time zone, the days of the
week a deadline may fall on, and a minimum time between movement phases. rules/004
rule 3's working days are a preset (`working_days`), not the default: the rulebooks
come first (DESIGN.md) and rules/001 counts hours.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from pydantic import Discriminator, Tag, field_serializer, field_validator, model_validator

from adjudication.model.units import PhaseKind
from bot.service.kernel._errors import InvalidSetting
from bot.service.kernel._settings_model import SettingsModel
from bot.service.kernel._words import count

MAX_MINUTES = 60 * 24 * 60  # sixty days
MAX_EVERY_DAYS = 14
MAX_EXCUSES = 10
MAX_ABSENCE_DAYS = 365
ALL_DAYS = frozenset(range(7))  # Monday is 0, as `date.weekday`
WORKING_DAYS = frozenset(range(5))  # rules/004 rule 3: Monday to Friday
DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


class _Timing(SettingsModel):
    """A timing is written with its fields in order, `Length(96 * 60)` or
    `Clock(time(20, 0), 2)`; pydantic calls this too when it reads one from JSON."""

    def __init__(self, *args: Any, **fields: Any) -> None:
        super().__init__(**dict(zip(type(self).model_fields, args, strict=False)), **fields)


class Length(_Timing):
    """The deadline this long after the phase began."""

    minutes: int

    if TYPE_CHECKING:  # the positional form `_Timing` gives, which pydantic's types lack

        def __init__(self, minutes: int) -> None: ...

    def describe(self) -> str:
        return duration(self.minutes)


class Clock(_Timing):
    """The deadline at `at`, local time, on the `every_days`-th allowed day after the
    day the phase began: a phase begun at 19:59 or at 20:01 of a "daily at 20:00" game
    both end at 20:00 the next day, never a minute later."""

    at: time
    every_days: int = 1

    if TYPE_CHECKING:  # as `Length`'s

        def __init__(self, at: time, every_days: int = 1) -> None: ...

    @field_validator("at", mode="before")
    @classmethod
    def _read_at(cls, at: Any) -> Any:
        # Stored as "20:00"; anything else written there is refused as a GM is.
        return read_clock(at) if isinstance(at, str) else at

    @field_serializer("at")
    def _write_at(self, at: time) -> str:
        return f"{at:%H:%M}"

    def describe(self) -> str:
        when = "daily" if self.every_days == 1 else f"every {self.every_days} days"
        return f"{when} at {self.at:%H:%M}"


Timing = Length | Clock


def _timing_kind(timing: Any) -> str:
    if isinstance(timing, dict):
        return "length" if "minutes" in timing else "clock"
    return "length" if isinstance(timing, Length) else "clock"


# Read by its keys, not by trying each kind in turn: a schedule is read on every
# load of its game.
StoredTiming = Annotated[
    Annotated[Length, Tag("length")] | Annotated[Clock, Tag("clock")],
    Discriminator(_timing_kind),
]


class Schedule(SettingsModel):
    """When deadlines fall. `weekdays`: the days a deadline may fall on; a length
    counts only time on those days, on the game's local calendar (rules/004's "four
    working days"). `min_movement_minutes`: a movement phase whose players are all
    ready ends no sooner than this after it began (retreats and adjustments still end
    as soon as everyone concerned has ordered; QUEUE)."""

    movement: StoredTiming = Length(4 * 24 * 60)
    retreat: StoredTiming = Length(24 * 60)
    adjustment: StoredTiming = Length(24 * 60)
    zone: str = "UTC"
    weekdays: frozenset[int] = ALL_DAYS
    min_movement_minutes: int = 0
    # Issue 23, off by default: at a deadline with powers late, wait up to this long.
    grace_minutes: int = 0
    # Excused misses each power starts with (issue 23; 0: none), set before the start.
    excuses: int = 0
    # Days of absence each power may declare ahead (issue 23, `/absence`; 0: none).
    absence_days: int = 0

    @model_validator(mode="after")
    def _check(self) -> Schedule:
        for timing in (self.movement, self.retreat, self.adjustment):
            if isinstance(timing, Length) and not 1 <= timing.minutes <= MAX_MINUTES:
                raise InvalidSetting("Deadlines must be between one minute and sixty days.")
            if isinstance(timing, Clock) and not 1 <= timing.every_days <= MAX_EVERY_DAYS:
                raise InvalidSetting(f"Give every 1 to {MAX_EVERY_DAYS} days.")
        read_zone(self.zone)
        if not self.weekdays or not self.weekdays <= ALL_DAYS:
            raise InvalidSetting("Deadlines need at least one day of the week.")
        if not 0 <= self.min_movement_minutes <= MAX_MINUTES:
            raise InvalidSetting("The minimum time between moves is from 0 to 1440 hours.")
        if not 0 <= self.grace_minutes <= MAX_MINUTES:
            raise InvalidSetting("The grace for late powers is from 0 to 1440 hours.")
        if not 0 <= self.excuses <= MAX_EXCUSES:
            raise InvalidSetting(f"Excused misses are from 0 to {MAX_EXCUSES} per power.")
        if not 0 <= self.absence_days <= MAX_ABSENCE_DAYS:
            raise InvalidSetting(f"Absence days are from 0 to {MAX_ABSENCE_DAYS} per power.")
        return self

    @field_serializer("weekdays")
    def _write_weekdays(self, weekdays: frozenset[int]) -> list[int]:
        return sorted(weekdays)

    def timing(self, kind: PhaseKind) -> Timing:
        if kind is PhaseKind.MOVEMENT:
            return self.movement
        return self.retreat if kind is PhaseKind.RETREAT else self.adjustment

    def deadline(self, kind: PhaseKind, start: datetime) -> datetime:
        """The deadline of a phase of `kind` begun at `start` (aware; the answer in UTC)."""
        timing = self.timing(kind)
        if isinstance(timing, Length):
            if self.weekdays == ALL_DAYS:
                # Elapsed time, as rules/001 counts hours: a game made before schedules
                # gets exactly the deadlines it always had.
                return start + timedelta(minutes=timing.minutes)
            return self._working_time(start, timedelta(minutes=timing.minutes))
        day = self._local(start).date()
        for _ in range(timing.every_days):
            day = self._next_allowed(day)
        return self._at(day, timing.at)

    def next_clock_time(self, kind: PhaseKind, after: datetime) -> datetime:
        """Where an excused miss moves a deadline `after`: in a fixed-clock game to
        the next allowed clock time (never a flat day later); else by the length."""
        timing = self.timing(kind)
        if isinstance(timing, Length):
            return self.deadline(kind, after)
        day = self._local(after).date()
        if day.weekday() not in self.weekdays or self._at(day, timing.at) <= after:
            day = self._next_allowed(day)
        return self._at(day, timing.at)

    def earliest_movement_end(self, started: datetime) -> datetime:
        return started + timedelta(minutes=self.min_movement_minutes)

    def with_timing(self, kind: PhaseKind, timing: Timing) -> Schedule:
        field = {PhaseKind.MOVEMENT: "movement", PhaseKind.RETREAT: "retreat"}
        return self.changed(**{field.get(kind, "adjustment"): timing})

    def describe(self) -> list[str]:
        """The schedule as a GM reads it, one line each."""
        lines = [
            f"Moves: {self.movement.describe()}",
            f"Retreats: {self.retreat.describe()}",
            f"Builds and removals: {self.adjustment.describe()}",
        ]
        if self.zone != "UTC" or any(isinstance(t, Clock) for t in self._timings()):
            lines.append(f"Time zone: {self.zone}")
        if self.weekdays != ALL_DAYS:
            lines.append(f"Deadlines fall on: {day_list(self.weekdays)}")
        if self.min_movement_minutes:
            lines.append(
                f"Moves end early no sooner than {duration(self.min_movement_minutes)} "
                "after they began"
            )
        if self.grace_minutes:
            lines.append(f"Grace for powers that sent nothing: {duration(self.grace_minutes)}")
        if self.excuses:
            lines.append(f"Excused misses: {count(self.excuses, 'excuse')} per power")
        if self.absence_days:
            lines.append(f"Absences: up to {count(self.absence_days, 'day')} per power")
        return lines

    @classmethod
    def from_minutes(cls, minutes: dict[str, int]) -> Schedule:
        """A game stored before schedules: its phase lengths in minutes, kept as lengths."""
        return cls(
            movement=Length(minutes[PhaseKind.MOVEMENT.value]),
            retreat=Length(minutes[PhaseKind.RETREAT.value]),
            adjustment=Length(minutes[PhaseKind.ADJUSTMENT.value]),
        )

    def _timings(self) -> tuple[Timing, ...]:
        return (self.movement, self.retreat, self.adjustment)

    def _local(self, when: datetime) -> datetime:
        return when.astimezone(ZoneInfo(self.zone))

    def _at(self, day: date, at: time) -> datetime:
        # zoneinfo keeps the wall-clock time across summer time: 20:00 stays 20:00.
        return datetime.combine(day, at, ZoneInfo(self.zone)).astimezone(UTC)

    def _next_allowed(self, day: date) -> date:
        day += timedelta(days=1)
        while day.weekday() not in self.weekdays:
            day += timedelta(days=1)
        return day

    def _working_time(self, start: datetime, length: timedelta) -> datetime:
        """`start` plus `length` counted only on allowed days of the local calendar
        (wall-clock time: four working days from Friday noon end Thursday noon)."""
        zone = ZoneInfo(self.zone)
        cursor = start.astimezone(zone).replace(tzinfo=None)
        while True:
            midnight = datetime.combine(cursor.date() + timedelta(days=1), time())
            if cursor.weekday() in self.weekdays:
                if cursor + length <= midnight:
                    return (cursor + length).replace(tzinfo=zone).astimezone(UTC)
                length -= midnight - cursor
            cursor = midnight


def working_days(schedule: Schedule | None = None) -> Schedule:
    """rules/004 rule 3: "four working days after the previous results are announced
    for normal moves, one working day ... for retreats and builds/disbandments"."""
    return (schedule or Schedule()).changed(
        movement=Length(4 * 24 * 60),
        retreat=Length(24 * 60),
        adjustment=Length(24 * 60),
        weekdays=WORKING_DAYS,
    )


PRESETS = {"working_days": working_days, "hours": lambda s=None: s or Schedule()}


def read_timing(text: str) -> Timing:
    """A deadline as a GM writes it: "96" or "96 hours" (a length), "20:00" or "daily
    at 20:00", "every 2 days at 20:00" (a clock)."""
    words = text.strip().lower().replace("hours", "").replace("hour", "").split()
    if len(words) == 1 and words[0].isdigit():
        hours = int(words[0])
        if not 1 <= hours <= MAX_MINUTES // 60:
            raise InvalidSetting(f"Give between 1 and {MAX_MINUTES // 60} hours.")
        return Length(hours * 60)
    every = 1
    if words[:1] == ["every"] and len(words) >= 3 and words[1].isdigit():
        every = int(words[1])
        if not 1 <= every <= MAX_EVERY_DAYS:
            raise InvalidSetting(f"Give every 1 to {MAX_EVERY_DAYS} days.")
        words = words[3:] if words[2] in ("days", "day") else words[2:]
    words = [w for w in words if w not in ("daily", "at")]
    if len(words) != 1:
        raise InvalidSetting(
            'Give hours ("96") or a time of day ("20:00", "every 2 days at 20:00").'
        )
    return Clock(read_clock(words[0]), every)


def read_clock(text: str) -> time:
    """A time of day, "20:00"; anything else (25:00, 8pm) says the valid range."""
    hours, _, minutes = text.strip().partition(":")
    numbers = hours.isdigit() and minutes.isdigit() and len(minutes) == 2
    if numbers and int(hours) <= 23 and int(minutes) <= 59:
        return time(int(hours), int(minutes))
    raise InvalidSetting("Give a time of day from 00:00 to 23:59, like 20:00.")


def read_zone(name: str) -> str:
    """An IANA time zone name as zoneinfo knows it ("Europe/Paris"), or `InvalidSetting`."""
    clean = name.strip()
    if clean in _zones():
        return clean
    try:
        ZoneInfo(clean)
    except (ZoneInfoNotFoundError, ValueError):
        raise InvalidSetting(
            f"{clean[:40] or 'That'} is not a time zone I know. Give an IANA name such "
            "as Europe/Paris, America/New_York or UTC."
        ) from None
    return clean


def zone_choices(typed: str, limit: int = 25) -> list[str]:
    """Time zones for autocomplete (Discord shows at most 25): the common ones first
    when nothing is typed, else every name containing what was typed."""
    typed = typed.strip().lower()
    if not typed:
        return list(COMMON_ZONES[:limit])
    found = sorted(z for z in _zones() if typed in z.lower())
    found.sort(key=lambda z: (not z.lower().startswith(typed), z not in COMMON_ZONES))
    return found[:limit]


def read_days(text: str) -> frozenset[int]:
    """Days a deadline may fall on: "all", "working days", "mon-fri", "mon,wed,fri"."""
    word = text.strip().lower()
    if word in ("all", "every day", "any"):
        return ALL_DAYS
    if word in ("working days", "working_days", "weekdays"):
        return WORKING_DAYS
    short = [d[:3].lower() for d in DAY_NAMES]
    days: set[int] = set()
    for part in word.replace(" ", "").split(","):
        first, _, last = part.partition("-")
        if first[:3] not in short or (last and last[:3] not in short):
            raise InvalidSetting('Give days as "all", "working days", "mon-fri" or "mon,wed,fri".')
        a = short.index(first[:3])
        b = short.index(last[:3]) if last else a
        days.update(range(a, b + 1) if a <= b else [*range(a, 7), *range(0, b + 1)])
    return frozenset(days)


def day_list(days: frozenset[int]) -> str:
    if days == WORKING_DAYS:
        return "Monday to Friday"
    return ", ".join(DAY_NAMES[d] for d in sorted(days))


def duration(minutes: int) -> str:
    """A length of time as people say it: "4 days", "36 hours", "90 minutes"."""
    if minutes % (24 * 60) == 0:
        return count(minutes // (24 * 60), "day")
    if minutes % 60 == 0:
        return count(minutes // 60, "hour")
    return count(minutes, "minute")


@cache
def _zones() -> frozenset[str]:
    return frozenset(available_timezones())


# Offered first by the autocomplete: where most players are.
COMMON_ZONES = (
    "UTC",
    "Europe/London",
    "Europe/Paris",
    "Europe/Berlin",
    "Europe/Madrid",
    "Europe/Rome",
    "Europe/Amsterdam",
    "Europe/Stockholm",
    "Europe/Warsaw",
    "Europe/Athens",
    "Europe/Istanbul",
    "Europe/Moscow",
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Los_Angeles",
    "America/Toronto",
    "America/Sao_Paulo",
    "America/Mexico_City",
    "Asia/Kolkata",
    "Asia/Shanghai",
    "Asia/Tokyo",
    "Asia/Singapore",
    "Australia/Sydney",
    "Pacific/Auckland",
)
