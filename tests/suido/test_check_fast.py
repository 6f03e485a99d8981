"""The fast check gives exactly the verdict of the cell-by-cell reference on every corpus
board, for its answer, the board as given and answers with pieces turned at random."""

from __future__ import annotations

import random

import pytest

from conftest import corpus_files, corpus_rows
from itsutsu import suido
from itsutsu.suido.check import _slow_verdict, _verdict
from itsutsu.suido.code import _with_masks


def _answers(layout: suido.Layout, solution: tuple[int, ...], rng: random.Random):
    yield layout
    yield _with_masks(layout, solution)
    for _ in range(6):
        masks = list(solution)
        for _ in range(rng.randint(1, 3)):
            cell = rng.randrange(len(masks))
            masks[cell] = suido.turn(masks[cell], rng.randint(1, 3))
        if rng.random() < 0.2:
            masks[rng.randrange(len(masks))] = rng.randrange(16)  # not a turn of its piece
        yield _with_masks(layout, masks)


@pytest.mark.parametrize("name", corpus_files("suido") or ["5x5.tsv"])
def test_fast_verdict_is_the_reference(name: str) -> None:
    rng = random.Random(name)
    rows = corpus_rows("suido", name)
    reasons: set[str | None] = set()
    for row in rows[:: max(1, len(rows) // 48)]:
        code = row[1]
        layout = suido.decode_layout(code)
        assert layout is not None
        solution = suido.level_solution((code, row[2], row[3]))
        for answer in _answers(layout, solution, rng):
            fast = _verdict(layout, answer)
            assert fast == _slow_verdict(layout, answer), (code, suido.encode_layout(answer))
            reasons.add(fast.reason)
    assert None in reasons and suido.LEAKS in reasons
