"""The neighbour table and edge numbers (spec 2.6)."""

from __future__ import annotations

import pytest

from itsutsu.suido.board import edge_of, neighbours_of
from itsutsu.suido.code import decode_layout


def test_plain_board() -> None:
    layout = decode_layout("3x2:h00000")
    assert layout is not None
    near = neighbours_of(layout)
    assert near[0:4] == (-1, 1, 3, -1)
    assert near[4 * 4 : 5 * 4] == (1, 5, -1, 3)
    assert neighbours_of(layout) is near  # cached


def test_wrap_and_walls() -> None:
    layout = decode_layout("3x3w:h00000000;w1,4,17")
    assert layout is not None
    near = neighbours_of(layout)
    # cell 0: north across the seam is 6; south is walled (edge 1); west is walled (edge 4,
    # east of cell 2, on the seam)
    assert near[0:4] == (6, 1, -1, -1)
    assert near[3 * 4] == -1  # the wall south of 0 also cuts 3's north
    assert near[2 * 4 + 1] == -1  # and edge 4 cuts 2's east
    open_seam = decode_layout("3x3w:h00000000")
    assert open_seam is not None
    assert neighbours_of(open_seam)[0:4] == (6, 1, 3, 2)
    # edge 17 is south of cell 8, the seam to cell 2
    assert near[8 * 4 + 2] == -1 and near[2 * 4 + 0] == -1


def test_edge_of() -> None:
    layout = decode_layout("3x3w:h00000000")
    assert layout is not None
    assert edge_of(layout, 4, 1) == 8 and edge_of(layout, 4, 2) == 9
    assert edge_of(layout, 4, 3) == 6 and edge_of(layout, 4, 0) == 3
    assert edge_of(layout, 0, 3) == 4 and edge_of(layout, 0, 0) == 13
    flat = decode_layout("3x3:h00000000")
    assert flat is not None
    assert edge_of(flat, 0, 3) == -1 and edge_of(flat, 0, 0) == -1
    assert edge_of(flat, 8, 1) == 16  # the rim's own number, though it can never hold a wall
    with pytest.raises(ValueError, match="no side 4"):
        edge_of(flat, 0, 4)
    with pytest.raises(ValueError, match="cell 9"):
        edge_of(flat, 9, 0)
