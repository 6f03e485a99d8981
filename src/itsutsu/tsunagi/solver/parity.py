"""A chessboard-colouring refutation of Tsunagi boards, run before any search.

Colour the cells of a square board as a chessboard: cell ``(row, col)`` is *black* when
``row + col`` is even, *white* otherwise. On a board without hexagons, bridges or portals,
and with no wrap or a wrap of even side, every step joins a black cell to a white one
(a wrap of even side joins column ``size - 1`` to column 0, whose colours differ because
``size - 1`` is odd; the same for rows). Walls only take steps away and blocked cells only
take cells away, so the board's graph of open cells stays *bipartite* under this colouring.
Waypoints only narrow which fillings count, so they are ignored here.

**The condition.** An answer (every answer the solver counts, lines that run beside
themselves included) is a set of simple paths, one per pair, joining the pair's two stones,
that share no cell and together cover every open cell. Take a path of ``k`` cells from stone
``a`` to stone ``b``. Its colours alternate, so

* when ``a`` and ``b`` are both black, ``k`` is odd and the path holds one black cell more
  than white ones;
* when both are white, it holds one white cell more;
* when their colours differ, ``k`` is even and it holds as many of each.

Write ``d(p)`` for that surplus, +1, -1 or 0, read off the stones alone. The paths cover
each open cell exactly once, and each path stays inside one connected part ``C`` of the
open cells (its steps join neighbours), so summing over the pairs whose stones lie in ``C``:

    black(C) - white(C) = sum of d(p) over the pairs p of C.

That equation for every part is necessary for an answer to exist. So is that both stones of
each pair lie in one part (a path is connected) and that no part without stones holds open
cells (nothing could cover them). :func:`parity_refutes` checks exactly these, once over the
cells, and says "no answer" only when one fails: it never refutes a board that has an answer.
It is not sufficient (a board that passes may still have no answer), so a pass means "search".

Example: one pair in opposite corners of an empty ``n x n`` board with ``n`` even. The
corners ``0`` and ``n*n - 1`` have ``row + col`` equal to 0 and ``2n - 2``, both black, so
``d = +1``, while the board has as many black cells as white: ``0 != 1``, no answer.
"""

from __future__ import annotations

from itsutsu.tsunagi.alphabet import CELL_BLOCKED
from itsutsu.tsunagi.layout import Layout


def parity_applies(layout: Layout) -> bool:
    """Tell whether the chessboard colouring is proper on ``layout``'s steps: a square board
    (no hexagon), no wrap or a wrap of even side, no bridges and no portals."""
    if layout.hex or layout.bridges or layout.portal_pairs:
        return False
    return not layout.wrap or layout.size % 2 == 0


def parity_refutes(layout: Layout) -> bool:
    """Tell whether the chessboard colouring proves that ``layout`` has no answer.

    True only when the board is one the colouring applies to (:func:`parity_applies`) and, in
    some connected part of its open cells, the black cells minus the white ones differ from
    the pairs with both stones black minus those with both stones white, or a pair's stones
    lie in two parts, or a part holds no stone. Every such board has no answer; False says
    nothing. Costs one pass over the cells and their neighbours.
    """
    if not isinstance(layout, Layout):
        raise ValueError(
            f"parity_refutes needs a Tsunagi Layout (decode_layout), not {type(layout).__name__}"
        )
    return _refutes(layout)


def _refutes(layout: Layout) -> bool:
    """:func:`parity_refutes` without the argument check."""
    return parity_applies(layout) and _colouring_fails(layout)


def _colouring_fails(layout: Layout) -> bool:
    """The counting of :func:`parity_refutes`, whether or not the colouring is proper (the
    tests use it to show why hexagons, odd wraps, bridges and portals are left out)."""
    cells = layout.cells
    size = layout.size
    around = layout.neighbours
    part = [-1] * len(cells)
    surplus: list[int] = []  # per part: black minus white cells, less the stones' d(p)
    has_stone: list[bool] = []
    for start, value in enumerate(cells):
        if value == CELL_BLOCKED or part[start] >= 0:
            continue
        index = len(surplus)
        part[start] = index
        balance = 0
        stack = [start]
        while stack:
            at = stack.pop()
            balance += 1 if (at // size + at % size) % 2 == 0 else -1
            for other in around[at]:
                if part[other] < 0 and cells[other] != CELL_BLOCKED:
                    part[other] = index
                    stack.append(other)
        surplus.append(balance)
        has_stone.append(False)
    for a, b in layout.ends:
        if part[a] != part[b]:
            return True
        black_a = (a // size + a % size) % 2 == 0
        black_b = (b // size + b % size) % 2 == 0
        if black_a == black_b:
            surplus[part[a]] -= 1 if black_a else -1
        has_stone[part[a]] = True
    return any(surplus) or not all(has_stone)
