"""``itsutsu suido ...``: check, show, solve and draw Suido boards; the level of the day and
the fixed levels.

Each subcommand is one ``_cmd_*`` function registered in :func:`add_commands`.
"""

from __future__ import annotations

import argparse
import json

from itsutsu.cli.common import (
    EXIT_GAVE_UP,
    EXIT_NO,
    EXIT_OK,
    CliError,
    engine_call,
    parse_level_number,
    print_days,
    role_text,
    shown,
    today,
    write_output,
)
from itsutsu.cli.refusals import suido_refusal
from itsutsu.suido.check import NOT_AN_ANSWER, OTHER_BOARD, check_answer
from itsutsu.suido.code import Layout, decode_layout, encode_layout, with_masks
from itsutsu.suido.drawing.svg import DrawOptions, draw
from itsutsu.suido.drawing.thumb import draw_thumb
from itsutsu.suido.game import game_from_code
from itsutsu.suido.levels import daily, loading, sizes
from itsutsu.suido.levels.files import LevelRow
from itsutsu.suido.makers.made import GaveUp
from itsutsu.suido.makers.options import MakeOptions
from itsutsu.suido.makers.scored import make
from itsutsu.suido.rows import declared_twists, level_solution
from itsutsu.suido.solver.count import solve
from itsutsu.suido.text import board_text
from itsutsu.suido.twists import twists_of


def _board(code: str) -> Layout:
    """Return the decoded board ``code``, or raise :class:`CliError`."""
    layout = decode_layout(code)
    if layout is None:
        raise CliError(f"{shown(code)} is not a Suido board code: {suido_refusal(code)}")
    return layout


def _shape(layout: Layout) -> str:
    """Describe a board's size, kind and wrap, e.g. ``5x5 network`` or ``7x7 drains wrapping``."""
    wrap = " wrapping" if layout.wrap else ""
    return f"{layout.width}x{layout.height} {layout.kind}{wrap}"


def _cmd_check(args: argparse.Namespace) -> int:
    """Print ``ok`` (exit 0) when ANSWER solves BOARD, else the reason (exit 1).

    An answer that is no Suido code, or the code of a board of another size, kind or wrap,
    is bad input rather than a wrong answer: one line on stderr and exit 2.
    """
    layout = _board(args.board)
    verdict = check_answer(args.board, args.answer)
    if verdict.reason == NOT_AN_ANSWER:
        raise CliError(f"{NOT_AN_ANSWER}: {suido_refusal(args.answer)}")
    if verdict.reason == OTHER_BOARD:
        answer = decode_layout(args.answer)
        assert answer is not None  # it decoded, or the reason would be NOT_AN_ANSWER
        raise CliError(f"the answer is a {_shape(answer)} board, not a {_shape(layout)} one")
    print("ok" if verdict.ok else verdict.reason)
    return EXIT_OK if verdict.ok else EXIT_NO


def _cmd_show(args: argparse.Namespace) -> int:
    """Print BOARD drawn as text, with ANSWER's pieces when an answer code is given; with
    an answer, exit 0 when it solves the board and 1 when it does not (the text says which)."""
    layout = _board(args.board)
    masks = None
    if args.answer is not None:
        answer = decode_layout(args.answer)
        if answer is None:
            why = suido_refusal(args.answer)
            raise CliError(f"{shown(args.answer)} is not a Suido answer code: {why}")
        if _shape(answer) != _shape(layout):
            raise CliError(f"the answer is a {_shape(answer)} board, not a {_shape(layout)} one")
        masks = answer.cells
    print(board_text(layout, masks), end="")
    if args.answer is None:
        return EXIT_OK
    return EXIT_OK if check_answer(args.board, args.answer).ok else EXIT_NO


def _whole(text: str, name: str, least: int) -> int:
    """Read a whole number of at least ``least`` for option ``name``, or raise CliError."""
    if not text.isascii() or not text.isdigit() or int(text) < least:
        raise CliError(f"{name} must be a whole number at least {least}, not {shown(text)}")
    return int(text)


BUDGET_WORK = 4_000_000
"""The default ``--budget`` is this many cell visits' worth of positions (a position costs
about one visit per cell): a few seconds on any board up to 64x64."""


