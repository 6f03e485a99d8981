"""Lines and drawing by finger: the lines in progress and every move a finger makes.

``Lines`` holds one tuple of cells per pair, in ``ends`` order: the line's cells from one of
its stones, or ``()`` for no line. A bridge sits in the tuple between the cells either side of
it; a portal passage appears as ``..., P_in, P_out, ...``. Every function is pure and returns
the very same ``Lines`` object when nothing changes (callers compare with ``is``). Bad input (a
cell off the board, a pair the board does not have, a value that is not an int) gives the
unchanged state rather than an exception.
"""

from __future__ import annotations

from dataclasses import dataclass

from itsutsu.common.guards import require_int
from itsutsu.common.utf16 import utf16_chars
from itsutsu.tsunagi.alphabet import CELL_BLOCKED, CELL_BRIDGE, CELL_EMPTY, PAIR_LETTERS
from itsutsu.tsunagi.answer import _encode_answer
from itsutsu.tsunagi.layout import Layout, require_layout
from itsutsu.tsunagi.neighbours import _hex_neighbours, grid_neighbours
from itsutsu.tsunagi.portals import exit_of
from itsutsu.tsunagi.steps import Step

Line = tuple[int, ...]
"""One pair's line: its cells from the starting stone, or ``()``."""

Lines = tuple[Line, ...]
"""One line per pair, in the layout's ``ends`` order."""


@dataclass(frozen=True)
class BridgeUse:
    """Which pairs cross a bridge: ``across`` (left-right) and ``down`` (up-down), or None."""

    across: int | None
    down: int | None


@dataclass(frozen=True)
class Filled:
    """How full the board is: ``done`` of ``of`` (a bridge counts once per direction)."""

    done: int
    of: int


@dataclass(frozen=True)
class Press:
    """What a press did: the new lines, and the pair now being drawn (or None)."""

    lines: Lines
    drawing: int | None


@dataclass(frozen=True)
class Reach:
    """The offset (rows, columns) from the finger to the cell it draws towards."""

    dr: int
    dc: int


NO_REACH = Reach(0, 0)
"""The finger draws at the cell under it."""


@dataclass(frozen=True)
class FingerMove:
    """What a finger move did: the new lines and the reach to use from now on."""

    lines: Lines
    reach: Reach


def _index(value: object, limit: int) -> int:
    """Return ``value`` if it is an int in ``range(limit)``, else -1 (booleans refused)."""
    if type(value) is int or (isinstance(value, int) and not isinstance(value, bool)):
        return value if 0 <= value < limit else -1
    return -1


def _cell_index(layout: Layout, cell: object) -> int:
    return _index(cell, len(layout.cells))


def _pair_index(layout: Layout, lines: Lines, pair: object) -> int:
    count = len(lines)
    return _index(pair, count if count <= len(layout.ends) else len(layout.ends))


def require_lines(layout: object, lines: object, what: str) -> Lines:
    """Check ``layout`` is a Layout and ``lines`` a tuple or list of lines, or raise ValueError.

    Only the outer type is looked at (the functions here tolerate a wrong count of lines);
    returns ``lines``.
    """
    require_layout(layout, what)
    if not isinstance(lines, (tuple, list)):
        raise ValueError(
            f"{what} needs lines (a tuple of lines, one per pair), not {type(lines).__name__}"
        )
    return lines  # type: ignore[return-value]


def require_line(layout: object, line: object, what: str) -> None:
    """Check ``layout`` is a Layout and ``line`` a tuple or list of cells, or raise ValueError."""
    require_layout(layout, what)
    if not isinstance(line, (tuple, list)):
        raise ValueError(f"{what} needs a line (a tuple of cells), not {type(line).__name__}")


def _with(lines: Lines, pair: int, line: Line) -> Lines:
    return (*lines[:pair], line, *lines[pair + 1 :])


def no_lines(layout: Layout) -> Lines:
    """Return one empty line per pair."""
    require_layout(layout, "no_lines")
    return _no_lines(layout)


def _no_lines(layout: Layout) -> Lines:
    """:func:`no_lines` for arguments already checked."""
    return ((),) * layout.pairs


