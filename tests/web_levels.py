"""Level sets for the web app's tests, made from the originals' corpus in the level-file format.

The corpus (``../shared/corpus``) keeps its own columns; the app reads the level-file format
the engines' loaders read. :func:`write_levels` converts one into the other with the engines'
own file writers, and the tests serve the result with ``create_app(levels_source=...)``.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from itsutsu import suido, tsunagi
from itsutsu.common.levels import mark_of

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"


def _rows(path: Path) -> list[list[str]]:
    lines = path.read_text(encoding="utf-8").splitlines()[1:]  # after the header
    return [line.split("\t") for line in lines if line]


def write_levels(out: Path, corpus: Path = CORPUS) -> Path:
    """Write the corpus's levels into ``out`` in the level-file format and return ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    folder = corpus / "tsunagi"
    for path in sorted(folder.glob("classic-*.tsv")):
        size = int(path.stem.split("-")[1])
        rows = [tsunagi.LevelRow(r[1], r[2], int(r[3])) for r in _rows(path)]
        (out / path.name).write_text(tsunagi.level_file_text(size, rows), encoding="utf-8")
    portals: dict[int, list[tsunagi.LevelRow]] = defaultdict(list)
    for r in _rows(folder / "portals.tsv"):
        portals[int(r[0])].append(tsunagi.LevelRow(r[2], r[3], int(r[4])))
    for size, rows in portals.items():
        text = tsunagi.level_file_text(size, rows)
        (out / tsunagi.level_file_name(size, "portals")).write_text(text, encoding="utf-8")
    for path in sorted((corpus / "suido").glob("*.tsv")):
        if path.name == "big.tsv":
            big = [
                suido.BigLevelRow(r[1], r[2], r[3], mark_of(int(r[5])), r[4], int(r[5]), int(r[6]))
                for r in _rows(path)
            ]
            (out / path.name).write_text(suido.big_file_text(big), encoding="utf-8")
        else:
            rows_s = [suido.LevelRow(r[1], r[2], r[3], int(r[4])) for r in _rows(path)]
            (out / path.name).write_text(suido.level_file_text(path.stem, rows_s), "utf-8")
    return out
