"""Hints that explain themselves: the next deduction from where the player stands, in words.

:func:`hint` takes a layout and the player's progress (a game, drawn lines, a lines code or
a :class:`~.deduce.Position`), finds the first deduction that settles a cell the player has
not drawn, and says why, in English or Japanese ("Line 2 has only one way on from B4, so C4 is
line 2."). Only when no deduction applies does it fall back to the cheat line: the pair the
answer would draw next and one cell of its line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from itsutsu.common.guards import type_name
from itsutsu.tsunagi.check import owners_of_answer
from itsutsu.tsunagi.difficulty.deduce import (
    GUESS_DEPTH,
    Finding,
    Position,
    _next_finding,
    _position_of_owners,
    _tables,
)
from itsutsu.tsunagi.game import Game, _cheat_line
from itsutsu.tsunagi.layout import Layout, require_layout
from itsutsu.tsunagi.lines import Lines, _owners_of, lines_of_answer
from itsutsu.tsunagi.lines_code import decode_lines
from itsutsu.tsunagi.words import tsunagi_say

WHY_KEYS = {
    "one_way": "whyOneWay",
    "two_ways": "whyTwoWays",
    "joined": "whyJoined",
    "dead_end": "whyDeadEnd",
    "crowded": "whyCrowded",
    "bridge": "whyBridge",
    "portal": "whyPortal",
    "loop": "whyLoop",
    "region": "whyRegion",
    "guess": "whyGuess",
    "blind": "whyBlind",
}
"""Rule name -> the words key of its reason."""


@dataclass(frozen=True)
class Hint:
    """A hint: the ``rule`` behind it (``"cheat"`` for the fallback, ``None`` when nothing is
    left), the ``pair`` it is about, the ``cells`` to light (what it settles first, then the
    cell it looked from), what it ``settled`` as ``(cell, pair)``, the ``finding`` itself (None
    for the fallback) and its ``words`` in the asked language."""

    rule: str | None
    pair: int
    cells: tuple[int, ...]
    settled: tuple[tuple[int, int], ...]
    finding: Finding | None
    words: str


def cell_name(layout: Layout, cell: int) -> str:
    """A cell's name as the board's coordinates show it: column letter, then row from 1
    (``B4`` is the second column, fourth row)."""
    require_layout(layout, "cell_name")
    if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < len(layout.cells):
        raise ValueError(f"cell_name: cell must be 0..{len(layout.cells) - 1}, not {cell!r:.20}")
    return _cell_name(layout.size, cell)


def _cell_name(size: int, cell: int) -> str:
    row, col = divmod(cell, size)
    return f"{chr(ord('A') + col % 26)}{row + 1}"


def _words(layout: Layout, finding: Finding, lang: str) -> str:
    size = layout.size
    cell, pair = finding.settled[0]
    topic = finding.pair if finding.pair >= 0 else pair
    if finding.rule in ("dead_end", "crowded", "loop", "guess") and finding.ruled_out:
        topic = finding.ruled_out[0][1]
    if finding.rule == "region":
        at = cell
        topic = finding.pair
    else:
        at = finding.at
    why = tsunagi_say(lang, WHY_KEYS[finding.rule], {"n": topic + 1, "cell": _cell_name(size, at)})
    return tsunagi_say(
        lang, "hintSettles", {"why": why, "to": _cell_name(size, cell), "m": pair + 1}
    )


def _progress(
    layout: Layout, progress: object, answer: str | None
) -> tuple[Position, Lines | None, str | None]:
    """Read the player's progress into a position (cells the player's lines cover, keeping
    only those that agree with the answer when it is known), their lines, and the answer."""
    lines: Lines | None = None
    if isinstance(progress, Game):
        if progress.layout.cells != layout.cells:
            raise ValueError("hint: the game is not on this layout")
        lines = progress.lines
        answer = answer if answer is not None else progress.answer
    elif isinstance(progress, Position):
        if progress.layout != layout:
            raise ValueError("hint: the position is not on this layout")
        return progress, None, answer
    elif isinstance(progress, str):
        lines = decode_lines(layout, progress)
        if lines is None:
            raise ValueError("hint: progress is not a lines code for this layout")
    elif progress is None:
        lines = None
    elif isinstance(progress, tuple) and len(progress) == layout.pairs:
        lines = progress
    else:
        raise ValueError(
            "hint: progress must be a Game, lines, a lines code or a Position, "
            f"not {type_name(progress)}"
        )
    if lines is None:
        return _position_of_owners(layout, [-1] * len(layout.cells)), None, answer
    owners = list(_owners_of(layout, lines))
    if answer is not None:
        truth = owners_of_answer(layout, answer)
        owners = [o if o == truth[c] else -1 for c, o in enumerate(owners)]
    return _position_of_owners(layout, owners), lines, answer


def hint(
    layout: Layout,
    progress: object = None,
    lang: str = "en",
    answer: str | None = None,
    depth: int = GUESS_DEPTH,
) -> Hint:
    """The next step a person could take from ``progress`` on ``layout``, and why.

    ``progress`` is a :class:`~itsutsu.tsunagi.game.Game` (its lines and answer), the lines
    drawn, a lines code, a :class:`~.deduce.Position`, or None for the start. ``answer`` (an
    answer code) lets the hint ignore wrongly drawn cells and fall back to the cheat line when
    no deduction applies; ``depth`` is how deep a hint may guess. ``lang`` is ``en`` or ``ja``.
    Raises ValueError on a wrong layout or progress.
    """
    require_layout(layout, "hint")
    if answer is not None and not isinstance(answer, str):
        raise ValueError(f"hint: answer must be an answer code, not {type_name(answer)}")
    position, lines, answer = _progress(layout, progress, answer)
    finding = _next_finding(position, depth)
    if finding is not None:
        cells = tuple(dict.fromkeys([c for c, _ in finding.settled] + [finding.at]))
        return Hint(
            finding.rule,
            finding.settled[0][1],
            cells,
            finding.settled,
            finding,
            _words(layout, finding, lang),
        )
    return _fallback(layout, position, lines, answer, lang)


def _fallback(
    layout: Layout, position: Position, lines: Lines | None, answer: str | None, lang: str
) -> Hint:
    tables = _tables(layout)
    if all(position.settled(c) >= 0 for c in tables.open_cells):
        return Hint(None, -1, (), (), None, tsunagi_say(lang, "hintNothing"))
    if answer is None:
        return Hint(None, -1, (), (), None, tsunagi_say(lang, "hintStuck"))
    answer_lines = lines_of_answer(layout, answer)
    if answer_lines is None:
        return Hint(None, -1, (), (), None, tsunagi_say(lang, "noHintLeft"))
    drawn = lines if lines is not None else tuple(() for _ in range(layout.pairs))
    cheat = _cheat_line(layout, drawn, answer_lines)
    if cheat is None:
        return Hint(None, -1, (), (), None, tsunagi_say(lang, "noHintLeft"))
    pair = cheat.pair
    bridges = set(layout.bridges)
    wanted = [c for c in answer_lines[pair] if c not in bridges]
    ahead = [c for c in wanted if position.settled(c) < 0] or wanted
    cell = ahead[0]
    row, col = divmod(cell, layout.size)
    words = tsunagi_say(lang, "hintPair", {"n": pair + 1, "row": row + 1, "col": col + 1})
    return Hint("cheat", pair, (cell,), ((cell, pair),), None, words)


def _hints_solve(layout: Layout, answer: Sequence[int], most: int = 10_000) -> tuple[bool, int]:
    """Follow hints alone from the start (settling what each says) until the board is
    settled or no hint is left: (solved without a cheat, hints followed)."""
    position = _position_of_owners(layout, [-1] * len(layout.cells))
    owners = [-1] * len(layout.cells)
    for count in range(most):
        finding = _next_finding(position, GUESS_DEPTH)
        if finding is None:
            return position.solved, count
        for c, p in finding.settled:
            if answer[c] != p:
                return False, count
            owners[c] = p
        position = _position_of_owners(layout, owners)
    return position.solved, most
