"""Level sets for the web app's tests, made from the originals' corpus in the level-file format.

The corpus (``../shared/corpus``) keeps its own columns; the app reads the level-file format
(Tsunagi ``classic-7.tsv`` / ``portals-7.tsv`` with ``#layout answer mark``, Suido ``7x7.tsv``
/ ``big.tsv`` with ``#board turns twists mark``). :func:`write_levels` converts one into the
other, and the tests serve the result with ``create_app(levels_source=...)``.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"

TSUNAGI_HEADER = "#layout\tanswer\tmark\n"
SUIDO_HEADER = "#board\tturns\ttwists\tmark\n"


def _rows(path: Path) -> list[list[str]]:
    lines = path.read_text(encoding="utf-8").splitlines()[1:]  # after the header
    return [line.split("\t") for line in lines if line]


def write_levels(out: Path, corpus: Path = CORPUS) -> Path:
    """Write the corpus's levels into ``out`` in the level-file format and return ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    tsunagi = corpus / "tsunagi"
    for path in sorted(tsunagi.glob("classic-*.tsv")):
        rows = _rows(path)
        body = "".join(f"{r[1]}\t{r[2]}\t{r[3]}\n" for r in rows)
        (out / path.name).write_text(TSUNAGI_HEADER + body, encoding="utf-8")
    portals: dict[str, list[str]] = defaultdict(list)
    for r in _rows(tsunagi / "portals.tsv"):
        portals[r[0]].append(f"{r[2]}\t{r[3]}\t{r[4]}\n")
    for size, lines in portals.items():
        (out / f"portals-{size}.tsv").write_text(TSUNAGI_HEADER + "".join(lines), "utf-8")
    for path in sorted((corpus / "suido").glob("*.tsv")):
        rows = _rows(path)
        if path.name == "big.tsv":
            body = "".join(f"{r[1]}\t{r[2]}\t{r[3]}\t\n" for r in rows)
        else:
            body = "".join(f"{r[1]}\t{r[2]}\t{r[3]}\t{r[4]}\n" for r in rows)
        (out / path.name).write_text(SUIDO_HEADER + body, encoding="utf-8")
    return out
