"""``itsutsu tsunagi ...``: check, show, count, solve, draw and make Tsunagi boards; the
level of the day and the fixed levels.

Each subcommand is one ``_cmd_*`` function registered in :func:`add_commands`.
"""

from __future__ import annotations

import argparse

from itsutsu.cli.common import (
    EXIT_GAVE_UP,
    EXIT_NO,
    EXIT_OK,
    CliError,
    engine_call,
    parse_budget,
    parse_level_number,
    parse_size,
    print_days,
    role_text,
    today,
)
from itsutsu.cli.refusals import tsunagi_refusal
from itsutsu.common.utf16 import utf16_units
from itsutsu.tsunagi.challenges import challenges_of
from itsutsu.tsunagi.check import (
    BLOCKED_USED,
    BRIDGE_LOST,
    NOT_A_GRID,
    NOT_A_LAYOUT,
    STONE_MOVED,
    WAYPOINT_TAKEN,
    check_answer,
    grid_fault,
)
from itsutsu.tsunagi.drawing.colours import TSUNAGI_COLOUR_SET_NAMES
from itsutsu.tsunagi.drawing.looks import TSUNAGI_BOARD_NAMES
from itsutsu.tsunagi.layout import Layout, decode_layout
from itsutsu.tsunagi.levels import daily, loading, sizes
from itsutsu.tsunagi.text import board_text


def _read_layout(args: argparse.Namespace) -> Layout:
    """Read SIZE and LAYOUT from the command line, or raise ``CliError``."""
    size = parse_size(args.size)
    layout = decode_layout(args.layout, size)
    if layout is None:
        raise CliError(f"{NOT_A_LAYOUT}: {tsunagi_refusal(args.layout, size)}")
    return layout


DEFAULT_BUDGET = "100000"
"""The SAT conflicts ``count`` and ``solve`` spend before they give up (a few seconds)."""

CONTRADICTIONS = (BLOCKED_USED, BRIDGE_LOST, STONE_MOVED, WAYPOINT_TAKEN)
"""Check reasons that mean an answer is not of this board at all (it goes against a stone,
a blocked cell, a bridge or a waypoint): ``show`` refuses to draw such an answer."""


def _not_a_grid(layout: Layout, answer: str) -> str:
    """Say why ``answer`` is not a grid for ``layout``: its length, counted as the codes do."""
    length = len(utf16_units(answer))
    cells = len(layout.cells)
    return f"{NOT_A_GRID}: a {layout.size}x{layout.size} answer has {cells} cells, not {length:,}"


def _cmd_check(args: argparse.Namespace) -> int:
    """Print ``ok`` (exit 0) when ANSWER solves LAYOUT, else the first reason (exit 1).

    A layout that is not one, or an answer that is not a grid of the board's size, is bad
    input rather than a wrong answer: one line on stderr and exit 2.
    """
    layout = _read_layout(args)
    verdict = check_answer(layout.size, args.layout, args.answer)
    if verdict.reason == NOT_A_GRID:
        raise CliError(_not_a_grid(layout, args.answer))
    print("ok" if verdict.ok else verdict.reason)
    return EXIT_OK if verdict.ok else EXIT_NO


def _cmd_show(args: argparse.Namespace) -> int:
    """Print LAYOUT drawn as text, with ANSWER's lines on it when an answer is given.

    With an answer, a last line says ``solved`` (exit 0) or ``not solved: REASON`` (exit 1);
    an answer that is not a full grid or goes against the stones, blocked cells, bridges or
    waypoints is refused (exit 2) rather than drawn.
    """
    layout = _read_layout(args)
    if args.answer is None:
        print(board_text(layout, None), end="")
        return EXIT_OK
    verdict = check_answer(layout.size, args.layout, args.answer)
    if verdict.reason == NOT_A_GRID:
        raise CliError(_not_a_grid(layout, args.answer))
    fault = grid_fault(layout, args.answer)
    if fault is not None or verdict.reason in CONTRADICTIONS:
        raise CliError(f"the answer does not fit the board: {fault or verdict.reason}")
    print(board_text(layout, args.answer), end="")
    print("solved" if verdict.ok else f"not solved: {verdict.reason}")
    return EXIT_OK if verdict.ok else EXIT_NO


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
    done = args.answer is not None and check_answer(layout.size, args.layout, args.answer).ok
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
            done=done,
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
    budget = parse_budget(args.budget)
    result = count_solutions(layout, limit=args.limit, budget=budget)
    noun = "answer" if result.count == 1 else "answers"
    if result.gave_up:
        found = f"at least {result.count} {noun}" if result.count else "no answer found yet"
        head = f"{found} (gave up after {budget:,} conflicts; try a larger --budget)"
    elif result.count >= args.limit:
        head = f"at least {result.count} {noun}"
    else:
        head = f"{result.count} {noun}"
    print(head)
    if result.solution is not None:
        print(board_text(layout, result.solution), end="")
    if result.gave_up:
        return EXIT_GAVE_UP
    return EXIT_OK if result.count else EXIT_NO


def _cmd_solve(args: argparse.Namespace) -> int:
    """Print LAYOUT's first answer code (exit 0), ``no answer`` (exit 1), or that the search
    gave up after ``--budget`` conflicts (exit 3)."""
    from itsutsu.tsunagi.solver.count import count_solutions

    layout = _read_layout(args)
    budget = parse_budget(args.budget)
    result = count_solutions(layout, limit=1, budget=budget)
    if result.solution is not None:
        print(result.solution)
        return EXIT_OK
    if result.gave_up:
        print(f"gave up after {budget:,} conflicts; try a larger --budget")
        return EXIT_GAVE_UP
    print("no answer")
    return EXIT_NO


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


