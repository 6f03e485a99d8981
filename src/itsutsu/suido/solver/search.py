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
from itsutsu.suido.solver.tables import ALL_OPEN, ANY_OPEN, OPENS, SHUTS

_OPP_OPENS = tuple(OPENS[(side + 2) & 3] for side in range(4))
_OPENS_OF_BIT = {1 << side: OPENS[side] for side in range(4)}
_SHUTS_OF_BIT = {1 << side: SHUTS[side] for side in range(4)}
_BACK_BIT = {1 << side: 1 << ((side + 2) & 3) for side in range(4)}

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
        self.steps = problem.steps
        self.is_source = [False] * size
        for cell in problem.sources:
            self.is_source[cell] = True
        self.stamp = [0] * size
        self.clock = 0
        # On a network without squares every piece must be wet and blanks stay blank.
        plain = problem.network and not problem.squares
        self.pieces = sum(1 for mask in problem.given if mask) if plain else -1
        # One pump and one edge fewer than pieces: every answer is a tree (no loop can close).
        arms = sum(mask.bit_count() for mask in problem.given)
        pieces = sum(1 for mask in problem.given if mask)
        self.tree = problem.network and len(problem.sources) == 1 and arms == 2 * (pieces - 1)

    # --- edges and squares ------------------------------------------------------------------

    def propagate(self, queue: list[int]) -> bool:
        """Narrow domains until every edge and square is consistent; False on a contradiction."""
        dom = self.dom
        trail = self.trail
        queued = self.queued
        steps = self.steps
        square_of = self.problem.square_of
        squares = self.problem.squares
        has_squares = bool(squares)
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
            if can == 15 and not must and not has_squares:
                continue
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
                            queue.append(member)
        return True

    # --- groups -----------------------------------------------------------------------------

    def groups(self, cells: list[int]) -> bool:
        """Apply the group rule around ``cells`` (and what it changes) until nothing changes.

        Returns False on a contradiction. Every change goes through the trail.
        """
        dom = self.dom
        trail = self.trail
        steps = self.steps
        is_source = self.is_source
        stamp = self.stamp
        any_open = ANY_OPEN
        all_open = ALL_OPEN
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
                    must = all_open[dom[cell]]
                    for bit, other, _opens, _shuts in steps[cell]:
                        if must & bit and stamp[other] != clock:
                            stamp[other] = clock
                            group.append(other)
                if tree:
                    # Every answer is a tree: an edge inside a group would close a loop.
                    for cell in group:
                        domain = dom[cell]
                        maybe = any_open[domain] & ~all_open[domain]
                        if not maybe:
                            continue
                        for bit, other, _opens, _shuts in steps[cell]:
                            if (
                                maybe & bit
                                and stamp[other] == clock
                                and not all_open[dom[other]] & _BACK_BIT[bit]
                            ):
                                old = dom[cell]
                                new = old & _SHUTS_OF_BIT[bit]
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
                exit_cell = exit_bit = -1
                for cell in group:
                    domain = dom[cell]
                    maybe = any_open[domain] & ~all_open[domain]
                    if not maybe:
                        continue
                    for bit, other, _opens, _shuts in steps[cell]:
                        if maybe & bit and stamp[other] != clock:
                            exits += 1
                            exit_cell, exit_bit = cell, bit
                    if exits > 1:
                        break
                if exits == 0:
                    return False
                if exits == 1:
                    # The only way out must open (on both of its sides).
                    old = dom[exit_cell]
                    new = old & _OPENS_OF_BIT[exit_bit]
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
        steps = self.steps
        any_open = ANY_OPEN
        stamp = self.stamp
        end = len(trail)
        if end - mark > 2 * JOIN_CHECKS:
            return False
        for at in range(mark, end, 2):
            cell = trail[at]
            lost = any_open[trail[at + 1]] & ~any_open[dom[cell]] & 6
            if not lost:
                continue
            for bit, target, _opens, _shuts in steps[cell]:
                if not lost & bit:
                    continue
                # Look for ``target`` from ``cell`` through edges that could open, close by.
                self.clock += 1
                clock = self.clock
                stamp[cell] = clock
                frontier = [cell]
                found = False
                seen = 1
                while frontier and not found and seen < JOIN_BOUND:
                    step_from = frontier.pop()
                    can = any_open[dom[step_from]]
                    for side_bit, other, _o, _s in steps[step_from]:
                        if can & side_bit and stamp[other] != clock:
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
        steps = self.steps
        any_open = ANY_OPEN
        seen = bytearray(len(dom))
        stack = list(self.problem.sources)
        for cell in stack:
            seen[cell] = 1
        reached = 0
        while stack:
            cell = stack.pop()
            reached += 1
            can = any_open[dom[cell]]
            if can:
                for bit, other, _opens, _shuts in steps[cell]:
                    if can & bit and not seen[other]:
                        seen[other] = 1
                        stack.append(other)
        if self.pieces >= 0:
            # Every piece must be wet and only pieces are reached (blanks open on nothing).
            return reached == self.pieces
        for was_seen, domain in zip(seen, dom, strict=True):
            if not was_seen and not domain & 1:
                return False
        return True

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
    ok = engine.propagate(
        [cell for cell, domain in enumerate(dom) if ANY_OPEN[domain] != 15 or ALL_OPEN[domain]]
        if not problem.squares
        else list(range(problem.size))
    )
    if ok:
        forced = sum(1 for domain in dom if domain > 1 and not domain & (domain - 1))
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
        nodes += used
        if alive is None:
            return Outcome(tuple(solutions), nodes, branches, forced, False)
        ok = alive
