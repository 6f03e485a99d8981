"""Tiny boards: every filling of a 4x4 listed once, and 4x4 boards drawn evenly from them."""

from __future__ import annotations

import pytest

from itsutsu import tsunagi
from itsutsu.common.random import seeded_random
from itsutsu.tsunagi.alphabet import CELL_BLOCKED, CELL_BRIDGE
from itsutsu.tsunagi.makers import make
from itsutsu.tsunagi.makers.boards import board_of
from itsutsu.tsunagi.makers.fillings import (
    SHORTEST,
    every_filling,
    line_ok,
    plain_shape,
    random_filling,
    with_cells,
)
from tsunagi_boards import brute_force


def _as_set(filling: tuple[tuple[int, ...], ...]) -> frozenset[frozenset[int]]:
    return frozenset(frozenset(line) for line in filling)


def test_every_4x4_filling_is_listed_once_and_is_a_filling() -> None:
    shape = plain_shape(4)
    fillings = every_filling(shape)
    assert len(fillings) == 1564
    assert len({_as_set(f) for f in fillings}) == 1564
    by_lines: dict[int, int] = {}
    for filling in fillings:
        cells = sorted(at for line in filling for at in line)
        assert cells == list(range(16))
        for line in filling:
            assert len(line) >= SHORTEST and line_ok(line, shape.steps)
        by_lines[len(filling)] = by_lines.get(len(filling), 0) + 1
    assert by_lines == {2: 12, 3: 336, 4: 972, 5: 244}


def test_random_fillings_are_all_in_the_list() -> None:
    # random_filling finds fillings its own way; each one must be among those listed
    shape = plain_shape(4)
    listed = {_as_set(f) for f in every_filling(shape)}
    random = seeded_random(7)
    seen = 0
    for _ in range(300):
        filling = random_filling(shape, random, 12)
        if filling is not None:
            seen += 1
            assert _as_set(filling) in listed
    assert seen == 300


def test_a_shape_with_blocked_cells() -> None:
    shape = with_cells(plain_shape(4), {5: CELL_BLOCKED, 10: CELL_BLOCKED})
    fillings = every_filling(shape)
    assert fillings and len({_as_set(f) for f in fillings}) == len(fillings)
    for filling in fillings:
        assert sorted(at for line in filling for at in line) == list(shape.open_cells)
    # every board of such a filling has its filling among its answers (brute force)
    for filling in fillings[::7]:
        board = board_of(shape, filling)
        assert board is not None
        answers = {answer for _, answer in brute_force(board.layout, 50)}
        assert board.answer in answers


def test_only_tiny_shapes_are_listed() -> None:
    with pytest.raises(ValueError, match="tiny"):
        every_filling(plain_shape(5))
    with pytest.raises(ValueError, match="tiny"):
        every_filling(with_cells(plain_shape(4), {5: CELL_BRIDGE}))


def test_every_4x4_filling_is_a_board_with_one_answer() -> None:
    shape = plain_shape(4)
    keys = set()
    for filling in every_filling(shape):
        board = board_of(shape, filling)
        assert board is not None
        result = tsunagi.count_solutions_of_level(board.layout, board.answer, 2, rule="check")
        assert result.complete and result.count == 1 and result.answers[0] == board.answer
        keys.add(tsunagi.symmetry_key(board.code, 4))
    assert len(keys) == 206


def test_4x4_boards_are_varied() -> None:
    # 60 seeds draw from 206 boards (up to turning and mirroring): 51 differ, where the
    # joining maker repeated a few dozen boards over a whole pool
    made = [make(4, seed) for seed in range(60)]
    assert len({tsunagi.symmetry_key(m.layout, 4) for m in made}) == 51
    for m in made:
        assert tsunagi.check_answer(4, m.layout, m.answer).ok
