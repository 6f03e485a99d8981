"""A Tsunagi board drawn as plain text for people (the ``itsutsu tsunagi show`` command).

One row of the board per line, then a line naming the board's twists.

Without an answer every cell is one character: a stone's letter, ``.`` empty, ``#`` blocked,
``+`` bridge, a waypoint as its small letter, and the two cells of each portal pair as the
same Greek letter (the first pair ``α``, then ``β``, ``γ``, ...). Cells are separated by a
space, or by ``|`` where a wall stands between them; under a row whose cells are walled off
from the row below comes a line with ``-`` under each walled cell (only where there is one).

With an answer every cell is three characters, the line's letter in the middle:
``[A]`` a stone of line A, `` A `` a cell line A passes, ``(A)`` a waypoint on line A,
`` Aα`` a portal cell (with its pair's Greek letter), `` # `` blocked and `` + `` a bridge.

On a hexagon board the cells off the hexagon are left blank and each row is indented half a
cell more than the row above, so that each cell's up-right and down-left neighbours sit
beside it diagonally.
"""

from __future__ import annotations

from collections.abc import Sequence

from itsutsu.tsunagi.alphabet import (
    CELL_BLOCKED,
    CELL_BRIDGE,
    PAIR_LETTERS,
    WAYPOINT_LETTERS,
)
from itsutsu.tsunagi.check import owners_of_answer
from itsutsu.tsunagi.layout import Layout
from itsutsu.tsunagi.neighbours import _in_hex

PORTAL_MARKS = "αβγδεζηθικλμνξοπρστυφχψωΓΔΘΛΞΠΣΦΨΩ"
"""The marks of portal pairs in order; pairs past the last one are marked ``*``."""


def _portal_marks(layout: Layout) -> dict[int, str]:
    marks: dict[int, str] = {}
    for index, (a, b) in enumerate(layout.portal_pairs):
        mark = PORTAL_MARKS[index] if index < len(PORTAL_MARKS) else "*"
        marks[a] = marks[b] = mark
    return marks


def _letter(pair: int) -> str:
    return PAIR_LETTERS[pair] if 0 <= pair < len(PAIR_LETTERS) else "?"


def _plain_cell(layout: Layout, at: int, marks: dict[int, str]) -> str:
    value = layout.cells[at]
    if value >= 0:
        return _letter(value)
    if value == CELL_BLOCKED:
        return "#"
    if value == CELL_BRIDGE:
        return "+"
    if at in marks:
        return marks[at]
    keeper = layout.keeper[at]
    if keeper >= 0:
        return WAYPOINT_LETTERS[keeper] if keeper < len(WAYPOINT_LETTERS) else "?"
    return "."


def _answer_cell(layout: Layout, at: int, owner: int, marks: dict[int, str]) -> str:
    value = layout.cells[at]
    if value == CELL_BLOCKED:
        return " # "
    if value == CELL_BRIDGE:
        return " + "
    letter = _letter(owner) if owner >= 0 else "."
    if value >= 0:
        return f"[{letter}]"
    if at in marks:
        return f" {letter}{marks[at]}"
    if layout.keeper[at] >= 0:
        return f"({letter})"
    return f" {letter} "


def _twists(layout: Layout) -> str:
    names = []
    if layout.walls:
        names.append("walls")
    if layout.bridges:
        names.append("bridges")
    if layout.waypoints:
        names.append("waypoints")
    if layout.wrap:
        names.append("wrap")
    if layout.hex:
        names.append("hex")
    if layout.portal_pairs:
        names.append("portals")
    if layout.sparse:
        names.append("sparse")
    if layout.explosions is not None:
        word = "blast" if layout.explosions.blast else "boom"
        names.append(f"{word}{layout.explosions.every}")
    if layout.strokes is not None:
        names.append(f"strokes {layout.strokes}")
    return "twists: " + ", ".join(names) if names else "no twists"


def board_text(layout: Layout, answer: str | None = None) -> str:
    """Draw ``layout`` (and, if given, the answer code ``answer`` on it) as text.

    The scheme is described in this module's docstring. The text ends with a line naming the
    twists (``twists: walls, portals, ...``) or ``no twists``, and a newline. Raises
    ``ValueError`` when ``answer`` is not a string of ``size*size`` characters.
    """
    if not isinstance(layout, Layout):
        raise ValueError(f"board_text needs a Layout, not {type(layout).__name__}")
    size = layout.size
    marks = _portal_marks(layout)
    owners: Sequence[int] | None = None
    if answer is not None:
        owners = owners_of_answer(layout, answer)
    width = 1 if owners is None else 3
    lines = []
    for row in range(size):
        parts = []
        under = []
        for col in range(size):
            at = row * size + col
            if layout.hex and not _in_hex(size, at):
                text = " " * width
            elif owners is None:
                text = _plain_cell(layout, at, marks)
            else:
                text = _answer_cell(layout, at, owners[at], marks)
            if col > 0:
                parts.append("|" if (at - 1, at) in layout.walls else " ")
                under.append(" ")
            parts.append(text)
            walled = row < size - 1 and (at, at + size) in layout.walls
            under.append("-" * width if walled else " " * width)
        indent = " " * (row * (width + 1) // 2) if layout.hex else ""
        lines.append((indent + "".join(parts)).rstrip())
        if any(mark.startswith("-") for mark in under):
            lines.append("".join(under).rstrip())
    lines.append(_twists(layout))
    return "\n".join(lines) + "\n"
