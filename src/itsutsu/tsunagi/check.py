"""The answer check: is an answer code a solution of a layout?

The check runs in time linear in the number of cells, with no search: it reads the answer
once, then walks each line along the layout's step table. It reports the first failure, in
the original's order and with its exact words, and never raises.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from operator import eq

from itsutsu.common.utf16 import utf16_units
from itsutsu.tsunagi.alphabet import (
    CELL_BLOCKED,
    CELL_BRIDGE,
    CELL_EMPTY,
    LINK_BLOCKED,
    LINK_BRIDGE,
    PAIR_LETTERS,
)
from itsutsu.tsunagi.layout import Layout, decode_layout, require_layout

NOT_A_LAYOUT = "the givens are not a Tsunagi layout"
NOT_A_GRID = "not a grid of that size"
BLOCKED_USED = "a blocked cell is used"
BRIDGE_LOST = "a bridge is not a bridge"
NO_LINE = "a cell has no line through it"
STONE_MOVED = "a stone is moved"
WAYPOINT_TAKEN = "a waypoint is passed by another line"
BRIDGE_UNCROSSED = "a bridge is not crossed both ways by two lines"
PORTAL_SPLIT = "a portal's two cells are on different lines"
PORTAL_MISUSED = "a portal is not gone through exactly once"

_UNIT_INDEX = {ord(letter): i for i, letter in enumerate(PAIR_LETTERS)}
_BLOCKED_UNIT = ord(LINK_BLOCKED)
_BRIDGE_UNIT = ord(LINK_BRIDGE)


@dataclass(frozen=True)
class Check:
    """The verdict on an answer: ``ok``, or the first ``reason`` it fails."""

    ok: bool
    reason: str | None = None

    def __bool__(self) -> bool:
        """A check is true exactly when the answer is right: ``if check_answer(...):``."""
        return self.ok


PASSED = Check(True, None)


def owners_of_answer(layout: Layout, answer: str) -> tuple[int, ...]:
    """Read an answer code cell by cell (UTF-16 code units) as owners.

    Each cell gives the pair whose letter it holds (below the layout's pair count),
    ``CELL_BLOCKED`` for ``#``, ``CELL_BRIDGE`` for ``+`` and ``CELL_EMPTY`` for anything else.
    Raises ``ValueError`` when ``answer`` is not a string of ``size*size`` code units.
    """
    require_layout(layout, "owners_of_answer")
    if not isinstance(answer, str):
        raise ValueError(f"an answer code is a string, not {type(answer).__name__}")
    units = utf16_units(answer)
    if len(units) != len(layout.cells):
        raise ValueError(
            f"an answer for a {layout.size}x{layout.size} board has {len(layout.cells)} "
            f"characters, not {len(units)}"
        )
    pairs = layout.pairs
    out = []
    for unit in units:
        pair = _UNIT_INDEX.get(unit, -1)
        if 0 <= pair < pairs:
            out.append(pair)
        elif unit == _BLOCKED_UNIT:
            out.append(CELL_BLOCKED)
        elif unit == _BRIDGE_UNIT:
            out.append(CELL_BRIDGE)
        else:
            out.append(CELL_EMPTY)
    return tuple(out)


def grid_fault(layout: Layout, answer: str) -> str | None:
    """Return why ``answer`` is not a full answer grid for ``layout``, or ``None``.

    A full grid has ``size*size`` code units, ``#`` on every blocked cell, ``+`` on every
    bridge and a pair letter of this board on every other cell. The reasons are
    :func:`check_answer`'s own strings (the first failing cell decides).
    """
    require_layout(layout, "grid_fault")
    if not isinstance(answer, str):
        return NOT_A_GRID
    units = utf16_units(answer)
    if len(units) != len(layout.cells):
        return NOT_A_GRID
    pairs = layout.pairs
    for value, unit in zip(layout.cells, units, strict=True):
        if value == CELL_BLOCKED:
            if unit != _BLOCKED_UNIT:
                return BLOCKED_USED
        elif value == CELL_BRIDGE:
            if unit != _BRIDGE_UNIT:
                return BRIDGE_LOST
        elif not 0 <= _UNIT_INDEX.get(unit, -1) < pairs:
            return NO_LINE
    return None


@lru_cache(maxsize=32)
def _decoded(code: str, size: int) -> Layout | None:
    """Decode a layout once for repeated checks (a ``Layout`` keeps its step table)."""
    return decode_layout(code, size)


def check_answer(size: int, layout_code: str, answer: str) -> Check:
    """Check ``answer`` against the layout ``layout_code`` on a board of side ``size``.

    Returns ``Check(True, None)``, or ``Check(False, reason)`` with the first failure, in
    this order: the givens are not a layout; the answer is not a grid of the board's size; a
    blocked cell is used, a bridge is not a bridge, a cell has no line, a stone is moved or a
    waypoint is passed by another line (cell by cell); a bridge not crossed both ways by two
    lines; a portal's cells on different lines; a line that is not one line or does not join
    its stones (pair by pair); a portal not gone through exactly once. Never raises, whatever
    the arguments.
    """
    if type(layout_code) is str and type(size) is int:
        layout = _decoded(layout_code, size)
    else:
        layout = decode_layout(layout_code, size)
    if layout is None:
        return Check(False, NOT_A_LAYOUT)
    if not isinstance(answer, str) or len(answer) > len(layout.cells):
        return Check(False, NOT_A_GRID)  # a character is one or two code units, never fewer
    if _plain_pass(layout, answer):
        return PASSED
    return _full_check(layout, answer)


def _full_check(layout: Layout, answer: str) -> Check:
    """:func:`check_answer` on a decoded layout, every step in the original's order."""
    units = utf16_units(answer)
    cells = layout.cells
    if len(units) != len(cells):
        return Check(False, NOT_A_GRID)
    reason = _cell_fault(layout, units)
    if reason is not None:
        return Check(False, reason)
    owners = [
        v if v in (CELL_BLOCKED, CELL_BRIDGE) else _UNIT_INDEX[unit]
        for v, unit in zip(cells, units, strict=True)
    ]
    reason = _crossing_fault(layout, owners) or _line_fault(layout, owners)
    return PASSED if reason is None else Check(False, reason)


def _plain_pass(layout: Layout, answer: str) -> bool:
    """Tell whether ``answer`` certainly solves ``layout``, without the step table.

    For a board without hexagon, bridges or portals (walls, blocked cells, waypoints and a
    wrap on a side of 3 or more allowed) and an ASCII answer: every cell holds the letter it
    must (``#`` on the blocked cells only, each stone and waypoint its pair's letter, a
    letter of the board everywhere else), each stone has one neighbour of its letter and
    every other open cell two, and each line walked from its first stone takes in every cell
    of its letter. The comparisons run a row or the board at a time. False means "not
    certain": the full check then finds the first failure in the original's order, so the
    verdict never changes.
    """
    if layout.hex or layout.portal_pairs or layout.bridges:
        return False
    size = layout.size
    count = size * size
    wrap = layout.wrap
    if len(answer) != count or not answer.isascii() or (wrap and size < 3):
        return False
    plan = _plan_of(layout)
    if not set(answer) <= plan.letters or answer.count(LINK_BLOCKED) != len(plan.blocked):
        return False
    if any(answer[at] != LINK_BLOCKED for at in plan.blocked):
        return False
    if any(answer[at] != letter for at, letter in plan.fixed):
        return False
    # right[i]: cell i joins the cell to its right (across the seam on a wrapping board)
    right = list(map(eq, answer, answer[1:]))
    right.append(False)
    below = list(map(eq, answer, answer[size:]))
    if wrap:
        for row, at in enumerate(plan.row_ends):
            right[at] = answer[at] == answer[row * size]
        below.extend(map(eq, answer[count - size :], answer[:size]))
    else:
        for at in plan.row_ends:
            right[at] = False
        below.extend([False] * size)
    for at in plan.walls_across:
        right[at] = False
    for at in plan.walls_down:
        below[at] = False
    left = [right[-1], *right[:-1]]
    for at in range(0, count, size):
        left[at] = right[at + size - 1]
    up = below[-size:] + below[:-size]
    degree = [a + b + c + d for a, b, c, d in zip(left, right, up, below, strict=True)]
    for at in plan.blocked:
        degree[at] = 0
    if degree != plan.degrees:
        return False
    seen = 0
    for start, end in layout.ends:
        previous, at = -1, start
        seen += 1
        while at != end:
            to = _next_cell(at, previous, size, count, right, left, below, up)
            if to < 0:
                return False
            previous, at = at, to
            seen += 1
            if seen > count:
                return False
    return seen == count - len(plan.blocked)


def _next_cell(
    at: int,
    previous: int,
    size: int,
    count: int,
    right: list[bool],
    left: list[bool],
    below: list[bool],
    up: list[bool],
) -> int:
    """Return the cell of its letter that ``at`` joins other than ``previous``, or -1."""
    if right[at]:
        to = at + 1 if (at + 1) % size else at + 1 - size
        if to != previous:
            return to
    if left[at]:
        to = at - 1 if at % size else at - 1 + size
        if to != previous:
            return to
    if below[at]:
        to = (at + size) % count
        if to != previous:
            return to
    if up[at]:
        to = (at - size) % count
        if to != previous:
            return to
    return -1


@dataclass(frozen=True)
class _Plan:
    """What :func:`_plain_pass` compares an answer with, read once from a layout."""

    letters: frozenset[str]
    blocked: tuple[int, ...]
    fixed: tuple[tuple[int, str], ...]
    row_ends: tuple[int, ...]
    walls_across: tuple[int, ...]
    walls_down: tuple[int, ...]
    degrees: list[int]


@lru_cache(maxsize=32)
def _plan_of(layout: Layout) -> _Plan:
    """Read a layout's plan for :func:`_plain_pass` (kept for the layouts checked lately)."""
    size = layout.size
    cells = layout.cells
    blocked = tuple(at for at, value in enumerate(cells) if value == CELL_BLOCKED)
    fixed = [(at, PAIR_LETTERS[value]) for at, value in enumerate(cells) if value >= 0]
    fixed.extend((at, PAIR_LETTERS[pair]) for at, pair in layout.waypoints)
    letters = frozenset(PAIR_LETTERS[: layout.pairs]) | ({LINK_BLOCKED} if blocked else set())
    degrees = [1 if value >= 0 else 0 if value == CELL_BLOCKED else 2 for value in cells]
    return _Plan(
        letters=frozenset(letters),
        blocked=blocked,
        fixed=tuple(fixed),
        row_ends=tuple(range(size - 1, size * size, size)),
        walls_across=tuple(a for a, b in layout.walls if b == a + 1),
        walls_down=tuple(a for a, b in layout.walls if b == a + size),
        degrees=degrees,
    )


def _cell_fault(layout: Layout, units: list[int]) -> str | None:
    """Spec 3 step 3: each cell in order holds what its layout cell allows."""
    pairs = layout.pairs
    keeper = layout.keeper
    for at, (value, unit) in enumerate(zip(layout.cells, units, strict=True)):
        if value == CELL_BLOCKED:
            if unit != _BLOCKED_UNIT:
                return BLOCKED_USED
            continue
        if value == CELL_BRIDGE:
            if unit != _BRIDGE_UNIT:
                return BRIDGE_LOST
            continue
        pair = _UNIT_INDEX.get(unit, -1)
        if not 0 <= pair < pairs:
            return NO_LINE
        if value >= 0 and value != pair:
            return STONE_MOVED
        if keeper[at] >= 0 and keeper[at] != pair:
            return WAYPOINT_TAKEN
    return None


def _crossing_fault(layout: Layout, owners: list[int]) -> str | None:
    """Spec 3 steps 4 and 5: bridges crossed both ways by two lines, portals on one line."""
    size = layout.size
    for at in layout.bridges:
        across, down = owners[at - 1], owners[at - size]
        if across != owners[at + 1] or down != owners[at + size] or across == down:
            return BRIDGE_UNCROSSED
    for a, b in layout.portal_pairs:
        if owners[a] != owners[b]:
            return PORTAL_SPLIT
    return None


def _letter(pair: int) -> str:
    """The letter of ``pair`` in a reason; the makers' join boards run past the alphabet
    (hundreds of short pieces) and read only whether there is a fault, so those get ``#n``."""
    return PAIR_LETTERS[pair] if pair < len(PAIR_LETTERS) else f"#{pair + 1}"


def _line_fault(layout: Layout, owners: list[int]) -> str | None:
    """Spec 3 steps 6 and 7: each line is one simple path between its stones, and each portal
    is gone through exactly once."""
    pairs = layout.pairs
    members: list[list[int]] = [[] for _ in range(pairs)]
    for at, owner in enumerate(owners):
        if owner >= 0:
            members[owner].append(at)
    steps = layout.steps
    partner = layout.partner
    cells = layout.cells
    tally = [0] * len(owners)
    visited = [False] * len(owners)
    for pair, own in enumerate(members):
        for at in own:
            if partner[at] >= 0:
                continue
            count = 0
            for step in steps[at]:
                if owners[step.to] != pair:
                    continue
                through = step.through
                if through:
                    if owners[through[0]] != pair or owners[through[1]] != pair:
                        continue
                    tally[through[0]] += 1
                count += 1
            if count != (1 if cells[at] >= 0 else 2):
                return f"line {_letter(pair)} is not one line"
        start, end = layout.ends[pair]
        at = start
        visited[at] = True
        seen = 1
        while at != end:
            for step in steps[at]:
                to = step.to
                if visited[to] or owners[to] != pair:
                    continue
                through = step.through
                if through:
                    if owners[through[0]] != pair or owners[through[1]] != pair:
                        continue
                    for t in through:
                        if not visited[t]:
                            visited[t] = True
                            seen += 1
                at = to
                visited[at] = True
                seen += 1
                break
            else:
                break
        if at != end or seen != len(own):
            return f"line {_letter(pair)} does not join its stones"
    for a, b in layout.portal_pairs:
        if tally[a] + tally[b] != 2:
            return PORTAL_MISUSED
    return None
