"""The originals' corpus converted into our level-file format, for the loaders' tests.

The corpus files carry a ``level`` column (and Tsunagi's ``portals.tsv`` a ``size`` column,
all sizes in one file); our files hold the levels in order, one file per set and size. These
helpers write the converted files with plain string handling, not with the package's writer,
so the reader is tested against text it did not make.
"""

from __future__ import annotations

from pathlib import Path

from conftest import corpus_files, corpus_rows


def _write(path: Path, header: str, lines: list[str]) -> None:
    path.write_text("\n".join([header, *lines]) + "\n", encoding="utf-8")


def _in_order(rows: list[list[str]], column: int, name: str) -> None:
    numbers = [int(row[column]) for row in rows]
    assert numbers == list(range(1, len(rows) + 1)), f"{name}: levels out of order"


def tsunagi_source(folder: Path) -> Path:
    """Write the Tsunagi corpus into ``folder`` as ``classic-N.tsv`` and ``portals-N.tsv``."""
    header = "#layout\tanswer\tmark"
    for name in corpus_files("tsunagi"):
        rows = corpus_rows("tsunagi", name)
        if name == "portals.tsv":
            sizes = sorted({int(row[0]) for row in rows})
            for size in sizes:
                mine = [row for row in rows if int(row[0]) == size]
                _in_order(mine, 1, f"portals size {size}")
                _write(folder / f"portals-{size}.tsv", header, ["\t".join(r[2:]) for r in mine])
        else:
            _in_order(rows, 0, name)
            _write(folder / name, header, ["\t".join(row[1:]) for row in rows])
    return folder


def _mark_of_score(score: int) -> int:
    """The marks formula, written out here so the helper does not lean on the package."""
    return 5 if score >= 80 else 1 + score // 20


def suido_source(folder: Path) -> Path:
    """Write the Suido corpus into ``folder`` as ``WxH.tsv`` and ``big.tsv``.

    The big file gains the ``mark`` column our format has (the score's mark; the original's
    big set has no marks table) and ``big_pieces`` is renamed ``pieces``.
    """
    for name in corpus_files("suido"):
        rows = corpus_rows("suido", name)
        _in_order(rows, 0, name)
        if name == "big.tsv":
            lines = [
                "\t".join([*row[1:4], str(_mark_of_score(int(row[5]))), *row[4:7]]) for row in rows
            ]
            _write(folder / name, "#board\tturns\ttwists\tmark\tsize\tscore\tpieces", lines)
        else:
            _write(folder / name, "#board\tturns\ttwists\tmark", ["\t".join(r[1:]) for r in rows])
    return folder
