"""The Suido board's geometry: which cell lies across each side, and edge numbers."""

from __future__ import annotations

from functools import lru_cache

from itsutsu.common.guards import require_int
from itsutsu.suido.code import Layout, require_layout
from itsutsu.suido.pieces import SIDE_STEPS


def _open_neighbours(width: int, height: int, wrap: bool) -> list[int]:
    """Return the neighbour table of a board without walls."""
    near = [-1] * (width * height * 4)
    for cell in range(width * height):
        x, y = cell % width, cell // width
        for side, (dx, dy) in enumerate(SIDE_STEPS):
            nx, ny = x + dx, y + dy
            if wrap:
                nx %= width
                ny %= height
            elif not (0 <= nx < width and 0 <= ny < height):
                continue
            near[cell * 4 + side] = ny * width + nx
    return near


def neighbours_of(layout: Layout) -> tuple[int, ...]:
    """Return ``near`` with ``near[cell * 4 + side]`` the cell across ``side`` of ``cell``, or -1.

    -1 means the rim of a board that does not wrap, or a wall (walls act exactly like the
    rim). On a wrapping board the edges join across the seam. Cached per layout.
    """
    return _neighbours_of(require_layout(layout, "neighbours_of"))


@lru_cache(maxsize=512)
def _neighbours_of(layout: Layout) -> tuple[int, ...]:
    """:func:`neighbours_of` for a layout already checked (cached per layout)."""
    plain = _plain_neighbours(layout.width, layout.height, layout.wrap)
    if not layout.walls:
        return plain
    near = list(plain)
    for edge in layout.walls:
        cell = edge >> 1
        side = 1 if edge % 2 == 0 else 2
        other = near[cell * 4 + side]
        near[cell * 4 + side] = -1
        if other >= 0:
            near[other * 4 + ((side + 2) & 3)] = -1
    return tuple(near)


@lru_cache(maxsize=64)
def _plain_neighbours(width: int, height: int, wrap: bool) -> tuple[int, ...]:
    """Return the wall-free neighbour table of a board shape (cached)."""
    return tuple(_open_neighbours(width, height, wrap))


def edge_of(layout: Layout, cell: int, side: int) -> int:
    """Return the edge number of ``side`` (0 = N, 1 = E, 2 = S, 3 = W) of ``cell``, or -1.

    East is ``2 * cell``, south ``2 * cell + 1``; west and north are the east or south edge of
    the neighbour across (across the seam on a wrapping board). -1 when there is no such
    neighbour (the rim of a board that does not wrap). Walls do not matter here. Raises
    ValueError for a cell or side that is not on the board.
    """
    require_layout(layout, "edge_of")
    require_int(cell, "edge_of", "cell")
    require_int(side, "edge_of", "side")
    if not (0 <= cell < layout.width * layout.height and 0 <= side <= 3):
        raise ValueError(f"no side {side} of cell {cell} on a {layout.width}x{layout.height} board")
    return _edge_of(layout, cell, side)


def _edge_of(layout: Layout, cell: int, side: int) -> int:
    """:func:`edge_of` for arguments already checked."""
    if side == 1:
        return 2 * cell
    if side == 2:
        return 2 * cell + 1
    near = _plain_neighbours(layout.width, layout.height, layout.wrap)
    other = near[cell * 4 + side]
    if other < 0:
        return -1
    return 2 * other if side == 3 else 2 * other + 1
