"""What every subcommand shares: the error that becomes one line and exit status 2, and the
readers and printers the level commands of both puzzles use."""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TypeVar

from itsutsu.common.levels import TwistRole

T = TypeVar("T")


class CliError(Exception):
    """Bad input on the command line: printed as one line of reason, exit status 2."""


def parse_size(text: str) -> int:
    """Read a Tsunagi board side from the command line, or raise :class:`CliError`."""
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= 99:
        raise CliError(f"{text!r} is not a board size (a whole number from 1 to 99)")
    return int(text)


def write_output(text: str, path: str | None) -> None:
    """Write ``text`` to ``path``, or to standard output when no path is given."""
    if path is None:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        return
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        raise CliError(f"cannot write {path}: {error.strerror}") from error


def today() -> dt.datetime:
    """Return the present moment in UTC (the day the level of the day is chosen by)."""
    return dt.datetime.now(dt.UTC)


def engine_call(call: Callable[[], T]) -> T:
    """Run ``call`` and turn the ValueError an engine raises for bad input into CliError."""
    try:
        return call()
    except ValueError as error:
        raise CliError(str(error)) from None


def parse_level_number(text: str) -> int:
    """Read a level number (a whole number from 1) from the command line, or raise CliError."""
    if not text.isascii() or not text.isdigit() or int(text) < 1:
        raise CliError(f"{text!r} is not a level number (a whole number from 1)")
    return int(text)


def print_days(pairs: Iterable[tuple[str, int | None]]) -> None:
    """Print one ``SIZE LEVEL`` line for each size and its level of the day."""
    for size, number in pairs:
        print(f"{size} {number}")


def role_text(twists: Sequence[str], role: TwistRole | None, noun: str) -> str:
    """Describe a level's twists and what it is for: ``twists: walls (teaches; new: walls)``."""
    shown = ", ".join(twists) if twists else "none"
    if role is None:
        return f"{noun}: {shown}"
    new = f"; new: {', '.join(role.new_ones)}" if role.new_ones else ""
    return f"{noun}: {shown} ({role.role}{new})"
