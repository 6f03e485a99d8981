"""A line's path through the drawing: the points of each unbroken piece of it.

A line runs through its cells' centres. It breaks in two places: at a portal, where it stops
just inside the ring it enters and starts again just inside its twin (``PORTAL_STUB``), and on
a wrapping board where it crosses the join, leaving by one edge and entering by the other.
"""

from __future__ import annotations

import math

from itsutsu.tsunagi.drawing.geometry import CELL, PORTAL_STUB, Geometry
from itsutsu.tsunagi.layout import Layout
from itsutsu.tsunagi.neighbours import _step_between

Point = tuple[float, float]
Piece = tuple[Point, ...]


def check_lines(layout: Layout, lines: object) -> tuple[tuple[int, ...], ...]:
    """Return ``lines`` as tuples after checking them against ``layout``, or raise ``ValueError``.

    There must be one line per pair; each cell on the board; each step between neighbours (a
    bridge counted as a cell) or through a portal to its twin.
    """
    if isinstance(lines, str | bytes) or not isinstance(lines, tuple | list):
        raise ValueError("lines must be one list of cells per pair")
    if len(lines) != layout.pairs:
        raise ValueError(f"lines has {len(lines)} lines but the board has {layout.pairs} pairs")
    count = layout.size * layout.size
    out = []
    for pair, line in enumerate(lines):
        cells = tuple(line)
        for at, cell in enumerate(cells):
            if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < count:
                raise ValueError(f"line {pair} has {cell!r}, which is not a cell of the board")
            if at == 0:
                continue
            previous = cells[at - 1]
            if layout.partner[previous] == cell:
                continue
            if _step_between(layout.size, previous, cell, layout.wrap, layout.hex) == 0:
                raise ValueError(
                    f"line {pair} steps from cell {previous} to {cell}, which are not neighbours"
                )
        out.append(cells)
    return tuple(out)


def _direction(layout: Layout, geo: Geometry, a: int, b: int) -> tuple[Point, bool]:
    """Return the unit step from cell a to neighbour b, and whether it crosses the wrap join."""
    (ax, ay), (bx, by) = geo.centres[a], geo.centres[b]
    if layout.hex:
        length = math.hypot(bx - ax, by - ay) or 1.0
        return ((bx - ax) / length, (by - ay) / length), False
    size = layout.size
    by_step = _step_between(size, a, b, layout.wrap, False)
    vector = {1: (1.0, 0.0), -1: (-1.0, 0.0), size: (0.0, 1.0), -size: (0.0, -1.0)}.get(
        by_step, (0.0, 0.0)
    )
    joined = abs(bx - ax) + abs(by - ay) > 1.5 * CELL
    return vector, joined


def line_pieces(layout: Layout, geo: Geometry, line: tuple[int, ...]) -> tuple[Piece, ...]:
    """Return the unbroken pieces of ``line`` as points (a one-cell line is one point, twice)."""
    if not line:
        return ()
    stub = PORTAL_STUB * CELL
    half = CELL / 2
    pieces: list[Piece] = []
    current: list[Point] = [geo.centres[line[0]]]
    heading: Point = (0.0, 0.0)
    for at in range(1, len(line)):
        a, b = line[at - 1], line[at]
        bx, by = geo.centres[b]
        if layout.partner[a] == b:
            pieces.append(tuple(current))
            current = [(bx + heading[0] * stub, by + heading[1] * stub)]
            continue
        heading, joined = _direction(layout, geo, a, b)
        if joined:
            ax, ay = geo.centres[a]
            current.append((ax + heading[0] * half, ay + heading[1] * half))
            pieces.append(tuple(current))
            current = [(bx - heading[0] * half, by - heading[1] * half)]
        if layout.partner[b] >= 0:  # a plain step onto a portal: the line enters it
            current.append((bx - heading[0] * stub, by - heading[1] * stub))
        else:
            current.append((bx, by))
    pieces.append(tuple(current))
    return tuple(piece if len(piece) > 1 else piece * 2 for piece in pieces)
