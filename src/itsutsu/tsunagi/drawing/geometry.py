"""Where things sit in a Tsunagi drawing: the box, each cell's centre, and the cell at a point.

A square board is ``size`` cells of :data:`CELL` units inside a :data:`FRAME`, with room for
coordinates on the top and left when asked, and on a wrapping board a band of ghosts (half a
cell) all round. A hexagon board is a honeycomb of pointy-topped cells, each row slid half a
cell, centred in the same square box a square board of that size would have.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from itsutsu.common.guards import require_number
from itsutsu.tsunagi.layout import Layout
from itsutsu.tsunagi.neighbours import _in_hex, hex_radius

CELL = 100
"""The side of one cell (and the width of one hexagon, flat side to flat side)."""
FRAME = 14
"""The margin of frame around the board."""
COORDINATE_ROOM = 34
"""The room on the top and left for column letters and row numbers."""
HEX_RADIUS = 0.5 / (math.sqrt(3) / 2)
"""A hexagon's corner radius in cells (its flat sides are half a cell from the centre)."""
PORTAL_STUB = 0.3
"""How far from a portal's centre (in cells) a line stops as it enters and starts as it leaves."""
GHOST_BAND = 0.5
"""The width (in cells) of the band of ghosts round a wrapping board."""
MARBLE_RADIUS = 37
"""A marble's radius."""
BEAD_RADIUS = 28
"""A bead's radius (a line's cell when beads are drawn)."""
WAYPOINT_RADIUS = 29
"""A waypoint ring's radius."""
PORTAL_RADIUS = 40
"""A portal ring's radius."""


@dataclass(frozen=True)
class Geometry:
    """The measured layout of one drawing.

    ``box`` is the side of the square viewBox; ``x0``/``y0`` the top-left corner of the cell
    grid (a hexagon board's centres are placed inside the same square); ``ghost`` the width of
    the wrap band (0 when none); ``room`` the coordinate room (0 when none); ``centres`` the
    centre of every cell, in cell order (cells off a hexagon included, though never drawn).
    """

    size: int
    box: float
    x0: float
    y0: float
    ghost: float
    room: float
    wrap: bool
    hex: bool
    centres: tuple[tuple[float, float], ...]

    @property
    def span(self) -> float:
        """The side of the board itself (``size`` cells)."""
        return self.size * CELL


def geometry(layout: Layout, coordinates: bool = False, ghosts: bool = True) -> Geometry:
    """Measure the drawing of ``layout``: with coordinates (square, not wrapping boards only)
    and, on a wrapping board, with the band of ghosts unless ``ghosts`` is false."""
    if not isinstance(layout, Layout):
        raise ValueError(f"geometry needs a Layout, not {type(layout).__name__}")
    return _measured(layout, bool(coordinates), bool(ghosts))


@functools.lru_cache(maxsize=64)
def _measured(layout: Layout, coordinates: bool, ghosts: bool) -> Geometry:
    """The geometry of one board, kept: a page redrawing a pair per finger move measures the
    board once, not on every move (a 30 x 30 board's 900 centres took most of a pair's time)."""
    size = layout.size
    ghost = GHOST_BAND * CELL if layout.wrap and ghosts else 0.0
    room = float(COORDINATE_ROOM) if coordinates and not layout.wrap and not layout.hex else 0.0
    x0 = y0 = FRAME + ghost + room
    box = size * CELL + 2 * (FRAME + ghost) + room
    centres: list[tuple[float, float]] = []
    if layout.hex:
        radius = hex_radius(size)
        middle = FRAME + size * CELL / 2
        rise = CELL * math.sqrt(3) / 2
        for at in range(size * size):
            row, col = divmod(at, size)
            x = middle + CELL * ((col - radius) + (row - radius) / 2)
            centres.append((x, middle + (row - radius) * rise))
    else:
        for at in range(size * size):
            row, col = divmod(at, size)
            centres.append((x0 + (col + 0.5) * CELL, y0 + (row + 0.5) * CELL))
    return Geometry(size, box, x0, y0, ghost, room, layout.wrap, layout.hex, tuple(centres))


def cell_at_point(geometry: Geometry, x: float, y: float) -> int:
    """Return the cell under the point (x, y) of the drawing, or -1 when it is on no cell.

    On a hexagon board the nearest cell centre wins, within a hexagon's corner radius. On a
    wrapping board a point on the band of ghosts gives the cell that ghost shows (the far edge),
    so a finger dragged off one edge arrives at the other.
    """
    if not isinstance(geometry, Geometry):
        raise ValueError(
            f"cell_at_point needs a Geometry (from geometry), not {type(geometry).__name__}"
        )
    x = require_number(x, "cell_at_point", "x")
    y = require_number(y, "cell_at_point", "y")
    size = geometry.size
    if geometry.hex:
        best, best_distance = -1, (HEX_RADIUS * CELL) ** 2
        for at, (cx, cy) in enumerate(geometry.centres):
            distance = (cx - x) ** 2 + (cy - y) ** 2
            if distance <= best_distance and _in_hex(size, at):
                best, best_distance = at, distance
        return best
    left, top = x - geometry.x0, y - geometry.y0
    reach = geometry.ghost if geometry.wrap else 0.0
    span = geometry.span
    if not (-reach <= left < span + reach and -reach <= top < span + reach):
        return -1
    col, row = math.floor(left / CELL), math.floor(top / CELL)
    if geometry.wrap:
        col, row = col % size, row % size
    if not (0 <= col < size and 0 <= row < size):
        return -1
    return row * size + col


def hex_corners(cx: float, cy: float, scale: float = 1.0) -> list[tuple[float, float]]:
    """Return the six corners of the hexagon centred on (cx, cy): top first, then clockwise."""
    r = HEX_RADIUS * CELL * scale
    out = []
    for k in range(6):
        angle = math.radians(-90 + 60 * k)
        out.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return out
