"""Laying out, scrambling and proving Suido boards: :func:`lay`, :func:`make_unscored`.

A board is laid from a plan (:mod:`itsutsu.suido.makers.plan`): its answer is the plan's
pipes, and its given pieces are those pipes turned at random. :func:`make_unscored` proves
each board with the solver and mends it where a second answer appears
(:mod:`itsutsu.suido.makers.mend`) until exactly one answer is left. Everything is drawn
from one seeded stream, and every bound is counted in work, so a seed and options make the
same board on every machine.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from itsutsu.common.guards import options_from
from itsutsu.common.notebook_repr import lazy, shown_in_notebooks
from itsutsu.common.random import Random, seeded_random
from itsutsu.suido.code import Layout, _encode_layout, _with_masks
from itsutsu.suido.makers.look import regions, undecided
from itsutsu.suido.makers.mend import furnish, lockable, mend_once, rewire, tighten, walled_near
from itsutsu.suido.makers.options import MakeOptions, Settled, resolve
from itsutsu.suido.makers.plan import Plan, new_plan, truth_of, used_of
from itsutsu.suido.pieces import _rotations_of, _turn
from itsutsu.suido.solver.count import _solve
from itsutsu.suido.water import _flow_of

TURNINGS = tuple(_rotations_of(mask) for mask in range(16))
"""Each mask's distinct facings, ascending."""
RESCRAMBLES = 200
"""Scrambles tried after the first when a scramble leaves the board solved."""
MOST_PLANS = 2000
"""Plans drawn before :func:`make_unscored` gives up (:class:`GaveUp`)."""
LOOK_CELLS = 256
"""Boards of more cells are looked at (:mod:`itsutsu.suido.makers.look`) and mended where the
edge rules leave them open before the solver first counts them."""
LOOKS = 256
"""Looks (each followed by mending every open region) at most before the solver counts; a
64x64 inlet-outlet board takes about 100, networks and drains boards far fewer."""
LEAST_ROUNDS = 40
"""Mending rounds allowed on one plan before it is thrown away (more on big boards: one
round per 16 cells)."""


class GaveUp(Exception):
    """The generator ran out of its work bound before it found a board (raised by
    :func:`make_unscored` and :func:`make`; the options are possible but too hard)."""


@shown_in_notebooks(
    lazy("itsutsu.suido.drawing.shown", "made_summary"),
    lazy("itsutsu.suido.drawing.shown", "made_svg"),
    html=lazy("itsutsu.suido.drawing.shown", "made_html"),
)
@dataclass(frozen=True)
class Made:
    """A board the generator made.

    ``code``: the board as given (pieces turned at random; never already solved).
    ``answer``: the same board with every piece as it lies in the answer. ``layout``: the
    decoded ``code``; ``solution``: the answer's masks, one per cell. ``seed``: the seed
    (32-bit) that makes this board again with the same options. ``discarded``: plans thrown
    away before this one (void draws, boards the solver could not prove within its budget,
    mending that ran out); ``mended``: changes made to this board's plan to leave one
    answer; ``positions``: search positions the solver spent on the proofs, all plans
    included (the generator's work).
    """

    code: str
    answer: str
    layout: Layout
    solution: tuple[int, ...]
    seed: int
    discarded: int
    mended: int
    positions: int


def _truth_layout(plan: Plan, used: list[bool], truth: list[int]) -> Layout:
    """The board of a plan with every piece as in the answer."""
    size = len(truth)
    if plan.kind == "network":
        in_square = plan.square_of
        pumps = set(plan.sources)
        drains = tuple(
            cell
            for cell in range(size)
            if truth[cell].bit_count() == 1 and cell not in pumps and in_square[cell] < 0
        )
    else:
        drains = tuple(sorted(plan.drains))
    locks = sorted(cell for cell in plan.locks if lockable(plan, used, truth, cell))
    bigs = tuple(anchor for anchor, big in plan.squares if big)
    blocks = tuple(anchor for anchor, big in plan.squares if not big)
    return Layout(
        width=plan.width,
        height=plan.height,
        kind=plan.kind,
        wrap=plan.wrap,
        cells=tuple(truth),
        sources=tuple(sorted(plan.sources)),
        drains=drains,
        locked=tuple(locks) or None,
        walls=tuple(sorted(plan.walls)) or None,
        bigs=bigs or None,
        blocks=blocks or None,
    )


