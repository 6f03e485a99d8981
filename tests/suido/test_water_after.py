"""The water found again after turns (``flow_after``, ``flow_after_turn``) equals the water run
from scratch, field for field, on random play over boards of every kind and twist."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from itsutsu import suido
from itsutsu.suido.code import decode_layout
from itsutsu.suido.water import flow_after, flow_of, traced_flow_of

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "suido"


def _boards() -> list[suido.Layout]:
    if not CORPUS.is_dir():
        pytest.skip("the Suido corpus is absent: ../shared/corpus/suido")
    boards = []
    seen: set[tuple[str, tuple[str, ...]]] = set()
    for path in sorted(CORPUS.glob("*.tsv")):
        rows = [line.split("\t") for line in path.read_text().splitlines()[1:] if line]
        for number, row in enumerate(rows):
            board = decode_layout(row[1])
            assert board is not None
            key = (board.kind, suido.twists_of(board))
            if number < 2 or key not in seen:  # two of each size, one of each kind of board
                seen.add(key)
                boards.append(board)
    return boards


def test_boards_cover_every_kind_and_twist() -> None:
    boards = _boards()
    assert {b.kind for b in boards} == {"network", "drains", "inlet-outlet"}
    seen = {t for b in boards for t in suido.twists_of(b)}
    assert {"walls", "wrap", "locked", "pumps", "big-pieces", "block-turns"} <= seen


def test_flow_after_turn_equals_a_fresh_run_on_random_play() -> None:
    rng = random.Random(16)
    resumed_less = 0
    for board in _boards():
        game = suido.new_game(board)
        assert game is not None
        water = suido.traced_flow_of_game(game)
        for _ in range(60):
            cell = rng.randrange(len(board.cells))
            turned = suido.turn_at(game, cell, rng.choice((1, -1)))
            after = suido.flow_after_turn(game, water, turned)
            fresh = suido.traced_flow_of_game(turned)
            assert after == fresh
            assert after.flow == suido.flow_of_game(turned)
            if turned is game:
                assert after is water
            resumed_less += after.flow is water.flow and turned is not game
            game, water = turned, after
    assert resumed_less > 0  # some turns left the water as it was, found without a run


def test_flow_after_any_change_of_facings_and_back_to_the_start() -> None:
    rng = random.Random(5)
    for board in _boards():
        before = traced_flow_of(board)
        masks = list(board.cells)
        for cell in rng.sample(range(len(masks)), min(len(masks), 9)):
            masks[cell] = suido.turn(masks[cell], rng.randrange(1, 4))
        after = flow_after(board, before, masks)
        assert after == traced_flow_of(board, masks)
        assert after.flow == flow_of(board, masks)
        back = flow_after(board, after, board.cells)
        assert back == before


def test_flow_after_refuses_what_no_turn_makes() -> None:
    board = decode_layout("3x2:mac103")
    assert board is not None
    before = traced_flow_of(board)
    with pytest.raises(ValueError, match="number of arms"):
        flow_after(board, before, (15, 10, 12, 1, 0, 1))
    with pytest.raises(ValueError, match="TracedFlow"):
        flow_after(board, flow_of(board), board.cells)  # type: ignore[arg-type]
    game = suido.new_game(board)
    other = suido.new_game("5x5:6CCeca6caIa1563aEfCaj5d5c;b6")
    assert game is not None and other is not None
    with pytest.raises(ValueError, match="same board"):
        suido.flow_after_turn(game, suido.traced_flow_of_game(game), other)
    with pytest.raises(ValueError, match="game before"):
        suido.flow_after_turn(game, suido.traced_flow_of_game(other), game)
