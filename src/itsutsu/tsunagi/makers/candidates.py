"""Plain makers, unchecked (their public doors are in :mod:`.doors`): ``_candidate``,
``_repaired_candidate``, ``joined_candidate`` and ``_sparse_candidate``.

Each draws a random filling of a shape, turns it into a board and proves it with the count of
answers the check accepts (:data:`itsutsu.tsunagi.makers.boards.PROOF_RULE`); each returns a
:class:`~itsutsu.tsunagi.makers.boards.Board` or ``None`` when this draw gave none. Work is
counted in SAT conflicts on a :class:`Work` the caller keeps.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from itsutsu.common.random import Random, pick_index, shuffled
from itsutsu.tsunagi.alphabet import LETTER_INDEX, sparse_most
from itsutsu.tsunagi.makers.boards import (
    NO_EXTRAS,
    Board,
    Extras,
    board_of,
    is_proved,
    prove,
    second_owners,
)
from itsutsu.tsunagi.makers.fillings import (
    SHORTEST,
    Filling,
    Line,
    Shape,
    cut_line,
    line_ok,
    random_filling,
)
from itsutsu.tsunagi.makers.twists import crosses_wrap
from itsutsu.tsunagi.portals import _edge
from itsutsu.tsunagi.solver.count import SolveResult
from itsutsu.tsunagi.solver.joins import JoinProver

PROOF_BUDGET = 50_000
"""The most conflicts one proof may take before the board it proves is set aside."""
REPAIR_ROUNDS = 30
"""How many times :func:`repaired_candidate` cuts a line before it gives the board up."""
JOIN_GREED = 1.0
"""How greedily a joining maker's filling hugs the filled cells: always (few, long lines)."""
RESCUES = 3
"""How many walls or waypoints a rejected join may add to be kept."""


class OutOfWork(Exception):
    """A maker spent its whole work budget."""


@dataclass
class Work:
    """Conflicts spent so far and the most that may be spent (mutable, one per making):
    ``limit`` bounds one proof, and ``retries`` are the larger bounds a joining maker tries
    again with, in turn, a join whose proof ran out (none: such a join is refused)."""

    budget: int
    spent: int = 0
    proofs: int = 0
    prover: JoinProver | None = None
    limit: int = PROOF_BUDGET
    retries: tuple[int, ...] = ()

    def proof(
        self,
        board: Board,
        limit: int | None = None,
        joined: tuple[int, int, int, int] | None = None,
    ) -> SolveResult:
        """Prove ``board`` (with the live :attr:`prover` when one is set), charging its
        conflicts; raises :class:`OutOfWork` once the budget is gone. ``joined``: the far
        ends and the step of the join that made ``board`` from a board already proved,
        which lets the live prover split its search (:meth:`JoinProver.prove`)."""
        left = self.budget - self.spent
        if left <= 0:
            raise OutOfWork
        most = min(self.limit if limit is None else limit, left)
        if self.prover is not None:
            result = self.prover.prove(board.layout, board.owners, board.answer, most, joined)
        else:
            result = prove(board, most)
        self.spent += result.conflicts
        self.proofs += 1
        return result


@dataclass(frozen=True)
class Rescue:
    """What a joining maker may add to keep a join the proof refuses."""

    walls: int = 0
    waypoints: int = 0


NO_RESCUE = Rescue()


def _candidate(shape: Shape, random: Random, longest: int, work: Work) -> Board | None:
    """A random filling of ``shape`` (lines of 3 to ``longest`` cells) as a board, if the
    proof finds it has exactly one answer."""
    filling = random_filling(shape, random, longest)
    return None if filling is None else proved_board(shape, filling, work)


def proved_board(shape: Shape, filling: Filling, work: Work) -> Board | None:
    """The board whose stones are the ends of ``filling``, if the proof finds it has exactly
    one answer (its own)."""
    board = board_of(shape, filling)
    if board is None:
        return None
    return board if is_proved(board, work.proof(board)) else None


def _owner_letters(answer: str) -> list[int]:
    return [LETTER_INDEX.get(ch, -1) for ch in answer]


