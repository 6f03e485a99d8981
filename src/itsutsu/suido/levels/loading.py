"""Loading Suido's fixed levels: from the package's own files, or from a directory.

Each size is one level file, ``7x7.tsv``, and the big-pieces set is ``big.tsv`` (see
:mod:`itsutsu.suido.levels.files`). A file is read the first time it is asked for and kept;
asking for one size never opens another's file. A caller may pass ``source``, a directory of
files named and written the same way, to serve a set of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from os import PathLike, fspath
from pathlib import Path
from types import MappingProxyType

from itsutsu.common.guards import require_int, require_text
from itsutsu.common.levels import LevelFile, TwistRole
from itsutsu.suido.levels.files import (
    BIG_FILE,
    BigLevelRow,
    LevelRow,
    level_file_name,
    read_big_file,
    read_level_file,
)
from itsutsu.suido.levels.sizes import (
    SUIDO_BIG_COUNT,
    SUIDO_LEVEL_COUNTS,
    known_size,
    size_text,
    twist_role,
)
from itsutsu.suido.rows import declared_twists

Source = str | PathLike[str] | None
"""Where levels come from: None for the package's own files, or a directory."""


@dataclass(frozen=True)
class BigPieces:
    """How many big pieces a level has, and the share of its cells they cover (four each)."""

    count: int
    share: float


def _source_key(source: Source, what: str) -> str | None:
    """Return the directory ``source`` names as an absolute path text (None for the package)."""
    if source is None:
        return None
    if not isinstance(source, (str, PathLike)):
        raise ValueError(f"{what}: source must be a directory path, not {type(source).__name__}")
    folder = Path(fspath(source))
    if not folder.is_dir():
        raise ValueError(f"{what}: source {fspath(source)!r} is not a directory")
    return str(folder.resolve())


def _file_of(source: str | None, name: str, what: str) -> LevelFile:
    """Return the level file ``name``, or raise ValueError when there is none."""
    if source is not None:
        path = Path(source) / name
        if not path.is_file():
            raise ValueError(f"suido: the directory {source} has no {name}")
        return path
    packaged = files("itsutsu.suido.levels").joinpath("data", name)
    if not packaged.is_file():
        raise ValueError(
            f"suido: the level set for {what} is not in this installation yet (no {name} in "
            "itsutsu/suido/levels/data); pass source=DIR (--source DIR to the command), "
            f"a directory holding {name} in the level-file format"
        )
    return packaged


@cache
def _load(source: str | None, size: str) -> tuple[LevelRow, ...]:
    """Read and keep one size's rows (a failure is not kept, so a fixed file is read again)."""
    return read_level_file(_file_of(source, level_file_name(size), size), size)


@cache
def _load_big(source: str | None) -> tuple[BigLevelRow, ...]:
    return read_big_file(_file_of(source, BIG_FILE, "the big pieces"))


def _numbered(boards: tuple[str, ...]) -> Mapping[str, int]:
    numbers: dict[str, int] = {}
    for number, board in enumerate(boards, start=1):
        numbers.setdefault(board, number)
    return MappingProxyType(numbers)


@cache
def _layouts(source: str | None, size: str) -> tuple[str, ...]:
    return tuple(row.board for row in _load(source, size))


@cache
def _numbers(source: str | None, size: str) -> Mapping[str, int]:
    return _numbered(_layouts(source, size))


def _roles_of(rows: tuple[LevelRow, ...] | tuple[BigLevelRow, ...]) -> tuple[TwistRole | None, ...]:
    return tuple(twist_role(rows, n) for n in range(1, len(rows) + 1))


@cache
def _roles(source: str | None, size: str) -> tuple[TwistRole | None, ...]:
    return _roles_of(_load(source, size))


@cache
def _big_roles(source: str | None) -> tuple[TwistRole | None, ...]:
    return _roles_of(_load_big(source))


@cache
def _big_numbers(source: str | None) -> Mapping[str, int]:
    return _numbered(tuple(row.board for row in _load_big(source)))


def levels(size: str, source: Source = None) -> tuple[LevelRow, ...]:
    """Return every level of ``size`` (text such as ``"7x7"``), level 1 first, as
    :class:`LevelRow` values (``board``, ``turns``, ``twists``, ``mark``).

    The size's file is read once and kept. Raises ValueError for a size without levels
    (``No Suido at {size}.``, then the sizes there are), when the size's file is not in the
    package yet (or not in ``source``), or when the file is malformed (naming file and line).
    """
    return _load(_source_key(source, "levels"), known_size(size, "levels"))


