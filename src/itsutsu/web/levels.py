"""The one place the web app reads levels from: level sets by puzzle and size, and the day's level.

A level set is a folder in the level-file format: one TSV file per size and set, UTF-8, a
header line starting with ``#``, one level per line in level order. Tsunagi files are
``classic-7.tsv`` and ``portals-7.tsv`` with the columns ``layout``, ``answer`` and ``mark``;
Suido files are ``7x7.tsv`` (and ``big.tsv`` for the big-pieces set) with ``board``,
``turns``, ``twists`` and ``mark``. A mark is a digit 1 to 5, or empty. ``source=None`` reads
the level sets installed with the package (none yet: the app says so kindly).

The files are read by the engines' loaders (``tsunagi.levels_of``, ``suido.levels_of``,
``suido.big_levels``), which refuse a malformed file whole; a size whose file is missing or
refused has no levels here. Every row is checked once more when first read (its code decodes,
its answer is an answer), so nothing the app serves can fail later.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from itsutsu import suido, tsunagi
from itsutsu.common.random import fnv1a

TSUNAGI_SETS = ("classic", "portals")
"""The Tsunagi level sets, as their files name them."""
TSUNAGI_SIZES = (4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 20, 25, 30, 40)
"""Sizes a Tsunagi level set may have, in the order pages list them."""
TSUNAGI_PORTAL_SIZES = (5, 6, 7, 8, 9, 10, 12, 15)
"""Sizes the portal set may have."""
SUIDO_SIZES = (
    "5x5", "6x6", "7x7", "8x8", "9x9", "10x10", "11x11", "12x12", "13x13", "14x14",
    "5x7", "6x10", "8x14", "20x20", "28x28", "20x50",
)  # fmt: skip
"""Sizes a Suido level set may have (width x height), in the order pages list them."""
SUIDO_BIG = "big"
"""The name of the big-pieces set, whose levels have mixed sizes."""
BLOCK = 16
"""Levels come in blocks of this many; a block opens when the one before is solved."""
DAILY_STRIDE = 97
"""How far the day's level moves on from one day to the next."""

_DAY = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
_MARK = re.compile(r"[1-5]")


@dataclass(frozen=True)
class TsunagiLevel:
    """One Tsunagi level: its set, size and number (1 first), layout and answer codes, mark."""

    set: str
    size: int
    number: int
    layout: str
    answer: str
    mark: int | None


@dataclass(frozen=True)
class SuidoLevel:
    """One Suido level: its set (a size such as ``7x7``, or ``big``), number, board code,
    answer code (the board turned by the row's turns), twists and mark."""

    set: str
    number: int
    board: str
    answer: str
    twists: tuple[str, ...]
    mark: int | None

    @property
    def size(self) -> str:
        """The board's size as ``WxH`` (for the big set, this level's own)."""
        return self.board.split(":", 1)[0].rstrip("diw")


def _mark(text: str) -> int | None:
    return int(text) if _MARK.fullmatch(text.strip()) else None


def _tsunagi_rows(source: Path | None, size: int, set_name: str) -> list[list[str]]:
    try:
        rows = tsunagi.levels_of(size, set_name, source)
    except ValueError:  # no file for this size, or a file the loader refuses
        return []
    return [[row.layout, row.answer, str(row.mark)] for row in rows]


def _suido_rows(source: Path | None, name: str) -> list[list[str]]:
    try:
        if name == SUIDO_BIG:
            return [[r.board, r.turns, r.twists, str(r.mark)] for r in suido.big_levels(source)]
        return [[r.board, r.turns, r.twists, str(r.mark)] for r in suido.levels_of(name, source)]
    except ValueError:
        return []


def _tsunagi_level(set_name: str, size: int, number: int, row: list[str]) -> TsunagiLevel | None:
    if len(row) < 2:
        return None
    layout, answer = row[0], row[1]
    if tsunagi.decode_layout(layout, size) is None:
        return None
    if not tsunagi.check_answer(size, layout, answer).ok:
        return None
    return TsunagiLevel(
        set_name, size, number, layout, answer, _mark(row[2] if len(row) > 2 else "")
    )


def _suido_level(set_name: str, number: int, row: list[str]) -> SuidoLevel | None:
    if len(row) < 2:
        return None
    fields = (row[0], row[1], row[2] if len(row) > 2 else "")
    answer = suido.level_answer(fields)
    if answer is None or not suido.check_answer(fields[0], answer).ok:
        return None
    board = suido.decode_layout(fields[0])
    if board is None or (set_name != SUIDO_BIG and f"{board.width}x{board.height}" != set_name):
        return None
    return SuidoLevel(
        set_name,
        number,
        fields[0],
        answer,
        suido.twists_of(board),
        _mark(row[3] if len(row) > 3 else ""),
    )


