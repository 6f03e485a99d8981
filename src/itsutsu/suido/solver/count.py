"""Solve a Suido board: count its answers (up to a limit) and list them.

The answers are those the rules accept: on a network every piece wet and nothing
leaking; on a drains board every drain wet and no wet piece leaking; on an inlet-outlet board one
unbranched path from the pump to the drain. Dry pieces (spares, decoys) may face anything and do
not make extra answers: one answer is one wet network, recorded with every dry piece as given.

The search itself is our own (see :mod:`itsutsu.suido.solver.search`), not the original's, so its
``nodes`` and ``branches`` are not the original's figures; the answers and their count are.
"""

from __future__ import annotations

from dataclasses import dataclass

from itsutsu.common.notebook_repr import lazy, shown_in_notebooks
from itsutsu.common.solving import SolveResult as Solved
from itsutsu.suido.check import NOT_AN_ANSWER, OTHER_BOARD, check_answer
from itsutsu.suido.code import (
    _KIND_LETTERS,
    KINDS,
    Layout,
    _encode_layout,
    check_masks,
)
from itsutsu.suido.pieces import DRAIN_CHARS, PLAIN_CHARS, SOURCE_CHARS
from itsutsu.suido.solver.problem import problem_of
from itsutsu.suido.solver.search import NO_BOUND, run_search

DEFAULT_LIMIT = 2
"""Answers to look for by default: two tell one answer from several."""
ORIGINAL_BUDGET = 200_000
"""The original's default budget in search positions. Ours has no default bound (``None``):
our counts finish, and a bound is the caller's choice."""


@shown_in_notebooks(
    lazy("itsutsu.suido.drawing.shown", "result_summary"),
    lazy("itsutsu.suido.drawing.shown", "result_svg"),
    lazy("itsutsu.suido.drawing.shown", "result_status"),
)
@dataclass(frozen=True)
class SolveResult(Solved):
    """What a count of a Suido board's answers found.

    ``count``, ``answers`` (answer codes: the board's code with each piece turned as it lies
    in the answer, in the order found) and ``complete`` mean what they mean for every puzzle.
    ``solutions`` holds the same answers as masks, one tuple per answer. The work counters
    count our own search: ``positions`` entered (the root, each branch and each probe of
    a facing count; the unit of the budget),
    ``branches`` (positions that had to try more than one facing) and ``forced`` (cells that
    propagation alone settled at the root: pieces open on a known set of sides, crosses and
    locked pieces included, blanks and dry spares not; 0 when the root is contradictory).
    ``nodes`` is the original's name for ``positions``.
    """

    solutions: tuple[tuple[int, ...], ...]
    positions: int
    branches: int
    forced: int

    @property
    def nodes(self) -> int:
        """The positions entered (the original's name for ``positions``)."""
        return self.positions


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
        raise ValueError(f"{name} must be a whole number at least {least}, not {value!r:.40}")
    return value


def _check_budget(budget: object) -> int | None:
    """Return ``budget`` if it is None or a whole number of positions from 0, else raise."""
    if budget is None:
        return None
    return _check_count("budget", budget, 0)


def _answer_codes(layout: Layout, solutions: tuple[tuple[int, ...], ...]) -> tuple[str, ...]:
    """The code of ``layout`` with its cells turned as in each answer (one code per answer).

    The board's own code is written once; each answer only rewrites the cell characters.
    """
    if not solutions:
        return ()
    size = len(layout.cells)
    head = (
        f"{layout.width}x{layout.height}{_KIND_LETTERS[layout.kind]}{'w' if layout.wrap else ''}:"
    )
    tail = "".join(
        f";{letter}{','.join(str(n) for n in numbers)}"
        for letter, numbers in (
            ("l", layout.locked),
            ("w", layout.walls),
            ("b", layout.bigs),
            ("k", layout.blocks),
        )
        if numbers
    )
    chars = [PLAIN_CHARS] * size
    for cell in layout.sources:
        chars[cell] = SOURCE_CHARS
    for cell in layout.drains:
        chars[cell] = DRAIN_CHARS
    return tuple(
        head + "".join([table[mask] for table, mask in zip(chars, masks, strict=True)]) + tail
        for masks in solutions
    )


def _solve(layout: Layout, limit: int, budget: int | None) -> SolveResult:
    """The count itself, on arguments already checked."""
    outcome = run_search(problem_of(layout), limit, NO_BOUND if budget is None else budget)
    return SolveResult(
        count=len(outcome.solutions),
        answers=_answer_codes(layout, outcome.solutions),
        complete=outcome.complete,
        solutions=outcome.solutions,
        positions=outcome.nodes,
        branches=outcome.branches,
        forced=outcome.forced,
    )


def solve(layout: Layout, limit: int = DEFAULT_LIMIT, budget: int | None = None) -> SolveResult:
    """Find up to ``limit`` answers of ``layout``.

    ``budget`` bounds the work, in search positions entered, the root included (``None``, the
    default, for no bound); when it runs out the result is not ``complete`` and holds only the
    answers found so far, so a count is never wrong, only unfinished. Raises ValueError for a
    board with squares that is not a network ("Only a network can have big pieces or blocks
    that turn."), for a value that is not a Layout, and for a limit below 1 or a negative
    budget.
    """
    return _solve(_check_layout(layout), _check_count("limit", limit, 1), _check_budget(budget))


def count_solutions(
    layout: Layout, limit: int = DEFAULT_LIMIT, budget: int | None = None
) -> SolveResult:
    """Count ``layout``'s answers, stopping at ``limit``: the same as :func:`solve`, under the
    original's name (whose result was the count alone: read ``.count``). ``budget`` is a
    number of search positions (``None`` for no bound)."""
    return _solve(_check_layout(layout), _check_count("limit", limit, 1), _check_budget(budget))


def count_solutions_of_level(
    layout: Layout, answer: str, limit: int = DEFAULT_LIMIT, budget: int | None = None
) -> SolveResult:
    """Count the answers of a level whose answer code is known, stopping at ``limit``.

    The count is the same as :func:`count_solutions` gives; the answer is checked to be an
    answer code of this board (the same size, kind and pieces, each turned), so a level and
    its stored answer can be proved in one call. ``budget`` is a number of search positions
    (``None`` for no bound). Raises ValueError for an answer that is not a code of this board,
    and as :func:`solve` does.
    """
    board = _check_layout(layout)
    wanted = _check_count("limit", limit, 1)
    allowed = _check_budget(budget)
    verdict = check_answer(_encode_layout(board), answer) if isinstance(answer, str) else None
    if verdict is None or verdict.reason in (NOT_AN_ANSWER, OTHER_BOARD):
        raise ValueError("the answer must be an answer code of this board (the same size and kind)")
    return _solve(board, wanted, allowed)
