"""``itsutsu tsunagi ...``: check, show, count, solve, draw and make Tsunagi boards; the
level of the day and the fixed levels.

Each subcommand is one ``_cmd_*`` function registered in :func:`add_commands`.
"""

from __future__ import annotations

import argparse

from itsutsu.cli.common import (
    CliError,
    engine_call,
    parse_level_number,
    parse_size,
    print_days,
    role_text,
    today,
)
from itsutsu.tsunagi.challenges import challenges_of
from itsutsu.tsunagi.check import NOT_A_GRID, NOT_A_LAYOUT, check_answer, grid_fault
from itsutsu.tsunagi.layout import Layout, decode_layout
from itsutsu.tsunagi.levels import daily, loading, sizes
from itsutsu.tsunagi.text import board_text


def _read_layout(args: argparse.Namespace) -> Layout:
    """Read SIZE and LAYOUT from the command line, or raise ``CliError``."""
    size = parse_size(args.size)
    layout = decode_layout(args.layout, size)
    if layout is None:
        raise CliError(NOT_A_LAYOUT)
    return layout


def _cmd_check(args: argparse.Namespace) -> int:
    """Print ``ok`` (exit 0) when ANSWER solves LAYOUT, else the first reason (exit 1).

    A layout that is not one, or an answer that is not a grid of the board's size, is bad
    input rather than a wrong answer: one line on stderr and exit 2.
    """
    size = parse_size(args.size)
    verdict = check_answer(size, args.layout, args.answer)
    if verdict.reason in (NOT_A_LAYOUT, NOT_A_GRID):
        raise CliError(verdict.reason)
    print("ok" if verdict.ok else verdict.reason)
    return 0 if verdict.ok else 1


def _cmd_show(args: argparse.Namespace) -> int:
    """Print LAYOUT drawn as text, with ANSWER's lines on it when an answer is given."""
    layout = _read_layout(args)
    if args.answer is not None:
        fault = grid_fault(layout, args.answer)
        if fault is not None:
            raise CliError(fault)
    print(board_text(layout, args.answer), end="")
    return 0


def _cmd_draw(args: argparse.Namespace) -> int:
    """Write LAYOUT (and ANSWER's lines, when given) as SVG to stdout or to ``-o FILE``."""
    from itsutsu.cli.common import write_output
    from itsutsu.tsunagi.drawing.svg import DrawOptions, draw
    from itsutsu.tsunagi.lines import lines_of_answer

    layout = _read_layout(args)
    lines = None
    if args.answer is not None:
        lines = lines_of_answer(layout, args.answer)
        if lines is None:
            raise CliError("the answer's lines do not join every pair on this layout")
    try:
        options = DrawOptions(
            lines=lines,
            marks=args.marks,
            fill=args.fill,
            colours=args.colours,
            board=args.board,
            coordinates=args.coordinates,
            language=args.language,
            style=args.style,
        )
        svg = draw(layout, options)
    except ValueError as error:
        raise CliError(str(error)) from error
    write_output(svg, args.output)
    return 0


def _cmd_count(args: argparse.Namespace) -> int:
    """Print how many answers LAYOUT has (up to ``--limit``) and draw the first one."""
    from itsutsu.tsunagi.solver.count import count_solutions

    layout = _read_layout(args)
    if args.limit < 1:
        raise CliError(f"--limit must be 1 or more, not {args.limit}")
    if args.budget is not None and args.budget < 0:
        raise CliError(f"--budget must be 0 or more conflicts, not {args.budget}")
    result = count_solutions(layout, limit=args.limit, budget=args.budget)
    noun = "answer" if result.count == 1 else "answers"
    if result.gave_up:
        found = f"at least {result.count} {noun}" if result.count else "no answer found yet"
        head = f"{found} (gave up after {args.budget} conflicts)"
    elif result.count >= args.limit:
        head = f"at least {result.count} {noun}"
    else:
        head = f"{result.count} {noun}"
    print(head)
    if result.solution is not None:
        print(board_text(layout, result.solution), end="")
    return 0


