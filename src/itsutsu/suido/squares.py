"""Suido squares: big pieces (``;b``) and blocks that turn together (``;k``).

A square is a 2 x 2 group of cells named by its top-left cell (its anchor), listed clockwise
from there: TL, TR, BR, BL. Turning it a quarter clockwise moves each piece one place on
round that list and turns it a quarter too.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from itsutsu.common.guards import require_int
from itsutsu.suido.code import Layout, _joined_inside, require_layout
from itsutsu.suido.pieces import _turn


@dataclass(frozen=True)
class Block:
    """One square: its position in :attr:`BlockInfo.blocks`, anchor, kind and cells.

    ``big`` is True for a big piece (one piece over four cells) and False for a block of four
    pieces that only turn together. ``cells`` are TL, TR, BR, BL.
    """

    index: int
    anchor: int
    big: bool
    cells: tuple[int, int, int, int]


@dataclass(frozen=True)
class BlockInfo:
    """Every square of a board, sorted by anchor, and ``of[cell]``: its square's index or -1."""

    blocks: tuple[Block, ...]
    of: tuple[int, ...]


def block_info(layout: Layout) -> BlockInfo:
    """Return the board's squares (bigs and blocks merged, sorted by anchor) and the cell map."""
    return _block_info(require_layout(layout, "block_info"))


@lru_cache(maxsize=512)
def _block_info(layout: Layout) -> BlockInfo:
    """:func:`block_info` for a layout already checked (cached per layout)."""
    width = layout.width
    found = sorted(
        [(anchor, True) for anchor in layout.bigs or ()]
        + [(anchor, False) for anchor in layout.blocks or ()]
    )
    of = [-1] * (width * layout.height)
    blocks = []
    for index, (anchor, big) in enumerate(found):
        cells = (anchor, anchor + 1, anchor + width + 1, anchor + width)
        blocks.append(Block(index=index, anchor=anchor, big=big, cells=cells))
        for cell in cells:
            of[cell] = index
    return BlockInfo(blocks=tuple(blocks), of=tuple(of))


def has_blocks(layout: Layout) -> bool:
    """Return whether the board has any square (a big piece or a block)."""
    require_layout(layout, "has_blocks")
    return bool(layout.bigs) or bool(layout.blocks)


def block_at(layout: Layout, cell: int) -> Block | None:
    """Return the square holding ``cell``, or None (also for a cell off the board)."""
    info = block_info(require_layout(layout, "block_at"))
    require_int(cell, "block_at", "cell")
    if not 0 <= cell < len(info.of) or info.of[cell] < 0:
        return None
    return info.blocks[info.of[cell]]


def same_block(layout: Layout, a: int, b: int) -> bool:
    """Return whether cells ``a`` and ``b`` lie in one square."""
    require_layout(layout, "same_block")
    require_int(a, "same_block", "a")
    require_int(b, "same_block", "b")
    block = block_at(layout, a)
    return block is not None and b in block.cells


def _square_masks(masks: tuple[int, ...] | list[int], block: Block) -> tuple[int, int, int, int]:
    """Return the four masks of a square, TL, TR, BR, BL."""
    tl, tr, br, bl = block.cells
    return (masks[tl], masks[tr], masks[br], masks[bl])


def _turned_square(square: tuple[int, int, int, int], q: int) -> tuple[int, int, int, int]:
    """Return a square's four masks after ``q`` clockwise quarters (q in 0..3)."""
    out = [0, 0, 0, 0]
    for i, mask in enumerate(square):
        out[(i + q) % 4] = _turn(mask, q)
    return (out[0], out[1], out[2], out[3])


def _turn_block(masks: tuple[int, ...] | list[int], block: Block, by: int) -> tuple[int, ...]:
    """Return ``masks`` with ``block`` turned ``by`` quarters clockwise (negative: anticlockwise).

    The piece at ``cells[i]`` moves to ``cells[(i + q) % 4]`` and turns ``q`` quarters.
    """
    q = by % 4
    out = list(masks)
    for cell, mask in zip(block.cells, _turned_square(_square_masks(masks, block), q), strict=True):
        out[cell] = mask
    return tuple(out)