def level(size: str, n: int, source: Source = None) -> LevelRow:
    """Return level ``n`` (1-based) of ``size``; ValueError when there is no such level."""
    rows = levels(size, source)
    number = require_int(n, "level", "n")
    if not 1 <= number <= len(rows):
        raise ValueError(f"suido: {size} has levels 1 to {len(rows)}, not {number}")
    return rows[number - 1]


def level_of(size: str, board: str, source: Source = None) -> int | None:
    """Return the number (1-based) of the level of ``size`` whose board code is exactly
    ``board``, or None when there is none."""
    code = require_text(board, "level_of", "board")
    return _numbers(_source_key(source, "level_of"), known_size(size, "level_of")).get(code)


def layouts(size: str, source: Source = None) -> tuple[str, ...]:
    """Return the board codes alone of ``size``, level 1 first."""
    return _layouts(_source_key(source, "layouts"), known_size(size, "layouts"))


def _row_at(size: object, n: object, source: Source, what: str) -> LevelRow | None:
    text = size_text(size, what)
    number = require_int(n, what, "n")
    if not 1 <= number <= SUIDO_LEVEL_COUNTS.get(text, 0):
        return None
    rows = levels(text, source)
    return rows[number - 1] if number <= len(rows) else None


def marks(size: str, n: int, source: Source = None) -> int | None:
    """Return the mark 1-5 of level ``n`` of ``size``, or None when there is no such level."""
    row = _row_at(size, n, source, "marks")
    return None if row is None else row.mark


def role(size: str, n: int, source: Source = None) -> TwistRole | None:
    """Return what level ``n`` of ``size`` is for, from the twists its rows declare: a
    block's 15th level with twists teaches them, its 16th tests them; otherwise None."""
    if _row_at(size, n, source, "role") is None:
        return None
    return _roles(_source_key(source, "role"), known_size(size, "role"))[n - 1]


def big_levels(source: Source = None) -> tuple[BigLevelRow, ...]:
    """Return every level of the big-pieces set, level 1 first, as :class:`BigLevelRow`
    values; raises ValueError as :func:`levels` does."""
    return _load_big(_source_key(source, "big_levels"))


def big_level(n: int, source: Source = None) -> BigLevelRow:
    """Return big-pieces level ``n`` (1-based); ValueError when there is no such level."""
    rows = big_levels(source)
    number = require_int(n, "big_level", "n")
    if not 1 <= number <= len(rows):
        raise ValueError(f"suido: the big pieces have levels 1 to {len(rows)}, not {number}")
    return rows[number - 1]


def big_level_of(board: str, source: Source = None) -> int | None:
    """Return the number of the big-pieces level whose board code is exactly ``board``."""
    code = require_text(board, "big_level_of", "board")
    return _big_numbers(_source_key(source, "big_level_of")).get(code)


def big_layouts(source: Source = None) -> tuple[str, ...]:
    """Return the board codes alone of the big-pieces set, level 1 first."""
    return tuple(row.board for row in big_levels(source))


def _big_at(n: object, source: Source, what: str) -> BigLevelRow | None:
    number = require_int(n, what, "n")
    if not 1 <= number <= SUIDO_BIG_COUNT:
        return None
    rows = big_levels(source)
    return rows[number - 1] if number <= len(rows) else None


def big_size(n: int, source: Source = None) -> str | None:
    """Return the size text of big-pieces level ``n``, or None outside 1..64."""
    row = _big_at(n, source, "big_size")
    return None if row is None else row.size


def big_score(n: int, source: Source = None) -> int | None:
    """Return the score 1-100 of big-pieces level ``n`` over the whole set, or None."""
    row = _big_at(n, source, "big_score")
    return None if row is None else row.score


def big_marks(n: int, source: Source = None) -> int | None:
    """Return the mark 1-5 of big-pieces level ``n`` (its score's), or None."""
    row = _big_at(n, source, "big_marks")
    return None if row is None else row.mark


def big_pieces(n: int, source: Source = None) -> BigPieces | None:
    """Return how many big pieces level ``n`` has and the share of its cells they cover
    (``4*count / (width*height)``), or None outside 1..64."""
    row = _big_at(n, source, "big_pieces")
    if row is None:
        return None
    width, height = (int(side) for side in row.size.split("x"))
    return BigPieces(row.pieces, 4 * row.pieces / (width * height))


def big_twists(n: int, source: Source = None) -> tuple[str, ...] | None:
    """Return the twists big-pieces level ``n`` declares, in their fixed order, or None."""
    row = _big_at(n, source, "big_twists")
    return None if row is None else declared_twists(row[:3])


def big_role(n: int, source: Source = None) -> TwistRole | None:
    """Return what big-pieces level ``n`` is for (every 15th and 16th level has a role, as
    every level shows big pieces), or None."""
    if _big_at(n, source, "big_role") is None:
        return None
    return _big_roles(_source_key(source, "big_role"))[n - 1]
