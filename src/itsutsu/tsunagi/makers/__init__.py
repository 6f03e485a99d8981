"""Tsunagi makers: seeded boards with exactly one answer, plain and with every twist.

``make(size, seed, twist=None, **options)`` is the door (:mod:`.make`); under it sit the
random fillings (:mod:`.fillings`), the boards they give and their proofs (:mod:`.boards`),
the plain makers (:mod:`.candidates`: ``candidate``, ``repaired_candidate``,
``joined_candidate``, ``sparse_candidate``), the twist pieces (:mod:`.twists`) and the
big-board maker ``reduced_candidate`` (:mod:`.reduce`). Every proof counts the answers the
check accepts (``rule="check"``).
"""

from itsutsu.tsunagi.makers.boards import Board, Extras, board_of
from itsutsu.tsunagi.makers.candidates import (
    Work,
    candidate,
    joined_candidate,
    repaired_candidate,
    sparse_candidate,
)
from itsutsu.tsunagi.makers.fillings import Shape, plain_shape, random_filling
from itsutsu.tsunagi.makers.make import TWISTS, GaveUp, Made, make
from itsutsu.tsunagi.makers.twists import (
    explosion_every,
    fewest_strokes,
    with_explosions,
    with_portals,
    with_strokes,
)

__all__ = [
    "TWISTS",
    "Board",
    "Extras",
    "GaveUp",
    "Made",
    "Shape",
    "Work",
    "board_of",
    "candidate",
    "explosion_every",
    "fewest_strokes",
    "joined_candidate",
    "make",
    "plain_shape",
    "random_filling",
    "repaired_candidate",
    "sparse_candidate",
    "with_explosions",
    "with_portals",
    "with_strokes",
]
