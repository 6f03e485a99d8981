"""Suido water: where it runs from the pumps, where it spills, and whether a board is solved."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

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
    return _traced(layout, cells).flow


@dataclass(frozen=True)
class TracedFlow:
    """The water on a board (``flow``) with the record of how it was found, from which
    :func:`flow_after` finds the water after some pieces changed without running it all again.

    ``masks`` are the pieces it ran over; ``at`` each cell's index in ``flow.order`` (-1 dry);
    ``queued`` and ``spilled``, for each index k of ``flow.order``, how many cells were wet
    and how many spills were found when the run began on ``flow.order[k]``.
    """

    flow: Flow
    masks: tuple[int, ...]
    at: tuple[int, ...]
    queued: tuple[int, ...]
    spilled: tuple[int, ...]


@lru_cache(maxsize=512)
def _readers_of(layout: Layout) -> tuple[tuple[int, ...], ...]:
    """Per cell, the cells whose run reads its mask: itself and every cell with a side onto it
    (cached per layout)."""
    near = _neighbours_of(layout)
    readers: list[set[int]] = [{cell} for cell in range(len(layout.cells))]
    for index, other in enumerate(near):
        if other >= 0:
            readers[other].add(index >> 2)
    return tuple(tuple(sorted(cells)) for cells in readers)


def _traced(layout: Layout, cells: Sequence[int]) -> TracedFlow:
    """Run the water from every source over ``cells`` (checked), keeping the trace."""
    size = len(cells)
    wet = [False] * size
    at = [-1] * size
    order: list[int] = []
    for source in layout.sources:
        if not wet[source]:
            wet[source] = True
            at[source] = len(order)
            order.append(source)
    return _run(layout, cells, wet, [-1] * size, [-1] * size, [0 if w else -1 for w in wet],
                at, order, [], [], [], 0, sum(1 for mask in cells if mask))  # fmt: skip


def _run(
    layout: Layout, cells: Sequence[int], wet: list[bool], from_: list[int], entry: list[int],
    depth: list[int], at: list[int], order: list[int], spills: list[tuple[int, int]],
    queued: list[int], spilled: list[int], start: int, pieces: int,
) -> TracedFlow:  # fmt: skip
    """Go on with a breadth-first run of the water from index ``start`` of ``order`` (the
    queue is ``order[start:]``) and return the flow with its trace."""
    near = _neighbours_of(layout)
    k = start
    while k < len(order):
        cell = order[k]
        queued.append(len(order))
        spilled.append(len(spills))
        k += 1
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
            at[nxt] = len(order)
            order.append(nxt)
    wet_drains = sum(1 for drain in layout.drains if wet[drain])
    if layout.kind == "network":
        reached = len(order) == pieces
    else:
        reached = wet_drains == len(layout.drains)
    branched = layout.kind == "inlet-outlet" and any(
        bin(cells[cell]).count("1") > 2 for cell in order
    )
    flow = Flow(
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
    return TracedFlow(flow, tuple(cells), tuple(at), tuple(queued), tuple(spilled))


def traced_flow_of(layout: Layout, masks: tuple[int, ...] | list[int] | None = None) -> TracedFlow:
    """Return :func:`flow_of` ``layout`` over ``masks`` with the trace :func:`flow_after`
    goes on from. Raises ValueError as :func:`flow_of` does."""
    require_layout(layout, "traced_flow_of")
    return _traced(layout, layout.cells if masks is None else check_masks(layout, masks))


def flow_after(
    layout: Layout, traced: TracedFlow, masks: tuple[int, ...] | list[int]
) -> TracedFlow:
    """Return the water of ``layout`` over ``masks``, found from ``traced``, the traced water
    of the same layout over other masks: the run is taken up again from the first cell whose
    run read a mask that changed, so a turn far down the stream costs little. The result
    equals :func:`traced_flow_of` over ``masks`` in every field; ``traced`` itself is
    returned when the water cannot have changed. Turns keep the number of arms of every piece, so
    ``masks`` must hold, cell by cell, a piece with as many arms as ``traced.masks`` (else
    ValueError, as for masks that do not fit the layout)."""
    require_layout(layout, "flow_after")
    if not isinstance(traced, TracedFlow) or len(traced.masks) != len(layout.cells):
        raise ValueError("flow_after needs the TracedFlow of the same layout (traced_flow_of)")
    cells = check_masks(layout, masks)
    old = traced.masks
    changed = _differing(old, cells)
    if any(bin(old[cell]).count("1") != bin(cells[cell]).count("1") for cell in changed):
        raise ValueError("flow_after: a mask changed its number of arms, which no turn does")
    return _after(layout, traced, cells, changed)


def _differing(old: Sequence[int], new: Sequence[int]) -> list[int]:
    """The cells where two mask lists (0..15 each, of one length) differ, found with whole
    numbers made of their bytes, so the cost goes with the differences, not the board."""
    x = int.from_bytes(bytes(old), "little") ^ int.from_bytes(bytes(new), "little")
    cells = []
    while x:
        cell = ((x & -x).bit_length() - 1) >> 3
        cells.append(cell)
        x &= ~(0xFF << (cell << 3))
    return cells


def _after(
    layout: Layout, before: TracedFlow, cells: Sequence[int], changed: Sequence[int]
) -> TracedFlow:
    """:func:`flow_after` for checked arguments and ``changed``, the cells whose mask is not
    as in ``before`` (each piece keeping its number of arms)."""
    at = before.at
    readers = _readers_of(layout)
    first = len(at)
    for cell in changed:
        for reader in readers[cell]:
            k = at[reader]
            if 0 <= k < first:
                first = k
    flow = before.flow
    if first == len(at):
        if not changed:
            return before
        return TracedFlow(flow, tuple(cells), at, before.queued, before.spilled)
    wet_n = before.queued[first]
    tail = flow.order[wet_n:]
    wet, from_, entry = list(flow.wet), list(flow.from_), list(flow.entry)
    depth, at_list = list(flow.depth), list(at)
    for cell in tail:
        wet[cell] = False
        from_[cell] = entry[cell] = depth[cell] = at_list[cell] = -1
    return _run(layout, cells, wet, from_, entry, depth, at_list, list(flow.order[:wet_n]),
                list(flow.spills[: before.spilled[first]]), list(before.queued[:first]),
                list(before.spilled[:first]), first, flow.pieces)  # fmt: skip


def is_solved(layout: Layout, masks: tuple[int, ...] | list[int] | None = None) -> bool:
    """Return whether the water over ``masks`` (default: the layout's cells) solves the board."""
    require_layout(layout, "is_solved")
    return _flow_of(layout, layout.cells if masks is None else check_masks(layout, masks)).solved
