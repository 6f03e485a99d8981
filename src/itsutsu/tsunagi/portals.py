"""Portal geometry: where a line comes out, and which portal sets are ambiguous.

A line that steps into one portal cell comes out of its partner moving the same way and lands
in the cell beyond. These functions take the board's parts rather than a layout so that the
decoder can use them before the layout exists.
"""

from __future__ import annotations

from collections.abc import Sequence

from itsutsu.common.guards import require_int
from itsutsu.tsunagi.neighbours import _step_between, _wrapped_step, are_neighbours, grid_neighbours

Edge = tuple[int, int]


def edge_key(a: int, b: int) -> Edge:
    """Return the key of the edge between ``a`` and ``b``: the two cells, smaller first."""
    require_int(a, "edge_key", "a")
    require_int(b, "edge_key", "b")
    return (a, b) if a < b else (b, a)


def _edge(a: int, b: int) -> Edge:
    """:func:`edge_key` for cells already checked (used in loops)."""
    return (a, b) if a < b else (b, a)


def exit_of(
    size: int,
    wrap: bool,
    walls: frozenset[Edge],
    partner: Sequence[int],
    source: int,
    into: int,
) -> int:
    """Return the cell a line from ``source`` lands in after entering portal ``into``, or -1.

    The test is purely geometric: what the landing cell holds is the caller's business, and so
    is a wall between ``source`` and ``into``.
    """
    other = partner[into] if 0 <= into < len(partner) else -1
    by = _step_between(size, source, into, wrap)
    if other < 0 or by == 0:
        return -1
    if wrap:
        out = _wrapped_step(size, other, by)
    else:
        out = other + by
        if not 0 <= out < size * size:
            return -1
        if by in (1, -1) and out // size != other // size:
            return -1
    if _edge(other, out) in walls:
        return -1
    return out


def ambiguous(
    size: int,
    wrap: bool,
    walls: frozenset[Edge],
    partner: Sequence[int],
    order: Sequence[int],
) -> bool:
    """Tell whether portals give some passage twice or land beside where they start.

    ``order`` lists the portal cells in map order. A passage that comes out where it went in,
    or beside it, is ambiguous, and so is a pair of cells joined by more than one passage.
    """
    counts: dict[Edge, int] = {}
    around = grid_neighbours(size, wrap, False)
    for into in order:
        for source in around[into]:
            out = exit_of(size, wrap, walls, partner, source, into)
            if out < 0:
                continue
            if out == source or are_neighbours(size, source, out, wrap):
                return True
            key = _edge(source, out)
            counts[key] = counts.get(key, 0) + 1
            if counts[key] > 2:
                return True
    return False
