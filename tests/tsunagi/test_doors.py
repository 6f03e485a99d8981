"""What a new user meets at the library's door: a check that is true only when right, wrong
types refused with ValueError, a layout accepted where a code is, and a largest side."""

from __future__ import annotations

import pytest

from itsutsu import tsunagi

FIVE = "AB..B.CDEF.....A..E.C..DF"
FIVE_ANSWER = "ABBBBACDEFACDEFACDEFCCDDF"


def test_a_check_is_true_exactly_when_the_answer_is_right() -> None:
    assert bool(tsunagi.check_answer(5, FIVE, FIVE_ANSWER)) is True
    assert bool(tsunagi.check_answer(5, FIVE, FIVE_ANSWER[:-1] + "D")) is False
    assert bool(tsunagi.check_answer(5, FIVE, "")) is False
    assert bool(tsunagi.check_answer(4, FIVE, FIVE_ANSWER)) is False
    assert not tsunagi.Check(False, "a stone is moved")


@pytest.mark.parametrize("cell", ["0", 1.5, True, None, (0,)])
def test_press_and_drag_refuse_a_cell_that_is_not_an_int(cell: object) -> None:
    game = tsunagi.new_game(FIVE, 5)
    assert game is not None
    with pytest.raises(ValueError, match="press_game: cell must be a whole number"):
        tsunagi.press_game(game, cell)  # type: ignore[arg-type]
    pressed = tsunagi.press_game(game, 0)
    with pytest.raises(ValueError, match="drag_game: cell must be a whole number"):
        tsunagi.drag_game(pressed, cell)  # type: ignore[arg-type]


def test_a_cell_off_the_board_changes_nothing() -> None:
    game = tsunagi.new_game(FIVE, 5)
    assert game is not None
    assert tsunagi.press_game(game, 25) is game
    assert tsunagi.press_game(game, -1) is game


def test_new_game_takes_a_layout_as_a_code() -> None:
    layout = tsunagi.decode_layout(FIVE, 5)
    assert layout is not None
    from_layout = tsunagi.new_game(layout, 5)
    assert from_layout is not None
    assert from_layout == tsunagi.new_game(layout) == tsunagi.new_game(FIVE, 5)
    with pytest.raises(ValueError, match="the layout is 5x5"):
        tsunagi.new_game(layout, 6)


def corners(side: int) -> str:
    return "A" + "." * (side * side - 2) + "A"


def test_the_largest_side() -> None:
    assert tsunagi.MAX_SIDE == 64
    assert tsunagi.decode_layout(corners(64), 64) is not None
    assert tsunagi.decode_layout(corners(65), 65) is None
    assert tsunagi.decode_layout(corners(1000), 1000) is None
    assert tsunagi.check_answer(1000, corners(1000), "A" * 10**6) == tsunagi.Check(
        False, "the givens are not a Tsunagi layout"
    )


def test_a_huge_answer_is_refused_without_reading_it() -> None:
    assert tsunagi.check_answer(5, FIVE, "A" * 10**7) == tsunagi.Check(
        False, "not a grid of that size"
    )
