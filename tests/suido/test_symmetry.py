"""The eight turns and mirrors of a board (spec 11)."""

from __future__ import annotations

import pytest

from conftest import corpus_files, corpus_rows
from itsutsu.suido.code import Layout, decode_layout, encode_layout, with_masks
from itsutsu.suido.rows import level_solution
from itsutsu.suido.symmetry import cell_map, symmetry_key, transform_layout
from itsutsu.suido.water import flow_of

INVERSE = (0, 3, 2, 1, 4, 5, 6, 7)


def _levels() -> list[tuple[Layout, tuple[int, ...]]]:
    """One corpus level of each twist string (and the first plain level of each file)."""
    seen: set[str] = set()
    picked = []
    for name in corpus_files("suido"):
        for row in corpus_rows("suido", name):
            key = f"{name[:3] if not row[3] else ''}{row[3]}"
            if key in seen:
                continue
            seen.add(key)
            layout = decode_layout(row[1])
            solution = level_solution((row[1], row[2], row[3]))
            assert layout is not None and solution is not None
            picked.append((layout, solution))
    return picked


def test_walls_example_turned_a_quarter() -> None:
    layout = decode_layout("5x5:CB3E99577cBBrfEea6aB65Ecc;w4,34,36")
    assert layout is not None
    assert encode_layout(transform_layout(layout, 0)) == "5x5:CB3E99577cBBrfEea6aB65Ecc;w4,34,36"
    # the wall east of cell 2 (x 2, y 0) goes to the south of cell 14 (x 4, y 2): edge 29
    assert encode_layout(transform_layout(layout, 1)) == "5x5:cdC3Ea5CaCIcne695feI9CI93;w23,29,33"
    # mirrored: the wall east of cell 2 becomes the west side of cell 2, i.e. east of cell 1
    assert encode_layout(transform_layout(layout, 4)) == "5x5:3E9BI6dd53EfrBBBacae66E5c;w2,30,32"


def test_cell_map_of_a_wide_board() -> None:
    assert cell_map(3, 2, 1) == ((1, 3, 5, 0, 2, 4), 2, 3)
    assert cell_map(3, 2, 4) == ((2, 1, 0, 5, 4, 3), 3, 2)
    small = decode_layout("3x2:i8ha00;l0")
    assert small is not None
    turned = transform_layout(small, 1)
    assert (turned.width, turned.height) == (2, 3)
    assert turned.sources == (1, 5) and turned.locked == (1,)
    with pytest.raises(ValueError, match=r"0\.\.7"):
        transform_layout(small, 8)


def test_absent_lists_stay_absent_and_squares_move() -> None:
    layout = decode_layout("4x4:2800000000000h01;l15;w4;b0;k6")
    assert layout is not None
    turned = transform_layout(layout, 1)
    assert turned.bigs == (2,) and turned.blocks == (9,) and turned.locked == (12,)
    assert turned.walls == (23,)  # east of cell 2 becomes south of cell 11
    bare = decode_layout("4x4:2800000000000h01")
    assert bare is not None
    moved = transform_layout(bare, 6)
    assert (moved.locked, moved.walls, moved.bigs, moved.blocks) == (None, None, None, None)


def test_eight_transforms_of_corpus_levels() -> None:
    levels = _levels()
    assert len(levels) in (0, 37)
    twisted = {"walls": 0, "locked": 0, "wrap": 0, "bigs": 0}
    for layout, solution in levels:
        answer = with_masks(layout, solution)
        key = symmetry_key(layout, solution)
        codes = set()
        for op in range(8):
            moved = transform_layout(layout, op)
            assert transform_layout(moved, INVERSE[op]) == layout
            assert decode_layout(encode_layout(moved)) == moved
            moved_answer = transform_layout(answer, op)
            assert flow_of(moved, moved_answer.cells).solved
            assert symmetry_key(moved, moved_answer.cells) == key
            codes.add(encode_layout(moved))
        assert transform_layout(layout, 0) == layout
        if layout.kind == "network":  # every piece is wet: the key is one of the eight codes
            assert key == min(encode_layout(transform_layout(answer, op)) for op in range(8))
        assert len(codes) in (4, 8) or layout.width == layout.height
        twisted["walls"] += bool(layout.walls)
        twisted["locked"] += bool(layout.locked)
        twisted["wrap"] += layout.wrap
        twisted["bigs"] += bool(layout.bigs)
    if levels:
        assert all(count > 0 for count in twisted.values()), twisted


def test_symmetry_key_sets_dry_spares_to_their_smallest_facing() -> None:
    layout = decode_layout("4x2d:iI280000")
    assert layout is not None
    key = symmetry_key(layout, (2, 8, 2, 8, 0, 0, 0, 0))
    assert key == symmetry_key(layout, (2, 8, 1, 4, 0, 0, 0, 0))
    assert key.startswith("2x4d:") or key.startswith("4x2d:")
