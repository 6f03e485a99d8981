"""Board geometry from the side alone: square, wrapping and hexagon neighbours and steps.

These functions know nothing of a layout's contents; :mod:`itsutsu.tsunagi.board` builds the
layout's own tables (walls, bridges, portals) on top of them. Neighbour order matters: it is
the order every table, search and drawing walks (spec 2.1).
"""

from __future__ import annotations

from functools import lru_cache


def wrapped_step(size: int, at: int, by: int) -> int:
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


def hex_radius(size: int) -> int:
    """Return the radius of the hexagon drawn in a square of side ``size``."""
    return size // 2


def in_hex(size: int, at: int) -> bool:
    """Tell whether cell ``at`` lies on the hexagon of a board of side ``size``."""
    radius = hex_radius(size)
    row, col = divmod(at, size)
    x, z = col - radius, row - radius
    return max(abs(x), abs(z), abs(x + z)) <= radius


@lru_cache(maxsize=256)
def square_neighbours(size: int) -> tuple[tuple[int, ...], ...]:
    """Return each cell's neighbours on a plain square board: up, right, down, left."""
    table = []
    for at in range(size * size):
        row, col = divmod(at, size)
        out = []
        if row > 0:
            out.append(at - size)
        if col < size - 1:
            out.append(at + 1)
        if row < size - 1:
            out.append(at + size)
        if col > 0:
            out.append(at - 1)
        table.append(tuple(out))
    return tuple(table)


@lru_cache(maxsize=256)
def wrap_neighbours(size: int) -> tuple[tuple[int, ...], ...]:
    """Return each cell's neighbours on a wrapping board (duplicates and the cell dropped)."""
    table = []
    for at in range(size * size):
        out: list[int] = []
        for by in (-size, 1, size, -1):
            to = wrapped_step(size, at, by)
            if to != at and to not in out:
                out.append(to)
        table.append(tuple(out))
    return tuple(table)


@lru_cache(maxsize=256)
def hex_neighbours(size: int) -> tuple[tuple[int, ...], ...]:
    """Return each cell's neighbours on a hexagon board.

    The order is up, up-right, right, down, down-left, left: each row of the drawing slides
    half a cell, so the two diagonal neighbours are up-right and down-left.
    """
    table = []
    for at in range(size * size):
        row, col = divmod(at, size)
        out = []
        if row > 0:
            out.append(at - size)
            if col < size - 1:
                out.append(at - size + 1)
        if col < size - 1:
            out.append(at + 1)
        if row < size - 1:
            out.append(at + size)
            if col > 0:
                out.append(at + size - 1)
        if col > 0:
            out.append(at - 1)
        table.append(tuple(out))
    return tuple(table)


def grid_neighbours(size: int, wrap: bool, hexagon: bool) -> tuple[tuple[int, ...], ...]:
    """Return the neighbour table of a board's shape, before walls are applied."""
    if hexagon:
        return hex_neighbours(size)
    return wrap_neighbours(size) if wrap else square_neighbours(size)


def step_between(size: int, a: int, b: int, wrap: bool, hexagon: bool = False) -> int:
    """Return the step from ``a`` to its neighbour ``b`` (such as +1 or -size), or 0.

    On a hexagon board it is ``b - a`` when ``b`` is a hex neighbour. Otherwise the steps +1,
    -1, +size, -size are tried in that order, plainly and (when wrapping) across the join, so
    a step right across the join is +1.
    """
    if hexagon:
        return b - a if 0 <= a < size * size and b in hex_neighbours(size)[a] else 0
    for by in (1, -1, size, -size):
        if plain_step(size, a, by) == b:
            return by
        if wrap and wrapped_step(size, a, by) == b:
            return by
    return 0


def are_neighbours(size: int, a: int, b: int, wrap: bool) -> bool:
    """Tell whether ``a`` and ``b`` are orthogonal neighbours (across the join when wrapping)."""
    return a != b and b in grid_neighbours(size, wrap, False)[a]
