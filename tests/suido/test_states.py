"""Suido cell states (spec 14.1): turns, places, water depth and arm states; the water step."""

from __future__ import annotations

import pytest

from conftest import corpus_rows
from itsutsu.suido.code import decode_layout
from itsutsu.suido.drawing.states import cell_states, derived_quarters, step_for
from itsutsu.suido.pieces import turn
from itsutsu.suido.rows import level_solution
from itsutsu.suido.squares import block_info, place_after, turn_block
from itsutsu.suido.water import flow_of


def _layout(code: str):  # type: ignore[no-untyped-def]
    layout = decode_layout(code)
    assert layout is not None, code
    return layout


def test_two_cells_joined_then_turned_away() -> None:
    layout = _layout("2x2:iI00")  # pump opening east, drain opening west
    first, second, *_ = cell_states(layout)
    assert (first.wet, first.depth, first.arms) == (True, 0, ("", "out", "", ""))
    assert (second.wet, second.depth, second.arms) == (True, 1, ("", "", "", "in"))
    masks = (2, turn(8), 0, 0)  # the drain turned to face north
    first, second, *_ = cell_states(layout, masks)
    assert first.arms == ("", "leak", "", "")
    assert (second.quarters, second.wet, second.depth, second.arms) == (1, False, -1, ("",) * 4)


def test_given_quarters_are_kept_and_used_mod_four() -> None:
    layout = _layout("2x2:iI00")
    masks = (2, turn(8, 2), 0, 0)  # drain turned twice: now opens east, onto the rim
    states = cell_states(layout, masks, quarters=(0, 6, 0, 0))
    assert states[1].quarters == 6
    assert states[0].arms == ("", "leak", "", "")
    assert states[1].wet is False
    # turned back a whole turn: joined again, and the count stays as given
    states = cell_states(layout, layout.cells, quarters=(-4, 8, 0, 0))
    assert [s.quarters for s in states] == [-4, 8, 0, 0]
    assert states[1].arms == ("", "", "", "in")


def test_pumps_have_no_in_arm_and_every_cell_is_one_state() -> None:
    row = next(r for r in corpus_rows("suido", "7x7.tsv") if r[3] == "pumps")
    layout = _layout(row[1])
    solution = level_solution(row[1:4])
    assert solution is not None
    states = cell_states(layout, solution)
    assert [s.cell for s in states] == list(range(49))
    flow = flow_of(layout, solution)
    assert flow.solved
    for state in states:
        assert state.depth == flow.depth[state.cell]
        if state.cell in layout.sources:
            assert "in" not in state.arms
            assert state.depth == 0
        elif layout.cells[state.cell]:
            assert state.arms.count("in") == 1
        assert "leak" not in state.arms


def test_square_cells_follow_their_square_round() -> None:
    row = next(r for r in corpus_rows("suido", "big.tsv") if "block-turns" in r[3])
    layout = _layout(row[1])
    info = block_info(layout)
    block = info.blocks[0]
    masks = turn_block(layout.cells, block, 1)
    quarters = derived_quarters(layout, masks)
    assert [quarters[c] for c in block.cells] == [1, 1, 1, 1]
    flow = flow_of(layout, masks)
    states = cell_states(layout, masks)
    for i, cell in enumerate(block.cells):
        state = states[cell]
        assert state.place == block.cells[(i + 1) % 4] == place_after(block, cell, 1)
        assert state.wet == flow.wet[state.place]
        assert state.depth == flow.depth[state.place]
    # a count of -3 is the same place as 1
    states = cell_states(layout, masks, quarters=tuple(-3 if q else 0 for q in quarters))
    assert [states[c].place for c in block.cells] == [block.cells[(i + 1) % 4] for i in range(4)]


def test_bad_input_is_refused() -> None:
    layout = _layout("2x2:iI00")
    with pytest.raises(ValueError, match="needs a Layout"):
        cell_states("2x2:iI00")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="masks has 3 entries but the 2x2 board has 4 cells"):
        cell_states(layout, (2, 8, 0))
    with pytest.raises(ValueError, match="quarters has 5 entries"):
        cell_states(layout, None, (0, 0, 0, 0, 0))
    with pytest.raises(ValueError, match="quarter count must be a whole number"):
        cell_states(layout, None, (0, 0.5, 0, 0))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="quarters must be a tuple"):
        cell_states(layout, None, "0000")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="flow must be the Flow"):
        cell_states(layout, None, None, "wet")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("deepest", "step"),
    [
        (-1, 90),
        (0, 90),
        (21, 90),
        (22, 87),
        (38, 51),
        (39, 50),
        (79, 25),
        (159, 13),
        (160, 12),
        (5000, 12),
    ],
)
def test_step_for(deepest: int, step: int) -> None:
    assert step_for(deepest) == step
