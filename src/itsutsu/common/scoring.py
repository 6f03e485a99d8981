"""Scores 1-100 by percentiles, and the rank correlation that checks them.

A raw difficulty figure means little on its own; what a player feels is how a board compares
with the others of its size. So a reference set of boards (made by a seeded script from our
own generators) is measured, each figure's spread is kept as a few quantiles, and a new board's
figure is placed among them: its percentile, read by straight lines between the kept quantiles,
turned into a score from 1 (easier than every reference board) to 100 (harder than all).

``quantiles_of`` builds the kept points, ``percentile_in`` places a value among them,
``score_of`` gives the 1-100 score, and ``spearman`` is the rank correlation used to compare
one order of boards with another (ties share their average rank).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from itsutsu.common.guards import require_int, require_sequence, type_name

QUANTILE_POINTS = 21
"""How many quantiles a measure's reference list keeps (every 5 percent, both ends included)."""

BLEND_POINTS = 101
"""How many quantiles a blend's reference list keeps (every percent, both ends included)."""


def _round4(value: float) -> float:
    """Round to 4 decimals, halves upward (never Python's banker's rounding)."""
    return math.floor(value * 10000 + 0.5) / 10000


def _numbers(value: object, what: str, name: str) -> tuple[float, ...]:
    """Return ``value`` as a tuple of finite floats, or raise ValueError."""
    items = require_sequence(value, what, name)
    out = []
    for item in items:
        if isinstance(item, bool) or not isinstance(item, (int, float)):
            raise ValueError(f"{what}: {name} must hold numbers, not {type_name(item)}")
        if not math.isfinite(item):
            raise ValueError(f"{what}: {name} must hold finite numbers, not {item!r}")
        out.append(float(item))
    return tuple(out)


def _quantiles_of(values: Sequence[float], count: int) -> tuple[float, ...]:
    """Unchecked ``quantiles_of``."""
    ordered = sorted(values)
    last = len(ordered) - 1
    points = []
    for step in range(count):
        at = step / (count - 1) * last
        low = math.floor(at)
        high = math.ceil(at)
        value = ordered[low] + (ordered[high] - ordered[low]) * (at - low)
        points.append(_round4(value))
    return tuple(points)


def quantiles_of(values: Sequence[float], count: int = QUANTILE_POINTS) -> tuple[float, ...]:
    """Return ``count`` quantiles of ``values``, ascending, each rounded half-up to 4 decimals.

    The values are sorted; point ``s`` (0 to ``count - 1``) sits at position
    ``s / (count - 1) * (n - 1)`` of the sorted list, read by straight-line interpolation
    between its two nearest entries. So the first point is the smallest value and the last the
    largest. Raises ValueError when ``values`` is empty or holds anything but finite numbers,
    or when ``count`` is not a whole number of at least 2.
    """
    numbers = _numbers(values, "quantiles_of", "values")
    if not numbers:
        raise ValueError("quantiles_of: values must hold at least one number")
    require_int(count, "quantiles_of", "count", 2)
    return _quantiles_of(numbers, count)


def _percentile_in(quantiles: Sequence[float], value: float) -> float:
    """Unchecked ``percentile_in``."""
    last = len(quantiles) - 1
    if last <= 0 or value <= quantiles[0]:
        return 0.0
    if value > quantiles[last]:
        return 1.0
    at = 1
    while quantiles[at] < value:
        at += 1
    below = quantiles[at - 1]
    above = quantiles[at]
    part = 0.0 if above == below else (value - below) / (above - below)
    return (at - 1 + part) / last


def percentile_in(quantiles: Sequence[float], value: float) -> float:
    """Return where ``value`` falls among ascending ``quantiles``, from 0.0 to 1.0.

    At or below the first quantile it is 0.0 and above the last 1.0. Otherwise the first
    quantile at or above the value is found (index ``at``, at least 1) and the value is placed
    on the straight line between it and the one before: ``(at - 1 + fraction) / (len - 1)``,
    the fraction being 0 where the two quantiles are equal (so a run of equal quantiles
    counts from its first). A list of fewer than two quantiles gives 0.0. Raises ValueError
    when ``quantiles`` is not a list of finite numbers in ascending order or ``value`` is not
    a finite number.
    """
    points = _checked_quantiles(quantiles, "percentile_in")
    return _percentile_in(points, _value(value, "percentile_in"))


def score_of(value: float, quantiles: Sequence[float]) -> float:
    """Return the score of raw ``value`` against a reference set's ``quantiles``: 1.0 to 100.0.

    The score is ``1 + 99 * percentile``, the percentile read as ``percentile_in`` reads it:
    1.0 at or below the easiest reference figure, 100.0 above the hardest, straight lines
    between the kept quantiles. It is not rounded (levels are put in order by the exact
    figure; round half-up for a whole score). Raises ValueError as ``percentile_in`` does.
    """
    points = _checked_quantiles(quantiles, "score_of")
    return 1 + 99 * _percentile_in(points, _value(value, "score_of"))


def _value(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{what}: value must be a number, not {type_name(value)}")
    if not math.isfinite(value):
        raise ValueError(f"{what}: value must be a finite number, not {value!r}")
    return float(value)


def _checked_quantiles(quantiles: object, what: str) -> tuple[float, ...]:
    points = _numbers(quantiles, what, "quantiles")
    if any(b < a for a, b in itertools.pairwise(points)):
        raise ValueError(f"{what}: quantiles must be in ascending order")
    return points


def _ranks(values: Sequence[float]) -> list[float]:
    """Ranks 1..n; a run of equal values shares the average of the ranks it spans."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        shared = (start + end) / 2 + 1
        for k in range(start, end + 1):
            ranks[order[k]] = shared
        start = end + 1
    return ranks


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Return Spearman's rank correlation of the paired lists ``xs`` and ``ys``, -1.0 to 1.0.

    Each list is replaced by its ranks (equal values share the average of the ranks they
    span) and the ranks' Pearson correlation is returned: 1.0 when both put the items in the
    same order, -1.0 when in opposite orders. When either list has every value equal the
    correlation is undefined and ``math.nan`` is returned. Raises ValueError when the lists
    differ in length, hold fewer than two items, or hold anything but finite numbers.
    """
    left = _numbers(xs, "spearman", "xs")
    right = _numbers(ys, "spearman", "ys")
    if len(left) != len(right):
        raise ValueError(f"spearman: xs has {len(left)} items but ys has {len(right)}")
    if len(left) < 2:
        raise ValueError("spearman: needs at least two pairs")
    rx = _ranks(left)
    ry = _ranks(right)
    mean = (len(rx) + 1) / 2
    sxy = sum((a - mean) * (b - mean) for a, b in zip(rx, ry, strict=True))
    sxx = sum((a - mean) ** 2 for a in rx)
    syy = sum((b - mean) ** 2 for b in ry)
    if sxx == 0 or syy == 0:
        return math.nan
    return max(-1.0, min(1.0, sxy / math.sqrt(sxx * syy)))
