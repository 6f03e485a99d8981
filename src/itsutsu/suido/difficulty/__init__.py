"""How hard a Suido board is for a person, and hints that explain themselves.

``deduce`` (the rounds of looking of the original), ``solve_by_rules`` (named rules in tiers,
each step explained; see :mod:`itsutsu.suido.difficulty.engine`), ``measure`` and ``score``
(1-100 within a size and kind, against reference quantiles made from our own generator),
``exact_score``, ``big_score_of`` (the cross-size score), ``order_by_difficulty`` and
``hint``. The public names are re-exported from :mod:`itsutsu.suido`.
"""

from itsutsu.suido.difficulty.deduce import Deduction, deduce
from itsutsu.suido.difficulty.engine import DRY, RULES, TIERS, Run, Step, solve_by_rules
from itsutsu.suido.difficulty.hints import Hint, hint
from itsutsu.suido.difficulty.measuring import (
    MEASURE_NAMES,
    WEIGHTS,
    Measure,
    big_score_of,
    blend_of,
    exact_big_score,
    exact_score,
    measure,
    order_by_difficulty,
    reference_key,
    score,
)

__all__ = [
    "DRY",
    "MEASURE_NAMES",
    "RULES",
    "TIERS",
    "WEIGHTS",
    "Deduction",
    "Hint",
    "Measure",
    "Run",
    "Step",
    "big_score_of",
    "blend_of",
    "deduce",
    "exact_big_score",
    "exact_score",
    "hint",
    "measure",
    "order_by_difficulty",
    "reference_key",
    "score",
    "solve_by_rules",
]
