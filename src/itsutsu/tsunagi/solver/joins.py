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

    def prove(self, layout: Layout, owners: Sequence[int], answer: str, budget: int) -> SolveResult:
        """Count ``layout``'s answers the check accepts, up to two, knowing that ``owners``
        (a pair per cell; ``answer`` is its code, or ``""`` on a board of more lines than
        letters) is one. ``layout``'s stones must be among the first board's and its walls
        on its edges. At most ``budget`` conflicts are spent. The result is like
        :func:`itsutsu.tsunagi.count_solutions_of_level`'s, but its ``owners`` are those of
        the second answer (when one was found)."""
        solver = self.solver
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
        mine = _owner_edges(self.edges, layout, owners)
        guard = self._fresh()
        solver.add_clause([-guard, *(-var for var in mine)])
        assumptions.append(guard)
        chosen_set = set(mine)
        solver.set_phases([var if var in chosen_set else -var for var in range(1, self.base + 1)])
        stone = [v >= 0 for v in layout.cells]
        found = [answer]
        start = solver.accum_stats().get("conflicts", 0)
        gave_up = False
        solves = 0
        owners_first: tuple[int, ...] | None = None
        while True:
            used = solver.accum_stats().get("conflicts", 0) - start
            if used >= budget:
                gave_up = True
                break
            solver.conf_budget(budget - used)
            status = solver.solve_limited(assumptions=assumptions)
            solves += 1
            if status is None:
                gave_up = True
                break
            if not status:
                break
            model = solver.get_model()
            chosen = [var for var in range(1, self.base + 1) if model[var - 1] > 0]
            loops, found_owners, _ = _read_model(layout, self.edges, self.touching, stone, chosen)
            if loops:
                for loop in loops:
                    guards = [self.switch[at] for at in loop if at in self.switch]
                    solver.add_clause([*_cut(loop, self.touching), *guards])
                continue
            if layout.portal_pairs and _line_fault(layout, found_owners) is not None:
                solver.add_clause([-guard, *(-var for var in chosen)])
                continue
            found.append(_encode_answer(found_owners) if layout.pairs <= MOST_PAIRS else "")
            owners_first = tuple(found_owners)
            break
        solver.add_clause([-guard])
        conflicts = int(solver.accum_stats().get("conflicts", 0) - start)
        return SolveResult(
            len(found), tuple(found), not gave_up, conflicts, 0, solves, owners_first
        )
