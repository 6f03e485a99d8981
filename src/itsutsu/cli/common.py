"""What every subcommand shares: the error that becomes one line and exit status 2."""

from __future__ import annotations

import sys
from pathlib import Path


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
