"""Suido pieces: 4-bit masks of open sides, their turns, shapes and code characters.

A mask opens north = 1, east = 2, south = 4, west = 8. Side *numbers* are 0 = N, 1 = E,
2 = S, 3 = W, and the bit of side ``i`` is ``1 << i``.
"""

from __future__ import annotations

from typing import Final

from itsutsu.common.guards import require_int

NORTH: Final = 1
"""The mask bit of a piece open to the north (up)."""
EAST: Final = 2
"""The mask bit of a piece open to the east (right)."""
SOUTH: Final = 4
"""The mask bit of a piece open to the south (down)."""
WEST: Final = 8
"""The mask bit of a piece open to the west (left)."""

SIDES: Final[tuple[int, int, int, int]] = (NORTH, EAST, SOUTH, WEST)
"""The mask bit of each side number 0..3 (N, E, S, W)."""

SIDE_STEPS: Final[tuple[tuple[int, int], ...]] = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""The (dx, dy) step to the neighbour across each side number 0..3 (N, E, S, W)."""

SHAPE_MASKS: Final[dict[str, int]] = {
    "blank": 0,
    "end": 1,
    "straight": 5,
    "elbow": 3,
    "tee": 7,
    "cross": 15,
}
"""One mask of each shape, the one facing north first."""

PLAIN_CHARS: Final = "0123456789abcdef"
"""Code characters of ordinary pieces, indexed by mask."""
SOURCE_CHARS: Final = "ghijklmnopqrstuv"
"""Code characters of sources (pumps), indexed by mask."""
DRAIN_CHARS: Final = "ABCDEFGHIJKLMNOP"
"""Code characters of drains, indexed by mask."""

ROLES: Final = ("plain", "source", "drain")
"""The roles a cell character can carry."""


def _opposite(side: int) -> int:
    """Return the side number facing ``side`` (0 = N, 1 = E, 2 = S, 3 = W)."""
    return (side + 2) & 3


def _turn(mask: int, quarters: int = 1) -> int:
    """Return ``mask`` turned ``quarters`` clockwise quarters (negative turns anticlockwise).

    Only the low four bits of ``mask`` are used.
    """
    m = mask & 15
    q = quarters % 4
    return ((m << q) | (m >> (4 - q))) & 15


def _rotations_of(mask: int) -> tuple[int, ...]:
    """Return the distinct facings of ``mask`` (its four turns), ascending."""
    return tuple(sorted({_turn(mask, q) for q in range(4)}))


def _quarters_between(start: int, end: int) -> int | None:
    """Return the fewest clockwise quarters (0..3) turning ``start`` into ``end``, or None."""
    for q in range(4):
        if _turn(start, q) == end:
            return q
    return None


def _taps_between(start: int, end: int, both: bool = True) -> int | None:
    """Return the taps from ``start`` to ``end``: clockwise only, or either way when ``both``.

    None when ``end`` is not a facing of ``start``.
    """
    q = _quarters_between(start, end)
    if q is None:
        return None
    return min(q, (4 - q) % 4) if both else q


def _arms_of(mask: int) -> int:
    """Return how many sides ``mask`` opens on (0..4)."""
    return bin(mask & 15).count("1")


def _shape_of(mask: int) -> str:
    """Return the shape name of ``mask``: blank, end, straight, elbow, tee or cross."""
    arms = _arms_of(mask)
    if arms == 0:
        return "blank"
    if arms == 1:
        return "end"
    if arms == 3:
        return "tee"
    if arms == 4:
        return "cross"
    return "straight" if mask & 15 in (5, 10) else "elbow"


def _can_turn(mask: int) -> bool:
    """Return whether turning ``mask`` changes it (not blank and not a cross)."""
    return mask & 15 not in (0, 15)


def _cell_char(mask: int, role: str = "plain") -> str:
    """Return the code character of a piece: ``role`` is "plain", "source" or "drain"."""
    if role == "source":
        return SOURCE_CHARS[mask & 15]
    if role == "drain":
        return DRAIN_CHARS[mask & 15]
    return PLAIN_CHARS[mask & 15]


def _mask(value: object, what: str, name: str = "mask") -> int:
    """Return ``value`` if it is a mask, a whole number 0..15, else raise ValueError."""
    return require_int(value, what, name, 0, 15)


def opposite(side: int) -> int:
    """Return the side number facing ``side`` (0 = N, 1 = E, 2 = S, 3 = W)."""
    return _opposite(require_int(side, "opposite", "side", 0, 3))


def turn(mask: int, quarters: int = 1) -> int:
    """Return ``mask`` (0..15) turned ``quarters`` clockwise quarters (negative turns
    anticlockwise). Raises ValueError for a mask outside 0..15 or a quarters that is no int.
    """
    return _turn(_mask(mask, "turn"), require_int(quarters, "turn", "quarters"))


def rotations_of(mask: int) -> tuple[int, ...]:
    """Return the distinct facings of ``mask`` (its four turns), ascending."""
    return _rotations_of(_mask(mask, "rotations_of"))


def quarters_between(start: int, end: int) -> int | None:
    """Return the fewest clockwise quarters (0..3) turning ``start`` into ``end``, or None."""
    return _quarters_between(
        _mask(start, "quarters_between", "start"), _mask(end, "quarters_between", "end")
    )


def taps_between(start: int, end: int, both: bool = True) -> int | None:
    """Return the taps from ``start`` to ``end``: clockwise only, or either way when ``both``.

    None when ``end`` is not a facing of ``start``.
    """
    return _taps_between(
        _mask(start, "taps_between", "start"), _mask(end, "taps_between", "end"), both
    )


def arms_of(mask: int) -> int:
    """Return how many sides ``mask`` opens on (0..4)."""
    return _arms_of(_mask(mask, "arms_of"))


def shape_of(mask: int) -> str:
    """Return the shape name of ``mask``: blank, end, straight, elbow, tee or cross."""
    return _shape_of(_mask(mask, "shape_of"))


def can_turn(mask: int) -> bool:
    """Return whether turning ``mask`` changes it (not blank and not a cross)."""
    return _can_turn(_mask(mask, "can_turn"))


def cell_char(mask: int, role: str = "plain") -> str:
    """Return the code character of a piece: ``role`` is "plain", "source" or "drain"."""
    if role not in ROLES:
        raise ValueError(f"cell_char: role must be one of {', '.join(ROLES)}, not {role!r:.30}")
    return _cell_char(_mask(mask, "cell_char"), role)
