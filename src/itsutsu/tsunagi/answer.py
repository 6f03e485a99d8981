"""The answer code: one character per cell, the letter of the line through it."""

from __future__ import annotations

from collections.abc import Sequence

from itsutsu.common.guards import require_ints
from itsutsu.tsunagi.alphabet import CELL_BLOCKED, CELL_BRIDGE, PAIR_LETTERS


def encode_answer(owners: Sequence[int]) -> str:
    """Write owners as an answer code: ``#`` blocked, ``+`` bridge, ``.`` no line, else the
    pair's letter (``?`` past the 82nd pair)."""
    return _encode_answer(require_ints(owners, "encode_answer", "owners"))


def _encode_answer(owners: Sequence[int]) -> str:
    """:func:`encode_answer` for owners already checked."""
    out = []
    for owner in owners:
        if owner == CELL_BLOCKED:
            out.append("#")
        elif owner == CELL_BRIDGE:
            out.append("+")
        elif owner < 0:
            out.append(".")
        else:
            out.append(PAIR_LETTERS[owner] if owner < len(PAIR_LETTERS) else "?")
    return "".join(out)
