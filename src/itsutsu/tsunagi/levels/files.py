"""Tsunagi level files: one per set and size, ``classic-7.tsv`` or ``portals-7.tsv``.

A level file is UTF-8 text with the header line ``#layout<TAB>answer<TAB>mark`` and then one
level a line, level 1 first: the layout code, the answer code (one pair letter per cell,
``#`` on a blocked cell, ``+`` on a bridge) and the mark, one digit from 1 (easiest) to 5.
For example a 5x5 level reads ``AB..B.CDEF.....A..E.C..DF<TAB>ABBBBACDEFACDEFACDEFCCDDF<TAB>1``.
The reader refuses a file that is not exactly this, naming the file and the line; the
writer checks every row the same way, so whatever it writes reads back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from os import PathLike
from typing import Final, NamedTuple

from itsutsu.common import levels as common
from itsutsu.common.guards import require_int
from itsutsu.tsunagi.check import grid_fault
from itsutsu.tsunagi.layout import decode_layout
from itsutsu.tsunagi.levels.sizes import set_name

LEVEL_COLUMNS: Final = ("layout", "answer", "mark")
"""The columns of a Tsunagi level file, in order."""

_MARKS: Final = {str(mark): mark for mark in range(1, 6)}


class LevelRow(NamedTuple):
    """One Tsunagi level as its file holds it: the layout code, its answer code and its mark
    1-5 (1 easiest). ``row[0]`` and ``row[1]`` are the original's ``[layout, answer]``."""

    layout: str
    answer: str
    mark: int

    def fields(self) -> tuple[str, str, str]:
        """Return the row's fields as its file line holds them."""
        return (self.layout, self.answer, str(self.mark))


def level_file_name(size: int, set: str = "classic") -> str:
    """Return the file name of ``set``'s levels at side ``size``, e.g. ``classic-7.tsv``."""
    side = require_int(size, "level_file_name", "size", low=1)
    return f"{set_name(set, 'level_file_name')}-{side}.tsv"


def _short(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:37] + "...")


def row_reader(size: int) -> Callable[[tuple[str, ...]], LevelRow]:
    """Return a function reading one line's fields of a level file for side ``size``.

    It raises ValueError when the layout does not decode at that size, the answer is not a
    grid for the layout (a pair letter of the board on each open cell, ``#`` and ``+`` kept),
    or the mark is not one digit 1-5.
    """
    side = require_int(size, "row_reader", "size", low=1)

    def read(fields: tuple[str, ...]) -> LevelRow:
        layout, answer, mark = fields
        decoded = decode_layout(layout, side)
        if decoded is None:
            raise ValueError(f"the layout {_short(layout)} is not a {side}x{side} Tsunagi layout")
        fault = grid_fault(decoded, answer)
        if fault is not None:
            raise ValueError(f"the answer {_short(answer)} is not an answer grid: {fault}")
        if mark not in _MARKS:
            raise ValueError(f"the mark must be one digit 1 to 5, not {_short(mark)}")
        return LevelRow(layout, answer, _MARKS[mark])

    return read


def read_level_file(file: common.LevelFile, size: int) -> tuple[LevelRow, ...]:
    """Read a whole Tsunagi level file for side ``size``; ValueError names the file and line."""
    return common.read_level_file(file, LEVEL_COLUMNS, row_reader(size))


def _checked_fields(size: int, rows: Iterable[LevelRow]) -> list[tuple[str, ...]]:
    read = row_reader(size)
    out: list[tuple[str, ...]] = []
    for number, row in enumerate(common.row_items(rows, "level_file_text"), start=1):
        if not isinstance(row, LevelRow):
            raise ValueError(f"level {number} must be a LevelRow, not {type(row).__name__}")
        fields = row.fields()
        try:
            read(fields)
        except ValueError as error:
            raise ValueError(f"level {number}: {error}") from None
        out.append(fields)
    return out


def level_file_text(size: int, rows: Iterable[LevelRow]) -> str:
    """Return the text of a level file holding ``rows`` (level 1 first) for side ``size``.

    Every row is checked as the reader checks it, so the text always reads back to the same
    rows; a row that would not raises ValueError naming its level number.
    """
    return common.level_file_text(LEVEL_COLUMNS, _checked_fields(size, rows))


def write_level_file(path: str | PathLike[str], size: int, rows: Iterable[LevelRow]) -> None:
    """Write ``rows`` as the level file ``path`` for side ``size`` (see :func:`level_file_text`)."""
    common.write_level_file(path, level_file_text(size, rows))
