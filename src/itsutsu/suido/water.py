"""Suido water: where it runs from the pumps, where it spills, and whether a board is solved."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from itsutsu.suido.board import _neighbours_of
from itsutsu.suido.code import Layout, check_masks, require_layout


@dataclass(frozen=True)
class Flow:
    """The water on a board.

    Per cell: ``wet``; ``from_`` the cell the water came from (-1 for sources and dry cells);
    ``entry`` the side it entered by (-1 likewise); ``depth`` the steps from a source (-1 dry).
    ``order`` is the cells in the order they got wet; ``spills`` the (cell, side) pairs where a
    wet piece opens onto nothing that opens back, in processing order. Counts: ``pieces``
    (non-blank cells), ``wet_pieces``, ``drains``, ``wet_drains``; ``solved`` per the kind.
    """

    wet: tuple[bool, ...]
    from_: tuple[int, ...]
    entry: tuple[int, ...]
    depth: tuple[int, ...]
    order: tuple[int, ...]
    spills: tuple[tuple[int, int], ...]
    pieces: int
    wet_pieces: int
    drains: int
    wet_drains: int
    solved: bool


def flow_of(layout: Layout, masks: tuple[int, ...] | list[int] | None = None) -> Flow:
    """Run the water from every source of ``layout`` over ``masks`` (default: its cells).

    Breadth first over :func:`neighbours_of` (walls and the rim stop it). Raises ValueError
    when ``masks`` does not hold one mask 0..15 per cell.
    """
    require_layout(layout, "flow_of")
    return _flow_of(layout, layout.cells if masks is None else check_masks(layout, masks))


def _flow_of(layout: Layout, cells: Sequence[int]) -> Flow:
    """:func:`flow_of` for a layout and masks already checked."""
    near = _neighbours_of(layout)
    size = len(cells)
    wet = [False] * size
    from_ = [-1] * size
    entry = [-1] * size
    depth = [-1] * size
    order: list[int] = []
    spills: list[tuple[int, int]] = []
    for source in layout.sources:
        if not wet[source]:
            wet[source] = True
            depth[source] = 0
            order.append(source)
    queue = deque(order)
    while queue:
        cell = queue.popleft()
        mask = cells[cell]
        for side in range(4):
            if not mask >> side & 1:
                continue
            nxt = near[cell * 4 + side]
            back = (side + 2) & 3
            if nxt < 0 or not cells[nxt] >> back & 1:
                spills.append((cell, side))
                continue
            if wet[nxt]:
                continue
            wet[nxt] = True
            from_[nxt] = cell
            entry[nxt] = back
            depth[nxt] = depth[cell] + 1
            order.append(nxt)
            queue.append(nxt)
    pieces = sum(1 for mask in cells if mask)
    wet_drains = sum(1 for drain in layout.drains if wet[drain])
    if layout.kind == "network":
        reached = len(order) == pieces
    else:
        reached = wet_drains == len(layout.drains)
    branched = layout.kind == "inlet-outlet" and any(
        bin(cells[cell]).count("1") > 2 for cell in order
    )
    return Flow(
        wet=tuple(wet),
        from_=tuple(from_),
        entry=tuple(entry),
        depth=tuple(depth),
        order=tuple(order),
        spills=tuple(spills),
        pieces=pieces,
        wet_pieces=len(order),
        drains=len(layout.drains),
        wet_drains=wet_drains,
        solved=reached and not spills and not branched,
    )


def is_solved(layout: Layout, masks: tuple[int, ...] | list[int] | None = None) -> bool:
    """Return whether the water over ``masks`` (default: the layout's cells) solves the board."""
    require_layout(layout, "is_solved")
    return _flow_of(layout, layout.cells if masks is None else check_masks(layout, masks)).solved