def owners_of(layout: Layout, lines: Lines) -> tuple[int, ...]:
    """Return each cell's owner: blocked and bridge cells kept, stones their pair, then every
    non-bridge cell of each line marked with its pair (later pairs overwrite earlier ones);
    all else ``CELL_EMPTY``."""
    require_lines(layout, lines, "owners_of")
    return _owners_of(layout, lines)


def _owners_of(layout: Layout, lines: Lines) -> tuple[int, ...]:
    """:func:`owners_of` for arguments already checked."""
    cells = layout.cells
    owners = list(cells)
    for pair, line in enumerate(lines):
        for cell in line:
            if cells[cell] != CELL_BRIDGE:
                owners[cell] = pair
    return tuple(owners)


def over_bridge(lines: Lines, bridge: int) -> BridgeUse:
    """Tell which pairs cross ``bridge`` across and down (the last line found wins)."""
    if not isinstance(lines, (tuple, list)):
        raise ValueError(f"over_bridge needs lines (a tuple of lines), not {type(lines).__name__}")
    return _over_bridge(lines, require_int(bridge, "over_bridge", "bridge"))


def _over_bridge(lines: Lines, bridge: int) -> BridgeUse:
    across: int | None = None
    down: int | None = None
    for pair, line in enumerate(lines):
        if bridge not in line:
            continue
        at = line.index(bridge)
        if at == 0:
            continue
        if abs(bridge - line[at - 1]) == 1:
            across = pair
        else:
            down = pair
    return BridgeUse(across, down)


def joined(layout: Layout, lines: Lines, pair: int) -> bool:
    """Tell whether pair ``pair``'s line runs from one of its stones to the other."""
    require_lines(layout, lines, "joined")
    return _joined(layout, lines, pair)


def _joined(layout: Layout, lines: Lines, pair: object) -> bool:
    """:func:`joined` for arguments already checked."""
    pair = _pair_index(layout, lines, pair)
    return pair >= 0 and _joins(layout, lines[pair], pair)


def _joins(layout: Layout, line: Line, pair: int) -> bool:
    if len(line) < 2:
        return False
    a, b = layout.ends[pair]
    first, last = line[0], line[-1]
    return (first == a and last == b) or (first == b and last == a)


def all_joined(layout: Layout, lines: Lines) -> bool:
    """Tell whether every pair is joined, no cell is left empty, and every bridge is crossed
    both ways. (Waypoint ownership is not checked here.)"""
    require_lines(layout, lines, "all_joined")
    return _all_joined(layout, lines)


def _all_joined(layout: Layout, lines: Lines) -> bool:
    """:func:`all_joined` for arguments already checked."""
    if len(lines) != layout.pairs:
        return False
    if not all(_joins(layout, line, pair) for pair, line in enumerate(lines)):
        return False
    if CELL_EMPTY in _owners_of(layout, lines):
        return False
    for bridge in layout.bridges:
        use = _over_bridge(lines, bridge)
        if use.across is None or use.down is None:
            return False
    return True


def unjoined_pairs(layout: Layout, lines: Lines) -> tuple[int, ...]:
    """Return the pairs that are not joined, in ascending order."""
    require_lines(layout, lines, "unjoined_pairs")
    return _unjoined_pairs(layout, lines)


def _unjoined_pairs(layout: Layout, lines: Lines) -> tuple[int, ...]:
    """:func:`unjoined_pairs` for arguments already checked."""
    return tuple(
        pair
        for pair in range(layout.pairs)
        if pair >= len(lines) or not _joins(layout, lines[pair], pair)
    )


def filled(layout: Layout, lines: Lines) -> Filled:
    """Count the cells covered: line cells and stones, plus each bridge direction in use,
    out of the open non-bridge cells plus two per bridge."""
    require_lines(layout, lines, "filled")
    return _filled(layout, lines)


def _filled(layout: Layout, lines: Lines) -> Filled:
    """:func:`filled` for arguments already checked."""
    cells = layout.cells
    of = layout.fill_count
    covered = set(layout.stones)
    if layout.bridges:
        for line in lines:
            covered.update(cell for cell in line if cells[cell] != CELL_BRIDGE)
    else:
        for line in lines:
            covered.update(line)
    done = len(covered)
    for bridge in layout.bridges:
        use = _over_bridge(lines, bridge)
        done += (use.across is not None) + (use.down is not None)
    return Filled(done, of)


