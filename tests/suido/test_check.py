"""Checking answers: spec 3.2's reasons, on the spec's vector, small boards and the corpus."""

from __future__ import annotations

import functools
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import corpus_files, corpus_rows
from itsutsu.suido.board import neighbours_of
from itsutsu.suido.check import (
    BRANCHES,
    LEAKS,
    MOVED_ENDS,
    NOT_A_BOARD,
    NOT_AN_ANSWER,
    NOT_EVERY_DRAIN,
    NOT_EVERY_PIECE,
    OTHER_BOARD,
    OTHER_SQUARES,
    OTHER_WALLS,
    TURNED_LOCK,
    WRONG_BLOCK,
    WRONG_PIECE,
    Check,
    check_answer,
)
from itsutsu.suido.code import Layout, decode_layout, encode_layout, with_masks
from itsutsu.suido.pieces import arms_of, can_turn, turn
from itsutsu.suido.rows import level_solution
from itsutsu.suido.squares import block_info, turn_block
from itsutsu.suido.water import flow_of

BOARD = "5x5:Eba3C3c9955C6abcdc3ckac3I"
ANSWER = "5x5:CeacE696955E3ad3bc69ia93I"


def test_spec_vector() -> None:
    assert check_answer(BOARD, ANSWER) == Check(True, None)
    assert check_answer(BOARD, BOARD) == Check(False, LEAKS)
    assert check_answer(BOARD, "nonsense") == Check(False, NOT_AN_ANSWER)
    assert check_answer("nonsense", ANSWER) == Check(False, NOT_A_BOARD)


def test_reason_strings_verbatim() -> None:
    assert (NOT_A_BOARD, NOT_AN_ANSWER, OTHER_BOARD) == (
        "the board is not a Suido code",
        "the answer is not a Suido code",
        "the answer is for a different board",
    )
    assert (MOVED_ENDS, OTHER_WALLS, OTHER_SQUARES) == (
        "a source or a drain is not where the board has it",
        "the walls or the locked pieces are not the board's",
        "the big pieces or the blocks are not the board's",
    )
    assert (WRONG_BLOCK, WRONG_PIECE, TURNED_LOCK, LEAKS) == (
        "a block is not the block the board has there, turned",
        "a piece is not the piece the board has there",
        "a locked piece was turned",
        "the water runs out of an open end",
    )
    assert (NOT_EVERY_PIECE, NOT_EVERY_DRAIN, BRANCHES) == (
        "the water does not reach every piece",
        "the water does not reach every drain",
        "the water branches: it must run in one path from the inlet to the outlet",
    )


@pytest.mark.parametrize("value", [None, 3, b"5x5:", ("a",)])
def test_never_raises_on_non_strings(value: object) -> None:
    assert check_answer(value, ANSWER) == Check(False, NOT_A_BOARD)
    assert check_answer(BOARD, value) == Check(False, NOT_AN_ANSWER)


def test_small_board_reasons_in_order() -> None:
    # 3x1 is too narrow; use 3x2 boards: pump h (north) etc.
    board = "3x2:m4c000;l1"  # pump ES at 0, S-end at 1 locked, SW at 2; row 2 blank
    assert decode_layout(board) is not None
    assert check_answer(board, "3x2:m4c000;l1").reason == LEAKS
    assert check_answer(board, "3x2d:m4c000;l1").reason == OTHER_BOARD
    assert check_answer(board, "3x2:m4cB00;l1").reason == MOVED_ENDS
    assert check_answer(board, "3x2:m4c000").reason == OTHER_WALLS
    assert check_answer(board, "3x2:m4c000;l1;w0").reason == OTHER_WALLS
    # a wrong shape at cell 2 is reported even though cell 1 (earlier) is fine
    assert check_answer(board, "3x2:m45000;l1").reason == WRONG_PIECE
    # an earlier turned lock comes before a later wrong shape
    assert check_answer(board, "3x2:m15000;l1").reason == TURNED_LOCK


