"""What a new user meets at the library's door: a check that is true only when right, masks
outside 0..15 refused, a layout accepted where a code is, and a largest side."""

from __future__ import annotations

import pytest

from itsutsu import suido

BOARD = "5x5:Eba3C3c9955C6abcdc3ckac3I"
ANSWER = "5x5:CeacE696955E3ad3bc69ia93I"


def test_a_check_is_true_exactly_when_the_answer_is_right() -> None:
    assert bool(suido.check_answer(BOARD, ANSWER)) is True
    assert bool(suido.check_answer(BOARD, BOARD)) is False
    assert bool(suido.check_answer(BOARD, "nonsense")) is False
    assert not suido.Check(False, "the water runs out of an open end")


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: suido.turn(99, 1), "turn"),
        (lambda: suido.turn(-1, 1), "turn"),
        (lambda: suido.shape_of(-1), "shape_of"),
        (lambda: suido.shape_of(16), "shape_of"),
        (lambda: suido.arms_of(31), "arms_of"),
        (lambda: suido.rotations_of(16), "rotations_of"),
        (lambda: suido.can_turn(-2), "can_turn"),
        (lambda: suido.cell_char(16), "cell_char"),
        (lambda: suido.quarters_between(1, 17), "quarters_between"),
        (lambda: suido.taps_between(20, 1), "taps_between"),
    ],
)
def test_masks_outside_0_to_15_are_refused(call: object, name: str) -> None:
    with pytest.raises(ValueError, match=rf"{name}: .* in 0\.\.15"):
        call()  # type: ignore[operator]


def test_masks_inside_still_work() -> None:
    assert suido.turn(1, 1) == 2
    assert suido.turn(15, 3) == 15
    assert suido.shape_of(0) == "blank"
    assert suido.shape_of(15) == "cross"


def test_new_game_takes_a_layout_as_a_code() -> None:
    layout = suido.decode_layout(BOARD)
    assert layout is not None
    assert suido.new_game(layout) == suido.new_game(BOARD)


def test_the_largest_side() -> None:
    assert suido.MAX_SIDE == 64
    assert suido.decode_layout("64x64:h" + "0" * (64 * 64 - 1)) is not None
    assert suido.decode_layout("65x65:h" + "0" * (65 * 65 - 1)) is None
    huge = "99x99:h" + "0" * (99 * 99 - 1)
    assert suido.check_answer(huge, huge) == suido.Check(False, "the board is not a Suido code")