def answer_of(layout: Layout, lines: Lines) -> str:
    """Write the lines as an answer code (empty cells show ``.``)."""
    require_lines(layout, lines, "answer_of")
    return _answer_of(layout, lines)


def _answer_of(layout: Layout, lines: Lines) -> str:
    """:func:`answer_of` for arguments already checked."""
    return _encode_answer(_owners_of(layout, lines))


def lines_of_answer(layout: Layout, answer: str) -> Lines | None:
    """Read an answer code back into lines, or ``None`` if some pair's cells are not one line.

    Each pair's line is found by a depth-first search from its first stone over the step
    table, using only cells of its letter, and must end on its other stone having used every
    cell of its letter (bridges not counted).
    """
    require_layout(layout, "lines_of_answer")
    if not isinstance(answer, str):
        return None
    units = utf16_chars(answer)
    if len(units) != len(layout.cells):
        return None
    steps = layout.steps
    out: list[Line] = []
    for pair, (start, end) in enumerate(layout.ends):
        letter = PAIR_LETTERS[pair] if pair < len(PAIR_LETTERS) else "?"
        total = units.count(letter)
        found = _search_line(steps, units, letter, start, end, total)
        if found is None:
            return None
        out.append(found)
    return tuple(out)


def _search_line(
    steps: tuple[tuple[Step, ...], ...],
    units: list[str],
    letter: str,
    start: int,
    end: int,
    total: int,
) -> Line | None:
    path: list[int] = [start]
    used = {start}
    # Each frame: (index of next step to try, how many cells the move into this cell pushed).
    frames: list[list[int]] = [[0, 1]]
    while frames:
        frame = frames[-1]
        at = path[-1]
        if at == end and len(frames) > 1:
            if len(used) == total:
                return tuple(path)
            _pop_frame(frames, path, used, units, letter)
            continue
        options = steps[at]
        moved = False
        while frame[0] < len(options):
            step = options[frame[0]]
            frame[0] += 1
            if step.to in used or units[step.to] != letter:
                continue
            if any(t in used or units[t] != letter for t in step.through):
                continue
            pushed = 0
            if step.over >= 0:
                path.append(step.over)
                pushed += 1
            for t in step.through:
                path.append(t)
                used.add(t)
                pushed += 1
            path.append(step.to)
            used.add(step.to)
            frames.append([0, pushed + 1])
            moved = True
            break
        if not moved:
            _pop_frame(frames, path, used, units, letter)
    return None


def _pop_frame(
    frames: list[list[int]], path: list[int], used: set[int], units: list[str], letter: str
) -> None:
    _, pushed = frames.pop()
    for _ in range(pushed):
        cell = path.pop()
        if units[cell] == letter:
            used.discard(cell)


def without_portal_tail(layout: Layout, line: Line) -> Line:
    """Drop portal cells from the end of a line (the same tuple if there are none)."""
    require_line(layout, line, "without_portal_tail")
    return _without_portal_tail(layout, line)


def _without_portal_tail(layout: Layout, line: Line) -> Line:
    """:func:`without_portal_tail` for arguments already checked."""
    partner = layout.partner
    end = len(line)
    while end and partner[line[end - 1]] >= 0:
        end -= 1
    return line if end == len(line) else line[:end]


def _holder(lines: Lines, cell: int, skip: int = -1) -> int:
    """Return the first pair (other than ``skip``) whose line holds ``cell``, or -1."""
    for pair, line in enumerate(lines):
        if pair != skip and cell in line:
            return pair
    return -1


def press_at(layout: Layout, lines: Lines, cell: int) -> Press:
    """Put a finger down on ``cell``.

    A stone starts its pair's line afresh from it; a cell on a line cuts that line back to
    it (dropping portal cells left at the end) and resumes drawing it; a bridge, an empty
    cell or a bad cell draws nothing.
    """
    require_lines(layout, lines, "press_at")
    return _press_at(layout, lines, cell)


