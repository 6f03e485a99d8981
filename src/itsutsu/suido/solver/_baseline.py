"""The solver as it was before the deductions and the cached tables: kept for comparison only.

The benchmark (``bench/suido_solve.py``) and the tests count boards both ways in one run; the
public functions never use this module. Same rules, same answers, slower build and search:
edge propagation, a full reachability flood at every position and depth-first branching on the
first cell with the fewest masks.
"""

from __future__ import annotations

from itsutsu.suido.board import _neighbours_of
from itsutsu.suido.code import Layout
from itsutsu.suido.pieces import _opposite, _rotations_of
from itsutsu.suido.solver.problem import SQUARES_NEED_NETWORK, Problem, Square
from itsutsu.suido.solver.search import Outcome
from itsutsu.suido.solver.tables import (
    ALL_OPEN,
    ANY_OPEN,
    ARMS_AT_MOST_TWO,
    OPENS,
    SHUTS,
    domain_of,
)
from itsutsu.suido.squares import _block_facings, _block_info


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


def problem_of(layout: Layout) -> Problem:
    """Restate ``layout`` for the solver the way the old search did it."""
    has_squares = bool(layout.bigs) or bool(layout.blocks)
    network = layout.kind == "network"
    if has_squares and not network:
        raise ValueError(SQUARES_NEED_NETWORK)
    size = layout.width * layout.height
    near = _neighbours_of(layout)
    given = tuple(layout.cells)
    locked = set(layout.locked or ())
    seeds = set(layout.sources) | set(layout.drains)
    domains: list[int] = []
    for cell, mask in enumerate(given):
        if mask == 0:
            domains.append(1)
            continue
        domain = domain_of([mask]) if cell in locked else domain_of(list(_rotations_of(mask)))
        if not network:
            if layout.kind == "inlet-outlet":
                domain &= ARMS_AT_MOST_TWO
            if cell not in seeds:
                domain |= 1
        domains.append(domain)
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
                domains[cell] = domain_of([facing[i] for facing in facings])
            squares.append(Square(cells=cells, facings=facings))
    links = []
    for cell in range(size):
        pairs = []
        for side in range(4):
            other = near[cell * 4 + side]
            if other < 0:
                domains[cell] &= SHUTS[side]
            else:
                pairs.append((side, other))
        links.append(tuple(pairs))
    return Problem(
        size=size,
        network=network,
        given=given,
        domains=tuple(domains),
        links=tuple(links),
        sources=tuple(layout.sources),
        square_of=tuple(square_of),
        squares=tuple(squares),
    )


_OPP_OPENS = tuple(OPENS[(side + 2) & 3] for side in range(4))
_OPP_SHUTS = tuple(SHUTS[(side + 2) & 3] for side in range(4))