def test_network_not_reaching_and_drains_not_reaching() -> None:
    # pump E at 0 and drain W at 1 are joined; cells 2 and 3 are a separate pair
    net = "4x2:iI280000"
    assert check_answer(net, net) == Check(False, NOT_EVERY_PIECE)
    drains = "4x2d:iI2C0000"
    assert check_answer(drains, drains) == Check(False, NOT_EVERY_DRAIN)
    assert check_answer("4x2d:iI280000", "4x2d:iI280000") == Check(True, None)


def test_inlet_outlet_branching() -> None:
    # pump S at 0, tee at 3 (N, E, S) feeding a drain W at 4 and an end N at 6
    board = "3x3i:k00bI0100"
    assert check_answer(board, "3x3i:k007I0100") == Check(False, BRANCHES)
    # the same water on a network board is fine
    assert check_answer("3x3:k007I0100", "3x3:k007I0100") == Check(True, None)


def test_squares_reasons() -> None:
    board = "3x3:6c0390h00;b0"  # a big piece that is a ring: ES, SW / NE, NW
    assert decode_layout(board) is not None
    assert check_answer(board, "3x3:6c0390h00;k0").reason == OTHER_SQUARES
    assert check_answer(board, "3x3:6c0390h00").reason == OTHER_SQUARES
    assert check_answer(board, "3x3:6c0390h00;b0").reason == LEAKS
    block_board = "3x3:1200000h0;k0"
    # one piece of the block turned alone is no turn of the block
    assert check_answer(block_board, "3x3:2200000h0;k0").reason == WRONG_BLOCK
    assert check_answer(block_board, "3x3:2400000h0;k0").reason == WRONG_BLOCK
    # the block turned a quarter as a whole: the pieces check; the water does not reach all
    assert check_answer(block_board, "3x3:0200400h0;k0").reason == NOT_EVERY_PIECE


# --- the corpus: every level's stored answer passes; broken answers fail with the exact reason


def _rows() -> list[tuple[str, list[str]]]:
    return [(name, row) for name in corpus_files("suido") for row in corpus_rows("suido", name)]


def _answer(row: list[str]) -> tuple[Layout, tuple[int, ...]]:
    layout = decode_layout(row[1])
    solution = level_solution((row[1], row[2], row[3]))
    assert layout is not None and solution is not None
    return layout, solution


def test_every_corpus_answer_passes() -> None:
    rows = _rows()
    for _, row in rows:
        layout, solution = _answer(row)
        assert check_answer(row[1], encode_layout(with_masks(layout, solution))).ok, row[1]
    assert len(rows) in (0, 3584)


@functools.lru_cache(maxsize=1)
def _sample() -> list[tuple[str, list[str]]]:
    return [
        (name, row) for name in corpus_files("suido") for row in corpus_rows("suido", name)[::8]
    ]


def _broken(code: str, layout: Layout, masks: tuple[int, ...], **changes: object) -> str:
    return encode_layout(replace(with_masks(layout, masks), **changes))  # type: ignore[arg-type]


def _leaking_turn(layout: Layout, solution: tuple[int, ...]) -> tuple[int, ...] | None:
    """Turn one wet, free piece so that a side it newly opens meets nothing opening back."""
    flow = flow_of(layout, solution)
    near = neighbours_of(layout)
    info = block_info(layout)
    locked = set(layout.locked or ())
    for cell in flow.order:
        mask = solution[cell]
        if info.of[cell] >= 0 or cell in locked or not can_turn(mask):
            continue
        new = turn(mask, 1)
        fresh = [side for side in range(4) if new >> side & 1 and not mask >> side & 1]
        if all(
            near[cell * 4 + s] < 0 or not solution[near[cell * 4 + s]] >> ((s + 2) & 3) & 1
            for s in fresh
        ):
            changed = list(solution)
            changed[cell] = new
            return tuple(changed)
    return None