class LevelStore:
    """The level sets of one folder (or of the package when ``source`` is None), read lazily.

    Files are read once, on first use, and kept; the store is safe to share between the
    requests and sockets of one process.
    """

    def __init__(self, source: str | Path | None = None) -> None:
        self.source = None if source is None else Path(source)
        self._lock = threading.Lock()
        self._tsunagi: dict[tuple[str, int], tuple[TsunagiLevel, ...]] = {}
        self._suido: dict[str, tuple[SuidoLevel, ...]] = {}

    def tsunagi_levels(self, size: int, set_name: str = "classic") -> tuple[TsunagiLevel, ...]:
        """Return the levels of one Tsunagi size and set (empty when none are installed)."""
        key = (set_name, size)
        if key not in self._tsunagi:
            levels: list[TsunagiLevel] = []
            sizes = TSUNAGI_PORTAL_SIZES if set_name == "portals" else TSUNAGI_SIZES
            if set_name in TSUNAGI_SETS and size in sizes:
                for row in _tsunagi_rows(self.source, size, set_name):
                    level = _tsunagi_level(set_name, size, len(levels) + 1, row)
                    if level is not None:
                        levels.append(level)
            with self._lock:
                self._tsunagi[key] = tuple(levels)
        return self._tsunagi[key]

    def suido_levels(self, set_name: str) -> tuple[SuidoLevel, ...]:
        """Return the levels of one Suido size (``7x7``) or of the big set (empty when none)."""
        if set_name not in self._suido:
            levels: list[SuidoLevel] = []
            if set_name in SUIDO_SIZES or set_name == SUIDO_BIG:
                for row in _suido_rows(self.source, set_name):
                    level = _suido_level(set_name, len(levels) + 1, row)
                    if level is not None:
                        levels.append(level)
            with self._lock:
                self._suido[set_name] = tuple(levels)
        return self._suido[set_name]

    def tsunagi_level(
        self, size: int, number: int, set_name: str = "classic"
    ) -> TsunagiLevel | None:
        """Return Tsunagi level ``number`` (1 first) of a size and set, or None."""
        levels = self.tsunagi_levels(size, set_name)
        return levels[number - 1] if 1 <= number <= len(levels) else None

    def suido_level(self, set_name: str, number: int) -> SuidoLevel | None:
        """Return Suido level ``number`` (1 first) of a size or the big set, or None."""
        levels = self.suido_levels(set_name)
        return levels[number - 1] if 1 <= number <= len(levels) else None

    def tsunagi_sizes(self, set_name: str = "classic") -> tuple[int, ...]:
        """Return the sizes of a Tsunagi set that have levels installed."""
        sizes = TSUNAGI_PORTAL_SIZES if set_name == "portals" else TSUNAGI_SIZES
        return tuple(size for size in sizes if self.tsunagi_levels(size, set_name))

    def suido_sets(self) -> tuple[str, ...]:
        """Return the Suido sizes (and ``big``) that have levels installed."""
        return tuple(name for name in (*SUIDO_SIZES, SUIDO_BIG) if self.suido_levels(name))


def days_since_epoch(day: str) -> int | None:
    """Return the whole days from 1970-01-01 to ``day`` (``YYYY-MM-DD``, any year 0000-9999,
    proleptic Gregorian), or None when it is not a real day."""
    found = _DAY.fullmatch(day) if isinstance(day, str) else None
    if found is None:
        return None
    year, month, date = (int(part) for part in found.groups())
    if not 1 <= month <= 12:
        return None
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    lengths = (31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
    if not 1 <= date <= lengths[month - 1]:
        return None
    # Days from 0000-03-01, counting March first so the leap day ends the year.
    y = year - (1 if month <= 2 else 0)
    m = month + 9 if month <= 2 else month - 3
    era_days = 365 * y + y // 4 - y // 100 + y // 400 + (153 * m + 2) // 5 + date - 1
    return era_days - 719468


def tsunagi_daily(size: int, day: str, count: int) -> int | None:
    """Return the day's Tsunagi level of a size with ``count`` levels, or None.

    The engine's ``daily_level`` where the size has its usual count; for a set of another
    size, the same formula over the levels served: ``((days * 97 + size * size *
    2654435761) mod count) + 1``, each level once per ``count`` days. None when there are no
    levels or ``day`` is not a day.
    """
    days = days_since_epoch(day)
    if days is None or count <= 0:
        return None
    if count == tsunagi.level_count(size):
        return tsunagi.daily_level(size, day)
    return (days * DAILY_STRIDE + size * size * 2654435761) % count + 1


def suido_daily(size: str, day: str, count: int) -> int | None:
    """Return the day's Suido level of a size (``7x7``) with ``count`` levels, or None.

    The engine's ``daily_level`` for the usual count, else ``((days * 97 + fnv1a(size))
    mod count) + 1`` over the levels served.
    """
    days = days_since_epoch(day)
    if days is None or count <= 0:
        return None
    if count == suido.level_count(size):
        return suido.daily_level(size, day)
    return (days * DAILY_STRIDE + fnv1a(size)) % count + 1


def open_levels(count: int, solved: Sequence[int] | set[int]) -> int:
    """Return how many levels are open (levels 1..n): the first block, and each next block
    once every level of the block before it is solved."""
    done = set(solved)
    opened = min(BLOCK, count)
    while opened < count and all(n in done for n in range(opened - BLOCK + 1, opened + 1)):
        opened = min(opened + BLOCK, count)
    return opened
