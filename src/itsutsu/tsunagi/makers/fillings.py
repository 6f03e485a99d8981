"""Random fillings: a board covered by lines that never run beside themselves.

A *shape* is a board with no stones yet: blocked cells, bridges, wrap or hexagon. A filling
covers every open cell of the shape with lines of at least 3 cells; no cell of a line has a
step (a plain step, or a jump over a bridge) onto another cell of the same line except the
cells just before and after it, so every line is one the check accepts. Lines are tuples of
cells from one end to the other (a bridge a line jumps is not among its cells).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

from itsutsu.common.random import Random, pick_index
from itsutsu.tsunagi.alphabet import CELL_BLOCKED, CELL_BRIDGE, CELL_EMPTY
from itsutsu.tsunagi.layout import Layout
from itsutsu.tsunagi.neighbours import _in_hex
from itsutsu.tsunagi.steps import Step

Line = tuple[int, ...]
Filling = tuple[Line, ...]

SHORTEST = 3
"""The fewest cells of a line a maker draws."""
RETREATS = 400
"""How many times a filling may take back its last lines before it starts over."""
TINY = 16
"""Shapes of at most this many open cells (and no bridge) can have every filling listed."""


@dataclass(frozen=True)
class Shape:
    """A board before its stones: side, cell values (``CELL_EMPTY``, ``CELL_BLOCKED``,
    ``CELL_BRIDGE``), and whether it wraps or is a hexagon."""

    size: int
    cells: tuple[int, ...]
    wrap: bool = False
    hex: bool = False

    @cached_property
    def board(self) -> Layout:
        """The shape as a layout without stones (its step table drives the filling)."""
        return Layout(self.size, self.cells, (), wrap=self.wrap, hex=self.hex)

    @cached_property
    def steps(self) -> tuple[tuple[Step, ...], ...]:
        """Each cell's steps (bridge jumps included)."""
        return self.board.steps

    @cached_property
    def open_cells(self) -> tuple[int, ...]:
        """The cells a line must cover."""
        return tuple(at for at, v in enumerate(self.cells) if v == CELL_EMPTY)


def plain_shape(size: int, wrap: bool = False, hexagon: bool = False) -> Shape:
    """A shape with every cell open (on a hexagon, every cell off it blocked)."""
    if hexagon:
        cells = tuple(
            CELL_EMPTY if _in_hex(size, at) else CELL_BLOCKED for at in range(size * size)
        )
    else:
        cells = (CELL_EMPTY,) * (size * size)
    return Shape(size, cells, wrap, hexagon)


def with_cells(shape: Shape, cells: dict[int, int]) -> Shape:
    """``shape`` with some cells set (blocked or bridge)."""
    out = list(shape.cells)
    for at, value in cells.items():
        out[at] = value
    return Shape(shape.size, tuple(out), shape.wrap, shape.hex)


