"""The moves a line may make from each cell: plain steps, jumps over bridges, portal passages.

These builders take the board's parts rather than a layout, so the layout can keep their
tables without the two modules importing each other: :class:`~itsutsu.tsunagi.layout.Layout`
computes ``neighbours`` and ``steps`` with them once, on first use, and every later module
(check, lines, solver, drawing) walks those tables rather than re-deriving the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from itsutsu.tsunagi.alphabet import CELL_BRIDGE
from itsutsu.tsunagi.neighbours import grid_neighbours, plain_step
from itsutsu.tsunagi.portals import Edge, _edge, exit_of


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


def neighbour_table(
    size: int, wrap: bool, hexagon: bool, walls: frozenset[Edge]
) -> tuple[tuple[int, ...], ...]:
    """Each cell's neighbours in table order (up, right, down, left; the hexagon adds
    up-right and down-left), with walled edges removed."""
    table = grid_neighbours(size, wrap, hexagon)
    if not walls:
        return table
    return tuple(
        tuple(n for n in around if _edge(at, n) not in walls) for at, around in enumerate(table)
    )


@lru_cache(maxsize=64)
def _plain_steps(count: int) -> tuple[Step, ...]:
    """One plain step onto each of ``count`` cells, made once and shared (a Step is frozen)."""
    return tuple(Step(to) for to in range(count))


def build_step_table(
    size: int,
    cells: Sequence[int],
    partner: Sequence[int],
    walls: frozenset[Edge],
    wrap: bool,
    around: Sequence[Sequence[int]],
) -> tuple[tuple[Step, ...], ...]:
    """Every cell's steps, from the board's cells, portal partners, walls and neighbours.

    A portal cell has no steps of its own: a line steps into it from a neighbour and comes out
    of its partner moving the same way. A bridge is jumped straight over, never stood on, and
    a bridge cell has no step onto another bridge. Steps onto blocked cells and stones are
    listed; callers decide who may use them.
    """
    table: list[tuple[Step, ...]] = []
    plain = _plain_steps(size * size)
    if not any(value == CELL_BRIDGE for value in cells) and not any(p >= 0 for p in partner):
        return tuple(tuple(plain[n] for n in around[at]) for at in range(size * size))
    for at in range(size * size):
        if partner[at] >= 0:
            table.append(())
            continue
        steps = []
        for n in around[at]:
            if partner[n] >= 0:
                out = exit_of(size, wrap, walls, partner, at, n)
                if out >= 0 and out != at:
                    steps.append(Step(out, through=(n, partner[n])))
            elif cells[n] != CELL_BRIDGE:
                steps.append(plain[n])
            elif cells[at] != CELL_BRIDGE:
                beyond = plain_step(size, n, n - at)
                if beyond >= 0 and beyond in around[n]:
                    steps.append(Step(beyond, over=n, across=abs(n - at) == 1))
        table.append(tuple(steps))
    return tuple(table)
