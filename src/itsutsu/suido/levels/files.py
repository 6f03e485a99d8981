"""Suido level files: one per size, ``7x7.tsv``, and ``big.tsv`` for the big-pieces set.

A level file is UTF-8 text with the header line ``#board<TAB>turns<TAB>twists<TAB>mark`` and
then one level a line, level 1 first: the board code; the turns, one digit 0-3 per cell (the
fewest clockwise quarter turns from the given piece to the answer, a square's at its anchor
and 0 at its other three cells); the twists the board shows, space-separated in their fixed
order (empty for a plain board); and the mark, one digit from 1 (easiest) to 5. The big file
adds three columns: the board's size text, its score 1-100 over the whole big set, and how
many big pieces it has (its mark is the score's). The reader refuses a file that is not
exactly this, naming the file and the line; the writer checks every row the same way, so
whatever it writes reads back.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from os import PathLike
from typing import Final, NamedTuple, TypeVar

from itsutsu.common import levels as common
from itsutsu.suido.code import Layout, decode_layout
from itsutsu.suido.levels.sizes import size_of
from itsutsu.suido.rows import level_solution
from itsutsu.suido.twists import _twists_of

LEVEL_COLUMNS: Final = ("board", "turns", "twists", "mark")
"""The columns of a Suido size's level file, in order."""

BIG_COLUMNS: Final = (*LEVEL_COLUMNS, "size", "score", "pieces")
"""The columns of the big-pieces level file, in order."""

BIG_FILE: Final = "big.tsv"
"""The name of the big-pieces set's level file."""

_MARKS: Final = {str(mark): mark for mark in range(1, 6)}
_SCORE: Final = re.compile(r"[1-9][0-9]?|100")
_COUNT: Final = re.compile(r"0|[1-9][0-9]{0,3}")

Row = TypeVar("Row", "LevelRow", "BigLevelRow")


class LevelRow(NamedTuple):
    """One Suido level as its file holds it: the board code, the turns to its answer, its
    twist words and its mark 1-5. ``row[:3]`` is the original's ``[board, turns, twists]``,
    so the level-row functions (``level_solution``, ``declared_twists``, ...) take it."""

    board: str
    turns: str
    twists: str
    mark: int

    def fields(self) -> tuple[str, ...]:
        """Return the row's fields as its file line holds them."""
        return (self.board, self.turns, self.twists, str(self.mark))


class BigLevelRow(NamedTuple):
    """One big-pieces level: a level row and its board's size text, its score 1-100 over the
    whole big set (its mark is the score's) and how many big pieces it has."""

    board: str
    turns: str
    twists: str
    mark: int
    size: str
    score: int
    pieces: int

    def fields(self) -> tuple[str, ...]:
        """Return the row's fields as its file line holds them."""
        return (
            self.board,
            self.turns,
            self.twists,
            str(self.mark),
            self.size,
            str(self.score),
            str(self.pieces),
        )


def level_file_name(size: str) -> str:
    """Return the file name of a size's levels, e.g. ``7x7.tsv``."""
    if size_of(size) is None:
        raise ValueError(f"level_file_name: {size!r:.40} is not a size such as '7x7'")
    return f"{size}.tsv"


def _short(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:37] + "...")


def _read_common(fields: Sequence[str]) -> tuple[Layout, int]:
    """Check the four fields every row has; return the decoded board and the mark."""
    board, turns, twists, mark = fields[:4]
    layout = decode_layout(board)
    if layout is None:
        raise ValueError(f"the board {_short(board)} is not a Suido board code")
    if level_solution((board, turns, twists)) is None:
        raise ValueError(
            f"the turns must be one digit 0-3 for each of the board's "
            f"{layout.width * layout.height} cells, not {_short(turns)}"
        )
    shown = " ".join(_twists_of(layout))
    if twists != shown:
        raise ValueError(f"the twists must be the board's own, {shown!r}, not {_short(twists)}")
    if mark not in _MARKS:
        raise ValueError(f"the mark must be one digit 1 to 5, not {_short(mark)}")
    return layout, _MARKS[mark]