def _block_facings(
    masks: tuple[int, ...] | list[int], block: Block
) -> tuple[tuple[int, int, int, int], ...]:
    """Return the square's four masks after 0, 1, 2 and 3 quarters, repeats dropped, 0 first."""
    square = _square_masks(masks, block)
    facings: list[tuple[int, int, int, int]] = []
    for q in range(4):
        turned = _turned_square(square, q)
        if turned not in facings:
            facings.append(turned)
    return tuple(facings)


def _can_turn_block(masks: tuple[int, ...] | list[int], block: Block) -> bool:
    """Return whether turning the square changes anything (it has more than one facing)."""
    return len(_block_facings(masks, block)) > 1


def _block_quarters_between(
    start: tuple[int, ...] | list[int], end: tuple[int, ...] | list[int], block: Block
) -> int | None:
    """Return the fewest clockwise quarters turning ``start``'s square into ``end``'s, or None."""
    square = _square_masks(start, block)
    target = _square_masks(end, block)
    for q in range(4):
        if _turned_square(square, q) == target:
            return q
    return None


def _place_after(block: Block, cell: int, q: int) -> int:
    """Return where the piece given at ``cell`` sits after its square turned ``q`` quarters.

    A cell outside the square does not move.
    """
    if cell not in block.cells:
        return cell
    return block.cells[(block.cells.index(cell) + q) % 4]


def _is_joined_inside(masks: tuple[int, ...] | list[int], block: Block) -> bool:
    """Return whether the square's pieces agree on its four inner edges (open both or neither)."""
    return _joined_inside(_square_masks(masks, block))


def require_block(block: object, what: str) -> Block:
    """Return ``block`` if it is a :class:`Block`, else raise ValueError for ``what``."""
    if not isinstance(block, Block):
        raise ValueError(
            f"{what} needs a Suido Block (from block_at or block_info), not {type(block).__name__}"
        )
    return block


def _require_square(masks: object, block: object, what: str, name: str = "masks") -> None:
    """Check ``block`` is a Block and ``masks`` a tuple or list with a whole mask at each of its
    four cells, or raise ValueError for ``what``."""
    cells = require_block(block, what).cells
    if not isinstance(masks, (tuple, list)):
        raise ValueError(f"{what}: {name} must be a tuple of masks, not {type(masks).__name__}")
    if len(masks) <= max(cells):
        raise ValueError(
            f"{what}: {name} has {len(masks)} masks, too few for a square at cell {cells[0]}"
        )
    for cell in cells:
        require_int(masks[cell], what, f"{name}[{cell}]")


def turn_block(masks: tuple[int, ...] | list[int], block: Block, by: int) -> tuple[int, ...]:
    """Return ``masks`` with ``block`` turned ``by`` quarters clockwise (negative: anticlockwise).

    The piece at ``cells[i]`` moves to ``cells[(i + q) % 4]`` and turns ``q`` quarters.
    """
    _require_square(masks, block, "turn_block")
    return _turn_block(masks, block, require_int(by, "turn_block", "by"))


def block_facings(
    masks: tuple[int, ...] | list[int], block: Block
) -> tuple[tuple[int, int, int, int], ...]:
    """Return the square's four masks after 0, 1, 2 and 3 quarters, repeats dropped, 0 first."""
    _require_square(masks, block, "block_facings")
    return _block_facings(masks, block)


def can_turn_block(masks: tuple[int, ...] | list[int], block: Block) -> bool:
    """Return whether turning the square changes anything (it has more than one facing)."""
    _require_square(masks, block, "can_turn_block")
    return _can_turn_block(masks, block)


def block_quarters_between(
    start: tuple[int, ...] | list[int], end: tuple[int, ...] | list[int], block: Block
) -> int | None:
    """Return the fewest clockwise quarters turning ``start``'s square into ``end``'s, or None."""
    _require_square(start, block, "block_quarters_between", "start")
    _require_square(end, block, "block_quarters_between", "end")
    return _block_quarters_between(start, end, block)


def place_after(block: Block, cell: int, q: int) -> int:
    """Return where the piece given at ``cell`` sits after its square turned ``q`` quarters.

    A cell outside the square does not move.
    """
    require_block(block, "place_after")
    require_int(cell, "place_after", "cell")
    return _place_after(block, cell, require_int(q, "place_after", "q"))


def is_joined_inside(masks: tuple[int, ...] | list[int], block: Block) -> bool:
    """Return whether the square's pieces agree on its four inner edges (open both or neither)."""
    _require_square(masks, block, "is_joined_inside")
    return _is_joined_inside(masks, block)
