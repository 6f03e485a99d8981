"""Mending a plan whose board has more than one answer, and adding the walls and locks asked for.

Where the solver finds two answers, the board is changed where they disagree instead of being
thrown away: a branch of the forest is moved to hang from another cell (:func:`rewire`), a
spare piece is taken away, or (when walls or locks were asked for) a wall is put on an edge
only the other answer uses or a piece both answers turn differently is locked
(:func:`tighten`). Walls never sit on the forest's own edges, so moving a branch never runs
into one on its old path, and locks always show the answer's facing.
"""

from __future__ import annotations

import math

from itsutsu.common.random import Random, shuffled
from itsutsu.suido.makers.plan import Plan, children_of
from itsutsu.suido.pieces import _can_turn

MEND_DECOYS = (0, 1, 7, 15)
"""What an inlet-outlet decoy becomes when two answers disagree on it: nothing, an end, a tee
or a cross, drawn uniformly."""


def walled_near(plan: Plan) -> list[int]:
    """The plan's neighbour table with its walls cut."""
    near = list(plan.near)
    for edge in plan.walls:
        cell = edge >> 1
        side = 1 if edge % 2 == 0 else 2
        other = near[cell * 4 + side]
        near[cell * 4 + side] = -1
        if other >= 0:
            near[other * 4 + ((side + 2) & 3)] = -1
    return near


def edge_id(plan: Plan, cell: int, side: int) -> int:
    """The edge number of ``side`` of ``cell`` (east ``2c``, south ``2c + 1``), or -1."""
    if side == 1:
        return 2 * cell
    if side == 2:
        return 2 * cell + 1
    other = plan.near[cell * 4 + side]
    if other < 0:
        return -1
    return 2 * other if side == 3 else 2 * other + 1


def forest_edges(plan: Plan) -> set[int]:
    """The edge numbers the forest runs along (used or not)."""
    return {edge_id(plan, cell, side) for cell, side in enumerate(plan.up) if side >= 0}


def _branch(plan: Plan, cell: int) -> list[int]:
    """``cell`` and everything below it in its tree, breadth first."""
    kids = children_of(plan)
    branch = [cell]
    at = 0
    while at < len(branch):
        branch.extend(kids[branch[at]])
        at += 1
    return branch


def _below(plan: Plan, cell: int, top: int) -> bool:
    """Whether ``cell`` is ``top`` or lies below it in its tree."""
    up = plan.up
    near = plan.near
    while cell != top:
        side = up[cell]
        if side < 0:
            return False
        cell = near[cell * 4 + side]
    return True


def rewire(plan: Plan, cell: int, random: Random, local: bool = False) -> bool:
    """Move the branch below ``cell`` (the cell included) to hang from a cell outside it.

    A random edge from the branch to the outside (not through a wall, not the branch's own
    edge up) becomes the branch's new edge up (with ``local``, one from ``cell`` itself when
    there is one, so only the pieces round ``cell`` change); the cells from its inner end up
    to ``cell`` are re-pointed, so the branch stays one tree. False when there is no such
    edge or ``cell`` is a pump.
    """
    own = plan.up[cell]
    if own < 0:
        return False
    near = walled_near(plan) if plan.walls else plan.near
    options: list[tuple[int, int]] = []
    if local:
        options = [
            (cell, side)
            for side in range(4)
            if side != own
            and near[cell * 4 + side] >= 0
            and not _below(plan, near[cell * 4 + side], cell)
        ]
    if not options:
        branch = _branch(plan, cell)
        inside = set(branch)
        for member in branch:
            for side in range(4):
                other = near[member * 4 + side]
                if other < 0 or other in inside or (member == cell and side == own):
                    continue
                options.append((member, side))
    if not options:
        return False
    member, side = options[math.floor(random() * len(options))]
    # Walk from the chosen cell up to ``cell``, turning each edge on the way round.
    chain = [member]
    while chain[-1] != cell:
        chain.append(plan.parent(chain[-1]))
    olds = [plan.up[c] for c in chain]
    plan.up[member] = side
    for i in range(1, len(chain)):
        plan.up[chain[i]] = (olds[i - 1] + 2) & 3
    return True


def lockable(plan: Plan, used: list[bool], truth: list[int], cell: int) -> bool:
    """Whether a lock on ``cell`` means something: a used piece that turns, outside squares."""
    return used[cell] and _can_turn(truth[cell]) and plan.square_of[cell] < 0


def _lock_room(plan: Plan, used: list[bool], truth: list[int], locks: int) -> int:
    """How many locks there may be: as many as asked, but one piece that turns is left
    unlocked (a board whose every piece is locked would start solved)."""
    total = sum(1 for cell in range(len(truth)) if lockable(plan, used, truth, cell))
    return min(locks, total - 1)


