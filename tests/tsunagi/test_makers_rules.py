"""Which answers count: ``rule="check"`` counts exactly the answers the check accepts, and a
game says which line runs beside itself on a full board that is not solved."""

from __future__ import annotations

import random

import pytest

from itsutsu import tsunagi
from itsutsu.tsunagi.layout import encode_layout
from tsunagi_boards import brute_force, random_board


def test_check_rule_counts_what_the_check_accepts() -> None:
    rng = random.Random(12)
    compared = 0
    while compared < 60:
        layout = random_board(rng)
        if layout is None or layout.size > 5:
            continue
        code = encode_layout(layout)
        every = brute_force(layout, 200)
        accepted = sorted(a for _, a in every if tsunagi.check_answer(layout.size, code, a).ok)
        counted = tsunagi.count_solutions(layout, limit=200, rule="check")
        assert counted.complete
        assert sorted(counted.answers) == accepted, code
        assert tsunagi.count_solutions(layout, limit=200).count == len(every), code
        compared += 1


def test_the_two_rules_differ_where_a_line_can_run_beside_itself() -> None:
    layout = tsunagi.decode_layout("A..A" + "." * 12, 4)
    assert layout is not None
    assert tsunagi.count_solutions(layout, limit=50).count == 8
    assert tsunagi.count_solutions(layout, limit=50, rule="check").count == 0
    answer = "A" * 16
    assert tsunagi.count_solutions_of_level(layout, answer, rule="check").count == 0


def test_rule_is_checked() -> None:
    layout = tsunagi.decode_layout("AB..AB..........", 4)
    assert layout is not None
    with pytest.raises(ValueError, match="rule"):
        tsunagi.count_solutions(layout, rule="some")


def test_a_full_board_with_a_line_beside_itself_is_named() -> None:
    # A board of two lines (made by an earlier maker): its one answer the check accepts, and
    # a full drawing whose lines both run beside themselves (A at cells 1 and 5, B at 6, 10).
    code, answer = "...A.AB........B", "BBBABABABAAABBBB"
    layout = tsunagi.decode_layout(code, 4)
    assert layout is not None
    lines = ((3, 2, 1, 0, 4, 5), (6, 7, 11, 10, 9, 8, 12, 13, 14, 15))
    assert tsunagi.beside_itself(layout, lines) == (0, 1)
    game = tsunagi.game_from_code(code, 4, tsunagi.encode_lines(layout, lines) + ":2", answer)
    assert game is not None
    shown = tsunagi.progress(game)
    assert shown.filled == shown.cells and shown.joined == 2 and not shown.solved
    assert shown.beside == (0, 1)
    en = tsunagi.tsunagi_say("en", "besideItself", {"line": "A", "row": 1, "column": 2})
    ja = tsunagi.tsunagi_say("ja", "besideItself", {"line": "A", "row": 1, "column": 2})
    assert en.startswith("Line A runs beside itself at row 1, column 2")
    assert ja.startswith("線Aが1行2列で自分自身と隣り合っています")
    fresh = tsunagi.new_game(code, 4, answer)
    assert tsunagi.progress(fresh).beside is None  # not full: nothing to say


def test_a_good_line_is_not_named() -> None:
    layout = tsunagi.decode_layout("A..A" + "B..B" + "C..C" + "D..D", 4)
    assert layout is not None
    lines = ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11), (12, 13, 14, 15))
    assert tsunagi.beside_itself(layout, lines) is None
