"""Suido board codes: the decoded :class:`Layout`, :func:`decode_layout` and :func:`encode_layout`.

A code reads ``W "x" H flags ":" cells [";l" list] [";w" list] [";b" list] [";k" list]``
Decoding refuses, in a fixed order, everything that is not a board, and
returns None for it; encoding writes the canonical form back.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from itsutsu.common.guards import require_ints
from itsutsu.common.notebook_repr import lazy, shown_in_notebooks
from itsutsu.suido.pieces import DRAIN_CHARS, PLAIN_CHARS, SOURCE_CHARS, _arms_of, _cell_char

KINDS: Final = ("network", "drains", "inlet-outlet")
"""The three kinds of board: every piece wet, every drain wet, one path inlet to outlet."""

MAX_SIDE: Final = 64
"""The largest width or height a code may give."""

MIN_SIDE: Final = 2
"""The smallest width or height a code may give (3 on a wrapping board)."""

_KIND_LETTERS: Final = {"network": "", "drains": "d", "inlet-outlet": "i"}

_CODE_PATTERN: Final = re.compile(
    r"([0-9]{1,2})x([0-9]{1,2})([diw]{0,3}):([^;]+)"
    r"(?:;l([0-9,]+))?(?:;w([0-9,]+))?(?:;b([0-9,]+))?(?:;k([0-9,]+))?"
)
_LIST_PATTERN: Final = re.compile(r"[0-9]+(?:,[0-9]+)*")

_CHAR_TABLE: Final[dict[str, tuple[int, str]]] = {
    **{ch: (mask, "plain") for mask, ch in enumerate(PLAIN_CHARS)},
    **{ch: (mask, "source") for mask, ch in enumerate(SOURCE_CHARS)},
    **{ch: (mask, "drain") for mask, ch in enumerate(DRAIN_CHARS)},
}


_MASK_BYTES: Final = bytes(
    _CHAR_TABLE[chr(code)][0] if chr(code) in _CHAR_TABLE else 255 for code in range(256)
)
"""Each byte of a code's body as its piece's mask, 255 for a byte that is no piece."""
_SOURCE_PATTERN: Final = re.compile(f"[{SOURCE_CHARS}]")
_DRAIN_PATTERN: Final = re.compile(f"[{DRAIN_CHARS}]")


@shown_in_notebooks(
    lazy("itsutsu.suido.drawing.shown", "layout_summary"),
    lazy("itsutsu.suido.drawing.shown", "layout_svg"),
)
@dataclass(frozen=True)
class Layout:
    """A decoded Suido board.

    ``cells`` holds one mask per cell, row by row (cell = row * width + col); ``sources`` and
    ``drains`` are ascending cell lists. The four optional lists are None when the code has
    none: ``locked`` (cells), ``walls`` (edge numbers: 2n east of n, 2n+1 south of n),
    ``bigs`` and ``blocks`` (anchors, the top-left cells of 2 x 2 squares).
    """

    width: int
    height: int
    kind: str
    wrap: bool
    cells: tuple[int, ...]
    sources: tuple[int, ...]
    drains: tuple[int, ...]
    locked: tuple[int, ...] | None = None
    walls: tuple[int, ...] | None = None
    bigs: tuple[int, ...] | None = None
    blocks: tuple[int, ...] | None = None


def _read_list(text: str | None, bound: int) -> tuple[int, ...] | bool | None:
    """Return the numbers of a suffix list, None when absent, or False when it is invalid."""
    if text is None:
        return None
    if _LIST_PATTERN.fullmatch(text) is None:
        return False
    numbers = tuple(int(part) for part in text.split(","))
    previous = -1
    for number in numbers:
        if number >= bound or number <= previous:
            return False
        previous = number
    return numbers


def require_layout(value: object, what: str) -> Layout:
    """Return ``value`` if it is a Suido :class:`Layout`, else raise ValueError for ``what``."""
    if not isinstance(value, Layout):
        raise ValueError(
            f"{what} needs a Suido Layout (from decode_layout), not {type(value).__name__}"
        )
    return value


def _square_cells(anchor: int, width: int) -> tuple[int, int, int, int]:
    """Return a square's cells clockwise from the top-left: TL, TR, BR, BL."""
    return (anchor, anchor + 1, anchor + width + 1, anchor + width)