def _press_at(layout: Layout, lines: Lines, cell: object) -> Press:
    """:func:`press_at` for arguments already checked."""
    cell = _cell_index(layout, cell)
    if cell < 0 or len(lines) != layout.pairs:
        return Press(lines, None)
    value = layout.cells[cell]
    if value == CELL_BRIDGE:
        return Press(lines, None)
    if value >= 0:
        if lines[value] == (cell,):
            return Press(lines, value)
        return Press(_with(lines, value, (cell,)), value)
    pair = _holder(lines, cell)
    if pair < 0:
        return Press(lines, None)
    line = lines[pair]
    cut = _without_portal_tail(layout, line[: line.index(cell) + 1])
    if cut == line:
        return Press(lines, pair)
    return Press(_with(lines, pair, cut), pair)


def _cut_before(line: Line, cell: int) -> Line:
    kept = line[: line.index(cell)]
    return kept if len(kept) > 1 else ()


def drag_to(layout: Layout, lines: Lines, pair: int, cell: int) -> Lines:
    """Move pair ``pair``'s tip one step to ``cell``, or return ``lines`` itself.

    Backing onto the line shortens it; a step to a free neighbour (or over another line,
    which is cut back) extends it; a step into a portal jumps through it; a joined line only
    shortens; a bridge is crossed only straight on and never twice by one line.
    """
    return _drag_to(layout, require_lines(layout, lines, "drag_to"), pair, cell)


def _drag_to(layout: Layout, lines: Lines, pair: object, cell: object) -> Lines:
    pair = _pair_index(layout, lines, pair)
    cell = _cell_index(layout, cell)
    if pair < 0 or cell < 0:
        return lines
    line = lines[pair]
    if not line:
        return lines
    tip = line[-1]
    if cell == tip:
        return lines
    if cell in line:
        cut = _without_portal_tail(layout, line[: line.index(cell) + 1])
        return lines if cut == line else _with(lines, pair, cut)
    if cell not in layout.neighbours[tip]:  # not a neighbour, or a wall between them
        return lines
    if layout.partner[cell] >= 0:
        return _into_portal(layout, lines, pair, cell)
    ends = layout.ends[pair]
    if len(line) >= 2 and tip in ends:
        return lines
    cells = layout.cells
    if cells[tip] == CELL_BRIDGE and len(line) >= 2 and cell - tip != tip - line[-2]:
        return lines
    value = cells[cell]
    if value == CELL_BLOCKED or (value >= 0 and value != pair):
        return lines
    keeper = layout.keeper[cell]
    if keeper >= 0 and keeper != pair:
        return lines
    if value == CELL_BRIDGE:
        use = _over_bridge(lines, cell)
        across_now = abs(cell - tip) == 1
        mine, other = (use.across, use.down) if across_now else (use.down, use.across)
        if other == pair:
            return lines
        if mine is not None and mine != pair:
            lines = _with(lines, mine, _cut_before(lines[mine], cell))
        return _with(lines, pair, (*line, cell))
    holder = _holder(lines, cell, pair)
    if holder >= 0:
        lines = _with(lines, holder, _cut_before(lines[holder], cell))
    return _with(lines, pair, (*line, cell))


def _into_portal(layout: Layout, lines: Lines, pair: int, into: int) -> Lines:
    line = lines[pair]
    tip = line[-1]
    if _joins(layout, line, pair):
        return lines
    out = exit_of(layout.size, layout.wrap, layout.walls, layout.partner, tip, into)
    if out < 0 or out == tip:
        return lines
    value = layout.cells[out]
    if value == CELL_BLOCKED or (value >= 0 and value != pair):
        return lines
    keeper = layout.keeper[out]
    if keeper >= 0 and keeper != pair:
        return lines
    other = layout.partner[into]
    if into in line or other in line or out in line:
        return lines
    for cell in (into, other, out):
        holder = _holder(lines, cell, pair)
        if holder >= 0:
            held = lines[holder]
            kept = _without_portal_tail(layout, held[: held.index(cell)])
            lines = _with(lines, holder, kept if len(kept) > 1 else ())
    return _with(lines, pair, (*line, into, other, out))


def _portal_count(layout: Layout, line: Line) -> int:
    if not layout.portal_pairs:
        return 0
    partner = layout.partner
    return sum(1 for cell in line if partner[cell] >= 0)


