"""Hints that explain themselves: the next deduction from where the player stands, in words.

The rules of :mod:`itsutsu.suido.difficulty.engine` are run from the board as given; the
first step that settles a piece (or a square) the player has not yet turned that way is the
hint, with the rule's reason ("this elbow must open east and south: its north and west face
the edge or a wall"). Only where no rule settles anything left does the hint fall back to
the original's help (:func:`itsutsu.suido.game.hint_for`, the next piece toward the answer),
marked ``rule == "cheat"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from itsutsu.suido.code import Layout, check_masks, decode_layout
from itsutsu.suido.difficulty.engine import DRY, RULES, Step, _run
from itsutsu.suido.game import Game, game_from_progress, hint_for, new_game
from itsutsu.suido.pieces import shape_of
from itsutsu.suido.solver.count import _solve
from itsutsu.suido.squares import _block_info
from itsutsu.suido.words import suido_say

_SIDE_KEYS = ("sideNorth", "sideEast", "sideSouth", "sideWest")
_SHAPE_KEYS = {
    "blank": "shapeBlank",
    "end": "shapeEnd",
    "straight": "shapeStraight",
    "elbow": "shapeElbow",
    "tee": "shapeTee",
    "cross": "shapeCross",
}


@dataclass(frozen=True)
class Hint:
    """A hint: turn the unit on ``cells`` (one piece, or a square's four cells, anchor first)
    to ``facing`` (a mask per cell). ``rule`` is the engine rule that settled it (``tier``
    its tier), or ``"cheat"`` (tier 0) where no rule applied and the answer was shown.
    ``en`` and ``ja`` are the hint in words."""

    cells: tuple[int, ...]
    facing: tuple[int, ...]
    rule: str
    tier: int
    en: str
    ja: str

    def words(self, lang: str) -> str:
        """The hint in ``lang`` ("ja" for Japanese, English otherwise)."""
        return self.ja if lang == "ja" else self.en


def _sides_text(lang: str, mask: int) -> str:
    names = [suido_say(lang, _SIDE_KEYS[s]) for s in range(4) if mask >> s & 1]
    if not names:
        return suido_say(lang, "sidesNone")
    if len(names) == 1:
        return names[0]
    joiner = "・" if lang == "ja" else ", "
    return suido_say(lang, "sidesAnd", {"first": joiner.join(names[:-1]), "last": names[-1]})


def _why(lang: str, layout: Layout, near: tuple[int, ...], step: Step) -> str:
    cell = step.cells[0]
    value = step.settled[0] if step.settled else 0
    if step.rule in ("edge", "ground"):
        blocked = 0
        for side in range(4):
            other = near[cell * 4 + side]
            if value < 0 or value >> side & 1:
                continue
            rim = other < 0
            ground = not rim and layout.cells[other] == 0
            if (step.rule == "edge" and rim) or (step.rule == "ground" and ground):
                blocked |= 1 << side
        key = "whyEdge" if step.rule == "edge" else "whyGround"
        return suido_say(lang, key, {"blocked": _sides_text(lang, blocked)})
    key = {
        "path": "whyPath",
        "neighbour": "whyNeighbour",
        "spare": "whySpare",
        "loop": "whyLoop",
        "reach": "whyReach",
    }.get(step.rule, "whyTrial")
    return suido_say(lang, key)


def _words(lang: str, layout: Layout, near: tuple[int, ...], step: Step) -> str:
    cell = step.cells[0]
    row, column = divmod(cell, layout.width)
    where = {"row": row + 1, "column": column + 1}
    why = _why(lang, layout, near, step)
    if len(step.cells) > 1:
        return suido_say(lang, "hintSquare", {**where, "why": why})
    mask = step.settled[0] if step.settled else 0
    what = suido_say(lang, _SHAPE_KEYS[shape_of(mask)])
    return suido_say(
        lang, "hintFace", {**where, "what": what, "sides": _sides_text(lang, mask), "why": why}
    )


def _game_of(layout: Layout, progress: object) -> Game:
    if isinstance(progress, Game):
        if progress.start != layout:
            raise ValueError("hint: the game is not on this board")
        return progress
    if progress is None:
        game = new_game(layout)
    elif isinstance(progress, str):
        from itsutsu.suido.code import _encode_layout

        game = game_from_progress(_encode_layout(layout), progress)
        if game is None:
            raise ValueError(
                "hint: progress must be one digit 0-3 per cell, a colon and the turn count"
                f" (e.g. '{'0' * len(layout.cells)}:0'), not {progress!r:.60}"
            )
    else:
        raise ValueError(
            f"hint: progress must be a Game, a progress text or None, not {progress!r:.40}"
        )
    assert game is not None
    return game


def _hint(layout: Layout, game: Game, answer: tuple[int, ...] | None) -> Hint | None:
    """Unchecked ``hint``."""
    from itsutsu.suido.board import _neighbours_of

    near = _neighbours_of(layout)
    run = _run(layout, None)
    for step in run.steps:
        if step.settled is None or any(v == DRY for v in step.settled):
            continue
        if all(game.masks[c] == v for c, v in zip(step.cells, step.settled, strict=True)):
            continue
        return Hint(
            step.cells,
            step.settled,
            step.rule,
            RULES[step.rule],
            _words("en", layout, near, step),
            _words("ja", layout, near, step),
        )
    if run.solved:
        return None
    if answer is None:
        found = _solve(layout, 1, None)
        if not found.solutions:
            return None
        answer = found.solutions[0]
    cell = hint_for(game, answer)
    if cell is None:
        return None
    info = _block_info(layout)
    at = info.of[cell]
    cells = info.blocks[at].cells if at >= 0 else (cell,)
    row, column = divmod(cells[0], layout.width)
    where = {"row": row + 1, "column": column + 1}
    return Hint(
        cells,
        tuple(answer[c] for c in cells),
        "cheat",
        0,
        suido_say("en", "hintCheat", where),
        suido_say("ja", "hintCheat", where),
    )


def hint(
    layout: Layout | str,
    progress: Game | str | None = None,
    answer: Sequence[int] | None = None,
) -> Hint | None:
    """Return the next step a person could take on ``layout`` from ``progress``, with why.

    ``progress`` is a :class:`Game` on the board, a progress text (one digit 0-3 per cell, a
    colon and the turn count, as ``game_progress`` writes it) or None for the board as given.
    The hint is the first deduction (from the board as given) whose piece the player has not
    turned that way yet; where no rule settles anything left, the next piece toward
    ``answer`` (found by the solver when not given) with ``rule == "cheat"``. None when
    nothing is left to hint (every settled piece shows its facing and no rule or answer has
    more), or the board has no answer. Raises ValueError for a board that is neither a
    Layout nor a board code, bad progress, or an answer that is not one mask per cell.
    """
    board = decode_layout(layout) if isinstance(layout, str) else layout
    if not isinstance(board, Layout):
        raise ValueError(f"hint needs a Suido board (a Layout or a code), not {layout!r:.40}")
    game = _game_of(board, progress)
    solution = None if answer is None else tuple(check_masks(board, answer))
    return _hint(board, game, solution)
