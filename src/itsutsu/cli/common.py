"""What every subcommand shares: the exit statuses, the error that becomes one line and exit
status 2, the wrapper that runs a command (broken pipes, a full disk, Ctrl-C, codes read from
standard input), the parser class whose help is plain text, and the readers and printers the
commands of both puzzles use."""

from __future__ import annotations

import argparse
import datetime as dt
import errno
import os
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import NoReturn, TypeVar

from itsutsu.common.levels import TwistRole
from itsutsu.tsunagi.layout import MAX_SIDE as TSUNAGI_MAX_SIDE

T = TypeVar("T")

EXIT_OK = 0
"""Exit status: success (the answer is right, the board is solved, the answer was found)."""
EXIT_NO = 1
"""Exit status: a negative answer ("not solved", a wrong answer, "no answer")."""
EXIT_BAD_INPUT = 2
"""Exit status: bad input (a code that is not a board, a bad option), or output that cannot
be written."""
EXIT_GAVE_UP = 3
"""Exit status: the search ran out of its budget before it could answer."""
EXIT_INTERRUPTED = 130
"""Exit status: stopped by Ctrl-C (128 + SIGINT), as shells report it."""
EXIT_PIPE_CLOSED = 141
"""Exit status: the reader of standard output went away (128 + SIGPIPE), as shells report it."""

EXIT_STATUSES = """\
exit status:
  0  success: ok, solved, an answer found
  1  a negative answer: a wrong answer, not solved, no answer
  2  bad input (one line on stderr says why), or output that cannot be written
  3  gave up: the search ran out of its budget (raise --budget)
  130 interrupted (Ctrl-C); 141 the output pipe was closed (as in 'itsutsu ... | head')

A code argument given as - is read from standard input; spaces and newlines around a code
are ignored."""

CODE_ARGUMENTS = ("layout", "answer", "board")
"""The names of the arguments that hold a code: ``-`` reads them from standard input."""

LONGEST_SHOWN = 40
"""A code longer than this is shown cut short in a message, with its length."""


class CliError(Exception):
    """Bad input on the command line: printed as one line of reason, exit status 2."""


def shown(code: str) -> str:
    """Return ``code`` quoted for a message, cut short (with its length) when it is long."""
    if len(code) <= LONGEST_SHOWN:
        return repr(code)
    return f"{code[: LONGEST_SHOWN - 10]!r}... ({len(code):,} characters)"


_MARKUP = re.compile(r":[a-z]+:`~?([^`]*)`|``([^`]*)``")


def plain(text: str) -> str:
    """Return ``text`` with its reStructuredText markup (````code````, ``:mod:`x```) removed."""
    return _MARKUP.sub(lambda found: found.group(1) or found.group(2) or "", text)


class CliParser(argparse.ArgumentParser):
    """An argument parser whose help is plain text, ending with the exit statuses.

    Subcommand parsers are made with the same class, so every command's ``--help`` lists
    the exit statuses and none shows docstring markup.
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("epilog", EXIT_STATUSES)
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def format_help(self) -> str:
        """Return the help text without reStructuredText markup."""
        return plain(super().format_help())

    def format_usage(self) -> str:
        """Return the usage line without reStructuredText markup."""
        return plain(super().format_usage())

    def error(self, message: str) -> NoReturn:
        """Say what is wrong with the arguments in one line on stderr and exit with 2 (the
        documented status for bad input); the usage is one ``--help`` away."""
        self.exit(2, f"{self.prog}: {plain(message)} (see {self.prog} --help)\n")


def read_codes(args: argparse.Namespace, stdin: Callable[[], str] | None = None) -> None:
    """Trim the code arguments of ``args`` and read those given as ``-`` from standard input.

    One ``-`` takes all of standard input; with two (a layout and its answer), each takes one
    non-blank line in order. Raises :class:`CliError` when standard input holds too few.
    """
    names = [
        name
        for name in CODE_ARGUMENTS
        if isinstance(getattr(args, name, None), str) and getattr(args, name).strip() == "-"
    ]
    for name in CODE_ARGUMENTS:
        value = getattr(args, name, None)
        if isinstance(value, str):
            setattr(args, name, value.strip())
    if not names:
        return
    text = (stdin or sys.stdin.read)()
    pieces = [text.strip()] if len(names) == 1 else [ln.strip() for ln in text.splitlines()]
    pieces = [piece for piece in pieces if piece]
    if len(pieces) < len(names):
        wanted = " and ".join(name.upper() for name in names)
        raise CliError(f"standard input holds no {wanted} code (one a line)")
    if len(names) > 1 and len(pieces) > len(names):
        raise CliError(f"standard input holds {len(pieces)} lines, not {len(names)} codes")
    for name, piece in zip(names, pieces, strict=False):
        setattr(args, name, piece)


def _silence_stdout() -> None:
    """Point standard output at /dev/null so the exit's flush cannot fail a second time."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):
        pass


def _is_interrupt(error: BaseException) -> bool:
    """Tell whether ``error`` is Ctrl-C, as Python raises it or as the SAT solver reports it
    (``pysolvers.error: Caught keyboard interrupt``)."""
    if isinstance(error, KeyboardInterrupt):
        return True
    return type(error).__module__ == "pysolvers" and "interrupt" in str(error).lower()


def run_command(args: argparse.Namespace) -> int:
    """Run the parsed command ``args.run(args)`` and return its exit status.

    Codes given as ``-`` are read from standard input first. Bad input prints one line and
    gives 2; a closed output pipe ends quietly with 141; output that cannot be written (a
    full disk) prints one line and gives 2; Ctrl-C prints one line and gives 130. None of
    them shows a traceback.
    """
    try:
        read_codes(args)
        status: int = args.run(args)
        sys.stdout.flush()
    except CliError as error:
        print(f"itsutsu: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_PIPE_CLOSED
    except OSError as error:
        if error.errno == errno.EPIPE:
            _silence_stdout()
            return EXIT_PIPE_CLOSED
        _silence_stdout()
        reason = error.strerror or str(error)
        print(f"itsutsu: cannot write the output: {reason}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (KeyboardInterrupt, Exception) as error:
        if not _is_interrupt(error):
            raise
        print("itsutsu: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    return status


def parse_size(text: str, largest: int = TSUNAGI_MAX_SIDE) -> int:
    """Read a Tsunagi board side (a whole number from 1 to ``largest``, by default the
    largest side a layout may have) from the command line, or raise :class:`CliError`."""
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= largest:
        raise CliError(f"{shown(text)} is not a board size (a whole number from 1 to {largest})")
    return int(text)


def parse_budget(text: str) -> int:
    """Read a ``--budget`` (a whole number from 0) from the command line, or raise CliError."""
    if not text.isascii() or not text.isdigit():
        raise CliError(f"--budget must be a whole number from 0, not {shown(text)}")
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
