"""Solving a Suido board the way a person does: named rules in tiers, each step explained.

A *position* says, for every piece (or square that turns as one), which facings are still
possible. On drains and inlet-outlet boards a piece may also stay *dry* (a spare: the water
never reaches it, so its facing does not matter); a pump, and on those boards a drain, is
never dry. The rules, easiest first:

1. **glance** (tier 1), the board alone: ``edge`` (a facing opens toward the rim or a wall),
   ``ground`` (toward empty ground), ``path`` (on an inlet-outlet board the one path cannot
   pass through a tee or a cross, nor end in an end piece other than the outlet).
2. **neighbour** (tier 2): a facing must open where the neighbour surely opens back and stay
   shut where the neighbour surely stays shut (the spec's rounds of looking).
3. **region** (tier 3): ``spare`` (no way leads the water to a piece: it stays dry), ``loop``
   (a facing would close a group of pieces off that can never join the water, or that keeps
   the water from the rest), ``reach`` (a facing would cut pieces that must have water off
   from every pump: the region can only be reached through this piece).
4. **trial** (tier 4): a facing followed by rules 1-3 leads to a contradiction.
5. **guess** (tier 5): nothing above applies; a piece is chosen. With the answer known the
   right facing is taken and the guess's *depth* says how many nested guesses it takes to
   rule its other facings out; without it the run stops there.

Every rule only removes facings no answer has, so a run never settles a piece against any
answer, unique or not.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from itsutsu.suido.board import _neighbours_of
from itsutsu.suido.code import KINDS, Layout, check_masks
from itsutsu.suido.pieces import _rotations_of
from itsutsu.suido.solver.problem import SQUARES_NEED_NETWORK
from itsutsu.suido.squares import _block_facings, _block_info
from itsutsu.suido.water import _flow_of

DRY: Final = -1
"""The value of a piece that stays dry (a spare), in place of a mask."""

TIERS: Final = ("glance", "neighbour", "region", "trial", "guess")
"""The tiers' names; tier ``n`` (1-5) is ``TIERS[n - 1]``."""

RULES: Final = {
    "edge": 1,
    "ground": 1,
    "path": 1,
    "neighbour": 2,
    "spare": 3,
    "loop": 3,
    "reach": 3,
    "trial": 4,
    "guess": 5,
}
"""Every rule's name and its tier."""

GUESS_DEPTH: Final = 3
"""The deepest a guess's depth is looked for; a guess not ruled out within it counts this."""

_GUESS_WORK: Final = 1500
"""Work a guess's depth search may do before it settles for ``GUESS_DEPTH``."""

TRIAL_WORK: Final = 30000
"""Work (facings followed, pieces looked at again) after which a run stops trying facings and
guesses instead: a bound in work, never in seconds, so a run is the same on any machine."""

Option = tuple[int, ...]
"""One facing of a unit: a mask (or ``DRY``) per cell of the unit."""


@dataclass(frozen=True)
class Step:
    """One deduction: ``rule`` (tier ``tier``) removed ``removed`` from the unit on ``cells``.

    ``looked``: the cells the rule looked at besides the unit's own. ``settled``: the facing
    left when only one is left (a mask or ``DRY`` per cell), else None. ``depth``: for a guess,
    the nested guesses its other facings needed (0 for every other rule).
    """

    tier: int
    rule: str
    cells: tuple[int, ...]
    looked: tuple[int, ...]
    removed: tuple[Option, ...]
    settled: Option | None
    depth: int = 0


@dataclass(frozen=True)
class Run:
    """A run of the rules from a position.

    ``steps`` in order; ``options`` the facings left per unit (units in order of their first
    cell; ``units`` their cells); ``solved`` when every unit has one facing left;
    ``stuck`` when the run stopped where it would have to guess; ``contradiction`` when some
    unit has no facing left (the board has no answer).
    """

    steps: tuple[Step, ...]
    units: tuple[tuple[int, ...], ...]
    options: tuple[tuple[Option, ...], ...]
    solved: bool
    stuck: bool
    contradiction: bool


class _Contradiction(Exception):
    """A unit lost its last facing."""