def test_broken_corpus_answers_fail_with_the_reason() -> None:
    counts = dict.fromkeys(["turned", "shape", "lock", "pump", "board", "walls", "squares"], 0)
    for _, row in _sample():
        code = row[1]
        layout, solution = _answer(row)
        info = block_info(layout)

        turned = _leaking_turn(layout, solution)
        if turned is not None:
            assert check_answer(code, _broken(code, layout, turned)).reason == LEAKS, code
            counts["turned"] += 1

        special = {*layout.sources, *layout.drains}
        free = [c for c in range(len(solution)) if info.of[c] < 0]
        cell = free[0]
        other = 3 if arms_of(solution[cell]) == 1 else 1
        if cell in special and layout.kind == "inlet-outlet":
            cell = next(c for c in free if c not in special and solution[c])
            other = 3 if arms_of(solution[cell]) == 1 else 1
        swapped = list(solution)
        swapped[cell] = other
        assert check_answer(code, _broken(code, layout, tuple(swapped))).reason == WRONG_PIECE
        counts["shape"] += 1

        for lock in layout.locked or ():
            if can_turn(solution[lock]):
                moved = list(solution)
                moved[lock] = turn(moved[lock], 1)
                got = check_answer(code, _broken(code, layout, tuple(moved)))
                assert got.reason == TURNED_LOCK, code
                counts["lock"] += 1
                break

        candidates = [
            c
            for c in free
            if c not in special
            and solution[c]
            and (layout.kind != "inlet-outlet" or arms_of(solution[c]) == 1)
        ]
        if candidates:
            sources = tuple(sorted([candidates[0], *layout.sources[1:]]))
            answer = _broken(code, layout, solution, sources=sources)
            assert check_answer(code, answer).reason == MOVED_ENDS, code
            counts["pump"] += 1

        answer = encode_layout(with_masks(layout, solution))
        head, body = answer.split(":", 1)
        other_head = head + "w" if not layout.wrap else head[:-1]
        if decode_layout(f"{other_head}:{body}") is not None:
            assert check_answer(code, f"{other_head}:{body}").reason == OTHER_BOARD
            counts["board"] += 1
        wider = f"{layout.width + 1}x{layout.height}:{'h' * ((layout.width + 1) * layout.height)}"
        assert check_answer(code, wider).reason == OTHER_BOARD

        if layout.walls:
            walls: tuple[int, ...] | None = layout.walls[:-1] or None
        else:
            walls = next(
                (e,)
                for e in range(2 * len(solution))
                if decode_layout(_broken(code, layout, solution, walls=(e,))) is not None
            )
        got = check_answer(code, _broken(code, layout, solution, walls=walls))
        assert got.reason == OTHER_WALLS, code
        counts["walls"] += 1

        if info.blocks:
            assert (
                check_answer(code, _broken(code, layout, solution, bigs=None, blocks=None)).reason
                == OTHER_SQUARES
            )
            block = info.blocks[0]
            inner = list(turn_block(solution, block, 0))
            spun = list(inner)
            spun[block.cells[0]] = turn(spun[block.cells[0]], 1)
            if spun != inner:
                broken = _broken(code, layout, tuple(spun))
                want = WRONG_BLOCK if decode_layout(broken) is not None else NOT_AN_ANSWER
                assert check_answer(code, broken).reason == want
            counts["squares"] += 1
    if _sample():
        assert len(_sample()) == 448
        assert counts == {
            "turned": 448,
            "shape": 448,
            "lock": 13,
            "pump": 448,
            "board": 440,
            "walls": 448,
            "squares": 8,
        }


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=30), st.sampled_from([BOARD, ANSWER])), st.text(max_size=30))
def test_random_inputs_never_raise(board: str, answer: str) -> None:
    result = check_answer(board, answer)
    assert isinstance(result, Check)
    assert result.ok is False
