"""The letters and constants of Tsunagi's codes.

A stone is written with a pair letter from an 82-letter alphabet; small letters are waypoints
on boards of fewer than 36 pairs and stones on boards that use every capital and digit.
"""

from __future__ import annotations

from typing import Final

from itsutsu.common.guards import require_int, require_text

LINK_EMPTY: Final = "."
LINK_BLOCKED: Final = "#"
LINK_BRIDGE: Final = "+"
LINK_WALLS: Final = "|"
LINK_WRAP: Final = "wrap"
LINK_PORTALS: Final = "portals"
LINK_HEX: Final = "hex"
LINK_SPARSE: Final = "sparse"

CELL_EMPTY: Final = -1
"""An open cell with no stone (waypoint cells are empty too)."""
CELL_BLOCKED: Final = -2
"""A cell no line may enter (also every cell off a hexagon)."""
CELL_BRIDGE: Final = -3
"""A bridge: crossed straight by two lines, one across and one down."""

PAIR_LETTERS: Final = (
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstuvwxyz!@$%*()[]{},:;=?^_~/"
)
"""The 82 pair letters in order: pair ``p`` is written ``PAIR_LETTERS[p]``."""
WAYPOINT_LETTERS: Final = "abcdefghijklmnopqrstuvwxyz"
"""A waypoint of pair ``p`` (below 26) is written ``WAYPOINT_LETTERS[p]``."""
CAPITAL_PAIRS: Final = 36
"""The letters A-Z and 0-9: boards that use all of them switch to the 82-letter alphabet."""
MOST_PAIRS: Final = len(PAIR_LETTERS)
"""The most pairs a code can spell (82)."""

LETTER_INDEX: Final = {letter: i for i, letter in enumerate(PAIR_LETTERS)}
"""Each pair letter's index."""


def stone_letters(cells: str) -> str:
    """Return the alphabet whose letters name stones in ``cells``.

    Only a board whose cells use all 36 capitals and digits has the whole 82-letter alphabet;
    on any other board small letters are waypoints and punctuation is not a letter at all.
    """
    require_text(cells, "stone_letters", "cells")
    seen: set[str] = set()
    for ch in cells:
        index = LETTER_INDEX.get(ch)
        if index is not None and index < CAPITAL_PAIRS:
            seen.add(ch)
            if len(seen) == CAPITAL_PAIRS:
                return PAIR_LETTERS
    return PAIR_LETTERS[:CAPITAL_PAIRS]


def sparse_most(size: int) -> int:
    """Return the most lines a sparse board of side ``size`` may have: ``floor(2*size/3)``."""
    require_int(size, "sparse_most", "size", 1)
    return (2 * size) // 3
