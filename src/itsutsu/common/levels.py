"""Level bookkeeping both puzzles share: blocks of 16, what is open, bands, marks, roles,
and the plain-text level files the fixed sets are kept in.

A fixed level keeps its number, so a time on it compares with anybody's. Levels come in
blocks of 16; the first block is open from the start and each further block opens once every
level of the block before it is solved. Within a block the 15th level teaches a twist and the
16th tests it.

A level file is UTF-8 text: a header line ``#`` followed by the column names separated by
tabs, then one level a line in level order (level 1 first), its fields separated by tabs.
No field holds a tab, a carriage return or a line end; there is no quoting and there are no
comment lines (a field may itself start with ``#``, as a Tsunagi hexagon's layout does). Each
puzzle says which columns it has and how each field reads; the reader here refuses a file
that breaks the shape, naming the file and the line, and never returns part of a file.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from os import PathLike, fspath
from pathlib import Path
from typing import Final, TypeVar

from itsutsu.common.guards import is_whole, require_int, require_sequence, require_text, type_name

R = TypeVar("R")

BLOCK: Final = 16
"""How many levels a block holds; the next block opens when one is fully solved."""

DAILY_STRIDE: Final = 97
"""How far the level of the day moves from one day to the next (it is prime to every count)."""

TEACHES: Final = "teaches"
"""The role of a block's 15th level when it shows twists: it teaches them."""

TESTS: Final = "tests"
"""The role of a block's 16th level when it shows twists: it tests them."""

BANDS: Final = ("easy", "medium", "hard")
"""The three bands a size's levels fall in, by thirds of its level numbers."""


@dataclass(frozen=True)
class BlockRange:
    """The first and last level numbers of one block (both included)."""

    first: int
    last: int


@dataclass(frozen=True)
class TwistRole:
    """What a twist level is for: ``role`` is ``"teaches"`` (a block's 15th level) or
    ``"tests"`` (its 16th); ``twists`` are the twists it shows and ``new_ones`` those of them
    no earlier level of its list shows, both in their puzzle's fixed order. Tsunagi calls the
    twists challenges: :attr:`challenges` is the same tuple.
    """

    role: str
    twists: tuple[str, ...]
    new_ones: tuple[str, ...]

    @property
    def challenges(self) -> tuple[str, ...]:
        """The twists under Tsunagi's name for them."""
        return self.twists


def _level(value: object, what: str) -> int:
    """Return ``value`` if it is a whole number (any sign), else raise ValueError."""
    return require_int(value, what, "level")


def _count(value: object, what: str) -> int:
    """Return ``value`` if it is a whole number of levels (0 or more), else raise ValueError."""
    return require_int(value, what, "count", low=0)


def solved_set(solved: object, what: str) -> frozenset[int]:
    """Return the solved level numbers as a frozenset, or raise ValueError naming ``what``.

    ``solved`` is any collection of whole numbers (a set, frozenset, list or tuple); numbers
    that are not levels of the size are simply never asked about.
    """
    if isinstance(solved, (str, bytes)) or not isinstance(solved, Collection):
        raise ValueError(
            f"{what}: solved must be a set (or list) of level numbers, not {type_name(solved)}"
        )
    for item in solved:
        if not is_whole(item):
            raise ValueError(f"{what}: solved must hold whole level numbers, not {item!r:.40}")
    return frozenset(solved)


def block_of(level: int) -> int:
    """Return the block level ``level`` is in: levels 1-16 are block 1, 17-32 block 2, ..."""
    return _block_of(_level(level, "block_of"))


