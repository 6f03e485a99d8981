"""Checking a Suido answer against its board without any search."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from itsutsu.suido.board import _plain_neighbours
from itsutsu.suido.code import Layout, decode_layout
from itsutsu.suido.pieces import _quarters_between, _rotations_of
from itsutsu.suido.squares import _block_info, _block_quarters_between
from itsutsu.suido.water import _flow_of

NOT_A_BOARD: Final = "the board is not a Suido code"
"""Reason: the board code does not decode."""
NOT_AN_ANSWER: Final = "the answer is not a Suido code"
"""Reason: the answer code does not decode."""
OTHER_BOARD: Final = "the answer is for a different board"
"""Reason: width, height, wrap or kind differ."""
MOVED_ENDS: Final = "a source or a drain is not where the board has it"
"""Reason: the source list or the drain list differs."""
OTHER_WALLS: Final = "the walls or the locked pieces are not the board's"
"""Reason: the wall list or the locked list differs."""
OTHER_SQUARES: Final = "the big pieces or the blocks are not the board's"
"""Reason: the big-piece list or the block list differs."""
WRONG_BLOCK: Final = "a block is not the block the board has there, turned"
"""Reason: a square of the answer is no turn of the board's square."""
WRONG_PIECE: Final = "a piece is not the piece the board has there"
"""Reason: a piece of the answer is no turn of the board's piece."""
TURNED_LOCK: Final = "a locked piece was turned"
"""Reason: a locked piece faces another way in the answer."""
LEAKS: Final = "the water runs out of an open end"
"""Reason: a wet piece opens onto the rim, a wall, or a side that does not open back."""
NOT_EVERY_PIECE: Final = "the water does not reach every piece"
"""Reason (network): some piece stays dry."""
NOT_EVERY_DRAIN: Final = "the water does not reach every drain"
"""Reason (drains, inlet-outlet): some drain stays dry."""
BRANCHES: Final = "the water branches: it must run in one path from the inlet to the outlet"
"""Reason (inlet-outlet): a wet piece has more than two arms."""


@dataclass(frozen=True)
class Check:
    """The verdict on an answer: ``ok``, or not with ``reason`` (one sentence) saying why."""

    ok: bool
    reason: str | None = None

    def __bool__(self) -> bool:
        """A check is true exactly when the answer is right: ``if check_answer(...):``."""
        return self.ok


def _same_list(a: tuple[int, ...] | None, b: tuple[int, ...] | None) -> bool:
    """Compare two optional lists, an absent list being the same as an empty one."""
    return (a or ()) == (b or ())


_CANON: Final = bytes(min(_rotations_of(mask)) for mask in range(16)) + bytes(240)
"""Each mask's least facing: two masks are turns of one piece exactly when these agree."""
_SIDES_OF: Final = tuple(tuple(side for side in range(4) if mask >> side & 1) for mask in range(16))
"""The side numbers each mask opens on."""
_BACK_BIT: Final = (4, 8, 1, 2)
"""For each side number, the bit of the side facing it (N faces S, E faces W)."""


def _verdict(board: Layout, answer: Layout) -> Check:
    """Return the verdict on two decoded codes: :func:`_slow_verdict`'s, found faster.

    The pieces are compared a board at a time (each mask's least facing, in C), and the water
    is run by a lean search that stops at the first spill; only a board with squares or a
    wrong piece takes the cell-by-cell path, which finds the first failing cell.
    """
    fault = _frame_fault(board, answer)
    if fault is not None:
        return Check(False, fault)
    given, masks = board.cells, answer.cells
    if (
        board.bigs
        or board.blocks
        or bytes(given).translate(_CANON) != bytes(masks).translate(_CANON)
        or any(given[cell] != masks[cell] for cell in board.locked or ())
    ):
        return _cell_verdict(board, answer)
    return _water_verdict(board, masks)


