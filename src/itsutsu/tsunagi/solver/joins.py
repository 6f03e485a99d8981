"""One SAT solver kept alive while a maker joins lines: ``JoinProver``.

A maker that joins lines proves one board after another, each with fewer stones than the
last. Rather than write each board as a new formula, :class:`JoinProver` writes once a formula
for the board it starts from whose stones are switches: each stone cell of the first board has
a literal "this cell is a stone" (degree 1) or not (degree 2), and which colour a stone, a
waypoint or a walled edge has is said by assumptions at each proof. Everything the solver
learns stays valid for every later board (loop cuts are guarded by the switches of the cells
they cover), so each proof starts where the last one stopped, from the board's own answer
(saved phases). Answers count as under ``rule="check"``: two touching cells of one colour
are joined by an edge of their line.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from pysat.solvers import Solver

from itsutsu.tsunagi.alphabet import MOST_PAIRS
from itsutsu.tsunagi.answer import _encode_answer
from itsutsu.tsunagi.check import _line_fault
from itsutsu.tsunagi.layout import Layout
from itsutsu.tsunagi.portals import _edge
from itsutsu.tsunagi.solver.cnf import _bits_for, _collect_edges, _short_cycles, standable_cells
from itsutsu.tsunagi.solver.count import (
    SAT_BACKEND,
    SOLVER_OPTIONS,
    SolveResult,
    _cut,
    _owner_edges,
    _read_model,
)


class JoinProver:
    """A live solver for the boards a maker reaches from ``first`` by joining lines (taking
    stones away), adding walls (on edges of ``first``) and waypoints. Use :meth:`prove` for
    each board and :meth:`close` (or ``with``) at the end."""

    def __init__(self, first: Layout) -> None:
        self.first = first
        standable = standable_cells(first)
        edges, touching = _collect_edges(first, standable)
        self.edges = tuple(edges)
        self.touching = tuple(tuple(around) for around in touching)
        self.standable = tuple(standable)
        cells = first.cells
        n_edges = len(edges)
        self.bits = _bits_for(max(2, first.pairs))
        self.base = n_edges
        variables = n_edges + len(cells) * self.bits
        self.switch: dict[int, int] = {}
        for at, value in enumerate(cells):
            if value >= 0:
                variables += 1
                self.switch[at] = variables
        clauses: list[list[int]] = []
        for at, ok in enumerate(standable):
            if not ok:
                continue
            lits = [var for var, _ in touching[at]]
            s = self.switch.get(at)
            if s is None:
                if len(lits) < 2:
                    clauses.append([])
                    continue
                for skip in range(len(lits)):
                    clauses.append([*lits[:skip], *lits[skip + 1 :]])
                clauses.extend([-x, -y, -z] for x, y, z in combinations(lits, 3))
                continue
            clauses.append(list(lits))
            clauses.extend([-s, -x, -y] for x, y in combinations(lits, 2))
            clauses.extend([-x, -y, -z] for x, y, z in combinations(lits, 3))
            for skip in range(len(lits)):
                clauses.append([s, *lits[:skip], *lits[skip + 1 :]])
        bits, base = self.bits, self.base
        for edge in edges:
            e = edge.var
            x = base + edge.a * bits + 1
            y = base + edge.b * bits + 1
            for k in range(bits):
                clauses.append([-e, -(x + k), y + k])
                clauses.append([-e, x + k, -(y + k)])
            if edge.portal >= 0:
                continue
            differ = []
            for k in range(bits):
                variables += 1
                differ.append(variables)
                clauses.append([-variables, x + k, y + k])
                clauses.append([-variables, -(x + k), -(y + k)])
            clauses.append([e, *differ])
        lookup = {(edge.a, edge.b, edge.over): edge.var for edge in edges if edge.portal < 0}
        size = first.size
        for bridge in first.bridges:
            across = lookup.get((bridge - 1, bridge + 1, bridge))
            down = lookup.get((bridge - size, bridge + size, bridge))
            if across is None or down is None:
                clauses.append([])
                continue
            clauses.append([across])
            clauses.append([down])
            x = base + (bridge - 1) * bits + 1
            y = base + (bridge - size) * bits + 1
            differ = []
            for k in range(bits):
                variables += 1
                differ.append(variables)
                clauses.append([-variables, x + k, y + k])
                clauses.append([-variables, -(x + k), -(y + k)])
            clauses.append(differ)
        passages: list[list[int]] = [[] for _ in first.portal_pairs]
        for edge in edges:
            if edge.portal >= 0:
                passages[edge.portal].append(edge.var)
        for lits in passages:
            clauses.append(lits)
            clauses.extend([-x, -y] for x, y in combinations(lits, 2))
        free = [standable[at] and at not in self.switch for at in range(len(cells))]
        clauses.extend(list(c) for c in _short_cycles(list(map(list, touching)), free))
        self.variables = variables
        self.solver = Solver(name=SAT_BACKEND)
        self.solver.configure(dict(SOLVER_OPTIONS))
        self.solver.append_formula(clauses)
        self.walls = {_edge(edge.a, edge.b): edge.var for edge in edges if edge.over < 0}

    def close(self) -> None:
        """Free the solver."""
        self.solver.delete()

    def __enter__(self) -> JoinProver:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _fresh(self) -> int:
        self.variables += 1
        return self.variables

    def _colour(self, at: int, pair: int) -> list[int]:
        first = self.base + at * self.bits + 1
        return [first + k if pair >> k & 1 else -(first + k) for k in range(self.bits)]

    def prove(
        self,
        layout: Layout,
        owners: Sequence[int],
        answer: str,
        budget: int,
        joined: tuple[int, int, int, int] | None = None,
    ) -> SolveResult:
        """Count ``layout``'s answers the check accepts, up to two, knowing that ``owners``
        (a pair per cell; ``answer`` is its code, or ``""`` on a board of more lines than
        letters) is one. ``layout``'s stones must be among the first board's and its walls
        on its edges. At most ``budget`` conflicts are spent. The result is like
        :func:`itsutsu.tsunagi.count_solutions_of_level`'s, but its ``owners`` are those of
        the second answer (when one was found).

        ``joined`` = ``(a, x, y, b)`` says ``layout`` was made from a board with exactly one
        answer (these same owners but for the join) by joining the line from ``a`` to ``x``
        to the line from ``y`` to ``b``, ``x`` and ``y`` a step apart (walls may have been
        added since). The proof then splits. An answer whose joined line takes the step
        from ``x`` to ``y`` would, cut there, be a second answer of the board before, so
        there is none. One whose joined line takes it from ``y`` to ``x`` would, cut there,
        join ``a`` to ``y`` and ``x`` to ``b``: when that board (the one before with ``x``
        and ``y`` swapped) has no answer at all, there is none either. So the search looks
        for an answer without the step (a small search, local to where the line could go
        round), then for one where another line takes the step, then for any answer of the
        swapped board (usually refused at once), and only if the swapped board has one for
        any answer with the step. Boards with waypoints, portals or bridges take the
        whole search."""
        solver = self.solver
        assumptions = self._board(layout)
        mine = _owner_edges(self.edges, layout, owners)
        kept = set(mine)
        solver.set_phases([var if var in kept else -var for var in range(1, self.base + 1)])
        start = solver.accum_stats().get("conflicts", 0)
        solves = 0

        def search(given: list[int], board: Layout) -> list[int] | None:
            # The owners of an answer of ``board`` (the assumptions ``given``) other than
            # ``mine``, or None when there is none; raises _OutOfConflicts.
            nonlocal solves
            stones = [v >= 0 for v in board.cells]
            guard = self._fresh()
            solver.add_clause([-guard, *(-var for var in mine)])
            try:
                while True:
                    used = solver.accum_stats().get("conflicts", 0) - start
                    if used >= budget:
                        raise _OutOfConflicts
                    solver.conf_budget(budget - used)
                    status = solver.solve_limited(assumptions=[*given, guard])
                    solves += 1
                    if status is None:
                        raise _OutOfConflicts
                    if not status:
                        return None
                    model = solver.get_model()
                    chosen = [var for var in range(1, self.base + 1) if model[var - 1] > 0]
                    loops, found, _ = _read_model(board, self.edges, self.touching, stones, chosen)
                    if loops:
                        for loop in loops:
                            guards = [self.switch[at] for at in loop if at in self.switch]
                            solver.add_clause([*_cut(loop, self.touching), *guards])
                        continue
                    if board.portal_pairs and _line_fault(board, found) is not None:
                        solver.add_clause([-guard, *(-var for var in chosen)])
                        continue
                    return found
            finally:
                solver.add_clause([-guard])

        second: list[int] | None = None
        complete = True
        try:
            split = self._split(layout, joined)
            if split is None:
                second = search(assumptions, layout)
            else:
                step, swapped, before, x, pair = split
                second = search([*assumptions, -step], layout)
                if second is None:
                    # Another line taking the step: x is not the joined line's colour.
                    other = self._fresh()
                    solver.add_clause([-other, *(-lit for lit in self._colour(x, pair))])
                    second = search([*assumptions, step, other], layout)
                    solver.add_clause([-other])
                if second is None and search(swapped, before) is not None:
                    second = search([*assumptions, step], layout)
        except _OutOfConflicts:
            complete = False
            second = None
        found_codes = [answer]
        owners_first: tuple[int, ...] | None = None
        if second is not None:
            found_codes.append(_encode_answer(second) if layout.pairs <= MOST_PAIRS else "")
            owners_first = tuple(second)
        conflicts = int(solver.accum_stats().get("conflicts", 0) - start)
        return SolveResult(
            len(found_codes), tuple(found_codes), complete, conflicts, 0, solves, owners_first
        )

    def _board(self, layout: Layout) -> list[int]:
        """The assumptions that make the live formula ``layout``'s: its stones and their
        colours, its waypoints and its walls."""
        assumptions: list[int] = []
        for at, s in self.switch.items():
            pair = layout.cells[at]
            if pair >= 0:
                assumptions.append(s)
                assumptions.extend(self._colour(at, pair))
            else:
                assumptions.append(-s)
        for at, pair in layout.waypoints:
            assumptions.extend(self._colour(at, pair))
        for wall in layout.walls:
            var = self.walls.get(wall)
            if var is not None:
                assumptions.append(-var)
        return assumptions

    def _split(
        self, layout: Layout, joined: tuple[int, int, int, int] | None
    ) -> tuple[int, list[int], Layout, int, int] | None:
        """For a join proof (see :meth:`prove`): the step's variable, the assumptions and
        the layout of the swapped board before the join, ``x`` and the joined line's pair;
        None when the proof must be whole."""
        if joined is None or layout.waypoints or layout.portal_pairs or layout.bridges:
            return None
        far_x, x, y, far_y = joined
        step = self.walls.get(_edge(x, y))
        if step is None or x not in self.switch or y not in self.switch:
            return None
        pair, other = layout.cells[far_x], layout.pairs
        if pair < 0 or layout.cells[far_y] != pair or other >= 1 << self.bits:
            return None
        # The swapped board: far_x and y are one line (pair), x and far_y another (other).
        cells = list(layout.cells)
        cells[y], cells[x], cells[far_y] = pair, other, other
        ends = [*layout.ends]
        ends[pair] = (min(far_x, y), max(far_x, y))
        ends.append((min(x, far_y), max(x, far_y)))
        swapped = Layout(
            size=layout.size,
            cells=tuple(cells),
            ends=tuple(ends),
            walls=layout.walls,
            wrap=layout.wrap,
            hex=layout.hex,
        )
        return step, self._board(swapped), swapped, x, pair


class _OutOfConflicts(Exception):
    """A live proof spent its budget."""
