"""The ``itsutsu`` command: ``itsutsu tsunagi ...``, ``itsutsu suido ...``, ``itsutsu serve``.

A thin layer over the engines. Each puzzle's subcommands live in their own module
(:mod:`itsutsu.cli.tsunagi`, :mod:`itsutsu.cli.suido`); bad input prints one line of reason
to standard error and exits with status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from itsutsu.cli import serve as serve_cli
from itsutsu.cli import suido as suido_cli
from itsutsu.cli import tsunagi as tsunagi_cli
from itsutsu.cli.common import CliError


def build_parser() -> argparse.ArgumentParser:
    """Return the parser for the whole command, one subparser per puzzle."""
    parser = argparse.ArgumentParser(prog="itsutsu", description=__doc__.splitlines()[0])
    puzzles = parser.add_subparsers(dest="puzzle", required=True, metavar="PUZZLE")
    tsunagi_cli.add_commands(puzzles.add_parser("tsunagi", help="Tsunagi (Numberlink) boards"))
    suido_cli.add_commands(puzzles.add_parser("suido", help="Suido (NetWalk) boards"))
    serve_cli.add_command(puzzles.add_parser("serve", help="serve the web app"))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default ``sys.argv[1:]``) and return its exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
    except CliError as error:
        print(f"itsutsu: {error}", file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":
    sys.exit(main())
