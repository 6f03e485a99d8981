"""Twist pieces: shapes with blocked cells and bridges, portals laid into a filling, the wrap
join, and the rules of play written onto a code (stroke limits and explosions)."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

from itsutsu.common.guards import require_int, type_name
from itsutsu.common.random import Random, pick_index
from itsutsu.tsunagi.alphabet import CELL_BLOCKED, CELL_BRIDGE, CELL_EMPTY
from itsutsu.tsunagi.layout import Explosions, Layout, decode_layout, encode_layout
from itsutsu.tsunagi.lines import lines_of_answer
from itsutsu.tsunagi.makers.fillings import SHORTEST, Filling, Shape, with_cells

STROKES_TEACHING_ROOM = 3
"""A stroke limit on a level that teaches it is the fewest strokes plus this."""


def with_blocked(shape: Shape, random: Random, count: int) -> Shape:
    """``shape`` with ``count`` open cells blocked, drawn at random (fewer if the board has
    too few open cells)."""
    cells = [at for at in shape.open_cells]
    chosen: dict[int, int] = {}
    for _ in range(min(count, len(cells) // 4)):
        at = cells.pop(pick_index(random, len(cells)))
        chosen[at] = CELL_BLOCKED
    return with_cells(shape, chosen)


def with_bridges(shape: Shape, random: Random, count: int) -> Shape | None:
    """``shape`` with ``count`` bridges on open cells off the rim, none beside another, each
    with four open neighbours; ``None`` if they do not fit."""
    size = shape.size
    chosen: dict[int, int] = {}
    cells = list(shape.cells)
    places = [
        at for at in shape.open_cells if 0 < at // size < size - 1 and 0 < at % size < size - 1
    ]
    while len(chosen) < count:
        fitting = [
            at
            for at in places
            if at not in chosen
            and all(cells[n] == CELL_EMPTY for n in (at - 1, at + 1, at - size, at + size))
            and all(
                abs(at - b) not in (1, size) and abs(at - b) != 2 * size and abs(at - b) != 2
                for b in chosen
            )
        ]
        if not fitting:
            return None
        at = fitting[pick_index(random, len(fitting))]
        chosen[at] = CELL_BRIDGE
        cells[at] = CELL_BRIDGE
    return with_cells(shape, chosen)


def with_portals(
    shape: Shape, filling: Filling, random: Random, count: int
) -> tuple[Filling, tuple[tuple[int, int], ...]] | None:
    """Lay ``count`` portal pairs into a filling of a square board by joining two lines: a
    line whose last step runs one way ends on a cell P, another whose first step runs the
    same way starts on a cell Q, and the two become one line that goes through the portal
    P-Q. ``None`` when no such two lines are left."""
    size = shape.size
    lines = [list(line) for line in filling]
    pairs: list[tuple[int, int]] = []
    used: set[int] = set()
    for _ in range(count):
        options = []
        heads: dict[int, list[tuple[int, bool]]] = {}
        for index, line in enumerate(lines):
            for reverse in (False, True):
                run = line[::-1] if reverse else line
                by = run[1] - run[0]
                if abs(by) in (1, size) and abs(run[1] % size - run[0] % size) <= 1:
                    heads.setdefault(by, []).append((index, reverse))
        for index, line in enumerate(lines):
            for reverse in (False, True):
                run = line[::-1] if reverse else line
                by = run[-1] - run[-2]
                if abs(by) not in (1, size) or abs(run[-1] % size - run[-2] % size) > 1:
                    continue
                for other, other_reverse in heads.get(by, []):
                    if other == index:
                        continue
                    q_line = lines[other][::-1] if other_reverse else lines[other]
                    p, q = run[-1], q_line[0]
                    if p in used or q in used or _near(size, p, q):
                        continue
                    if any(_near(size, x, y) for x in (p, q) for y in used):
                        continue
                    options.append((index, reverse, other, other_reverse))
        if not options:
            return None
        index, reverse, other, other_reverse = options[pick_index(random, len(options))]
        first = lines[index][::-1] if reverse else lines[index]
        second = lines[other][::-1] if other_reverse else lines[other]
        p, q = first[-1], second[0]
        used.update((p, q))
        pairs.append((min(p, q), max(p, q)))
        joined = first + second
        lines = [line for i, line in enumerate(lines) if i not in (index, other)]
        lines.append(joined)
    if any(len(line) < SHORTEST for line in lines):
        return None
    return tuple(tuple(line) for line in lines), tuple(sorted(pairs))


def _near(size: int, a: int, b: int) -> bool:
    """Whether cells ``a`` and ``b`` are the same or touch (eight ways)."""
    return abs(a // size - b // size) <= 1 and abs(a % size - b % size) <= 1


def crosses_wrap(size: int, lines: Filling) -> bool:
    """Whether some line steps across the wrap join (from one rim to the other)."""
    for line in lines:
        for a, b in pairwise(line):
            rows, cols = abs(a // size - b // size), abs(a % size - b % size)
            if (rows == 0 and cols == size - 1) or (cols == 0 and rows == size - 1):
                return True
    return False


def fewest_strokes(layout: Layout, answer: str) -> int:
    """The fewest strokes that draw ``answer``: one per line, and one more each time a line
    crosses the wrap join (a finger cannot follow a line off one rim onto the other)."""
    lines = lines_of_answer(layout, answer)
    if lines is None:
        raise ValueError("the answer does not fit the layout (check_answer says why)")
    size = layout.size
    strokes = len(lines)
    if layout.wrap:
        for line in lines:
            for a, b in pairwise(line):
                rows, cols = abs(a // size - b // size), abs(a % size - b % size)
                if (rows == 0 and cols == size - 1) or (cols == 0 and rows == size - 1):
                    strokes += 1
    return strokes


def with_strokes(code: str, size: int, answer: str, teaching: bool = False) -> str:
    """``code`` with a stroke limit: the fewest strokes possible at a level that tests it,
    that number plus :data:`STROKES_TEACHING_ROOM` at a level that teaches it."""
    layout = _layout(code, size)
    limit = fewest_strokes(layout, answer) + (STROKES_TEACHING_ROOM if teaching else 0)
    if limit > 99:
        raise ValueError(f"a stroke limit of {limit} cannot be written (at most 99)")
    return encode_layout(replace(layout, strokes=limit))


def explosion_every(pairs: int, teaching: bool = False) -> int:
    """How often an explosion goes off on a board of ``pairs`` lines: every ``pairs - 1``
    strokes on a level that teaches it, every ``ceil(pairs / 2)`` on one that tests it; never
    more often than every 2nd stroke."""
    return max(2, pairs - 1 if teaching else -(-pairs // 2))


def with_explosions(code: str, size: int, teaching: bool = False, blast: bool = False) -> str:
    """``code`` with an explosion rule (``boom``, or ``blast`` when ``blast``) every
    :func:`explosion_every` strokes."""
    layout = _layout(code, size)
    every = min(99, explosion_every(layout.pairs, teaching))
    return encode_layout(replace(layout, explosions=Explosions(every, blast)))


def _layout(code: str, size: int) -> Layout:
    if not isinstance(code, str):
        raise ValueError(f"the layout code must be text, not {type_name(code)}")
    require_int(size, "the board", "size", 1)
    layout = decode_layout(code, size)
    if layout is None:
        raise ValueError(f"{code[:40]!r} is not a layout of a {size}x{size} board")
    return layout


def line_cells(lines: Filling) -> frozenset[int]:
    """Every cell some line covers."""
    return frozenset(at for line in lines for at in line)
