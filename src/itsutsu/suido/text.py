"""Suido boards drawn as plain text, for terminals and the ``itsutsu suido show`` command.

Each board row is one line; each cell takes four characters: a mark, the pipe, a joint
(``─`` when the pipe opens east, so pipes read as lines across the row), a wall sign.

* Pipes are box-drawing characters: ``─ │ └ ┌ ┐ ┘ ├ ┤ ┬ ┴ ┼``, an end (one open side) is a
  half stub pointing the way it opens: ``╵`` up, ``╶`` right, ``╷`` down, ``╴`` left;
  blank ground is ``·``.
* Marks (before the pipe): ``P`` pump (source), ``D`` drain, lower case ``p``/``d`` for a
  locked pump/drain, ``#`` locked piece, ``B`` a cell of a big piece, ``K`` a cell of a
  block that turns, a space otherwise.
* Wall signs (after the pipe): ``|`` a wall on the cell's east side, ``_`` on its south side,
  ``╛`` on both, a space for none.

After the rows come a line naming the size, kind, wrap and twists, a line on the water, and
the legend.
"""

from __future__ import annotations

from typing import Final

from itsutsu.suido.code import Layout, check_masks, require_layout
from itsutsu.suido.squares import _block_info
from itsutsu.suido.twists import _twists_of
from itsutsu.suido.water import _flow_of

PIPE_CHARS: Final = "·╵╶└╷│┌├╴┘─┴┐┤┬┼"
"""The drawing of each mask 0..15."""

LEGEND: Final = (
    "legend: P pump, D drain, p/d locked pump/drain, # locked, B big piece, K block; "
    "| wall east, _ wall south, ╛ both; · blank"
)
"""The legend line printed under every drawing."""


def _mark(layout: Layout, cell: int, sources: set[int], drains: set[int], locked: set[int]) -> str:
    """Return the mark character of ``cell``."""
    if cell in sources:
        return "p" if cell in locked else "P"
    if cell in drains:
        return "d" if cell in locked else "D"
    if cell in locked:
        return "#"
    info = _block_info(layout)
    if info.of[cell] >= 0:
        return "B" if info.blocks[info.of[cell]].big else "K"
    return " "


def board_text(layout: Layout, masks: tuple[int, ...] | list[int] | None = None) -> str:
    """Return ``layout`` drawn as text with its pieces as in ``masks`` (default: as given).

    The symbols are listed in this module's docstring and in the legend line the drawing
    ends with. Raises ValueError when ``masks`` is not one mask 0..15 per cell.
    """
    require_layout(layout, "board_text")
    cells = layout.cells if masks is None else check_masks(layout, masks)
    sources, drains = set(layout.sources), set(layout.drains)
    locked = set(layout.locked or ())
    walls = set(layout.walls or ())
    lines = []
    for row in range(layout.height):
        parts = []
        for col in range(layout.width):
            cell = row * layout.width + col
            east, south = 2 * cell in walls, 2 * cell + 1 in walls
            sign = "╛" if east and south else "|" if east else "_" if south else " "
            mark = _mark(layout, cell, sources, drains, locked)
            joint = "─" if cells[cell] & 2 else " "
            parts.append(mark + PIPE_CHARS[cells[cell]] + joint + sign)
        lines.append("".join(parts).rstrip())
    twists = " ".join(_twists_of(layout)) or "none"
    lines.append(
        f"{layout.width}x{layout.height} {layout.kind}, "
        f"{'wraps' if layout.wrap else 'no wrap'}; twists: {twists}"
    )
    flow = _flow_of(layout, cells)
    if layout.kind == "network":
        reach = f"{flow.wet_pieces} of {flow.pieces} pieces wet"
    else:
        reach = f"{flow.wet_drains} of {flow.drains} drains wet"
    lines.append(
        f"water: {reach}, {len(flow.spills)} open ends; {'solved' if flow.solved else 'not solved'}"
    )
    lines.append(LEGEND)
    return "\n".join(lines) + "\n"