def _cmd_solve(args: argparse.Namespace) -> int:
    """Print LAYOUT's first answer code (exit 0), or ``no answer`` (exit 1)."""
    from itsutsu.tsunagi.solver.count import count_solutions

    layout = _read_layout(args)
    result = count_solutions(layout, limit=1)
    if result.solution is None:
        print("no answer")
        return 1
    print(result.solution)
    return 0


def _cmd_day(args: argparse.Namespace) -> int:
    """Print the classic level of the day, ``SIZE LEVEL``, for SIZE or for every size."""
    chosen: tuple[int, ...]
    if args.size is None:
        chosen = sizes.CLASSIC_SIZES
    else:
        side = parse_size(args.size)
        chosen = (engine_call(lambda: sizes.known_size(side, sizes.CLASSIC, "day")),)
    when = args.date if args.date is not None else today()
    date = engine_call(lambda: daily.day(when))
    print_days((str(side), daily.daily_level(side, date)) for side in chosen)
    return 0


def _cmd_level(args: argparse.Namespace) -> int:
    """Print level N of SIZE (from the package, or ``--source DIR``) as text, with its set,
    number, mark, band and challenges (and what it teaches or tests)."""
    side = parse_size(args.size)
    number = parse_level_number(args.n)
    row = engine_call(lambda: loading.level(side, number, args.set, args.source))
    count = len(engine_call(lambda: loading.levels(side, args.set, args.source)))
    layout = decode_layout(row.layout, side)
    assert layout is not None  # the loader refuses a layout that does not decode
    role = engine_call(lambda: loading.role(side, number, args.set, args.source))
    band = sizes.band(side, number, args.set)
    print(f"tsunagi {args.set} {side}x{side}, level {number} of {count}, mark {row.mark}, {band}")
    print(role_text(challenges_of(row.layout), role, "challenges"))
    print(board_text(layout, row.answer if args.answer else None), end="")
    return 0


PROGRESS_AFTER = 1.0
"""Seconds after which ``make`` says on stderr that it is still making the board."""


def _cmd_make(args: argparse.Namespace) -> int:
    """Make a board with exactly one answer from SIZE and ``--seed``: print it as text and
    its codes (or JSON with ``--json``), exit 0; exit 3 when the work budget runs out."""
    import json
    import sys
    import threading
    import time

    from itsutsu.tsunagi.makers import GaveUp, make

    size = parse_size(args.size)
    options: dict[str, object] = {}
    for name in ("pairs", "budget", "portals", "bridges", "blocked"):
        value = getattr(args, name)
        if value is not None:
            options[name] = value
    started = time.monotonic()

    def still_making() -> None:
        print(
            f"making a {size}x{size} board (seed {args.seed}, twist {args.twist or 'none'})...",
            file=sys.stderr,
            flush=True,
        )

    timer = threading.Timer(PROGRESS_AFTER, still_making)
    timer.daemon = True
    timer.start()
    try:
        made = make(size, args.seed, args.twist, **options)
    except ValueError as error:
        raise CliError(str(error)) from None
    except GaveUp as error:
        print(f"gave up: {error}", file=sys.stderr)
        return 3
    finally:
        timer.cancel()
    took = time.monotonic() - started
    if took > PROGRESS_AFTER:
        print(f"made in {took:.1f} s ({made.spent} conflicts)", file=sys.stderr)
    if args.json:
        fields = ("size", "seed", "twist", "pairs", "layout", "answer", "spent", "proofs")
        print(json.dumps({name: getattr(made, name) for name in fields}))
        return 0
    layout = decode_layout(made.layout, size)
    assert layout is not None
    print(board_text(layout), end="")
    print(f"layout {made.layout}")
    print(f"answer {made.answer}")
    print(f"pairs {made.pairs}; {made.spent} conflicts spent making and proving it")
    return 0