def _block_of(level: int) -> int:
    return -(-level // BLOCK)


def block_range(block: int, count: int) -> BlockRange:
    """Return the first and last levels of ``block`` in a set of ``count`` levels.

    ``first`` is ``(block-1)*16 + 1`` and ``last`` is ``block*16``, cut to ``count`` for the
    last block.
    """
    require_int(block, "block_range", "block")
    _count(count, "block_range")
    return BlockRange((block - 1) * BLOCK + 1, min(count, block * BLOCK))


def blocks_in(count: int) -> int:
    """Return how many blocks ``count`` levels fill (the last may be short)."""
    return -(-_count(count, "blocks_in") // BLOCK)


def _open_levels(count: int, solved: frozenset[int]) -> int:
    opened = min(BLOCK, count)
    while opened < count and all(n in solved for n in range(opened - BLOCK + 1, opened + 1)):
        opened = min(opened + BLOCK, count)
    return opened


def open_levels(count: int, solved: Collection[int]) -> int:
    """Return how many levels are open (levels ``1..open``) when ``solved`` are solved.

    The first block is open from the start; while the last open block is fully solved the
    next one opens. A set of 0 levels has none open.
    """
    return _open_levels(_count(count, "open_levels"), solved_set(solved, "open_levels"))


def next_level(count: int, solved: Collection[int]) -> int:
    """Return the level to play next: the first open level not yet solved, or else the last
    open level (0 for a set of no levels)."""
    done = solved_set(solved, "next_level")
    opened = _open_levels(_count(count, "next_level"), done)
    return next((n for n in range(1, opened + 1) if n not in done), opened)


def first_unsolved_level(count: int, solved: Collection[int]) -> int | None:
    """Return the first level of ``1..count`` not solved, open or not, or None if all are."""
    done = solved_set(solved, "first_unsolved_level")
    return next(
        (n for n in range(1, _count(count, "first_unsolved_level") + 1) if n not in done), None
    )


def band(count: int, level: int) -> str:
    """Return the band of ``level`` among ``count`` levels: ``"easy"`` in the first third of
    the numbers, ``"medium"`` in the second, ``"hard"`` in the last (measured as
    ``(level-1)/count`` against 1/3 and 2/3). The level's range is not checked.
    """
    require_int(count, "band", "count", low=1)
    share = (_level(level, "band") - 1) / count
    if share < 1 / 3:
        return BANDS[0]
    return BANDS[1] if share < 2 / 3 else BANDS[2]


def mark_of(score: int) -> int:
    """Return a level's mark, 1 (easiest) to 5, from its difficulty score: ``1 + score//20``,
    at most 5 (0-19 give 1, 20-39 give 2, ..., 80-100 give 5).

    The score ranks a level among its size's levels on 0..100 (a Tsunagi set's easiest level
    scores 0; Suido scores start at 1). Raises ValueError for anything else, since a mark
    outside the scale would mean a score from some other measure.
    """
    if not is_whole(score):
        raise ValueError(f"mark_of: score must be a whole number, not {type_name(score)}")
    if not 0 <= score <= 100:
        raise ValueError(
            f"mark_of: score must be 0..100 (a level's rank among its size's levels), not {score}"
        )
    return min(5, 1 + math.floor(score / 20))


def twist_role(twist_lists: Sequence[Sequence[str]], level: int) -> TwistRole | None:
    """Return the role of level ``level`` in a set whose levels show ``twist_lists``.

    ``twist_lists[n-1]`` are the twists level n shows, in their fixed order. Only a block's
    15th level (it teaches) and 16th (it tests) have a role, and only when they show a twist;
    every other level, and a level outside the list, gives None. ``new_ones`` are the level's
    twists that no earlier level shows.
    """
    lists = require_sequence(twist_lists, "twist_role", "twist_lists")
    number = _level(level, "twist_role")
    if not 1 <= number <= len(lists):
        return None
    slot = (number - 1) % BLOCK + 1
    twists = tuple(lists[number - 1])
    if slot < BLOCK - 1 or not twists:
        return None
    seen = {twist for earlier in lists[: number - 1] for twist in earlier}
    new_ones = tuple(twist for twist in twists if twist not in seen)
    return TwistRole(TEACHES if slot == BLOCK - 1 else TESTS, twists, new_ones)


# The level files.

LevelFile = str | PathLike[str] | Traversable
"""A level file: a path on disk (text or path object) or a file inside the installed package."""


def _level_file(file: object, what: str) -> Path | Traversable:
    """Return ``file`` as something to read, or raise ValueError when it names no file."""
    if isinstance(file, (str, PathLike)):
        return Path(fspath(file))
    if isinstance(file, Traversable):
        return file
    raise ValueError(f"{what}: file must be a path, not {type_name(file)}")


def _read_bytes(file: Path | Traversable) -> bytes:
    """Read a level file's bytes (the one place the loaders touch a file; tests watch it)."""
    return file.read_bytes()


def parse_level_text(
    text: str,
    name: str,
    columns: Sequence[str],
    parse_row: Callable[[tuple[str, ...]], R],
) -> tuple[R, ...]:
    """Read the levels of a level file's ``text``; ``name`` is the file's name for messages.

    The first line must be ``#`` and ``columns`` joined by tabs; every further line is one
    level with exactly one field per column, given to ``parse_row``, which returns the row or
    raises ValueError saying what is wrong. Any fault raises ValueError naming the file and
    the line number; nothing is returned until every line has read.
    """
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    header = "#" + "\t".join(columns)
    if not lines or lines[0] != header:
        found = repr(lines[0][:60]) if lines else "nothing"
        raise ValueError(
            f"{name} line 1: the header must be {header!r} (columns {', '.join(columns)}), "
            f"not {found}"
        )
    rows = []
    for number, line in enumerate(lines[1:], start=2):
        if line.endswith("\r"):
            raise ValueError(
                f"{name} line {number}: a carriage return; level files end lines with LF alone"
            )
        fields = tuple(line.split("\t"))
        if len(fields) != len(columns):
            raise ValueError(
                f"{name} line {number}: {len(fields)} fields, not {len(columns)} "
                f"({', '.join(columns)}, separated by tabs)"
            )
        try:
            rows.append(parse_row(fields))
        except ValueError as error:
            raise ValueError(f"{name} line {number}: {error}") from None
    return tuple(rows)


def read_level_file(
    file: LevelFile, columns: Sequence[str], parse_row: Callable[[tuple[str, ...]], R]
) -> tuple[R, ...]:
    """Read a whole level file (see :func:`parse_level_text`); ValueError names the file."""
    readable = _level_file(file, "read_level_file")
    name = str(readable)
    try:
        data = _read_bytes(readable)
    except OSError as error:
        raise ValueError(f"{name}: cannot be read ({error.strerror or error})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ValueError(f"{name} line {line}: not UTF-8 text") from None
    return parse_level_text(text, name, columns, parse_row)


def row_items(rows: object, what: str) -> Iterable[object]:
    """Return ``rows`` if it can be gone through row by row (not text), else raise ValueError."""
    if isinstance(rows, (str, bytes)) or not isinstance(rows, Iterable):
        raise ValueError(f"{what}: rows must be a list (or other iterable) of level rows")
    return rows


def level_file_text(columns: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """Return the text of a level file with ``columns`` and the fields of ``rows``.

    Raises ValueError when a row has the wrong number of fields or a field holds a tab, a
    carriage return or a line end (the reader could not read it back).
    """
    out = ["#" + "\t".join(columns)]
    for number, fields in enumerate(row_items(rows, "level_file_text"), start=1):
        if not isinstance(fields, Sequence) or len(fields) != len(columns):
            found = len(fields) if isinstance(fields, Sequence) else type_name(fields)
            raise ValueError(
                f"level {number} has {found} fields, not {len(columns)} ({', '.join(columns)})"
            )
        for field in fields:
            if not isinstance(field, str) or any(ch in field for ch in "\t\r\n"):
                raise ValueError(
                    f"level {number}: a field must be text without tabs or line ends, "
                    f"not {field!r:.40}"
                )
        out.append("\t".join(fields))
    return "\n".join(out) + "\n"


def write_level_file(path: str | PathLike[str], text: str) -> None:
    """Write a level file's ``text`` (from :func:`level_file_text`) to ``path`` as UTF-8.

    Raises ValueError when ``path`` is not a path or cannot be written.
    """
    if not isinstance(path, (str, PathLike)):
        raise ValueError(f"write_level_file: path must be a path, not {type_name(path)}")
    require_text(text, "write_level_file", "text")
    try:
        with open(path, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
    except OSError as error:
        raise ValueError(f"{fspath(path)}: cannot be written ({error.strerror or error})") from None
