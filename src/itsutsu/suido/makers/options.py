"""What a caller may ask of the Suido generator, and how the asked-for values are settled.

:class:`MakeOptions` holds the options as given (any field may be left ``None`` for its
default); :func:`resolve` checks them once and settles every default into a :class:`Settled`
record the generator reads without further checks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from itsutsu.common.guards import is_whole, type_name
from itsutsu.common.random import round_half_up, to_uint32
from itsutsu.suido.code import KINDS, MAX_SIDE

DEFAULT_SIDE = 7
"""The side of a board when neither a size nor a width is given."""
DEFAULT_ATTEMPTS = 60
"""Boards tried for a difficulty target when ``attempts`` is not given."""
DEFAULT_TOLERANCE = 4.0
"""How near a difficulty target is near enough when ``tolerance`` is not given."""

NOT_IO_WRAP = (
    "An inlet-outlet board does not wrap: its water runs from the top left to the bottom right."
)
"""The refusal of an inlet-outlet board that wraps."""
NOT_IO_ENDS = "An inlet-outlet board has one pump and one drain."
"""The refusal of an inlet-outlet board asked for other than one pump and one drain."""
SQUARES_NEED_NETWORK = "Only a network can have big pieces or blocks that turn."
"""The refusal of big pieces or turning blocks on a drains or inlet-outlet board."""


@dataclass(frozen=True)
class MakeOptions:
    """What to make: a Suido board's size, kind and twists, and the seed that fixes it.

    Every field may be ``None`` for its default. ``seed``: any number (wrapped to 32 bits;
    default 1). ``size`` is the side of a square board; ``width`` and ``height`` override it
    (default 7 x 7; ``height`` defaults to ``width``). ``kind``: ``"network"`` (every piece
    wet; the default), ``"drains"`` (every drain wet, spare pieces stay dry) or
    ``"inlet-outlet"`` (one path from the pump at the top left to the drain at the bottom
    right, decoys around it). ``wrap``: the edges join. ``sources``: pumps (default 1; at most
    one per six cells). ``drains``: drains on a drains board (default 0.8 x the square root of
    the cells, at least one per pump). ``spares``: the share 0..1 of the unused ground that
    holds a spare or decoy piece (default 0.5; 0.85 on inlet-outlet). ``bias``: 0 bushy to 1
    snaking pipes (default drawn per board). ``locked``, ``walls``, ``bigs`` (big pieces) and
    ``blocks`` (2 x 2 blocks that turn together, network only): how many of each.
    ``difficulty``: a target 1..100 for :func:`make` (none: one board is made);
    ``attempts``: boards tried for it (default 60); ``tolerance``: near enough (default 4).
    ``budget``: search positions allowed to prove one board has one answer (default 4000 on
    boards over 400 cells, else 20000, and 20 per cell from 1000 cells); a board the solver
    cannot prove within it is thrown away.
    """

    seed: int | float | None = None
    size: int | None = None
    width: int | None = None
    height: int | None = None
    kind: str | None = None
    wrap: bool | None = None
    sources: int | float | None = None
    drains: int | float | None = None
    spares: float | None = None
    bias: float | None = None
    locked: int | float | None = None
    walls: int | float | None = None
    bigs: int | float | None = None
    blocks: int | float | None = None
    difficulty: float | None = None
    attempts: int | float | None = None
    tolerance: float | None = None
    budget: int | None = None


@dataclass(frozen=True)
class Settled:
    """The options with every default settled and every value checked (internal)."""

    seed: int
    width: int
    height: int
    kind: str
    wrap: bool
    sources: int
    drains: int
    spares: float
    bias: float | None
    locked: int
    walls: int
    bigs: int
    blocks: int
    difficulty: float | None
    attempts: int
    tolerance: float
    budget: int


def _number(value: object, name: str) -> float | None:
    """Return ``value`` as a float, None when absent; raise ValueError if it is no number."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value):
        raise ValueError(f"make: {name} must be a number, not {type_name(value)}: {value!r:.40}")
    return float(value)


def _count(value: object, name: str) -> int:
    """A count option: ``max(0, floor(value))``, 0 when absent."""
    number = _number(value, name)
    if number is None:
        return 0
    if math.isinf(number):
        raise ValueError(f"make: {name} must be a finite number, not {value!r}")
    return max(0, math.floor(number))


