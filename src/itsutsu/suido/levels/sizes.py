"""Suido's level sets: sixteen sizes and a big-pieces set, and the bookkeeping over them.

A size is named by its text, width ``x`` height: ``"7x7"``, ``"5x7"`` (five wide, seven
high). The first thirteen sizes have 256 levels each and the three huge ones 64; the
big-pieces set is 64 levels of mixed sizes. Levels come in blocks of 16, opened one block at
a time, and the 15th and 16th levels of a block teach and test a twist.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from types import MappingProxyType
from typing import Final, NamedTuple, cast

from itsutsu.common import levels as common
from itsutsu.common.guards import is_whole, require_int, type_name
from itsutsu.common.levels import TwistRole
from itsutsu.suido.rows import declared_twists

SUIDO_SIZES: Final = (
    "5x5",
    "6x6",
    "7x7",
    "8x8",
    "9x9",
    "10x10",
    "11x11",
    "12x12",
    "13x13",
    "14x14",
    "5x7",
    "6x10",
    "8x14",
    "20x20",
    "28x28",
    "20x50",
)
"""The sizes of the level sets (width x height), in the original's order."""

SUIDO_LEVEL_COUNTS: Final[Mapping[str, int]] = MappingProxyType(
    {size: 64 if size in ("20x20", "28x28", "20x50") else 256 for size in SUIDO_SIZES}
)
"""How many levels each size has: 256, or 64 for 20x20, 28x28 and 20x50 (3,520 in all)."""

SUIDO_BIG_COUNT: Final = 64
"""How many levels the big-pieces set has."""

SUIDO_BIG_BLOCKS: Final = 4
"""How many blocks of 16 the big-pieces set has."""

SUIDO_BLOCK: Final = common.BLOCK
"""How many levels a block holds (16)."""

SUIDO_DAILY_STRIDE: Final = common.DAILY_STRIDE
"""How far the level of the day moves from one day to the next (97)."""

_SIZE_PATTERN: Final = re.compile(r"([0-9]{1,2})x([0-9]{1,2})")


class Size(NamedTuple):
    """A board's width and height, as a size's text names them."""

    width: int
    height: int


def size_of(size: object) -> Size | None:
    """Read a size's text, one or two ASCII digits each side of ``x`` (``"7x7"``, ``"20x50"``),
    into its width and height; None for anything else (the size need not have levels)."""
    if not isinstance(size, str):
        return None
    found = _SIZE_PATTERN.fullmatch(size)
    if found is None:
        return None
    return Size(int(found.group(1)), int(found.group(2)))


def size_text(value: object, what: str) -> str:
    """Return ``value`` if it is text, else raise ValueError (sizes are text such as "7x7")."""
    if not isinstance(value, str):
        raise ValueError(f"{what}: size must be text such as '7x7', not {type_name(value)}")
    return value


def known_size(size: object, what: str) -> str:
    """Return ``size`` if it has levels, else raise ValueError naming the sizes there are.

    The message starts as the original's does, ``No Suido at {size}.``
    """
    text = size_text(size, what)
    if text not in SUIDO_LEVEL_COUNTS:
        raise ValueError(
            f"No Suido at {text[:40]}. The sizes with levels are {', '.join(SUIDO_SIZES)}."
        )
    return text


def level_count(size: str) -> int:
    """Return how many levels ``size`` has (0 for a size without levels)."""
    return SUIDO_LEVEL_COUNTS.get(size_text(size, "level_count"), 0)


def is_level(size: object, level: object) -> bool:
    """Tell whether ``level`` is a level of ``size``: a whole number from 1 to its count."""
    if not isinstance(size, str) or not is_whole(level):
        return False
    assert isinstance(level, int)
    return 1 <= level <= SUIDO_LEVEL_COUNTS.get(size, 0)


def open_levels(size: str, solved: Collection[int]) -> int:
    """Return how many levels of ``size`` are open (levels ``1..open``) when ``solved`` are:
    the first block from the start, each further one once the block before is all solved."""
    return common.open_levels(level_count(size), solved)


def next_level(size: str, solved: Collection[int]) -> int:
    """Return the level of ``size`` to play next: the first open one not solved, or else the
    last open one."""
    return common.next_level(level_count(size), solved)


def first_unsolved_level(size: str, solved: Collection[int]) -> int | None:
    """Return the first level of ``size`` not in ``solved``, open or not, or None."""
    return common.first_unsolved_level(level_count(size), solved)


def band(size: str, level: int) -> str:
    """Return ``"easy"``, ``"medium"`` or ``"hard"``: the third of the size's level numbers
    ``level`` falls in (a size without levels counts as 256; the range is not checked)."""
    return common.band(level_count(size) or 256, level)


def is_big_level(level: object) -> bool:
    """Tell whether ``level`` is a level of the big-pieces set (a whole number 1 to 64)."""
    if not is_whole(level):
        return False
    assert isinstance(level, int)
    return 1 <= level <= SUIDO_BIG_COUNT


def open_big_levels(solved: Collection[int]) -> int:
    """Return how many big-pieces levels are open when ``solved`` are solved."""
    return common.open_levels(SUIDO_BIG_COUNT, solved)


def next_big_level(solved: Collection[int]) -> int:
    """Return the big-pieces level to play next (the first open one not solved)."""
    return common.next_level(SUIDO_BIG_COUNT, solved)


def first_unsolved_big_level(solved: Collection[int]) -> int | None:
    """Return the first big-pieces level not in ``solved``, or None."""
    return common.first_unsolved_level(SUIDO_BIG_COUNT, solved)


def big_band(level: int) -> str:
    """Return the band of a big-pieces level, by thirds of its 64 numbers."""
    return common.band(SUIDO_BIG_COUNT, level)


def _declared(row: Sequence[object]) -> tuple[str, ...]:
    """Return the twists a level row declares (its third field is checked to be text)."""
    return declared_twists(cast(Sequence[str], row))


def twist_role(rows: Sequence[Sequence[object]], level: int) -> TwistRole | None:
    """Return what level ``level`` of the level rows ``rows`` is for, or None.

    Each row is ``(board, turns, twists, ...)`` and declares its twists in its third field
    (space-separated words). A block's 15th level that declares twists teaches them and its
    16th tests them; ``new_ones`` are the twists no earlier row declares. Other levels, plain
    ones and levels outside the rows give None.
    """
    number = require_int(level, "twist_role", "level")
    if isinstance(rows, str) or not isinstance(rows, Sequence):
        raise ValueError(
            f"twist_role: rows must be a sequence of level rows, not {type_name(rows)}"
        )
    if not 1 <= number <= len(rows) or (number - 1) % SUIDO_BLOCK < SUIDO_BLOCK - 2:
        return None
    return common.twist_role([_declared(row) for row in rows[:number]], number)
