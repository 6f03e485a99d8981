"""Cheaper counts of small boards: a formula built from cached pieces, and a search without SAT.

A count's fixed cost on a small board is mostly Python work around the SAT search (on the
7x7 corpus levels CaDiCaL's own search is a tenth of the call), and a generator of small
boards counts thousands of times. Two ways to cut it:

* :func:`small_problem`: most of the formula depends only on the board's *shape* (side,
  wrap, hexagon): its edges, each cell's degree clauses (one set for a stone, one for any
  other cell), the colour clauses of an edge between two cells of unknown colour, and the
  short cycles. They are kept per shape (and colour width), and each board only picks the
  pieces its stones and waypoints call for. The result is the very formula
  :func:`itsutsu.tsunagi.solver.cnf.build_problem` writes with binary colours (the same
  variables and clauses in the same order), so the SAT count makes the same search and
  gives the same answers in the same order, with the same work counters.
* :func:`small_count`: boards of up to 6x6 without bridges or portals are counted by a
  search of their own, which beats writing any formula there; it hands over to SAT when it
  runs long.
"""

from __future__ import annotations

from functools import lru_cache

from itsutsu.tsunagi.alphabet import CELL_BLOCKED, LETTER_INDEX
from itsutsu.tsunagi.answer import _encode_answer
from itsutsu.tsunagi.layout import Layout
from itsutsu.tsunagi.neighbours import _in_hex, grid_neighbours
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


@lru_cache(maxsize=32)
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


@lru_cache(maxsize=64)
def _rim(size: int, hexagon: bool) -> tuple[int, ...]:
    """The cells every board of this shape has blocked: those outside a hexagon, or none."""
    return tuple(at for at in range(size * size) if not _in_hex(size, at)) if hexagon else ()


def small_problem(layout: Layout) -> SatProblem | None:
    """``build_problem(layout, "binary")`` for a board with no bridges, portals, walls or
    blocked cells (beyond a hexagon's rim), from the pieces cached for its shape: there are
    few such shapes, so they stay cached. ``None`` for any other board, or one whose formula
    is impossible (the caller builds those the ordinary way: a shape seen once would cost
    more to cache than to write)."""
    if layout.bridges or layout.portal_pairs or layout.walls:
        return None
    cells = layout.cells
    blocked = tuple(at for at, v in enumerate(cells) if v == CELL_BLOCKED)
    if blocked != _rim(layout.size, layout.hex):
        return None
    shape = _shape(layout.size, layout.wrap, layout.hex, frozenset(), blocked)
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


# ---------------------------------------------------------------- the search without SAT

SEARCH_MOST_CELLS = 36
"""The largest board (in cells) :func:`small_count` searches itself: 6x6 and below. On the
corpus's 7x7 levels the search's median is slower than the SAT count's (1.0 against 0.7 ms):
the sparse ones need thousands of moves."""
SEARCH_MOST_NODES = 200
"""The most moves :func:`small_count` tries before it leaves the count to the SAT solver
(about 1 ms of search; the 5x5 and 6x6 corpus levels need a median of 23 and 49)."""
SEARCH_MIN_BUDGET = 1000
"""The smallest conflict budget under which a count still uses the search: a count with a
smaller budget is the SAT count, so it gives up exactly where it always did. No corpus level
of 6x6 or less needs more than 53 conflicts (nor any of 3,000 random small boards more than
29), so above this budget the SAT count would not have given up either."""
RULES = ("all", "check")
"""Which answers a count counts: ``"all"`` (every filling by simple lines, as the original's
solver counts) or ``"check"`` (only those the check accepts: no line runs beside itself)."""


