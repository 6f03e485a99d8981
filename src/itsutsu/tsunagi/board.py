"""The board a line moves on (spec 2): neighbours, walls, bridges, portals, and the step table.

The step table is the single source of what a line may do next from each cell: a plain step
to a neighbour, a jump straight over a bridge, or a passage through a portal. Every later
module (check, lines, solver, drawing) walks it rather than re-deriving the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from itsutsu.common.guards import require_int
from itsutsu.tsunagi.alphabet import CELL_BRIDGE
from itsutsu.tsunagi.geometry import _step_between, grid_neighbours, plain_step
from itsutsu.tsunagi.layout import Layout, require_layout
from itsutsu.tsunagi.portals import _edge, ambiguous, exit_of


@dataclass(frozen=True)
class Step:
    """One move of a line from a cell.

    ``to`` is where the line lands; ``over`` is the bridge it jumps (or -1) and ``across``
    tells whether that jump runs left-right; ``through`` holds the two portal cells of a
    passage (entered, then left), or nothing.
    """

    to: int
    over: int = -1
    across: bool = False
    through: tuple[int, ...] = ()


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
    """Return each cell's neighbours in table order (spec 2.1), walls removed.

    Prefer ``layout.neighbours``, which computes this once and keeps it.
    """
    require_layout(layout, "layout_neighbours")
    table = grid_neighbours(layout.size, layout.wrap, layout.hex)
    if not layout.walls:
        return table
    walls = layout.walls
    return tuple(
        tuple(n for n in around if _edge(at, n) not in walls) for at, around in enumerate(table)
    )


def layout_step(layout: Layout, a: int, b: int) -> int:
    """Return the step from ``a`` to its neighbour ``b`` on this board, or 0 (spec 2.1)."""
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
    """Build every cell's steps (spec 2.2). Prefer ``layout.steps``, which keeps it.

    A portal cell has no steps of its own. Steps onto blocked cells and stones are listed;
    callers decide who may use them.
    """
    require_layout(layout, "step_table")
    size = layout.size
    cells = layout.cells
    partner = layout.partner
    around = layout.neighbours
    table: list[tuple[Step, ...]] = []
    for at in range(size * size):
        if partner[at] >= 0:
            table.append(())
            continue
        steps = []
        for n in around[at]:
            if partner[n] >= 0:
                out = exit_of(size, layout.wrap, layout.walls, partner, at, n)
                if out >= 0 and out != at:
                    steps.append(Step(out, through=(n, partner[n])))
            elif cells[n] != CELL_BRIDGE:
                steps.append(Step(n))
            elif cells[at] != CELL_BRIDGE:
                beyond = plain_step(size, n, n - at)
                if beyond >= 0 and beyond in around[n]:
                    steps.append(Step(beyond, over=n, across=abs(n - at) == 1))
        table.append(tuple(steps))
    return tuple(table)


def bridges_of(layout: Layout) -> tuple[int, ...]:
    """Return the bridge cells in index order."""
    require_layout(layout, "bridges_of")
    return layout.bridges
