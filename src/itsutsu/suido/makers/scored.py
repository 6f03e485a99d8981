"""Aiming at a difficulty: :func:`make` tries boards from successive seeds and keeps the nearest.

The score comes from one small function, ``_difficulty_of``: the difficulty package's
``score(measure(layout, solution))`` when it has them, else a stand-in built here on the
deduction measure (:func:`itsutsu.suido.difficulty.deduce.deduce`) and the solver's branches.
"""

from __future__ import annotations

import importlib
import math
from dataclasses import dataclass, replace
from typing import Any

from itsutsu.common.guards import options_from
from itsutsu.suido.code import Layout
from itsutsu.suido.difficulty.deduce import deduce
from itsutsu.suido.makers.made import Made, _make_unscored
from itsutsu.suido.makers.options import MakeOptions, Settled, resolve
from itsutsu.suido.solver.count import _solve

SEED_STEP = 0x9E3779B1
"""Attempt ``a`` uses seed ``(seed + a * SEED_STEP) mod 2**32``; attempt 0 the seed given."""


@dataclass(frozen=True)
class MadeScored(Made):
    """A board made for a difficulty target (a :class:`Made` with its score).

    ``difficulty``: the board's score, 1..100; ``tried``: boards made to find it. ``seed``
    is the seed of this very board: :func:`make_unscored` with it (and the same other
    options) makes it again, and so does :func:`make` with it and no target.
    """

    difficulty: float
    tried: int


def _package_scorer() -> Any:
    """The difficulty package's ``(measure, score)`` pair, or None while it has none."""
    module = importlib.import_module("itsutsu.suido.difficulty")
    measure = getattr(module, "measure", None)
    score = getattr(module, "score", None)
    if callable(measure) and callable(score):
        return measure, score
    return None


STAND_IN_SPAN = {"network": (0.26, 0.56), "drains": (0.38, 0.72), "inlet-outlet": (0.42, 0.64)}
"""The stand-in's blend stretched to 1..100: from about the easiest to about the hardest of
our own 10x10 boards of each kind (their 2nd and 98th percentiles, measured once)."""


def _stand_in(layout: Layout, solution: tuple[int, ...]) -> float:
    """A score 1..100 from the deduction measure and the solver's branches (a stand-in).

    Blends how much a first look leaves open, how many rounds of looking settle the board
    (against its side), how much looking leaves open and whether guessing is needed.
    """
    looked = deduce(layout, solution)
    pieces = max(1, looked.pieces)
    obscure = 1 - looked.glance / pieces
    unsettled = 1 - looked.settled / pieces
    side = math.sqrt(layout.width * layout.height)
    rounds = min(1.0, looked.rounds / (2 * side))
    branches = _solve(layout, 2, 200_000).branches
    guessing = min(1.0, math.log1p(branches) / math.log1p(64))
    blend = 0.25 * obscure + 0.3 * rounds + 0.2 * unsettled + 0.25 * guessing
    low, high = STAND_IN_SPAN[layout.kind]
    return 1 + 99 * min(1.0, max(0.0, (blend - low) / (high - low)))


def _difficulty_of(layout: Layout, solution: tuple[int, ...]) -> float:
    """Score a board with its answer ``solution`` 1..100 (higher is harder).

    Uses the difficulty package's ``score(measure(layout, solution))`` when it exists and has
    a reference set for the board, else the stand-in of this module (our own blend of the
    deduction measure).
    """
    scorer = _package_scorer()
    if scorer is not None:
        measure, score = scorer
        try:
            return float(score(measure(layout, solution)))
        except LookupError:
            pass  # no reference set for this size and kind (yet): the stand-in scores it
    return _stand_in(layout, solution)


def _make(settled: Settled) -> MadeScored:
    """:func:`make` on settled options."""
    target = settled.difficulty
    attempts = 1 if target is None else settled.attempts
    best: MadeScored | None = None
    for attempt in range(attempts):
        seed = (settled.seed + attempt * SEED_STEP) & 0xFFFFFFFF
        made = _make_unscored(replace(settled, seed=seed))
        score = _difficulty_of(made.layout, made.solution)
        if best is None or target is None or abs(score - target) < abs(best.difficulty - target):
            best = MadeScored(
                **{name: getattr(made, name) for name in Made.__dataclass_fields__},
                difficulty=score,
                tried=attempt + 1,
            )
        if target is None or abs(score - target) <= settled.tolerance:
            break
    assert best is not None
    return replace(best, tried=attempt + 1)


def make(options: MakeOptions | None = None, **keywords: object) -> MadeScored:
    """Make a board with exactly one answer and score it; with a ``difficulty`` target, aim.

    Without a target this is :func:`make_unscored` plus the score. With one, boards are made
    from successive seeds (``attempts`` of them at most) until one scores within
    ``tolerance`` of the target; the nearest is returned with the seed that makes it again
    and ``tried``, the boards made. Raises ValueError for options that make no board.
    """
    return _make(resolve(options_from(MakeOptions, options, keywords, "make")))
