"""The layout code: ``decode_layout`` and ``encode_layout`` and the ``Layout``.

A layout is the board as given: ``size*size`` cell characters, row-major, then optional ``|``
segments in a fixed order (walls first, then ``hex``, ``sparse``, ``wrap``, ``portals...``,
``boomN``/``blastN``, ``strokesN``). Anything that is not a layout decodes to ``None``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType

from itsutsu.common.guards import is_whole, require_sequence, require_text
from itsutsu.common.notebook_repr import lazy, shown_in_notebooks
from itsutsu.tsunagi.alphabet import (
    CAPITAL_PAIRS,
    CELL_BLOCKED,
    CELL_BRIDGE,
    CELL_EMPTY,
    LETTER_INDEX,
    LINK_BLOCKED,
    LINK_BRIDGE,
    LINK_EMPTY,
    WAYPOINT_LETTERS,
    sparse_most,
    stone_letters,
)
from itsutsu.tsunagi.answer import _encode_answer
from itsutsu.tsunagi.neighbours import _in_hex, are_neighbours, plain_step
from itsutsu.tsunagi.portals import Edge, _edge, ambiguous
from itsutsu.tsunagi.steps import Step, build_step_table, neighbour_table

MAX_SIDE = 64
"""The largest board side a layout may have (the original sets none): ``decode_layout`` and
``check_answer`` refuse a bigger board, so a server checking untrusted codes bounds its work."""

TAIL_ORDER = ("hex", "sparse", "wrap", "portals", "explosion", "strokes")
"""The order of the words after the cells (and after a walls list, which comes first)."""

_PAIR_LIST = re.compile(r"[0-9]+-[0-9]+(?:,[0-9]+-[0-9]+)*")
_PORTALS = re.compile(r"portals([0-9]+-[0-9]+(?:,[0-9]+-[0-9]+)*)")
_STROKES = re.compile(r"strokes([1-9][0-9]?)")
_EXPLOSION = re.compile(r"(boom|blast)([1-9][0-9]?)")


@dataclass(frozen=True)
class Explosions:
    """An explosion rule: every ``every``-th stroke a line is halved (``boom``) or wiped
    along with half of a line touching it (``blast``)."""

    every: int
    blast: bool


@dataclass(frozen=True)
class TailWord:
    """One classified segment after the cells: its word and what it carries."""

    word: str
    portals: tuple[tuple[int, int], ...] = ()
    every: int = 0
    blast: bool = False


def tail_word(segment: str) -> TailWord | None:
    """Classify one ``|`` segment by exact match, or return ``None`` (read as a walls list)."""
    require_text(segment, "tail_word", "segment")
    if segment in ("wrap", "hex", "sparse"):
        return TailWord(segment)
    found = _PORTALS.fullmatch(segment)
    if found:
        return TailWord("portals", portals=_read_pairs(found.group(1)))
    found = _STROKES.fullmatch(segment)
    if found:
        return TailWord("strokes", every=int(found.group(1)))
    found = _EXPLOSION.fullmatch(segment)
    if found:
        return TailWord("explosion", every=int(found.group(2)), blast=found.group(1) == "blast")
    return None


def _read_pairs(text: str) -> tuple[tuple[int, int], ...]:
    out = []
    for item in text.split(","):
        a, b = item.split("-")
        out.append((int(a), int(b)))
    return tuple(out)


@shown_in_notebooks(
    lazy("itsutsu.tsunagi.drawing.shown", "layout_summary"),
    lazy("itsutsu.tsunagi.drawing.shown", "layout_svg"),
)
@dataclass(frozen=True)
class Layout:
    """A decoded Tsunagi board (immutable).

    ``cells`` holds one value per cell: a pair index for a stone, or ``CELL_EMPTY``,
    ``CELL_BLOCKED`` or ``CELL_BRIDGE`` (a waypoint's cell is empty; see ``waypoints``).
    ``ends[p]`` are pair p's two stones in reading order. ``walls`` are edge keys ``(a, b)``
    with ``a < b``; ``waypoints`` are ``(cell, pair)`` in cell order; ``portal_pairs`` are
    ``(a, b)`` with ``a < b`` sorted by ``a``. The neighbour and step tables are computed once,
    on first use, and kept.
    """

    size: int
    cells: tuple[int, ...]
    ends: tuple[tuple[int, int], ...]
    walls: frozenset[Edge] = frozenset()
    waypoints: tuple[tuple[int, int], ...] = ()
    wrap: bool = False
    hex: bool = False
    sparse: bool = False
    portal_pairs: tuple[tuple[int, int], ...] = ()
    strokes: int | None = None
    explosions: Explosions | None = None

    @property
    def pairs(self) -> int:
        """The number of pairs on the board."""
        return len(self.ends)

    @cached_property
    def keeper(self) -> tuple[int, ...]:
        """For each cell, the pair whose waypoint it is, or -1."""
        out = [-1] * len(self.cells)
        for cell, pair in self.waypoints:
            out[cell] = pair
        return tuple(out)

    @cached_property
    def partner(self) -> tuple[int, ...]:
        """For each cell, its portal partner, or -1 when it is not a portal."""
        out = [-1] * len(self.cells)
        for a, b in self.portal_pairs:
            out[a], out[b] = b, a
        return tuple(out)

    @cached_property
    def portals(self) -> MappingProxyType[int, int]:
        """Portal cell -> partner, both ways, in the order a, b of each pair."""
        table: dict[int, int] = {}
        for a, b in self.portal_pairs:
            table[a] = b
            table[b] = a
        return MappingProxyType(table)

    @cached_property
    def waypoint_of(self) -> MappingProxyType[int, int]:
        """Waypoint cell -> the pair whose line must pass it."""
        return MappingProxyType(dict(self.waypoints))

    @cached_property
    def bridges(self) -> tuple[int, ...]:
        """The bridge cells in index order."""
        return tuple(at for at, v in enumerate(self.cells) if v == CELL_BRIDGE)

    @cached_property
    def stones(self) -> tuple[int, ...]:
        """The cells holding a marble, in index order."""
        return tuple(at for at, v in enumerate(self.cells) if v >= 0)

    @cached_property
    def fill_count(self) -> int:
        """How many cells a full board covers: the open cells that are not bridges, and two
        per bridge (one for each way across)."""
        open_cells = sum(1 for v in self.cells if v not in (CELL_BLOCKED, CELL_BRIDGE))
        return open_cells + 2 * len(self.bridges)

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """Each cell's neighbours in table order, walls removed."""
        return neighbour_table(self.size, self.wrap, self.hex, self.walls)

    @cached_property
    def steps(self) -> tuple[tuple[Step, ...], ...]:
        """Each cell's steps: the one table every later module walks."""
        return build_step_table(
            self.size, self.cells, self.partner, self.walls, self.wrap, self.neighbours
        )


def require_layout(value: object, what: str) -> Layout:
    """Return ``value`` if it is a Tsunagi :class:`Layout`, else raise ValueError for ``what``."""
    if not isinstance(value, Layout):
        raise ValueError(
            f"{what} needs a Tsunagi Layout (from decode_layout), not {type(value).__name__}"
        )
    return value


def decode_layout(code: str, size: int) -> Layout | None:
    """Read a layout code for a board of side ``size``; ``None`` if it is not a layout.

    Every refusal gives ``None``: a side outside 1..``MAX_SIDE`` (64), wrong length, stray
    characters, letters out of canonical order or not in pairs, bad or misplaced tail words,
    bad walls, bad hexagons, bad portals (including ambiguous ones) and bridges on the rim,
    beside each other or walled.
    """
    if not isinstance(code, str) or isinstance(size, bool) or not isinstance(size, int):
        return None
    if not 1 <= size <= MAX_SIDE:
        return None
    parts = code.split("|")
    text = parts[0]
    if len(text) != size * size:
        return None
    walls: frozenset[Edge] = frozenset()
    words: dict[str, TailWord] = {}
    last = -1
    for index, segment in enumerate(parts[1:]):
        word = tail_word(segment)
        if word is None:
            if index != 0:
                return None
            read = _read_walls(segment, size)
            if read is None:
                return None
            walls = read
            continue
        rank = TAIL_ORDER.index(word.word)
        if rank <= last:
            return None
        last = rank
        words[word.word] = word
    read_cells = _read_cells(text)
    if read_cells is None:
        return None
    cells, ends, waypoints = read_cells
    pairs = len(ends)
    wrap = "wrap" in words
    hexagon = "hex" in words
    sparse = "sparse" in words
    strokes = words["strokes"].every if "strokes" in words else None
    boom = words.get("explosion")
    explosions = Explosions(boom.every, boom.blast) if boom else None
    if sparse and pairs > sparse_most(size):
        return None
    if strokes is not None and strokes < pairs:
        return None
    if any(pair >= pairs for _, pair in waypoints):
        return None
    bridges = [at for at, v in enumerate(cells) if v == CELL_BRIDGE]
    if hexagon and not _hex_fits(size, cells, wrap, walls, bridges):
        return None
    if not _bridges_fit(size, bridges, walls, cells):
        return None
    portal_pairs: tuple[tuple[int, int], ...] = ()
    if "portals" in words:
        found = _read_portals(
            size, words["portals"].portals, cells, waypoints, wrap, walls, hexagon, bridges
        )
        if found is None:
            return None
        portal_pairs = found
    return Layout(
        size=size,
        cells=cells,
        ends=ends,
        walls=walls,
        waypoints=waypoints,
        wrap=wrap,
        hex=hexagon,
        sparse=sparse,
        portal_pairs=portal_pairs,
        strokes=strokes,
        explosions=explosions,
    )


def _read_cells(
    text: str,
) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]] | None:
    alphabet = stone_letters(text)
    letters = set(alphabet)
    cells: list[int] = []
    seen: list[list[int]] = []
    waypoints: list[tuple[int, int]] = []
    for at, ch in enumerate(text):
        if ch == LINK_EMPTY:
            cells.append(CELL_EMPTY)
        elif ch == LINK_BLOCKED:
            cells.append(CELL_BLOCKED)
        elif ch == LINK_BRIDGE:
            cells.append(CELL_BRIDGE)
        elif ch in letters:
            pair = LETTER_INDEX[ch]
            if pair == len(seen):
                seen.append([])
            elif pair > len(seen):
                return None
            seen[pair].append(at)
            cells.append(pair)
        elif len(alphabet) == CAPITAL_PAIRS and ch in WAYPOINT_LETTERS:
            cells.append(CELL_EMPTY)
            waypoints.append((at, WAYPOINT_LETTERS.index(ch)))
        else:
            return None
    if not seen or any(len(found) != 2 for found in seen):
        return None
    ends = tuple((found[0], found[1]) for found in seen)
    return tuple(cells), ends, tuple(waypoints)


