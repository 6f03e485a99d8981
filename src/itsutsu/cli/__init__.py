"""The itsutsu command: itsutsu tsunagi ..., itsutsu suido ..., itsutsu serve.

A thin layer over the engines. Each puzzle's subcommands live in their own module
(:mod:`itsutsu.cli.tsunagi`, :mod:`itsutsu.cli.suido`); every command runs through
:func:`itsutsu.cli.common.run_command`, so bad input prints one line of reason to standard
error and exits with status 2, a closed pipe or Ctrl-C ends quietly, never with a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import metadata

from itsutsu.cli import serve as serve_cli
from itsutsu.cli import suido as suido_cli
from itsutsu.cli import tsunagi as tsunagi_cli
from itsutsu.cli.common import EXIT_INTERRUPTED, CliParser, run_command


def version() -> str:
    """Return the installed package's version, e.g. ``0.1.0``."""
    try:
        return metadata.version("itsutsu")
    except metadata.PackageNotFoundError:
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    """Return the parser for the whole command, one subparser per puzzle."""
    parser = CliParser(
        prog="itsutsu",
        description="Tsunagi (Numberlink) and Suido (NetWalk) boards: check, show, solve, draw.",
    )
    parser.add_argument("--version", action="version", version=f"itsutsu {version()}")
    puzzles = parser.add_subparsers(dest="puzzle", required=True, metavar="PUZZLE")
    tsunagi_cli.add_commands(puzzles.add_parser("tsunagi", help="Tsunagi (Numberlink) boards"))
    suido_cli.add_commands(puzzles.add_parser("suido", help="Suido (NetWalk) boards"))
    serve_cli.add_command(puzzles.add_parser("serve", help="serve the web app"))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default ``sys.argv[1:]``) and return its exit status."""
    try:
        args = build_parser().parse_args(argv)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    return run_command(args)


if __name__ == "__main__":
    sys.exit(main())
