"""A board restated for the solver: each cell's starting domain, its neighbours and its square.

Every kind is put in one form. A cell's domain is the set of masks it may end with; the rules
are then the same everywhere:

* across every edge the two cells agree: one opens toward the other exactly when the other opens
  back (the rim, a wall and blank ground open on nothing);
* every cell whose domain lacks mask 0 must be wet: reached from a pump through open edges.

On a network every non-blank piece must be wet, so its domain is its facings. On a drains or
inlet-outlet board a piece may stay dry: mask 0 joins its domain and means "dry" (a dry spare may
face anything, so all its facings are one answer). Pumps and drains must be wet; on inlet-outlet
boards wet pieces have at most two arms. A 2x2 square (big piece or turning block) adds one rule:
its four cells take one of the square's facings together.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from itsutsu.suido.board import _neighbours_of
from itsutsu.suido.code import Layout
from itsutsu.suido.pieces import _opposite
from itsutsu.suido.solver.tables import ARMS_AT_MOST_TWO, OPENS, SHUTS, TURNS_DOMAIN, domain_of
from itsutsu.suido.squares import _block_facings, _block_info

SQUARES_NEED_NETWORK = "Only a network can have big pieces or blocks that turn."
"""The refusal for squares on a drains or inlet-outlet board."""


@dataclass(frozen=True)
class Square:
    """A 2x2 square for the solver: its cells (TL, TR, BR, BL) and its facings that agree inside."""

    cells: tuple[int, int, int, int]
    facings: tuple[tuple[int, int, int, int], ...]


@dataclass(frozen=True)
class Problem:
    """The board as the solver sees it (see the module docstring)."""

    size: int
    network: bool
    given: tuple[int, ...]
    domains: tuple[int, ...]
    links: tuple[tuple[tuple[int, int], ...], ...]
    """Per cell, ``(side number, neighbour)`` for every side that has a neighbour."""
    sources: tuple[int, ...]
    square_of: tuple[int, ...]
    squares: tuple[Square, ...]
    steps: tuple[tuple[tuple[int, int, int, int], ...], ...] = ()
    """Per cell, ``(side bit, neighbour, domain open back, domain shut back)`` per linked side."""
    near: tuple[int, ...] = ()
    """The neighbour table: ``near[cell * 4 + side]`` is the cell across ``side``, or -1."""
    rim: tuple[int, ...] = ()
    """Per cell, the domain of masks shut on every side without a neighbour."""


def _agrees_inside(cells: tuple[int, ...], masks: tuple[int, ...], near: tuple[int, ...]) -> bool:
    """True if, wherever two cells of a square touch, both open toward each other or neither."""
    for i, cell in enumerate(cells):
        for side in range(4):
            other = near[cell * 4 + side]
            if other in cells:
                j = cells.index(other)
                if bool(masks[i] >> side & 1) != bool(masks[j] >> _opposite(side) & 1):
                    return False
    return True


Step = tuple[int, int, int, int]
"""One side of a cell for the search: (side bit, neighbour, domain open back, domain shut back)."""

_OPEN_BACK = tuple(OPENS[_opposite(side)] for side in range(4))
_SHUT_BACK = tuple(SHUTS[_opposite(side)] for side in range(4))


@dataclass(frozen=True)
class _Geometry:
    """What a board's shape and walls fix for the solver, shared by every board of that shape."""

    links: tuple[tuple[tuple[int, int], ...], ...]
    steps: tuple[tuple[Step, ...], ...]
    rim: tuple[int, ...]
    """Per cell, the domain of masks shut on every side without a neighbour."""


@lru_cache(maxsize=256)
def _geometry(near: tuple[int, ...]) -> _Geometry:
    """The links, search steps and rim domains of a neighbour table (cached per table)."""
    links = []
    steps = []
    rim = []
    for cell in range(len(near) // 4):
        pairs = []
        allowed = (1 << 16) - 1
        for side in range(4):
            other = near[cell * 4 + side]
            if other < 0:
                allowed &= SHUTS[side]
            else:
                pairs.append((side, other))
        links.append(tuple(pairs))
        steps.append(
            tuple((1 << side, other, _OPEN_BACK[side], _SHUT_BACK[side]) for side, other in pairs)
        )
        rim.append(allowed)
    return _Geometry(links=tuple(links), steps=tuple(steps), rim=tuple(rim))


def problem_of(layout: Layout) -> Problem:
    """Restate ``layout`` for the solver; raise ``ValueError`` for squares off a network."""
    has_squares = bool(layout.bigs) or bool(layout.blocks)
    network = layout.kind == "network"
    if has_squares and not network:
        raise ValueError(SQUARES_NEED_NETWORK)
    size = layout.width * layout.height
    near = _neighbours_of(layout)
    shape = _geometry(near)
    rim = shape.rim
    given = layout.cells
    turns = TURNS_DOMAIN
    domains: list[int]
    if network:
        domains = [turns[mask] & rim[cell] if mask else 1 for cell, mask in enumerate(given)]
        for cell in layout.locked or ():
            if given[cell]:
                domains[cell] = (1 << given[cell]) & rim[cell]
    else:
        locked = set(layout.locked or ())
        seeds = set(layout.sources) | set(layout.drains)
        narrow = ARMS_AT_MOST_TWO if layout.kind == "inlet-outlet" else (1 << 16) - 1
        domains = []
        for cell, mask in enumerate(given):
            if mask == 0:
                domains.append(1)
                continue
            domain = (1 << mask) if cell in locked else turns[mask]
            domain &= narrow
            if cell not in seeds:
                domain |= 1
            domains.append(domain & rim[cell])
    square_of = [-1] * size
    squares: list[Square] = []
    if has_squares:
        for block in _block_info(layout).blocks:
            cells = block.cells
            facings = tuple(
                facing
                for facing in _block_facings(given, block)
                if _agrees_inside(cells, facing, near)
            )
            for i, cell in enumerate(cells):
                square_of[cell] = len(squares)
                domains[cell] = domain_of([facing[i] for facing in facings]) & rim[cell]
            squares.append(Square(cells=cells, facings=facings))
    return Problem(
        size=size,
        network=network,
        given=given,
        domains=tuple(domains),
        links=shape.links,
        sources=tuple(layout.sources),
        square_of=tuple(square_of),
        squares=tuple(squares),
        steps=shape.steps,
        near=near,
        rim=rim,
    )