class _Board:
    """What never changes while a board is solved: units, neighbours, what must be wet."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.size = layout.width * layout.height
        self.near = _neighbours_of(layout)
        self.network = layout.kind == "network"
        self.path = layout.kind == "inlet-outlet"
        seeds = set(layout.sources) | (set() if self.network else set(layout.drains))
        self.sources = tuple(dict.fromkeys(layout.sources))
        self.drains = tuple(layout.drains)
        locked = set(layout.locked or ())
        info = _block_info(layout)
        units: list[tuple[int, ...]] = []
        options: list[tuple[Option, ...]] = []
        for cell, mask in enumerate(layout.cells):
            at = info.of[cell]
            if at >= 0:
                block = info.blocks[at]
                if block.anchor == cell:
                    units.append(block.cells)
                    options.append(tuple(_block_facings(layout.cells, block)))
                continue
            units.append((cell,))
            if mask == 0:
                options.append(((0,),) if self.network else ((DRY,),))
                continue
            masks = (mask,) if cell in locked else _rotations_of(mask)
            facings: list[Option] = [(m,) for m in masks]
            if not self.network and cell not in seeds:
                facings.append((DRY,))
            options.append(tuple(facings))
        self.units = tuple(units)
        self.options = tuple(options)
        unit_of = [0] * self.size
        for at, cells in enumerate(units):
            for cell in cells:
                unit_of[cell] = at
        self.unit_of = tuple(unit_of)
        # Empty ground that stays put (a blank inside a square moves when the square turns).
        self.blank = tuple(
            mask == 0 and info.of[cell] < 0 for cell, mask in enumerate(layout.cells)
        )
        # Units next to each unit (through any side, walls included: a wall changes nothing).
        around: list[tuple[int, ...]] = []
        for cells in units:
            touching = {
                unit_of[other]
                for cell in cells
                for other in self.near[cell * 4 : cell * 4 + 4]
                if other >= 0 and unit_of[other] != unit_of[cells[0]]
            }
            around.append(tuple(sorted(touching)))
        self.around = tuple(around)
        self.pieces = sum(1 for mask in layout.cells if mask)


def _opens(value: int, side: int) -> bool:
    return value >= 0 and bool(value >> side & 1)


class _Position:
    """Live facings per unit and, per cell, the sides some live facing opens / keeps shut."""

    def __init__(self, board: _Board) -> None:
        self.board = board
        self.live: list[tuple[int, ...]] = [tuple(range(len(o))) for o in board.options]
        self.opens = [0] * board.size
        self.shuts = [0] * board.size
        self.dry = [False] * board.size
        self.bare = [False] * board.size
        for at in range(len(board.units)):
            self.refresh(at)

    def copy(self) -> _Position:
        other = _Position.__new__(_Position)
        other.board = self.board
        other.live = list(self.live)
        other.opens = list(self.opens)
        other.shuts = list(self.shuts)
        other.dry = list(self.dry)
        other.bare = list(self.bare)
        return other

    def refresh(self, at: int) -> bool:
        """Recompute the cell sets of unit ``at``; True if any changed."""
        board = self.board
        changed = False
        facings = board.options[at]
        for i, cell in enumerate(board.units[at]):
            can = 0
            cannot = 0
            dry = False
            bare = False
            for index in self.live[at]:
                value = facings[index][i]
                if value < 0:
                    dry = True
                    bare = True
                    cannot |= 15
                else:
                    bare = bare or value == 0
                    can |= value
                    cannot |= 15 ^ value
            self.bare[cell] = bare
            if can != self.opens[cell] or cannot != self.shuts[cell] or dry != self.dry[cell]:
                self.opens[cell] = can
                self.shuts[cell] = cannot
                self.dry[cell] = dry
                changed = True
        return changed

    def set(self, at: int, kept: tuple[int, ...]) -> bool:
        if not kept:
            raise _Contradiction
        self.live[at] = kept
        return self.refresh(at)

    def settled(self) -> bool:
        return all(len(kept) == 1 for kept in self.live)


def _fits(board: _Board, pos: _Position, at: int, option: Option) -> int | None:
    """None if ``option`` of unit ``at`` fits its neighbours' sets, else the cell it fails on."""
    cells = board.units[at]
    near = board.near
    opens = pos.opens
    shuts = pos.shuts
    for i, cell in enumerate(cells):
        value = option[i]
        for side in range(4):
            other = near[cell * 4 + side]
            back = 1 << ((side + 2) & 3)
            if other >= 0 and board.unit_of[other] == at:
                if _opens(value, side) != _opens(option[cells.index(other)], (side + 2) & 3):
                    return cell
            elif _opens(value, side):
                if other < 0 or not opens[other] & back:
                    return cell if other < 0 else other
            elif other >= 0 and not shuts[other] & back:
                return other
    return None


