"""Water: the breadth-first flow and when a board is solved (spec 3.1)."""

from __future__ import annotations

import pytest

from itsutsu.suido.code import decode_layout
from itsutsu.suido.water import flow_of, is_solved


def test_flow_fields() -> None:
    # 3x2: pump ES at 0, EW at 1, SW at 2; below: N at 3, blank 4, NE at 5 (leaks east)
    layout = decode_layout("3x2:mac103")
    assert layout is not None
    flow = flow_of(layout)
    assert flow.order == (0, 1, 3, 2, 5)
    assert flow.wet == (True, True, True, True, False, True)
    assert flow.from_ == (-1, 0, 1, 0, -1, 2)
    assert flow.entry == (-1, 3, 3, 0, -1, 0)
    assert flow.depth == (0, 1, 2, 1, -1, 3)
    assert flow.spills == ((5, 1),)
    assert (flow.pieces, flow.wet_pieces, flow.drains, flow.wet_drains) == (5, 5, 0, 0)
    assert not flow.solved
    assert is_solved(layout, (6, 10, 12, 1, 0, 1))


def test_spills_in_processing_order_and_walls() -> None:
    layout = decode_layout("3x3:a0afvffff;w1")  # a pump cross in the middle
    assert layout is not None
    flow = flow_of(layout)
    assert flow.order == (4, 5, 7, 3, 8, 6)
    assert flow.spills == (
        (4, 0),
        (5, 0),
        (5, 1),
        (7, 2),
        (3, 0),  # the wall south of cell 0
        (3, 3),
        (8, 1),
        (8, 2),
        (6, 2),
        (6, 3),
    )
    assert not flow.wet[0] and flow.pieces == 8


def test_solved_by_kind() -> None:
    assert is_solved(decode_layout("4x2d:iI280000"))  # type: ignore[arg-type]
    assert not is_solved(decode_layout("4x2:iI280000"))  # type: ignore[arg-type]
    assert not is_solved(decode_layout("3x3i:k007I0100"))  # type: ignore[arg-type]
    assert is_solved(decode_layout("3x3i:k003I0000"))  # type: ignore[arg-type]
    assert not is_solved(decode_layout("3x3i:k005I0000"))  # type: ignore[arg-type]
    # several pumps, one joined to the other
    assert is_solved(decode_layout("2x2:io00"))  # type: ignore[arg-type]
    assert not is_solved(decode_layout("2x2:ioh0"))  # type: ignore[arg-type]


def test_wrap_carries_water_across_the_seam() -> None:
    layout = decode_layout("3x3w:o02000000")
    assert layout is not None
    assert flow_of(layout).order == (0, 2) and is_solved(layout)
    walled = decode_layout("3x3w:o02000000;w4")
    assert walled is not None and flow_of(walled).spills == ((0, 3),)


def test_masks_are_checked() -> None:
    layout = decode_layout("2x2:h000")
    assert layout is not None
    with pytest.raises(ValueError, match="has 2 entries"):
        flow_of(layout, (1, 0))
    with pytest.raises(ValueError, match=r"0\.\.15"):
        flow_of(layout, (1, 0, 0, -1))