def _scramble_once(plan: Plan, answer: Layout, random: Random) -> list[int]:
    """Turn every piece at random (squares as a whole), locked pieces left as they are."""
    truth = answer.cells
    turnings = TURNINGS
    masks = []
    for mask in truth:
        turns = turnings[mask]
        masks.append(turns[math.floor(random() * len(turns))])
    width = plan.width
    for anchor, _big in plan.squares:
        q = math.floor(random() * 4)
        cells = (anchor, anchor + 1, anchor + width + 1, anchor + width)
        for i, cell in enumerate(cells):
            masks[cells[(i + q) % 4]] = _turn(truth[cell], q)
    for cell in answer.locked or ():
        masks[cell] = truth[cell]
    return masks


def _scrambled(plan: Plan, answer: Layout, random: Random) -> Layout | None:
    """The board as given: a scramble that does not leave it solved, or None if every try
    (:data:`RESCRAMBLES` more after the first) did."""
    for _ in range(RESCRAMBLES + 1):
        board = _with_masks(answer, _scramble_once(plan, answer, random))
        if not _flow_of(board, board.cells).solved:
            return board
    return None


def _made(
    board: Layout, answer: Layout, seed: int, discarded: int, mended: int, positions: int
) -> Made:
    """The result record of a board and its answer."""
    return Made(
        code=_encode_layout(board),
        answer=_encode_layout(answer),
        layout=board,
        solution=answer.cells,
        seed=seed,
        discarded=discarded,
        mended=mended,
        positions=positions,
    )


def _lay(settled: Settled) -> Made:
    """:func:`lay` on settled options."""
    random = seeded_random(settled.seed)
    for discarded in range(MOST_PLANS):
        plan = new_plan(settled, random)
        if plan is None:
            continue
        used = used_of(plan)
        truth = truth_of(plan, used)
        if settled.walls or settled.locked:
            furnish(plan, used, truth, settled.walls, settled.locked, random)
        answer = _truth_layout(plan, used, truth)
        board = _scrambled(plan, answer, random)
        if board is not None:
            return _made(board, answer, settled.seed, discarded, 0, 0)
    raise GaveUp(f"no {settled.width}x{settled.height} board laid in {MOST_PLANS} plans")


def lay(options: MakeOptions | None = None, **keywords: object) -> Made:
    """Lay out a board at random and scramble it, with no promise about its answers.

    ``options`` (:class:`MakeOptions`, keywords laid over it) say what to lay; the pipes are
    drawn and turned from the seed alone, so the same options give the same board. The
    board may have several answers (see :func:`make_unscored` for one). Raises ValueError
    for options that make no board, and :class:`GaveUp` if no plan could be drawn.
    """
    return _lay(resolve(options_from(MakeOptions, options, keywords, "lay")))


def _pump_dry(plan: Plan) -> bool:
    """Whether some pump has no pipe left (its branches, or a drains board's drains, moved away)."""
    truth = truth_of(plan, used_of(plan))
    return any(not truth[pump] for pump in plan.sources)


def _drop_spare(
    plan: Plan, region: list[int], near: tuple[int, ...], used: list[bool], random: Random
) -> bool:
    """Take away one spare piece beside an open region (the way round it the water might
    take instead); False when no spare lies beside it."""
    beside = sorted(
        {
            other
            for cell in region
            for other in near[cell * 4 : cell * 4 + 4]
            if other >= 0 and not used[other] and plan.spare[other]
        }
    )
    if not beside:
        return False
    plan.spare[beside[math.floor(random() * len(beside))]] = 0
    return True