def random_filling(
    shape: Shape, random: Random, longest: int, greed: float = 0.7, both_ends: bool = True
) -> Filling | None:
    """Cover ``shape`` with random lines of 3 to ``longest`` cells that never run beside
    themselves, or return ``None`` when the lines cannot be fitted (too many retreats).

    Each line starts at an open cell with the fewest open neighbours and grows from its tip,
    choosing (with chance ``greed``) among the candidates with the fewest open neighbours; a
    bridge is jumped whenever the line can jump it (across and down by two different lines).
    A line that gets stuck grows on from its other end (when ``both_ends``). A line too
    short to keep is added to the end of a line beside it, or the last lines are
    taken back.
    """
    steps = shape.steps
    owner = [-1 if v == CELL_EMPTY else -2 for v in shape.cells]
    lines: list[list[int]] = []
    # bridge slots: (bridge, across) -> line index
    slots: dict[tuple[int, bool], int] = {}
    jumps: list[list[tuple[int, bool]]] = []
    retreats = RETREATS
    left = len(shape.open_cells)

    def free_degree(at: int) -> int:
        return sum(1 for s in steps[at] if owner[s.to] == -1)

    def fits(line_id: int, tip: int, step: Step) -> bool:
        to = step.to
        if owner[to] != -1:
            return False
        if step.over >= 0:
            key = (step.over, step.across)
            if key in slots or slots.get((step.over, not step.across)) == line_id:
                return False
        return all(s.to == tip or owner[s.to] != line_id for s in steps[to])

    while left > 0:
        empties = [at for at in shape.open_cells if owner[at] == -1]
        degrees = [free_degree(at) for at in empties]
        tightest = min(degrees)
        starts = [at for at, d in zip(empties, degrees, strict=True) if d == tightest]
        start = starts[pick_index(random, len(starts))]
        want = SHORTEST + pick_index(random, max(1, longest - SHORTEST + 1))
        line_id = len(lines)
        line = [start]
        owner[start] = line_id
        used: list[tuple[int, bool]] = []
        turned = not both_ends
        while len(line) < want:
            tip = line[-1]
            options = [s for s in steps[tip] if fits(line_id, tip, s)]
            if not options:
                if turned:
                    break
                # stuck: grow on from the line's other end
                turned = True
                line.reverse()
                continue
            bridged = [s for s in options if s.over >= 0]
            if bridged:
                options = bridged
            elif random() < greed:
                fewest = min(free_degree(s.to) for s in options)
                options = [s for s in options if free_degree(s.to) == fewest]
            step = options[pick_index(random, len(options))]
            if step.over >= 0:
                slots[(step.over, step.across)] = line_id
                used.append((step.over, step.across))
            owner[step.to] = line_id
            line.append(step.to)
        if len(line) >= SHORTEST:
            lines.append(line)
            jumps.append(used)
            left -= len(line)
            continue
        for key in used:
            del slots[key]
        for at in line:
            owner[at] = -1
        count = len(lines)
        if _absorb(line, lines, owner, steps):
            jumps.extend([] for _ in range(len(lines) - count))
            left -= len(line)
            continue
        if retreats == 0:
            return None
        retreats -= 1
        for _ in range(min(len(lines), 1 + pick_index(random, 3))):
            gone = lines.pop()
            for key in jumps.pop():
                del slots[key]
            for at in gone:
                owner[at] = -1
            left += len(gone)
    return tuple(tuple(line) for line in lines)


@cache
def every_filling(shape: Shape) -> tuple[Filling, ...]:
    """Every filling of a tiny ``shape`` (at most :data:`TINY` open cells, no bridge), each
    once, in a fixed order: the lines of 3 or more cells that never run beside themselves,
    covering every open cell.

    A random filling of a 4x4 board is far from uniform (a few fillings come up again and
    again), so a maker of tiny boards draws from this list instead. Each filling is found
    once: the lowest cell not yet covered is covered by one of the lines through it, tried
    in turn, over the cells still free.
    """
    cells = shape.open_cells
    if len(cells) > TINY or CELL_BRIDGE in shape.cells:
        raise ValueError(f"every_filling lists tiny shapes only (at most {TINY} open cells)")
    steps = shape.steps
    open_set = frozenset(cells)
    near = {
        at: frozenset(s.to for s in steps[at] if s.to != at and s.to in open_set) for at in cells
    }
    through: dict[int, list[tuple[int, Line]]] = {at: [] for at in cells}

    def grow(path: list[int], body: int) -> None:
        tip = path[-1]
        if len(path) >= SHORTEST and path[0] < tip:
            line = tuple(path)
            for at in line:
                through[at].append((body, line))
        for to in near[tip]:
            if body >> to & 1:
                continue
            # the new cell may touch no cell of the line but the tip
            if any(body >> other & 1 for other in near[to] if other != tip):
                continue
            path.append(to)
            grow(path, body | 1 << to)
            path.pop()

    for at in cells:
        grow([at], 1 << at)
    everything = sum(1 << at for at in cells)
    found: list[Filling] = []
    chosen: list[Line] = []

    def cover(covered: int) -> None:
        if covered == everything:
            found.append(tuple(chosen))
            return
        free = everything & ~covered
        lowest = (free & -free).bit_length() - 1
        for body, line in through[lowest]:
            if body & covered:
                continue
            chosen.append(line)
            cover(covered | body)
            chosen.pop()

    cover(0)
    return tuple(found)


