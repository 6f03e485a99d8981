"""How hard a Tsunagi level is for a person: ``measure``, ``difficulty_figure``, ``score``,
``order_by_difficulty``.

A level is measured by solving it the way a person would (:mod:`.deduce`): how many steps of
each tier it took, the hardest tier it needed, rounds, guesses and how deep they went, and the
board's own features (turns of the answer's lines, the longest line, the share of cells forced
by pushing line ends). The figure blends these
into one number; the score places the figure among a reference set of levels of the same size
made by our own generators (``scripts/reference_sets.py --puzzle tsunagi``), 1 to 100.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from types import MappingProxyType

from itsutsu.common.guards import require_int, require_sequence, type_name
from itsutsu.common.scoring import score_of
from itsutsu.tsunagi.alphabet import CELL_EMPTY
from itsutsu.tsunagi.check import check_answer, owners_of_answer
from itsutsu.tsunagi.difficulty.deduce import TIERS, _deduce, _tables, start_position
from itsutsu.tsunagi.layout import Layout, decode_layout, encode_layout, require_layout
from itsutsu.tsunagi.neighbours import _step_between

MEASURE_DEPTH = 1
"""How deep :func:`measure` guesses before it takes a cell from the answer (a blind guess)."""


@dataclass(frozen=True)
class Measure:
    """What solving a level by deduction took, and the board's own features.

    ``size`` and ``pairs`` of the board, ``cells`` its open cells. ``steps``: findings of
    tiers 1 to 4 (one-cell rules, looks along a line or round a region, guesses followed to
    a contradiction, blind guesses taken from the answer). ``hardest``: the highest tier
    needed. ``rounds``: waves of looking (see :class:`~.deduce.Deduced`). ``guesses``: tier-3
    and tier-4 steps; ``depth``: the deepest guess (0 when none). ``glance``: the share of
    cells to settle that the first waves of tier-1 looking settled, before any higher rule.
    ``work``: the cell looks spent, guesses included. ``turns``: cells where the answer's line
    turns; ``longest``: the most cells any one line covers. ``forced``: the share of empty
    cells filled by pushing line ends that have one way on (:func:`forced_share`).
    """

    size: int
    pairs: int
    cells: int
    steps: tuple[int, ...]
    hardest: int
    rounds: int
    guesses: int
    depth: int
    glance: float
    work: int
    turns: int
    longest: int
    forced: float


def _checked(layout: object, answer: object, what: str) -> tuple[Layout, tuple[int, ...]]:
    lay = require_layout(layout, what)
    if not isinstance(answer, str):
        raise ValueError(f"{what}: answer must be an answer code (text), not {type_name(answer)}")
    verdict = check_answer(lay.size, encode_layout(lay), answer)
    if not verdict.ok:
        raise ValueError(f"{what}: the answer does not solve the layout ({verdict.reason})")
    return lay, owners_of_answer(lay, answer)


def measure(layout: Layout, answer: str) -> Measure:
    """Measure how a person would solve ``layout`` (whose answer code is ``answer``).

    The deduction rules run from the start; where they stop, a guess followed to a
    contradiction is tried (one deep), and where even that finds nothing, the answer's
    line is taken for one cell (a blind guess). Raises ValueError when ``layout`` is not a
    Layout or ``answer`` does not solve it.
    """
    lay, owners = _checked(layout, answer, "measure")
    return _measure(lay, owners)


def _measure(layout: Layout, owners: Sequence[int]) -> Measure:
    run = _deduce(start_position(layout), owners, MEASURE_DEPTH)
    steps = [0] * TIERS
    for f in run.findings:
        steps[f.tier - 1] += 1
    hardest = max((f.tier for f in run.findings), default=0)
    tables = _tables(layout)
    start = tables.start
    to_settle = sum(1 for c in tables.open_cells if start[c] & (start[c] - 1))
    glanced = 0
    for f in run.findings:
        if f.tier > 1:
            break
        glanced += len(f.settled)
    guesses = [f for f in run.findings if f.tier >= 3]
    counts = [0] * layout.pairs
    for c in tables.open_cells:
        counts[owners[c]] += 1
    return Measure(
        size=layout.size,
        pairs=layout.pairs,
        cells=len(tables.open_cells),
        steps=tuple(steps),
        hardest=hardest,
        rounds=run.rounds,
        guesses=len(guesses),
        depth=max((f.depth for f in guesses), default=0),
        glance=glanced / to_settle if to_settle else 1.0,
        work=run.work,
        turns=_turns(layout, owners),
        longest=max(counts, default=0),
        forced=_forced_share(layout),
    )


def forced_share(layout: Layout) -> float:
    """The share of ``layout``'s empty cells a player fills by pushing line ends alone.

    Starting from the stones, every line end that has exactly one way on (a plain step
    into an empty cell its line may take: not another line's waypoint, not touching its
    own line anywhere but at the end it grows from or the line's other end) and that cannot
    meet its line's other end is pushed one cell, again and again until no end is pushed.
    1.0 on a board with no empty cells. Raises ValueError when ``layout`` is not a Layout.
    """
    return _forced_share(require_layout(layout, "forced_share"))


def _forced_share(layout: Layout) -> float:
    _owner, total, filled = _pushed(layout)
    return filled / total if total else 1.0


def _pushed(layout: Layout) -> tuple[list[int], int, int]:
    """Push every line end with one way on (see :func:`forced_share`): each cell's line
    afterwards (stones included; -1 where none), the empty cells and how many were filled."""
    cells, partner, keeper = layout.cells, layout.partner, layout.keeper
    steps, around = layout.steps, layout.neighbours
    owner = [-1] * len(cells)
    open_ = [v == CELL_EMPTY and partner[at] < 0 for at, v in enumerate(cells)]
    total = sum(open_)
    heads = [list(pair) for pair in layout.ends]
    for p, (a, b) in enumerate(layout.ends):
        owner[a] = owner[b] = p
    filled = 0
    pushed = True
    while pushed:
        pushed = False
        for p, ends in enumerate(heads):
            for side in (0, 1):
                while True:
                    head, other = ends[side], ends[1 - side]
                    only, ways = -1, 0
                    for step in steps[head]:
                        to = step.to
                        if to == other:
                            ways = 2
                            break
                        if not open_[to] or owner[to] >= 0 or keeper[to] not in (-1, p):
                            continue
                        if any(owner[n] == p and n != head and n != other for n in around[to]):
                            continue
                        ways += 1
                        only = to if step.over < 0 and not step.through else -1
                    if ways != 1 or only < 0:
                        break
                    owner[only] = p
                    ends[side] = only
                    filled += 1
                    pushed = True
    return owner, total, filled


def _turns(layout: Layout, owners: Sequence[int]) -> int:
    """Cells (empty in the layout) where the answer's line turns."""
    size, wrap, hexagon = layout.size, layout.wrap, layout.hex
    out = 0
    for at, v in enumerate(layout.cells):
        if v != CELL_EMPTY or layout.partner[at] >= 0:
            continue
        ways = []
        for step in layout.steps[at]:
            if owners[step.to] != owners[at]:
                continue
            x = step.over if step.over >= 0 else (step.through[0] if step.through else step.to)
            ways.append(_step_between(size, at, x, wrap, hexagon))
        if len(ways) == 2 and ways[0] + ways[1] != 0:
            out += 1
    return out


# ------------------------------------------------------------------- the figure and score

FIGURE_WEIGHTS = MappingProxyType(
    {"turns": 30.0, "unforced": 16.0, "guesses": 2.5, "longest": 10.0, "sparse": 17.0}
)
"""How much each part weighs in :func:`difficulty_figure` (fitted by rank against the
originals' marks on every corpus level from 6x6 to 15x15: each part's weight over its usual
spread; the forced share carries the most after the turns)."""


def difficulty_figure(m: Measure) -> float:
    """One number for how hard a measured level is (higher is harder).

    A weighted sum of: ``turns`` (the answer's turns per open cell), ``unforced`` (the share
    of empty cells that pushing line ends with one way on does not fill), ``guesses``
    (``log(1 + 10 g / cells)`` where g counts guesses, a blind one three times), ``longest``
    (the longest line's share of the cells) and ``sparse`` (1 less pairs per open cell: few
    long lines are harder), weights :data:`FIGURE_WEIGHTS`.
    """
    if not isinstance(m, Measure):
        raise ValueError(f"difficulty_figure needs a Measure, not {type_name(m)}")
    return _figure(m)


def _figure(m: Measure) -> float:
    cells = max(1, m.cells)
    w = FIGURE_WEIGHTS
    guesses = m.steps[2] + 3 * m.steps[3]
    return (
        w["turns"] * m.turns / cells
        + w["unforced"] * (1 - m.forced)
        + w["guesses"] * math.log1p(10 * guesses / cells)
        + w["longest"] * m.longest / cells
        + w["sparse"] * (1 - m.pairs / cells)
    )


@lru_cache(maxsize=1)
def _reference() -> dict[str, object]:
    """The reference quantiles kept in the package (``data/reference.json``)."""
    text = resources.files("itsutsu.tsunagi.difficulty").joinpath("data/reference.json")
    loaded: dict[str, object] = json.loads(text.read_text(encoding="utf-8"))
    return loaded


def reference_quantiles(size: int) -> tuple[tuple[float, ...], bool]:
    """The figure quantiles that scores a board of side ``size``, and whether they are
    provisional. Sizes with no reference set of their own borrow the nearest size's (ties to
    the smaller); when the package holds no set made from our generators the provisional
    quantiles are used (flagged True: see ``data/reference.json``). Raises ValueError for a
    size that is not a whole number from 1 up."""
    require_int(size, "reference_quantiles", "size", 1)
    ref = _reference()
    made = ref.get("sizes")
    provisional = not made
    table = made if made else ref["provisional"]
    assert isinstance(table, dict)
    sides = sorted(int(k) for k in table)
    best = min(sides, key=lambda s: (abs(s - size), s))
    points = table[str(best)]
    assert isinstance(points, list)
    return tuple(float(x) for x in points), provisional


def score(m: Measure) -> int:
    """Score a measured level 1 to 100 among the reference levels of its size: 1 is easier
    than every reference level, 100 harder than all (percentiles of
    :func:`difficulty_figure`, read between the kept quantiles, rounded half up)."""
    if not isinstance(m, Measure):
        raise ValueError(f"score needs a Measure, not {type_name(m)}")
    points, _ = reference_quantiles(m.size)
    exact = score_of(_figure(m), points)
    return max(1, min(100, math.floor(exact + 0.5)))


def order_by_difficulty(
    levels: Sequence[tuple[str, str, int] | tuple[Layout, str]],
) -> tuple[int, ...]:
    """The indexes of ``levels``, easiest first (ties by index).

    Each level is ``(layout_code, answer, size)`` or ``(Layout, answer)``. Raises ValueError
    naming the first level that is not a layout with its answer.
    """
    items = require_sequence(levels, "order_by_difficulty", "levels")
    figures = []
    for index, level in enumerate(items):
        if not isinstance(level, (tuple, list)) or len(level) not in (2, 3):
            raise ValueError(
                f"order_by_difficulty: level {index} must be (layout code, answer, size) or "
                f"(Layout, answer), not {type_name(level)}"
            )
        if len(level) == 3:
            code, answer, size = level
            lay = decode_layout(code, size) if isinstance(code, str) else None
            if lay is None:
                raise ValueError(
                    f"order_by_difficulty: level {index} is not a layout of size {size!r:.10}"
                )
        else:
            lay, answer = level
        lay, owners = _checked(lay, answer, f"order_by_difficulty (level {index})")
        figures.append(_figure(_measure(lay, owners)))
    return tuple(sorted(range(len(figures)), key=lambda i: (figures[i], i)))
