"""``make``: the one door to the makers, from a size, a seed and a twist to a proved board."""

from __future__ import annotations

import math
from dataclasses import dataclass

from itsutsu.common.notebook_repr import lazy, shown_in_notebooks
from itsutsu.common.random import Random, fnv1a, pick_index, seeded_random
from itsutsu.tsunagi.alphabet import CELL_BLOCKED, CELL_BRIDGE, MOST_PAIRS, sparse_most
from itsutsu.tsunagi.challenges import CHALLENGES, challenges_of
from itsutsu.tsunagi.makers.boards import Board, Extras
from itsutsu.tsunagi.makers.candidates import (
    JOIN_GREED,
    PROOF_BUDGET,
    OutOfWork,
    Rescue,
    Work,
    _join_state,
    _sparse_candidate,
    proved_board,
)
from itsutsu.tsunagi.makers.fillings import (
    TINY,
    Shape,
    every_filling,
    plain_shape,
    random_filling,
)
from itsutsu.tsunagi.makers.twists import (
    crosses_wrap,
    with_blocked,
    with_bridges,
    with_explosions,
    with_portals,
    with_strokes,
)

TWISTS = (
    "bridges",
    "walls",
    "waypoints",
    "wrap",
    "portals",
    "explosions",
    "strokes",
    "hexagon",
    "sparse",
)
"""The twists :func:`make` knows (the challenge names), joined by ``+`` in its ``twist``."""
SMALL_MOST_PAIRS = 16
"""The most pairs a board up to 15x15 gets unless asked otherwise."""

CELLS_PER_PAIR_BIG = 10.5
"""Above 15x15 a board gets one pair per this many cells unless asked otherwise (at most
``MOST_PAIRS``): 38 at 20x20 and 60 at 25x25, the middle of the original's published big
levels (19-49 and 25-73 pairs), and the 82 cap from 30x30 up."""


def default_pairs(size: int) -> int:
    """The most pairs a ``size`` x ``size`` board gets when ``pairs`` is not given: 16 up to
    15x15, one per :data:`CELLS_PER_PAIR_BIG` cells above (at most 82)."""
    if size <= 15:
        return SMALL_MOST_PAIRS
    return min(MOST_PAIRS, math.floor(size * size / CELLS_PER_PAIR_BIG + 0.5))


GREEDY_FROM = 14
"""From this side a board that must carry waypoints, or walls beside a blocked cell, takes
the greedy filling of plain boards."""

BIG_FROM = 16
"""Boards from this side up are made by the big-board maker (joins proved incrementally)."""
OPTIONS = (
    "pairs",
    "bridges",
    "walls",
    "blocked",
    "waypoints",
    "portals",
    "budget",
    "teaching",
    "blast",
)
"""The options :func:`make` takes."""


BIG_PROOF_BUDGET = 4_000
"""The most conflicts one join's proof may take on a big board: a join whose proof needs
more is refused (there are many others to try), so no single join costs much."""


BIG_RETRIES = (16_000, 64_000)
"""The larger budgets a big board's join is tried again with once it ran out of
:data:`BIG_PROOF_BUDGET` and no fresh join holds (a filling stuck a few joins above its
target is carried on rather than thrown away)."""


BIG_PIECE_FROM = 36
BIG_PIECE = 8
"""From 36x36 up the filling is cut into pieces of 3 to 8 cells (not 4): a board of
pieces that long still has one answer, and it needs far fewer joins."""


class GaveUp(Exception):
    """A maker spent its whole work budget without a board."""


@shown_in_notebooks(
    lazy("itsutsu.tsunagi.drawing.shown", "made_summary"),
    lazy("itsutsu.tsunagi.drawing.shown", "made_svg"),
    html=lazy("itsutsu.tsunagi.drawing.shown", "made_html"),
)
@dataclass(frozen=True)
class Made:
    """A board :func:`make` made and proved to have exactly one answer (counting the answers
    the check accepts).

    ``layout`` and ``answer`` are its codes; ``seed``, ``size`` and ``twist`` are what was
    asked; ``pairs`` its lines; ``spent`` the work of the making in SAT conflicts (every
    proof, kept boards and refused ones alike); ``proofs`` how many counts were run and
    ``attempts`` how many fillings were drawn.
    """

    layout: str
    answer: str
    seed: int
    size: int
    pairs: int
    twist: str | None
    spent: int
    proofs: int
    attempts: int


def default_budget(size: int) -> int:
    """The work :func:`make` may spend on one board by default, in SAT conflicts."""
    return 2_000_000 + 20_000 * size * size


