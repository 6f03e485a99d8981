"""What a page changes in a drawn Suido board after a tap, as plain data.

A page draws the board once with :func:`itsutsu.suido.draw.draw`; after each turn it applies
a :class:`Paint`: per cell group (in document order = given cell) ``data-wet``, ``--k`` on the
group, ``--q`` on its ``.sd-turn`` and ``data-w`` on each ``.sd-arm`` by ``data-side``; then
``data-solved`` and ``--sd-step`` on the root. Nothing else changes, so the result equals a
fresh drawing of the turned board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from itsutsu.suido.code import Layout, check_masks
from itsutsu.suido.drawing.states import _cell_states, _step_for, check_layout, check_quarters
from itsutsu.suido.water import _flow_of


@dataclass(frozen=True)
class CellPaint:
    """The painted values of one cell group: ``wet``, ``k`` (depth, 0 when dry), ``q``
    (quarters turned) and ``arms``: (``data-side``, ``data-w``) for each arm of the given piece.
    """

    cell: int
    wet: bool
    k: int
    q: int
    arms: tuple[tuple[int, str], ...]

    def attributes(self) -> dict[str, str]:
        """Return the cell group's painted attributes as written: ``data-wet`` and ``style``."""
        return {"data-wet": "true" if self.wet else "false", "style": f"--k:{self.k}"}


@dataclass(frozen=True)
class Paint:
    """Everything a page writes after a tap: the root's ``solved`` and ``step`` (ms) and one
    :class:`CellPaint` per given cell, in cell order.
    """

    solved: bool
    step: int
    cells: tuple[CellPaint, ...]

    def root_attributes(self) -> dict[str, str]:
        """Return the root's painted attributes as written: ``data-solved`` and ``style``."""
        return {
            "data-solved": "true" if self.solved else "false",
            "style": f"--sd-step:{self.step}ms",
        }

    def to_dict(self) -> dict[str, object]:
        """Return the paint as JSON-ready data (strings as a page writes them)::

        {"solved": "true", "step": "45ms",
         "cells": [{"wet": "true", "k": "3", "q": "1", "arms": {"0": "in", "2": "out"}}, ...]}
        """
        return {
            "solved": "true" if self.solved else "false",
            "step": f"{self.step}ms",
            "cells": [
                {
                    "wet": "true" if cell.wet else "false",
                    "k": str(cell.k),
                    "q": str(cell.q),
                    "arms": {str(side): state for side, state in cell.arms},
                }
                for cell in self.cells
            ],
        }


def paint_state(
    layout: Layout, masks: Sequence[int] | None = None, quarters: Sequence[int] | None = None
) -> Paint:
    """Return what a page writes into a drawing of ``layout`` to show ``masks`` and ``quarters``.

    ``masks`` default to the pieces as given; ``quarters`` (turn counts by given cell) to the
    fewest clockwise quarters. Raises ValueError when ``layout`` is not a Layout or ``masks``
    or ``quarters`` are not one whole number per cell.
    """
    layout = check_layout(layout)
    now = layout.cells if masks is None else check_masks(layout, masks)
    turned = None if quarters is None else check_quarters(layout, quarters)
    flow = _flow_of(layout, now)
    states = _cell_states(layout, now, turned, flow)
    cells = tuple(
        CellPaint(
            cell=state.cell,
            wet=state.wet,
            k=state.depth if state.wet else 0,
            q=state.quarters,
            arms=tuple(
                (side, state.arms[side])
                for side in range(4)
                if layout.cells[state.cell] >> side & 1
            ),
        )
        for state in states
    )
    return Paint(solved=flow.solved, step=_step_for(max(0, *flow.depth)), cells=cells)
