"""Re-mark the published Tsunagi levels from the measure, after the measure changed.

Every level file under ``src/itsutsu/tsunagi/levels/data`` keeps its levels, their numbers
and their order; only the mark is recomputed, exactly as the level-set test does:
``mark_of`` of the level's score (rounded half up) against the package's reference sets.

For every file it prints how many marks changed and the blocks of 16 that are now easier on
average than the block before (the level-set test refuses those). It never reorders: a set
whose blocks fall out of order is reported, and is for a person (or
``scripts/choose_levels.py``) to choose again.

``--through`` measures only the levels with portals or bridges (the boards whose ways pass
through other cells) and keeps the marks of the rest; use it only when the change to the
measure touched nothing else.

    .venv/bin/python scripts/remark_tsunagi_levels.py                 # every file
    .venv/bin/python scripts/remark_tsunagi_levels.py --dry-run portals-15 classic-12
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

from itsutsu import tsunagi
from itsutsu.common.levels import mark_of
from itsutsu.tsunagi import difficulty
from itsutsu.tsunagi.levels import files
from remark_suido_levels import easier_blocks, remark_all

DATA = Path(__file__).resolve().parent.parent / "src/itsutsu/tsunagi/levels/data"


def _mark(score: float) -> int:
    return mark_of(min(100, max(0, math.floor(score + 0.5))))


def remark(name: str, through: bool, dry_run: bool) -> tuple[int, int, list[int] | None]:
    """Re-mark one file (``classic-12``); return (levels, marks changed, blocks out of order,
    or None when only some levels were measured and the order cannot be judged)."""
    set_name, size_text = name.rsplit("-", 1)
    size = int(size_text)
    path = DATA / files.level_file_name(size, set_name)
    rows = files.read_level_file(path, size)
    new = []
    scores = []
    for row in rows:
        layout = tsunagi.decode_layout(row.layout, size)
        assert layout is not None, row.layout
        if through and not (layout.portal_pairs or layout.bridges):
            new.append(row)
            continue
        score = float(difficulty.score(difficulty.measure(layout, row.answer)))
        scores.append(score)
        new.append(row._replace(mark=_mark(score)))
    changed = sum(a.mark != b.mark for a, b in zip(rows, new, strict=True))
    if not dry_run and changed:
        files.write_level_file(path, size, new)
    return len(new), changed, easier_blocks(scores) if len(scores) == len(rows) else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", help="set-size names; default every file")
    parser.add_argument("--through", action="store_true", help="only portal and bridge boards")
    parser.add_argument("--dry-run", action="store_true", help="report only, write nothing")
    args = parser.parse_args(argv)
    names = args.files or sorted(path.stem for path in DATA.glob("*.tsv"))
    return remark_all(names, lambda name: remark(name, args.through, args.dry_run))


if __name__ == "__main__":
    raise SystemExit(main())
