"""Level rows (spec 13.2) and twists (spec 12) over the whole corpus and the README examples."""

from __future__ import annotations

import pytest

from conftest import corpus_files, corpus_rows
from itsutsu.suido.code import decode_layout, encode_layout
from itsutsu.suido.rows import declared_twists, level_answer, level_board, level_solution, turns_of
from itsutsu.suido.twists import SUIDO_LEVEL_TWISTS, SUIDO_TWISTS, is_twisted, twists_of
from itsutsu.suido.water import flow_of

README_EXAMPLES = [
    (
        ("5x5:j5a5C5I59Ib75f7a6CCa35aIC", "1101202133111021323101003", ""),
        "5x5:maaaI5CacE7eafd53IB53aaIB",
    ),
    (
        ("5x5:CB3E99577cBBrfEea6aB65Ecc;w4,34,36", "1123311311212013021231121", "walls"),
        "5x5:ECcCc3abe9ECufI7a95E3aI39;w4,34,36",
    ),
    (
        ("5x5i:k0ca9c5305330050d2335ef6C", "0030321300000000231303032", "inlet-outlet"),
        "5x5i:k06ac3a905330050716957f3I",
    ),
    (
        ("5x5:Bm16966295dadca7I6d735EEC;b2", "1110302000203110033201123", "big-pieces"),
        "5x5:Cs42c693c57ae957I3ed3aIBB;b2",
    ),
]


@pytest.mark.parametrize(("row", "answer"), README_EXAMPLES)
def test_readme_worked_examples(row: tuple[str, str, str], answer: str) -> None:
    assert level_answer(row) == answer
    layout = level_board(row)
    solution = level_solution(row)
    assert layout is not None and solution is not None
    assert declared_twists(row) == twists_of(layout)
    assert flow_of(layout, solution).solved


def test_readme_example_details() -> None:
    layout = level_board(README_EXAMPLES[3][0])
    assert layout is not None and layout.bigs == (2,)
    solution = level_solution(README_EXAMPLES[3][0])
    assert solution is not None
    assert (solution[2], solution[3], solution[8], solution[7], solution[1]) == (4, 2, 12, 3, 12)
    path = level_board(README_EXAMPLES[2][0])
    path_solution = level_solution(README_EXAMPLES[2][0])
    assert path is not None and path_solution is not None
    flow = flow_of(path, path_solution)
    assert flow.order == (0, 5, 6, 7, 2, 3, 4, 9, 14, 19, 18, 23, 24)
    assert [c for c in (10, 11, 16, 17, 20, 21, 22) if flow.wet[c]] == []


def test_bad_rows() -> None:
    assert level_solution(("nonsense", "0", "")) is None
    assert level_solution(("2x2:h000", "000", "")) is None
    assert level_solution(("2x2:h000", "0004", "")) is None
    assert level_solution(("2x2:h000", "000 ", "")) is None
    assert level_answer(("2x2:h000", "00000", "")) is None
    assert level_solution(("2x2:h000", "1000", "")) == (2, 0, 0, 0)
    with pytest.raises(ValueError, match="field 1"):
        level_solution(("2x2:h000",))
    with pytest.raises(ValueError, match="must be a string"):
        level_board((5, "0000", ""))  # type: ignore[arg-type]


def test_square_digits_other_than_the_anchor_are_ignored() -> None:
    row = ("3x3:2800000h0;k0", "100300000", "block-turns")
    assert level_solution(row) == (0, 4, 0, 0, 1, 0, 0, 1, 0)
    layout = level_board(row)
    assert layout is not None
    assert turns_of(layout, (0, 4, 0, 0, 1, 0, 0, 1, 0)) == "100000000"
    assert turns_of(layout, (0, 4, 0, 0, 2, 0, 0, 1, 0)) is None
    assert turns_of(layout, (2, 8, 0, 0, 0, 0, 0, 3, 0)) is None
    assert turns_of(layout, (2, 8, 0, 0, 0, 0, 0, 2, 0)) == "000000010"


def test_declared_twists_order_and_unknown_words() -> None:
    assert declared_twists(("", "", "wrap drains  fancy locked")) == ("drains", "locked", "wrap")
    assert SUIDO_TWISTS[:6] == SUIDO_LEVEL_TWISTS
    assert SUIDO_TWISTS[-2:] == ("big-pieces", "block-turns")


def test_twists_of_each_word() -> None:
    cases = {
        "2x2:h000": (),
        "2x2d:h000": ("drains",),
        "2x2:hh00": ("pumps",),
        "2x2:h100;l1": ("locked",),
        "2x2:h100;w0": ("walls",),
        "3x3w:h00000000": ("wrap",),
        "2x2i:hB00": ("inlet-outlet",),
        "3x3:h00000000;b4": ("big-pieces",),
        "3x3:h00000000;k4": ("block-turns",),
        "3x3dw:hh0100000;l3;w0": ("drains", "pumps", "locked", "walls", "wrap"),
    }
    for code, want in cases.items():
        layout = decode_layout(code)
        assert layout is not None, code
        assert twists_of(layout) == want, code
        assert is_twisted(layout) == bool(want)


def test_every_corpus_row() -> None:
    checked = 0
    for name in corpus_files("suido"):
        for row in corpus_rows("suido", name):
            level = (row[1], row[2], row[3])
            layout = level_board(level)
            solution = level_solution(level)
            assert layout is not None and solution is not None, row
            assert encode_layout(layout) == row[1]
            assert declared_twists(level) == twists_of(layout), row
            assert " ".join(twists_of(layout)) == row[3]
            flow = flow_of(layout, solution)
            assert flow.solved, row
            got = turns_of(layout, solution)
            assert got is not None
            if layout.kind == "network":
                assert got == row[2], row
            else:
                wet = [c for c in range(len(got)) if flow.wet[c]]
                assert [got[c] for c in wet] == [row[2][c] for c in wet], row
            checked += 1
    assert checked in (0, 3584)
