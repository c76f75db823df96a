"""Reading the dates of an `/absence` (issue 23): "24-27 Dec", "24 Dec - 2 Jan",
"2026-12-24 to 2026-12-27", or one day ("24 Dec"), as days of the game's calendar.

A date without a year is its next coming: "2-5 Jan" said in December is next January.
Refused, with the valid range: unreadable dates, an end before the start, a first day
before today, more than a year ahead or longer than a year (QUEUE: nothing changes).
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from bot.service.kernel import InvalidSetting

MAX_DAYS_AHEAD = 365
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_ISO = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")
_DAY_MONTH = re.compile(r"^(\d{1,2})\s*([a-z]+)\.?$")
_MONTH_DAY = re.compile(r"^([a-z]+)\.?\s*(\d{1,2})$")
_SPLIT = re.compile(r"\s+(?:to|until)\s+|\s*[–—]\s*|\s+-\s+")
# "24-27 dec", "30 dec-2 jan": a hyphen between days written without a year.
_HYPHEN = re.compile(r"^(\d{1,2}(?:\s*[a-z]+\.?)?)-(\d{1,2}\s*[a-z]+\.?)$")


def read_absence(text: str, today: date) -> tuple[date, date]:
    """The first and last day away, both included."""
    words = text.strip().lower()
    parts = _SPLIT.split(words, maxsplit=1)
    if len(parts) == 1 and (m := _HYPHEN.match(words)):
        parts = [m[1], m[2]]
    if len(parts) == 1:
        first = last = _day(parts[0], None, today)
    else:
        head, tail = parts
        last = _day(tail, None, today)
        # "24-27 Dec": the month (and year) of the first day are the last day's.
        first = _day(head, last, today)
        if first > last and not head.strip().isdigit() and _no_year(head):
            first = first.replace(year=first.year - 1)  # "30 Dec - 2 Jan"
    if first > last:
        raise InvalidSetting(f"The absence ends before it begins. {valid_range(today)}")
    if first < today:
        raise InvalidSetting(f"That absence is in the past. {valid_range(today)}")
    if last > today + timedelta(days=MAX_DAYS_AHEAD) or (last - first).days >= MAX_DAYS_AHEAD:
        raise InvalidSetting(f"An absence must end within a year. {valid_range(today)}")
    return first, last


def valid_range(today: date) -> str:
    end = today + timedelta(days=MAX_DAYS_AHEAD)
    return (
        f"Give days from today ({today:%d %b %Y}) to {end:%d %b %Y}, as `24-27 Dec`, "
        "`24 Dec - 2 Jan` or `2026-12-24 to 2026-12-27`."
    )


def _no_year(text: str) -> bool:
    return _ISO.match(text.strip()) is None


def _day(text: str, after: date | None, today: date) -> date:
    """One day: ISO, "24 Dec", "Dec 24", or a bare "24" taking `after`'s month."""
    text = text.strip()
    try:
        if m := _ISO.match(text):
            return date(int(m[1]), int(m[2]), int(m[3]))
        if text.isdigit() and after is not None:
            return after.replace(day=int(text))
        if m := _DAY_MONTH.match(text):
            day, month = int(m[1]), _month(m[2])
        elif m := _MONTH_DAY.match(text):
            day, month = int(m[2]), _month(m[1])
        else:
            raise ValueError(text)
        year = after.year if after is not None else today.year
        when = date(year, month, day)
        if after is None and when < today:
            when = date(year + 1, month, day)  # its next coming
        return when
    except ValueError:
        raise InvalidSetting(f"I cannot read `{text}` as a day. {valid_range(today)}") from None


def _month(word: str) -> int:
    if word[:3] in MONTHS:
        return MONTHS.index(word[:3]) + 1
    raise ValueError(word)