def joined_inside(cells: tuple[int, int, int, int]) -> bool:
    """Return whether the four masks TL, TR, BR, BL of a big piece agree on every inner edge."""
    return _joined_inside(require_ints(cells, "joined_inside", "cells", 4))  # type: ignore[arg-type]


def _joined_inside(cells: tuple[int, int, int, int]) -> bool:
    """:func:`joined_inside` for four masks already checked."""
    tl, tr, br, bl = cells
    return (
        bool(tl & 2) == bool(tr & 8)
        and bool(tr & 4) == bool(br & 1)
        and bool(bl & 2) == bool(br & 8)
        and bool(tl & 4) == bool(bl & 1)
    )


def _squares_ok(
    layout_cells: list[int],
    width: int,
    height: int,
    kind: str,
    special: set[int],
    walls: tuple[int, ...],
    bigs: tuple[int, ...],
    blocks: tuple[int, ...],
) -> bool:
    """Return whether the squares of a board are allowed: only on a network, wholly on the
    board, sharing no cell, holding no pump, drain or lock, big pieces joined inside, and no
    wall between two cells of one square."""
    if kind != "network":
        return False
    owner: dict[int, int] = {}
    for number, anchor in enumerate((*bigs, *blocks)):
        if anchor % width == width - 1 or anchor // width == height - 1:
            return False
        for cell in _square_cells(anchor, width):
            if cell in owner or cell in special:
                return False
            owner[cell] = number
    for anchor in bigs:
        square = _square_cells(anchor, width)
        masks = (
            layout_cells[square[0]],
            layout_cells[square[1]],
            layout_cells[square[2]],
            layout_cells[square[3]],
        )
        if not _joined_inside(masks):
            return False
    for edge in walls:
        cell = edge >> 1
        other = cell + 1 if edge % 2 == 0 else cell + width
        here = owner.get(cell)
        if here is not None and here == owner.get(other):
            return False
    return True


def decode_layout(code: str) -> Layout | None:
    """Return the board a code describes, or None when it is not a valid Suido board code.

    Refusals, in order: not a string; bad pattern; bad size or body length;
    repeated or clashing flags; ``w`` not last; wrap smaller than 3 x 3; bad ``;l``/``;w``/
    ``;b``/``;k`` list; unknown cell character or a pump/drain on blank ground; no pump; an
    inlet-outlet board without exactly one end pump and one end drain; a locked blank; a wall
    on the rim of a board that does not wrap; bad squares.
    """
    if not isinstance(code, str):
        return None
    match = _CODE_PATTERN.fullmatch(code)
    if match is None:
        return None
    w_text, h_text, flags, body, l_text, w_list, b_text, k_text = match.groups()
    width, height = int(w_text), int(h_text)
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        return None
    size = width * height
    if len(body) != size:
        return None
    if len(set(flags)) != len(flags) or ("d" in flags and "i" in flags):
        return None
    wrap = "w" in flags
    if wrap and not flags.endswith("w"):
        return None
    if wrap and (width < 3 or height < 3):
        return None
    kind = "drains" if "d" in flags else "inlet-outlet" if "i" in flags else "network"
    lists: list[tuple[int, ...] | None] = []
    for text, bound in ((l_text, size), (w_list, 2 * size), (b_text, size), (k_text, size)):
        numbers = _read_list(text, bound)
        if numbers is False:
            return None
        lists.append(numbers if isinstance(numbers, tuple) else None)
    locked, walls, bigs, blocks = lists
    if not body.isascii():
        return None
    raw = body.encode("ascii")
    masks = raw.translate(_MASK_BYTES)
    if 255 in masks or SOURCE_CHARS[0] in body or DRAIN_CHARS[0] in body:
        return None  # a character that is no piece, or a pump or drain with no pipe
    cells = list(masks)
    sources = [found.start() for found in _SOURCE_PATTERN.finditer(body)]
    drains = [found.start() for found in _DRAIN_PATTERN.finditer(body)]
    if not sources:
        return None
    if kind == "inlet-outlet" and not (
        len(sources) == 1
        and len(drains) == 1
        and _arms_of(cells[sources[0]]) == 1
        and _arms_of(cells[drains[0]]) == 1
    ):
        return None
    if locked is not None and any(cells[cell] == 0 for cell in locked):
        return None
    if walls is not None and not wrap:
        for edge in walls:
            cell = edge >> 1
            if edge % 2 == 0 and cell % width == width - 1:
                return None
            if edge % 2 == 1 and cell // width == height - 1:
                return None
    if (bigs is not None or blocks is not None) and not _squares_ok(
        cells,
        width,
        height,
        kind,
        {*sources, *drains, *(locked or ())},
        walls or (),
        bigs or (),
        blocks or (),
    ):
        return None
    return Layout(
        width=width,
        height=height,
        kind=kind,
        wrap=wrap,
        cells=tuple(cells),
        sources=tuple(sources),
        drains=tuple(drains),
        locked=locked,
        walls=walls,
        bigs=bigs,
        blocks=blocks,
    )