def _repaired_candidate(shape: Shape, random: Random, longest: int, work: Work) -> Board | None:
    """Like :func:`_candidate`, but a board with a second answer is mended where the two
    answers differ: a line through a cell the other answer gives to another line is cut
    there in two (both halves of at least 3 cells), up to :data:`REPAIR_ROUNDS` times."""
    filling = random_filling(shape, random, longest)
    if filling is None:
        return None
    lines = list(filling)
    steps = shape.steps
    for _ in range(REPAIR_ROUNDS):
        board = board_of(shape, tuple(lines))
        if board is None:
            return None
        result = work.proof(board)
        if is_proved(board, result):
            return board
        if not result.complete or result.count < 2:
            return None
        mine, other = _owner_letters(board.answer), _owner_letters(result.answers[1])
        ordered = sorted(
            (line if line[0] < line[-1] else line[::-1] for line in lines), key=lambda ln: ln[0]
        )
        cuts = []
        for pair, line in enumerate(ordered):
            for k in range(SHORTEST, len(line) - SHORTEST + 1):
                at = line[k]
                if (
                    mine[at] == pair
                    and other[at] != pair
                    and any(s.to == line[k - 1] and s.over < 0 for s in steps[at])
                ):
                    cuts.append((pair, k))
        if not cuts:
            return None
        pair, k = cuts[pick_index(random, len(cuts))]
        line = ordered[pair]
        ordered[pair : pair + 1] = [line[:k], line[k:]]
        lines = ordered
    return None


@dataclass
class _Joining:
    shape: Shape
    lines: list[Line]
    extras: Extras
    board: Board
    refused: set[tuple[Line, Line]] = field(default_factory=set)


def _join_options(state: _Joining, portal_cells: frozenset[int]) -> list[tuple[int, int, Line]]:
    """Every join of two lines whose ends touch by a plain step without a wall: (line,
    line, joined)."""
    steps = state.shape.steps
    walls = state.extras.walls
    lines = state.lines
    end_of: dict[int, tuple[int, bool]] = {}
    for index, line in enumerate(lines):
        end_of[line[0]] = (index, False)
        end_of[line[-1]] = (index, True)
    out = []
    seen = set()
    for index, line in enumerate(lines):
        for at_end in (False, True):
            tip = line[-1] if at_end else line[0]
            for s in steps[tip]:
                if s.over >= 0 or s.through or s.to not in end_of:
                    continue
                other, other_end = end_of[s.to]
                if other == index or _edge(tip, s.to) in walls:
                    continue
                key = (min(index, other), max(index, other), tip, s.to)
                if (key[0], key[1], min(tip, s.to), max(tip, s.to)) in seen:
                    continue
                seen.add((key[0], key[1], min(tip, s.to), max(tip, s.to)))
                first = line if at_end else line[::-1]
                second = lines[other][::-1] if other_end else lines[other]
                joined = first + second
                if not (portal_cells & set(joined)) and not line_ok(joined, steps):
                    continue
                out.append((index, other, joined))
    return out


def _with_join(lines: list[Line], a: int, b: int, joined: Line) -> list[Line]:
    out = [line for i, line in enumerate(lines) if i not in (a, b)]
    out.append(joined)
    return out


def _rescues(
    state: _Joining, board: Board, theirs: list[int], rescue: Rescue, extras: Extras
) -> list[Extras]:
    """Walls or waypoints that refuse the second answer ``theirs`` (owners) of ``board``."""
    mine = list(board.owners)
    size = state.shape.size
    layout = board.layout
    out: list[Extras] = []
    if rescue.walls > len(extras.walls) and not state.shape.hex:
        for a in range(size * size):
            if mine[a] < 0:
                continue
            for b in (a + 1, a + size):
                if b >= size * size or (b == a + 1 and b % size == 0) or mine[b] < 0:
                    continue
                if mine[a] != mine[b] and theirs[a] == theirs[b] and theirs[a] >= 0:
                    if layout.cells[a] < -1 or layout.cells[b] < -1:
                        continue
                    if layout.partner[a] >= 0 or layout.partner[b] >= 0:
                        continue
                    out.append(replace(extras, walls=extras.walls | {_edge(a, b)}))
    if rescue.waypoints > len(extras.waypoints):
        for at, value in enumerate(layout.cells):
            if value != -1 or layout.partner[at] >= 0 or at in extras.waypoints:
                continue
            if mine[at] >= 0 and theirs[at] != mine[at] and mine[at] < 26:
                out.append(replace(extras, waypoints=extras.waypoints | {at}))
    return out


