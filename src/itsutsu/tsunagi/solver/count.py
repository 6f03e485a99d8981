"""Count a Tsunagi board's answers: ``solve``, ``count_solutions`` and ``count_solutions_of_level``.

The board is written as CNF (:mod:`itsutsu.tsunagi.solver.cnf`) and handed to CaDiCaL
(python-sat's ``cadical195``, with the options in :data:`SOLVER_OPTIONS`), used incrementally.
Each model is a set of edges with the right degree everywhere; a model whose edges close a
loop with no stone on it gets a cut clause for that loop ("some edge leaving these cells is
used") and the same solver runs again. A model without such loops is an answer: it is
recorded, blocked by a clause over its edges, and the solver runs again, reusing everything it
has learnt, until ``limit`` answers are found or the formula becomes unsatisfiable. So the
count is exact up to ``limit``.

An answer is counted once per set of used edges. Which answers count is the ``rule``:

- ``"all"`` (the default, the original's count): lines that run beside themselves (two
  touching cells of one line that the line does not join directly) are counted, although the
  check refuses them and an answer code cannot show them.
- ``"check"``: only answers :func:`itsutsu.tsunagi.check_answer` accepts. The formula gains
  "two touching cells of one colour are joined" for every plain step and bridge jump, and each
  model is read with the check's own line test (which also covers portal passages); a model
  it refuses is blocked without being counted. A board with one answer under ``"check"`` has
  exactly one answer a player can enter, and that is what the generators prove.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pysat.solvers import Solver

from itsutsu.common.solving import SolveResult as Solved
from itsutsu.tsunagi.alphabet import LETTER_INDEX
from itsutsu.tsunagi.answer import _encode_answer
from itsutsu.tsunagi.check import _line_fault
from itsutsu.tsunagi.layout import Layout
from itsutsu.tsunagi.solver.cnf import (
    BINARY,
    RULE_ALL,
    RULE_CHECK,
    RULES,
    Edge,
    SatProblem,
    build_problem,
)

SAT_BACKEND = "cadical195"
"""The python-sat backend every count uses (CaDiCaL 1.9.5)."""
COLOURING = BINARY
"""The colour encoding every count uses. Binary colours beat one-hot ones at every size we
measured (15x15: 27 vs 42 ms per proof; 25x25: 0.26 vs 1.3 s), one-hot needing fewer
conflicts but a formula up to ten times larger."""
SOLVER_OPTIONS: tuple[tuple[str, int], ...] = (
    ("elim", 0),
    ("vivify", 0),
    ("subsume", 0),
    ("stabilize", 0),
)
"""CaDiCaL options every count sets: no variable elimination, vivification or subsumption,
and no stable mode (focused search only, as CaDiCaL's own ``--unsat`` setting does). A proof
of a big level is one unsatisfiable search; these cut its conflicts by about 45% and its
time by about 1.8 (30x30 corpus, see ``bench/prove_levels.py --compare``). They change only
how CaDiCaL searches: the formula, and so the count, is the same."""


@dataclass(frozen=True)
class SolveResult(Solved):
    """What a count of a Tsunagi board's answers found.

    ``count``, ``answers`` (answer codes in the order found: a portal cell carries its line's
    letter, a bridge is ``+``) and ``complete`` mean what they mean for every puzzle. The
    work counters count CaDiCaL's work over the whole count: ``conflicts`` (the unit of the
    budget), ``decisions``, and ``solves``, the solver calls made (answers found, plus loops
    cut, plus one). ``owners`` is the first answer as an owner per cell (its pair; -2 for a
    blocked cell, -3 for a bridge), or ``None``.

    The original's names stay: ``solutions`` (the answers), ``solution`` (the first),
    ``nodes`` (conflicts plus decisions) and ``branches`` (conflicts).
    """

    conflicts: int
    decisions: int
    solves: int
    owners: tuple[int, ...] | None

    @property
    def solutions(self) -> tuple[str, ...]:
        """The answers found, as answer codes (the original's name for ``answers``)."""
        return self.answers

    @property
    def solution(self) -> str | None:
        """The first answer's code, or ``None`` (the original's name for ``answer``)."""
        return self.answer

    @property
    def nodes(self) -> int:
        """Conflicts plus decisions: the original's figure for the work of a SAT count."""
        return self.conflicts + self.decisions

    @property
    def branches(self) -> int:
        """The conflicts: the original's name for them in a SAT count."""
        return self.conflicts


SolveCount = SolveResult
"""The original's name for :class:`SolveResult`."""


def _check_args(layout: object, limit: object, budget: object, rule: object = RULE_ALL) -> None:
    if not isinstance(layout, Layout):
        raise ValueError(f"the board must be a Layout (decode_layout), not {type(layout).__name__}")
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit must be a whole number of answers from 1 up, not {limit!r:.40}")
    if budget is not None and (
        isinstance(budget, bool) or not isinstance(budget, int) or not 0 <= budget < 2**31
    ):
        raise ValueError(
            f"budget must be a number of SAT conflicts from 0 to 2**31 - 1, or None, "
            f"not {budget!r:.40}"
        )
    if rule not in RULES:
        raise ValueError(
            f"rule must be {RULE_ALL!r} (every answer) or {RULE_CHECK!r} (answers the check "
            f"accepts), not {rule!r:.40}"
        )


def solve(
    layout: Layout, limit: int = 2, budget: int | None = None, rule: str = RULE_ALL
) -> SolveResult:
    """Find up to ``limit`` answers of ``layout``.

    ``budget`` bounds the work, in SAT conflicts over the whole count (``None``, the default,
    for no bound); when it runs out the result is not ``complete`` and holds only the
    answers found so far, so a count is never wrong, only unfinished. ``rule`` says which
    answers count: ``"all"`` (the default) counts lines that run beside themselves too, which
    the check refuses; ``"check"`` counts only answers the check accepts (two touching cells
    of one line are always joined). Raises ``ValueError`` for a value that is not a Layout, a
    limit below 1, a budget outside 0..2**31-1 or another rule.
    """
    _check_args(layout, limit, budget, rule)
    return _count(layout, limit, budget, None, rule=rule)


def count_solutions(
    layout: Layout, limit: int = 2, budget: int | None = None, rule: str = RULE_ALL
) -> SolveResult:
    """Count ``layout``'s answers, stopping at ``limit``: the same as :func:`solve`, under the
    original's name. ``budget`` is a number of SAT conflicts (``None`` for no bound);
    ``rule`` is ``"all"`` (every answer, the default) or ``"check"`` (answers the check
    accepts)."""
    _check_args(layout, limit, budget, rule)
    return _count(layout, limit, budget, None, rule=rule)


def count_solutions_of_level(
    layout: Layout,
    answer: str,
    limit: int = 2,
    budget: int | None = None,
    rule: str = RULE_ALL,
) -> SolveResult:
    """Count the answers of a level whose answer is known, stopping at ``limit``.

    A known answer that really is one is recorded first, without a search, so proving a
    level costs only the search for a second answer. The count is the same as
    :func:`count_solutions` gives, whatever ``answer`` holds. ``budget`` is a number of SAT
    conflicts over the whole count (``None`` for no bound); ``rule`` is ``"all"`` (every
    answer, the default) or ``"check"`` (answers the check accepts). Raises ``ValueError``
    for a non-layout, an answer that is not a string of ``size*size`` characters, a limit
    below 1, a budget outside 0..2**31-1 or another rule.
    """
    _check_args(layout, limit, budget, rule)
    if not isinstance(answer, str) or len(answer) != layout.size * layout.size:
        raise ValueError(
            f"the answer must be a string of {layout.size * layout.size} characters "
            f"(one per cell of a {layout.size}x{layout.size} board)"
        )
    return _count(layout, limit, budget, answer, rule=rule)


def _answer_edges(problem: SatProblem, answer: str) -> list[int]:
    """The edges a known answer uses: those whose two ends (and, for a portal passage, the
    portal's two cells) carry the same letter."""
    return _answer_edges_of(problem.edges, problem.layout, answer)


def _answer_edges_of(edges: Sequence[Edge], layout: Layout, answer: str) -> list[int]:
    """:func:`_answer_edges` over any edge list of ``layout``'s board."""
    return _owner_edges(edges, layout, [LETTER_INDEX.get(ch, -1) for ch in answer])


def _owner_edges(edges: Sequence[Edge], layout: Layout, owner: Sequence[int]) -> list[int]:
    """The edges an answer given as owners per cell uses."""
    portal_pairs = layout.portal_pairs
    out = []
    for edge in edges:
        same = owner[edge.a] >= 0 and owner[edge.a] == owner[edge.b]
        if same and edge.portal >= 0:
            p, q = portal_pairs[edge.portal]
            same = owner[p] == owner[q] == owner[edge.a]
        if same:
            out.append(edge.var)
    return out


def _line_owners(
    layout: Layout, problem: SatProblem, stone: list[bool], chosen: list[int]
) -> list[int] | None:
    """The owners if the edge set ``chosen`` is an answer (right degrees, every line joins its
    own stones, no loop, waypoints, bridges and portals kept), else ``None``."""
    touching = problem.touching
    used = set(chosen)
    for at, around in enumerate(touching):
        if problem.standable[at]:
            degree = sum(1 for var, _ in around if var in used)
            if degree != (1 if stone[at] else 2):
                return None
    loops, owners, tails = _read_model(layout, problem.edges, touching, stone, chosen)
    if loops or tails != [goal for _, goal in layout.ends]:
        return None
    cells = layout.cells
    for at, ok in enumerate(problem.standable):
        if ok and cells[at] < 0 and owners[at] < 0:
            return None
    for at, pair in layout.waypoints:
        if owners[at] != pair:
            return None
    size = layout.size
    crossings = dict.fromkeys(layout.bridges, 0)
    passes = [0] * len(layout.portal_pairs)
    for var in chosen:
        edge = problem.edges[var - 1]
        if edge.portal >= 0:
            passes[edge.portal] += 1
        if edge.over >= 0:
            crossings[edge.over] += 1
    for bridge, count in crossings.items():
        if count != 2 or owners[bridge - 1] == owners[bridge - size]:
            return None
    if any(count != 1 for count in passes):
        return None
    return owners


def _count(
    layout: Layout,
    limit: int,
    budget: int | None,
    answer: str | None,
    options: Sequence[tuple[str, int]] = SOLVER_OPTIONS,
    rule: str = RULE_ALL,
) -> SolveResult:
    """The count itself. ``options`` are the CaDiCaL options to set (the bench passes ``()``
    to time CaDiCaL's defaults against them)."""
    problem = build_problem(layout, COLOURING, rule)
    checked = rule == RULE_CHECK
    if problem.impossible:
        return SolveResult(0, (), True, 0, 0, 0, None)
    edges = problem.edges
    n_edges = len(edges)
    touching = problem.touching
    cells = layout.cells
    stone = [v >= 0 for v in cells]
    found: list[str] = []
    first_owners: tuple[int, ...] | None = None
    gave_up = False
    solves = 0
    with Solver(name=SAT_BACKEND) as solver:
        if options:
            # (Set before any clause: some options are only taken while configuring.)
            solver.configure(dict(options))
        solver.append_formula(problem.clauses)
        if answer is not None:
            # A known answer that really is one is recorded and blocked before any search
            # (checked here in Python, so no solver state leans towards it); the search for
            # a further answer is then the full search.
            chosen = _answer_edges(problem, answer)
            owners = _line_owners(layout, problem, stone, chosen)
            if owners is not None and checked and _line_fault(layout, owners) is not None:
                owners = None
            if owners is not None:
                found.append(_encode_answer(owners))
                first_owners = tuple(owners)
                solver.add_clause([-var for var in chosen])
        while len(found) < limit:
            if budget is not None:
                used = solver.accum_stats()["conflicts"]
                if used >= budget:
                    # (CaDiCaL reads a zero conflict limit as no limit at all.)
                    gave_up = True
                    break
                solver.conf_budget(budget - used)
                status = solver.solve_limited()
            else:
                status = solver.solve()
            solves += 1
            if status is None:
                gave_up = True
                break
            if not status:
                break
            model = solver.get_model()
            chosen = [var for var in range(1, n_edges + 1) if model[var - 1] > 0]
            loops, owners, _ = _read_model(layout, edges, touching, stone, chosen)
            if loops:
                for loop in loops:
                    solver.add_clause(_cut(loop, touching))
                continue
            solver.add_clause([-var for var in chosen])
            if checked and _line_fault(layout, owners) is not None:
                continue
            code = _encode_answer(owners)
            found.append(code)
            if first_owners is None:
                first_owners = tuple(owners)
        stats = solver.accum_stats()
    conflicts = int(stats.get("conflicts", 0))
    decisions = int(stats.get("decisions", 0))
    return SolveResult(
        len(found), tuple(found), not gave_up, conflicts, decisions, solves, first_owners
    )


def _read_model(
    layout: Layout,
    edges: Sequence[Edge],
    touching: Sequence[Sequence[tuple[int, int]]],
    stone: list[bool],
    chosen: list[int],
) -> tuple[list[list[int]], list[int], list[int]]:
    """Split a model's used edges into lines and loops: return the loops (cell lists of
    components with no stone), the owners (pair per cell; portal cells take their line's
    pair; blocked and bridge cells keep their value) and where each pair's line ends."""
    used = set(chosen)
    cells = layout.cells
    owners = list(cells)
    seen = [False] * len(cells)
    tails = []
    # Lines: walk from each pair's first stone.
    for pair, (start, _) in enumerate(layout.ends):
        at, previous_var = start, 0
        seen[at] = True
        while True:
            step = 0
            for var, other in touching[at]:
                if var != previous_var and var in used:
                    step = var
                    nxt = other
                    break
            if step == 0:
                break
            at, previous_var = nxt, step
            if seen[at]:
                break
            seen[at] = True
            owners[at] = pair
        tails.append(at)
    # Anything standable not reached lies on a loop.
    loops: list[list[int]] = []
    for start in range(len(cells)):
        if seen[start] or not touching[start] or stone[start]:
            continue
        if not any(var in used for var, _ in touching[start]):
            continue
        component = [start]
        seen[start] = True
        stack = [start]
        while stack:
            at = stack.pop()
            for var, other in touching[at]:
                if var in used and not seen[other]:
                    seen[other] = True
                    component.append(other)
                    stack.append(other)
        loops.append(component)
    if not loops and layout.portal_pairs:
        portal_pairs = layout.portal_pairs
        for var in chosen:
            edge = edges[var - 1]
            portal = edge.portal
            if portal >= 0:
                p, q = portal_pairs[portal]
                owners[p] = owners[q] = owners[edge.a]
    return loops, owners, tails


def _cut(loop: list[int], touching: Sequence[Sequence[tuple[int, int]]]) -> list[int]:
    """The clause "some edge leaving this loop's cells is used"."""
    inside = set(loop)
    out = []
    for at in loop:
        for var, other in touching[at]:
            if other not in inside:
                out.append(var)
    return out
