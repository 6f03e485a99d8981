"""Days as both puzzles count them: ``YYYY-MM-DD`` text, UTC, years 0000 to 9999.

The level of the day depends on nothing but the date, so every player sees the same level
without a server. A day is written ``YYYY-MM-DD`` (ASCII digits, a real date of the proleptic
Gregorian calendar, so ``2027-02-29`` is not a day and ``2028-02-29`` is); the day count is
the number of whole days from 1970-01-01 to it, negative before 1970.

Python's :class:`datetime.date` cannot hold year 0, which the originals accept, so the day
counts here are computed by hand from the year, month and day, exact for all of 0000-9999.
A :class:`datetime.datetime` gives its UTC calendar day (so 00:30 on 1 January of year 1 at
UTC+01:00 is the day ``0000-12-31``); a naive one has no place on the clock and is refused.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Final

from itsutsu.common.guards import require_int, require_text, type_name

DAY_PATTERN: Final = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
"""The shape of a day's text (ASCII digits only; matched against the whole text)."""

FIRST_YEAR: Final = 0
"""The earliest year a day may have."""

LAST_YEAR: Final = 9999
"""The latest year a day may have."""

_MONTH_DAYS: Final = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
_DAYS_BEFORE_MONTH: Final = tuple(sum(_MONTH_DAYS[:m]) for m in range(12))
_MICROSECONDS_A_DAY: Final = 86_400 * 1_000_000


def _is_leap(year: int) -> bool:
    """Tell whether ``year`` has a 29 February (year 0 does: it is divisible by 400)."""
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _month_length(year: int, month: int) -> int:
    """Return how many days ``month`` (1..12) of ``year`` has."""
    return 29 if month == 2 and _is_leap(year) else _MONTH_DAYS[month - 1]


def _leap_years_before(year: int) -> int:
    """Return how many leap years lie in ``0 .. year-1`` (for ``year`` >= 0)."""
    # Multiples of 4, of 100 and of 400 in [0, year): each is a ceiling division.
    return (year + 3) // 4 - (year + 99) // 100 + (year + 399) // 400


def _days_from_year_zero(year: int, month: int, day: int) -> int:
    """Return the days from 0000-01-01 to the given date (0 for 0000-01-01 itself)."""
    leap_day = 1 if month > 2 and _is_leap(year) else 0
    return (
        365 * year + _leap_years_before(year) + _DAYS_BEFORE_MONTH[month - 1] + leap_day + day - 1
    )


EPOCH_OFFSET: Final = _days_from_year_zero(1970, 1, 1)
"""The days from 0000-01-01 to 1970-01-01 (719528)."""


def _count_of(year: int, month: int, day: int) -> int:
    """Return the day count (days from 1970-01-01) of a date known to be real."""
    return _days_from_year_zero(year, month, day) - EPOCH_OFFSET


def _date_of_count(count: int) -> tuple[int, int, int]:
    """Return (year, month, day) of the day ``count`` days after 1970-01-01 (any whole count)."""
    since_zero = count + EPOCH_OFFSET
    # An estimate from the mean Gregorian year, then corrected: it is off by at most one.
    year = (since_zero * 400) // 146097
    while _days_from_year_zero(year, 1, 1) > since_zero:
        year -= 1
    while _days_from_year_zero(year + 1, 1, 1) <= since_zero:
        year += 1
    left = since_zero - _days_from_year_zero(year, 1, 1)
    month = 1
    while left >= _month_length(year, month):
        left -= _month_length(year, month)
        month += 1
    return year, month, left + 1


def _text_of(year: int, month: int, day: int) -> str:
    """Write a date as ``YYYY-MM-DD``."""
    return f"{year:04d}-{month:02d}-{day:02d}"


def _parts(text: str) -> tuple[int, int, int] | None:
    """Return (year, month, day) when ``text`` is a day, else None."""
    if DAY_PATTERN.fullmatch(text) is None:
        return None
    year, month, day = int(text[:4]), int(text[5:7]), int(text[8:])
    if not 1 <= month <= 12 or not 1 <= day <= _month_length(year, month):
        return None
    return year, month, day