def joined_candidate(
    shape: Shape,
    random: Random,
    work: Work,
    *,
    longest: int,
    piece: int = 4,
    fewest: int = 1,
    filling: Filling | None = None,
    extras: Extras = NO_EXTRAS,
    rescue: Rescue = NO_RESCUE,
    portal_cells: frozenset[int] = frozenset(),
) -> Board | None:
    """Cut a random filling into short pieces (a board of many short lines has one answer
    for lack of room), then join lines whose ends touch, in a random order, while the proof
    still finds one answer, until ``fewest`` lines are left or no join holds.

    A join the proof refuses may be kept by adding a wall or a waypoint where the second
    answer differs (``rescue`` says how many of each the board may carry). The walls and
    waypoints are then pruned: each is kept only if the board needs it.
    """
    state = _join_state(
        shape, random, work, longest, piece, fewest, filling, extras, rescue, portal_cells
    )
    return None if state is None else state.board


def _join_state(
    shape: Shape,
    random: Random,
    work: Work,
    longest: int,
    piece: int,
    fewest: int,
    filling: Filling | None,
    extras: Extras,
    rescue: Rescue,
    portal_cells: frozenset[int],
    shortest_first: bool = True,
    incremental: bool = True,
    greed: float = JOIN_GREED,
) -> _Joining | None:
    if filling is None:
        filling = random_filling(shape, random, longest, greed)
        if filling is None:
            return None
    steps = shape.steps
    lines: list[Line] = []
    for line in filling:
        lines.extend(cut_line(line, random, piece, steps, portal_cells))
    board = board_of(shape, tuple(lines), extras)
    if board is None:
        return None
    state = _Joining(shape, lines, extras, board)
    if incremental:
        work.prover = JoinProver(board.layout)
        try:
            if not is_proved(board, work.proof(board)):
                return None
            _joins(state, random, work, fewest, rescue, portal_cells, shortest_first)
            if (rescue.walls or rescue.waypoints) and work.retries:
                # A big board at its target has clues to spare: every join so far held
                # without help, so none was rescued. Join on past the target until one
                # join is kept only with a wall or waypoint (the board ends a few lines
                # under the target, never over it).
                _joins(state, random, work, 1, rescue, portal_cells, shortest_first, True)
            if rescue.walls or rescue.waypoints:
                _shifts(state, random, work, rescue, portal_cells)
            _pruned(state, random, work)
        finally:
            work.prover.close()
            work.prover = None
        if not state.board.code:
            return None
        # The board returned is proved once more by the public count, from scratch.
        final = work.proof(state.board, work.budget)
        return state if is_proved(state.board, final) else None
    if not is_proved(board, work.proof(board)):
        return None
    _joins(state, random, work, fewest, rescue, portal_cells, shortest_first)
    _pruned(state, random, work)
    return state


def _joins(
    state: _Joining,
    random: Random,
    work: Work,
    fewest: int,
    rescue: Rescue,
    portal_cells: frozenset[int],
    shortest_first: bool,
    until_rescued: bool = False,
) -> None:
    """Join lines while the proofs allow, until ``fewest`` are left (or, with
    ``until_rescued``, until a join has been kept with a wall or waypoint).

    A join whose proof runs out of its budget is not refused for good: it waits, and once
    no fresh join holds it is tried again with each larger budget of ``work.retries`` in
    turn (the cheapest waiting ones first), so a filling close to its target is not left
    stuck for want of one harder proof. A join with a second answer is refused for good.

    A big board (one with retries) joins the ends with the fewest joins first
    (:func:`_scarcity`), and once no two ends are left to join it joins three lines into
    two (:func:`_three_into_two`).
    """
    waiting: dict[tuple[Line, Line], int] = {}
    while len(state.lines) > fewest:
        if until_rescued and (state.extras.walls or state.extras.waypoints):
            break
        options = [
            option
            for option in _join_options(state, portal_cells)
            if (state.lines[option[0]], state.lines[option[1]]) not in state.refused
        ]
        if not options:
            if _three_into_two(state, random, work, portal_cells):
                continue
            break
        drawn = shuffled(options, random)
        if shortest_first:
            drawn.sort(key=lambda option: len(option[2]))
        if work.retries:
            drawn.sort(key=_scarcity(state.lines, drawn))
        fresh = [o for o in drawn if (state.lines[o[0]], state.lines[o[1]]) not in waiting]
        if _first_join(state, fresh, rescue, work, None, waiting):
            continue
        _renew_prover(state, work)
        held = [o for o in drawn if waiting.get((state.lines[o[0]], state.lines[o[1]]), 99) < 99]
        held.sort(key=lambda o: waiting[(state.lines[o[0]], state.lines[o[1]])])
        joined = False
        for option in held:
            key = (state.lines[option[0]], state.lines[option[1]])
            level = waiting[key]
            if level >= len(work.retries):
                continue
            if _first_join(state, [option], rescue, work, level, waiting):
                joined = True
                break
        if not joined:
            if _three_into_two(state, random, work, portal_cells):
                continue
            break