def _water_verdict(board: Layout, cells: tuple[int, ...]) -> Check:
    """Return the water's verdict on ``cells``: a leak, a dry piece or drain, a branch, or ok."""
    near = _plain_neighbours(board.width, board.height, board.wrap)
    shut: set[int] = set()
    for edge in board.walls or ():
        cell = edge >> 1
        side = 1 if edge % 2 == 0 else 2
        shut.add(cell * 4 + side)
        other = near[cell * 4 + side]
        if other >= 0:
            shut.add(other * 4 + ((side + 2) & 3))
    wet = bytearray(len(cells))
    order = []
    for source in board.sources:
        if not wet[source]:
            wet[source] = 1
            order.append(source)
    sides_of, back_bit = _SIDES_OF, _BACK_BIT
    for cell in order:  # the list grows as the water spreads: a breadth-first search
        base = cell * 4
        for side in sides_of[cells[cell]]:
            nxt = near[base + side]
            if nxt < 0 or not cells[nxt] & back_bit[side] or (shut and base + side in shut):
                return Check(False, LEAKS)
            if not wet[nxt]:
                wet[nxt] = 1
                order.append(nxt)
    if board.kind == "network":
        if len(order) != len(cells) - bytes(cells).count(0):
            return Check(False, NOT_EVERY_PIECE)
    elif not all(wet[drain] for drain in board.drains):
        return Check(False, NOT_EVERY_DRAIN)
    if board.kind == "inlet-outlet" and any(len(sides_of[cells[cell]]) > 2 for cell in order):
        return Check(False, BRANCHES)
    return Check(True)


def _frame_fault(board: Layout, answer: Layout) -> str | None:
    """Return why ``answer`` is not a turning of ``board``'s frame (its size, kind, pumps and
    drains, walls and locks, squares), or None when the frames agree."""
    if (board.width, board.height, board.wrap, board.kind) != (
        answer.width,
        answer.height,
        answer.wrap,
        answer.kind,
    ):
        return OTHER_BOARD
    if board.sources != answer.sources or board.drains != answer.drains:
        return MOVED_ENDS
    if not (_same_list(board.walls, answer.walls) and _same_list(board.locked, answer.locked)):
        return OTHER_WALLS
    if not (_same_list(board.bigs, answer.bigs) and _same_list(board.blocks, answer.blocks)):
        return OTHER_SQUARES
    return None


def _slow_verdict(board: Layout, answer: Layout) -> Check:
    """Return the verdict on two decoded codes, cell by cell (the reference)."""
    fault = _frame_fault(board, answer)
    if fault is not None:
        return Check(False, fault)
    return _cell_verdict(board, answer)


def _cell_verdict(board: Layout, answer: Layout) -> Check:
    """Return the verdict on two codes whose frames agree, cell by cell: the first piece or
    square that is no turning of the given one, a locked piece turned, or the water's."""
    info = _block_info(board)
    for block in info.blocks:
        if _block_quarters_between(board.cells, answer.cells, block) is None:
            return Check(False, WRONG_BLOCK)
    locked = set(board.locked or ())
    for cell, (given, mask) in enumerate(zip(board.cells, answer.cells, strict=True)):
        if info.of[cell] >= 0:
            continue
        if _quarters_between(given, mask) is None:
            return Check(False, WRONG_PIECE)
        if cell in locked and mask != given:
            return Check(False, TURNED_LOCK)
    flow = _flow_of(board, answer.cells)
    if flow.spills:
        return Check(False, LEAKS)
    if board.kind == "network":
        if flow.wet_pieces != flow.pieces:
            return Check(False, NOT_EVERY_PIECE)
    elif flow.wet_drains != flow.drains:
        return Check(False, NOT_EVERY_DRAIN)
    if not flow.solved:
        return Check(False, BRANCHES)
    return Check(True)


def check_answer(board: str, answer: str) -> Check:
    """Return whether the code ``answer`` is a solution of the board code ``board``.

    Linear in the cells, no search. The first failure is reported, in this order: either code
    is not a board code; the answer is for another board (size, wrap, kind); sources or
    drains moved; walls or locks not the board's; squares not the board's; a square not its
    square turned; a piece not its piece turned, or a locked piece turned (cell by cell); the
    water leaking; the water not reaching every piece (network) or drain; the water
    branching on an inlet-outlet board. Never
    raises: anything that is not a code (a non-string included) gets the matching reason.
    """
    board_layout = decode_layout(board)
    if board_layout is None:
        return Check(False, NOT_A_BOARD)
    answer_layout = decode_layout(answer)
    if answer_layout is None:
        return Check(False, NOT_AN_ANSWER)
    return _verdict(board_layout, answer_layout)
