"""Board geometry from the side alone: square, wrapping and hexagon neighbours and steps.

These functions know nothing of a layout's contents; :mod:`itsutsu.tsunagi.board` builds the
layout's own tables (walls, bridges, portals) on top of them. Neighbour order matters: it is
the order every table, search and drawing walks.
"""

from __future__ import annotations

from functools import lru_cache

from itsutsu.common.guards import require_int


def _wrapped_step(size: int, at: int, by: int) -> int:
    """Return the cell one step ``by`` (±1 or ±size) from ``at`` on a wrapping board.

    The row or column moves modulo ``size``; any other ``by`` is treated as a step up.
    """
    row, col = divmod(at, size)
    if by == 1:
        return row * size + (col + 1) % size
    if by == -1:
        return row * size + (col - 1) % size
    if by == size:
        return ((row + 1) % size) * size + col
    return ((row - 1) % size) * size + col


def plain_step(size: int, at: int, by: int) -> int:
    """Return the cell one plain step ``by`` from ``at``, or -1 when it leaves the board."""
    if by in (1, -1):
        col = at % size + by
        return at + by if 0 <= col < size else -1
    to = at + by
    return to if 0 <= to < size * size else -1


_MOST_TABLE_SIDE = 1024
"""The largest side a neighbour table is built for (about a million cells)."""


def _side(size: object, what: str) -> int:
    """Return ``size`` if it is a board side (a whole number from 1 up), else raise ValueError."""
    return require_int(size, what, "size", 1)


def hex_radius(size: int) -> int:
    """Return the radius of the hexagon drawn in a square of side ``size``."""
    _side(size, "hex_radius")
    return size // 2


def _in_hex(size: int, at: int) -> bool:
    """Tell whether cell ``at`` lies on the hexagon of a board of side ``size``."""
    radius = size // 2
    row, col = divmod(at, size)
    x, z = col - radius, row - radius
    return max(abs(x), abs(z), abs(x + z)) <= radius


_SQUARE_MOVES = ((-1, 0), (0, 1), (1, 0), (0, -1))
_HEX_MOVES = ((-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1))


def _moves_table(size: int, moves: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    """Each cell's neighbours one (row, column) move away, in ``moves`` order, on the board."""
    table = []
    for at in range(size * size):
        row, col = divmod(at, size)
        table.append(
            tuple(
                (row + dr) * size + col + dc
                for dr, dc in moves
                if 0 <= row + dr < size and 0 <= col + dc < size
            )
        )
    return tuple(table)


@lru_cache(maxsize=256)
def _square_neighbours(size: int) -> tuple[tuple[int, ...], ...]:
    """Return each cell's neighbours on a plain square board: up, right, down, left."""
    return _moves_table(size, _SQUARE_MOVES)


@lru_cache(maxsize=256)
def _wrap_neighbours(size: int) -> tuple[tuple[int, ...], ...]:
    """Return each cell's neighbours on a wrapping board (duplicates and the cell dropped)."""
    table = []
    for at in range(size * size):
        out: list[int] = []
        for by in (-size, 1, size, -1):
            to = _wrapped_step(size, at, by)
            if to != at and to not in out:
                out.append(to)
        table.append(tuple(out))
    return tuple(table)


@lru_cache(maxsize=256)
def _hex_neighbours(size: int) -> tuple[tuple[int, ...], ...]:
    """Return each cell's neighbours on a hexagon board.

    The order is up, up-right, right, down, down-left, left: each row of the drawing slides
    half a cell, so the two diagonal neighbours are up-right and down-left.
    """
    return _moves_table(size, _HEX_MOVES)


def grid_neighbours(size: int, wrap: bool, hexagon: bool) -> tuple[tuple[int, ...], ...]:
    """Return the neighbour table of a board's shape, before walls are applied."""
    if hexagon:
        return _hex_neighbours(size)
    return _wrap_neighbours(size) if wrap else _square_neighbours(size)


def _step_between(size: int, a: int, b: int, wrap: bool, hexagon: bool = False) -> int:
    """Return the step from ``a`` to its neighbour ``b`` (such as +1 or -size), or 0.

    On a hexagon board it is ``b - a`` when ``b`` is a hex neighbour. Otherwise the steps +1,
    -1, +size, -size are tried in that order, plainly and (when wrapping) across the join, so
    a step right across the join is +1.
    """
    if hexagon:
        return b - a if 0 <= a < size * size and b in _hex_neighbours(size)[a] else 0
    for by in (1, -1, size, -size):
        if plain_step(size, a, by) == b:
            return by
        if wrap and _wrapped_step(size, a, by) == b:
            return by
    return 0


def are_neighbours(size: int, a: int, b: int, wrap: bool) -> bool:
    """Tell whether ``a`` and ``b`` are orthogonal neighbours (across the join when wrapping)."""
    return a != b and b in grid_neighbours(size, wrap, False)[a]


def wrapped_step(size: int, at: int, by: int) -> int:
    """Return the cell one step ``by`` (±1 or ±size) from ``at`` on a wrapping board.

    The row or column moves modulo ``size``; any other ``by`` is treated as a step up.
    """
    _side(size, "wrapped_step")
    require_int(at, "wrapped_step", "at")
    require_int(by, "wrapped_step", "by")
    return _wrapped_step(size, at, by)


def in_hex(size: int, at: int) -> bool:
    """Tell whether cell ``at`` lies on the hexagon of a board of side ``size``."""
    _side(size, "in_hex")
    require_int(at, "in_hex", "at")
    return _in_hex(size, at)


def step_between(size: int, a: int, b: int, wrap: bool, hexagon: bool = False) -> int:
    """Return the step from ``a`` to its neighbour ``b`` (such as +1 or -size), or 0.

    See :func:`_step_between`; raises ValueError unless the side and cells are whole numbers.
    """
    _side(size, "step_between")
    require_int(a, "step_between", "a")
    require_int(b, "step_between", "b")
    return _step_between(size, a, b, wrap, hexagon)


def square_neighbours(size: int) -> tuple[tuple[int, ...], ...]:
    """Return each cell's neighbours on a plain square board: up, right, down, left."""
    return _square_neighbours(require_int(size, "square_neighbours", "size", 1, _MOST_TABLE_SIDE))


def wrap_neighbours(size: int) -> tuple[tuple[int, ...], ...]:
    """Return each cell's neighbours on a wrapping board (duplicates and the cell dropped)."""
    return _wrap_neighbours(require_int(size, "wrap_neighbours", "size", 1, _MOST_TABLE_SIDE))


def hex_neighbours(size: int) -> tuple[tuple[int, ...], ...]:
    """Return each cell's neighbours on a hexagon board (see :func:`_hex_neighbours`)."""
    return _hex_neighbours(require_int(size, "hex_neighbours", "size", 1, _MOST_TABLE_SIDE))
