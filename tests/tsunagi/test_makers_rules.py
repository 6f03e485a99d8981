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


def test_a_join_proof_that_skips_the_joining_step_counts_as_a_full_count() -> None:
    """The live prover, told which step joined two lines of a board with one answer,
    splits its search (answers without the step, then the board before with the step's
    cells swapped); on every join of small boards (plain, wrap and walled) its verdict is
    the full count's."""
    from dataclasses import replace

    from itsutsu.common.random import seeded_random
    from itsutsu.tsunagi.makers.boards import NO_EXTRAS, board_of, is_proved, prove
    from itsutsu.tsunagi.makers.fillings import cut_line, line_ok, plain_shape, random_filling
    from itsutsu.tsunagi.portals import _edge
    from itsutsu.tsunagi.solver.joins import JoinProver

    verdicts = {True: 0, False: 0}
    for seed in range(120):
        rng = seeded_random(seed)
        shape = plain_shape(5 + seed % 2, wrap=seed % 4 == 3)
        filling = random_filling(shape, rng, 2 * shape.size)
        if filling is None:
            continue
        lines = [piece for line in filling for piece in cut_line(line, rng, 3, shape.steps)]
        extras = NO_EXTRAS
        if seed % 5 == 1:  # a wall between two lines of the answer
            owner = {at: i for i, line in enumerate(lines) for at in line}
            a = next(at for at in owner if at + 1 in owner and owner[at] != owner[at + 1]
                     and (at + 1) % shape.size)  # fmt: skip
            extras = replace(NO_EXTRAS, walls=frozenset({_edge(a, a + 1)}))
        board = board_of(shape, tuple(lines), extras)
        assert board is not None
        if not is_proved(board, prove(board, None)):
            continue
        with JoinProver(board.layout) as prover:
            while True:  # try every join, then walk on by the first that holds
                held = None
                for i, first in enumerate(lines):
                    for j, second in enumerate(lines):
                        ends = [s for s in shape.steps[first[-1]] if s.to == second[0]]
                        if i == j or not ends or ends[0].over >= 0 or ends[0].through:
                            continue
                        if _edge(first[-1], second[0]) in extras.walls:
                            continue  # a wall between: the makers never try it
                        if not line_ok(first + second, shape.steps):
                            continue  # runs beside itself: the makers never try it
                        joined = [ln for k, ln in enumerate(lines) if k not in (i, j)]
                        joined.append(first + second)
                        after = board_of(shape, tuple(joined), extras)
                        if after is None:
                            continue
                        full = is_proved(after, prove(after, None))
                        step = (first[0], first[-1], second[0], second[-1])
                        told = prover.prove(after.layout, after.owners, after.answer, 10**6, step)
                        assert told.complete
                        assert is_proved(after, told) == full, (after.code, step)
                        verdicts[full] += 1
                        if full and (held is None or rng() < 0.3):
                            held = joined
                if held is None:
                    break
                lines = held
    assert verdicts[True] > 20 and verdicts[False] > 20, verdicts