def default_budget(layout: Layout) -> int:
    """Return the positions ``solve`` spends on ``layout`` unless told otherwise: 4,000,000
    divided by the cells, between 1,000 and the original's 200,000 (every level of the
    original's sets needs fewer than 300)."""
    return max(1_000, min(200_000, BUDGET_WORK // len(layout.cells)))


def _cmd_solve(args: argparse.Namespace) -> int:
    """Print how many answers BOARD has and the first one's code: exit 0 with an answer, 1
    with none, 3 when the search gave up after ``--budget`` positions."""
    layout = _board(args.board)
    limit = _whole(args.limit, "--limit", 1)
    budget = default_budget(layout) if args.budget is None else _whole(args.budget, "--budget", 0)
    found = solve(layout, limit, budget)
    noun = "answer" if found.count == 1 else "answers"
    if not found.complete and not found.count:
        print("no answer found yet")
    elif found.count >= limit or not found.complete:
        print(f"at least {found.count} {noun}")
    else:
        print(f"{found.count} {noun}")
    if not found.complete:
        print(f"gave up after {budget:,} positions; try a larger --budget")
    if found.solutions:
        print(encode_layout(with_masks(layout, found.solutions[0])))
    if not found.complete:
        return EXIT_GAVE_UP
    return EXIT_OK if found.count else EXIT_NO


def _cmd_draw(args: argparse.Namespace) -> int:
    """Write BOARD (or its pieces as in ANSWER) as SVG text to a file or standard output."""
    layout = _board(args.board)
    masks = None
    quarters = None
    if args.answer is not None:
        game = game_from_code(args.board, args.answer)
        if game is None:
            raise CliError(f"{shown(args.answer)} is not this board with its pieces turned")
        masks, quarters = game.masks, game.quarters
    if args.thumb:
        text = draw_thumb(layout, masks, style=args.style)
    else:
        text = draw(layout, DrawOptions(masks=masks, quarters=quarters, style=args.style))
    write_output(text, args.output)
    return 0


def _cmd_day(args: argparse.Namespace) -> int:
    """Print the level of the day, ``SIZE LEVEL``, for SIZE or for every size."""
    chosen: tuple[str, ...] = sizes.SUIDO_SIZES
    if args.size is not None:
        chosen = (engine_call(lambda: sizes.known_size(args.size, "day")),)
    when = args.date if args.date is not None else today()
    date = engine_call(lambda: daily.day(when))
    print_days((size, daily.daily_level(size, date)) for size in chosen)
    return 0


def _cmd_level(args: argparse.Namespace) -> int:
    """Print level N of SIZE (or of the big-pieces set, SIZE ``big``) as text, with its
    number, mark, band and twists (and what it teaches or tests)."""
    number = parse_level_number(args.n)
    if args.size == "big":
        big = engine_call(lambda: loading.big_level(number, args.source))
        row = LevelRow(big.board, big.turns, big.twists, big.mark)
        count = len(loading.big_levels(args.source))
        role = loading.big_role(number, args.source)
        head = f"suido big pieces ({big.size}), level {number} of {count}, mark {big.mark}, "
        head += f"score {big.score}, {sizes.big_band(number)}"
    else:
        row = engine_call(lambda: loading.level(args.size, number, args.source))
        count = len(loading.levels(args.size, args.source))
        role = loading.role(args.size, number, args.source)
        band = sizes.band(args.size, number)
        head = f"suido {args.size}, level {number} of {count}, mark {row.mark}, {band}"
    layout = decode_layout(row.board)
    assert layout is not None  # the loader refuses a board that does not decode
    masks = level_solution(row[:3]) if args.answer else None
    print(head)
    print(role_text(declared_twists(row[:3]), role, "twists"))
    print(board_text(layout, masks), end="")
    return 0


def _answer_of(layout: Layout, code: str | None) -> tuple[int, ...] | int:
    """The answer's masks (from ``code`` or the solver), or the exit status when there is none."""
    if code is not None:
        answer = decode_layout(code)
        if answer is None:
            raise CliError(f"{code!r} is not a Suido answer code")
        verdict = check_answer(encode_layout(layout), code)
        if not verdict.ok:
            raise CliError(f"the answer does not solve the board: {verdict.reason}")
        return answer.cells
    found = solve(layout, 1)
    if not found.solutions:
        print("no answer" if found.complete else "gave up: the search ran out of budget")
        return 1 if found.complete else 3
    return found.solutions[0]


def _cmd_rate(args: argparse.Namespace) -> int:
    """Print BOARD's difficulty measure and its score 1-100 (exit 1 if it has no answer)."""
    from itsutsu.suido.difficulty import TIERS, exact_score, measure, score

    layout = _board(args.board)
    answer = _answer_of(layout, args.answer)
    if isinstance(answer, int):
        return answer
    m = engine_call(lambda: measure(layout, answer))
    print(f"score {score(m)} (exact {exact_score(m):.2f}), {_shape(layout)}")
    steps = ", ".join(f"{name} {n}" for name, n in zip(TIERS, m.steps, strict=True))
    print(f"steps: {steps}; hardest tier {m.hardest}")
    print(f"guesses {m.guesses} (depth {m.depth}); search {m.search}")
    print(f"obscure {m.obscure:.3f}, rounds {m.rounds}, unsettled {m.unsettled:.3f}")
    print(f"pieces {m.pieces}, turns {m.turns}, spares {m.spares:.3f}")
    return 0


def _cmd_hint(args: argparse.Namespace) -> int:
    """Print the next step on BOARD from PROGRESS and why (exit 1 when nothing is left)."""
    from itsutsu.suido.difficulty import hint

    layout = _board(args.board)
    found = engine_call(lambda: hint(layout, args.progress))
    if found is None:
        print("nothing to hint: every settled piece already faces its way")
        return 1
    print(found.words("ja" if args.lang == "ja" else "en"))
    return 0


def _make_size(text: str) -> tuple[int, int]:
    """Read ``7`` or ``7x9`` (width x height) for ``make``, or raise CliError."""
    width, cross, height = text.partition("x")
    if not cross:
        height = width
    if not (width.isascii() and width.isdigit() and height.isascii() and height.isdigit()):
        raise CliError(f"{text!r} is not a board size (like 7 or 7x9)")
    return int(width), int(height)


def _cmd_make(args: argparse.Namespace) -> int:
    """Make a board with exactly one answer; print its code, its answer and how it was made.

    Exit 0 with a board, 2 for options that make no board, 3 when the generator gave up.
    """
    width, height = _make_size(args.size)
    counts = {
        name: _whole(value, flag, 0)
        for name, value, flag in (
            ("sources", args.pumps, "--pumps"),
            ("locked", args.locked, "--locked"),
            ("walls", args.walls, "--walls"),
            ("bigs", args.squares, "--squares"),
            ("blocks", args.blocks, "--blocks"),
        )
        if value is not None
    }
    seed = _whole(args.seed, "--seed", 0) if args.seed is not None else None
    difficulty = None
    if args.difficulty is not None:
        difficulty = _whole(args.difficulty, "--difficulty", 1)
    options = MakeOptions(
        width=width,
        height=height,
        kind=args.kind,
        wrap=args.wrap,
        seed=seed,
        difficulty=difficulty,
        **counts,
    )
    try:
        made = engine_call(lambda: make(options))
    except GaveUp as error:
        print(f"gave up: {error}")
        return 3
    if args.json:
        layout = decode_layout(made.code)
        assert layout is not None
        print(
            json.dumps(
                {
                    "code": made.code,
                    "answer": made.answer,
                    "seed": made.seed,
                    "difficulty": round(made.difficulty, 2),
                    "tried": made.tried,
                    "discarded": made.discarded,
                    "twists": list(twists_of(layout)),
                }
            )
        )
        return 0
    print(made.code)
    print(made.answer)
    print(f"seed {made.seed}, difficulty {made.difficulty:.0f}, tried {made.tried}")
    return 0


def _add_make(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``make``."""
    maker = commands.add_parser(
        "make",
        help="make a board with exactly one answer",
        epilog="exit status: 0 a board made, 2 bad options, 3 the generator gave up",
    )
    maker.add_argument("size", metavar="SIZE", help="7 for 7x7, or WIDTHxHEIGHT (2 to 64)")
    maker.add_argument("--kind", choices=("network", "drains", "inlet-outlet"), default="network")
    maker.add_argument("--wrap", action="store_true", help="the edges join")
    maker.add_argument("--pumps", metavar="N", help="pumps (default 1)")
    maker.add_argument("--locked", metavar="N", help="locked pieces")
    maker.add_argument("--walls", metavar="N", help="walls")
    maker.add_argument("--squares", metavar="N", help="big pieces (network only)")
    maker.add_argument("--blocks", metavar="N", help="blocks that turn (network only)")
    maker.add_argument("--difficulty", metavar="D", help="aim at this difficulty, 1 to 100")
    maker.add_argument("--seed", metavar="N", help="the seed (default 1)")
    maker.add_argument("--json", action="store_true", help="print one JSON object")
    maker.set_defaults(run=_cmd_make)


def add_commands(parser: argparse.ArgumentParser) -> None:
    """Register the Suido subcommands on ``parser``."""
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    check = commands.add_parser("check", help="check an answer code against a board code")
    check.add_argument("board", metavar="BOARD", help="the board code")
    check.add_argument("answer", metavar="ANSWER", help="the answer code")
    check.set_defaults(run=_cmd_check)

    show = commands.add_parser("show", help="draw a board (or an answer on it) as text")
    show.add_argument("board", metavar="BOARD", help="the board code")
    show.add_argument("answer", metavar="ANSWER", nargs="?", help="an answer code for the board")
    show.set_defaults(run=_cmd_show)

    solver = commands.add_parser("solve", help="count a board's answers and print the first")
    solver.add_argument("board", metavar="BOARD", help="the board code")
    solver.add_argument("--limit", default="2", metavar="N", help="stop at N answers (default 2)")
    solver.add_argument(
        "--budget",
        default=None,
        metavar="B",
        help="give up (exit 3) after B search positions (default: 4,000,000 / cells, "
        "from 1,000 to 200,000: a few seconds)",
    )
    solver.set_defaults(run=_cmd_solve)

    drawing = commands.add_parser("draw", help="draw a board (or an answer on it) as SVG")
    drawing.add_argument("board", metavar="BOARD", help="the board code")
    drawing.add_argument("--answer", metavar="A", help="the board with its pieces turned")
    drawing.add_argument("--thumb", action="store_true", help="a small picture, not animated")
    drawing.add_argument(
        "--no-style",
        dest="style",
        action="store_false",
        help="leave the stylesheet out (for a page that carries it); by default it is embedded",
    )
    drawing.add_argument("--style", action="store_true", help=argparse.SUPPRESS)
    drawing.add_argument("-o", "--output", metavar="FILE", help="write here, not to stdout")
    drawing.set_defaults(run=_cmd_draw, style=True)

    day = commands.add_parser("day", help="print the level of the day for each size")
    day.add_argument("size", metavar="SIZE", nargs="?", help="one size, e.g. 7x7 (default: all)")
    day.add_argument("--date", metavar="YYYY-MM-DD", help="this day rather than today (UTC)")
    day.set_defaults(run=_cmd_day)

    level = commands.add_parser("level", help="print a fixed level as text")
    level.add_argument("size", metavar="SIZE", help="the size, e.g. 7x7, or big (big pieces)")
    level.add_argument("n", metavar="N", help="the level's number, 1 first")
    level.add_argument("--source", metavar="DIR", help="read the level files in DIR")
    level.add_argument("--answer", action="store_true", help="draw the pieces turned to the answer")
    level.set_defaults(run=_cmd_level)

    rate = commands.add_parser("rate", help="measure a board's difficulty and score it 1-100")
    rate.add_argument("board", metavar="BOARD", help="the board code")
    rate.add_argument("answer", metavar="ANSWER", nargs="?", help="its answer (default: solved)")
    rate.set_defaults(run=_cmd_rate)

    hinting = commands.add_parser("hint", help="print the next step a person can take, and why")
    hinting.add_argument("board", metavar="BOARD", help="the board code")
    hinting.add_argument(
        "progress", metavar="PROGRESS", nargs="?", help="turns so far, e.g. 0100:1 (default none)"
    )
    hinting.add_argument("--lang", default="en", choices=("en", "ja"), help="the words' language")
    hinting.set_defaults(run=_cmd_hint)
    _add_make(commands)
