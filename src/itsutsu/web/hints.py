"""Hints: the one place a play box asks what to show when the player presses Hint.

A Tsunagi hint is the next deduction from the player's lines, with its reason in words
(``tsunagi.hint``; the cheat line's next cell only where no deduction applies). A Suido hint
is the next deduction a person could make (``suido.hint``), with its reason in the player's
language.
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
    """Return a hint for a Tsunagi game: the next deduction from the player's lines and why
    (``tsunagi.hint``), lighting the cells it settles; the cheat line's next cell only where
    no deduction applies."""
    if game.answer is None:
        return Hint((), None, None)
    found = tsunagi.hint(game.layout, game, lang)
    if found.rule is None:
        return Hint((), None, tsunagi.tsunagi_say(lang, "noHintLeft"))
    return Hint(found.cells, found.pair, found.words)


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