def _board_reason(board: _Board, at: int, option: Option) -> tuple[str, tuple[int, ...]] | None:
    """The glance rule that rules ``option`` out by the board alone, with the cells it saw."""
    cells = board.units[at]
    for i, cell in enumerate(cells):
        value = option[i]
        if value < 0:
            continue
        if board.path and value and cell not in board.sources and cell not in board.drains:
            arms = value.bit_count()
            if arms > 2 or arms == 1:
                return "path", ()
        for side in range(4):
            if not _opens(value, side):
                continue
            other = board.near[cell * 4 + side]
            if other < 0:
                return "edge", ()
            if board.unit_of[other] != at and board.blank[other]:
                return "ground", (other,)
    return None


class _Engine:
    """Runs the rules over a position, recording steps (or not, inside trials)."""

    def __init__(self, board: _Board, record: bool) -> None:
        self.board = board
        self.record = record
        self.steps: list[Step] = []
        self.work = 0
        self.resume = 0
        self.limit = TRIAL_WORK

    def _note(
        self,
        pos: _Position,
        rule: str,
        at: int,
        before: tuple[int, ...],
        looked: tuple[int, ...],
        depth: int = 0,
    ) -> None:
        if not self.record:
            return
        options = self.board.options[at]
        removed = tuple(options[i] for i in before if i not in pos.live[at])
        settled = options[pos.live[at][0]] if len(pos.live[at]) == 1 else None
        self.steps.append(
            Step(RULES[rule], rule, self.board.units[at], looked, removed, settled, depth)
        )

    def glance(self, pos: _Position) -> None:
        """Tier 1: rule out what the board alone forbids."""
        board = self.board
        for at in range(len(board.units)):
            before = pos.live[at]
            if len(before) < 2:
                continue
            by_rule: dict[str, list[int]] = {}
            seen: dict[str, set[int]] = {}
            for index in before:
                reason = _board_reason(board, at, board.options[at][index])
                if reason is not None:
                    by_rule.setdefault(reason[0], []).append(index)
                    seen.setdefault(reason[0], set()).update(reason[1])
            for rule, gone in by_rule.items():
                start = pos.live[at]
                pos.set(at, tuple(i for i in start if i not in gone))
                self._note(pos, rule, at, start, tuple(sorted(seen[rule])))

    def neighbours(self, pos: _Position, queue: list[int]) -> None:
        """Tier 2: keep every unit's facings in line with its neighbours' sets, to a fixpoint."""
        board = self.board
        queued = [False] * len(board.units)
        for at in queue:
            queued[at] = True
        order = deque(queue)
        while order:
            at = order.popleft()
            queued[at] = False
            before = pos.live[at]
            kept = []
            looked: set[int] = set()
            self.work += 1
            for index in before:
                fail = _fits(board, pos, at, board.options[at][index])
                if fail is None:
                    kept.append(index)
                else:
                    looked.add(fail)
            if len(kept) == len(before):
                continue
            changed = pos.set(at, tuple(kept))
            self._note(pos, "neighbour", at, before, tuple(sorted(looked)))
            if changed:
                for other in board.around[at]:
                    if not queued[other]:
                        queued[other] = True
                        order.append(other)

    def reached(self, pos: _Position) -> list[bool]:
        """Cells water could reach from the pumps through sides that could both open."""
        board = self.board
        near = board.near
        opens = pos.opens
        seen = [False] * board.size
        stack = list(board.sources)
        for cell in stack:
            seen[cell] = True
        while stack:
            cell = stack.pop()
            mask = opens[cell]
            for side in range(4):
                if mask >> side & 1:
                    other = near[cell * 4 + side]
                    if other >= 0 and not seen[other] and opens[other] & (1 << ((side + 2) & 3)):
                        seen[other] = True
                        stack.append(other)
        return seen

    def _must_be_wet(self, pos: _Position, cell: int) -> bool:
        return not pos.bare[cell]

    def cut_off(self, pos: _Position) -> bool:
        """True if some piece that must have water cannot be reached."""
        seen = self.reached(pos)
        return any(not seen[c] and self._must_be_wet(pos, c) for c in range(self.board.size))

    def closed_group(self, pos: _Position, start: int) -> list[int] | None:
        """The pieces surely joined to ``start``, if they can never join anything else."""
        board = self.board
        near = board.near
        opens = pos.opens
        shuts = pos.shuts
        if pos.dry[start] or not opens[start]:
            return None
        group = [start]
        inside = {start}
        k = 0
        while k < len(group):
            cell = group[k]
            k += 1
            for side in range(4):
                bit = 1 << side
                if not opens[cell] & bit:
                    continue
                other = near[cell * 4 + side]
                if other < 0 or other in inside:
                    continue
                back = 1 << ((side + 2) & 3)
                sure = not shuts[cell] & bit and opens[other] & back and not shuts[other] & back
                if not sure:
                    return None
                inside.add(other)
                group.append(other)
        return group

    def group_fails(self, group: list[int]) -> bool:
        """True if a closed group cannot be part of an answer."""
        board = self.board
        inside = set(group)
        has_source = any(s in inside for s in board.sources)
        if not has_source:
            return True
        if all(s in inside for s in board.sources):
            if board.network:
                return len(group) < board.pieces
            return any(d not in inside for d in board.drains)
        return False

    def consistent(self, pos: _Position) -> bool:
        """The region checks on a whole position: nothing cut off, no closed group that fails."""
        if self.cut_off(pos):
            return False
        board = self.board
        near = board.near
        opens = pos.opens
        shuts = pos.shuts
        done = [False] * board.size
        for start in range(board.size):
            if done[start] or pos.dry[start] or not opens[start]:
                continue
            done[start] = True
            group = [start]
            closed = True
            k = 0
            while k < len(group):
                cell = group[k]
                k += 1
                for side in range(4):
                    bit = 1 << side
                    if not opens[cell] & bit:
                        continue
                    other = near[cell * 4 + side]
                    if other < 0:
                        continue
                    back = 1 << ((side + 2) & 3)
                    if shuts[cell] & bit or not opens[other] & back or shuts[other] & back:
                        closed = False
                    elif not done[other]:
                        done[other] = True
                        group.append(other)
            self.work += 1
            if closed and self.group_fails(group):
                return False
        return True

    def spares(self, pos: _Position) -> bool:
        """Tier 3 ``spare``: pieces no water can reach stay dry. True if any was settled."""
        board = self.board
        if board.network:
            return False
        seen = self.reached(pos)
        found = False
        for at, cells in enumerate(board.units):
            before = pos.live[at]
            if len(before) < 2 or seen[cells[0]]:
                continue
            kept = tuple(i for i in before if board.options[at][i][0] < 0)
            if not kept:
                raise _Contradiction
            pos.set(at, kept)
            looked = tuple(
                o for o in board.near[cells[0] * 4 : cells[0] * 4 + 4] if o >= 0 and o != cells[0]
            )
            self._note(pos, "spare", at, before, looked)
            found = True
        return found

    def _with(self, pos: _Position, at: int, index: int) -> _Position:
        trial = pos.copy()
        trial.set(at, (index,))
        return trial

    def regions(self, pos: _Position) -> bool:
        """Tier 3 ``loop`` and ``reach`` on the first unit where either rules a facing out."""
        if self.spares(pos):
            return True
        board = self.board
        near = board.near
        for at, cells in enumerate(board.units):
            before = pos.live[at]
            if len(before) < 2:
                continue
            loops: list[int] = []
            cuts: list[int] = []
            for index in before:
                option = board.options[at][index]
                trial = self._with(pos, at, index)
                self.work += 1
                group = self.closed_group(trial, cells[0])
                if group and self.group_fails(group):
                    loops.append(index)
                    continue
                closes = False
                for i, cell in enumerate(cells):
                    for side in range(4):
                        other = near[cell * 4 + side]
                        if (
                            other >= 0
                            and board.unit_of[other] != at
                            and pos.opens[cell] >> side & 1
                            and pos.opens[other] & (1 << ((side + 2) & 3))
                            and not _opens(option[i], side)
                        ):
                            closes = True
                if closes and self.cut_off(trial):
                    cuts.append(index)
            if len(loops) + len(cuts) == len(before):
                raise _Contradiction
            if loops:
                start = pos.live[at]
                pos.set(at, tuple(i for i in start if i not in loops))
                self._note(pos, "loop", at, start, ())
            if cuts:
                start = pos.live[at]
                pos.set(at, tuple(i for i in start if i not in cuts))
                self._note(pos, "reach", at, start, ())
            if loops or cuts:
                return True
        return False

    def settle(self, pos: _Position, queue: list[int]) -> None:
        """Tiers 2 and 3 to a fixpoint (tier 1 is done once, at the start)."""
        while True:
            self.neighbours(pos, queue)
            if pos.settled():
                return
            before = list(pos.live)
            if not self.regions(pos):
                return
            queue = [at for at in range(len(before)) if pos.live[at] != before[at]]
            queue = sorted({o for at in queue for o in (at, *self.board.around[at])})

    def follows(self, pos: _Position, at: int, index: int) -> _Position | None:
        """The position after unit ``at`` takes facing ``index`` and rules 2-3 run, or None
        when that leads to a contradiction."""
        quiet = _Engine(self.board, record=False)
        try:
            trial = self._with(pos, at, index)
            quiet.neighbours(trial, [at, *self.board.around[at]])
            ok = quiet.consistent(trial)
        except _Contradiction:
            ok = False
        self.work += quiet.work + 1
        return trial if ok else None

    def trials(self, pos: _Position) -> bool:
        """Tier 4: rule out a facing that leads to a contradiction; True if one was found."""
        board = self.board
        count = len(board.units)
        first = self.resume
        order = sorted(
            (at for at in range(count) if len(pos.live[at]) > 1),
            key=lambda at: (len(pos.live[at]), (at - first) % count),
        )
        for at in order:
            if self.work > self.limit:
                return False
            before = pos.live[at]
            gone = [i for i in before if self.follows(pos, at, i) is None]
            if gone:
                if len(gone) == len(before):
                    raise _Contradiction
                pos.set(at, tuple(i for i in before if i not in gone))
                self._note(pos, "trial", at, before, ())
                self.resume = at
                return True
        return False