def row_reader(size: str) -> Callable[[tuple[str, ...]], LevelRow]:
    """Return a function reading one line's fields of the level file of ``size``.

    It raises ValueError when the board does not decode or is not of that size, the turns
    are not one digit 0-3 per cell, the twists are not exactly those the board shows (in
    their fixed order, space-separated) or the mark is not one digit 1-5.
    """
    shape = size_of(size)
    if shape is None:
        raise ValueError(f"row_reader: {size!r:.40} is not a size such as '7x7'")

    def read(fields: tuple[str, ...]) -> LevelRow:
        layout, mark = _read_common(fields)
        if (layout.width, layout.height) != shape:
            raise ValueError(f"the board is {layout.width}x{layout.height}, not {size}")
        return LevelRow(fields[0], fields[1], fields[2], mark)

    return read


def read_big_row(fields: tuple[str, ...]) -> BigLevelRow:
    """Read one line's fields of the big-pieces file, checked as :func:`row_reader` checks a
    size's rows; besides, the size must be the board's, the score a whole number 1-100 whose
    mark is the row's, and the piece count the board's number of big pieces."""
    layout, mark = _read_common(fields)
    size, score, pieces = fields[4:]
    own = f"{layout.width}x{layout.height}"
    if size != own:
        raise ValueError(f"the size must be the board's, {own!r}, not {_short(size)}")
    if _SCORE.fullmatch(score) is None:
        raise ValueError(f"the score must be a whole number 1 to 100, not {_short(score)}")
    if mark != common.mark_of(int(score)):
        raise ValueError(f"the mark must be the score's, {common.mark_of(int(score))}, not {mark}")
    count = len(layout.bigs or ())
    if _COUNT.fullmatch(pieces) is None or int(pieces) != count:
        raise ValueError(
            f"the pieces must be the board's big pieces, {count}, not {_short(pieces)}"
        )
    return BigLevelRow(fields[0], fields[1], fields[2], mark, size, int(score), count)


def read_level_file(file: common.LevelFile, size: str) -> tuple[LevelRow, ...]:
    """Read a whole level file of ``size``; ValueError names the file and the line."""
    return common.read_level_file(file, LEVEL_COLUMNS, row_reader(size))


def read_big_file(file: common.LevelFile) -> tuple[BigLevelRow, ...]:
    """Read a whole big-pieces level file; ValueError names the file and the line."""
    return common.read_level_file(file, BIG_COLUMNS, read_big_row)


def _checked_fields(
    rows: Iterable[Row], kind: type[Row], read: Callable[[tuple[str, ...]], Row]
) -> list[tuple[str, ...]]:
    out = []
    for number, row in enumerate(common.row_items(rows, "level_file_text"), start=1):
        if not isinstance(row, kind):
            raise ValueError(f"level {number} must be a {kind.__name__}, not {type(row).__name__}")
        fields = row.fields()
        try:
            read(fields)
        except ValueError as error:
            raise ValueError(f"level {number}: {error}") from None
        out.append(fields)
    return out


def level_file_text(size: str, rows: Iterable[LevelRow]) -> str:
    """Return the text of the level file of ``size`` holding ``rows`` (level 1 first).

    Every row is checked as the reader checks it, so the text always reads back to the same
    rows; a row that would not raises ValueError naming its level number.
    """
    return common.level_file_text(LEVEL_COLUMNS, _checked_fields(rows, LevelRow, row_reader(size)))


def big_file_text(rows: Iterable[BigLevelRow]) -> str:
    """Return the text of the big-pieces level file holding ``rows`` (checked likewise)."""
    return common.level_file_text(BIG_COLUMNS, _checked_fields(rows, BigLevelRow, read_big_row))


def write_level_file(path: str | PathLike[str], size: str, rows: Iterable[LevelRow]) -> None:
    """Write ``rows`` as the level file ``path`` of ``size`` (see :func:`level_file_text`)."""
    common.write_level_file(path, level_file_text(size, rows))


def write_big_file(path: str | PathLike[str], rows: Iterable[BigLevelRow]) -> None:
    """Write ``rows`` as the big-pieces level file ``path`` (see :func:`big_file_text`)."""
    common.write_level_file(path, big_file_text(rows))
