#!/usr/bin/env python3
"""Choose the level sets from the pools and write the level files.

    python scripts/choose_levels.py --puzzle tsunagi --pool pools/tsunagi-7.sqlite --size 7
    python scripts/choose_levels.py --puzzle suido --pool pools/suido.sqlite

For each set and size it takes the pools' boards, keeps those the set allows (the twists of
their profile exactly; Tsunagi: at most 16 pairs up to 15x15, sparse boards only at 5x5 to
9x9, hexagons only at odd sizes, the portal counts of the portal set), drops every board that
is another's turn or mirror (symmetry keys), and lays the levels out by the lesson plan of
``level_shapes.py``:

- Level i of N aims at the pool's own spread: the ``(i-1)/(N-1)`` quantile of the scores of
  the set's ordinary (plain) boards. Each level takes the unused board of its slot's kind
  nearest its aim, ties broken by a seeded order (``--seed``), so the same pools and seed
  always give the same files.
- Ordinary levels never get easier from one to the next, while the twist levels are chosen
  near the level they stand at; the portal set runs easiest first within each block. (The
  original's Suido levels never get easier at all, twist levels included; a set of ours
  may be chosen that way, ``CHAIN_ALL``, but with twists at up to eight slots of a block
  and each twist's boards scored on their own spread, that chain climbs to the top of the
  scores by the twelfth block and leaves no plain board hard enough for the rest.)
- Every block is on average no easier than the one before; where one would be, its easiest
  ordinary levels are swapped for harder ones until it is not.
- Tsunagi stroke limits and explosions are written onto their boards here: a stroke limit is
  the fewest strokes possible at a block's 16th level and that + 3 at its 15th; an explosion
  (``boom`` or ``blast``, as the plan says) goes off every ``pairs - 1`` strokes at a 15th
  level and every ``ceil(pairs / 2)`` at a 16th (at least every 2nd), as in every explosion
  level of the original's sets.
- Marks are 1-5 from each level's score (the big-pieces set: its cross-size score).

Levels already published keep their numbers: when a level file already holds fewer levels
than the set wants (a size grown), those stay and only the new blocks are chosen. With
``--reorder`` a size's published levels are re-sorted by the current measure (each into a
slot of its own kind; a block that comes out easier than the one before trades its easiest
ordinary levels for harder ones of a later block, or, where none is harder, for pool
boards) and a renumbering table, ``renumbered/<file>`` in the level-file folder
(columns ``old`` and ``new``, ``-`` for a level taken out; a folder of its own so that
nothing reading ``*.tsv`` takes it for a level file), says where each went from the
numbers before this re-order. ``--fresh`` ignores published levels (only before a set is
first released).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import level_shapes as shapes
import pool_adapters as adapters
from itsutsu.common.random import fnv1a
from level_shapes import BLOCK, Slot
from pool_file import PoolBoard, PoolFile

ROOT = Path(__file__).resolve().parent.parent

CHAIN_ALL = "all"
"""Every level is at least as hard as the one before it."""
CHAIN_FILL = "fill"
"""Every ordinary level is at least as hard as the ordinary one before it."""
CHAIN_BLOCK = "block"
"""Within each block, every ordinary level is at least as hard as the one before it."""


class ShortPool(Exception):
    """The pools do not hold the boards a set needs."""


@dataclass(frozen=True)
class SetSpec:
    """One level file to make: ``puzzle``, ``set`` (Tsunagi ``classic`` / ``portals``,
    Suido ``levels`` / ``big``), ``size`` (``"7"``, ``"7x7"`` or ``"mixed"``), each level's
    slot and whether it is an ordinary one (``fill``), how the order is kept (``chain``),
    and the board sizes it takes (``sizes``)."""

    puzzle: str
    set: str
    size: str
    slots: tuple[Slot, ...]
    fill: tuple[bool, ...]
    chain: str
    sizes: tuple[str, ...]

    @property
    def count(self) -> int:
        """How many levels the set has at this size."""
        return len(self.slots)

    @property
    def name(self) -> str:
        """The set as people read it: ``tsunagi classic 7``."""
        return f"{self.puzzle} {self.set} {self.size}"

    @property
    def big(self) -> bool:
        """Whether this is Suido's big-pieces set."""
        return self.puzzle == shapes.SUIDO and self.set == shapes.SUIDO_BIG_SET

    def file_name(self) -> str:
        """The level file's name."""
        if self.puzzle == shapes.TSUNAGI:
            return adapters.tsunagi_file_name(self.set, int(self.size))
        return adapters.suido_file_name(self.size, big=self.big)


