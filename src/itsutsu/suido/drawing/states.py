"""What each given piece of a Suido board shows: where it sits, its water and its arms.

A drawing keeps one cell group per cell *as given*; a piece in a square may have moved to
another cell of its square. :func:`cell_states` says, for each given cell, how far it has
turned, where it sits now, whether that place is wet, how deep the water is there, and the
state of each of its arms (its open sides as given): ``in`` where the water enters, ``out``
where it leaves into a piece that opens back, ``leak`` where it spills, ``""`` when dry or
closed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from itsutsu.suido.code import Layout, check_masks, check_per_cell
from itsutsu.suido.pieces import _quarters_between
from itsutsu.suido.squares import _block_info, _block_quarters_between, _place_after
from itsutsu.suido.water import Flow, _flow_of

ARM_STATES: Final = ("in", "out", "leak", "")
"""The states an arm can show: water entering, leaving, spilling, or none."""


@dataclass(frozen=True)
class CellState:
    """What the piece given at ``cell`` shows now.

    ``quarters``: its signed clockwise turn count (the whole square's for a square cell);
    ``place``: the cell it sits on now; ``wet`` and ``depth`` (steps from a pump, -1 when dry)
    of that place; ``arms``: one state per *local* side N, E, S, W of the piece as given
    (``"in"``, ``"out"``, ``"leak"``, or ``""`` for a closed side or a dry piece).
    """

    cell: int
    quarters: int
    place: int
    wet: bool
    depth: int
    arms: tuple[str, str, str, str]


def check_layout(layout: object) -> Layout:
    """Return ``layout`` when it is a :class:`Layout`, else raise ValueError saying what it is."""
    if not isinstance(layout, Layout):
        raise ValueError(f"a Suido drawing needs a Layout (see decode_layout), not {layout!r:.60}")
    return layout


def check_quarters(layout: Layout, quarters: object) -> tuple[int, ...]:
    """Return ``quarters`` as a tuple after checking it holds one whole number per cell.

    Raises ValueError with the reason otherwise.
    """
    return check_per_cell(layout, quarters, "quarters", "a quarter count must be a whole number")


def derived_quarters(layout: Layout, masks: tuple[int, ...]) -> tuple[int, ...]:
    """Return the fewest clockwise quarters (0..3) from each given piece to ``masks``.

    Square cells all carry their square's count; a piece that is no turn of the given one
    counts 0.
    """
    info = _block_info(layout)
    out = [0] * len(masks)
    for cell, (given, mask) in enumerate(zip(layout.cells, masks, strict=True)):
        if info.of[cell] < 0:
            out[cell] = _quarters_between(given, mask) or 0
    for block in info.blocks:
        q = _block_quarters_between(layout.cells, masks, block) or 0
        for cell in block.cells:
            out[cell] = q
    return tuple(out)


def cell_states(
    layout: Layout,
    masks: Sequence[int] | None = None,
    quarters: Sequence[int] | None = None,
    flow: Flow | None = None,
) -> tuple[CellState, ...]:
    """Return one :class:`CellState` per given cell of ``layout``.

    ``masks`` are the pieces now, by where they sit (default: as given); ``quarters`` the turn
    counts by given cell (default: the fewest clockwise quarters from the given pieces to
    ``masks``); ``flow`` the water over ``masks`` (default: computed). Raises ValueError when
    ``layout`` is not a Layout, or ``masks``/``quarters`` are not one whole number per cell.
    """
    layout = check_layout(layout)
    now = layout.cells if masks is None else check_masks(layout, masks)
    turned = None if quarters is None else check_quarters(layout, quarters)
    if flow is not None and (not isinstance(flow, Flow) or len(flow.wet) != len(now)):
        raise ValueError("flow must be the Flow of this board (see flow_of)")
    return _cell_states(layout, now, turned, flow)


def _cell_states(
    layout: Layout,
    now: tuple[int, ...],
    turned: tuple[int, ...] | None,
    flow: Flow | None,
) -> tuple[CellState, ...]:
    """:func:`cell_states` for arguments already checked."""
    if turned is None:
        turned = derived_quarters(layout, now)
    if flow is None:
        flow = _flow_of(layout, now)
    info = _block_info(layout)
    spills = set(flow.spills)
    states = []
    for cell, given in enumerate(layout.cells):
        q = turned[cell]
        square = info.of[cell]
        place = _place_after(info.blocks[square], cell, q) if square >= 0 else cell
        wet = flow.wet[place]
        arms = ["", "", "", ""]
        if wet:
            for local in range(4):
                if not given >> local & 1:
                    continue
                world = (local + q) % 4
                if (place, world) in spills:
                    arms[local] = "leak"
                elif world == flow.entry[place]:
                    arms[local] = "in"
                else:
                    arms[local] = "out"
        states.append(
            CellState(
                cell=cell,
                quarters=q,
                place=place,
                wet=wet,
                depth=flow.depth[place],
                arms=(arms[0], arms[1], arms[2], arms[3]),
            )
        )
    return tuple(states)


def step_for(deepest: int) -> int:
    """Return the milliseconds the water takes per cell when the deepest wet cell is ``deepest``.

    ``max(12, min(90, round(2000 / max(1, deepest + 1))))``, halves rounded up.
    """
    if type(deepest) is not int:
        raise ValueError(f"deepest must be a whole number, not {deepest!r}")
    return _step_for(deepest)


def _step_for(deepest: int) -> int:
    """:func:`step_for` for a depth already checked."""
    share = 2000 / max(1, deepest + 1)
    return max(12, min(90, int(share + 0.5)))
