"""Every level of every Suido set, proved on every test run.

For each size (and the big-pieces set) the package's level file holds exactly the set's
count; every level decodes, its turns lead to an answer that passes the check and is the
board's only answer; the board does not start solved; no two levels of a size are one board
turned or mirrored; the twists it declares are those it shows and those the lesson plan puts
in its slot; each mark is the measure's and no block is easier than the one before.
"""

from __future__ import annotations

import math

import pytest

from itsutsu import suido
from itsutsu.common.levels import mark_of
from itsutsu.suido import difficulty
from itsutsu.suido import levels as suido_levels
from itsutsu.suido.rows import level_answer
from level_sets import easier_blocks, shows_of, slots

SIZES = list(suido_levels.SUIDO_SIZES)


def _prove(where: str, row: suido_levels.LevelRow) -> tuple[suido.Layout, str, float]:
    board = suido.decode_layout(row.board)
    assert board is not None, where
    answer = level_answer(row.fields() if hasattr(row, "fields") else tuple(map(str, row)))
    assert answer is not None, where
    assert suido.check_answer(row.board, answer).ok, where
    assert not suido.check_answer(row.board, row.board).ok, f"{where} starts solved"
    counted = suido.count_solutions_of_level(board, answer, limit=2)
    assert counted.complete and counted.count == 1, where
    solution = suido.decode_layout(answer)
    assert solution is not None
    assert tuple(row.twists.split()) == suido.twists_of(board), where
    measured = difficulty.measure(board, solution.cells)
    score = float(difficulty.score(measured))
    return board, answer, score


@pytest.mark.parametrize("size", SIZES)
def test_every_level_is_proved(size: str) -> None:
    rows = suido_levels.levels(size)
    assert len(rows) == suido_levels.SUIDO_LEVEL_COUNTS[size]
    plan = slots("suido", "classic", size)
    keys: dict[str, int] = {}
    scores: list[float] = []
    for number, row in enumerate(rows, 1):
        where = f"{size} level {number}"
        board, answer, score = _prove(where, row)
        solution = suido.decode_layout(answer)
        assert solution is not None
        key = suido.symmetry_key(board, solution.cells)
        assert key not in keys, f"{where} is level {keys.get(key)} turned or mirrored"
        keys[key] = number
        assert suido.twists_of(board) == shows_of("suido", plan[number - 1]), where
        assert row.mark == mark_of(min(100, max(0, math.floor(score + 0.5)))), where
        scores.append(score)
    assert easier_blocks(scores) == [], f"{size}: a block is easier than the one before"


def test_big_pieces_set() -> None:
    rows = suido_levels.big_levels()
    assert len(rows) == suido_levels.SUIDO_BIG_COUNT
    keys: set[str] = set()
    orders: list[float] = []
    for number, row in enumerate(rows, 1):
        where = f"big level {number}"
        board, answer, _ = _prove(where, row)
        assert f"{board.width}x{board.height}" == row.size, where
        assert len(board.bigs or ()) == row.pieces, where
        solution = suido.decode_layout(answer)
        assert solution is not None
        key = suido.symmetry_key(board, solution.cells)
        assert key not in keys, where
        keys.add(key)
        orders.append(row.score)
    assert easier_blocks(orders) == []
