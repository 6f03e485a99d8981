"""Suido's level of the day: the same for everybody, from the date alone.

Each size's daily level moves 97 levels on from one day to the next, starting from the
FNV-1a hash of the size's text, so every level of a size comes round once in as many days as
the size has levels.
"""

from __future__ import annotations

from itsutsu.common import days
from itsutsu.common.random import fnv1a
from itsutsu.suido.levels.sizes import SUIDO_DAILY_STRIDE, SUIDO_LEVEL_COUNTS, size_text


def is_day(text: object) -> bool:
    """Tell whether ``text`` is a day: ``YYYY-MM-DD``, ASCII digits, a real date in years
    0000-9999 (``2026-02-30`` is not one)."""
    return days.is_day(text)


def day(date: object) -> str:
    """Return the day ``date`` names as ``YYYY-MM-DD``: text that is already a day, a
    ``date``'s calendar day, or an aware ``datetime``'s UTC day.

    Raises ValueError ``suido: {text} is not a day`` for other text, ``suido: an invalid Date
    is not a day`` for a datetime whose UTC day falls outside years 0000-9999, and says what
    to do for a naive datetime or a value of another type.
    """
    return days.day(date, "suido")


def daily_level(size: str, date: object) -> int | None:
    """Return the level of the day of ``size`` (text such as ``"7x7"``) on ``date``.

    A size without levels gives None before the date is looked at. Otherwise, with ``days``
    the whole days from 1970-01-01 to the day (negative before 1970) and ``start`` the
    32-bit FNV-1a hash of the size's text, the level is ``((days*97 + start) mod count) + 1``:
    7x7 gives 4 on 2026-10-06 and 101 on 2026-10-07.
    """
    count = SUIDO_LEVEL_COUNTS.get(size_text(size, "daily_level"))
    if count is None:
        return None
    since = days.days_since_epoch(day(date))
    return days.js_remainder(since * SUIDO_DAILY_STRIDE + fnv1a(size), count) + 1
