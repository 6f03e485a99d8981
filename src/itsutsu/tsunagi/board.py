"""The board a line moves on: neighbours, walls, bridges, portals, and the step table.

The step table is the single source of what a line may do next from each cell: a plain step
to a neighbour, a jump straight over a bridge, or a passage through a portal. Every later
module (check, lines, solver, drawing) walks it rather than re-deriving the rules.
"""

from __future__ import annotations

from itsutsu.common.guards import require_int
from itsutsu.tsunagi.layout import Layout, require_layout
from itsutsu.tsunagi.neighbours import _step_between
from itsutsu.tsunagi.portals import _edge, ambiguous, exit_of
from itsutsu.tsunagi.steps import Step


def _cells(layout: object, what: str, *cells: object) -> None:
    """Raise ValueError unless ``layout`` is a Layout and each of ``cells`` one of its cells."""
    last = len(require_layout(layout, what).cells) - 1
    for cell in cells:
        require_int(cell, what, "a cell", 0, last)


def edge_open(layout: Layout, a: int, b: int) -> bool:
    """Tell whether no wall stands between cells ``a`` and ``b``."""
    _cells(layout, "edge_open", a, b)
    return _edge(a, b) not in layout.walls


def layout_neighbours(layout: Layout) -> tuple[tuple[int, ...], ...]:
    """Return each cell's neighbours in table order (up, right, down, left; a hexagon adds
    up-right and down-left), with walled edges removed. The layout keeps the table
    (``layout.neighbours``), so this costs nothing after the first call."""
    return require_layout(layout, "layout_neighbours").neighbours


def layout_step(layout: Layout, a: int, b: int) -> int:
    """Return the step from ``a`` to its neighbour ``b`` on this board, or 0."""
    _cells(layout, "layout_step", a, b)
    return _step_between(layout.size, a, b, layout.wrap, layout.hex)


def portal_exit(layout: Layout, source: int, into: int) -> int:
    """Return the cell a line from ``source`` lands in through portal ``into``, or -1."""
    _cells(layout, "portal_exit", source, into)
    return exit_of(layout.size, layout.wrap, layout.walls, layout.partner, source, into)


def portals_are_ambiguous(layout: Layout) -> bool:
    """Tell whether the layout's portals make some passage ambiguous (decoding refuses it)."""
    require_layout(layout, "portals_are_ambiguous")
    return ambiguous(layout.size, layout.wrap, layout.walls, layout.partner, tuple(layout.portals))


def step_table(layout: Layout) -> tuple[tuple[Step, ...], ...]:
    """Return every cell's steps: the moves a line may make from it (plain steps, jumps
    straight over a bridge, passages through a portal). A portal cell has no steps of its own.
    Steps onto blocked cells and stones are listed; callers decide who may use them. The
    layout keeps the table (``layout.steps``), so this costs nothing after the first call."""
    return require_layout(layout, "step_table").steps


def bridges_of(layout: Layout) -> tuple[int, ...]:
    """Return the bridge cells in index order."""
    require_layout(layout, "bridges_of")
    return layout.bridges
