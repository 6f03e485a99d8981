"""Suido level rows: ``(board, turns, twists)`` triples as the level tables hold them.

``turns`` has one digit 0..3 per cell: the fewest clockwise quarters from the given piece to
the answer; a square's quarters stand at its anchor and its other three cells hold 0.
``twists`` is space-separated twist words, empty for a plain board.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from itsutsu.suido.code import (
    Layout,
    _encode_layout,
    _with_masks,
    check_masks,
    decode_layout,
    require_layout,
)
from itsutsu.suido.pieces import _quarters_between, _turn
from itsutsu.suido.squares import _block_info, _block_quarters_between, _turn_block
from itsutsu.suido.twists import SUIDO_TWISTS

_TURNS_PATTERN: Final = re.compile(r"[0-3]+")


def _field(row: Sequence[str], index: int) -> str:
    """Return field ``index`` of a level row, or raise ValueError naming what is wrong."""
    if isinstance(row, str) or not isinstance(row, Sequence) or len(row) <= index:
        raise ValueError(
            "a level row is a sequence (board, turns, twists) of strings; "
            f"field {index} is missing from {row!r}"
        )
    value = row[index]
    if not isinstance(value, str):
        raise ValueError(f"field {index} of a level row must be a string, not {value!r}")
    return value


def level_board(row: Sequence[str]) -> Layout | None:
    """Return the row's board decoded, or None when its code does not decode."""
    return decode_layout(_field(row, 0))


def level_solution(row: Sequence[str]) -> tuple[int, ...] | None:
    """Return the row's answer masks: its board with the stored turns applied.

    None when the board does not decode or the turns are not one digit 0..3 per cell. Plain
    cells turn by their digit; each square turns by its anchor's digit (its other three
    digits are ignored).
    """
    layout = level_board(row)
    turns = _field(row, 1)
    if layout is None or len(turns) != len(layout.cells) or not _TURNS_PATTERN.fullmatch(turns):
        return None
    info = _block_info(layout)
    masks = tuple(
        mask if info.of[cell] >= 0 else _turn(mask, int(turns[cell]))
        for cell, mask in enumerate(layout.cells)
    )
    for block in info.blocks:
        masks = _turn_block(masks, block, int(turns[block.anchor]))
    return masks


def level_answer(row: Sequence[str]) -> str | None:
    """Return the row's answer code (the board with the solution's masks), or None."""
    layout = level_board(row)
    solution = level_solution(row)
    if layout is None or solution is None:
        return None
    return _encode_layout(_with_masks(layout, solution))


def turns_of(layout: Layout, solution: tuple[int, ...] | list[int]) -> str | None:
    """Return the turns string taking ``layout``'s pieces to ``solution``'s masks.

    One digit per cell, the fewest clockwise quarters; a square's quarters at its anchor and
    0 at its other cells. None when some piece or square is no turn of the given one. Raises
    ValueError when ``solution`` is not one mask per cell.
    """
    target = check_masks(require_layout(layout, "turns_of"), solution)
    info = _block_info(layout)
    digits = [0] * len(target)
    for block in info.blocks:
        q = _block_quarters_between(layout.cells, target, block)
        if q is None:
            return None
        digits[block.anchor] = q
    for cell, (given, mask) in enumerate(zip(layout.cells, target, strict=True)):
        if info.of[cell] >= 0:
            continue
        q = _quarters_between(given, mask)
        if q is None:
            return None
        digits[cell] = q
    return "".join(str(d) for d in digits)


def declared_twists(row: Sequence[str]) -> tuple[str, ...]:
    """Return the twists the row declares: its words that are twists, in SUIDO_TWISTS order."""
    words = set(_field(row, 2).split(" "))
    return tuple(twist for twist in SUIDO_TWISTS if twist in words)
