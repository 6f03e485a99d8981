"""The solver's search: deductions first, then depth-first branching with the same deductions.

State is one list of domains (16-bit mask sets, see :mod:`itsutsu.suido.solver.tables`) changed in
place; every change is written to a trail first, so a branch is undone by rolling the trail back
to its mark instead of copying the board. After every change the search deduces, until nothing
changes:

* **Edges**: every edge is kept arc-consistent (a side is open on one cell exactly when the other
  cell opens back; the rim, walls and blanks open on nothing) and every 2x2 square consistent with
  its facings. The count of cells this settles at the root is the result's ``forced``.
* **Pieces joined for sure** (edges open on both sides in every facing left) make groups. Every
  wet piece must reach a pump, so a group without a pump needs a way out: with none left the
  position is dead, with one left that edge must open. (Groups are followed up to a bound, so
  this stays local and cheap.)
* **Trees**: on a network with one pump whose pieces have, in all, two arms fewer than twice
  their number, every answer has one edge fewer than pieces and joins them all, so it is a
  tree: an edge between two pieces of one group would close a loop and must stay shut.
* **Reachability**: every cell that must be wet (mask 0 not in its domain) must be reachable from a
  pump through edges that could still open; otherwise the position is dead.

**Branching** picks the undecided must-wet cell with the fewest masks left, nearest the last
decision (on a network every piece must be wet). On drains and inlet-outlet boards, once no
undecided cell must be wet, the remaining undecided cells are dry spares: the position holds
exactly one wet network.

When a search grows past a bound set by the board's size, it starts again from the root after
**probing**: each facing left on each undecided must-wet cell is tried and its deductions run;
a facing that leads to a dead position is struck off. Probes are positions and count toward the
budget. Answers found before the restart are kept (in the order found) and not counted twice.
"""

from __future__ import annotations

from dataclasses import dataclass

from itsutsu.suido.solver.problem import Problem
from itsutsu.suido.solver.tables import (
    ALL_OPEN,
    ANY_OPEN,
    DECIDED,
    FACED,
    MUST_WET,
    OPENS,
    PUSHES,
    SHUTS,
    SIDES_OF,
    SINGLE,
)

_BACK = (2, 3, 0, 1)
"""The side number facing back across each side."""

GROUP_BOUND = 40
"""How many pieces a group may hold before the group rule stops following it."""
JOIN_BOUND = 24
"""How many cells the search for a detour round a shut edge may visit."""
RESTART_AFTER = 50
"""Positions a search may enter before it goes back to the root to probe."""
JOIN_CHECKS = 12
"""How many changed cells a position may have for the detour checks to be tried at all."""


@dataclass(frozen=True)
class Outcome:
    """What one search found (see :class:`itsutsu.suido.solver.count.SolveResult`)."""

    solutions: tuple[tuple[int, ...], ...]
    nodes: int
    branches: int
    forced: int
    complete: bool