THREE_TRIES = 24
"""How many joins of three lines into two a stuck big board tries before it gives up."""


def _three_into_two(
    state: _Joining, random: Random, work: Work, portal_cells: frozenset[int]
) -> bool:
    """On a big board (one with retries) where no two line ends touch, join three lines
    into two: line A's end touches a middle cell of line B; B is cut there, A takes the
    part of B past the cut, and the part before it is joined to a line C whose end touches
    the new end at the cut. Every stone of the new board was a stone before (two fewer), so
    the live solver proves it as it stands. True when one of at most :data:`THREE_TRIES`
    such joins, the most even first, holds; one refused (or out of budget) is not tried
    again."""
    if not work.retries or portal_cells:
        return False
    options = [o for o in _three_options(state) if (o[3], o[4]) not in state.refused]
    drawn = shuffled(options, random)
    drawn.sort(key=lambda option: max(len(option[3]), len(option[4])))
    for *three, first, second in drawn[:THREE_TRIES]:
        kept = [line for i, line in enumerate(state.lines) if i not in three]
        if _try_join(state, [*kept, first, second], NO_RESCUE, work) is True:
            return True
        state.refused.add((first, second))
    return False


def _three_options(state: _Joining) -> list[tuple[int, int, int, Line, Line]]:
    """The joins :func:`_three_into_two` may make: the indexes of the three lines of
    ``state`` (A, B, C) and the two lines they are joined into."""
    steps = state.shape.steps
    walls = state.extras.walls
    lines = state.lines
    end_of: dict[int, tuple[int, bool]] = {}
    place: dict[int, tuple[int, int]] = {}
    for index, line in enumerate(lines):
        for k, at in enumerate(line):
            place[at] = (index, k)
        end_of[line[0]] = (index, False)
        end_of[line[-1]] = (index, True)

    def plain(a: int, b: int) -> bool:
        return _edge(a, b) not in walls and any(
            s.to == b and s.over < 0 and not s.through for s in steps[a]
        )

    out: list[tuple[int, int, int, Line, Line]] = []
    for a_index, a_line in enumerate(lines):
        for a_end in (False, True):
            tip = a_line[-1] if a_end else a_line[0]
            head = a_line if a_end else a_line[::-1]
            for s in steps[tip]:
                got = place.get(s.to)
                if got is None or not plain(tip, s.to):
                    continue
                b_index, k = got
                b_line = lines[b_index]
                if b_index == a_index or k in (0, len(b_line) - 1):
                    continue
                for taken, rest in (
                    (b_line[k:], b_line[k - 1 :: -1]),
                    (b_line[k::-1], b_line[k + 1 :]),
                ):
                    loose = rest[0]
                    if not plain(loose, taken[0]):
                        continue
                    first = head + taken
                    for t in steps[loose]:
                        c = end_of.get(t.to)
                        if c is None or c[0] in (a_index, b_index) or not plain(loose, t.to):
                            continue
                        c_line = lines[c[0]]
                        second = rest[::-1] + (c_line[::-1] if c[1] else c_line)
                        if line_ok(first, steps) and line_ok(second, steps):
                            out.append((a_index, b_index, c[0], first, second))
    return out


