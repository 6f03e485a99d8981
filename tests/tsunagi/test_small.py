"""The formula built from cached per-shape pieces is the very formula ``build_problem`` writes,
so counts through it are identical: same answers in the same order, same work counters."""

from __future__ import annotations

import random

import pytest

from conftest import corpus_files, corpus_rows
from itsutsu.tsunagi.layout import Layout, decode_layout
from itsutsu.tsunagi.solver.cnf import SatProblem, build_problem
from itsutsu.tsunagi.solver.count import _count, count_solutions_of_level
from itsutsu.tsunagi.solver.small import small_problem
from tsunagi_boards import brute_force, random_board


def _levels(name: str) -> list[tuple[int, str, str]]:
    rows = corpus_rows("tsunagi", name)
    if name == "portals.tsv":
        return [(int(row[0]), row[2], row[3]) for row in rows]
    size = int(name.removeprefix("classic-").removesuffix(".tsv"))
    return [(size, row[1], row[2]) for row in rows]


def _same(a: SatProblem, b: SatProblem) -> bool:
    return (
        a.standable,
        a.edges,
        a.touching,
        a.clauses,
        a.variables,
        a.impossible,
        a.colouring,
        a.colour_base,
        a.bits,
    ) == (
        b.standable,
        b.edges,
        b.touching,
        b.clauses,
        b.variables,
        b.impossible,
        b.colouring,
        b.colour_base,
        b.bits,
    )


def _random_boards(seed: int, count: int) -> list[Layout]:
    rng = random.Random(seed)
    out: list[Layout] = []
    while len(out) < count:
        layout = random_board(rng)
        if layout is not None:
            out.append(layout)
    return out


SMALL_FILES = [
    name
    for name in corpus_files("tsunagi")
    if name == "portals.tsv" or int(name.removeprefix("classic-").removesuffix(".tsv")) <= 7
] or ["classic-4.tsv"]


@pytest.mark.parametrize("name", corpus_files("tsunagi") or ["classic-4.tsv"])
def test_formula_is_build_problems_on_every_corpus_level(name: str) -> None:
    built = fallback = 0
    for size, code, _ in _levels(name):
        layout = decode_layout(code, size)
        assert layout is not None
        fast = small_problem(layout)
        if fast is None:
            assert layout.bridges or layout.portal_pairs or build_problem(layout).impossible
            fallback += 1
            continue
        built += 1
        assert _same(fast, build_problem(layout)), code
    if name == "portals.tsv":
        assert built == 0 and fallback == len(_levels(name))
    else:
        assert built > len(_levels(name)) // 2


def test_formula_is_build_problems_on_random_boards() -> None:
    built = 0
    for layout in _random_boards(31, 3000):
        fast = small_problem(layout)
        if fast is None:
            assert layout.bridges or layout.portal_pairs or build_problem(layout).impossible
            continue
        built += 1
        assert _same(fast, build_problem(layout)), layout
    assert built > 2000


@pytest.mark.parametrize("name", SMALL_FILES)
def test_counts_are_identical_on_small_corpus_levels(name: str) -> None:
    for size, code, answer in _levels(name):
        layout = decode_layout(code, size)
        assert layout is not None
        for guide in (answer, None):
            fast = _count(layout, 2, None, guide)
            slow = _count(layout, 2, None, guide, cached=False)
            assert fast == slow, code
            assert (fast.count, fast.answers, fast.complete) == (1, (answer,), True)


def test_counts_are_identical_and_right_on_random_boards() -> None:
    # (The brute force writes a portal cell as "."; the count gives it its line's letter.)
    for layout in _random_boards(8, 700):
        fast = _count(layout, 3, None, None)
        assert fast == _count(layout, 3, None, None, cached=False)
        truth = brute_force(layout, 4)
        assert fast.count == min(len(truth), 3)
        if layout.portal_pairs or len(truth) > 3:
            continue  # (four found: there may be more, the count's three among them)
        assert set(fast.answers) <= {code for _, code in truth}
        if len(truth) < 3:
            assert sorted(fast.answers) == sorted(code for _, code in truth)


def test_shapes_with_different_colour_widths_share_pieces_safely() -> None:
    # One shape (an empty 5x5), boards of 2, 3 and 5 pairs in turn and back: each formula
    # is still build_problem's (the pieces cached per colour width never leak across).
    codes = [
        "A...A.....B...B..........",
        "A...A.....B...B.....C...C",
        "AB.BACD.DCE...E..........",
        "A...A.....B...B..........",
    ]
    for code in codes:
        layout = decode_layout(code, 5)
        assert layout is not None
        fast = small_problem(layout)
        assert fast is not None and _same(fast, build_problem(layout))
        assert count_solutions_of_level(layout, "A" * 25).complete
