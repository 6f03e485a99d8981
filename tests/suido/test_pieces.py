"""Pieces: masks, turns, shapes and code characters (spec section 1)."""

from __future__ import annotations

import pytest

from itsutsu.suido.pieces import (
    EAST,
    NORTH,
    SHAPE_MASKS,
    SIDE_STEPS,
    SIDES,
    SOUTH,
    WEST,
    arms_of,
    can_turn,
    cell_char,
    opposite,
    quarters_between,
    rotations_of,
    shape_of,
    taps_between,
    turn,
)


def test_constants() -> None:
    assert (NORTH, EAST, SOUTH, WEST) == (1, 2, 4, 8)
    assert SIDES == (1, 2, 4, 8)
    assert SIDE_STEPS == ((0, -1), (1, 0), (0, 1), (-1, 0))
    assert SHAPE_MASKS == {"blank": 0, "end": 1, "straight": 5, "elbow": 3, "tee": 7, "cross": 15}
    assert [opposite(side) for side in range(4)] == [2, 3, 0, 1]


def test_turn() -> None:
    assert [turn(1, q) for q in range(5)] == [1, 2, 4, 8, 1]
    assert turn(9) == 3 and turn(3, -1) == 9 and turn(7, 2) == 13 and turn(7, -6) == 13
    with pytest.raises(ValueError, match=r"turn: mask must be a whole number in 0\.\.15"):
        turn(0x1F)  # a mask is 0..15, not any number whose low four bits would do


def test_rotations_and_quarters() -> None:
    assert rotations_of(0) == (0,) and rotations_of(15) == (15,)
    assert rotations_of(10) == (5, 10)
    assert rotations_of(8) == (1, 2, 4, 8)
    assert rotations_of(9) == (3, 6, 9, 12)
    assert rotations_of(13) == (7, 11, 13, 14)
    assert quarters_between(1, 8) == 3 and quarters_between(5, 5) == 0
    assert quarters_between(5, 10) == 1 and quarters_between(5, 3) is None
    assert taps_between(1, 8) == 1 and taps_between(1, 8, both=False) == 3
    assert taps_between(1, 4) == 2 and taps_between(1, 3) is None


def test_shapes_and_chars() -> None:
    shapes = [shape_of(m) for m in range(16)]
    assert shapes == [
        "blank", "end", "end", "elbow", "end", "straight", "elbow", "tee",
        "end", "elbow", "straight", "tee", "elbow", "tee", "tee", "cross",
    ]  # fmt: skip
    assert [arms_of(m) for m in range(16)] == [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4]
    assert [m for m in range(16) if not can_turn(m)] == [0, 15]
    assert "".join(cell_char(m) for m in range(16)) == "0123456789abcdef"
    assert "".join(cell_char(m, "source") for m in range(16)) == "ghijklmnopqrstuv"
    assert "".join(cell_char(m, "drain") for m in range(16)) == "ABCDEFGHIJKLMNOP"