def line_ok(line: Line | list[int], steps: tuple[tuple[Step, ...], ...]) -> bool:
    """Tell whether ``line`` is one the check accepts: each cell steps to the next, and no
    cell has a step onto another cell of the line but the cells just before and after it."""
    body = set(line)
    if len(body) != len(line):
        return False
    last = len(line) - 1
    for i, at in enumerate(line):
        beside = {line[j] for j in (i - 1, i + 1) if 0 <= j <= last}
        touched = {s.to for s in steps[at] if s.to in body and s.to != at}
        if touched != beside:
            return False
    return True


def _absorb(
    run: list[int],
    lines: list[list[int]],
    owner: list[int],
    steps: tuple[tuple[Step, ...], ...],
) -> bool:
    """Add ``run`` (one or two cells) to an end of some line beside it, keeping the line
    one the check accepts; True if it was added. Only plain steps join a run to a line."""
    orders = [run] if len(run) == 1 else [run, run[::-1]]
    for order in orders:
        for line_id, line in enumerate(lines):
            for at_end in (True, False):
                tip = line[-1] if at_end else line[0]
                if not any(s.to == order[0] and s.over < 0 for s in steps[tip]):
                    continue
                grown = line + order if at_end else order[::-1] + line
                if not line_ok(grown, steps):
                    continue
                lines[line_id] = grown
                for at in order:
                    owner[at] = line_id
                return True
    # Cut a line beside the run in two and add the run to the end of one half.
    for order in orders:
        head = order[0]
        for s in steps[head]:
            line_id = owner[s.to]
            if s.over >= 0 or line_id < 0:
                continue
            line = lines[line_id]
            k = line.index(s.to)
            for part, rest in ((line[: k + 1], line[k + 1 :]), (line[k:][::-1], line[:k][::-1])):
                if len(rest) < SHORTEST or len(part) + len(order) < SHORTEST:
                    continue
                grown = part + order
                if not any(t.to == rest[0] and t.over < 0 for t in steps[part[-1]]):
                    continue
                if not line_ok(grown, steps) or not line_ok(rest, steps):
                    continue
                lines[line_id] = grown
                for at in order:
                    owner[at] = line_id
                lines.append(rest)
                for at in rest:
                    owner[at] = len(lines) - 1
                return True
    return False


def may_cut(line: Line, k: int, steps: tuple[tuple[Step, ...], ...], keep: frozenset[int]) -> bool:
    """Whether ``line`` may be cut between its cells ``k - 1`` and ``k``: neither is a
    portal cell (in ``keep``) and the two are joined by a plain step (not a bridge jump)."""
    a, b = line[k - 1], line[k]
    if a in keep or b in keep:
        return False
    return any(s.to == b and s.over < 0 and not s.through for s in steps[a])


def cut_line(
    line: Line,
    random: Random,
    piece: int,
    steps: tuple[tuple[Step, ...], ...],
    keep: frozenset[int] = frozenset(),
) -> list[Line]:
    """Cut ``line`` into pieces of 3 to about ``piece`` cells (a line shorter than 6 stays
    whole), never beside a portal cell of ``keep`` nor across a bridge jump."""
    n = len(line)
    pieces: list[Line] = []
    begin = 0
    while n - begin >= 2 * SHORTEST:
        most = max(SHORTEST, min(piece, n - begin - SHORTEST))
        end = begin + SHORTEST + pick_index(random, most - SHORTEST + 1)
        while end <= n - SHORTEST and not may_cut(line, end, steps, keep):
            end += 1
        if end > n - SHORTEST:
            break
        pieces.append(line[begin:end])
        begin = end
    pieces.append(line[begin:])
    return pieces


def cell_owners(shape: Shape, lines: Filling) -> list[int]:
    """Owner per cell: the line index, ``CELL_BLOCKED`` or ``CELL_BRIDGE``."""
    owners = [v if v in (CELL_BLOCKED, CELL_BRIDGE) else -1 for v in shape.cells]
    for index, line in enumerate(lines):
        for at in line:
            owners[at] = index
    return owners
