"""The lines-in-progress code: one character per cell from ``.*neswuvp``.

``.`` no line; ``*`` a stone where a line starts; ``n e s w`` the line came in from the cell
above, right, below or left (``u`` up-right and ``v`` down-left on a hexagon), across a wrap
join too; ``p`` the second portal cell of a passage. Bridges are not written: the cell after a
bridge points at the bridge, and decoding jumps over it.
"""

from __future__ import annotations

from itsutsu.tsunagi.alphabet import CELL_BLOCKED, CELL_BRIDGE
from itsutsu.tsunagi.layout import Layout, require_layout
from itsutsu.tsunagi.lines import Line, Lines, require_lines
from itsutsu.tsunagi.neighbours import _step_between, _wrapped_step

LINES_ALPHABET = ".*neswuvp"
"""Every character a lines code may hold."""

_DIRECTIONS = "neswuv"


def _step(layout: Layout, a: int, b: int) -> int:
    """The step from ``a`` to ``b`` (cells already checked): ``board.layout_step`` unguarded."""
    return _step_between(layout.size, a, b, layout.wrap, layout.hex)


def _direction(layout: Layout, cell: int, previous: int) -> str:
    size = layout.size
    step = _step(layout, cell, previous)
    if step == -size:
        return "n"
    if step == 1:
        return "e"
    if step == size:
        return "s"
    if step == -1:
        return "w"
    if step == 1 - size:
        return "u"
    return "v"


def encode_lines(layout: Layout, lines: Lines) -> str:
    """Write lines as a lines code: for each line in pair order, ``*`` on its first cell, ``p``
    on a portal cell reached from its partner, else the direction back to the previous cell
    (bridges skipped; the cell after a bridge points at it). Cells off the board are skipped."""
    require_lines(layout, lines, "encode_lines")
    n = len(layout.cells)
    out = ["."] * n
    cells = layout.cells
    partner = layout.partner
    for line in lines:
        for index, cell in enumerate(line):
            if not 0 <= cell < n or cells[cell] == CELL_BRIDGE:
                continue
            if index == 0:
                out[cell] = "*"
                continue
            previous = line[index - 1]
            if partner[cell] >= 0 and partner[cell] == previous:
                out[cell] = "p"
            else:
                out[cell] = _direction(layout, cell, previous)
    return "".join(out)


def lines_code_fits(code: str, size: int) -> bool:
    """Tell whether ``code`` is ``size*size`` characters of ``.*neswuvp``."""
    if not isinstance(code, str) or isinstance(size, bool) or not isinstance(size, int):
        return False
    return len(code) == size * size and all(ch in LINES_ALPHABET for ch in code)


def decode_lines(layout: Layout, code: str) -> Lines | None:
    """Read a lines code back into lines, or ``None`` if it is not lines on this board.

    Checks shape only: every written cell must be reached by a walk from a ``*``
    stone, walks may not repeat a cell, step on a blocked cell or another pair's stone, or go
    on past their own far stone, and a jump must be over a bridge. Walls, waypoints and lines
    resting on a portal are not checked.
    """
    require_layout(layout, "decode_lines")
    size = layout.size
    if not lines_code_fits(code, size):
        return None
    assert isinstance(code, str)
    cells = layout.cells
    partner = layout.partner
    offsets = (-size, 1, size, -1, 1 - size, size - 1)
    successor: dict[int, int] = {}
    for cell, ch in enumerate(code):
        if ch in ".*":
            continue
        if ch == "p":
            previous = partner[cell]
            if previous < 0 or code[previous] == "." or previous in successor:
                return None
            successor[previous] = cell
            continue
        by = offsets[_DIRECTIONS.index(ch)]
        previous = _offset(layout, cell, by)
        if previous < 0 or _step(layout, cell, previous) == 0:
            return None
        if cells[previous] == CELL_BRIDGE:
            previous = _offset(layout, previous, by)
            if previous < 0:
                return None
        if code[previous] == "." or previous in successor:
            return None
        successor[previous] = cell
    out: list[Line] = [()] * layout.pairs
    seen: set[int] = set()
    for start, ch in enumerate(code):
        if ch != "*":
            continue
        pair = cells[start]
        if pair < 0 or out[pair]:
            return None
        line = _walk(layout, successor, start, pair)
        if line is None:
            return None
        seen.update(line)
        out[pair] = line if len(line) > 1 else ()
        seen.add(start)
    if any(ch != "." and at not in seen for at, ch in enumerate(code)):
        return None
    return tuple(out)


def _offset(layout: Layout, cell: int, by: int) -> int:
    size = layout.size
    if layout.wrap:
        return _wrapped_step(size, cell, by)
    to = cell + by
    return to if 0 <= to < size * size else -1


def _walk(layout: Layout, successor: dict[int, int], start: int, pair: int) -> Line | None:
    cells = layout.cells
    partner = layout.partner
    far = layout.ends[pair][1] if layout.ends[pair][0] == start else layout.ends[pair][0]
    line = [start]
    seen = {start}
    at = start
    while at != far:
        nxt = successor.get(at)
        if nxt is None:
            break
        if _step(layout, at, nxt) == 0 and partner[at] != nxt:
            total = at + nxt
            middle = total // 2
            if total % 2 or cells[middle] != CELL_BRIDGE or middle in seen:
                return None
            line.append(middle)
            seen.add(middle)
        if nxt in seen:
            return None
        value = cells[nxt]
        if value == CELL_BLOCKED or (value >= 0 and value != pair):
            return None
        line.append(nxt)
        seen.add(nxt)
        at = nxt
    if at == far and far in successor:
        return None
    return tuple(line)
