"""Suido symmetry: the eight turns and mirrors of a board, and a key equal across them."""

from __future__ import annotations

from dataclasses import replace

from itsutsu.common.guards import require_int
from itsutsu.suido.board import _edge_of
from itsutsu.suido.code import (
    MAX_SIDE,
    Layout,
    _encode_layout,
    require_layout,
    with_masks,
)
from itsutsu.suido.pieces import _rotations_of, _turn
from itsutsu.suido.water import _flow_of

OPS = tuple(range(8))
"""The transform numbers: op = 4 * mirror + clockwise quarters."""


def _mirror_mask(mask: int) -> int:
    """Return ``mask`` mirrored left-right (its east and west bits swapped)."""
    return (mask & 5) | ((mask & 2) << 2) | ((mask & 8) >> 2)


def cell_map(width: int, height: int, op: int) -> tuple[tuple[int, ...], int, int]:
    """Return where each cell goes under transform ``op``, and the new width and height.

    The cell (x, y) is mirrored left-right first if ``op >= 4``, then turned a quarter
    clockwise ``op & 3`` times, each turn taking (x, y) on a w x h board to (h-1-y, x) on an
    h x w board. Raises ValueError unless the sides are 1..MAX_SIDE and ``op`` is 0..7.
    """
    require_int(width, "cell_map", "width", 1, MAX_SIDE)
    require_int(height, "cell_map", "height", 1, MAX_SIDE)
    require_int(op, "cell_map", "op", 0, 7)
    return _cell_map(width, height, op)


def _cell_map(width: int, height: int, op: int) -> tuple[tuple[int, ...], int, int]:
    """:func:`cell_map` for arguments already checked."""
    flip, quarters = op >= 4, op & 3
    out_w, out_h = (height, width) if quarters % 2 else (width, height)
    mapped = []
    for cell in range(width * height):
        x, y = cell % width, cell // width
        if flip:
            x = width - 1 - x
        w, h = width, height
        for _ in range(quarters):
            x, y = h - 1 - y, x
            w, h = h, w
        mapped.append(y * out_w + x)
    return tuple(mapped), out_w, out_h


def transform_layout(layout: Layout, op: int) -> Layout:
    """Return ``layout`` mirrored (op >= 4) and then turned ``op & 3`` quarters clockwise.

    Pieces, sources, drains, locks, walls and squares all move with the board; lists absent
    in ``layout`` stay absent. Raises ValueError for an op outside 0..7.
    """
    require_layout(layout, "transform_layout")
    if type(op) is not int or not 0 <= op <= 7:
        raise ValueError(f"a transform is a whole number 0..7, not {op!r}")
    return _transform_layout(layout, op)


def _transform_layout(layout: Layout, op: int) -> Layout:
    """:func:`transform_layout` for arguments already checked."""
    flip, quarters = op >= 4, op & 3
    mapped, out_w, out_h = _cell_map(layout.width, layout.height, op)
    cells = [0] * len(layout.cells)
    for cell, mask in enumerate(layout.cells):
        cells[mapped[cell]] = _turn(_mirror_mask(mask) if flip else mask, quarters)

    def cells_of(numbers: tuple[int, ...] | None) -> tuple[int, ...] | None:
        return None if numbers is None else tuple(sorted(mapped[c] for c in numbers))

    def squares_of(anchors: tuple[int, ...] | None) -> tuple[int, ...] | None:
        if anchors is None:
            return None
        width = layout.width
        return tuple(
            sorted(min(mapped[c] for c in (a, a + 1, a + width + 1, a + width)) for a in anchors)
        )

    out = Layout(
        width=out_w,
        height=out_h,
        kind=layout.kind,
        wrap=layout.wrap,
        cells=tuple(cells),
        sources=cells_of(layout.sources) or (),
        drains=cells_of(layout.drains) or (),
        locked=cells_of(layout.locked),
        walls=None,
        bigs=squares_of(layout.bigs),
        blocks=squares_of(layout.blocks),
    )
    if layout.walls is None:
        return out
    walls = []
    for edge in layout.walls:
        side = 1 if edge % 2 == 0 else 2
        if flip and side == 1:
            side = 3
        walls.append(_edge_of(out, mapped[edge >> 1], (side + quarters) % 4))
    return replace(out, walls=tuple(sorted(walls)))


def symmetry_key(layout: Layout, solution: tuple[int, ...] | list[int]) -> str:
    """Return a key equal for an answer and all its turns and mirrors.

    For each of the eight transforms of the answer (``layout`` with ``solution``'s masks) the
    dry pieces are set to their smallest facing and the board encoded; the key is the
    smallest of the eight codes. Raises ValueError when ``solution`` is not one mask per cell.
    """
    answer = with_masks(require_layout(layout, "symmetry_key"), solution)  # checks the masks
    codes = []
    for op in OPS:
        moved = _transform_layout(answer, op)
        wet = _flow_of(moved, moved.cells).wet
        masks = tuple(
            mask if wet[cell] else _rotations_of(mask)[0] for cell, mask in enumerate(moved.cells)
        )
        codes.append(_encode_layout(with_masks(moved, masks)))
    return min(codes)