def _answer_option(board: _Board, at: int, answer: tuple[int, ...], wet: tuple[bool, ...]) -> int:
    """The index of the answer's facing among unit ``at``'s options (-1 if absent)."""
    cells = board.units[at]
    if board.network or board.blank[cells[0]]:
        want: Option = tuple(answer[c] for c in cells)
    else:
        want = tuple(answer[c] if wet[c] else DRY for c in cells)
    options = board.options[at]
    for index in range(len(options)):
        if options[index] == want:
            return index
    return -1


def _is_answer(board: _Board, pos: _Position) -> bool:
    """True if a settled position is an answer: the water reaches what it must, no leaks."""
    masks = list(board.layout.cells)
    for at, cells in enumerate(board.units):
        option = board.options[at][pos.live[at][0]]
        for cell, value in zip(cells, option, strict=True):
            if value >= 0:
                masks[cell] = value
    flow = _flow_of(board.layout, masks)
    if not flow.solved:
        return False
    return all(
        flow.wet[cell] == (value > 0)
        for at, cells in enumerate(board.units)
        for cell, value in zip(cells, board.options[at][pos.live[at][0]], strict=True)
    )


def _refute(engine: _Engine, pos: _Position, left: int, budget: list[int]) -> int | None:
    """How many nested guesses show ``pos`` has no answer (0: the rules alone do), or None
    when it is not shown within ``left`` more guesses or the budget."""
    quiet = _Engine(engine.board, record=False)
    quiet.limit = budget[0]
    pos = pos.copy()
    try:
        quiet.settle(pos, list(range(len(engine.board.units))))
        while quiet.trials(pos):
            quiet.settle(pos, list(range(len(engine.board.units))))
        if not quiet.consistent(pos):
            return 0
    except _Contradiction:
        return 0
    finally:
        budget[0] -= quiet.work
    if pos.settled() or left == 0 or budget[0] <= 0:
        return None
    at = min(
        (a for a in range(len(pos.live)) if len(pos.live[a]) > 1), key=lambda a: len(pos.live[a])
    )
    deepest = 0
    for index in pos.live[at]:
        nested = _refute(engine, quiet._with(pos, at, index), left - 1, budget)
        if nested is None:
            return None
        deepest = max(deepest, nested)
    return deepest + 1


