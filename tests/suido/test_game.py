"""Playing: turns, hints, par, progress strings and kept codes (spec section 5)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from itsutsu.suido.code import decode_layout
from itsutsu.suido.game import (
    Game,
    can_turn_at,
    flow_of_game,
    game_code,
    game_from_code,
    game_from_progress,
    game_progress,
    hint_for,
    is_game_solved,
    new_game,
    taps_to_answer,
    turn_at,
    turned_to_face_at,
    turns_from_answer,
)

BOARD = "5x5:Eba3C3c9955C6abcdc3ckac3I"
ANSWER = "5x5:CeacE696955E3ad3bc69ia93I"


def _answer_masks(code: str) -> tuple[int, ...]:
    layout = decode_layout(code)
    assert layout is not None
    return layout.cells


def _game(code: str) -> Game:
    game = new_game(code)
    assert game is not None
    return game


def test_spec_vector_game() -> None:
    game = _game(BOARD)
    answer = _answer_masks(ANSWER)
    assert sum(flow_of_game(game).wet) == 1
    assert taps_to_answer(game, answer) == 20
    assert taps_to_answer(game, answer, both=False) == 28
    while (cell := hint_for(game, answer)) is not None:
        game = turn_at(game, cell)
    assert game.turns == 28
    assert is_game_solved(game)
    assert game_code(game) == ANSWER
    assert game_progress(turn_at(_game(BOARD), 3)) == "0001000000000000000000000:1"


def test_new_game() -> None:
    assert new_game("nonsense") is None
    game = _game(BOARD)
    assert game.masks == game.start.cells and game.quarters == (0,) * 25 and game.turns == 0
    assert game_code(game) == BOARD
    layout = decode_layout(BOARD)
    assert layout is not None and new_game(layout) == game


def test_turn_at_returns_the_same_object_when_nothing_turns() -> None:
    game = _game("3x3:0f5h00000;l2")  # blank 0, cross 1, locked straight 2
    for cell in (0, 1, 2, -1, 9, 100):
        assert turn_at(game, cell) is game
        assert not can_turn_at(game, cell)
    assert can_turn_at(game, 3)
    turned = turn_at(game, 3, -1)
    assert turned.masks[3] == 8 and turned.quarters[3] == -1 and turned.turns == 1
    with pytest.raises(ValueError, match="whole number"):
        can_turn_at(game, "3")  # type: ignore[arg-type]


def test_squares_turn_their_four_pieces() -> None:
    game = _game("3x3:1200000h0;k0")
    turned = turn_at(game, 4)  # any cell of the block turns the block
    assert turned.masks[:5] == (0, 2, 0, 0, 4)
    assert turned.quarters == (1, 1, 0, 1, 1, 0, 0, 0, 0)
    assert game_progress(turned) == "110110000:1"
    # a block of four crosses (or blanks) cannot turn
    still = _game("3x3:ff0ff00h0;k0")
    assert turn_at(still, 0) is still
    # a block that every turn maps onto itself cannot turn either
    same = _game("3x3:5a0a500h0;k0")
    assert turn_at(same, 4) is same
    half = _game("3x3:5000500h0;k0")  # two facings
    assert turn_at(turn_at(half, 0), 0).masks == half.masks
    big = _game("3x3:2800000h0;b0")
    assert turn_at(big, 1).masks[:5] == (0, 4, 0, 0, 1)


def test_progress_round_trip() -> None:
    game = _game("4x4:2800000000000h01;l15;w4;b0;k6")
    for cell, by in ((0, 1), (6, -1), (13, 2), (2, 1), (15, 1), (6, 3)):
        game = turn_at(game, cell, by)
    restored = game_from_progress("4x4:2800000000000h01;l15;w4;b0;k6", game_progress(game))
    assert restored is not None
    assert restored.masks == game.masks
    assert restored.turns == game.turns
    assert restored.quarters == tuple(q % 4 for q in game.quarters)


def test_game_from_progress_refusals() -> None:
    code = "3x3:1200000h0;k0"
    assert game_from_progress(code, "000000000:0") is not None
    assert game_from_progress("nonsense", "000000000:0") is None
    assert game_from_progress(code, "00000000:0") is None
    assert game_from_progress(code, "0000000000:0") is None
    assert game_from_progress(code, "000000004:0") is None
    assert game_from_progress(code, "000000000:") is None
    assert game_from_progress(code, "000000000:1\n") is None
    assert game_from_progress(code, 5) is None
    assert game_from_progress(code, "100000000:0") is None  # a block's digits differ
    assert game_from_progress(code, "110110000:3") is not None
    # a turned locked piece is not refused
    locked = game_from_progress("2x2:h100;l1", "0100:1")
    assert locked is not None and locked.masks == (1, 2, 0, 0)


def test_game_from_code() -> None:
    code = "3x3:1200000h0;k0"
    kept = game_from_code(code, "3x3:0200400h0;k0")
    assert kept is not None
    assert kept.masks == (0, 2, 0, 0, 4, 0, 0, 1, 0)
    assert kept.quarters == (1, 1, 0, 1, 1, 0, 0, 0, 0) and kept.turns == 0
    assert game_from_code(code, "3x3:2200000h0;k0") is None  # not a turn of the block
    assert game_from_code(code, "3x3:1200000h0") is None  # blocks differ
    assert game_from_code(code, "3x3:1200000i0;k0") is not None
    assert game_from_code(code, "3x3:1200000i0;k0").quarters[7] == 1  # type: ignore[union-attr]
    assert game_from_code("2x2:h100;l1", "2x2:h200;l1") is None  # locked turned
    assert game_from_code("2x2:h100", "2x2:h300") is None  # not a rotation
    assert game_from_code("2x2:h100", "2x2:h100;l1") is None
    assert game_from_code("2x2:h100", "2x2d:h100") is None
    assert game_from_code("2x2:h100", "nonsense") is None
    assert game_from_code("2x2:h100", "2x2:k800") == Game(
        start=decode_layout("2x2:h100"),  # type: ignore[arg-type]
        masks=(4, 8, 0, 0),
        quarters=(2, 3, 0, 0),
        turns=0,
    )


def test_turned_to_face_and_taps() -> None:
    game = _game(BOARD)
    answer = _answer_masks(ANSWER)
    faced = turned_to_face_at(game, 0, answer)
    assert faced.masks[0] == answer[0] and faced.turns == 3 and faced.quarters[0] == 3
    assert turned_to_face_at(game, 99, answer) is game
    assert taps_to_answer(game, (0,) * 25) == math.inf
    with pytest.raises(ValueError, match="has 3 entries"):
        taps_to_answer(game, (1, 2, 3))
    block = _game("3x3:1200000h0;k0")
    target = (0, 0, 1, 0, 0, 0, 0, 1, 0)  # not a turn of the block
    assert taps_to_answer(block, target) == math.inf
    back = (1, 0, 0, 8, 0, 0, 0, 1, 0)  # block turned 3 clockwise, i.e. 1 anticlockwise
    assert (taps_to_answer(block, back), taps_to_answer(block, back, both=False)) == (1, 3)
    assert turned_to_face_at(block, 4, back).masks == back


def test_hint_skips_spares_only_on_drains_boards() -> None:
    drains = _game("4x2d:iI280000")  # spare pair at 2, 3 is dry in the answer
    assert hint_for(drains, (2, 8, 1, 1, 0, 0, 0, 0)) is None
    assert hint_for(drains, (2, 8, 2, 8, 0, 0, 0, 0)) is None
    network = _game("4x2:iI280000")
    assert hint_for(network, (2, 8, 1, 2, 0, 0, 0, 0)) == 2
    block = _game("3x3:1200000h0;k0")
    assert hint_for(block, (0, 2, 0, 0, 4, 0, 0, 1, 0)) == 0


def test_turns_from_answer() -> None:
    assert turns_from_answer((1, 1, 1, 1, 5), (1, 2, 4, 8, 3)) == 4
    with pytest.raises(ValueError, match="must match"):
        turns_from_answer((1,), (1, 2))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=30))
def test_random_progress_never_raises(progress: str) -> None:
    assert game_from_progress(BOARD, progress) is None or ":" in progress
    game_from_progress(progress, "0:0")
    game_from_code(BOARD, progress)