class _Engine:
    """One search over one :class:`Problem`; not shared, not reused."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.dom = list(problem.domains)
        self.trail: list[int] = []
        self.queued = [False] * problem.size
        # Per cell: ((side bit, neighbour, opposite-open domain, opposite-shut domain), ...).
        self.steps = tuple(
            tuple((1 << side, other, _OPP_OPENS[side], _OPP_SHUTS[side]) for side, other in pairs)
            for pairs in problem.links
        )

    def propagate(self, queue: list[int]) -> bool:
        """Narrow domains until every edge and square is consistent; False on a contradiction."""
        dom = self.dom
        trail = self.trail
        queued = self.queued
        steps = self.steps
        square_of = self.problem.square_of
        squares = self.problem.squares
        any_open = ANY_OPEN
        all_open = ALL_OPEN
        for cell in queue:
            queued[cell] = True
        while queue:
            cell = queue.pop()
            queued[cell] = False
            domain = dom[cell]
            can = any_open[domain]
            must = all_open[domain]
            for bit, other, opens, shuts in steps[cell]:
                if can & bit:
                    if not must & bit:
                        continue
                    old = dom[other]
                    new = old & opens
                else:
                    old = dom[other]
                    new = old & shuts
                if new != old:
                    if not new:
                        for waiting in queue:
                            queued[waiting] = False
                        return False
                    trail.append(other)
                    trail.append(old)
                    dom[other] = new
                    if not queued[other]:
                        queued[other] = True
                        queue.append(other)
            at = square_of[cell]
            if at >= 0:
                square = squares[at]
                cells = square.cells
                d0, d1, d2, d3 = dom[cells[0]], dom[cells[1]], dom[cells[2]], dom[cells[3]]
                p0 = p1 = p2 = p3 = 0
                for m0, m1, m2, m3 in square.facings:
                    if d0 >> m0 & 1 and d1 >> m1 & 1 and d2 >> m2 & 1 and d3 >> m3 & 1:
                        p0 |= 1 << m0
                        p1 |= 1 << m1
                        p2 |= 1 << m2
                        p3 |= 1 << m3
                if not p0:
                    for waiting in queue:
                        queued[waiting] = False
                    return False
                for member, kept in zip(cells, (p0, p1, p2, p3), strict=True):
                    old = dom[member]
                    if old & kept != old:
                        trail.append(member)
                        trail.append(old)
                        dom[member] = old & kept
                        if not queued[member]:
                            queued[member] = True
                            queue.append(member)
        return True

    def undo(self, mark: int) -> None:
        """Roll the domains back to the trail length ``mark``."""
        dom = self.dom
        trail = self.trail
        while len(trail) > mark:
            old = trail.pop()
            dom[trail.pop()] = old

    def reachable(self) -> bool:
        """True if every must-wet cell can still be reached from a pump."""
        dom = self.dom
        steps = self.steps
        any_open = ANY_OPEN
        seen = [False] * len(dom)
        stack = list(self.problem.sources)
        for cell in stack:
            seen[cell] = True
        while stack:
            cell = stack.pop()
            can = any_open[dom[cell]]
            for bit, other, _opens, _shuts in steps[cell]:
                if can & bit and not seen[other]:
                    seen[other] = True
                    stack.append(other)
        for was_seen, domain in zip(seen, dom, strict=True):
            if not was_seen and not domain & 1:
                return False
        return True

    def pick(self) -> int:
        """The cell to branch on; -1 when no undecided cell must be wet (or none is undecided)."""
        best = -1
        best_count = 17
        fallback = -1
        fallback_count = 17
        for cell, domain in enumerate(self.dom):
            if domain & (domain - 1):
                count = domain.bit_count()
                if not domain & 1:
                    if count < best_count:
                        best, best_count = cell, count
                        if count == 2:
                            break
                elif count < fallback_count:
                    fallback, fallback_count = cell, count
        if best >= 0 or not self.problem.network:
            return best
        return fallback

    def answer(self) -> tuple[int, ...] | None:
        """The position's one answer (undecided cells dry, as given), or None if it falls apart."""
        dom = self.dom
        given = self.problem.given
        masks: list[int] = []
        wet = 0
        dry_keeps_given = not self.problem.network
        for cell, domain in enumerate(dom):
            if domain & (domain - 1) or (domain == 1 and dry_keeps_given):
                masks.append(given[cell])
            elif domain > 1:
                masks.append(domain.bit_length() - 1)
                wet += 1
            else:
                masks.append(0)
        # Every faced piece must be wet: flood through the faced pieces' own openings.
        seen = [False] * len(dom)
        stack = list(self.problem.sources)
        for cell in stack:
            seen[cell] = True
        reached = 0
        while stack:
            cell = stack.pop()
            reached += 1
            mask = masks[cell]
            for bit, other, _opens, _shuts in self.steps[cell]:
                if mask & bit and not seen[other]:
                    seen[other] = True
                    stack.append(other)
        return tuple(masks) if reached == wet else None


def run_search(problem: Problem, limit: int, budget: int) -> Outcome:
    """Search ``problem`` for up to ``limit`` answers, entering at most ``budget`` positions."""
    engine = _Engine(problem)
    dom = engine.dom
    trail = engine.trail
    solutions: list[tuple[int, ...]] = []
    nodes = 1
    branches = 0
    forced = 0
    if nodes > budget:
        return Outcome((), nodes, 0, 0, False)
    ok = engine.propagate(list(range(problem.size)))
    if ok:
        forced = sum(1 for domain in dom if domain > 1 and not domain & (domain - 1))
    frames: list[list[int]] = []
    while True:
        if ok and engine.reachable():
            cell = engine.pick()
            if cell < 0:
                found = engine.answer()
                if found is not None:
                    solutions.append(found)
            else:
                branches += 1
                frames.append([cell, dom[cell], len(trail)])
        ok = False
        while frames:
            if len(solutions) >= limit:
                break
            frame = frames[-1]
            rest = frame[1]
            if not rest:
                frames.pop()
                continue
            low = rest & -rest
            frame[1] = rest ^ low
            engine.undo(frame[2])
            nodes += 1
            if nodes > budget:
                return Outcome(tuple(solutions), nodes, branches, forced, False)
            cell = frame[0]
            trail.append(cell)
            trail.append(dom[cell])
            dom[cell] = low
            ok = engine.propagate([cell])
            break
        if not ok and (not frames or len(solutions) >= limit):
            break
    return Outcome(tuple(solutions), nodes, branches, forced, True)


def old_search(layout: Layout, limit: int, budget: int) -> Outcome:
    """Count ``layout``'s answers the old way (arguments already checked)."""
    return run_search(problem_of(layout), limit, budget)
