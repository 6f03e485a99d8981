"""The check's fast pass only ever accepts what the full check accepts: on every corpus
level, for its answer and answers changed at random, the verdicts are the same."""

from __future__ import annotations

import random

import pytest

from conftest import corpus_files, corpus_rows
from itsutsu import tsunagi
from itsutsu.tsunagi.check import _full_check, _plain_pass

CLASSIC = [name for name in corpus_files("tsunagi") if name.startswith("classic-")]


def _changed(answer: str, rng: random.Random) -> str:
    cells = list(answer)
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(cells))
        if rng.random() < 0.5:
            other = rng.randrange(len(cells))
            cells[at], cells[other] = cells[other], cells[at]
        else:
            cells[at] = rng.choice(answer)
    return "".join(cells)


@pytest.mark.parametrize("name", CLASSIC or ["classic-5.tsv"])
def test_the_fast_pass_agrees_with_the_full_check(name: str) -> None:
    size = int(name.removeprefix("classic-").removesuffix(".tsv"))
    rng = random.Random(name)
    passed = 0
    for row in corpus_rows("tsunagi", name)[::3]:
        layout = tsunagi.decode_layout(row[1], size)
        assert layout is not None
        for answer in (row[2], *(_changed(row[2], rng) for _ in range(8))):
            full = _full_check(layout, answer)
            if _plain_pass(layout, answer):
                passed += 1
                assert full.ok, (row[1], answer)
            assert tsunagi.check_answer(size, row[1], answer) == full
    assert passed > 0


def test_a_detached_loop_is_not_passed() -> None:
    # Every cell has the neighbours its letter needs, but the 2x2 of A's is a loop of its own
    layout, answer = "A..AB..BC..DC..D", "AAAABBBBCAADCAAD"
    decoded = tsunagi.decode_layout(layout, 4)
    assert decoded is not None
    assert not _plain_pass(decoded, answer)
    assert tsunagi.check_answer(4, layout, answer) == tsunagi.Check(
        False, "line A does not join its stones"
    )


def test_wrapping_answers_pass_fast() -> None:
    seen = 0
    for name in CLASSIC:
        size = int(name.removeprefix("classic-").removesuffix(".tsv"))
        for row in corpus_rows("tsunagi", name):
            layout = tsunagi.decode_layout(row[1], size)
            assert layout is not None
            if layout.wrap and size >= 3 and not layout.portal_pairs:
                seen += 1
                assert _plain_pass(layout, row[2]), row[1]
    if not seen:
        pytest.skip("no wrapping level in the corpus")


def test_the_seam_joins_only_on_a_wrapping_board() -> None:
    # Each row's line is right on a plain board; wrapped, its stones touch across the seam
    layout, answer = "A..AB..BC..CD..D", "AAAABBBBCCCCDDDD"
    plain = tsunagi.decode_layout(layout, 4)
    wrapped = tsunagi.decode_layout(layout + "|wrap", 4)
    assert plain is not None and wrapped is not None
    assert _plain_pass(plain, answer) and tsunagi.check_answer(4, layout, answer).ok
    assert not _plain_pass(wrapped, answer)
    assert tsunagi.check_answer(4, layout + "|wrap", answer) == tsunagi.Check(
        False, "line A is not one line"
    )


@pytest.mark.parametrize(
    ("layout", "answer"),
    [("A.AB.BC.C", "AAABBBCCC"), ("ABC...ABC", "ABCABCABC")],
)
def test_walls_are_honoured(layout: str, answer: str) -> None:
    assert tsunagi.check_answer(3, layout, answer).ok
    for wall in ("|0-1", "|0-3", "|4-5", "|5-8"):
        walled = tsunagi.decode_layout(layout + wall, 3)
        assert walled is not None
        crossed = wall in ("|0-1", "|4-5") if layout[1] == "." else wall in ("|0-3", "|5-8")
        assert _plain_pass(walled, answer) is not crossed
        assert tsunagi.check_answer(3, layout + wall, answer).ok is not crossed
