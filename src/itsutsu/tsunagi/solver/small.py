"""The formula of a board without bridges or portals, built from cached pieces.

A count's fixed cost on a small board is mostly writing the formula in Python, not the SAT
search (on the 7x7 corpus levels CaDiCaL spends a tenth of the call). Most of that formula
depends only on the board's *shape*: its side, wrap, hexagon, walls and blocked cells give
the edges, each cell's degree clauses (one set for a stone, one for any other cell), the
colour clauses of an edge between two cells that carry no known colour, and the short cycles.
:func:`small_problem` keeps those per shape (and per colour width) and, for each board, only
picks the pieces its stones and waypoints call for.

The result is the very formula :func:`itsutsu.tsunagi.solver.cnf.build_problem` writes with
binary colours: the same variables and the same clauses in the same order, so the SAT solver
makes the same search and a count gives the same answers, in the same order, with the same
work counters. Boards with bridges or portals (whose steps are not the neighbour table) are
left to :func:`~itsutsu.tsunagi.solver.cnf.build_problem`.
"""

from __future__ import annotations

from functools import lru_cache

from itsutsu.tsunagi.alphabet import CELL_BLOCKED
from itsutsu.tsunagi.layout import Layout
from itsutsu.tsunagi.neighbours import grid_neighbours
from itsutsu.tsunagi.portals import Edge as WallKey
from itsutsu.tsunagi.solver.cnf import (
    BINARY,
    Edge,
    SatProblem,
    _bits_for,
    _degree_clauses,
    _forbid_codes_from,
)

Clause = tuple[int, ...]


class _Shape:
    """What the formula of every board of one shape shares (built once per shape).

    ``degree[c]`` holds cell ``c``'s degree clauses as (for a stone, for any other cell), an
    entry ``None`` when that degree cannot be met. ``cycles`` lists the short-cycle clauses of
    the board with no stones, each with the cells it runs through. The dictionaries fill in
    as boards of the shape ask for pieces that depend on the colour width or a pair.
    """

    __slots__ = (
        "base",
        "colour_blocks",
        "cycles",
        "degree",
        "edge_ends",
        "edges",
        "forbid",
        "one_end",
        "standable",
        "touching",
        "units",
    )

    def __init__(
        self,
        standable: tuple[bool, ...],
        edges: tuple[Edge, ...],
        touching: tuple[tuple[tuple[int, int], ...], ...],
    ) -> None:
        self.standable = standable
        self.edges = edges
        self.touching = touching
        self.base = len(edges)
        self.edge_ends = tuple((edge.a, edge.b, edge.var) for edge in edges)
        degree: list[tuple[tuple[Clause, ...] | None, tuple[Clause, ...] | None] | None] = []
        for at, ok in enumerate(standable):
            if not ok:
                degree.append(None)
                continue
            lits = [var for var, _ in touching[at]]
            both: list[tuple[Clause, ...] | None] = []
            for need in (1, 2):
                out: list[Clause] = []
                both.append(tuple(out) if _degree_clauses(out, lits, need) else None)
            degree.append((both[0], both[1]))
        self.degree = tuple(degree)
        self.cycles = _cycles_with_cells(touching, standable)
        self.colour_blocks: dict[int, tuple[tuple[Clause, ...], ...]] = {}
        self.forbid: dict[tuple[int, int], tuple[tuple[Clause, ...], ...]] = {}
        self.units: dict[tuple[int, int, int], tuple[Clause, ...]] = {}
        self.one_end: dict[tuple[int, int, int, int], tuple[Clause, ...]] = {}

    def blocks(self, bits: int) -> tuple[tuple[Clause, ...], ...]:
        """Per edge, its colour clauses when neither end has a known colour."""
        found = self.colour_blocks.get(bits)
        if found is None:
            base = self.base
            out = []
            for a, b, e in self.edge_ends:
                x = base + a * bits + 1
                y = base + b * bits + 1
                block: list[Clause] = []
                for k in range(bits):
                    block.append((-e, -(x + k), y + k))
                    block.append((-e, x + k, -(y + k)))
                out.append(tuple(block))
            found = self.colour_blocks[bits] = tuple(out)
        return found

    def forbidden(self, bits: int, pairs: int) -> tuple[tuple[Clause, ...], ...]:
        """Per cell, the clauses forbidding the binary codes of no pair."""
        found = self.forbid.get((bits, pairs))
        if found is None:
            out = []
            for at in range(len(self.standable)):
                block: list[Clause] = []
                _forbid_codes_from(block, self.base + at * bits + 1, bits, pairs)
                out.append(tuple(block))
            found = self.forbid[(bits, pairs)] = tuple(out)
        return found

    def unit(self, bits: int, at: int, pair: int) -> tuple[Clause, ...]:
        """The unit clauses spelling ``pair`` at cell ``at``."""
        key = (bits, at, pair)
        found = self.units.get(key)
        if found is None:
            first = self.base + at * bits + 1
            found = self.units[key] = tuple(
                ((first + k,) if pair >> k & 1 else (-(first + k),)) for k in range(bits)
            )
        return found

    def spelt(self, bits: int, e: int, at: int, pair: int) -> tuple[Clause, ...]:
        """Edge ``e``'s clauses when its other end knows ``pair``: used, it spells ``pair``
        at cell ``at``."""
        key = (bits, e, at, pair)
        found = self.one_end.get(key)
        if found is None:
            y = self.base + at * bits + 1
            found = self.one_end[key] = tuple(
                ((-e, y + k) if pair >> k & 1 else (-e, -(y + k))) for k in range(bits)
            )
        return found