def _run(
    layout: Layout,
    answer: tuple[int, ...] | None,
    stop: int | None = None,
    depths: bool = True,
) -> Run:
    """Run every rule from the start; guess with ``answer`` when given, else stop there.

    ``stop``: stop after that many steps (a hint needs only the first few).
    """
    board = _Board(layout)
    engine = _Engine(board, record=True)
    pos = _Position(board)
    wet = _flow_of(layout, answer).wet if answer is not None else ()
    stuck = False
    contradiction = False
    try:
        engine.glance(pos)
        queue = list(range(len(board.units)))
        while True:
            engine.settle(pos, queue)
            if pos.settled() or (stop is not None and len(engine.steps) >= stop):
                break
            before = list(pos.live)
            if not engine.trials(pos):
                if answer is None:
                    stuck = True
                    break
                at = min(
                    (a for a in range(len(pos.live)) if len(pos.live[a]) > 1),
                    key=lambda a: len(pos.live[a]),
                )
                right = _answer_option(board, at, answer, wet)
                if right < 0 or right not in pos.live[at]:
                    raise _Contradiction
                depth = 0
                if depths:
                    budget = [_GUESS_WORK]
                    for index in pos.live[at]:
                        if index == right:
                            continue
                        nested = _refute(engine, engine._with(pos, at, index), 2, budget)
                        depth = max(depth, GUESS_DEPTH if nested is None else nested + 1)
                start = pos.live[at]
                pos.set(at, (right,))
                engine._note(pos, "guess", at, start, (), depth)
            changed = [at for at in range(len(before)) if pos.live[at] != before[at]]
            queue = sorted({o for at in changed for o in (at, *board.around[at])})
        if pos.settled() and not _is_answer(board, pos):
            contradiction = True
    except _Contradiction:
        contradiction = True
    options = tuple(tuple(board.options[at][i] for i in live) for at, live in enumerate(pos.live))
    return Run(
        steps=tuple(engine.steps),
        units=board.units,
        options=options,
        solved=not contradiction and pos.settled(),
        stuck=stuck,
        contradiction=contradiction,
    )


def solve_by_rules(layout: Layout, answer: Sequence[int] | None = None) -> Run:
    """Run the rules on ``layout`` from the board as given, recording every step.

    Without ``answer`` the run stops where only a guess would go on (``stuck``); with it
    (one mask per cell) the run takes the answer's facing there and goes on, each guess
    carrying its depth. Raises ValueError for a value that is not a Layout, an answer that is
    not one mask per cell, and a board with squares that is not a network.
    """
    if not isinstance(layout, Layout):
        raise ValueError(f"solve_by_rules needs a Suido Layout, not {type(layout).__name__}")
    if layout.kind not in KINDS:
        raise ValueError(f"unknown Suido kind {layout.kind!r}; expected one of {KINDS}")
    check_masks(layout, layout.cells)
    if (layout.bigs or layout.blocks) and layout.kind != "network":
        raise ValueError(SQUARES_NEED_NETWORK)
    solution = None if answer is None else tuple(check_masks(layout, answer))
    return _run(layout, solution)