class _Engine:
    """One search over one :class:`Problem`; not shared, not reused."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        size = problem.size
        self.dom = list(problem.domains)
        self.trail: list[int] = []
        self.queued = [False] * size
        self.pushed = [0] * size
        self.near = problem.near
        self.rim = problem.rim
        self.steps = problem.steps
        self.is_source = [False] * size
        for cell in problem.sources:
            self.is_source[cell] = True
        self.stamp = [0] * size
        self.clock = 0
        # On a network without squares every piece must be wet and blanks stay blank.
        plain = problem.network and not problem.squares
        pieces = size - problem.given.count(0)
        self.pieces = pieces if plain else -1
        # One pump and one edge fewer than pieces: every answer is a tree (no loop can close).
        arms = sum(map(int.bit_count, problem.given))
        self.flooded = False
        """True while the domains are those the last :meth:`reachable` that held saw."""
        self.tree = problem.network and len(problem.sources) == 1 and arms == 2 * (pieces - 1)

    # --- edges and squares ------------------------------------------------------------------

    def propagate(self, queue: list[int]) -> bool:
        """Narrow domains until every edge and square is consistent; False on a contradiction.

        The cells of ``queue`` push every side they agree on to the neighbour across; a cell
        narrowed on the way pushes only the sides it newly agrees on (``pushed`` holds its
        domain as it was when last consistent with its neighbours: what that domain agreed on
        they already respect). The changes are those of pushing every agreed side each time,
        in the same order.
        """
        dom = self.dom
        trail = self.trail
        queued = self.queued
        pushed = self.pushed
        near = self.near
        rim = self.rim
        square_of = self.problem.square_of
        squares = self.problem.squares
        has_squares = bool(squares)
        decided = DECIDED
        pushes = PUSHES
        all_open = ALL_OPEN
        for cell in queue:
            queued[cell] = True
            pushed[cell] = rim[cell]
        while queue:
            cell = queue.pop()
            queued[cell] = False
            domain = dom[cell]
            todo = decided[domain] & ~decided[pushed[cell]]
            if todo:
                pushed[cell] = domain
                base = cell * 4
                for side, back in pushes[todo << 4 | all_open[domain]]:
                    other = near[base + side]
                    old = dom[other]
                    new = old & back
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
                            pushed[other] = old
                            queue.append(other)
            if has_squares and square_of[cell] >= 0:
                square = squares[square_of[cell]]
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
                            pushed[member] = old
                            queue.append(member)
        return True

    # --- groups -----------------------------------------------------------------------------

    def groups(self, cells: list[int]) -> bool:
        """Apply the group rule around ``cells`` (and what it changes) until nothing changes.

        Returns False on a contradiction. Every change goes through the trail.
        """
        dom = self.dom
        trail = self.trail
        near = self.near
        is_source = self.is_source
        stamp = self.stamp
        any_open = ANY_OPEN
        all_open = ALL_OPEN
        sides_of = SIDES_OF
        bound = GROUP_BOUND
        tree = self.tree
        while cells:
            round_start = self.clock
            queue: list[int] = []
            for start in cells:
                if stamp[start] > round_start or not all_open[dom[start]]:
                    continue
                # The group: pieces joined to ``start`` by edges open for sure.
                self.clock += 1
                clock = self.clock
                stamp[start] = clock
                group = [start]
                closed = True
                pumped = False
                at = 0
                while at < len(group):
                    cell = group[at]
                    at += 1
                    if is_source[cell]:
                        pumped = True
                        if not tree:
                            break
                    if len(group) > bound:
                        closed = False
                        break
                    base = cell * 4
                    for side in sides_of[all_open[dom[cell]]]:
                        other = near[base + side]
                        if stamp[other] != clock:
                            stamp[other] = clock
                            group.append(other)
                if tree:
                    # Every answer is a tree: an edge inside a group would close a loop.
                    for cell in group:
                        domain = dom[cell]
                        maybe = any_open[domain] & ~all_open[domain]
                        if not maybe:
                            continue
                        base = cell * 4
                        for side in sides_of[maybe]:
                            other = near[base + side]
                            if (
                                stamp[other] == clock
                                and not all_open[dom[other]] >> _BACK[side] & 1
                            ):
                                old = dom[cell]
                                new = old & SHUTS[side]
                                if new != old:
                                    if not new:
                                        return False
                                    trail.append(cell)
                                    trail.append(old)
                                    dom[cell] = new
                                    queue.append(cell)
                                    # The group may now grow: look at it again next round.
                                    closed = False
                if pumped or not closed:
                    continue
                exits = 0
                exit_cell = exit_side = -1
                for cell in group:
                    domain = dom[cell]
                    maybe = any_open[domain] & ~all_open[domain]
                    if not maybe:
                        continue
                    base = cell * 4
                    for side in sides_of[maybe]:
                        if stamp[near[base + side]] != clock:
                            exits += 1
                            exit_cell, exit_side = cell, side
                    if exits > 1:
                        break
                if exits == 0:
                    return False
                if exits == 1:
                    # The only way out must open (on both of its sides).
                    old = dom[exit_cell]
                    new = old & OPENS[exit_side]
                    if new != old:
                        if not new:
                            return False
                        trail.append(exit_cell)
                        trail.append(old)
                        dom[exit_cell] = new
                        queue.append(exit_cell)
            if not queue:
                return True
            mark = len(trail)
            opened = list(queue)
            if not self.propagate(queue):
                return False
            cells = opened + trail[mark::2]
        return True

    def deduce(self, cell: int, mark: int) -> bool:
        """Deduce after ``cell`` was set (trail length ``mark`` before it); False if dead."""
        trail = self.trail
        if not self.propagate([cell]):
            return False
        touched = trail[mark::2]
        if not self.groups(touched):
            return False
        if self.pieces >= 0 and self.still_joined(mark):
            return True
        return self.reachable()

    def still_joined(self, mark: int) -> bool:
        """True if every edge shut since trail length ``mark`` joins two cells still joined
        nearby by edges that could open: then whatever could reach a pump still can."""
        dom = self.dom
        trail = self.trail
        near = self.near
        any_open = ANY_OPEN
        sides_of = SIDES_OF
        stamp = self.stamp
        end = len(trail)
        if end - mark > 2 * JOIN_CHECKS:
            return False
        for at in range(mark, end, 2):
            cell = trail[at]
            lost = any_open[trail[at + 1]] & ~any_open[dom[cell]] & 6
            if not lost:
                continue
            for lost_side in sides_of[lost]:
                target = near[cell * 4 + lost_side]
                # Look for ``target`` from ``cell`` through edges that could open, close by.
                self.clock += 1
                clock = self.clock
                stamp[cell] = clock
                frontier = [cell]
                found = False
                seen = 1
                while frontier and not found and seen < JOIN_BOUND:
                    step_from = frontier.pop()
                    base = step_from * 4
                    for side in sides_of[any_open[dom[step_from]]]:
                        other = near[base + side]
                        if stamp[other] != clock:
                            if other == target:
                                found = True
                                break
                            stamp[other] = clock
                            seen += 1
                            frontier.append(other)
                if not found:
                    return False
        return True

    # --- reachability -----------------------------------------------------------------------

    def reachable(self) -> bool:
        """True if every must-wet cell can still be reached from a pump."""
        dom = self.dom
        near = self.near
        any_open = ANY_OPEN
        sides_of = SIDES_OF
        seen = bytearray(len(dom))
        stack = list(self.problem.sources)
        pop = stack.pop
        push = stack.append
        for cell in stack:
            seen[cell] = 1
        reached = 0
        while stack:
            cell = pop()
            reached += 1
            base = cell * 4
            for side in sides_of[any_open[dom[cell]]]:
                other = near[base + side]
                if not seen[other]:
                    seen[other] = 1
                    push(other)
        if self.pieces >= 0:
            # Every piece must be wet and only pieces are reached (blanks open on nothing).
            self.flooded = reached == self.pieces
            return self.flooded
        # One byte per cell both ways (1: must be wet, 1: seen), read as whole numbers.
        must = int.from_bytes(bytes(map(MUST_WET.__getitem__, dom)), "little")
        return not must & ~int.from_bytes(seen, "little")

    # --- probes -----------------------------------------------------------------------------

    def probe(self, allowed: int) -> tuple[bool | None, int]:
        """Strike off every facing of an undecided must-wet cell whose deductions fail at once,
        round after round until a round strikes nothing.

        Returns (False if the position is dead, True if not, None if ``allowed`` positions ran
        out) and the positions entered (one per facing tried). Strikes stay on the trail.
        """
        dom = self.dom
        trail = self.trail
        used = 0
        changed = True
        while changed:
            changed = False
            for cell in range(len(dom)):
                domain = dom[cell]
                if not domain & (domain - 1) or domain & 1:
                    continue
                keep = 0
                rest = domain
                while rest:
                    low = rest & -rest
                    rest ^= low
                    used += 1
                    if used > allowed:
                        return None, used
                    mark = len(trail)
                    trail.append(cell)
                    trail.append(domain)
                    dom[cell] = low
                    if self.propagate([cell]) and self.groups(trail[mark::2]):
                        keep |= low
                    self.undo(mark)
                if keep != domain:
                    if not keep:
                        return False, used
                    mark = len(trail)
                    trail.append(cell)
                    trail.append(domain)
                    dom[cell] = keep
                    if not self.deduce(cell, mark):
                        return False, used
                    changed = True
        return True, used

    # --- branching and answers --------------------------------------------------------------

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
        """The position's one answer (undecided cells dry, as given), or None if it falls apart.

        Every faced piece must be wet: the water is followed from the pumps through the
        answer's openings and must reach as many cells as there are faced pieces. On a
        network without squares whose last :meth:`reachable` held on these very domains
        (``flooded``), that flood was this one and is not run again.
        """
        dom = self.dom
        masks = [SINGLE[domain] for domain in dom]
        if self.problem.network and -1 not in masks:
            # Every cell holds one mask (on a network branching leaves none undecided).
            if self.flooded:
                return tuple(masks)
            wet = len(dom) - dom.count(1)
        else:
            # Undecided cells (and dry ones off a network) as given, an empty domain as 0.
            given = self.problem.given
            dry_keeps_given = not self.problem.network
            masks = []
            wet = 0
            for cell, domain in enumerate(dom):
                if domain & (domain - 1) or (domain == 1 and dry_keeps_given):
                    masks.append(given[cell])
                elif domain > 1:
                    masks.append(domain.bit_length() - 1)
                    wet += 1
                else:
                    masks.append(0)
        near = self.near
        sides_of = SIDES_OF
        seen = bytearray(len(dom))
        stack = list(self.problem.sources)
        for cell in stack:
            seen[cell] = 1
        reached = 0
        while stack:
            cell = stack.pop()
            reached += 1
            base = cell * 4
            for side in sides_of[masks[cell]]:
                other = near[base + side]
                if other >= 0 and not seen[other]:
                    seen[other] = 1
                    stack.append(other)
        return tuple(masks) if reached == wet else None

    def undo(self, mark: int) -> None:
        """Roll the domains back to the trail length ``mark``."""
        dom = self.dom
        trail = self.trail
        while len(trail) > mark:
            old = trail.pop()
            dom[trail.pop()] = old


NO_BOUND = 1 << 62
"""A budget no search reaches: what ``budget=None`` means."""


def run_search(problem: Problem, limit: int, budget: int) -> Outcome:
    """Search ``problem`` for up to ``limit`` answers, entering at most ``budget`` positions."""
    engine = _Engine(problem)
    dom = engine.dom
    trail = engine.trail
    solutions: list[tuple[int, ...]] = []
    known: set[tuple[int, ...]] = set()
    nodes = 1
    branches = 0
    forced = 0
    if nodes > budget:
        return Outcome((), nodes, 0, 0, False)
    decided = DECIDED
    ok = engine.propagate(
        [cell for cell, domain in enumerate(dom) if decided[domain]]
        if not problem.squares
        else list(range(problem.size))
    )
    if ok:
        forced = sum(map(FACED.__getitem__, dom))
        starts = [
            cell
            for cell, domain in enumerate(dom)
            if ALL_OPEN[domain] and ANY_OPEN[domain] != ALL_OPEN[domain]
        ]
        ok = engine.groups(starts) and engine.reachable()
    root = len(trail)
    restart = RESTART_AFTER
    while True:
        frames: list[list[int]] = []
        again = False
        while True:
            if ok:
                cell = engine.pick()
                if cell < 0:
                    found = engine.answer()
                    if found is not None and found not in known:
                        known.add(found)
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
                if nodes > restart:
                    again = True
                    break
                cell = frame[0]
                mark = len(trail)
                trail.append(cell)
                trail.append(dom[cell])
                dom[cell] = low
                engine.flooded = False
                ok = engine.deduce(cell, mark)
                break
            if again or (not ok and (not frames or len(solutions) >= limit)):
                break
        if not again:
            return Outcome(tuple(solutions), nodes, branches, forced, True)
        # The search grew: back to the root, strike off the facings that fail at once, and
        # search again from there (for good: no second restart).
        engine.undo(root)
        restart = NO_BOUND
        alive, used = engine.probe(budget - nodes)
        engine.flooded = False
        nodes += used
        if alive is None:
            return Outcome(tuple(solutions), nodes, branches, forced, False)
        ok = alive