def _read_walls(segment: str, size: int) -> frozenset[Edge] | None:
    if not _PAIR_LIST.fullmatch(segment):
        return None
    previous: Edge | None = None
    walls = []
    for a, b in _read_pairs(segment):
        if a >= b or b >= size * size:
            return None
        if plain_step(size, a, 1) != b and plain_step(size, a, size) != b:
            return None
        if previous is not None and (a, b) <= previous:
            return None
        previous = (a, b)
        walls.append((a, b))
    return frozenset(walls)


def _hex_fits(
    size: int, cells: tuple[int, ...], wrap: bool, walls: frozenset[Edge], bridges: list[int]
) -> bool:
    if size % 2 == 0 or size < 5 or wrap or walls or bridges:
        return False
    return all(_in_hex(size, at) or v == CELL_BLOCKED for at, v in enumerate(cells))


def _bridges_fit(
    size: int, bridges: list[int], walls: frozenset[Edge], cells: tuple[int, ...]
) -> bool:
    for at in bridges:
        row, col = divmod(at, size)
        if row in (0, size - 1) or col in (0, size - 1):
            return False
        for by in (-size, 1, size, -1):
            beside = at + by
            if cells[beside] == CELL_BRIDGE or _edge(at, beside) in walls:
                return False
    return True


