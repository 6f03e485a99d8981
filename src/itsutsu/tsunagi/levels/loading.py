"""Loading Tsunagi's fixed levels: from the package's own files, or from a directory.

Each size of each set is one level file (see :mod:`itsutsu.tsunagi.levels.files`). A size's
file is read the first time it is asked for and kept; asking for one size never opens
another size's file. A caller may pass ``source``, a directory of files named and written
the same way (``classic-7.tsv``, ``portals-7.tsv``), to serve a set of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib.resources import files
from os import PathLike, fspath
from pathlib import Path
from types import MappingProxyType

from itsutsu.common.guards import require_int, require_text
from itsutsu.common.levels import LevelFile, TwistRole
from itsutsu.tsunagi.challenges import twist_role as _layout_role
from itsutsu.tsunagi.levels.files import LevelRow, level_file_name, read_level_file
from itsutsu.tsunagi.levels.sizes import CLASSIC, PORTALS, counts_of, known_size, set_name

Source = str | PathLike[str] | None
"""Where levels come from: None for the package's own files, or a directory."""


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


def _file_of(source: str | None, set: str, size: int) -> LevelFile:
    """Return the level file of ``set`` at ``size``, or raise ValueError when there is none."""
    name = level_file_name(size, set)
    if source is not None:
        path = Path(source) / name
        if not path.is_file():
            raise ValueError(f"tsunagi: the directory {source} has no {name}")
        return path
    packaged = files("itsutsu.tsunagi.levels").joinpath("data", name)
    if not packaged.is_file():
        raise ValueError(
            f"tsunagi: the {set} level set for size {size} is not in this installation yet "
            f"(no {name} in itsutsu/tsunagi/levels/data); pass source=DIR (--source DIR to "
            f"the command), a directory holding {name} in the level-file format"
        )
    return packaged


@cache
def _load(source: str | None, set: str, size: int) -> tuple[LevelRow, ...]:
    """Read and keep one size's rows (a failure is not kept, so a fixed file is read again)."""
    return read_level_file(_file_of(source, set, size), size)


@cache
def _numbers(source: str | None, set: str, size: int) -> Mapping[str, int]:
    numbers: dict[str, int] = {}
    for number, row in enumerate(_load(source, set, size), start=1):
        numbers.setdefault(row.layout, number)
    return MappingProxyType(numbers)


@cache
def _layouts(source: str | None, set: str, size: int) -> tuple[str, ...]:
    return tuple(row.layout for row in _load(source, set, size))


@cache
def _roles(source: str | None, set: str, size: int) -> tuple[TwistRole | None, ...]:
    codes = _layouts(source, set, size)
    if set == PORTALS:
        return (None,) * len(codes)
    return tuple(_layout_role(codes, n) for n in range(1, len(codes) + 1))


def _where(size: object, set: object, source: Source, what: str) -> tuple[str | None, str, int]:
    name = set_name(set, what)
    return _source_key(source, what), name, known_size(size, name, what)


def levels(size: int, set: str = CLASSIC, source: Source = None) -> tuple[LevelRow, ...]:
    """Return every level of ``set`` at side ``size``, level 1 first, as :class:`LevelRow`
    values (``layout``, ``answer``, ``mark``).

    The size's file is read once and kept. Raises ValueError for a size the set does not
    have (naming the sizes it has), when the size's file is not in the package yet (or not
    in ``source``), or when the file is malformed (naming the file and the line).
    """
    return _load(*_where(size, set, source, "levels"))


def level(size: int, n: int, set: str = CLASSIC, source: Source = None) -> LevelRow:
    """Return level ``n`` (1-based) of ``set`` at side ``size``; ValueError outside the set."""
    rows = levels(size, set, source)
    number = require_int(n, "level", "n")
    if not 1 <= number <= len(rows):
        raise ValueError(
            f"tsunagi: the {set} set has levels 1 to {len(rows)} at size {size}, not {number}"
        )
    return rows[number - 1]


def level_of(size: int, layout: str, set: str = CLASSIC, source: Source = None) -> int | None:
    """Return the number (1-based) of the level whose layout code is exactly ``layout``, or
    None when ``set`` has no such level at side ``size``."""
    code = require_text(layout, "level_of", "layout")
    return _numbers(*_where(size, set, source, "level_of")).get(code)


def layouts(size: int, set: str = CLASSIC, source: Source = None) -> tuple[str, ...]:
    """Return the layout codes alone of ``set`` at side ``size``, level 1 first (all a server
    that only checks answers needs)."""
    return _layouts(*_where(size, set, source, "layouts"))


def _number_in(size: object, n: object, set: object, what: str) -> tuple[str, int] | None:
    """Return (set, level) when ``n`` may be a level of ``set`` at ``size``, else None."""
    name = set_name(set, what)
    side = require_int(size, what, "size")
    number = require_int(n, what, "n")
    if not 1 <= number <= counts_of(name).get(side, 0):
        return None
    return name, number


def marks(size: int, n: int, set: str = CLASSIC, source: Source = None) -> int | None:
    """Return the mark 1-5 of level ``n`` of ``set`` at side ``size``, or None when there is
    no such level (a size the set does not have, or a number out of range)."""
    found = _number_in(size, n, set, "marks")
    if found is None:
        return None
    rows = levels(size, found[0], source)
    return rows[found[1] - 1].mark if found[1] <= len(rows) else None


def role(size: int, n: int, set: str = CLASSIC, source: Source = None) -> TwistRole | None:
    """Return what level ``n`` of ``set`` at side ``size`` is for, or None.

    A classic block's 15th level that shows challenges teaches them and its 16th tests them
    (see :func:`itsutsu.tsunagi.challenges.twist_role`); every other level, every portal
    level and a level that does not exist gives None.
    """
    found = _number_in(size, n, set, "role")
    if found is None:
        return None
    roles = _roles(*_where(size, found[0], source, "role"))
    return roles[found[1] - 1] if found[1] <= len(roles) else None