def spec_of(
    puzzle: str,
    set: str,
    size: str,
    blocks: tuple[shapes.Block, ...] | None = None,
    count: int | None = None,
    chain: str | None = None,
) -> SetSpec:
    """The spec of ``set`` at ``size`` from ``level_shapes`` (or from ``blocks``, ``count``
    and ``chain`` given, as the tests do)."""
    if blocks is None or count is None:
        planned, planned_count = shapes.plan_of(puzzle, set, size)
        blocks = planned if blocks is None else blocks
        count = planned_count if count is None else count
    slots = shapes.slots_of(blocks, count)
    fill = []
    for level in range(1, count + 1):
        index = (level - 1) // BLOCK
        block = blocks[index] if index < len(blocks) else shapes.PLAIN
        fill.append(slots[level - 1] == Slot(block.fill) and _ordinary(block, level))
    if chain is None:
        chain = CHAIN_BLOCK if set == shapes.TSUNAGI_PORTALS else CHAIN_FILL
    sizes = shapes.SUIDO_BIG_SIZES if set == shapes.SUIDO_BIG_SET else (size,)
    return SetSpec(puzzle, set, size, slots, tuple(fill), chain, tuple(sizes))


def _ordinary(block: shapes.Block, level: int) -> bool:
    slot = (level - 1) % BLOCK + 1
    if slot in block.extra:
        return False
    if slot == BLOCK - 1 and block.teaches is not None:
        return False
    return not (slot == BLOCK and block.tests is not None)


@dataclass(frozen=True)
class Level:
    """A chosen level: its number and slot, the pool board, the score the set is ordered by
    (``order``), the layout as written (a Tsunagi rule added) and whether it was already
    published (``kept``)."""

    number: int
    slot: Slot
    board: PoolBoard
    order: float
    layout: str
    kept: bool = False


# ---------------------------------------------------------------------------------------
# Which boards a set may take


def allowed(spec: SetSpec, board: PoolBoard) -> bool:
    """Whether ``spec``'s set may take ``board`` for a slot of the board's profile."""
    try:
        profile = shapes.profile_of(spec.puzzle, board.profile)
    except KeyError:
        return False
    if board.shows != profile.shows or board.size not in spec.sizes:
        return False
    if any(
        name not in board.facts or not low <= board.facts[name] <= high
        for name, (low, high) in profile.limits.items()
    ):
        return False
    if spec.puzzle == shapes.TSUNAGI:
        side = int(spec.size)
        if board.facts.get("pairs", 0) > shapes.tsunagi_most_pairs(side, spec.set):
            return False
        if "sparse" in board.shows and side not in shapes.TSUNAGI_SPARSE_SIZES:
            return False
        if "hexagon" in board.shows and side % 2 == 0:
            return False
    return True


def order_of(spec: SetSpec, board: PoolBoard) -> float:
    """The score a set is ordered by: the board's score, or for the big-pieces set the
    cross-size score (how many pieces the water reaches, and the board's own score)."""
    if spec.big:
        return adapters.big_score(int(board.facts["wet"]), board.score)
    return board.score


def _tie(seed: int, board: PoolBoard) -> int:
    return fnv1a(f"{seed}|{board.key}")


# ---------------------------------------------------------------------------------------
# Choosing


