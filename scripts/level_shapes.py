"""The shape of our level sets, as data: what the pools make and how the sets are laid out.

Everything the level scripts decide by rule rather than by measure is here, in one place:

- **Profiles** say what one pool job makes: for each puzzle, a profile names the generator's
  twist, how each option is drawn for an attempt (seeded, so a job's boards depend on the job
  alone), the twists a board must show to be kept, and the sizes it is made at.
- **Lesson plans** say what each block of 16 levels shows at its 15th level (it teaches) and
  its 16th (it tests), and, for Suido from block 8 on, at a few earlier slots; every other
  level is a plain board. Tsunagi's plans follow its spec section 6 and the shape of the
  original's published sets (which twists their 15th and 16th levels carry per size and
  block); Suido's follow its spec section 13.3.
- **Counts** per size, and how many boards each pool should hold so the chooser has a choice.

``make_pool.py`` and ``choose_levels.py`` read these; a change of plan is a change here.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

TSUNAGI = "tsunagi"
SUIDO = "suido"
PUZZLES = (TSUNAGI, SUIDO)

BLOCK = 16
"""Levels per block."""


# How an option is drawn for one attempt. Every draw takes one number r in [0, 1) from the
# attempt's seeded stream and the board's cell count.


@dataclass(frozen=True)
class Fixed:
    """The same value every time."""

    value: object

    def draw(self, r: float, cells: int) -> object:
        return self.value


@dataclass(frozen=True)
class Between:
    """A real number from ``low`` to ``high``: ``low + (high - low) * r``."""

    low: float
    high: float

    def draw(self, r: float, cells: int) -> object:
        return round(self.low + (self.high - self.low) * r, 6)


@dataclass(frozen=True)
class Whole:
    """A whole number from ``low`` to ``high``, both included."""

    low: int
    high: int

    def draw(self, r: float, cells: int) -> object:
        return self.low + math.floor(r * (self.high - self.low + 1))


@dataclass(frozen=True)
class Share:
    """A count that grows with the board: ``cells * (low + (high - low) * r**power)``
    rounded, then held within ``least`` and ``most`` (``most`` None for no bound)."""

    low: float
    high: float
    power: float = 1.0
    least: int = 1
    most: int | None = None

    def draw(self, r: float, cells: int) -> object:
        value = math.floor(cells * (self.low + (self.high - self.low) * r**self.power) + 0.5)
        value = max(self.least, value)
        return value if self.most is None else min(self.most, value)


@dataclass(frozen=True)
class UpToCells:
    """``value`` on boards of at most ``cells`` cells; on bigger ones ``beyond`` drawn from
    the same number (None: nothing, the generator's default)."""

    value: object
    cells: int
    beyond: Share | None = None

    def draw(self, r: float, cells: int) -> object:
        if cells <= self.cells:
            return self.value
        return None if self.beyond is None else self.beyond.draw(r, cells)


Draw = Fixed | Between | Whole | Share | UpToCells


@dataclass(frozen=True)
class Profile:
    """What one kind of pool job makes.

    ``twist`` is handed to the generator as it is (None for a plain board); ``options`` are
    drawn per attempt, in name order, one number each; ``shows`` are the twists a board must
    show, exactly, to be kept (Tsunagi challenges or Suido twists, in the puzzle's order);
    ``sizes`` are the sizes it is made at (None: every size of the puzzle); ``limits`` bound
    facts of a kept board (``{"portals": (2, 3)}``: two or three portal pairs).
    """

    name: str
    twist: str | None = None
    options: Mapping[str, Draw] = field(default_factory=dict)
    shows: tuple[str, ...] = ()
    sizes: tuple[str, ...] | None = None
    limits: Mapping[str, tuple[int, int]] = field(default_factory=dict)


# ---------------------------------------------------------------------------------------
# Tsunagi

TSUNAGI_CLASSIC = "classic"
TSUNAGI_PORTALS = "portals"

TSUNAGI_CHALLENGES = (
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
"""Tsunagi's challenges in their fixed order (the order challenge lists use)."""

TSUNAGI_CLASSIC_COUNTS: Mapping[int, int] = MappingProxyType(
    {4: 192, 5: 256, 6: 256, 7: 256, 8: 256, 9: 256, 10: 128, 11: 64}
    | {12: 128, 13: 128, 14: 128, 15: 128, 20: 64, 25: 64, 30: 64, 40: 32}
)
"""Classic levels per size: the original's counts, and 32 at 40x40 (ours)."""

TSUNAGI_PORTAL_COUNTS: Mapping[int, int] = MappingProxyType(
    dict.fromkeys((5, 6, 7, 8, 9, 10, 12, 15), 32)
)
"""Portal-set levels per size: two blocks, the first with one portal, the second two or three."""

TSUNAGI_MOST_PAIRS_SMALL = 16
"""The most pairs a classic level has up to 15x15."""

TSUNAGI_SPARSE_SIZES = (5, 6, 7, 8, 9)
"""The only sizes with sparse boards."""

STROKES_TEACHING_ROOM = 3
"""A stroke limit at a block's 15th level is the fewest strokes possible plus this."""


TSUNAGI_BIG_PAIRS = Share(1 / 12.5, 1 / 9, most=82)
"""The most pairs of a board above 15x15: one per 9 to 12.5 cells, at most 82 (20x20: 32
to 44, 25x25: 50 to 69, 30x30: 72 to 82, 40x40: 82), around the original's big levels
(20x20: 19 to 49 pairs, median 38; 25x25: 25 to 73, median 60; 30x30: 43 to 82, median 75)."""


def tsunagi_most_pairs(size: int, set: str = TSUNAGI_CLASSIC) -> int:
    """The most pairs a level of ``set`` may have at side ``size``."""
    if set == TSUNAGI_CLASSIC and size <= 15:
        return TSUNAGI_MOST_PAIRS_SMALL
    return 82


def explosion_every(pairs: int, teaching: bool) -> int:
    """How often a ``boom`` or ``blast`` goes off on a board of ``pairs`` lines: every
    ``pairs - 1`` strokes at a block's 15th level (it teaches), every ``ceil(pairs / 2)`` at
    its 16th (it tests); never more often than every 2nd stroke. Every explosion level of
    the original's sets follows this rule."""
    return max(2, pairs - 1 if teaching else -(-pairs // 2))


def _tsunagi_sizes(*sizes: int) -> tuple[str, ...]:
    return tuple(str(size) for size in sizes)


_ODD = _tsunagi_sizes(5, 7, 9, 11, 13, 15, 25)


def _capped(
    name: str,
    twist: str | None,
    options: Mapping[str, Draw],
    shows: tuple[str, ...] = (),
    sizes: tuple[str, ...] | None = None,
) -> Profile:
    """A classic profile: at most 16 pairs up to 15x15 (the generator's ``pairs``), above
    that :data:`TSUNAGI_BIG_PAIRS`."""
    capped = {"pairs": UpToCells(TSUNAGI_MOST_PAIRS_SMALL, 15 * 15, TSUNAGI_BIG_PAIRS), **options}
    return Profile(name, twist, MappingProxyType(capped), shows, sizes)


_SMALL = _tsunagi_sizes(*range(4, 16))
_SPARSE = _tsunagi_sizes(*TSUNAGI_SPARSE_SIZES)

TSUNAGI_PROFILES: Mapping[str, Profile] = MappingProxyType(
    {
        "plain": _capped("plain", None, {}),
        "bridges": _capped("bridges", "bridges", {"bridges": Whole(1, 2)}, ("bridges",), _SMALL),
        "walls": _capped("walls", "walls", {"blocked": Whole(1, 2)}, ("walls",)),
        "bridges+walls": _capped(
            "bridges+walls",
            "bridges+walls",
            {"bridges": Whole(1, 2)},
            ("bridges", "walls"),
            _SMALL,
        ),
        "waypoints": _capped("waypoints", "waypoints", {}, ("waypoints",)),
        "wrap": _capped("wrap", "wrap", {}, ("wrap",)),
        "hexagon": _capped("hexagon", "hexagon", {}, ("hexagon",), _ODD),
        "sparse": Profile(
            "sparse", "sparse", {}, ("sparse",), _tsunagi_sizes(*TSUNAGI_SPARSE_SIZES)
        ),
        "portal-1": Profile(
            "portal-1", "portals", {"portals": Fixed(1)}, ("portals",), limits={"portals": (1, 1)}
        ),
        "portals-2-3": Profile(
            "portals-2-3",
            "portals",
            {"portals": Whole(2, 3)},
            ("portals",),
            limits={"portals": (2, 3)},
        ),
    }
)
"""Tsunagi's pool profiles. Where a profile draws no option the generator's default holds
(how many walls and waypoints it tries, for one). Stroke limits and explosions are rules of
play, not of the board (they change no answer), so the chooser writes them onto walls,
bridges or plain boards as the lesson plan asks; no profile makes them."""

TSUNAGI_ATTEMPTS: Mapping[int, int] = MappingProxyType(
    {4: 40, 5: 40, 6: 30, 7: 30, 8: 20, 9: 20, 10: 12, 11: 10, 12: 8, 13: 6, 14: 5, 15: 4}
    | {20: 1, 25: 1, 30: 1, 40: 1}
)
"""Generator calls per Tsunagi job, by size: small enough that a job takes well under a
minute at that size, so a stopped run loses little."""


@dataclass(frozen=True)
class Slot:
    """What one twist slot shows: boards of ``profile``, with ``rule`` written on them
    (``"strokes"``, ``"boom"``, ``"blast"`` or None)."""

    profile: str
    rule: str | None = None


@dataclass(frozen=True)
class Block:
    """One block of 16: ``fill`` is the profile of its ordinary slots; ``teaches`` and
    ``tests`` its 15th and 16th slots (None: ordinary); ``extra`` maps earlier slots (1-14)
    to the twist they carry (Suido, from block 8)."""

    fill: str = "plain"
    teaches: Slot | None = None
    tests: Slot | None = None
    extra: Mapping[int, Slot] = field(default_factory=dict)

    def slot(self, number: int) -> Slot:
        """The slot ``number`` (1-16) of this block."""
        if number == BLOCK - 1 and self.teaches is not None:
            return self.teaches
        if number == BLOCK and self.tests is not None:
            return self.tests
        return self.extra.get(number, Slot(self.fill))


def _pair(first: str, second: str | None = None) -> Block:
    """A block teaching ``first`` at 15 and testing ``second`` (default the same) at 16; a
    profile may carry a rule after a colon: ``walls:strokes``."""

    def slot(text: str) -> Slot:
        profile, _, rule = text.partition(":")
        return Slot(profile, rule or None)

    return Block(teaches=slot(first), tests=slot(second or first))


PLAIN = Block()


def _tsunagi_small(size: int) -> tuple[Block, ...]:
    """5x5 to 9x9: sixteen blocks, every twist taught, then combined (the original's shape:
    bridges, walls, waypoints, wrap, explosions, stroke limits, hexagons at odd sizes, sparse
    boards, then the same again harder)."""
    odd = size % 2 == 1
    late = "blast" if size >= 7 else "boom"
    return (
        _pair("bridges"),
        _pair("walls"),
        _pair("waypoints"),
        _pair("wrap"),
        _pair("bridges:boom", f"bridges+walls:{late}"),
        _pair("walls:strokes", "bridges+walls:strokes"),
        _pair("hexagon") if odd else _pair("waypoints"),
        _pair("sparse"),
        _pair("bridges", "bridges+walls"),
        _pair("walls:boom", f"bridges+walls:{late}"),
        _pair("waypoints"),
        _pair("hexagon") if odd else _pair("wrap"),
        _pair("bridges", "bridges+walls"),
        _pair("walls:strokes", "bridges+walls:strokes"),
        _pair("waypoints:boom", f"waypoints:{late}"),
        _pair("sparse"),
    )


_TSUNAGI_4 = (
    PLAIN,
    _pair("bridges"),
    _pair("walls"),
    _pair("wrap"),
    _pair("bridges:boom", "walls:boom"),
    _pair("walls:strokes", "bridges:strokes"),
    _pair("wrap"),
    _pair("bridges", "walls"),
    _pair("wrap:boom", "wrap:strokes"),
    _pair("walls:boom", "bridges:blast"),
    _pair("wrap"),
    _pair("bridges", "walls"),
)
"""4x4: twelve blocks, the first plain (the very first levels anyone plays), as the original.
Unlike the original's, no 4x4 level has waypoints or bridges beside walls: every one of the
1,564 fillings of an open 4x4 is a board with exactly one answer under the check's rule, so
no waypoint is ever needed there (and none is found beside a bridge within 20,000
conflicts); 4x4 teaches bridges, walls and wrap and leaves the rest to 5x5."""


def _tsunagi_middle(size: int) -> tuple[Block, ...]:
    """10x10 to 15x15: eight blocks, the original's shape (its 13x13). Where the original
    left blocks 4 and 8 plain (it found no wrap board with at most 16 pairs) ours teaches
    wrap, as its 13x13 does."""
    odd = size % 2 == 1
    rule_base = "bridges" if size == 10 else "plain"
    strokes_base = "walls" if size == 10 else "plain"
    return (
        _pair("bridges"),
        _pair("walls"),
        _pair("waypoints"),
        _pair("wrap"),
        _pair(f"{rule_base}:boom", f"{rule_base}:blast"),
        _pair(f"{strokes_base}:strokes"),
        _pair("hexagon") if odd else _pair("waypoints"),
        _pair("wrap"),
    )


_TSUNAGI_11 = (_pair("bridges"), _pair("walls"), _pair("waypoints"), _pair("wrap"))

_TSUNAGI_BIG = (
    _pair("walls"),
    _pair("wrap"),
    _pair("portal-1", "portals-2-3"),
    _pair("plain:boom", "plain:blast"),
)
"""20x20, 25x25 and 30x30: walls, wrap, portals, explosions (the original's shape)."""

_TSUNAGI_40 = (_pair("walls"), _pair("plain:boom", "plain:blast"))
"""40x40 (ours): two blocks, walls then explosions."""


def _tsunagi_classic_plan(size: int) -> tuple[Block, ...]:
    if size == 4:
        return _TSUNAGI_4
    if 5 <= size <= 9:
        return _tsunagi_small(size)
    if size == 11:
        return _TSUNAGI_11
    if 10 <= size <= 15:
        return _tsunagi_middle(size)
    if size in (20, 25, 30):
        return _TSUNAGI_BIG
    return _TSUNAGI_40


TSUNAGI_PLANS: Mapping[str, Mapping[int, tuple[Block, ...]]] = MappingProxyType(
    {
        TSUNAGI_CLASSIC: MappingProxyType(
            {size: _tsunagi_classic_plan(size) for size in TSUNAGI_CLASSIC_COUNTS}
        ),
        TSUNAGI_PORTALS: MappingProxyType(
            dict.fromkeys(TSUNAGI_PORTAL_COUNTS, (Block("portal-1"), Block("portals-2-3")))
        ),
    }
)
"""Each Tsunagi set's blocks per size (a block past the end of a plan is plain)."""


# ---------------------------------------------------------------------------------------
# Suido

SUIDO_TWISTS = (
    "drains",
    "pumps",
    "locked",
    "walls",
    "wrap",
    "inlet-outlet",
    "big-pieces",
    "block-turns",
)
"""Suido's twists in their fixed order."""

SUIDO_COUNTS: Mapping[str, int] = MappingProxyType(
    dict.fromkeys(
        ("5x5", "6x6", "7x7", "8x8", "9x9", "10x10", "11x11", "12x12", "13x13", "14x14"), 256
    )
    | dict.fromkeys(("5x7", "6x10", "8x14"), 256)
    | dict.fromkeys(("20x20", "28x28", "20x50"), 64)
)
"""Suido levels per size (width x height)."""

SUIDO_BIG_SET = "big"
SUIDO_BIG_COUNT = 64
SUIDO_BIG_SIZES = (
    "5x5", "6x6", "7x7", "8x8", "9x9", "10x10", "11x11", "12x12", "13x13", "14x14", "5x7", "20x20"
)  # fmt: skip
"""The sizes the big-pieces set mixes (the original's: mostly 5x5 and 20x20)."""

SUIDO_LEAST_TURNS = 3
"""A pool board that needs fewer quarter turns than this to solve is not kept."""

_SUIDO_SINGLES: Mapping[str, Profile] = MappingProxyType(
    {
        "plain": Profile("plain"),
        "drains": Profile(
            "drains", None, {"kind": Fixed("drains"), "spares": Between(0.3, 0.8)}, ("drains",)
        ),
        "pumps": Profile("pumps", None, {"sources": Share(0.0, 0.03, least=2, most=3)}, ("pumps",)),
        "locked": Profile("locked", None, {"locked": Share(0.01, 0.16, power=2)}, ("locked",)),
        "walls": Profile("walls", None, {"walls": Share(0.02, 0.2, power=2)}, ("walls",)),
        "wrap": Profile("wrap", None, {"wrap": Fixed(True)}, ("wrap",)),
        "inlet-outlet": Profile(
            "inlet-outlet",
            None,
            {"kind": Fixed("inlet-outlet"), "spares": Between(0.6, 0.95)},
            ("inlet-outlet",),
        ),
        "big-pieces": Profile(
            "big-pieces", None, {"bigs": Share(0.005, 0.05, least=1)}, ("big-pieces",)
        ),
        "block-turns": Profile(
            "block-turns", None, {"blocks": Share(0.0, 0.02, least=1)}, ("block-turns",)
        ),
    }
)


def suido_profile(name: str) -> Profile:
    """The Suido profile ``name``: a single twist (or ``plain``), or twists joined by ``+``
    (``locked+wrap``), which draws the options of each part and must show them all."""
    if name in _SUIDO_SINGLES:
        return _SUIDO_SINGLES[name]
    parts = name.split("+")
    if any(part not in _SUIDO_SINGLES or part == "plain" for part in parts):
        raise KeyError(name)
    if suido_name(parts) != name:
        raise KeyError(f"{name} (twists are joined in their fixed order: {suido_name(parts)})")
    options: dict[str, Draw] = {}
    for part in parts:
        options.update(_SUIDO_SINGLES[part].options)
    shows = tuple(twist for twist in SUIDO_TWISTS if twist in parts)
    return Profile(suido_name(shows), None, options, shows)


def suido_name(twists: tuple[str, ...] | list[str]) -> str:
    """The profile name of a list of twists: joined by ``+`` in twist order, ``plain`` for none."""
    ordered = [twist for twist in SUIDO_TWISTS if twist in twists]
    return "+".join(ordered) or "plain"


SUIDO_ATTEMPTS = ((100, 40), (200, 20), (400, 8), (1_000, 4))
"""Generator calls per Suido job: (up to this many cells, calls); 2 above the last."""


def suido_attempts(cells: int) -> int:
    """Generator calls per Suido job on a board of ``cells`` cells."""
    return next((calls for most, calls in SUIDO_ATTEMPTS if cells <= most), 2)


SUIDO_LESSONS = ("drains", "pumps", "locked", "walls", "wrap", "inlet-outlet")
"""Blocks 2 to 7 teach these, one each."""

SUIDO_COMBINATIONS = (
    "locked+wrap",
    "locked+walls",
    "drains+pumps",
    "locked+inlet-outlet",
    "drains+wrap",
    "pumps+wrap",
    "walls+inlet-outlet",
    "drains+pumps+wrap",
    "drains+walls+wrap",
)
"""Blocks 8 to 16 combine these, one each."""

SUIDO_EXTRA_SLOTS = (14, 12, 10, 13, 11, 9)
"""From block 8, block b also puts a twist at the first ``min(6, b - 7)`` of these slots."""

SUIDO_HUGE_LESSONS = ("drains", "pumps", "wrap")
"""The four-block sizes teach these in blocks 2 to 4."""


def _suido_plan(count: int) -> tuple[Block, ...]:
    """Suido's lesson plan for a size of ``count`` levels (spec 13.3): block 1 plain, then a
    twist a block, then combinations; from block 8 some earlier slots also carry one of the
    kinds taught so far, the ``(block * 5 + slot) mod n``-th of the n kinds in the order they
    were introduced."""
    blocks = count // BLOCK
    if blocks <= 4:
        return (PLAIN, *(_pair(kind) for kind in SUIDO_HUGE_LESSONS))[:blocks]
    lessons = (*SUIDO_LESSONS, *SUIDO_COMBINATIONS)
    out = [PLAIN]
    for number in range(2, blocks + 1):
        kind = lessons[number - 2] if number - 2 < len(lessons) else None
        extra: dict[int, Slot] = {}
        if number >= 8:
            known = lessons[: number - 1]
            for slot in SUIDO_EXTRA_SLOTS[: min(6, number - 7)]:
                extra[slot] = Slot(known[(number * 5 + slot) % len(known)])
        teach = Slot(kind) if kind else None
        out.append(Block(teaches=teach, tests=teach, extra=MappingProxyType(extra)))
    return tuple(out)


SUIDO_PLANS: Mapping[str, tuple[Block, ...]] = MappingProxyType(
    {size: _suido_plan(count) for size, count in SUIDO_COUNTS.items()}
)
"""Suido's blocks per size."""

SUIDO_BIG_PLAN = (
    Block("big-pieces", Slot("big-pieces+block-turns"), Slot("big-pieces+block-turns")),
    Block("big-pieces", Slot("pumps+big-pieces"), Slot("pumps+big-pieces")),
    Block("big-pieces", Slot("walls+big-pieces"), Slot("walls+big-pieces")),
    Block("big-pieces", Slot("wrap+big-pieces"), Slot("wrap+big-pieces")),
)
"""The big-pieces set: every level has big pieces; its blocks teach blocks that turn, pumps,
walls and wrap with them (the original's shape)."""


# ---------------------------------------------------------------------------------------
# What the pools must hold


POOL_SPARE = 4
"""A pool should hold this many boards for every level of its kind the sets take..."""

POOL_SPARE_BIG = ((30 * 30, 2.0), (40 * 40, 1.5))
"""...but fewer for the big Tsunagi boards, where a board takes minutes: (up to this many
cells, boards per level)."""

POOL_LEAST = 24
"""...and at least this many of every kind a set takes at all."""


def plan_of(puzzle: str, set: str, size: str) -> tuple[tuple[Block, ...], int]:
    """The blocks and the level count of ``set`` at ``size`` (Tsunagi sets ``classic`` and
    ``portals``; Suido's sets are ``levels`` and ``big``)."""
    if puzzle == TSUNAGI:
        counts = TSUNAGI_CLASSIC_COUNTS if set == TSUNAGI_CLASSIC else TSUNAGI_PORTAL_COUNTS
        side = int(size)
        return TSUNAGI_PLANS[set][side], counts[side]
    if set == SUIDO_BIG_SET:
        return SUIDO_BIG_PLAN, SUIDO_BIG_COUNT
    return SUIDO_PLANS[size], SUIDO_COUNTS[size]


def slots_of(blocks: tuple[Block, ...], count: int) -> tuple[Slot, ...]:
    """Every level's slot, level 1 first (blocks past the plan's end are plain)."""
    out = []
    for level in range(1, count + 1):
        block = (level - 1) // BLOCK
        plan = blocks[block] if block < len(blocks) else PLAIN
        out.append(plan.slot((level - 1) % BLOCK + 1))
    return tuple(out)


def sets_of(puzzle: str) -> tuple[tuple[str, str], ...]:
    """Every (set, size) of ``puzzle``, in the order ``make levels`` makes them."""
    if puzzle == TSUNAGI:
        return tuple((TSUNAGI_CLASSIC, str(size)) for size in TSUNAGI_CLASSIC_COUNTS) + tuple(
            (TSUNAGI_PORTALS, str(size)) for size in TSUNAGI_PORTAL_COUNTS
        )
    return (*(("levels", size) for size in SUIDO_COUNTS), (SUIDO_BIG_SET, "mixed"))


def profile_of(puzzle: str, name: str) -> Profile:
    """The profile ``name`` of ``puzzle``; KeyError when there is none."""
    return TSUNAGI_PROFILES[name] if puzzle == TSUNAGI else suido_profile(name)


def cells_of(puzzle: str, size: str) -> int:
    """The cells of a board of ``size`` (Tsunagi ``"7"``, Suido ``"7x7"``)."""
    if puzzle == TSUNAGI:
        return int(size) ** 2
    width, _, height = size.partition("x")
    return int(width) * int(height)


def attempts_of(puzzle: str, size: str) -> int:
    """Generator calls per job of ``puzzle`` at ``size``."""
    if puzzle == TSUNAGI:
        return TSUNAGI_ATTEMPTS.get(int(size), 1)
    return suido_attempts(cells_of(puzzle, size))


def wanted_boards(
    puzzle: str, size: str, spare_given: float | None = None, least: int = POOL_LEAST
) -> dict[str, int]:
    """How many boards of each profile a pool at ``size`` should hold: enough for every set
    that takes boards of that size (:data:`POOL_SPARE` per level, fewer for the big Tsunagi
    boards, or ``spare_given`` per level; at least ``least``, :data:`POOL_LEAST`). The
    big-pieces set takes up to a quarter of its levels from any of its sizes."""
    need: dict[str, int] = {}
    for set, set_size in sets_of(puzzle):
        if set == SUIDO_BIG_SET:
            if size not in SUIDO_BIG_SIZES:
                continue
            big: dict[str, int] = {}
            for slot in slots_of(SUIDO_BIG_PLAN, SUIDO_BIG_COUNT):
                big[slot.profile] = big.get(slot.profile, 0) + 1
            for name, levels in big.items():
                need[name] = need.get(name, 0) + -(-levels // 4)
            continue
        if set_size != size:
            continue
        blocks, count = plan_of(puzzle, set, size)
        for slot in slots_of(blocks, count):
            need[slot.profile] = need.get(slot.profile, 0) + 1
    spare: float = POOL_SPARE
    if puzzle == TSUNAGI and cells_of(puzzle, size) > 15 * 15:
        spare = next((per for most, per in POOL_SPARE_BIG if cells_of(puzzle, size) <= most), 1.5)
    if spare_given is not None:
        spare = spare_given
    return {name: max(least, math.ceil(spare * levels)) for name, levels in sorted(need.items())}