def _look_and_mend(plan: Plan, random: Random) -> int:
    """Mend every region the edge rules leave open, look again, up to :data:`LOOKS` times.

    Returns the changes made, or -1 when the plan lost a pump's pipes (throw it away).
    """
    pumps = set(plan.sources)
    mended = 0
    for _ in range(LOOKS):
        used = used_of(plan)
        answer = _truth_layout(plan, used, truth_of(plan, used))
        near = tuple(walled_near(plan)) if plan.walls else plan.near
        left = undecided(answer, near)
        if not left:
            break
        changed = 0
        for region in regions(near, left):
            if plan.kind != "network" and _drop_spare(plan, region, near, used, random):
                changed += 1
                continue
            options = [cell for cell in region if used[cell] and cell not in pumps]
            if options and rewire(plan, options[math.floor(random() * len(options))], random, True):
                changed += 1
        if not changed:
            break
        mended += changed
    if _pump_dry(plan):
        return -1
    return mended


def _make_unscored(settled: Settled) -> Made:
    """:func:`make_unscored` on settled options."""
    random = seeded_random(settled.seed)
    furnished = settled.walls + settled.locked > 0
    cells = settled.width * settled.height
    rounds = max(LEAST_ROUNDS, cells // 16)
    discarded = 0
    positions = 0
    for _ in range(MOST_PLANS):
        plan = new_plan(settled, random)
        if plan is None:
            discarded += 1
            continue
        looked = _look_and_mend(plan, random) if cells > LOOK_CELLS else 0
        if looked < 0:
            discarded += 1
            continue
        for round_number in range(rounds):
            mended = looked + round_number
            used = used_of(plan)
            truth = truth_of(plan, used)
            answer = _truth_layout(plan, used, truth)
            near = tuple(walled_near(plan)) if plan.walls else plan.near
            # The edge rules alone settling every piece that must be wet prove one answer:
            # every piece they leave open touches no open pipe of the settled ones, so stays dry.
            settled_by_look = undecided(answer, near) == []
            found = None if settled_by_look else _solve(answer, 2, settled.budget)
            if found is not None:
                positions += found.positions
                if not found.complete or not found.count:
                    break
            if found is None or found.count == 1:
                if furnished:
                    furnish(plan, used, truth, settled.walls, settled.locked, random)
                    answer = _truth_layout(plan, used, truth)
                board = _scrambled(plan, answer, random)
                if board is None:
                    break
                return _made(board, answer, settled.seed, discarded, mended, positions)
            one, two = found.solutions
            changed = furnished and tighten(
                plan,
                (
                    (one, _flow_of(answer, one).wet),
                    (two, _flow_of(answer, two).wet),
                ),
                used,
                truth,
                settled.walls,
                settled.locked,
                random,
            )
            if not changed:
                changed = mend_once(plan, one, two, used, random, cells > LOOK_CELLS)
            if not changed:
                break
            if _pump_dry(plan):
                break
        discarded += 1
    raise GaveUp(
        f"no {settled.width}x{settled.height} {settled.kind} board with one answer in "
        f"{MOST_PLANS} plans"
    )


def make_unscored(options: MakeOptions | None = None, **keywords: object) -> Made:
    """Make a board with exactly one answer, not scored for difficulty.

    A board is laid as :func:`lay` lays it and counted by the solver; where a second answer
    appears the board is mended where the two disagree (a branch of pipe moved, a spare
    piece taken away, or a wall or lock added where walls or locks were asked for) and
    counted again. A board the solver cannot prove within ``budget`` positions is thrown
    away and a new one drawn. Before the solver, a quick look with the edge rules
    (:mod:`itsutsu.suido.makers.look`) often proves the board already; on boards over 256
    cells it also guides the first mending, every open region at once. The board never
    starts solved, and the same options (seed included) give the same board. Raises
    ValueError for options that make no board, and :class:`GaveUp` if no board was found
    within the work bound.
    """
    return _make_unscored(resolve(options_from(MakeOptions, options, keywords, "make_unscored")))
