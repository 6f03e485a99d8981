"""The solver's search: edge propagation, a reachability cut and depth-first branching.

State is one list of domains (16-bit mask sets, see :mod:`itsutsu.suido.solver.tables`) changed in
place; every change is written to a trail first, so a branch is undone by rolling the trail back
to its mark instead of copying the board.

* **Propagation** keeps every edge arc-consistent (a side is open on one cell exactly when the
  other cell opens back) and every 2x2 square consistent with its facings, until nothing changes.
* **Reachability**: every cell that must be wet (mask 0 not in its domain) must be reachable from a
  pump through edges that could still be open; otherwise the position is dead.
* **Branching** picks the undecided must-wet cell with the fewest masks left (on a network every
  piece must be wet). On drains and inlet-outlet boards, once no undecided cell must be wet, the
  remaining undecided cells are dry spares: the position holds exactly one wet network.
"""

from __future__ import annotations

from dataclasses import dataclass

from itsutsu.suido.solver.problem import Problem
from itsutsu.suido.solver.tables import ALL_OPEN, ANY_OPEN, OPENS, SHUTS

_OPP_OPENS = tuple(OPENS[(side + 2) & 3] for side in range(4))
_OPP_SHUTS = tuple(SHUTS[(side + 2) & 3] for side in range(4))


@dataclass(frozen=True)
class Outcome:
    """What one search found (see :class:`itsutsu.suido.solve.SolveResult`)."""

    solutions: tuple[tuple[int, ...], ...]
    nodes: int
    branches: int
    forced: int
    complete: bool


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


NO_BOUND = 1 << 62
"""A budget no search reaches: what ``budget=None`` means."""


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
