"""Playing Suido: a :class:`Game` value and the moves and measures on it."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Final

from itsutsu.common.guards import require_int, require_ints
from itsutsu.common.notebook_repr import lazy, shown_in_notebooks
from itsutsu.suido.code import (
    Layout,
    _encode_layout,
    _with_masks,
    check_masks,
    decode_layout,
)
from itsutsu.suido.pieces import _can_turn, _quarters_between, _turn
from itsutsu.suido.squares import (
    _block_info,
    _block_quarters_between,
    _can_turn_block,
    _turn_block,
)
from itsutsu.suido.water import Flow, TracedFlow, _after, _differing, _flow_of, _traced

_PROGRESS_PATTERN: Final = re.compile(r"([0-3]*):([0-9]+)")


@shown_in_notebooks(
    lazy("itsutsu.suido.drawing.shown", "game_summary"),
    lazy("itsutsu.suido.drawing.shown", "game_svg"),
    lazy("itsutsu.suido.drawing.shown", "game_status"),
)
@dataclass(frozen=True)
class Game:
    """A game in play: the board as given, the pieces now, their turns and the turn count.

    ``masks`` are indexed by where a piece is now; ``quarters`` by the cell the piece was given
    in (the same except inside squares, whose four cells all carry the square's count).
    Quarters are signed counts (clockwise +1, anticlockwise -1); ``turns`` counts moves.
    """

    start: Layout
    masks: tuple[int, ...]
    quarters: tuple[int, ...]
    turns: int


def require_game(value: object, what: str) -> Game:
    """Return ``value`` if it is a Suido :class:`Game`, else raise ValueError for ``what``."""
    if not isinstance(value, Game):
        raise ValueError(f"{what} needs a Suido Game (from new_game), not {type(value).__name__}")
    return value


def new_game(code: str | Layout) -> Game | None:
    """Return a fresh game on a board code (or a decoded Layout), or None if it does not decode."""
    layout = code if isinstance(code, Layout) else decode_layout(code)
    if layout is None:
        return None
    return Game(start=layout, masks=layout.cells, quarters=(0,) * len(layout.cells), turns=0)


def _cell_index(game: Game, cell: object) -> int | None:
    """Return ``cell`` when it is a cell of the game's board, None when off the board.

    Raises ValueError when ``cell`` is not a whole number.
    """
    if type(cell) is not int:
        raise ValueError(f"a cell must be a whole number, not {cell!r}")
    return cell if 0 <= cell < len(game.masks) else None


def can_turn_at(game: Game, cell: int) -> bool:
    """Return whether tapping ``cell`` turns something.

    False off the board, on blanks, crosses and locked pieces; a cell in a square asks whether
    the whole square has more than one facing.
    """
    require_game(game, "can_turn_at")
    index = _cell_index(game, cell)
    if index is None:
        return False
    info = _block_info(game.start)
    if info.of[index] >= 0:
        return _can_turn_block(game.masks, info.blocks[info.of[index]])
    return _can_turn(game.masks[index]) and index not in (game.start.locked or ())


def turn_at(game: Game, cell: int, by: int = 1) -> Game:
    """Return the game after turning the piece (or square) at ``cell`` by ``by`` quarters.

    Clockwise for positive ``by``. When nothing can turn there, the SAME game is returned and
    no turn is counted; otherwise ``turns`` goes up by one.
    """
    require_game(game, "turn_at")
    require_int(by, "turn_at", "by")
    if not can_turn_at(game, cell):
        return game
    info = _block_info(game.start)
    quarters = list(game.quarters)
    if info.of[cell] >= 0:
        block = info.blocks[info.of[cell]]
        masks = _turn_block(game.masks, block, by)
        for member in block.cells:
            quarters[member] += by
    else:
        changed = list(game.masks)
        changed[cell] = _turn(changed[cell], by)
        masks = tuple(changed)
        quarters[cell] += by
    return Game(start=game.start, masks=masks, quarters=tuple(quarters), turns=game.turns + 1)


def flow_of_game(game: Game) -> Flow:
    """Return the water on the game's board with its pieces as they are now."""
    require_game(game, "flow_of_game")
    return _flow_of(game.start, game.masks)


def traced_flow_of_game(game: Game) -> TracedFlow:
    """Return the water on the game's board now, with the trace :func:`flow_after_turn`
    goes on from (its ``flow`` is :func:`flow_of_game`)."""
    require_game(game, "traced_flow_of_game")
    return _traced(game.start, game.masks)


def flow_after_turn(before: Game, traced: TracedFlow, after: Game) -> TracedFlow:
    """Return the water of ``after`` from ``traced``, the traced water of ``before`` (a game
    on the same board, ``after`` being it after some turns, a restart, or any other game on
    that board): equal in every field to :func:`traced_flow_of_game` of ``after``, found by
    taking the run up again where it first read a piece that moved. Raises ValueError when
    the games are not on one board or ``traced`` is not the water of ``before``."""
    require_game(before, "flow_after_turn")
    require_game(after, "flow_after_turn")
    if after.start is not before.start and after.start != before.start:
        raise ValueError("flow_after_turn needs two games on the same board")
    if not isinstance(traced, TracedFlow) or traced.masks != before.masks:
        raise ValueError("flow_after_turn needs the traced water of the game before")
    old, new = before.masks, after.masks
    if old is new:
        return traced
    return _after(after.start, traced, new, _differing(old, new))


def is_game_solved(game: Game) -> bool:
    """Return whether the game's pieces as they are now solve its board."""
    require_game(game, "is_game_solved")
    return flow_of_game(game).solved


def game_code(game: Game) -> str:
    """Return the code of the board as it is now (the answer code once solved)."""
    require_game(game, "game_code")
    return _encode_layout(_with_masks(game.start, game.masks))


def taps_to_answer(
    game: Game, answer: tuple[int, ...] | list[int], both: bool = True
) -> int | float:
    """Return the fewest taps from the game's pieces to ``answer``'s masks (the par).

    Each square or other piece needs q clockwise quarters; it counts ``min(q, 4 - q)`` taps
    when ``both`` (turning either way) and q otherwise. ``math.inf`` when some piece cannot
    reach its answer. Raises ValueError when ``answer`` is not one mask per cell.
    """
    require_game(game, "taps_to_answer")
    target = check_masks(game.start, answer)
    info = _block_info(game.start)
    total = 0
    for block in info.blocks:
        q = _block_quarters_between(game.masks, target, block)
        if q is None:
            return math.inf
        total += min(q, (4 - q) % 4) if both else q
    for cell, mask in enumerate(game.masks):
        if info.of[cell] >= 0:
            continue
        q = _quarters_between(mask, target[cell])
        if q is None:
            return math.inf
        total += min(q, (4 - q) % 4) if both else q
    return total


def hint_for(game: Game, answer: tuple[int, ...] | list[int]) -> int | None:
    """Return the cell to tap next toward ``answer``'s masks, or None when nothing differs.

    Cells are taken nearest the pumps first in the answer's water (dry cells last, ties by
    cell number); on a drains board cells dry in the answer (spares) are skipped. A cell in a
    square is given as the square's anchor. Raises ValueError when ``answer`` is not one mask
    per cell.
    """
    require_game(game, "hint_for")
    target = check_masks(game.start, answer)
    flow = _flow_of(game.start, target)
    size = len(target)
    ranked = sorted(range(size), key=lambda c: flow.depth[c] if flow.depth[c] >= 0 else size + 1)
    info = _block_info(game.start)
    drains_kind = game.start.kind == "drains"
    for cell in ranked:
        if drains_kind and not flow.wet[cell]:
            continue
        if game.masks[cell] != target[cell]:
            index = info.of[cell]
            return info.blocks[index].anchor if index >= 0 else cell
    return None


def turned_to_face_at(game: Game, cell: int, answer: tuple[int, ...] | list[int]) -> Game:
    """Return the game after clockwise taps at ``cell`` until it faces as in ``answer``.

    Each tap counts as a turn; nothing happens when the piece (or square) cannot reach its
    answer facing, or cannot turn. Raises ValueError when ``answer`` is not one mask per cell.
    """
    require_game(game, "turned_to_face_at")
    target = check_masks(game.start, answer)
    index = _cell_index(game, cell)
    if index is None:
        return game
    info = _block_info(game.start)
    if info.of[index] >= 0:
        q = _block_quarters_between(game.masks, target, info.blocks[info.of[index]])
    else:
        q = _quarters_between(game.masks[index], target[index])
    for _ in range(q or 0):
        game = turn_at(game, index, 1)
    return game


def game_progress(game: Game) -> str:
    """Return the game's progress string: each cell's quarters mod 4, ``:``, the turn count."""
    require_game(game, "game_progress")
    return "".join(str(q % 4) for q in game.quarters) + f":{game.turns}"


def game_from_progress(code: str, progress: str) -> Game | None:
    """Return the game a board code and a :func:`game_progress` string describe, or None.

    None when the code does not decode, the progress is not ``[0-3]*:[0-9]+`` with one digit
    per cell, or the four digits of a square differ. Never raises.
    """
    layout = decode_layout(code)
    if layout is None or not isinstance(progress, str):
        return None
    match = _PROGRESS_PATTERN.fullmatch(progress)
    if match is None:
        return None
    digits_text, turns_text = match.groups()
    if len(digits_text) != len(layout.cells):
        return None
    digits = tuple(int(ch) for ch in digits_text)
    info = _block_info(layout)
    masks = list(layout.cells)
    for cell, digit in enumerate(digits):
        if info.of[cell] < 0:
            masks[cell] = _turn(layout.cells[cell], digit)
    result = tuple(masks)
    for block in info.blocks:
        quarters = {digits[cell] for cell in block.cells}
        if len(quarters) != 1:
            return None
        result = _turn_block(result, block, quarters.pop())
    return Game(start=layout, masks=result, quarters=digits, turns=int(turns_text))


def game_from_code(code: str, kept: str) -> Game | None:
    """Return a game on board ``code`` with its pieces as in the code ``kept``, or None.

    ``kept`` must be the same board (size, kind, wrap, sources, drains, locks, walls, squares)
    with every square a turn of the given square, every other piece a turn of the given piece
    and every locked piece unturned. Quarters are the fewest clockwise turns; turns are 0.
    Never raises.
    """
    layout = decode_layout(code)
    saved = decode_layout(kept)
    if layout is None or saved is None:
        return None
    if (
        layout.width != saved.width
        or layout.height != saved.height
        or layout.kind != saved.kind
        or layout.wrap != saved.wrap
        or layout.sources != saved.sources
        or layout.drains != saved.drains
        or (layout.locked or ()) != (saved.locked or ())
        or (layout.walls or ()) != (saved.walls or ())
        or (layout.bigs or ()) != (saved.bigs or ())
        or (layout.blocks or ()) != (saved.blocks or ())
    ):
        return None
    info = _block_info(layout)
    quarters = [0] * len(layout.cells)
    for block in info.blocks:
        q = _block_quarters_between(layout.cells, saved.cells, block)
        if q is None:
            return None
        for cell in block.cells:
            quarters[cell] = q
    locked = set(layout.locked or ())
    for cell, (given, mask) in enumerate(zip(layout.cells, saved.cells, strict=True)):
        if info.of[cell] >= 0:
            continue
        q = _quarters_between(given, mask)
        if q is None or (cell in locked and mask != given):
            return None
        quarters[cell] = q
    return Game(start=layout, masks=saved.cells, quarters=tuple(quarters), turns=0)


def turns_from_answer(
    given: tuple[int, ...] | list[int], solution: tuple[int, ...] | list[int]
) -> int:
    """Return the taps (either way) from ``given`` masks to ``solution`` masks, cell by cell.

    A cell that cannot reach its solution counts 0; squares are not treated specially.
    Raises ValueError when the two lists differ in length.
    """
    given = require_ints(given, "turns_from_answer", "given")
    solution = require_ints(solution, "turns_from_answer", "solution")
    if len(given) != len(solution):
        raise ValueError(
            f"given has {len(given)} masks but solution has {len(solution)}; they must match"
        )
    total = 0
    for start, end in zip(given, solution, strict=True):
        q = _quarters_between(start, end)
        if q is not None:
            total += min(q, 4 - q) % 4
    return total