def _twists_of(twist: str | None) -> tuple[str, ...]:
    if twist is None or twist == "" or twist == "plain":
        return ()
    if not isinstance(twist, str):
        raise ValueError(f"twist must be None or names joined by '+', not {twist!r:.40}")
    names = twist.split("+")
    for name in names:
        if name not in TWISTS:
            raise ValueError(f"unknown twist {name!r}: the twists are {', '.join(TWISTS)}")
    return tuple(name for name in TWISTS if name in names)


def _whole(options: dict[str, object], name: str, default: int, least: int = 0) -> int:
    value = options.get(name, default)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ValueError(f"{name} must be a whole number from {least} up, not {value!r:.40}")
    return value


_BIG_TWISTS = frozenset({"wrap", "walls", "waypoints", "portals", "strokes", "explosions"})
"""The challenges a board from ``BIG_FROM`` up may carry (bridges, hexagons and sparse
boards are small-board twists)."""


def _check(size: object, seed: object, twists: tuple[str, ...], options: dict[str, object]) -> None:
    if isinstance(size, bool) or not isinstance(size, int) or not 4 <= size <= 60:
        raise ValueError(f"size must be a whole number from 4 to 60, not {size!r:.40}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r:.40}")
    for name in options:
        if name not in OPTIONS:
            raise ValueError(f"unknown option {name!r}: the options are {', '.join(OPTIONS)}")
    if "hexagon" in twists:
        if size % 2 == 0 or size < 5:
            raise ValueError(f"a hexagon needs an odd size from 5 up, not {size}")
        for other in ("wrap", "walls", "bridges", "portals"):
            if other in twists:
                raise ValueError(f"a hexagon cannot have {other}")
    if "portals" in twists and ("bridges" in twists or "wrap" in twists):
        raise ValueError("portals go only on square boards without bridges or wrap")
    if "sparse" in twists and size > 15:
        raise ValueError(f"sparse boards are made up to 15x15, not {size}")
    if size >= BIG_FROM and set(twists) - _BIG_TWISTS:
        raise ValueError(
            f"boards from {BIG_FROM}x{BIG_FROM} up take only wrap, walls, waypoints, portals, "
            "strokes and explosions"
        )


def make(size: int, seed: int, twist: str | None = None, **options: object) -> Made:
    """Make a board of side ``size`` from ``seed`` with exactly one answer.

    ``twist`` is ``None`` (a plain board) or challenge names joined by ``+``: ``bridges``,
    ``walls``, ``waypoints``, ``wrap``, ``portals``, ``hexagon`` (odd sizes), ``sparse``,
    and the rules of play ``strokes`` and ``explosions`` (written onto the board). The board
    carries exactly the challenges asked. Options: ``pairs`` (the most lines; 16 up to
    15x15, one per 10.5 cells above, at most 82: :func:`default_pairs`), ``bridges`` (how
    many, default 1), ``walls`` (the most walls, default 4), ``blocked`` (blocked cells,
    default 0, but 1 for ``walls`` from 16x16 up, where a board at its pair count seldom
    needs a wall),
    ``waypoints`` (the most, default 3), ``portals`` (portal pairs, 1 to 3, default 1),
    ``teaching`` (stroke limit and explosions of a level that teaches them), ``blast`` (a
    blast rather than a boom) and ``budget`` (the most SAT conflicts to spend).

    The same arguments give the same board on every machine. Every board is proved with
    :func:`itsutsu.tsunagi.count_solutions_of_level` (``rule="check"``) to have one answer,
    the one returned. Raises :class:`GaveUp` when the budget runs out, ``ValueError`` for a
    wrong argument.
    """
    twists = _twists_of(twist)
    _check(size, seed, twists, options)
    most_pairs = _whole(options, "pairs", default_pairs(size), 1)
    most_pairs = min(most_pairs, MOST_PAIRS)
    if "sparse" in twists:
        most_pairs = min(most_pairs, sparse_most(size))
    budget = _whole(options, "budget", default_budget(size), 1)
    portals = _whole(options, "portals", 1, 1) if "portals" in twists else 0
    if portals > 3:
        raise ValueError(f"portals must be 1, 2 or 3 pairs, not {portals}")
    random = seeded_random((seed + fnv1a(f"tsunagi:{size}:{'+'.join(twists)}")) & 0xFFFFFFFF)
    big = size >= BIG_FROM
    work = Work(
        budget,
        limit=BIG_PROOF_BUDGET if big else PROOF_BUDGET,
        retries=BIG_RETRIES if big else (),
    )
    attempts = 0
    wanted = tuple(name for name in CHALLENGES if name in twists)
    try:
        while True:
            attempts += 1
            board = _attempt(size, random, work, twists, options, most_pairs, portals)
            if board is None or board.layout.pairs > most_pairs:
                continue
            code = board.code
            if "explosions" in twists:
                code = with_explosions(
                    code, size, bool(options.get("teaching")), bool(options.get("blast"))
                )
            if "strokes" in twists:
                code = with_strokes(code, size, board.answer, bool(options.get("teaching")))
            if tuple(challenges_of(code)) != wanted:
                continue
            return Made(
                code,
                board.answer,
                seed,
                size,
                board.layout.pairs,
                twist,
                work.spent,
                work.proofs,
                attempts,
            )
    except OutOfWork:
        raise GaveUp(
            f"no {size}x{size} board{' with ' + twist if twist else ''} within "
            f"{budget} conflicts (seed {seed}, {attempts} fillings)"
        ) from None


