"""Every corpus level is proved: exactly one answer, the stored one (spec 10).

Files of 13x13 and up are split in four parts so ``pytest -n 2`` can spread the big sizes. A sample
(every 16th level) is also proved with no guide, through ``count_solutions``.
"""

from __future__ import annotations

import pytest

from conftest import corpus_files, corpus_rows
from itsutsu.tsunagi.layout import decode_layout
from itsutsu.tsunagi.solver.count import count_solutions, count_solutions_of_level

FILES = corpus_files("tsunagi") or ["classic-4.tsv"]


def _levels(name: str) -> list[tuple[int, str, str]]:
    rows = corpus_rows("tsunagi", name)
    if name == "portals.tsv":
        return [(int(row[0]), row[2], row[3]) for row in rows]
    size = int(name.removeprefix("classic-").removesuffix(".tsv"))
    return [(size, row[1], row[2]) for row in rows]


def _chunks() -> list[tuple[str, int]]:
    """(file, part): files of 13x13 and up in four interleaved parts, the rest whole."""
    out = []
    for name in FILES:
        side = name.removeprefix("classic-").removesuffix(".tsv")
        parts = 4 if side.isdigit() and int(side) >= 13 else 1
        out.extend((name, part) for part in range(parts))
    return out


@pytest.mark.parametrize(("name", "part"), _chunks())
def test_every_level_is_proved(name: str, part: int) -> None:
    levels = _levels(name)
    parts = len([1 for n, _ in _chunks() if n == name])
    for size, code, answer in levels[part::parts]:
        layout = decode_layout(code, size)
        assert layout is not None
        result = count_solutions_of_level(layout, answer)
        assert (result.count, result.gave_up, result.solutions) == (1, False, (answer,)), code


@pytest.mark.parametrize("name", FILES)
def test_a_sample_is_proved_without_a_guide(name: str) -> None:
    for size, code, answer in _levels(name)[::16]:
        layout = decode_layout(code, size)
        assert layout is not None
        result = count_solutions(layout)
        assert (result.count, result.gave_up, result.solutions) == (1, False, (answer,)), code