@lru_cache(maxsize=128)
def _open_neighbours(
    size: int, wrap: bool, hexagon: bool, walls: frozenset[WallKey], blocked: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    """Each cell's open neighbours, in table order (walls and blocked cells taken away)."""
    around = grid_neighbours(size, wrap, hexagon)
    closed = set(blocked)
    out: list[tuple[int, ...]] = []
    for at, near in enumerate(around):
        if at in closed:
            out.append(())
            continue
        keep: list[int] = []
        for b in near:
            if b == at or b in closed or b in keep:
                continue
            if walls and ((at, b) if at < b else (b, at)) in walls:
                continue
            keep.append(b)
        out.append(tuple(keep))
    return tuple(out)


def _known_owners(layout: Layout, nb: tuple[tuple[int, ...], ...], answer: str) -> list[int] | None:
    """The owners of ``answer`` if it is an answer (what the SAT count records before its
    search): every open cell lettered with a pair, stones and waypoints with their own,
    and the cells of each letter, joined wherever they touch, one line from stone to stone.
    ``None`` otherwise."""
    cells = layout.cells
    pairs = layout.pairs
    keeper = layout.keeper
    owners = list(cells)
    for at, value in enumerate(cells):
        if value == CELL_BLOCKED:
            continue
        letter = LETTER_INDEX.get(answer[at], -1)
        if not 0 <= letter < pairs or (value >= 0 and letter != value):
            return None
        if keeper[at] >= 0 and letter != keeper[at]:
            return None
        owners[at] = letter
    walked = 0
    for at, value in enumerate(cells):
        if value == CELL_BLOCKED:
            continue
        walked += 1
        mine = owners[at]
        degree = 0
        for other in nb[at]:
            if owners[other] == mine:
                degree += 1
        if degree != (1 if value >= 0 else 2):
            return None
    # Right degrees everywhere: each letter's cells are its line plus loops; no loops left
    # means the lines, walked from their first stones, pass every open cell.
    passed = 0
    for start, _ in layout.ends:
        previous, at = -1, start
        mine = owners[start]
        while True:
            passed += 1
            step = -1
            for other in nb[at]:
                if other != previous and owners[other] == mine:
                    step = other
                    break
            if step < 0:
                break
            previous, at = at, step
    return owners if passed == walked else None


def small_count(
    layout: Layout, limit: int, answer: str | None = None, rule: str = "all"
) -> tuple[tuple[str, ...], tuple[int, ...] | None, int] | None:
    """Count ``layout``'s answers up to ``limit`` by a search of its own, without SAT.

    For boards of at most :data:`SEARCH_MOST_CELLS` cells with no bridges and no portals;
    ``None`` for any other board, or when the search passes :data:`SEARCH_MOST_NODES`
    moves (the caller then counts with SAT). Otherwise returns the answer codes (a known
    ``answer`` that is one comes first, as the SAT count records it), the first answer's
    owners (or ``None``) and the moves tried.

    The answers are the SAT count's: every way to join each pair's stones by a simple line
    along the neighbour table, the lines sharing no cell and filling every open cell, each
    waypoint on its own pair's line, counted once per set of edges used. ``rule="check"``
    keeps only those where no line runs beside itself (two touching cells of one line are
    consecutive on it), the answers the check accepts.

    The search grows one line at a time from its first stone, always the line with the
    fewest moves left (a line with none ends the branch), and after each move makes sure
    that every empty cell beside the move still has two ways in (empty cells, or line ends
    that may take it), not just the ends of two different lines, and that every unfinished
    stone beside it still has one.
    """
    cells = layout.cells
    if layout.bridges or layout.portal_pairs or len(cells) > SEARCH_MOST_CELLS:
        return None
    if rule not in RULES:
        raise ValueError(f"rule must be one of {RULES}, not {rule!r:.40}")
    check = rule == "check"
    blocked = tuple(at for at, v in enumerate(cells) if v == CELL_BLOCKED)
    nb = _open_neighbours(layout.size, layout.wrap, layout.hex, layout.walls, blocked)
    pairs = layout.pairs
    keeper = layout.keeper
    owner = list(cells)
    head = [a for a, _ in layout.ends]
    goal = [b for _, b in layout.ends]
    end_of = [-1] * len(cells)
    for p in range(pairs):
        end_of[head[p]] = p
        end_of[goal[p]] = p
    done = [False] * pairs
    must = [check and goal[p] in nb[head[p]] for p in range(pairs)]
    found: list[tuple[int, ...]] = []
    known: list[int] | None = None
    if answer is not None:
        known = _known_owners(layout, nb, answer)
        if known is not None:
            found.append(tuple(known))
    if len(found) >= limit:
        return _results(found, 0)
    state = [sum(1 for v in cells if v == -1), pairs, 0]  # free cells, lines left, moves

    def ways_in(f: int) -> int:
        k = keeper[f]
        count = 0
        for x in nb[f]:
            o = owner[x]
            if o == -1:
                count += 1
            else:
                q = end_of[x]
                if q >= 0 and (k < 0 or k == q):
                    count += 1
        return count

    def stone_open(q: int) -> bool:
        h = head[q]
        return any(
            x == h or (owner[x] == -1 and (keeper[x] < 0 or keeper[x] == q)) for x in nb[goal[q]]
        )

    def fine(around: tuple[int, ...], p: int) -> bool:
        for f in around:
            if owner[f] == -1:
                k = keeper[f]
                count = 0
                ends = []
                for x in nb[f]:
                    if owner[x] == -1:
                        count += 1
                    else:
                        q = end_of[x]
                        if q >= 0 and (k < 0 or k == q):
                            count += 1
                            ends.append(q)
                if count < 2 or (count == 2 and len(ends) == 2 and ends[0] != ends[1]):
                    # no two ways in, or only the ends of two different lines
                    return False
            else:
                q = end_of[f]
                if q >= 0 and q != p and f == goal[q] and not stone_open(q):
                    return False
        return True

    def moves_of(p: int) -> list[int]:
        h, g = head[p], goal[p]
        if must[p]:
            return [g]
        out = []
        for t in nb[h]:
            if t == g:
                out.append(t)
            elif owner[t] == -1 and (keeper[t] < 0 or keeper[t] == p):
                if check:
                    beside = False
                    for x in nb[t]:
                        if x != h and x != g and owner[x] == p:
                            beside = True
                            break
                    if beside:
                        continue
                out.append(t)
        return out

    def search() -> bool:
        """Extend the lines; True once enough answers are found."""
        if state[1] == 0:
            if state[0] == 0 and (known is None or owner != known):
                found.append(tuple(owner))
                return len(found) >= limit
            return False
        best = -1
        best_moves: list[int] = []
        for p in range(pairs):
            if done[p]:
                continue
            moves = moves_of(p)
            if not moves:
                return False
            if best < 0 or len(moves) < len(best_moves):
                best, best_moves = p, moves
                if len(moves) == 1:
                    break
        p = best
        h, g = head[p], goal[p]
        for t in best_moves:
            state[2] += 1
            if state[2] > SEARCH_MOST_NODES:
                raise _TooLong
            end_of[h] = -1
            if t == g:
                done[p] = True
                end_of[g] = -1
                state[1] -= 1
                if fine(nb[h], p) and fine(nb[g], p) and search():
                    return True
                state[1] += 1
                end_of[g] = p
                done[p] = False
            else:
                owner[t] = p
                end_of[t] = p
                head[p] = t
                state[0] -= 1
                if check:
                    must[p] = g in nb[t]
                if fine(nb[h], p) and fine(nb[t], p) and search():
                    return True
                must[p] = False
                state[0] += 1
                head[p] = h
                end_of[t] = -1
                owner[t] = -1
            end_of[h] = p
        return False

    for at, value in enumerate(cells):
        if value == -1 and ways_in(at) < 2:
            return _results(found, 0)
    try:
        search()
    except _TooLong:
        return None
    return _results(found, state[2])


class _TooLong(Exception):
    """The small search passed its move limit."""


def _results(
    found: list[tuple[int, ...]], moves: int
) -> tuple[tuple[str, ...], tuple[int, ...] | None, int]:
    return tuple(_encode_answer(owners) for owners in found), found[0] if found else None, moves