def _answer_for(layout: Layout, answer: str | None) -> str:
    """ANSWER when given and right, else the layout's one answer; CliError otherwise."""
    from itsutsu.tsunagi.solver.count import count_solutions

    if answer is not None:
        fault = grid_fault(layout, answer)
        if fault is not None:
            raise CliError(fault)
        return answer
    result = count_solutions(layout, limit=2)
    if result.solution is None:
        raise CliError("no answer: the layout cannot be solved")
    return result.solution


def _cmd_rate(args: argparse.Namespace) -> int:
    """Measure how hard LAYOUT is by deduction and print the measure, its score and mark.

    Without ANSWER the layout's answer is found first. An ANSWER that does not solve LAYOUT
    is bad input (exit 2).
    """
    from itsutsu.common.levels import mark_of
    from itsutsu.tsunagi.difficulty.measuring import (
        difficulty_figure,
        measure,
        reference_quantiles,
        score,
    )

    layout = _read_layout(args)
    answer = _answer_for(layout, args.answer)
    try:
        found = measure(layout, answer)
    except ValueError as error:
        raise CliError(str(error)) from None
    points = score(found)
    _, provisional = reference_quantiles(layout.size)
    tiers = " ".join(f"{n}" for n in found.steps)
    print(f"score {points} (mark {mark_of(points)}){' provisional' if provisional else ''}")
    print(f"figure {difficulty_figure(found):.4f}")
    print(f"steps by tier {tiers}; hardest tier {found.hardest}; rounds {found.rounds}")
    print(f"guesses {found.guesses} (deepest {found.depth}); first glance {found.glance:.0%}")
    print(f"turns {found.turns}; longest line {found.longest} of {found.cells} cells")
    print(f"forced from the line ends {found.forced:.0%}")
    return 0


def _cmd_hint(args: argparse.Namespace) -> int:
    """Print the next deduction from PROGRESS (a lines code; none: the start) and why."""
    from itsutsu.tsunagi.difficulty.hints import hint

    layout = _read_layout(args)
    answer = _answer_for(layout, args.answer) if args.answer else None
    try:
        found = hint(layout, args.progress, args.language, answer)
    except ValueError as error:
        raise CliError(str(error)) from None
    print(found.words)
    return 0 if found.rule is not None else 1


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
    drawing.add_argument("--colours", choices=TSUNAGI_COLOUR_SET_NAMES, default="marble")
    drawing.add_argument("--board", choices=TSUNAGI_BOARD_NAMES, default="paper")
    drawing.add_argument("--coordinates", action="store_true", help="letters and numbers round")
    drawing.add_argument("--language", choices=("en", "ja"), default="en")
    drawing.add_argument(
        "--no-style",
        dest="style",
        action="store_false",
        help="leave the stylesheet out (for a page that carries it); by default it is embedded",
    )
    drawing.add_argument("--style", action="store_true", help=argparse.SUPPRESS)
    drawing.add_argument("-o", "--output", metavar="FILE", help="write here, not to stdout")
    drawing.set_defaults(run=_cmd_draw, style=True)

    counting = commands.add_parser("count", help="count a layout's answers (SAT solver)")
    counting.add_argument("size", metavar="SIZE", help="the board's side")
    counting.add_argument("layout", metavar="LAYOUT", help="the layout code")
    counting.add_argument("--limit", type=int, default=2, help="stop at this many (default 2)")
    counting.add_argument(
        "--budget",
        default=DEFAULT_BUDGET,
        metavar="B",
        help=f"give up (exit 3) after B SAT conflicts (default {int(DEFAULT_BUDGET):,})",
    )
    counting.set_defaults(run=_cmd_count)

    solving = commands.add_parser("solve", help="print a layout's first answer code")
    solving.add_argument("size", metavar="SIZE", help="the board's side")
    solving.add_argument("layout", metavar="LAYOUT", help="the layout code")
    solving.add_argument(
        "--budget",
        default=DEFAULT_BUDGET,
        metavar="B",
        help=f"give up (exit 3) after B SAT conflicts (default {int(DEFAULT_BUDGET):,})",
    )
    solving.set_defaults(run=_cmd_solve)

    rating = commands.add_parser("rate", help="measure how hard a layout is, and score it")
    rating.add_argument("size", metavar="SIZE", help="the board's side")
    rating.add_argument("layout", metavar="LAYOUT", help="the layout code")
    rating.add_argument("answer", metavar="ANSWER", nargs="?", help="its answer (else solved)")
    rating.set_defaults(run=_cmd_rate)

    hinting = commands.add_parser("hint", help="the next deduction from a position, and why")
    hinting.add_argument("size", metavar="SIZE", help="the board's side")
    hinting.add_argument("layout", metavar="LAYOUT", help="the layout code")
    hinting.add_argument("progress", metavar="PROGRESS", nargs="?", help="a lines code")
    hinting.add_argument("--answer", metavar="A", help="the answer (for wrong cells, fallback)")
    hinting.add_argument("--language", default="en", help="en or ja")
    hinting.set_defaults(run=_cmd_hint)

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