def is_day(text: object) -> bool:
    """Tell whether ``text`` is a day: ``YYYY-MM-DD`` in ASCII digits and a real date.

    Years 0000 to 9999 of the proleptic Gregorian calendar are days; ``2027-02-29``,
    ``2026-02-30`` and ``2026-1-1`` are not. Anything that is not a string is not a day.
    """
    return isinstance(text, str) and _parts(text) is not None


def days_since_epoch(text: str) -> int:
    """Return the whole days from 1970-01-01 to the day ``text`` (negative before 1970).

    ``days_since_epoch("2026-10-01")`` is 20727 and ``days_since_epoch("0000-01-01")`` is
    -719528. Raises ValueError when ``text`` is not a day.
    """
    parts = _parts(require_text(text, "days_since_epoch", "text"))
    if parts is None:
        raise ValueError(f"days_since_epoch: {text!r:.40} is not a day (YYYY-MM-DD)")
    return _count_of(*parts)


def day_from_count(count: int) -> str:
    """Return the day ``count`` days after 1970-01-01 as ``YYYY-MM-DD``: the inverse of
    :func:`days_since_epoch`. Raises ValueError when the day falls outside years 0000-9999.
    """
    require_int(count, "day_from_count", "count")
    year, month, day = _date_of_count(count)
    if not FIRST_YEAR <= year <= LAST_YEAR:
        raise ValueError(
            f"day_from_count: {count} days from 1970-01-01 is in year {year}, "
            f"outside {FIRST_YEAR:04d}-{LAST_YEAR}"
        )
    return _text_of(year, month, day)


def _utc_day_of(moment: dt.datetime) -> str | None:
    """Return the UTC day of an aware datetime, or None when it falls outside 0000-9999.

    Computed by hand, so a moment whose UTC day is in year 0 (or 10000) does not overflow
    Python's datetime on the way: the local date's count is moved by at most one day.
    """
    offset = moment.utcoffset()
    assert offset is not None
    local = (
        (moment.hour * 60 + moment.minute) * 60 + moment.second
    ) * 1_000_000 + moment.microsecond
    shift = (local - offset // dt.timedelta(microseconds=1)) // _MICROSECONDS_A_DAY
    year, month, day = _date_of_count(_count_of(moment.year, moment.month, moment.day) + shift)
    if not FIRST_YEAR <= year <= LAST_YEAR:
        return None
    return _text_of(year, month, day)


def day(value: object, puzzle: str) -> str:
    """Return the day ``value`` names, as ``YYYY-MM-DD`` text, for ``puzzle``'s messages.

    ``value`` may be text that is already a day (returned as it is), a :class:`datetime.date`
    (its calendar day) or an aware :class:`datetime.datetime` (its UTC calendar day). Raises
    ValueError with the originals' message ``"{puzzle}: {text} is not a day"`` for text that is
    not a day, ``"{puzzle}: an invalid Date is not a day"`` for a datetime whose UTC day falls
    outside years 0000-9999, and a message saying what to do for a naive datetime (it has no
    time zone, so its UTC day is unknown) or a value of another type.
    """
    if isinstance(value, str):
        if _parts(value) is None:
            raise ValueError(f"{puzzle}: {value} is not a day")
        return value
    if isinstance(value, dt.datetime):
        if value.utcoffset() is None:
            raise ValueError(
                f"{puzzle}: a naive datetime has no time zone, so its UTC day is unknown; "
                "give it one (datetime.timezone.utc, say) or pass a date or YYYY-MM-DD text"
            )
        text = _utc_day_of(value)
        if text is None:
            raise ValueError(f"{puzzle}: an invalid Date is not a day")
        return text
    if isinstance(value, dt.date):
        return _text_of(value.year, value.month, value.day)
    raise ValueError(
        f"{puzzle}: a day is YYYY-MM-DD text, a date or an aware datetime, not {type_name(value)}"
    )


def js_remainder(dividend: int, divisor: int) -> int:
    """Return ``dividend % divisor`` as JavaScript computes it: the sign follows the dividend.

    For a dividend of 0 or more this is Python's ``%``; the level formulas keep it exact for
    the rare negative sum (which no real size reaches in years 0000-9999).
    """
    remainder = abs(dividend) % divisor
    return -remainder if dividend < 0 else remainder