def _side(value: object, name: str) -> int | None:
    """A side option: a whole number or None."""
    if value is None:
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if not is_whole(value):
        raise ValueError(f"make: {name} must be a whole number, not {value!r:.40}")
    assert isinstance(value, int)
    return value


def default_budget(cells: int) -> int:
    """The default proof budget in search positions for a board of ``cells`` cells."""
    if cells >= 1000:
        return 20 * cells
    return 4000 if cells > 400 else 20000


def resolve(options: MakeOptions) -> Settled:
    """Check ``options`` and settle their defaults; raise ValueError saying what is wrong."""
    if not isinstance(options, MakeOptions):
        raise ValueError(f"make: options must be MakeOptions, not {type_name(options)}")
    if options.seed is None:
        seed = 1
    elif isinstance(options.seed, bool) or not isinstance(options.seed, (int, float)):
        raise ValueError(f"make: seed must be a number, not {type_name(options.seed)}")
    else:
        seed = to_uint32(options.seed)
    size = _side(options.size, "size")
    width = _side(options.width, "width")
    height = _side(options.height, "height")
    width = width if width is not None else size if size is not None else DEFAULT_SIDE
    height = height if height is not None else size if size is not None else width
    kind = "network" if options.kind is None else options.kind
    if kind not in KINDS:
        raise ValueError(f"make: kind must be one of {', '.join(KINDS)}, not {kind!r:.40}")
    if options.wrap is not None and not isinstance(options.wrap, bool):
        raise ValueError(f"make: wrap must be True or False, not {type_name(options.wrap)}")
    wrap = bool(options.wrap)
    least = 3 if wrap else 2
    if not (least <= width <= MAX_SIDE and least <= height <= MAX_SIDE):
        raise ValueError(f"Not a board size: {width}\u00d7{height}")
    cells = width * height
    given_sources = _number(options.sources, "sources")
    given_drains = _number(options.drains, "drains")
    if kind == "inlet-outlet":
        if wrap:
            raise ValueError(NOT_IO_WRAP)
        if (given_sources is not None and given_sources != 1) or (
            given_drains is not None and given_drains != 1
        ):
            raise ValueError(NOT_IO_ENDS)
        if width < 3 or height < 3:
            raise ValueError(f"Not an inlet-outlet board size: {width}\u00d7{height}")
        sources = drains = 1
    else:
        asked = 1.0 if given_sources is None else given_sources
        if math.isinf(asked):
            raise ValueError("make: sources must be a finite number")
        sources = min(max(1, math.floor(asked)), max(1, cells // 6))
        wanted = round_half_up(math.sqrt(cells) * 0.8) if given_drains is None else given_drains
        if math.isinf(wanted):
            raise ValueError("make: drains must be a finite number")
        drains = max(sources, math.floor(wanted))
    spares = _number(options.spares, "spares")
    if spares is None:
        spares = 0.85 if kind == "inlet-outlet" else 0.5
    spares = min(1.0, max(0.0, spares))
    bias = _number(options.bias, "bias")
    if bias is not None:
        bias = min(1.0, max(0.0, bias))
    bigs = _count(options.bigs, "bigs")
    blocks = _count(options.blocks, "blocks")
    if kind != "network" and bigs + blocks > 0:
        raise ValueError(SQUARES_NEED_NETWORK)
    difficulty = _number(options.difficulty, "difficulty")
    if difficulty is not None and not 1 <= difficulty <= 100:
        raise ValueError(f"make: difficulty must be 1..100, not {options.difficulty!r}")
    attempts_number = _number(options.attempts, "attempts")
    attempts = DEFAULT_ATTEMPTS if attempts_number is None else max(1, math.floor(attempts_number))
    tolerance = _number(options.tolerance, "tolerance")
    tolerance = DEFAULT_TOLERANCE if tolerance is None else max(0.0, tolerance)
    budget = options.budget
    if budget is None:
        budget = default_budget(cells)
    elif not is_whole(budget) or budget < 1:
        raise ValueError(f"make: budget must be a whole number of positions from 1, not {budget!r}")
    return Settled(
        seed=seed,
        width=width,
        height=height,
        kind=kind,
        wrap=wrap,
        sources=sources,
        drains=drains,
        spares=spares,
        bias=bias,
        locked=_count(options.locked, "locked"),
        walls=_count(options.walls, "walls"),
        bigs=bigs,
        blocks=blocks,
        difficulty=difficulty,
        attempts=attempts,
        tolerance=tolerance,
        budget=budget,
    )
