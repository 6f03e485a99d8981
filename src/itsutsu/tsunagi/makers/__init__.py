"""Tsunagi makers: seeded boards with exactly one answer, plain and with every twist.

``make(size, seed, twist=None, **options)`` is the door (:mod:`.make`); under it sit the
random fillings (:mod:`.fillings`), the boards they give and their proofs (:mod:`.boards`),
the unchecked plain makers and the joining maker (:mod:`.candidates`), their checked doors
``candidate``, ``repaired_candidate``, ``sparse_candidate`` and the big-board
``reduced_candidate`` (:mod:`.doors`), and the twist pieces (:mod:`.twists`). Every proof
counts the answers the check accepts (``rule="check"``).
"""

from itsutsu.tsunagi.makers.boards import Board, Extras, board_of
from itsutsu.tsunagi.makers.candidates import Work
from itsutsu.tsunagi.makers.doors import (
    Candidate,
    candidate,
    reduced_candidate,
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
    "Candidate",
    "Extras",
    "GaveUp",
    "Made",
    "Shape",
    "Work",
    "board_of",
    "candidate",
    "explosion_every",
    "fewest_strokes",
    "make",
    "plain_shape",
    "random_filling",
    "reduced_candidate",
    "repaired_candidate",
    "sparse_candidate",
    "with_explosions",
    "with_portals",
    "with_strokes",
]
