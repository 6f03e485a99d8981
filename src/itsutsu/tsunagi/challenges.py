"""What a Tsunagi level asks of a player beyond joining pairs: its challenges (twists).

A plain board asks only that each pair be joined and the lines fill the board. A layout's
challenges name everything else it shows, in a fixed order: bridges (``+`` cells), walls
(a walls list, or a blocked ``#`` cell on the board), waypoints (small letters on a board of
fewer than 36 pairs), wrap, portals, explosions (``boomN`` or ``blastN``), a stroke limit,
a hexagon board and a sparse board. In a fixed set the 15th level of a block teaches its
challenges and the 16th tests them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from itsutsu.common.guards import require_int, require_sequence, require_text
from itsutsu.common.levels import BLOCK, TwistRole
from itsutsu.common.levels import twist_role as _twist_role
from itsutsu.tsunagi.alphabet import (
    CAPITAL_PAIRS,
    LINK_BLOCKED,
    LINK_BRIDGE,
    WAYPOINT_LETTERS,
    stone_letters,
)
from itsutsu.tsunagi.layout import tail_word
from itsutsu.tsunagi.neighbours import _in_hex

CHALLENGES: Final = (
    "bridges",
    "walls",
    "waypoints",
    "wrap",
    "portals",
    "explosions",
    "strokes",
    "hexagon",
    "sparse",
)
"""Every challenge, in the fixed order challenge lists use."""

_WORD_CHALLENGE: Final = {
    "wrap": "wrap",
    "portals": "portals",
    "explosion": "explosions",
    "strokes": "strokes",
    "hex": "hexagon",
    "sparse": "sparse",
}


def challenges_of(code: str) -> tuple[str, ...]:
    """Return the challenges the layout code ``code`` shows, in :data:`CHALLENGES` order.

    The code is read as it is, not decoded first, so any text gives an answer: ``bridges``
    when a cell is ``+``; ``walls`` when a segment after the cells is not a word (so it is a
    walls list) or a cell is ``#`` (on a hexagon board only a ``#`` on the hexagon counts, the
    corners off it being blocked by the shape); ``waypoints`` when a cell is a small letter
    on a board that does not use all 36 capitals and digits; then ``wrap``, ``portals``,
    ``explosions``, ``strokes``, ``hexagon`` and ``sparse`` by their words.
    """
    cells, *segments = require_text(code, "challenges_of", "code").split("|")
    words = set()
    walls_list = False
    for segment in segments:
        word = tail_word(segment)
        if word is None:
            walls_list = True
        else:
            words.add(_WORD_CHALLENGE[word.word])
    shown = set(words)
    if LINK_BRIDGE in cells:
        shown.add("bridges")
    if walls_list or _has_blocked(cells, "hexagon" in words):
        shown.add("walls")
    small = set(WAYPOINT_LETTERS)
    if len(stone_letters(cells)) == CAPITAL_PAIRS and any(ch in small for ch in cells):
        shown.add("waypoints")
    return tuple(name for name in CHALLENGES if name in shown)


def _has_blocked(cells: str, hexagon: bool) -> bool:
    """Tell whether ``cells`` has a blocked cell that counts as a wall."""
    if not hexagon:
        return LINK_BLOCKED in cells
    size = math.isqrt(len(cells))
    if size * size != len(cells):
        return LINK_BLOCKED in cells
    return any(ch == LINK_BLOCKED and _in_hex(size, at) for at, ch in enumerate(cells))


def is_twist(code: str) -> bool:
    """Tell whether the layout code ``code`` shows any challenge (see :func:`challenges_of`)."""
    return bool(challenges_of(code))


def twist_role(layouts: Sequence[str], level: int) -> TwistRole | None:
    """Return what level ``level`` of the set ``layouts`` (level 1 first) is for, or None.

    A block's 15th level that shows challenges teaches them and its 16th tests them; the
    role's ``challenges`` are the level's and ``new_ones`` those no earlier level shows.
    Other levels, plain ones and levels outside the list give None.
    """
    codes = require_sequence(layouts, "twist_role", "layouts")
    number = require_int(level, "twist_role", "level")
    if not 1 <= number <= len(codes) or (number - 1) % BLOCK < BLOCK - 2:
        return None
    return _twist_role([challenges_of(code) for code in codes[:number]], number)