def add_commands(parser: argparse.ArgumentParser) -> None:
    """Register the Tsunagi subcommands on ``parser``."""
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    check = commands.add_parser("check", help="check an answer against a layout")
    check.add_argument("size", metavar="SIZE", help="the board's side")
    check.add_argument("layout", metavar="LAYOUT", help="the layout code")
    check.add_argument("answer", metavar="ANSWER", help="the answer code")
    check.set_defaults(run=_cmd_check)

    show = commands.add_parser("show", help="draw a layout (or an answer on it) as text")
    show.add_argument("size", metavar="SIZE", help="the board's side")
    show.add_argument("layout", metavar="LAYOUT", help="the layout code")
    show.add_argument("answer", metavar="ANSWER", nargs="?", help="an answer code for it")
    show.set_defaults(run=_cmd_show)

    drawing = commands.add_parser("draw", help="draw a layout (or an answer on it) as SVG")
    drawing.add_argument("size", metavar="SIZE", help="the board's side")
    drawing.add_argument("layout", metavar="LAYOUT", help="the layout code")
    drawing.add_argument("--answer", metavar="A", help="an answer code whose lines to draw")
    drawing.add_argument("--marks", choices=("colours", "numbers"), default="colours")
    drawing.add_argument("--fill", choices=("marbles", "lines"), default="marbles")
    drawing.add_argument("--colours", default="marble", help="marble, bright, colour-blind, soft")
    drawing.add_argument("--board", default="paper", help="paper, wood, green, blue, red, black")
    drawing.add_argument("--coordinates", action="store_true", help="letters and numbers round")
    drawing.add_argument("--language", default="en", help="en or ja")
    drawing.add_argument("--style", action="store_true", help="embed the stylesheet")
    drawing.add_argument("-o", "--output", metavar="FILE", help="write here, not to stdout")
    drawing.set_defaults(run=_cmd_draw)

    counting = commands.add_parser("count", help="count a layout's answers (SAT solver)")
    counting.add_argument("size", metavar="SIZE", help="the board's side")
    counting.add_argument("layout", metavar="LAYOUT", help="the layout code")
    counting.add_argument("--limit", type=int, default=2, help="stop at this many (default 2)")
    counting.add_argument(
        "--budget", type=int, default=None, help="give up after this many SAT conflicts"
    )
    counting.set_defaults(run=_cmd_count)

    solving = commands.add_parser("solve", help="print a layout's first answer code")
    solving.add_argument("size", metavar="SIZE", help="the board's side")
    solving.add_argument("layout", metavar="LAYOUT", help="the layout code")
    solving.set_defaults(run=_cmd_solve)

    day = commands.add_parser("day", help="print the level of the day for each size")
    day.add_argument("size", metavar="SIZE", nargs="?", help="one size (default: every size)")
    day.add_argument("--date", metavar="YYYY-MM-DD", help="this day rather than today (UTC)")
    day.set_defaults(run=_cmd_day)

    level = commands.add_parser("level", help="print a fixed level as text")
    level.add_argument("size", metavar="SIZE", help="the board's side")
    level.add_argument("n", metavar="N", help="the level's number, 1 first")
    level.add_argument("--set", choices=sizes.TSUNAGI_SETS, default=sizes.CLASSIC)
    level.add_argument("--source", metavar="DIR", help="read the level files in DIR")
    level.add_argument("--answer", action="store_true", help="draw the answer's lines too")
    level.set_defaults(run=_cmd_level)

    making = commands.add_parser(
        "make",
        help="make a board with exactly one answer",
        description="Make a seeded board with exactly one answer (the same seed and options "
        "give the same board everywhere). Exit 0 made, 2 bad input, 3 gave up (out of work).",
    )
    making.add_argument("size", metavar="SIZE", help="the board's side (4 to 60)")
    making.add_argument("--seed", type=int, default=0, help="the seed (default 0)")
    making.add_argument(
        "--twist",
        metavar="NAME",
        help="bridges, walls, waypoints, wrap, portals, hexagon, sparse, strokes, explosions, "
        "or several joined by '+'",
    )
    making.add_argument("--pairs", type=int, help="the most pairs (16 up to 15x15, else 82)")
    making.add_argument("--portals", type=int, help="portal pairs (1-3) with --twist portals")
    making.add_argument("--bridges", type=int, help="bridges with --twist bridges (default 1)")
    making.add_argument("--blocked", type=int, help="blocked cells with --twist walls")
    making.add_argument("--budget", type=int, help="the most SAT conflicts to spend")
    making.add_argument("--json", action="store_true", help="print JSON, not text")
    making.set_defaults(run=_cmd_make)
