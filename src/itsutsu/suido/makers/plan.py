"""A plan of a Suido board: a random forest of pipes from the pumps, and what lies around it.

A plan is the generator's working state while one board is made; it is private to one call
and changed in place as the board is mended (see :mod:`itsutsu.suido.makers.mend`). Only the
board laid from it (:func:`truth_of`, :mod:`itsutsu.suido.makers.made`) leaves the generator.

* Network and drains: the pumps are spread out, then one forest grows from all of them at
  once over the board (every cell joins exactly one pump's tree). On a drains board some
  leaves become drains and only the pipes from the drains back to the pumps are used; the
  rest of the ground holds spare pieces or nothing.
* Inlet-outlet: one tree grows from the pump at the top left; the path from the drain at the
  bottom right back to the pump is the pipe, and decoys lie around it.
* Squares (network only) are 2 x 2 groups of cells chosen after the forest has grown: any
  four cells of a spanning forest hold a proper big piece (its pipes agree inside, make no
  ring and each leaves the square), so a big piece or a block is only a choice of anchor.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

from itsutsu.common.random import Random, shuffled
from itsutsu.suido.board import _plain_neighbours
from itsutsu.suido.makers.options import Settled

END, STRAIGHT, ELBOW, TEE, CROSS = 1, 5, 3, 7, 15
SPARE_SHAPES = (END, END, END, STRAIGHT, STRAIGHT, STRAIGHT, ELBOW, ELBOW, ELBOW, TEE)
"""The spare pieces of a drains board, drawn uniformly from this list (ends, straights and
elbows three times as often as tees)."""
DECOY_SHAPES = (END, END, STRAIGHT, STRAIGHT, ELBOW, ELBOW, TEE, TEE, CROSS)
"""The decoys of an inlet-outlet board, drawn uniformly from this list."""
SOURCE_TRIES = 8
"""Random cells tried for each pump after the first; the one farthest from the others wins."""


@dataclass
class Plan:
    """One board in the making (mutable, private to one generator call).

    ``up[cell]`` is the side toward the cell's parent in the forest (-1 for a pump, and for
    cells the forest does not reach); ``sources`` the pumps in pick order; ``drains`` the
    drains (drains and inlet-outlet boards) in pick order; ``spare[cell]`` the piece an
    unused cell holds (0 for nothing); ``walls`` edge numbers; ``locks`` locked cells;
    ``squares`` ``(anchor, big)`` pairs sorted by anchor.
    """

    width: int
    height: int
    wrap: bool
    kind: str
    near: tuple[int, ...]
    up: list[int]
    sources: list[int]
    drains: list[int] = field(default_factory=list)
    spare: list[int] = field(default_factory=list)
    walls: set[int] = field(default_factory=set)
    locks: list[int] = field(default_factory=list)
    squares: list[tuple[int, bool]] = field(default_factory=list)
    square_of: list[int] = field(default_factory=list)

    def parent(self, cell: int) -> int:
        """The cell's parent in the forest, or -1."""
        side = self.up[cell]
        return -1 if side < 0 else self.near[cell * 4 + side]


