"""scripts/reference_tsunagi.py --from-pool: a side's figures from the measures a pool holds."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from itsutsu.tsunagi.difficulty.measuring import difficulty_figure, measure
from itsutsu.tsunagi.layout import decode_layout
from itsutsu.tsunagi.makers.make import make
from script_files import load_script

reference_tsunagi = load_script("reference_tsunagi")
pool_file = load_script("pool_file")


def test_figures_come_from_the_plain_boards_of_the_side(tmp_path: Path) -> None:
    path = tmp_path / "pool.sqlite"
    expected = []
    with pool_file.PoolFile(path) as pool:
        for number, (size, profile) in enumerate(
            [(5, "plain"), (5, "walls"), (6, "plain"), (5, "plain")]
        ):
            made = make(size, number, "walls" if profile == "walls" else None)
            layout = decode_layout(made.layout, size)
            assert layout is not None
            measured = measure(layout, made.answer)
            if (size, profile) == (5, "plain"):
                expected.append(difficulty_figure(measured))
            board = {
                "attempt": 0,
                "seed": number,
                "layout": made.layout,
                "answer": made.answer,
                "shows": "",
                "key": made.layout,
                "score": 50.0,
                "measure": json.dumps(dataclasses.asdict(measured)),
                "facts": "{}",
                "work": made.spent,
            }
            job = ("tsunagi", str(size), profile, number)
            pool.record(
                {"job": job, "attempts": 1, "boards": [board], "dropped": {}, "seconds": 0.0}
            )
    assert reference_tsunagi._pool_figures(path, 5) == expected
    assert len(expected) == 2 and reference_tsunagi._pool_figures(path, 7) == []
