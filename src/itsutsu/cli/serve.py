"""``itsutsu serve``: run the web app with uvicorn on this machine.

``itsutsu serve [--host 127.0.0.1] [--port 8000] [--levels DIR] [--allow-origin URL ...]
[--workers N]``. With ``--workers`` above 1 uvicorn runs that many processes sharing the port;
no game lives only in one process, so any of them serves any player.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from itsutsu.cli.common import CliError

_FACTORY = "itsutsu.cli.serve:app_from_environment"


def add_command(parser: argparse.ArgumentParser) -> None:
    """Set up the ``serve`` subcommand's arguments."""
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on")
    parser.add_argument("--levels", metavar="DIR", help="serve the level files in DIR")
    parser.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="URL",
        help="another site whose pages may embed boards (repeatable)",
    )
    parser.add_argument("--workers", type=int, default=1, help="processes to run")
    parser.add_argument(
        "--loop", choices=("auto", "asyncio", "uvloop"), default="auto",
        help="event loop: uvloop when installed (auto, the default) answers moves with less CPU",
    )  # fmt: skip
    parser.add_argument(
        "--sockets-per-client", type=int, default=None, help="open sockets one address may hold"
    )
    parser.set_defaults(run=run)


def app_from_environment() -> object:
    """Build the app from ``ITSUTSU_*`` settings (how each worker process makes its own)."""
    from itsutsu.web import Limits, create_app

    origins = [o for o in os.environ.get("ITSUTSU_ORIGINS", "").split(" ") if o]
    limits = Limits()
    most = os.environ.get("ITSUTSU_SOCKETS_PER_CLIENT")
    if most:
        limits = Limits(sockets_per_client=int(most))
    return create_app(os.environ.get("ITSUTSU_LEVELS") or None, origins, limits)


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted; returns 0."""
    import uvicorn

    if not 0 < args.port < 65536:
        raise CliError(f"--port {args.port} is not a port (1 to 65535)")
    if args.workers < 1:
        raise CliError("--workers must be at least 1")
    if args.levels is not None and not Path(args.levels).is_dir():
        raise CliError(f"--levels {args.levels} is not a folder")
    if args.sockets_per_client is not None and args.sockets_per_client < 1:
        raise CliError("--sockets-per-client must be at least 1")
    for origin in args.allow_origin:
        if not origin.startswith(("http://", "https://")) or " " in origin:
            raise CliError(f"--allow-origin {origin!r} must be like https://example.org")
    os.environ["ITSUTSU_LEVELS"] = str(Path(args.levels).resolve()) if args.levels else ""
    os.environ["ITSUTSU_ORIGINS"] = " ".join(args.allow_origin)
    if args.sockets_per_client is not None:
        os.environ["ITSUTSU_SOCKETS_PER_CLIENT"] = str(args.sockets_per_client)
    print(f"itsutsu: serving on http://{args.host}:{args.port}/", flush=True)
    uvicorn.run(
        _FACTORY,
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        ws="websockets",
        loop=getattr(args, "loop", "auto"),
        ws_max_size=1024 * 1024,
        # Moves and their answers are small frames: deflating each costs more CPU than the
        # bytes it saves on any link a player has (and a zlib context per socket in memory).
        ws_per_message_deflate=False,
        log_level="warning",
    )
    return 0