def _inside_square(plan: Plan, edge: int) -> bool:
    """Whether both cells of ``edge`` lie in one square."""
    cell = edge >> 1
    other = plan.near[cell * 4 + (1 if edge % 2 == 0 else 2)]
    return (
        other >= 0 and plan.square_of[cell] >= 0 and plan.square_of[cell] == plan.square_of[other]
    )


def _water_edges(plan: Plan, masks: tuple[int, ...], wet: tuple[bool, ...]) -> list[int]:
    """The edges water crosses in an answer: both cells wet and open toward each other."""
    near = plan.near
    edges = []
    for cell in range(len(masks)):
        if not wet[cell]:
            continue
        for side, bit, back in ((1, 2, 8), (2, 4, 1)):
            other = near[cell * 4 + side]
            if other >= 0 and wet[other] and masks[cell] & bit and masks[other] & back:
                edges.append(2 * cell + (side == 2))
    return edges


Answer = tuple[tuple[int, ...], tuple[bool, ...]]
"""An answer's masks and which cells its water reaches."""


def tighten(
    plan: Plan,
    answers: tuple[Answer, Answer],
    used: list[bool],
    truth: list[int],
    walls: int,
    locks: int,
    random: Random,
) -> bool:
    """Add a wall or a lock that the second answer (or the first) cannot live with.

    ``answers`` are two answers' masks with their wet cells. Walls go on edges one answer's
    water crosses and the other's does not, off the forest and outside squares; locks on
    pieces the answers turn differently. False when neither is wanted or possible.
    """
    (one, wet_one), (two, wet_two) = answers
    wall_options: list[int] = []
    if len(plan.walls) < walls:
        first = _water_edges(plan, one, wet_one)
        second = _water_edges(plan, two, wet_two)
        firsts, seconds = set(first), set(second)
        forest = forest_edges(plan)
        differ = [e for e in first if e not in seconds] + [e for e in second if e not in firsts]
        wall_options = [
            edge
            for edge in differ
            if edge not in forest and edge not in plan.walls and not _inside_square(plan, edge)
        ]
    lock_options: list[int] = []
    shown = {cell for cell in plan.locks if lockable(plan, used, truth, cell)}
    if len(shown) < _lock_room(plan, used, truth, locks):
        lock_options = [
            cell
            for cell in range(len(one))
            if one[cell] != two[cell] and cell not in shown and lockable(plan, used, truth, cell)
        ]
    if not wall_options and not lock_options:
        return False
    if not lock_options or (wall_options and random() < 0.5):
        plan.walls.add(wall_options[math.floor(random() * len(wall_options))])
    else:
        plan.locks.append(lock_options[math.floor(random() * len(lock_options))])
    return True


def mend_once(
    plan: Plan,
    one: tuple[int, ...],
    two: tuple[int, ...],
    used: list[bool],
    random: Random,
    local: bool = False,
) -> bool:
    """Change the plan where two answers disagree: take a spare away (an inlet-outlet decoy
    is drawn again) or move a branch; True once something changed."""
    pumps = set(plan.sources)
    for cell in shuffled([c for c in range(len(one)) if one[c] != two[c]], random):
        if not used[cell]:
            if plan.spare[cell] == 0:
                continue
            if plan.kind == "inlet-outlet":
                plan.spare[cell] = MEND_DECOYS[math.floor(random() * len(MEND_DECOYS))]
            else:
                plan.spare[cell] = 0
            return True
        if cell not in pumps and rewire(plan, cell, random, local):
            return True
    return False


def furnish(
    plan: Plan, used: list[bool], truth: list[int], walls: int, locks: int, random: Random
) -> None:
    """Add walls and locks until there are as many as asked (where there is room).

    Walls go on edges off the forest and outside squares that touch a used cell; locks on
    used pieces that turn, outside squares. Neither can add an answer.
    """
    if len(plan.walls) < walls:
        forest = forest_edges(plan)
        near = plan.near
        options = []
        for cell in range(len(plan.up)):
            for side in (1, 2):
                other = near[cell * 4 + side]
                edge = 2 * cell + (side == 2)
                if (
                    other >= 0
                    and (used[cell] or used[other])
                    and edge not in forest
                    and edge not in plan.walls
                    and not _inside_square(plan, edge)
                ):
                    options.append(edge)
        for edge in shuffled(options, random)[: walls - len(plan.walls)]:
            plan.walls.add(edge)
    shown = [cell for cell in plan.locks if lockable(plan, used, truth, cell)]
    room = _lock_room(plan, used, truth, locks)
    if len(shown) < room:
        taken = set(shown)
        options = [
            cell
            for cell in range(len(plan.up))
            if cell not in taken and lockable(plan, used, truth, cell)
        ]
        plan.locks = shown + shuffled(options, random)[: room - len(shown)]