def _distance(width: int, height: int, wrap: bool, a: int, b: int) -> int:
    """Steps between two cells along rows and columns (across the seam on a wrapping board)."""
    dx = abs(a % width - b % width)
    dy = abs(a // width - b // width)
    if wrap:
        dx = min(dx, width - dx)
        dy = min(dy, height - dy)
    return dx + dy


def _pick_sources(settled: Settled, random: Random) -> list[int]:
    """Spread the pumps: each after the first is the farthest of a few random tries."""
    width, height, wrap = settled.width, settled.height, settled.wrap
    cells = width * height
    chosen: list[int] = []
    while len(chosen) < settled.sources:
        tries = 1 if not chosen else SOURCE_TRIES
        best = -1
        best_score = -1
        for _ in range(tries):
            cell = math.floor(random() * cells)
            if cell in chosen:
                continue
            score = min((_distance(width, height, wrap, cell, c) for c in chosen), default=0)
            if score > best_score:
                best, best_score = cell, score
        if best >= 0:
            chosen.append(best)
    return chosen


ORDERS = tuple(itertools.permutations((0, 1, 2, 3)))
"""The 24 orders of the four sides; a cell's sides join the frontier in one drawn order."""


def _grow(near: tuple[int, ...], roots: list[int], bias: float, random: Random) -> list[int]:
    """Grow one forest from ``roots`` over every cell ``near`` reaches; return ``up``.

    The frontier holds (cell, side) pairs toward cells not yet reached; each step takes the
    newest pair with chance ``bias`` (long snaking pipes) or else a random one (bushy pipes),
    both decided by one draw.
    """
    size = len(near) // 4
    up = [-1] * size
    reached = [False] * size
    frontier: list[int] = []
    orders = ORDERS
    snake = bias
    rest = 1.0 - bias

    def add(cell: int) -> None:
        reached[cell] = True
        base = cell * 4
        for side in orders[math.floor(random() * 24)]:
            other = near[base + side]
            if other >= 0 and not reached[other]:
                frontier.append(base + side)

    for root in roots:
        if not reached[root]:
            add(root)
    while frontier:
        u = random()
        if u < snake or len(frontier) == 1:
            entry = frontier.pop()
        else:
            at = min(len(frontier) - 1, math.floor((u - snake) / rest * len(frontier)))
            entry = frontier[at]
            last = frontier.pop()
            if at < len(frontier):
                frontier[at] = last
        other = near[entry]
        if reached[other]:
            continue
        up[other] = ((entry & 3) + 2) & 3
        add(other)
    return up


def children_of(plan: Plan) -> list[list[int]]:
    """Each cell's children in the forest, ascending."""
    kids: list[list[int]] = [[] for _ in plan.up]
    near = plan.near
    for cell, side in enumerate(plan.up):
        if side >= 0:
            kids[near[cell * 4 + side]].append(cell)
    return kids


def root_of(plan: Plan, cell: int) -> int:
    """The pump whose tree holds ``cell`` (the cell itself for a pump)."""
    while plan.up[cell] >= 0:
        cell = plan.parent(cell)
    return cell


def _pick_drains(plan: Plan, count: int, random: Random) -> list[int]:
    """Drains on leaves: first one in each pump's tree, then any, up to ``count``."""
    kids = children_of(plan)
    pumps = set(plan.sources)
    leaves = [cell for cell in range(len(plan.up)) if not kids[cell] and cell not in pumps]
    roots = {cell: root_of(plan, cell) for cell in leaves}
    drains: list[int] = []
    for pump in plan.sources:
        mine = [cell for cell in leaves if roots[cell] == pump]
        if mine:
            drains.append(shuffled(mine, random)[0])
    for cell in shuffled(leaves, random):
        if len(drains) >= count:
            break
        if cell not in drains:
            drains.append(cell)
    return drains


def _place_squares(plan: Plan, bigs: int, blocks: int, random: Random) -> bool:
    """Choose anchors for ``bigs`` big pieces and then ``blocks`` blocks; False if short.

    A square never holds a pump; big pieces also keep off the sides of other squares, so
    two big pieces never touch.
    """
    width, height = plan.width, plan.height
    anchors = shuffled(
        [c for c in range(width * height) if c % width < width - 1 and c // width < height - 1],
        random,
    )
    taken = plan.square_of
    pumps = set(plan.sources)
    placed: list[tuple[int, bool]] = []
    wanted = [True] * bigs + [False] * blocks
    at = 0
    for big in wanted:
        while at < len(anchors):
            anchor = anchors[at]
            at += 1
            cells = (anchor, anchor + 1, anchor + width + 1, anchor + width)
            if any(taken[c] >= 0 or c in pumps for c in cells):
                continue
            if big and any(
                taken[other] >= 0
                for c in cells
                for other in plan.near[c * 4 : c * 4 + 4]
                if other >= 0 and other not in cells
            ):
                continue
            for c in cells:
                taken[c] = anchor
            placed.append((anchor, big))
            break
        else:
            return False
    plan.squares = sorted(placed)
    return True


PATH_BIAS = 0.55
"""The least snaking bias of an inlet-outlet plan, up to 400 cells."""


def _least_path_bias(width: int, height: int) -> float:
    """The least bias an inlet-outlet plan draws: on boards over 400 cells only nearly
    straight-ahead growth makes a path long enough (a third of the board), so the draw
    starts at ``1 - 2 / shorter side`` there rather than throwing most plans away."""
    if width * height <= 400:
        return PATH_BIAS
    return max(PATH_BIAS, 1 - 2 / min(width, height))


def new_plan(settled: Settled, random: Random) -> Plan | None:
    """Draw a plan; None when this draw cannot make the board asked for (draw another)."""
    width, height, wrap = settled.width, settled.height, settled.wrap
    size = width * height
    near = _plain_neighbours(width, height, wrap)
    if settled.kind == "inlet-outlet":
        least = _least_path_bias(width, height)
        bias = settled.bias if settled.bias is not None else least + random() * (1 - least)
        up = _grow(near, [0], bias, random)
        plan = Plan(width, height, wrap, settled.kind, near, up, [0], [size - 1])
        length = len(path_of(plan, size - 1))
        if length < max(width + height + 2, math.floor(0.35 * size)):
            return None
        plan.spare = [
            DECOY_SHAPES[math.floor(random() * len(DECOY_SHAPES))]
            if random() < settled.spares
            else 0
            for _ in range(size)
        ]
        plan.square_of = [-1] * size
        return plan
    bias = settled.bias if settled.bias is not None else 0.15 + random() * 0.75
    sources = _pick_sources(settled, random)
    up = _grow(near, sources, bias, random)
    plan = Plan(width, height, wrap, settled.kind, near, up, sources)
    plan.square_of = [-1] * size
    kids = children_of(plan)
    if any(not kids[pump] for pump in sources):
        return None
    if settled.kind == "drains":
        plan.drains = _pick_drains(plan, settled.drains, random)
        plan.spare = [
            SPARE_SHAPES[math.floor(random() * len(SPARE_SHAPES))]
            if random() < settled.spares
            else 0
            for _ in range(size)
        ]
    else:
        plan.spare = [0] * size
    if settled.bigs + settled.blocks > 0 and not _place_squares(
        plan, settled.bigs, settled.blocks, random
    ):
        return None
    return plan


def path_of(plan: Plan, cell: int) -> list[int]:
    """The cells from ``cell`` up its tree to the pump, both included."""
    path = [cell]
    while plan.up[cell] >= 0:
        cell = plan.parent(cell)
        path.append(cell)
    return path


def used_of(plan: Plan) -> list[bool]:
    """Which cells the pipes use: all on a network; else the pumps and every cell on the way
    from a drain back to its pump."""
    size = len(plan.up)
    if plan.kind == "network":
        return [True] * size
    used = [False] * size
    for pump in plan.sources:
        used[pump] = True
    for drain in plan.drains:
        cell = drain
        while not used[cell]:
            used[cell] = True
            cell = plan.parent(cell)
    return used


def truth_of(plan: Plan, used: list[bool]) -> list[int]:
    """The answer's masks: used cells joined to their parents, the rest holding spares."""
    near = plan.near
    masks = [0 if used[cell] else plan.spare[cell] for cell in range(len(plan.up))]
    for cell, side in enumerate(plan.up):
        if side >= 0 and used[cell]:
            masks[cell] |= 1 << side
            masks[near[cell * 4 + side]] |= 1 << ((side + 2) & 3)
    return masks
