"""Tsunagi's level of the day: the same for everybody, from the date alone.

Each size's daily level moves 97 levels on from one day to the next, starting from a point
that depends on the size, so every level of a size comes round once in as many days as the
size has levels.
"""

from __future__ import annotations

from itsutsu.common import days
from itsutsu.common.guards import require_int
from itsutsu.tsunagi.levels.sizes import CLASSIC_COUNTS, TSUNAGI_DAILY_STRIDE

_START_FACTOR = 2654435761
"""The size's square times this is where its cycle starts (Knuth's multiplicative hash)."""


def is_day(text: object) -> bool:
    """Tell whether ``text`` is a day: ``YYYY-MM-DD``, ASCII digits, a real date in years
    0000-9999 (``2028-02-29`` is one, ``2027-02-29`` and ``2026-1-1`` are not)."""
    return days.is_day(text)


def day(date: object) -> str:
    """Return the day ``date`` names as ``YYYY-MM-DD``: text that is already a day, a
    ``date``'s calendar day, or an aware ``datetime``'s UTC day.

    Raises ValueError ``tsunagi: {text} is not a day`` for other text, ``tsunagi: an invalid
    Date is not a day`` for a datetime whose UTC day falls outside years 0000-9999, and says
    what to do for a naive datetime or a value of another type.
    """
    return days.day(date, "tsunagi")


def daily_level(size: int, date: object) -> int | None:
    """Return the classic level of the day at side ``size`` on ``date`` (see :func:`day`).

    A size without classic levels gives None before the date is looked at. Otherwise, with
    ``days`` the whole days from 1970-01-01 to the day, the level is
    ``((days*97 + size*size*2654435761) mod count) + 1``. On 2026-10-01 the original's sizes
    4, 5, ... 30 give 104, 225, 124, 121, 216, 153, 60, 1, 40, 113, 28, 41, 40, 57, 28.
    """
    side = require_int(size, "daily_level", "size")
    count = CLASSIC_COUNTS.get(side)
    if count is None:
        return None
    since = days.days_since_epoch(day(date))
    start = side * side * _START_FACTOR
    return days.js_remainder(since * TSUNAGI_DAILY_STRIDE + start, count) + 1
