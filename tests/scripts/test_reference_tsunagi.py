"""scripts/reference_tsunagi.py --from-pool: a side's figures from the measures a pool holds."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from pathlib import Path

from itsutsu.tsunagi.difficulty.measuring import difficulty_figure, measure
from itsutsu.tsunagi.layout import decode_layout
from itsutsu.tsunagi.makers.make import make
from script_files import load_script

reference_tsunagi = load_script("reference_tsunagi")


def test_figures_come_from_the_plain_boards_of_the_side(tmp_path: Path) -> None:
    pool = tmp_path / "pool.sqlite"
    expected = []
    with sqlite3.connect(pool) as db:
        db.execute(
            "CREATE TABLE boards (puzzle TEXT, size TEXT, profile TEXT, number INTEGER, "
            "attempt INTEGER, measure TEXT)"
        )
        for number, (size, profile) in enumerate(
            [(5, "plain"), (5, "walls"), (6, "plain"), (5, "plain")]
        ):
            made = make(size, number, "walls" if profile == "walls" else None)
            layout = decode_layout(made.layout, size)
            assert layout is not None
            measured = measure(layout, made.answer)
            if (size, profile) == (5, "plain"):
                expected.append(difficulty_figure(measured))
            row = (
                "tsunagi",
                str(size),
                profile,
                number,
                0,
                json.dumps(dataclasses.asdict(measured)),
            )
            db.execute("INSERT INTO boards VALUES (?, ?, ?, ?, ?, ?)", row)
    assert reference_tsunagi._pool_figures(pool, 5) == expected
    assert len(expected) == 2 and reference_tsunagi._pool_figures(pool, 7) == []
