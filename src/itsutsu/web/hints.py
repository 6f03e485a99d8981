"""Hints: the one place a play box asks what to show when the player presses Hint.

A Tsunagi hint names the pair the answer would draw next (the pair Cheat would draw) and one
cell its line passes beyond what is drawn. A Suido hint is the next deduction a person could
make (``suido.hint``), with its reason in the player's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from itsutsu import suido, tsunagi


@dataclass(frozen=True)
class Hint:
    """What a hint shows: ``cells`` to light, ``pair`` whose marbles flash (Tsunagi), and the
    words (already in the player's language), or ``words`` None when nothing is left to hint."""

    cells: tuple[int, ...]
    pair: int | None
    words: str | None


def tsunagi_hint(game: tsunagi.Game, lang: str) -> Hint:
    """Return a hint for a Tsunagi game with an answer: the next pair and a cell of its line."""
    if game.answer is None:
        return Hint((), None, None)
    answer_lines = tsunagi.lines_of_answer(game.layout, game.answer)
    if answer_lines is None:
        return Hint((), None, None)
    cheat = tsunagi.cheat_line(game.layout, game.lines, answer_lines)
    if cheat is None:
        return Hint((), None, tsunagi.tsunagi_say(lang, "noHintLeft"))
    pair = cheat.pair
    drawn, wanted = game.lines[pair], answer_lines[pair]
    if drawn and drawn[0] != wanted[0]:
        wanted = wanted[::-1]
    bridges = set(game.layout.bridges)
    shared = 0
    while shared < min(len(drawn), len(wanted)) and drawn[shared] == wanted[shared]:
        shared += 1
    ahead = [cell for cell in wanted[max(1, shared) :] if cell not in bridges]
    cell = ahead[0] if ahead else wanted[-1]
    row, col = divmod(cell, game.layout.size)
    words = tsunagi.tsunagi_say(lang, "hintPair", {"n": pair + 1, "row": row + 1, "col": col + 1})
    return Hint((cell,), pair, words)


def suido_hint(game: suido.Game, solution: Sequence[int] | None, lang: str) -> Hint:
    """Return a hint for a Suido game with a solution: the next deduction from where the
    player stands, lit with its reason in words (the original's next piece, ``hint_for``,
    only where no rule settles anything left)."""
    if solution is None:
        return Hint((), None, None)
    found = suido.hint(game.start, game, tuple(solution))
    if found is None:
        return Hint((), None, suido.suido_say(lang, "noHint"))
    return Hint(found.cells, None, found.words(lang))