def _shape(
    size: int, random: Random, twists: tuple[str, ...], options: dict[str, object]
) -> Shape | None:
    shape = plain_shape(size, "wrap" in twists, "hexagon" in twists)
    if "walls" in twists or "blocked" in options:
        blocked = _whole(options, "blocked", 1 if "walls" in twists and size >= BIG_FROM else 0)
        if blocked:
            shape = with_blocked(shape, random, blocked)
    if "bridges" in twists:
        return with_bridges(shape, random, _whole(options, "bridges", 1, 1))
    return shape


def _attempt(
    size: int,
    random: Random,
    work: Work,
    twists: tuple[str, ...],
    options: dict[str, object],
    most_pairs: int,
    portals: int,
) -> Board | None:
    shape = _shape(size, random, twists, options)
    if shape is None:
        return None
    if "sparse" in twists:
        return _sparse_candidate(shape, random, work)
    longest = 3 * size
    if not portals and not rescue_wanted(twists) and _tiny(shape):
        return _tiny_board(shape, random, work, longest)
    # Small boards that must carry walls or waypoints get less greedy fillings (more joins
    # refused, so more rescued); big ones are rescued past their target instead, and a less
    # greedy filling there only leaves them stuck above it. From 14x14 a waypoints board,
    # and a walls board whose blocked cells show the twist, take the greedy one too: the
    # other's shorter lines run out of joins at 17-24 lines, over the 16 they may have, on
    # nearly every draw (a 15x15 waypoints board found none in 5 minutes; greedy, a median
    # 17 s), and the stone shifts once no join is left still give them their waypoints.
    greedy = size >= GREEDY_FROM and ("waypoints" in twists or CELL_BLOCKED in shape.cells)
    wanting = rescue_wanted(twists) and size < BIG_FROM and not greedy
    greed = 0.7 if wanting else JOIN_GREED
    filling = random_filling(shape, random, longest, greed)
    if filling is None:
        return None
    keep: frozenset[int] = frozenset()
    extras = Extras()
    if portals:
        laid = with_portals(shape, filling, random, portals)
        if laid is None:
            return None
        filling, pairs = laid
        keep = frozenset(at for pair in pairs for at in pair)
        extras = Extras(portals=pairs)
    rescue = Rescue(
        walls=_whole(options, "walls", 4) if "walls" in twists else 0,
        waypoints=_whole(options, "waypoints", 3) if "waypoints" in twists else 0,
    )
    fewest = most_pairs if size >= BIG_FROM else 1
    piece = BIG_PIECE if size >= BIG_PIECE_FROM else 4
    state = _join_state(shape, random, work, longest, piece, fewest, filling, extras, rescue, keep)
    if state is None:
        return None
    if shape.wrap and not crosses_wrap(size, tuple(state.lines)):
        return None
    return state.board


def _tiny(shape: Shape) -> bool:
    return len(shape.open_cells) <= TINY and CELL_BRIDGE not in shape.cells


def _tiny_board(shape: Shape, random: Random, work: Work, longest: int) -> Board | None:
    """A tiny board straight from a filling, without joins: on a square board a filling
    drawn evenly from every filling there is (random fillings of a 4x4 repeat a few shapes
    over and over), on a wrapping one (too many fillings to list) a random filling that
    crosses the join. Proved as every board is."""
    if shape.wrap:
        filling = random_filling(shape, random, longest)
        if filling is None or not crosses_wrap(shape.size, filling):
            return None
    else:
        fillings = every_filling(shape)
        if not fillings:
            return None
        filling = fillings[pick_index(random, len(fillings))]
    return proved_board(shape, filling, work)


def rescue_wanted(twists: tuple[str, ...]) -> bool:
    """Whether the board must carry walls or waypoints that a join needs (their fillings
    are drawn less greedily, so more joins are refused and rescued)."""
    return "walls" in twists or "waypoints" in twists