def _scarcity(
    lines: list[Line], options: list[tuple[int, int, Line]]
) -> Callable[[tuple[int, int, Line]], int]:
    """A sort key for the joins ``options`` of ``lines``: how many joins the scarcer of its
    two ends has. Joining ends with one way on first keeps them from being stranded when
    their only partner is taken by another join (a big board stuck above its target has
    no two ends touching)."""
    ends: dict[int, int] = {}
    for a, _, joined in options:
        cut = len(lines[a])
        for at in (joined[cut - 1], joined[cut]):
            ends[at] = ends.get(at, 0) + 1

    def key(option: tuple[int, int, Line]) -> int:
        cut = len(lines[option[0]])
        return min(ends[option[2][cut - 1]], ends[option[2][cut]])

    return key


RENEW_AT = 0.8
"""A stuck joining maker writes its live solver afresh from the board it has reached once
that board has fewer than this share of the stones the solver was written for."""


def _renew_prover(state: _Joining, work: Work) -> None:
    """Write the live solver afresh from the current board when it was written for a board
    of many more stones: the new formula has only the stones left as switches (and fewer
    colour bits), which makes the hard proofs near the target cheaper."""
    prover = work.prover
    if prover is None or not work.retries:
        return
    if len(state.lines) >= RENEW_AT * prover.first.pairs:
        return
    prover.close()
    work.prover = JoinProver(state.board.layout)


def _first_join(
    state: _Joining,
    options: list[tuple[int, int, Line]],
    rescue: Rescue,
    work: Work,
    level: int | None,
    waiting: dict[tuple[Line, Line], int],
) -> bool:
    """Keep the first of ``options`` the proof allows (at retry ``level``'s budget, or the
    usual one); those refused for budget wait at the next level, the others are refused."""
    limit = None if level is None else work.retries[level]
    for a, b, joined in options:
        key = (state.lines[a], state.lines[b])
        lines = _with_join(state.lines, a, b, joined)
        cut = len(state.lines[a])
        step = (joined[0], joined[cut - 1], joined[cut], joined[-1])
        verdict = _try_join(state, lines, rescue, work, limit, step)
        if verdict is True:
            waiting.pop(key, None)
            return True
        if verdict is None and work.retries:
            waiting[key] = 0 if level is None else level + 1
        else:
            waiting.pop(key, None)
            state.refused.add(key)
    return False


SHIFTS = 40
"""How many stone shifts a maker asked for walls or waypoints tries once no join is left."""


def _shifts(
    state: _Joining, random: Random, work: Work, rescue: Rescue, portal_cells: frozenset[int]
) -> None:
    """Once no join is left on a board that must carry walls or waypoints and has none, move
        a stone: the end cell of one line goes to the line whose end touches it (only onto a cell
    that was a stone of the first board, which the live solver can switch). A shift kept
        only with a wall or waypoint (the shifted board has two answers) ends the search; a
        shifted board that still has one answer is walked on from."""
    steps = state.shape.steps
    for _ in range(SHIFTS):
        if state.extras.walls or state.extras.waypoints:
            return
        lines = state.lines
        options: list[list[Line]] = []
        end_of = {}
        for index, line in enumerate(lines):
            end_of[line[0]] = (index, False)
            end_of[line[-1]] = (index, True)
        for index, line in enumerate(lines):
            if len(line) <= SHORTEST or portal_cells & {line[0], line[-1], line[1], line[-2]}:
                continue
            for at_end in (False, True):
                tip = line[-1] if at_end else line[0]
                for s in steps[tip]:
                    if s.over >= 0 or s.through or s.to not in end_of:
                        continue
                    other, other_end = end_of[s.to]
                    if other == index:
                        continue
                    run = lines[other] if other_end else lines[other][::-1]
                    grown = (*run, tip)
                    shrunk = line[:-1] if at_end else line[1:]
                    moved = shrunk[-1] if at_end else shrunk[0]
                    if work.prover is not None and moved not in work.prover.switch:
                        continue  # the live solver knows stones only where the first had
                    if not line_ok(grown, steps):
                        continue
                    options.append(
                        [ln for i, ln in enumerate(lines) if i not in (index, other)]
                        + [shrunk, grown]
                    )
        if not options:
            return
        trial = options[pick_index(random, len(options))]
        board = board_of(state.shape, tuple(trial), state.extras)
        if board is None:
            continue
        result = work.proof(board)
        if is_proved(board, result):
            state.lines, state.board = trial, board  # still one answer: walk on from it
            continue
        _try_join(state, trial, rescue, work)