def encode_layout(layout: Layout) -> str:
    """Return the canonical code of ``layout`` (``decode_layout`` of it gives ``layout`` back).

    Raises ValueError when ``layout`` is not a Layout or its kind is unknown.
    """
    require_layout(layout, "encode_layout")
    if layout.kind not in _KIND_LETTERS:
        raise ValueError(f"unknown Suido kind {layout.kind!r}; expected one of {KINDS}")
    return _encode_layout(layout)


def _encode_layout(layout: Layout) -> str:
    """:func:`encode_layout` for a layout already checked."""
    sources = set(layout.sources)
    drains = set(layout.drains)
    body = "".join(
        _cell_char(mask, "source" if cell in sources else "drain" if cell in drains else "plain")
        for cell, mask in enumerate(layout.cells)
    )
    head = f"{layout.width}x{layout.height}{_KIND_LETTERS[layout.kind]}"
    parts = [head, "w" if layout.wrap else "", ":", body]
    for letter, numbers in (
        ("l", layout.locked),
        ("w", layout.walls),
        ("b", layout.bigs),
        ("k", layout.blocks),
    ):
        if numbers:
            parts.append(f";{letter}{','.join(str(n) for n in numbers)}")
    return "".join(parts)


def with_masks(layout: Layout, masks: tuple[int, ...] | list[int]) -> Layout:
    """Return ``layout`` with its cells replaced by ``masks`` (an answer or a turned board).

    Raises ValueError unless ``masks`` holds one whole number 0..15 per cell.
    """
    return replace(layout, cells=check_masks(require_layout(layout, "with_masks"), masks))


def _with_masks(layout: Layout, masks: Sequence[int]) -> Layout:
    """:func:`with_masks` for masks already checked."""
    return replace(layout, cells=tuple(masks))


def check_masks(layout: Layout, masks: object) -> tuple[int, ...]:
    """Return ``masks`` as a tuple after checking it holds one mask 0..15 per cell of ``layout``.

    Raises ValueError with the reason otherwise.
    """
    require_layout(layout, "check_masks")
    return check_per_cell(layout, masks, "masks", "a mask must be a whole number 0..15", 15)


def check_per_cell(
    layout: Layout, values: object, name: str, what: str, most: int | None = None
) -> tuple[int, ...]:
    """Return ``values`` as a tuple after checking it holds one whole number per cell.

    ``name`` names the argument and ``what`` says what each entry must be in the messages;
    with ``most``, entries must also lie in 0..most. Raises ValueError with the reason.
    """
    if not isinstance(values, (tuple, list)):
        raise ValueError(f"{name} must be a tuple of ints, not {type(values).__name__}")
    size = layout.width * layout.height
    if len(values) != size:
        raise ValueError(
            f"{name} has {len(values)} entries but the {layout.width}x{layout.height} board "
            f"has {size} cells"
        )
    for value in values:
        if type(value) is not int or (most is not None and not 0 <= value <= most):
            raise ValueError(f"{what}, not {value!r}")
    return tuple(values)