def choose(
    spec: SetSpec, boards: Sequence[PoolBoard], kept: Sequence[Level] = (), seed: int = 1
) -> list[Level]:
    """Choose every level of ``spec`` not in ``kept`` (the published levels 1..K, which stay
    as they are) from ``boards``; returns all levels, level 1 first. Raises ShortPool when
    the boards cannot fill the set.

    The twist levels are chosen first (their kinds are the scarce ones): each the board of
    its kind nearest its aim, a block's 15th and 16th of one kind together and in order,
    and not easier than the twist level before where the set never gets easier (when no
    board is, an extra twist slot takes an ordinary board, and a 15th or 16th the nearest
    board of its kind, which the summary reports as a break). Then the ordinary levels, in
    runs between the levels already chosen, by a dynamic programme that takes boards in
    order, each once, nearest their aims. Last, blocks easier on average than the one
    before are evened out.
    """
    free = _free_boards(spec, boards, {level.board.key for level in kept}, seed)
    fill_kinds = {slot.profile for slot, fill in zip(spec.slots, spec.fill, strict=True) if fill}
    curves = _curves(spec, free, kept, fill_kinds)
    chosen: dict[int, Level] = {level.number: level for level in kept}
    new = range(len(kept) + 1, spec.count + 1)
    aims = {number: _aim(spec, number, len(kept), curves) for number in new}
    ordinary = [n for n in new if spec.fill[n - 1]]
    last = kept[-1].order if kept and spec.chain == CHAIN_ALL else None
    for group in _twist_groups(spec, [n for n in new if not spec.fill[n - 1]]):
        slot = spec.slots[group[0] - 1]
        items = free.get(slot.profile, [])
        group_aims = [aims[n] for n in group]
        picks = _fill_run(group_aims, items, last, None)
        extra = (group[0] - 1) % BLOCK + 1 < BLOCK - 1
        if picks is None and extra:
            ordinary.extend(group)  # an extra twist slot may fall back to an ordinary board
            continue
        if picks is None and last is not None:
            picks = _fill_run(group_aims, items, None, None)
        if picks is None:
            raise ShortPool(_short(spec, group[0], slot, free))
        for number, at in zip(group, picks, strict=True):
            board = items[at][2]
            chosen[number] = Level(
                number, spec.slots[number - 1], board, items[at][0],
                _written(spec, number, spec.slots[number - 1], board),
            )  # fmt: skip
            last = items[at][0] if spec.chain == CHAIN_ALL else last
        for at in sorted(picks, reverse=True):
            items.pop(at)
    for run in _runs(spec, sorted(ordinary), chosen):
        slot = Slot(_block_fill(spec, run[0]))
        floor = _floor(spec, run[0], chosen)
        ceiling = _ceiling(spec, run[-1], chosen, floor)
        items = free.get(slot.profile, [])
        picks = _fill_run([aims[n] for n in run], items, floor, ceiling)
        picks = (
            picks if picks is not None else _fill_run([aims[n] for n in run], items, floor, None)
        )
        if picks is None:
            raise ShortPool(_short(spec, run[0], slot, free, floor))
        for number, at in zip(run, picks, strict=True):
            board = items[at][2]
            chosen[number] = Level(number, slot, board, items[at][0], board.layout)
        for at in sorted(picks, reverse=True):
            items.pop(at)
    levels = [chosen[number] for number in range(1, spec.count + 1)]
    for block in range(1, -(-spec.count // BLOCK)):
        if (block + 1) * BLOCK > len(kept):
            _even_out(spec, levels, free, block)
    return levels


Free = dict[str, list[tuple[float, int, PoolBoard]]]
"""The boards a set may still take, per profile: (order score, tie-break, board), sorted."""


def order_breaks(spec: SetSpec, levels: Sequence[Level]) -> list[int]:
    """The levels easier than the one before them where the set means never to get easier
    (every level, for Suido; ordinary levels, for Tsunagi; within each block, for a block
    chain): empty when the pools allowed the order throughout."""
    out = []
    previous: Level | None = None
    for level in levels:
        if spec.chain == CHAIN_BLOCK and (level.number - 1) % BLOCK == 0:
            previous = None
        if spec.chain != CHAIN_ALL and not spec.fill[level.number - 1]:
            continue
        if previous is not None and level.order < previous.order:
            out.append(level.number)
        previous = level
    return out


def _free_boards(spec: SetSpec, boards: Sequence[PoolBoard], used: set[str], seed: int) -> Free:
    """The boards ``spec`` may take, once per symmetry key (the first by origin), leaving
    out the keys of ``used`` boards."""
    free: Free = {}
    seen: set[str] = set()
    for board in sorted(boards, key=lambda b: b.origin):
        if board.key in seen or not allowed(spec, board):
            continue
        seen.add(board.key)
        if board.key not in used:
            item = (order_of(spec, board), _tie(seed, board), board)
            free.setdefault(board.profile, []).append(item)
    for items in free.values():
        items.sort(key=lambda item: (item[0], item[1]))
    return free


def _curves(
    spec: SetSpec, free: Free, kept: Sequence[Level], fill_kinds: set[str]
) -> dict[str, list[float]]:
    """The sorted scores each aim is read from, per fill kind: its free boards, or when a
    grown size keeps published levels, its free boards at or above the hardest published
    ordinary level (the new levels come after it)."""
    start = None
    if kept and spec.chain != CHAIN_BLOCK:
        ordinary = [level.order for level in kept if spec.fill[level.number - 1]]
        start = max(ordinary) if ordinary else None
    curves = {}
    for kind in fill_kinds:
        scores = [item[0] for item in free.get(kind, []) if start is None or item[0] >= start]
        curves[kind] = sorted(scores)
    return curves


def _quantile(values: Sequence[float], share: float) -> float:
    if not values:
        return 0.0
    at = share * (len(values) - 1)
    low = int(at)
    high = min(low + 1, len(values) - 1)
    return values[low] + (values[high] - values[low]) * (at - low)


def _aim(spec: SetSpec, number: int, kept: int, curves: dict[str, list[float]]) -> float:
    """Where level ``number`` aims: its share of the way along its block's fill kind's
    scores, over the levels after the ``kept`` published ones (within its block for a
    block chain)."""
    first = ((number - 1) // BLOCK) * BLOCK + 1
    curve = curves.get(_block_fill(spec, number)) or next(iter(curves.values()), [])
    if spec.chain == CHAIN_BLOCK:
        last = min(spec.count, first + BLOCK - 1)
        share = (number - first) / max(1, last - first)
    else:
        share = (number - kept - 1) / max(1, spec.count - kept - 1)
    return _quantile(curve, share)


def _block_fill(spec: SetSpec, number: int) -> str:
    """The kind of the ordinary levels of level ``number``'s block."""
    first = ((number - 1) // BLOCK) * BLOCK + 1
    last = min(spec.count, first + BLOCK - 1)
    return next(
        (spec.slots[n - 1].profile for n in range(first, last + 1) if spec.fill[n - 1]),
        spec.slots[number - 1].profile,
    )


def _floor(spec: SetSpec, number: int, chosen: dict[int, Level]) -> float | None:
    """The score ordinary level ``number`` may not go below: the level before it (the
    ordinary level before it, for Tsunagi; within its block, for a block chain), or None."""
    first = ((number - 1) // BLOCK) * BLOCK + 1 if spec.chain == CHAIN_BLOCK else 1
    for earlier in range(number - 1, first - 1, -1):
        level = chosen.get(earlier)
        if level is not None and (spec.chain == CHAIN_ALL or spec.fill[earlier - 1]):
            return level.order
    return None


def _twist_groups(spec: SetSpec, numbers: list[int]) -> list[list[int]]:
    """Twist levels chosen together: a block's 15th and 16th when they show the same kind
    (so the one that tests is never the easier); every other twist level alone."""
    groups: list[list[int]] = []
    for number in numbers:
        if (
            groups
            and groups[-1][-1] == number - 1
            and (number - 1) % BLOCK + 1 == BLOCK
            and spec.slots[number - 2].profile == spec.slots[number - 1].profile
        ):
            groups[-1].append(number)
        else:
            groups.append([number])
    return groups


def _runs(spec: SetSpec, ordinary: list[int], chosen: dict[int, Level]) -> list[list[int]]:
    """The ordinary levels to fill, in runs chosen together: the levels between two levels
    already chosen where the whole set never gets easier, each block for a block chain, and
    all of them otherwise (split where the block's ordinary kind changes)."""
    runs: list[list[int]] = []
    for number in ordinary:
        if runs:
            last = runs[-1][-1]
            apart = any(n in chosen for n in range(last + 1, number))
            same_kind = _block_fill(spec, last) == _block_fill(spec, number)
            same_block = (last - 1) // BLOCK == (number - 1) // BLOCK
            if (
                same_kind
                and not (spec.chain == CHAIN_ALL and apart)
                and (spec.chain != CHAIN_BLOCK or same_block)
            ):
                runs[-1].append(number)
                continue
        runs.append([number])
    return runs


def _fill_run(
    aims: list[float],
    items: list[tuple[float, int, PoolBoard]],
    floor: float | None,
    ceiling: float | None,
) -> list[int] | None:
    """The free boards (indexes into ``items``, sorted by score) for a run of ordinary
    levels aiming at ``aims`` (ascending), within ``floor`` and ``ceiling``: in order, each
    board used once, the total distance from the aims the least (a dynamic programme over
    aims and boards). None when there are fewer boards in range than levels."""
    inside = [
        at
        for at, (order, _tie_value, _board) in enumerate(items)
        if (floor is None or order >= floor) and (ceiling is None or order <= ceiling)
    ]
    count, boards = len(aims), len(inside)
    if boards < count:
        return None
    # cost[i][j]: the least total distance placing the first i aims on the first j boards.
    inf = float("inf")
    cost = [[0.0] * (boards + 1)] + [[inf] * (boards + 1) for _ in range(count)]
    for i in range(1, count + 1):
        aim, row, above = aims[i - 1], cost[i], cost[i - 1]
        for j in range(i, boards + 1):
            here = above[j - 1] + abs(items[inside[j - 1]][0] - aim)
            row[j] = here if here < row[j - 1] else row[j - 1]
    picks = []
    j = boards
    for i in range(count, 0, -1):
        while cost[i][j] == cost[i][j - 1] and j > i:
            j -= 1
        picks.append(inside[j - 1])
        j -= 1
    return picks[::-1]


def _ceiling(
    spec: SetSpec, number: int, chosen: dict[int, Level], floor: float | None
) -> float | None:
    """The score ordinary level ``number`` should not go above, where the set never gets
    easier: the next level already chosen after it (None when there is none, or when it is
    itself below ``floor``)."""
    if spec.chain != CHAIN_ALL:
        return None
    after = [n for n in chosen if n > number]
    if not after:
        return None
    ceiling = chosen[min(after)].order
    return None if floor is not None and ceiling < floor else ceiling


def _short(spec: SetSpec, number: int, slot: Slot, free: Free, floor: float | None = None) -> str:
    need = f" at or above {floor:.2f}" if floor is not None else ""
    return (
        f"{spec.name}: no {slot.profile} board left for level {number}{need} "
        f"({len(free.get(slot.profile, []))} unused); make more {slot.profile} boards at "
        f"{', '.join(spec.sizes)}"
    )


def _block_mean(levels: Sequence[Level], block: int) -> float:
    """The mean order score of block ``block`` (0 first)."""
    ours = levels[block * BLOCK : (block + 1) * BLOCK]
    return sum(level.order for level in ours) / len(ours)


def _even_out(spec: SetSpec, levels: list[Level], free: Free, block: int) -> None:
    """Make block ``block`` (0 first) no easier on average than the one before: swap its
    easiest new ordinary level for the easiest free board of that kind at or above the
    block's hardest ordinary level (or, when there is none, the hardest free board harder
    than the one it replaces), until it holds (or raise ShortPool)."""
    target = _block_mean(levels, block - 1)
    while True:
        if _block_mean(levels, block) >= target - 1e-9:
            return
        ours = levels[block * BLOCK : (block + 1) * BLOCK]
        ordinary = [level for level in ours if spec.fill[level.number - 1] and not level.kept]
        if not ordinary:
            raise ShortPool(f"{spec.name}: block {block + 1} is easier than block {block}")
        easiest = min(ordinary, key=lambda level: level.order)
        top = max(level.order for level in ordinary)
        items = free.get(easiest.slot.profile, [])
        better = next(
            (at for at, item in enumerate(items) if item[0] >= top and item[0] > easiest.order),
            None,
        )
        if better is None:
            # No free board above the block's hardest: take the hardest free one that is
            # still harder than the easiest (the block is sorted again below).
            harder = [at for at, item in enumerate(items) if item[0] > easiest.order]
            better = harder[-1] if harder else None
        if better is None:
            raise ShortPool(
                f"{spec.name}: block {block + 1} is easier on average than block {block} and "
                f"there are no harder {easiest.slot.profile} boards to even it out"
            )
        order, _tie_value, board = items.pop(better)
        levels[easiest.number - 1] = replace(easiest, board=board, order=order, layout=board.layout)
        _resort(spec, levels, block)


def _resort(spec: SetSpec, levels: list[Level], block: int) -> None:
    """Put a block's new ordinary levels back in order, easiest first, in their slots."""
    numbers = [
        level.number
        for level in levels[block * BLOCK :]
        if spec.fill[level.number - 1] and not level.kept
    ]
    ordered = sorted(
        (levels[n - 1] for n in numbers), key=lambda level: (level.order, level.board.key)
    )
    for number, level in zip(numbers, ordered, strict=True):
        levels[number - 1] = replace(level, number=number, slot=spec.slots[number - 1])


# ---------------------------------------------------------------------------------------
# Rules written on Tsunagi boards


_RULE_WORD = {"strokes": "strokes", "boom": "explosions", "blast": "explosions"}
_RULE_TAIL = re.compile(r"(\|(?:boom|blast|strokes)[1-9][0-9]?)+$")


def _written(spec: SetSpec, number: int, slot: Slot, board: PoolBoard) -> str:
    """The layout a level shows: the board's, with the slot's rule written on it."""
    if slot.rule is None:
        return board.layout
    if spec.puzzle != shapes.TSUNAGI:
        raise ValueError(f"{spec.name}: only Tsunagi levels carry rules, not {slot.rule}")
    teaching = (number - 1) % BLOCK + 1 == BLOCK - 1
    if slot.rule == "strokes":
        fewest = int(board.facts["fewest_strokes"])
        every = fewest + (shapes.STROKES_TEACHING_ROOM if teaching else 0)
    elif slot.rule in ("boom", "blast"):
        every = shapes.explosion_every(int(board.facts["pairs"]), teaching)
    else:
        raise ValueError(f"unknown rule {slot.rule!r}")
    if not 1 <= every <= 99:
        raise ShortPool(f"{spec.name}: level {number}'s {slot.rule} number {every} is not 1-99")
    layout = f"{board.layout}|{slot.rule}{every}"
    want = tuple(
        name
        for name in shapes.TSUNAGI_CHALLENGES
        if name in board.shows or name == _RULE_WORD[slot.rule]
    )
    shown = adapters.shows(spec.puzzle, board.size, layout)
    if shown != want:
        raise ValueError(f"{spec.name}: level {number} shows {shown}, not {want}")
    return layout


def base_layout(layout: str) -> str:
    """A Tsunagi layout without the rules written on it (its stroke limit and explosions)."""
    return _RULE_TAIL.sub("", layout)


# ---------------------------------------------------------------------------------------
# Level files


def rows_of(spec: SetSpec, levels: Sequence[Level]) -> list[tuple[Any, ...]]:
    """The level file rows of ``levels``."""
    rows: list[tuple[Any, ...]] = []
    for level in levels:
        board = level.board
        if spec.puzzle == shapes.TSUNAGI:
            rows.append((level.layout, board.answer, adapters.mark_of(board.score)))
            continue
        twists = " ".join(board.shows)
        if spec.big:
            score = min(100, max(1, int(level.order + 0.5)))
            rows.append(
                (level.layout, board.facts["turns"], twists, adapters.mark_of(score), board.size,
                 score, int(board.facts["bigs"]))
            )  # fmt: skip
        else:
            rows.append((level.layout, board.facts["turns"], twists, adapters.mark_of(board.score)))
    return rows


def write_levels(spec: SetSpec, levels: Sequence[Level], folder: Path) -> Path:
    """Write ``levels`` as ``spec``'s level file in ``folder`` (whole, or not at all), read
    it back and check it holds exactly those rows; returns its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / spec.file_name()
    draft = path.with_name(path.name + ".part")
    rows = rows_of(spec, levels)
    write_rows(spec, draft, rows)
    back = read_rows(spec, draft)
    if [tuple(str(field) for field in row) for row in back] != [
        tuple(str(field) for field in row) for row in rows
    ]:
        raise AssertionError(f"{draft} does not read back as written")
    os.replace(draft, path)
    return path


def write_rows(spec: SetSpec, path: Path, rows: Sequence[tuple[Any, ...]]) -> None:
    """Write level rows with the package's writer."""
    if spec.puzzle == shapes.TSUNAGI:
        adapters.tsunagi_write(path, int(spec.size), rows)
    else:
        adapters.suido_write(path, spec.size, rows, big=spec.big)


def read_rows(spec: SetSpec, path: Path) -> list[tuple[Any, ...]]:
    """Read level rows with the package's reader."""
    if spec.puzzle == shapes.TSUNAGI:
        return list(adapters.tsunagi_read(path, int(spec.size)))
    return adapters.suido_read(path, spec.size, big=spec.big)


def published(spec: SetSpec, folder: Path, boards: Sequence[PoolBoard]) -> list[Level]:
    """The levels ``spec``'s file in ``folder`` already holds, as levels (their boards
    found in the pools by layout, or measured afresh when a pool does not hold them)."""
    path = folder / spec.file_name()
    if not path.is_file():
        return []
    by_layout = {board.layout: board for board in boards}
    out = []
    for number, row in enumerate(read_rows(spec, path), start=1):
        layout = str(row[0])
        base = base_layout(layout) if spec.puzzle == shapes.TSUNAGI else layout
        board = by_layout.get(base) or _measured(spec, number, row, base)
        slot = spec.slots[number - 1] if number <= spec.count else Slot("plain")
        out.append(Level(number, slot, board, order_of(spec, board), layout, kept=True))
    return out


def _measured(spec: SetSpec, number: int, row: tuple[Any, ...], layout: str) -> PoolBoard:
    """A published level no pool holds, measured now."""
    if spec.puzzle == shapes.TSUNAGI:
        size, answer = spec.size, str(row[1])
    else:
        size = str(row[4]) if spec.big else spec.size
        answer = adapters.suido_answer(layout, str(row[1]))
    measure, score = adapters.rate(spec.puzzle, size, layout, answer)
    shows = adapters.shows(spec.puzzle, size, layout)
    return PoolBoard(
        spec.puzzle, size, "published", -1, number, 0, layout, answer, shows,
        adapters.symmetry_key(spec.puzzle, size, layout, answer), score, measure,
        adapters.facts(spec.puzzle, size, layout, answer), 0,
    )  # fmt: skip


def check_kept(spec: SetSpec, kept: Sequence[Level]) -> None:
    """Raise ShortPool when a published level's twists are not those its slot now asks for
    (the plan was changed under a published set)."""
    for level in kept:
        if level.number > spec.count:
            raise ShortPool(f"{spec.name}: the file holds {len(kept)} levels, the set {spec.count}")
        want = _slot_shows(spec, level.slot)
        shown = adapters.shows(spec.puzzle, level.board.size, level.layout)
        if shown != want:
            raise ShortPool(
                f"{spec.name}: published level {level.number} shows {' '.join(shown) or 'nothing'}"
                f" but the plan puts {' '.join(want) or 'a plain board'} there"
            )


def _slot_shows(spec: SetSpec, slot: Slot) -> tuple[str, ...]:
    shows = shapes.profile_of(spec.puzzle, slot.profile).shows
    if slot.rule is None:
        return shows
    extra = _RULE_WORD[slot.rule]
    return tuple(name for name in shapes.TSUNAGI_CHALLENGES if name in shows or name == extra)


def reorder(
    spec: SetSpec, kept: Sequence[Level], free: Free | None = None
) -> tuple[list[Level], list[tuple[int, int | None]]]:
    """Re-sort published levels by their current order score, each kind into the slots of
    that kind (rules written again for their new slot), then mend the blocks that came out
    easier on average than the one before (:func:`_mend_blocks`, with ``free`` the pool
    boards it may take); returns the levels and the renumbering (old, new), new None for a
    level taken out."""
    levels = list(kept)
    _in_order(levels, kept)
    _mend_blocks(spec, levels, free or {})
    levels = [
        replace(level, layout=_written(spec, level.number, level.slot, level.board))
        if level.slot.rule
        else level
        for level in levels
    ]
    new = {level.board.key: level.number for level in levels}
    moves = [(level.number, new.get(level.board.key)) for level in kept]
    return levels, moves


def _mend_blocks(spec: SetSpec, levels: list[Level], free: Free) -> None:
    """Make each block of re-sorted levels no easier on average than the one before, in
    place, keeping every published board where it can. A block's twist levels are the
    easiest of their kind when an earlier block's are hard, so sorting each kind alone can
    leave a block short; then its easiest ordinary level trades places with the hardest
    harder one of its kind in the nearest later block (the two blocks put back in order;
    the ordinary levels then get easier once, where a block starts). Where no later block
    has one, a free pool board of its kind replaces it: the easiest that evens the block
    out, else the hardest harder one. Blocks only ever take from later blocks, so a block
    once mended stays so. Raises ShortPool when neither helps."""
    blocks = -(-len(levels) // BLOCK)
    for block in range(1, blocks):
        target = _block_mean(levels, block - 1)
        while _block_mean(levels, block) < target - 1e-9:
            ours = [
                level
                for level in levels[block * BLOCK : (block + 1) * BLOCK]
                if spec.fill[level.number - 1]
            ]
            if not ours:
                raise ShortPool(f"{spec.name}: block {block + 1} is easier than block {block}")
            easiest = min(ours, key=_rank)
            other = next(
                (
                    max(harder, key=_rank)
                    for later in range(block + 1, blocks)
                    if (
                        harder := [
                            level
                            for level in levels[later * BLOCK : (later + 1) * BLOCK]
                            if spec.fill[level.number - 1]
                            and level.slot == easiest.slot
                            and level.order > easiest.order
                        ]
                    )
                ),
                None,
            )
            if other is not None:
                levels[easiest.number - 1] = replace(other, number=easiest.number)
                levels[other.number - 1] = replace(easiest, number=other.number)
                _sort_block(spec, levels, (other.number - 1) // BLOCK)
            else:
                items = free.get(easiest.slot.profile, [])
                need = (target - _block_mean(levels, block)) * BLOCK + easiest.order
                harder_at = [at for at, item in enumerate(items) if item[0] > easiest.order]
                if not harder_at:
                    raise ShortPool(
                        f"{spec.name}: block {block + 1} is easier on average than block "
                        f"{block} and there are no harder {easiest.slot.profile} boards to "
                        "even it out"
                    )
                at = next((at for at in harder_at if items[at][0] >= need - 1e-9), harder_at[-1])
                order, _tie_value, board = items.pop(at)
                levels[easiest.number - 1] = replace(
                    easiest, board=board, order=order, layout=board.layout, kept=False
                )
            _sort_block(spec, levels, block)


def _rank(level: Level) -> tuple[float, str]:
    return level.order, level.board.key


def _in_order(levels: list[Level], moving: Iterable[Level]) -> None:
    """Put the ``moving`` levels (numbered 1 first, as in ``levels``) back into the numbers
    they hold, in place: each kind (slot) easiest first among its own numbers."""
    by_kind: dict[Slot, list[Level]] = {}
    for level in moving:
        by_kind.setdefault(level.slot, []).append(level)
    for group in by_kind.values():
        numbers = [level.number for level in group]
        for number, level in zip(numbers, sorted(group, key=_rank), strict=True):
            levels[number - 1] = replace(level, number=number)


def _sort_block(spec: SetSpec, levels: list[Level], block: int) -> None:
    """Put a block's ordinary levels back in order, easiest first, each kind in its slots."""
    ours = levels[block * BLOCK : (block + 1) * BLOCK]
    _in_order(levels, [level for level in ours if spec.fill[level.number - 1]])


# ---------------------------------------------------------------------------------------
# The command


def read_pools(paths: Iterable[str | Path], puzzle: str, sizes: Iterable[str]) -> list[PoolBoard]:
    """Every board of ``puzzle`` at ``sizes`` in the pool files, each origin once."""
    wanted = sorted(set(sizes))
    found: dict[tuple[str, str, str, int, int], PoolBoard] = {}
    for path in paths:
        with PoolFile(path, readonly=True) as pool:
            for board in pool.boards(puzzle, wanted):
                found.setdefault(board.origin, board)
    return [found[origin] for origin in sorted(found)]


def data_folder(puzzle: str) -> Path:
    """The package's level-file folder for ``puzzle``."""
    return ROOT / "src" / "itsutsu" / puzzle / "levels" / "data"


def make_set(
    spec: SetSpec,
    pools: Sequence[str | Path],
    folder: Path,
    seed: int = 1,
    fresh: bool = False,
    resort: bool = False,
) -> list[str]:
    """Choose and write one set; returns lines saying what was done."""
    boards = read_pools(pools, spec.puzzle, spec.sizes)
    kept = [] if fresh else published(spec, folder, boards)
    check_kept(spec, kept)
    lines = []
    if resort and kept:
        free = _free_boards(spec, boards, {level.board.key for level in kept}, seed)
        kept, moves = reorder(spec, kept, free)
        table = folder / "renumbered" / Path(spec.file_name()).name
        table.parent.mkdir(parents=True, exist_ok=True)
        adapters.write_table(
            table, ("old", "new"), [(str(a), "-" if b is None else str(b)) for a, b in moves]
        )
        moved = sum(1 for a, b in moves if a != b and b is not None)
        gone = sum(1 for _a, b in moves if b is None)
        lines.append(
            f"{spec.name}: {moved} of {len(moves)} published levels moved"
            + (f", {gone} replaced by pool boards" if gone else "")
            + f" (renumbered/{table.name})"
        )
    if len(kept) == spec.count and not resort:
        return [*lines, f"{spec.name}: all {spec.count} levels already published; nothing to do"]
    levels = choose(spec, boards, kept, seed)
    path = write_levels(spec, levels, folder)
    marks = [0] * 5
    for row in rows_of(spec, levels):
        marks[int(row[3] if spec.puzzle == shapes.SUIDO else row[2]) - 1] += 1
    fell = sum(1 for level in levels if level.slot != spec.slots[level.number - 1])
    breaks = order_breaks(spec, levels)
    broke = f"; easier than the level before: {', '.join(map(str, breaks))}" if breaks else ""
    lines.append(
        f"{spec.name}: {spec.count} levels ({len(kept)} kept) from {len(boards)} pool boards "
        f"-> {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}; marks 1-5: "
        f"{' '.join(map(str, marks))}"
        + (f"; {fell} extra twist slots plain" if fell else "")
        + broke
    )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module's text); returns the exit status."""
    parser = argparse.ArgumentParser(description="Choose the level sets from the pools.")
    parser.add_argument("--puzzle", required=True, choices=shapes.PUZZLES)
    parser.add_argument("--pool", action="append", required=True, help="a pool file; repeatable")
    parser.add_argument(
        "--set", action="append", help="only this set (classic, portals, levels, big)"
    )
    parser.add_argument("--size", action="append", help="only this size; repeatable")
    parser.add_argument(
        "--out", type=Path, help="where the level files go (default: the package's)"
    )
    parser.add_argument("--seed", type=int, default=1, help="the seed of the tie-breaking order")
    parser.add_argument("--fresh", action="store_true", help="ignore levels already published")
    parser.add_argument("--reorder", action="store_true", help="re-sort published levels")
    args = parser.parse_args(argv)
    folder = args.out or data_folder(args.puzzle)
    missing = [path for path in args.pool if not Path(path).is_file()]
    if missing:
        print(f"choose_levels: no pool file {missing[0]}", file=sys.stderr)
        return 2
    status = 0
    for set, size in shapes.sets_of(args.puzzle):
        if (args.set and set not in args.set) or (args.size and size not in args.size):
            continue
        spec = spec_of(args.puzzle, set, size)
        try:
            for line in make_set(spec, args.pool, folder, args.seed, args.fresh, args.reorder):
                print(line)
        except ShortPool as error:
            print(f"choose_levels: {error}", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