def _cycles_with_cells(
    touching: tuple[tuple[tuple[int, int], ...], ...], free: tuple[bool, ...]
) -> tuple[tuple[Clause, tuple[int, ...]], ...]:
    """The short-cycle clauses of ``build_problem`` for the board whose free cells are
    ``free``, in its order, each with the cells it passes. The clauses of a board with stones
    are those whose cells are all free, in the same order (every loop below only skips a
    cell for not being free)."""
    out: list[tuple[Clause, tuple[int, ...]]] = []
    for a, around in enumerate(touching):
        if not free[a]:
            continue
        for i, (e1, b) in enumerate(around):
            if b <= a or not free[b]:
                continue
            for e2, d in around[i + 1 :]:
                if d == b and e2 != e1:
                    out.append(((-e1, -e2), (a, b)))
                    continue
                if d <= a or not free[d]:
                    continue
                for e3, c in touching[b]:
                    if c == d:
                        out.append(((-e1, -e3, -e2), (a, b, d)))
                for e3, c in touching[b]:
                    if c == d or c <= a or not free[c]:
                        continue
                    for e4, x in touching[d]:
                        if x == c:
                            out.append(((-e1, -e3, -e4, -e2), (a, b, c, d)))
    return tuple(out)


@lru_cache(maxsize=128)
def _shape(
    size: int, wrap: bool, hexagon: bool, walls: frozenset[WallKey], blocked: tuple[int, ...]
) -> _Shape:
    """The shared pieces of every board of this shape (edges in ``build_problem``'s order)."""
    around = grid_neighbours(size, wrap, hexagon)
    closed = set(blocked)
    standable = tuple(at not in closed for at in range(size * size))
    seen: set[tuple[int, int]] = set()
    edges: list[Edge] = []
    touching: list[list[tuple[int, int]]] = [[] for _ in standable]
    for a, near in enumerate(around):
        if not standable[a]:
            continue
        for b in near:
            if b == a or not standable[b]:
                continue
            key = (a, b) if a < b else (b, a)
            if key in seen or (walls and key in walls):
                continue
            seen.add(key)
            var = len(edges) + 1
            edges.append(Edge(key[0], key[1], -1, -1, var))
            touching[a].append((var, b))
            touching[b].append((var, a))
    return _Shape(standable, tuple(edges), tuple(tuple(t) for t in touching))


def small_problem(layout: Layout) -> SatProblem | None:
    """``build_problem(layout, "binary")`` for a board without bridges or portals, from the
    pieces cached for its shape; ``None`` for a board with bridges or portals, or one whose
    formula is impossible (the caller builds those the ordinary way)."""
    if layout.bridges or layout.portal_pairs:
        return None
    cells = layout.cells
    blocked = tuple(at for at, v in enumerate(cells) if v == CELL_BLOCKED)
    shape = _shape(layout.size, layout.wrap, layout.hex, layout.walls, blocked)
    pairs = layout.pairs
    bits = _bits_for(pairs)
    standable = shape.standable
    clauses: list[Clause] = []
    degree = shape.degree
    for at, value in enumerate(cells):
        both = degree[at]
        if both is None:
            continue
        block = both[0] if value >= 0 else both[1]
        if block is None:
            return None
        clauses.extend(block)
    fixed = list(cells)
    for at, pair in layout.waypoints:
        fixed[at] = pair
    for at, pair in enumerate(fixed):
        if pair >= 0 and standable[at]:
            clauses.extend(shape.unit(bits, at, pair))
    if (1 << bits) > pairs:
        forbidden = shape.forbidden(bits, pairs)
        for at, ok in enumerate(standable):
            if ok and fixed[at] < 0:
                clauses.extend(forbidden[at])
    blocks = shape.blocks(bits)
    for index, (a, b, e) in enumerate(shape.edge_ends):
        fa, fb = fixed[a], fixed[b]
        if fa >= 0:
            if fb >= 0:
                if fa != fb:
                    clauses.append((-e,))
            else:
                clauses.extend(shape.spelt(bits, e, b, fa))
        elif fb >= 0:
            clauses.extend(shape.spelt(bits, e, a, fb))
        else:
            clauses.extend(blocks[index])
    for clause, through in shape.cycles:
        for at in through:
            if cells[at] >= 0:
                break
        else:
            clauses.append(clause)
    base = shape.base
    return SatProblem(
        layout,
        standable,
        shape.edges,
        shape.touching,
        tuple(clauses),
        base + len(cells) * bits,
        False,
        BINARY,
        base,
        bits,
    )