def _read_portals(
    size: int,
    items: tuple[tuple[int, int], ...],
    cells: tuple[int, ...],
    waypoints: tuple[tuple[int, int], ...],
    wrap: bool,
    walls: frozenset[Edge],
    hexagon: bool,
    bridges: list[int],
) -> tuple[tuple[int, int], ...] | None:
    if hexagon or bridges:
        return None
    kept = {cell for cell, _ in waypoints}
    used: set[int] = set()
    previous = -1
    for a, b in items:
        if a >= b or b >= size * size or a in used or b in used or a <= previous:
            return None
        if are_neighbours(size, a, b, wrap):
            return None
        used.update((a, b))
        previous = a
    for at in used:
        if cells[at] != CELL_EMPTY or at in kept:
            return None
        for other in used:
            if other != at and are_neighbours(size, at, other, wrap):
                return None
    partner = [-1] * (size * size)
    order: list[int] = []
    for a, b in items:
        partner[a], partner[b] = b, a
        order.extend((a, b))
    if ambiguous(size, wrap, walls, partner, order):
        return None
    return tuple(items)


def encode_portals(pairs: tuple[tuple[int, int], ...] | list[tuple[int, int]]) -> str:
    """Write portal pairs as a tail word: ``portals`` + ``a-b`` items, or ``""`` for none."""
    for pair in require_sequence(pairs, "encode_portals", "pairs"):
        if not (isinstance(pair, (tuple, list)) and len(pair) == 2 and all(map(is_whole, pair))):
            raise ValueError(f"encode_portals: each pair must be two cells, not {pair!r:.40}")
    ordered = sorted((min(a, b), max(a, b)) for a, b in pairs)
    if not ordered:
        return ""
    return "portals" + ",".join(f"{a}-{b}" for a, b in ordered)


