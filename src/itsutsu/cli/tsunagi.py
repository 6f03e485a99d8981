"""``itsutsu tsunagi ...``: check, show, count, solve and draw Tsunagi boards.

Each subcommand is one ``_cmd_*`` function registered in :func:`add_commands`.
"""

from __future__ import annotations

import argparse


def add_commands(parser: argparse.ArgumentParser) -> None:
    """Register the Tsunagi subcommands on ``parser``."""
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    del commands
