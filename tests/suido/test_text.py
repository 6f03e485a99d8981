"""The text drawing of a board."""

from __future__ import annotations

import pytest

from itsutsu.suido.code import decode_layout
from itsutsu.suido.text import LEGEND, PIPE_CHARS, board_text


def test_pipe_chars() -> None:
    assert PIPE_CHARS == "·╵╶└╷│┌├╴┘─┴┐┤┬┼"


def test_drawing_of_a_twisted_board() -> None:
    layout = decode_layout("3x3dw:k0C0v0sB0;l4;w1")
    assert layout is not None
    assert board_text(layout) == (
        "P╷ _ ·  D╶─\n"
        " ·  p┼─  ·\n"
        "P┐  D╵   ·\n"
        "3x3 drains, wraps; twists: drains pumps locked walls wrap\n"
        "water: 1 of 2 drains wet, 6 open ends; not solved\n" + LEGEND + "\n"
    )


def test_drawing_of_squares_and_an_answer() -> None:
    layout = decode_layout("4x4:2800000000000h01;l15;w4;b0;k6")
    assert layout is not None
    lines = board_text(layout).splitlines()
    assert lines[:4] == ["B╶─ B╴   · | ·", "B·  B·  K·  K·", " ·   ·  K·  K·", " ·  P╵   ·  #╵"]
    assert lines[4] == "4x4 network, no wrap; twists: locked walls big-pieces block-turns"


def test_drawing_with_masks_shows_the_answer() -> None:
    layout = decode_layout("5x5:Eba3C3c9955C6abcdc3ckac3I")
    answer = decode_layout("5x5:CeacE696955E3ad3bc69ia93I")
    assert layout is not None and answer is not None
    text = board_text(layout, answer.cells)
    assert text.splitlines()[-2] == "water: 25 of 25 pieces wet, 0 open ends; solved"
    assert text.splitlines()[0] == "D╶─  ┬─  ──  ┐  D╷"
    with pytest.raises(ValueError, match="has 2 entries"):
        board_text(layout, (1, 2))
