"""Solve a Suido board: count its answers (up to a limit) and list them (spec section 6).

The answers are those the rules accept (spec 3.1): on a network every piece wet and nothing
leaking; on a drains board every drain wet and no wet piece leaking; on an inlet-outlet board one
unbranched path from the pump to the drain. Dry pieces (spares, decoys) may face anything and do
not make extra answers: one answer is one wet network, recorded with every dry piece as given.

The search itself is our own (see :mod:`itsutsu.suido.solver.search`), not the original's, so its
``nodes`` and ``branches`` are not the original's figures; the answers and their count are.
"""

from __future__ import annotations

from dataclasses import dataclass

from itsutsu.suido.code import KINDS, Layout, check_masks
from itsutsu.suido.solver.problem import problem_of
from itsutsu.suido.solver.search import run_search

DEFAULT_LIMIT = 2
"""Answers to look for by default: two tell one answer from several."""
DEFAULT_BUDGET = 200_000
"""Search positions to allow by default (the original's figure)."""


@dataclass(frozen=True)
class SolveResult:
    """What :func:`solve` found.

    ``count``: answers found, never above the limit. ``solutions``: their masks, one tuple per
    distinct answer, in the order found. ``nodes``: search positions entered (the root counts).
    ``branches``: positions that had to try more than one facing. ``forced``: cells whose facing
    propagation alone settled at the root (pieces open on a known set of sides: crosses and
    locked pieces included, blanks and dry spares not; 0 when the root is contradictory).
    ``complete``: False exactly when the budget ran out, so ``count == 1 and complete`` proves
    the board has one answer.
    """

    count: int
    solutions: tuple[tuple[int, ...], ...]
    nodes: int
    branches: int
    forced: int
    complete: bool


def _check_layout(layout: object) -> Layout:
    """Return ``layout`` if it is a Layout the solver can read, else raise ValueError."""
    if not isinstance(layout, Layout):
        raise ValueError(f"solve needs a Suido Layout, not {type(layout).__name__}")
    if layout.kind not in KINDS:
        raise ValueError(f"unknown Suido kind {layout.kind!r}; expected one of {KINDS}")
    check_masks(layout, layout.cells)
    size = len(layout.cells)
    for name, cells in (
        ("source", layout.sources),
        ("drain", layout.drains),
        ("locked", layout.locked or ()),
    ):
        for cell in cells:
            if type(cell) is not int or not 0 <= cell < size:
                raise ValueError(f"a {name} cell must be a cell number 0..{size - 1}, not {cell!r}")
    return layout


def _check_count(name: str, value: object, least: int) -> int:
    """Return ``value`` if it is a whole number at least ``least``, else raise ValueError."""
    if type(value) is not int or value < least:
        raise ValueError(f"{name} must be a whole number at least {least}, not {value!r}")
    return value


def solve(layout: Layout, limit: int = DEFAULT_LIMIT, budget: int = DEFAULT_BUDGET) -> SolveResult:
    """Find up to ``limit`` answers of ``layout``, entering at most ``budget`` search positions.

    The budget counts search positions (``nodes``), the root included; when a position beyond it
    would be entered the search stops and the result has ``complete=False``. Raises ValueError
    for a board with squares that is not a network ("Only a network can have big pieces or
    blocks that turn."), for a value that is not a Layout, and for a limit below 1 or a
    negative budget.
    """
    board = _check_layout(layout)
    wanted = _check_count("limit", limit, 1)
    allowed = _check_count("budget", budget, 0)
    outcome = run_search(problem_of(board), wanted, allowed)
    return SolveResult(
        count=len(outcome.solutions),
        solutions=outcome.solutions,
        nodes=outcome.nodes,
        branches=outcome.branches,
        forced=outcome.forced,
        complete=outcome.complete,
    )


def count_solutions(
    layout: Layout, limit: int = DEFAULT_LIMIT, budget: int = DEFAULT_BUDGET
) -> int:
    """Return the number of answers of ``layout`` found, at most ``limit`` (see :func:`solve`)."""
    return solve(layout, limit, budget).count
