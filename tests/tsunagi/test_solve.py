"""The solver (spec 10): exact counts against a brute force on thousands of small boards with
every twist, the interface's refusals, budgets, and boards with none or thousands of answers.

The corpus proofs live in ``test_solve_corpus.py``.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from itsutsu.cli import main
from itsutsu.tsunagi.answer import encode_answer
from itsutsu.tsunagi.check import check_answer
from itsutsu.tsunagi.layout import decode_layout, encode_layout
from itsutsu.tsunagi.solver.count import (
    SOLVER_OPTIONS,
    SolveCount,
    _count,
    count_solutions,
    count_solutions_of_level,
)
from tsunagi_boards import _twists, brute_force, random_board

FIVE = "AB..B.CDEF.....A..E.C..DF"
FIVE_ANSWER = "ABBBBACDEFACDEFACDEFCCDDF"


# ---------------------------------------------------------------- brute force


def test_solver_agrees_with_brute_force_on_random_boards() -> None:
    rng = random.Random(20260305)
    tally: Counter[int] = Counter()
    twists: Counter[str] = Counter()
    boards = 0
    while boards < 3000:
        layout = random_board(rng)
        if layout is None:
            continue
        boards += 1
        expected = brute_force(layout, 3)
        got = count_solutions(layout, limit=3)
        assert not got.gave_up
        assert got.count == len(expected), (encode_layout(layout), got, expected)
        # (Small boards are counted by the search without SAT; the SAT count agrees.)
        sat = _count(layout, 3, None, None, search=False)
        assert (sat.count, sat.complete) == (got.count, True)
        if got.count < 3:
            assert sorted(sat.solutions) == sorted(got.solutions)
        codes = [code for _, code in expected]
        # Below the limit both found every answer (in their own orders); at the limit each
        # found some three of them.
        if got.count < 3:
            assert sorted(got.solutions) == sorted(codes)
        for solution in got.solutions:
            verdict = check_answer(layout.size, encode_layout(layout), solution)
            assert verdict.ok or verdict.reason.endswith("is not one line"), verdict
        if got.count >= 2:
            first, second = got.solutions[:2]
            passed = [
                check_answer(layout.size, encode_layout(layout), s).ok for s in (first, second)
            ]
            if all(passed):
                assert first != second
        tally[min(got.count, 2)] += 1
        for twist in _twists(layout):
            twists[twist] += 1
    assert min(tally[0], tally[1], tally[2]) >= 300, tally
    assert min(twists.values()) >= 60 and len(twists) == 9, twists


def test_solver_options_change_no_count() -> None:
    # The bench's "old" configuration (CaDiCaL's defaults) and SOLVER_OPTIONS find the same
    # number of answers, on boards with none, one and several.
    rng = random.Random(20261130)
    tally: Counter[int] = Counter()
    while sum(tally.values()) < 300:
        layout = random_board(rng)
        if layout is None:
            continue
        new = _count(layout, 3, None, None, SOLVER_OPTIONS, search=False)
        old = _count(layout, 3, None, None, (), search=False)
        assert (new.count, new.gave_up) == (old.count, False), encode_layout(layout)
        assert sorted(new.solutions) == sorted(old.solutions) or new.count == 3
        tally[new.count] += 1
    assert min(tally[0], tally[1], tally[3]) >= 20, tally


# ---------------------------------------------------------------- interface


def test_spec_vectors() -> None:
    layout = decode_layout(FIVE, 5)
    assert layout is not None
    result = count_solutions(layout)
    assert (result.count, result.solutions, result.gave_up) == (1, (FIVE_ANSWER,), False)
    assert result.owners is not None and encode_answer(result.owners) == FIVE_ANSWER
    assert count_solutions_of_level(layout, FIVE_ANSWER).solutions == (FIVE_ANSWER,)
    # A wrong guide changes nothing but the speed.
    assert count_solutions_of_level(layout, "x" * 25).solutions == (FIVE_ANSWER,)
    four = decode_layout("A..A............", 4)
    assert four is not None
    assert count_solutions(four).count == 2


def test_bad_arguments_are_refused() -> None:
    layout = decode_layout(FIVE, 5)
    assert layout is not None
    with pytest.raises(ValueError, match="must be a Layout"):
        count_solutions(FIVE)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="limit must be"):
        count_solutions(layout, limit=0)
    with pytest.raises(ValueError, match="budget must be"):
        count_solutions(layout, budget=-1)
    with pytest.raises(ValueError, match="string of 25 characters"):
        count_solutions_of_level(layout, FIVE_ANSWER[:-1])


def test_no_answer_many_answers_and_budgets() -> None:
    corners = decode_layout("A" + "." * 62 + "A", 8)  # both ends on one colour of the checkerboard
    assert corners is not None
    assert count_solutions(corners) == SolveCount(0, (), True, *_work(count_solutions(corners)))
    row = decode_layout("A......A" + "." * 56, 8)
    assert row is not None
    many = count_solutions(row, limit=5000)
    # One line through every cell: 5000 different edge sets, all spelled the same way.
    assert (many.count, many.gave_up, set(many.solutions)) == (5000, False, {"A" * 64})
    small = decode_layout("A" + "." * 23 + "A", 5)
    assert small is not None
    assert count_solutions(small, limit=5000).count == 104
    assert len(brute_force(small, 5000)) == 104
    tight = count_solutions(row, limit=5000, budget=100)
    assert tight.gave_up and tight.branches == 100 and tight.count < 5000
    nothing = count_solutions(row, budget=0)
    assert (nothing.count, nothing.gave_up) == (0, True)


def _work(result: SolveCount) -> tuple[int, int, int, None]:
    return result.conflicts, result.decisions, result.solves, None


def test_cli_count_and_solve(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tsunagi", "count", "5", FIVE]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 answer\n") and "[A]" in out
    assert main(["tsunagi", "count", "4", "A..A............", "--limit", "5"]) == 0
    assert capsys.readouterr().out.startswith("at least 5 answers\n")
    assert main(["tsunagi", "count", "5", "A" + "." * 23 + "A", "--limit", "200"]) == 0
    assert capsys.readouterr().out.startswith("104 answers\n")
    assert (
        main(["tsunagi", "count", "8", "A......A" + "." * 56, "--budget", "10", "--limit", "5000"])
        == 3
    )
    head = capsys.readouterr().out.splitlines()[0]
    assert "(gave up after 10 conflicts; try a larger --budget)" in head
    assert main(["tsunagi", "solve", "5", FIVE]) == 0
    assert capsys.readouterr().out == FIVE_ANSWER + "\n"
    assert main(["tsunagi", "solve", "8", "A" + "." * 62 + "A"]) == 1
    assert capsys.readouterr().out == "no answer\n"
    assert main(["tsunagi", "solve", "5", "A...."]) == 2
    assert (
        capsys.readouterr()
        .err.strip()
        .endswith(
            "the givens are not a Tsunagi layout: a 5x5 layout has 25 cells before any '|', "
            "this one has 5"
        )
    )
    assert main(["tsunagi", "count", "x", FIVE]) == 2
