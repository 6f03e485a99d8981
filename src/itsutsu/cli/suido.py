"""``itsutsu suido ...``: check, show, solve and draw Suido boards.

Each subcommand is one ``_cmd_*`` function registered in :func:`add_commands`.
"""

from __future__ import annotations

import argparse


def add_commands(parser: argparse.ArgumentParser) -> None:
    """Register the Suido subcommands on ``parser``."""
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    del commands
