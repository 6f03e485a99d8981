"""Tsunagi's level sets: their sizes and counts, and the bookkeeping over one size's levels.

There are two fixed sets. The classic set has the original's fifteen sizes (4x4 to 30x30) and
ours adds a 40x40 size of 32 levels (:data:`CLASSIC_SIZES`); the portal set has eight sizes
of 32 levels each. Every function takes the set last, ``"classic"`` by default. A level is
also named by one number, its seed: classic level n is seed n and portal level n is seed
``1000 + n``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from types import MappingProxyType
from typing import Final, NamedTuple

from itsutsu.common import levels as common
from itsutsu.common.guards import is_whole, require_int

CLASSIC: Final = "classic"
"""The name of the classic set."""

PORTALS: Final = "portals"
"""The name of the portal set."""

TSUNAGI_SETS: Final = (CLASSIC, PORTALS)
"""The names of the fixed sets."""

TSUNAGI_SIZES: Final = (4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 20, 25, 30)
"""The original's classic sizes (board sides), in order."""

TSUNAGI_LEVEL_COUNTS: Final[Mapping[int, int]] = MappingProxyType(
    {4: 192, 5: 256, 6: 256, 7: 256, 8: 256, 9: 256, 10: 128, 11: 64, 12: 128}
    | {13: 128, 14: 128, 15: 128, 20: 64, 25: 64, 30: 64}
)
"""How many classic levels the original has at each of its sizes."""

CLASSIC_SIZES: Final = (*TSUNAGI_SIZES, 40)
"""The classic sizes we serve: the original's and 40x40, which the original does not have."""

CLASSIC_COUNTS: Final[Mapping[int, int]] = MappingProxyType({**TSUNAGI_LEVEL_COUNTS, 40: 32})
"""How many classic levels we serve at each size (the original's counts, and 32 at 40x40)."""

TSUNAGI_PORTAL_SIZES: Final = (5, 6, 7, 8, 9, 10, 12, 15)
"""The sizes of the portal set, in order."""

TSUNAGI_PORTAL_COUNTS: Final[Mapping[int, int]] = MappingProxyType(
    dict.fromkeys(TSUNAGI_PORTAL_SIZES, 32)
)
"""How many portal levels each portal size has (two blocks)."""

TSUNAGI_BLOCK: Final = common.BLOCK
"""How many levels a block holds (16)."""

TSUNAGI_DAILY_STRIDE: Final = common.DAILY_STRIDE
"""How far the level of the day moves from one day to the next (97)."""

TSUNAGI_PORTAL_SEED: Final = 1000
"""Portal level n has the seed ``1000 + n``; seed 1000 itself is classic level 1000."""


class SeededLevel(NamedTuple):
    """A level named by its seed: the set it is in and its number there."""

    set: str
    level: int


def set_name(value: object, what: str) -> str:
    """Return ``value`` if it names a set, else raise ValueError naming ``what``."""
    if value not in TSUNAGI_SETS:
        shown = repr(value)[:40] if isinstance(value, str) else type(value).__name__
        raise ValueError(f"{what}: set must be 'classic' or 'portals', not {shown}")
    assert isinstance(value, str)
    return value


def counts_of(set: str) -> Mapping[int, int]:
    """Return the level count of each size of ``set`` (the served counts for classic)."""
    return CLASSIC_COUNTS if set_name(set, "counts_of") == CLASSIC else TSUNAGI_PORTAL_COUNTS


def sizes_of(set: str) -> tuple[int, ...]:
    """Return the sizes of ``set`` in order (the served sizes for classic)."""
    return CLASSIC_SIZES if set_name(set, "sizes_of") == CLASSIC else TSUNAGI_PORTAL_SIZES


def _size(value: object, what: str) -> int:
    return require_int(value, what, "size")


def level_count(size: int, set: str = CLASSIC) -> int:
    """Return how many levels ``set`` has at side ``size``: 0 for a size it does not have."""
    counts = counts_of(set_name(set, "level_count"))
    return counts.get(_size(size, "level_count"), 0)


def is_level(size: object, level: object, set: str = CLASSIC) -> bool:
    """Tell whether ``level`` is a level of ``set`` at side ``size``: a whole number from 1 to
    the size's count (never true for a size the set does not have, or for a non-number)."""
    counts = counts_of(set_name(set, "is_level"))
    if not is_whole(size) or not is_whole(level):
        return False
    assert isinstance(size, int) and isinstance(level, int)
    return 1 <= level <= counts.get(size, 0)


def open_levels(size: int, solved: Collection[int], set: str = CLASSIC) -> int:
    """Return the highest open level at ``size`` when the levels ``solved`` are solved.

    The first block of 16 is open from the start and each further block opens once every
    level of the block before it is solved; a size the set does not have gives 0.
    """
    return common.open_levels(level_count(size, set), solved)


def next_level(size: int, solved: Collection[int], set: str = CLASSIC) -> int:
    """Return the level to play next at ``size``: the first open one not solved, or else the
    highest open one."""
    return common.next_level(level_count(size, set), solved)


def first_unsolved_level(size: int, solved: Collection[int], set: str = CLASSIC) -> int | None:
    """Return the first level at ``size`` not in ``solved``, open or not, or None."""
    return common.first_unsolved_level(level_count(size, set), solved)


def band(size: int, level: int, set: str = CLASSIC) -> str:
    """Return ``"easy"``, ``"medium"`` or ``"hard"``: the third of the size's level numbers
    ``level`` falls in (a size the set does not have counts as 256 levels; the level's range
    is not checked)."""
    return common.band(level_count(size, set) or 256, level)


def level_seed(set: str, level: int) -> int:
    """Return the seed naming ``level`` of ``set``: the level itself for classic, and
    ``1000 + level`` for portals."""
    name = set_name(set, "level_seed")
    number = require_int(level, "level_seed", "level")
    return TSUNAGI_PORTAL_SEED + number if name == PORTALS else number


def set_of_seed(seed: int) -> SeededLevel:
    """Return the set and level a seed names: above 1000 it is portal level ``seed - 1000``,
    otherwise classic level ``seed`` (so 1000 is classic level 1000, 1001 portal level 1)."""
    number = require_int(seed, "set_of_seed", "seed")
    if number > TSUNAGI_PORTAL_SEED:
        return SeededLevel(PORTALS, number - TSUNAGI_PORTAL_SEED)
    return SeededLevel(CLASSIC, number)


def sizes_text(sizes: tuple[int, ...]) -> str:
    """Write a list of sizes for a message: ``4, 5, ..., 40``."""
    return ", ".join(str(size) for size in sizes)


def known_size(size: object, set: str, what: str) -> int:
    """Return ``size`` if ``set`` has it, else raise ValueError naming the sizes it has."""
    name = set_name(set, what)
    side = _size(size, what)
    if side not in counts_of(name):
        raise ValueError(
            f"tsunagi: there are no {name} levels of size {side}; "
            f"the sizes are {sizes_text(sizes_of(name))}"
        )
    return side
