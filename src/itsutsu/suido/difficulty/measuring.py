"""How hard a Suido board is for a person, and its score 1-100 among boards of its size.

``measure`` runs the rules of :mod:`itsutsu.suido.difficulty.engine` (guessing the answer's
facing where no rule applies) and the spec's rounds of looking (``deduce``), and keeps the
figures a person feels: how much a first look settles, how many rounds of looking, how much
is left to harder rules, how many steps each tier took, the guesses and their depth, and
the spares. ``score`` places a measure among the reference boards of its size and kind
(quantiles made by ``scripts/reference_sets.py`` from our own generator, kept in the
package's ``data/reference.json`` and read by :mod:`itsutsu.suido.difficulty.reference`):
each figure's percentile is weighted into a blend and the blend's percentile among the
reference blends is the score.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from itsutsu.common.guards import require_int, require_sequence
from itsutsu.common.random import round_half_up
from itsutsu.common.scoring import _percentile_in
from itsutsu.suido.code import KINDS, Layout, check_masks
from itsutsu.suido.difficulty.deduce import _deduce_growth, _deduce_network
from itsutsu.suido.difficulty.engine import TIERS, _run
from itsutsu.suido.difficulty.reference import reference_sets
from itsutsu.suido.solver.problem import SQUARES_NEED_NETWORK
from itsutsu.suido.water import _flow_of

MEASURE_NAMES: Final = ("obscure", "rounds", "unsettled", "search", "spares")
"""The figures a score blends, in order."""

WEIGHTS: Final[Mapping[str, Mapping[str, float]]] = {
    "network": {"obscure": 0.2, "rounds": 0.3, "unsettled": 0.2, "search": 0.3, "spares": 0.0},
    "drains": {"obscure": 0.15, "rounds": 0.25, "unsettled": 0.15, "search": 0.25, "spares": 0.2},
    "inlet-outlet": {
        "obscure": 0.15,
        "rounds": 0.25,
        "unsettled": 0.15,
        "search": 0.25,
        "spares": 0.2,
    },
}
"""How much each figure weighs in the blend, per kind of board (each kind's weights add to 1)."""

_TIER_COST: Final = (0, 0, 1, 3, 10)
"""What one step of each tier adds to ``search`` (a guess adds more per level of depth)."""


@dataclass(frozen=True)
class Measure:
    """What solving a board asks of a person.

    The board: ``width``, ``height``, ``kind``, ``wrap``; ``pieces`` the pieces that count
    (network: non-blank; otherwise the answer's wet pieces). From the rounds of looking:
    ``obscure`` (share of those pieces a first look leaves open, 0-1), ``rounds`` (rounds that
    settled something), ``unsettled`` (share left when looking stops). From the rules:
    ``steps`` (steps per tier, glance to guess), ``hardest`` (the highest tier used, 1-5; 0 if
    nothing needed settling), ``guesses`` and ``depth`` (the deepest guess), ``search`` (tier
    3 steps + 3 per trial + 10 per guess times its depth plus one). Features: ``spares``
    (share of pieces that stay dry), ``turns`` (elbows and tees among the pieces that count:
    where the water changes direction).
    """

    width: int
    height: int
    kind: str
    wrap: bool
    pieces: int
    obscure: float
    rounds: int
    unsettled: float
    steps: tuple[int, int, int, int, int]
    hardest: int
    guesses: int
    depth: int
    search: int
    spares: float
    turns: int


def _measure(layout: Layout, answer: tuple[int, ...]) -> Measure:
    """Unchecked ``measure``."""
    if layout.kind == "network":
        looked = _deduce_network(layout)
    else:
        looked = _deduce_growth(layout, answer)
    run = _run(layout, answer)
    counts = [0] * len(TIERS)
    search = 0
    guesses = 0
    depth = 0
    for step in run.steps:
        counts[step.tier - 1] += 1
        if step.tier == 5:
            guesses += 1
            depth = max(depth, step.depth)
            search += _TIER_COST[4] * (step.depth + 1)
        else:
            search += _TIER_COST[step.tier - 1]
    flow = _flow_of(layout, answer)
    total = sum(1 for mask in layout.cells if mask)
    spares = 0.0 if layout.kind == "network" else (total - flow.wet_pieces) / max(1, total)
    counted = [
        answer[c]
        for c in range(len(answer))
        if answer[c] and (layout.kind == "network" or flow.wet[c])
    ]
    turns = sum(1 for mask in counted if mask not in (5, 10) and mask.bit_count() in (2, 3))
    pieces = max(1, looked.pieces)
    hardest = max((i + 1 for i, n in enumerate(counts) if n), default=0)
    return Measure(
        width=layout.width,
        height=layout.height,
        kind=layout.kind,
        wrap=layout.wrap,
        pieces=looked.pieces,
        obscure=1 - looked.glance / pieces,
        rounds=looked.rounds,
        unsettled=1 - looked.settled / pieces,
        steps=(counts[0], counts[1], counts[2], counts[3], counts[4]),
        hardest=hardest,
        guesses=guesses,
        depth=depth,
        search=search,
        spares=spares,
        turns=turns,
    )


def measure(layout: Layout, answer: Sequence[int]) -> Measure:
    """Return what solving ``layout`` asks of a person, toward ``answer`` (one mask per cell).

    The answer is used where no rule applies (the run guesses its facing) and on drains and
    inlet-outlet boards to know which pieces the water reaches. Raises ValueError for a value
    that is not a Layout, an answer that is not one mask 0..15 per cell, and a board with
    squares that is not a network.
    """
    if not isinstance(layout, Layout):
        raise ValueError(f"measure needs a Suido Layout, not {type(layout).__name__}")
    if layout.kind not in KINDS:
        raise ValueError(f"unknown Suido kind {layout.kind!r}; expected one of {KINDS}")
    check_masks(layout, layout.cells)
    solution = check_masks(layout, require_sequence(answer, "measure", "answer"))
    if (layout.bigs or layout.blocks) and layout.kind != "network":
        raise ValueError(SQUARES_NEED_NETWORK)
    return _measure(layout, tuple(solution))


def reference_key(width: int, height: int, kind: str, wrap: bool) -> str:
    """Return the name of the reference set a board of this size and kind is scored against.

    The side is the nearest of the reference sets' sides to ``sqrt(width * height)`` (ties to the
    smaller side), then ``d`` for drains or ``i`` for inlet-outlet, then ``w`` for wrap; an
    inlet-outlet board that wraps is scored as one that does not (there is no such set).
    """
    require_int(width, "reference_key", "width", 1)
    require_int(height, "reference_key", "height", 1)
    if kind not in KINDS:
        raise ValueError(f"reference_key: kind must be one of {KINDS}, not {kind!r:.40}")
    if not isinstance(wrap, bool):
        raise ValueError(f"reference_key: wrap must be True or False, not {wrap!r:.40}")
    side = math.sqrt(width * height)
    sides = reference_sets().sides
    best = sides[0]
    for candidate in sides:
        if abs(candidate - side) < abs(best - side):
            best = candidate
    letter = {"network": "", "drains": "d", "inlet-outlet": "i"}[kind]
    return f"{best}{letter}{'w' if wrap and kind != 'inlet-outlet' else ''}"


def _reference(m: Measure) -> Mapping[str, tuple[float, ...]]:
    """The reference set for ``m``: its own, else the nearest side of the same kind and wrap
    that the data has, else the nearest of any kind (so a partial set still scores)."""
    key = reference_key(m.width, m.height, m.kind, m.wrap)
    sets = reference_sets().sets
    if key in sets:
        return sets[key]
    if not sets:
        raise LookupError("score: no reference sets yet: run scripts/reference_sets.py")
    letters = key.lstrip("0123456789")
    side = int(key[: len(key) - len(letters)])

    def distance(other: str) -> tuple[int, int]:
        rest = other.lstrip("0123456789")
        return (0 if rest == letters else 1, abs(int(other[: len(other) - len(rest)]) - side))

    return sets[min(sets, key=distance)]


def _figure(m: Measure, name: str) -> float:
    return float(getattr(m, name))


def blend_of(m: Measure) -> float:
    """Return the weighted blend (0-1) of ``m``'s figures' percentiles in its reference set.

    Raises ValueError for anything but a Measure."""
    if not isinstance(m, Measure):
        raise ValueError(f"blend_of needs a Suido Measure, not {type(m).__name__}")
    reference = _reference(m)
    weights = WEIGHTS[m.kind]
    return sum(
        weights[name] * _percentile_in(reference[name], _figure(m, name)) for name in MEASURE_NAMES
    )


def exact_score(m: Measure) -> float:
    """Return ``m``'s score unrounded: 1 + 99 times its blend's percentile among the blends
    of its reference set (1.0 the easiest there, 100.0 harder than every one)."""
    if not isinstance(m, Measure):
        raise ValueError(f"exact_score needs a Suido Measure, not {type(m).__name__}")
    reference = _reference(m)
    return 1 + 99 * _percentile_in(reference["blend"], blend_of(m))


def score(m: Measure) -> int:
    """Return ``m``'s difficulty score, a whole number 1-100 within its size and kind: the
    exact score rounded half up. Raises ValueError for anything but a Measure."""
    if not isinstance(m, Measure):
        raise ValueError(f"score needs a Suido Measure, not {type(m).__name__}")
    return max(1, min(100, round_half_up(exact_score(m))))


BIG_SMALLEST: Final = 25
"""Pieces in the water at or below which the cross-size score's size part is 0."""

BIG_LARGEST: Final = 400
"""Pieces in the water at or above which the cross-size score's size part is 1."""


def exact_big_score(m: Measure) -> float:
    """Return the cross-size score of ``m`` unrounded, 1.0 to 100.0: half the pieces the
    water reaches (0 at 25 or fewer, 1 at 400 or more, on a log scale), half its own score
    (so boards of every size, like the big-pieces set, can share one order)."""
    if not isinstance(m, Measure):
        raise ValueError(f"big_score needs a Suido Measure, not {type(m).__name__}")
    used = max(1, m.pieces)
    size_term = min(1.0, max(0.0, math.log(used / BIG_SMALLEST) / math.log(16)))
    return 1 + 99 * (0.5 * size_term + 0.5 * (exact_score(m) - 1) / 99)


def big_score_of(m: Measure) -> int:
    """Return the cross-size score of ``m``, a whole number 1-100 (``exact_big_score``
    rounded half up). Raises ValueError for anything but a Measure."""
    return max(1, min(100, round_half_up(exact_big_score(m))))


def order_by_difficulty(levels: Sequence[tuple[Layout, Sequence[int]]]) -> tuple[int, ...]:
    """Return the positions of ``levels`` (``(layout, answer)`` pairs) easiest first.

    Levels are ordered by their exact score, then by the cross-size score (bigger boards
    later), then by position (a stable order). Raises ValueError as ``measure`` does.
    """
    items = require_sequence(levels, "order_by_difficulty", "levels")
    keyed = []
    for at, item in enumerate(items):
        if not isinstance(item, (tuple, list)) or len(item) != 2:
            raise ValueError("order_by_difficulty: each level must be a (layout, answer) pair")
        m = measure(item[0], item[1])
        keyed.append((exact_score(m), exact_big_score(m), at))
    return tuple(at for _s, _b, at in sorted(keyed))
