"""The README's level section says what is true: its example rows read, its figures hold."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import ROOT
from itsutsu import suido, tsunagi

SECTION = (ROOT / "README.md").read_text(encoding="utf-8").split("## Levels", 1)[1]


def _rows() -> list[str]:
    return [block.strip() for block in re.findall(r"  ```\n(.*?)  ```", SECTION, re.S)]


def test_the_example_rows_read(tmp_path: Path) -> None:
    tsunagi_row, suido_row = _rows()
    (tmp_path / "classic-5.tsv").write_text(f"#layout\tanswer\tmark\n{tsunagi_row}\n", "utf-8")
    (tmp_path / "5x5.tsv").write_text(f"#board\tturns\ttwists\tmark\n{suido_row}\n", "utf-8")
    assert tsunagi.levels_of(5, source=tmp_path)[0].mark == 1
    assert suido.levels_of("5x5", source=tmp_path)[0].twists == "walls"


def test_the_figures_hold() -> None:
    assert 'daily_level(7, "2026-10-01")` is 121' in SECTION
    assert tsunagi.daily_level(7, "2026-10-01") == 121
    assert suido.daily_level("7x7", "2026-10-06") == 4
    assert tsunagi.open_levels(7, {*range(1, 17), *range(18, 33)}) == 32
    assert tsunagi.set_of_seed(1001) == tsunagi.SeededLevel(set="portals", level=1)
