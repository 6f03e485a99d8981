"""The seeded random stream both puzzles draw from (mulberry32), bit-exact with the original.

A seed gives the same numbers here as in the original TypeScript packages, so a generator or
a shuffle driven by these helpers reproduces what a caller elsewhere reproduces.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TypeVar

from itsutsu.common.utf16 import utf16_units

T = TypeVar("T")

MASK32 = 0xFFFFFFFF
FNV_OFFSET = 0x811C9DC5
FNV_PRIME = 0x01000193

Random = Callable[[], float]
"""A stream of numbers in [0, 1): each call returns the next one."""


def to_uint32(seed: float | int) -> int:
    """Return ``seed >>> 0`` as JavaScript computes it (NaN and infinities give 0)."""
    if isinstance(seed, bool):
        seed = int(seed)
    if isinstance(seed, float):
        if math.isnan(seed) or math.isinf(seed):
            return 0
        seed = math.trunc(seed)
    return int(seed) & MASK32


def seeded_random(seed: float | int) -> Random:
    """Return a mulberry32 stream seeded with ``seed`` (any number; see :func:`to_uint32`).

    >>> r = seeded_random(1)
    >>> r(), r()
    (0.6270739405881613, 0.002735721180215478)
    """
    state = to_uint32(seed)

    def next_number() -> float:
        nonlocal state
        state = (state + 0x6D2B79F5) & MASK32
        t = state
        t = ((t ^ (t >> 15)) * (t | 1)) & MASK32
        t = (t ^ ((t + (((t ^ (t >> 7)) * (t | 61)) & MASK32)) & MASK32)) & MASK32
        return ((t ^ (t >> 14)) & MASK32) / 4294967296

    return next_number


def pick_index(random: Random, count: int) -> int:
    """Draw an index into ``count`` items the way every caller does: ``floor(r() * count)``."""
    return math.floor(random() * count)


def pick(random: Random, items: Sequence[T]) -> T:
    """Draw one of ``items`` (which must not be empty) with :func:`pick_index`."""
    if not items:
        raise ValueError("pick needs at least one item to choose from")
    return items[pick_index(random, len(items))]


def shuffled(items: Sequence[T], random: Random) -> list[T]:
    """Return a shuffled copy: Fisher-Yates from the end, one draw for each of n-1 places."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = math.floor(random() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out


def keyed_order(items: Sequence[T], random: Random) -> list[T]:
    """Return ``items`` in a random order by keys: one draw per item in order, stable sort."""
    keys = [random() for _ in items]
    order = sorted(range(len(items)), key=lambda i: keys[i])
    return [items[i] for i in order]


def fnv1a(text: str) -> int:
    """Return the 32-bit FNV-1a hash of ``text``, one step per UTF-16 code unit."""
    h = FNV_OFFSET
    for unit in utf16_units(text):
        h = ((h ^ unit) * FNV_PRIME) & MASK32
    return h


def round_half_up(value: float) -> int:
    """Round as JavaScript's ``Math.round`` does: halves go towards +infinity."""
    return math.floor(value + 0.5)