def encode_walls(walls: frozenset[Edge] | set[Edge]) -> str:
    """Write a walls list as a segment (``|a-b,c-d``), or ``""`` when there are none."""
    if not isinstance(walls, (set, frozenset, tuple, list)):
        raise ValueError(f"encode_walls: walls must be a set of edges, not {type(walls).__name__}")
    for wall in walls:
        if not (isinstance(wall, tuple) and len(wall) == 2 and all(map(is_whole, wall))):
            raise ValueError(f"encode_walls: each wall must be a pair of cells, not {wall!r:.40}")
    if not walls:
        return ""
    return "|" + ",".join(f"{a}-{b}" for a, b in sorted(walls))


def encode_layout(layout: Layout) -> str:
    """Write ``layout`` as its code; a decoded code comes back as the identical string.

    (Numbers are written without leading zeros, so a code that had them comes back without.)
    """
    require_layout(layout, "encode_layout")
    most = max((v for v in layout.cells if v >= 0), default=-1)
    out = list(_encode_answer(layout.cells))  # the cells read like an answer's, bar waypoints
    for cell, pair in layout.waypoints:
        spelt = most < CAPITAL_PAIRS - 1 and pair < len(WAYPOINT_LETTERS)
        out[cell] = WAYPOINT_LETTERS[pair] if spelt else "?"
    code = "".join(out) + encode_walls(layout.walls)
    if layout.hex:
        code += "|hex"
    if layout.sparse:
        code += "|sparse"
    if layout.wrap:
        code += "|wrap"
    if layout.portal_pairs:
        code += "|" + encode_portals(layout.portal_pairs)
    if layout.explosions is not None:
        word = "blast" if layout.explosions.blast else "boom"
        code += f"|{word}{layout.explosions.every}"
    if layout.strokes is not None:
        code += f"|strokes{layout.strokes}"
    return code


def layout_cells(code: str) -> str:
    """Return the cells of a layout code: the text before the first ``|``."""
    require_text(code, "layout_cells", "code")
    return code.split("|", 1)[0]