def _try_join(
    state: _Joining,
    lines: list[Line],
    rescue: Rescue,
    work: Work,
    limit: int | None = None,
    step: tuple[int, int, int, int] | None = None,
) -> bool | None:
    """Keep the join to ``lines`` if the proof allows (within ``limit`` conflicts, or the
    usual budget), adding walls or waypoints where the second answer differs when
    ``rescue`` allows: at each of up to :data:`RESCUES` rounds three of the places are
    tried (a quarter, half and three quarters of the way along the list), and the next
    round goes on from the middle one. ``None`` when the proof ran out of budget.
    ``step`` is the join's far ends and step, on the proved board (none for a shift)."""
    board = board_of(state.shape, tuple(lines), state.extras)
    if board is None:
        return False
    result = work.proof(board, limit, step)
    if is_proved(board, result):
        state.lines, state.board = lines, board
        return True
    if not result.complete:
        return None
    if not (rescue.walls or rescue.waypoints):
        return False
    extras = state.extras
    for _ in range(RESCUES):
        theirs = second_owners(result)
        if theirs is None:
            return False
        options = _rescues(state, board, theirs, rescue, extras)
        if not options:
            return False
        picks = sorted({len(options) // 2, len(options) // 4, 3 * len(options) // 4})
        picks.sort(key=lambda i: i != len(options) // 2)
        next_round: tuple[Board, SolveResult, Extras] | None = None
        for index in picks:
            trial = options[index]
            rescued = board_of(state.shape, tuple(lines), trial)
            if rescued is None:
                continue
            tried = work.proof(rescued, None, step)
            if is_proved(rescued, tried):
                state.lines, state.board, state.extras = lines, rescued, trial
                return True
            if next_round is None:
                next_round = (rescued, tried, trial)
        if next_round is None:
            return False
        board, result, extras = next_round
    return False


def _pruned(state: _Joining, random: Random, work: Work) -> Board:
    """Take away each wall and waypoint the board does not need."""
    extras = state.extras
    for wall in shuffled(sorted(extras.walls), random):
        trial = replace(extras, walls=extras.walls - {wall})
        board = board_of(state.shape, tuple(state.lines), trial)
        if board is not None and is_proved(board, work.proof(board)):
            extras, state.board = trial, board
    for at in shuffled(sorted(extras.waypoints), random):
        trial = replace(extras, waypoints=extras.waypoints - {at})
        board = board_of(state.shape, tuple(state.lines), trial)
        if board is not None and is_proved(board, work.proof(board)):
            extras, state.board = trial, board
    state.extras = extras
    return state.board


def _sparse_candidate(shape: Shape, random: Random, work: Work) -> Board | None:
    """A board of at most ``sparse_most(size)`` lines, marked ``sparse``: long lines joined
    while the answer stays unique; ``None`` when this draw stops above that many."""
    most = sparse_most(shape.size)
    size = shape.size
    state = _join_state(
        shape, random, work, size * size, size, 1, None, NO_EXTRAS, NO_RESCUE, frozenset()
    )
    if state is None or len(state.lines) > most:
        return None
    return board_of(shape, tuple(state.lines), Extras(sparse=True))


def _reduced_candidate(
    shape: Shape, random: Random, work: Work, *, longest: int, piece: int, most: int
) -> Board | None:
    """A big board by taking clues away: a filling of long lines cut into pieces of 3 to
    ``piece`` cells, joined while one answer is proved, kept if at most ``most`` lines are
    left (and, on a wrap board, some line crosses the join)."""
    state = _join_state(
        shape, random, work, longest, piece, most, None, NO_EXTRAS, NO_RESCUE, frozenset()
    )
    if state is None or len(state.lines) > most:
        return None
    if shape.wrap and not crosses_wrap(shape.size, tuple(state.lines)):
        return None
    return state.board
