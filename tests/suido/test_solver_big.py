"""The Suido solver on big boards it did not make: 64x64 networks from random spanning trees.

The boards come from ``tests/suido_trees.py`` (Wilson, depth-first and Prim trees, every piece
turned at random), a method no generator of ours uses; most have several answers, some one.
Each count must finish well inside a generous bound (the real time is printed), and the
counts are cross-checked: against the brute force on tiny boards, and against the old search
(``itsutsu.suido.solver._baseline``) on mid-sized ones, answers in the same order.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from itsutsu.suido.code import Layout, decode_layout
from itsutsu.suido.solver._baseline import old_search
from itsutsu.suido.solver.count import SolveResult, solve
from itsutsu.suido.water import flow_of
from suido_boards import _check_against_brute_force, _combinations
from suido_trees import METHODS, tree_answer, tree_board

BOUND_SECONDS = 10.0
"""A generous bound in CPU seconds per count, so a loaded machine does not fail the test (the
goal is 2 s; these boards take 0.02-0.4 s)."""

STORED_BOARDS = Path(__file__).with_name("solver_big_boards.txt")


def _timed(layout: Layout, limit: int = 2) -> tuple[float, SolveResult]:
    """Count ``layout`` and return the CPU seconds it took (a busy machine disturbs CPU time
    less than the wall clock) with the result."""
    start = time.process_time()
    result = solve(layout, limit=limit)
    return time.process_time() - start, result


@pytest.mark.parametrize("wrap", [False, True], ids=["plain", "wrap"])
@pytest.mark.parametrize("method", METHODS)
def test_spanning_tree_boards_are_counted_fast(method: str, wrap: bool) -> None:
    for seed in range(2):
        layout = tree_board(64, 64, wrap, method, seed)
        seconds, result = _timed(layout)
        print(
            f"{method} {'wrap' if wrap else 'plain'} seed {seed}: {result.count} answers "
            f"({result.positions} positions) in {seconds:.2f} s"
        )
        assert result.complete and 1 <= result.count <= 2
        assert seconds < BOUND_SECONDS
        for masks in result.solutions:
            assert flow_of(layout, masks).solved
        if result.count == 1:
            assert result.solutions[0] == tree_answer(64, 64, wrap, method, seed)


def _stored_boards() -> list[tuple[str, int, str]]:
    rows = []
    for line in STORED_BOARDS.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, count, code = line.split("\t")
            rows.append((name, int(count), code))
    return rows


@pytest.mark.parametrize(("name", "count", "code"), _stored_boards(), ids=lambda v: str(v)[:24])
def test_stored_big_boards_are_counted_fast(name: str, count: int, code: str) -> None:
    # Mended boards with one answer, and boards with several on which our search without
    # probes and the tree rule gave up after 20,000 positions.
    layout = decode_layout(code)
    assert layout is not None
    seconds, result = _timed(layout)
    print(f"{name}: {result.count} answers ({result.positions} positions) in {seconds:.2f} s")
    assert (result.count, result.complete) == (count, True)
    for masks in result.solutions:
        assert flow_of(layout, masks).solved
    assert seconds < BOUND_SECONDS
    # A budget too small gives up without a wrong count.
    cut = solve(layout, budget=result.positions - 1)
    assert not cut.complete and cut.count <= count and cut.positions == result.positions


def test_tiny_spanning_tree_boards_agree_with_brute_force() -> None:
    counts = []
    for method in METHODS:
        for wrap, width, height in ((False, 2, 3), (False, 3, 2), (False, 2, 4), (True, 3, 3)):
            for seed in range(10):
                layout = tree_board(width, height, wrap, method, seed)
                if _combinations(layout) <= 4096:
                    counts.append(_check_against_brute_force(layout))
    # Tiny trees have one answer each (the brute force says so); the counts must agree.
    assert len(counts) >= 50 and set(counts) == {1}, counts


@pytest.mark.parametrize("wrap", [False, True], ids=["plain", "wrap"])
def test_mid_boards_count_as_the_old_search_does(wrap: bool) -> None:
    for method in METHODS:
        for seed in range(4):
            for side, limit in ((8, 50), (16, 2)):
                layout = tree_board(side, side, wrap, method, seed)
                new = solve(layout, limit=limit)
                old = old_search(layout, limit, 1 << 62)
                assert new.complete and old.complete
                assert new.solutions == old.solutions, (method, seed, side)