def _toward(layout: Layout, tip: int, target: int) -> int:
    size = layout.size
    row, col = divmod(tip, size)
    trow, tcol = divmod(target, size)
    if layout.hex:
        best, far = -1, -1
        for n in _hex_neighbours(size)[tip]:
            nrow, ncol = divmod(n, size)
            dq, dr = tcol - ncol, trow - nrow
            distance = max(abs(dq), abs(dr), abs(dq + dr))
            if best < 0 or distance < far:
                best, far = n, distance
        return best
    if tcol > col:
        return tip + 1
    if tcol < col:
        return tip - 1
    return tip + size if trow > row else tip - size


def drag_through(layout: Layout, lines: Lines, pair: int, cell: int) -> Lines:
    """Flick pair ``pair``'s tip towards a distant ``cell``, step by step.

    Along the row first, then the column (on a hexagon, the nearest neighbour each time); it
    stops when a step is refused, when the line passes through or back over a portal, or
    after ``2*size`` steps.
    """
    return _drag_through(layout, require_lines(layout, lines, "drag_through"), pair, cell)


def _drag_through(layout: Layout, lines: Lines, pair: object, cell: object) -> Lines:
    pair = _pair_index(layout, lines, pair)
    cell = _cell_index(layout, cell)
    if pair < 0 or cell < 0:
        return lines
    around = grid_neighbours(layout.size, layout.wrap, layout.hex)  # walls do not matter here
    for _ in range(2 * layout.size):
        line = lines[pair]
        if not line:
            return lines
        tip = line[-1]
        if cell == tip or cell in line or cell in around[tip]:
            return _drag_to(layout, lines, pair, cell)
        moved = _drag_to(layout, lines, pair, _toward(layout, tip, cell))
        if moved is lines:
            return lines
        if _portal_count(layout, moved[pair]) != _portal_count(layout, line):
            return moved
        lines = moved
    return lines


def drag_finger(
    layout: Layout, lines: Lines, pair: int, finger: int, reach: Reach = NO_REACH
) -> FingerMove:
    """Draw towards the finger at cell ``finger``, offset by ``reach``.

    After the line goes through (or back over) a portal, the reach becomes the offset from the
    finger to the line's end, so the finger keeps drawing from where the line came out.
    """
    require_lines(layout, lines, "drag_finger")
    return _drag_finger(layout, lines, pair, finger, reach)


def _drag_finger(
    layout: Layout, lines: Lines, pair: object, finger: object, reach: Reach = NO_REACH
) -> FingerMove:
    """:func:`drag_finger` for arguments already checked."""
    pair = _pair_index(layout, lines, pair)
    finger = _cell_index(layout, finger)
    if pair < 0 or finger < 0 or not isinstance(reach, Reach):
        return FingerMove(lines, reach)
    size = layout.size
    frow, fcol = divmod(finger, size)
    row, col = frow + reach.dr, fcol + reach.dc
    if layout.wrap:
        row, col = row % size, col % size
    elif not (0 <= row < size and 0 <= col < size):
        return FingerMove(lines, reach)
    moved = _drag_through(layout, lines, pair, row * size + col)
    line = moved[pair]
    if (
        moved is lines
        or not line
        or _portal_count(layout, line) == _portal_count(layout, lines[pair])
    ):
        return FingerMove(moved, reach)
    trow, tcol = divmod(line[-1], size)
    return FingerMove(moved, Reach(trow - frow, tcol - fcol))


def let_go(lines: Lines, layout: Layout | None = None) -> Lines:
    """Lift the finger: drop a bridge left at a line's end (with a layout), then
    clear any one-cell line, so a tap on a stone clears its line. Same object if nothing
    changes."""
    if layout is not None:
        require_lines(layout, lines, "let_go")
    elif not isinstance(lines, (tuple, list)):
        raise ValueError(f"let_go needs lines (a tuple of lines), not {type(lines).__name__}")
    return _let_go(lines, layout)


def _let_go(lines: Lines, layout: Layout | None) -> Lines:
    """:func:`let_go` for arguments already checked."""
    cells = layout.cells if layout is not None else None

    def on_bridge(line: Line) -> bool:
        return cells is not None and bool(line) and cells[line[-1]] == CELL_BRIDGE

    if not any(len(line) == 1 or on_bridge(line) for line in lines):
        return lines
    out = []
    for line in lines:
        if on_bridge(line):
            line = line[:-1]
        out.append(() if len(line) == 1 else line)
    return tuple(out)
