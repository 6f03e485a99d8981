"""How hard a Tsunagi level is for a person, and hints that say why.

``deduce``: a position (which lines may pass each cell) and the named rules a person uses, in
tiers, each step reported as a :class:`Finding`; ``measuring``: a level measured by those rules
(:func:`measure`, :func:`difficulty_figure`, :func:`score`, :func:`order_by_difficulty`);
``hints``: :func:`hint`, the next deduction from where the player stands, in words. The public
names are re-exported from :mod:`itsutsu.tsunagi`.
"""

from itsutsu.tsunagi.difficulty.deduce import (
    RULES,
    Deduced,
    Finding,
    Position,
    deduce,
    next_finding,
    start_position,
)
from itsutsu.tsunagi.difficulty.hints import Hint, cell_name, hint
from itsutsu.tsunagi.difficulty.measuring import (
    Measure,
    difficulty_figure,
    forced_share,
    measure,
    order_by_difficulty,
    reference_quantiles,
    score,
)

__all__ = [
    "RULES",
    "Deduced",
    "Finding",
    "Hint",
    "Measure",
    "Position",
    "cell_name",
    "deduce",
    "difficulty_figure",
    "forced_share",
    "hint",
    "measure",
    "next_finding",
    "order_by_difficulty",
    "reference_quantiles",
    "score",
    "start_position",
]
