"""Re-mark the published Suido levels from the measure, after the reference sets moved.

Every level file under ``src/itsutsu/suido/levels/data`` keeps its levels, their numbers and
their order; only the mark is recomputed: ``mark_of(score)`` of the level's measure against
the package's reference sets (``itsutsu.suido.difficulty``). The big-pieces file also gets
its score column recomputed (the cross-size score of spec 8.5: half the pieces the water
reaches, half the board's own score, rounded half up), and its mark is that score's.

For every file it prints how many marks changed and the blocks of 16 that are now easier on
average than the block before (the level-set test refuses those). It never reorders: a set
whose blocks fall out of order is reported, and is for a person (or
``scripts/choose_levels.py``) to choose again.

    .venv/bin/python scripts/remark_suido_levels.py            # every file
    .venv/bin/python scripts/remark_suido_levels.py --dry-run 5x5 big   # report only
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Sequence
from pathlib import Path

from itsutsu import suido
from itsutsu.common.levels import mark_of
from itsutsu.suido import difficulty
from itsutsu.suido.levels import SUIDO_SIZES, files
from itsutsu.suido.rows import level_answer

DATA = Path(__file__).resolve().parent.parent / "src/itsutsu/suido/levels/data"
BLOCK = 16
BIG = "big"
BIG_SMALLEST = 25
BIG_LARGEST = 400


def _measure(row: files.LevelRow | files.BigLevelRow) -> difficulty.Measure:
    board = suido.decode_layout(row.board)
    answer = level_answer(row.fields())
    assert board is not None and answer is not None, row.board
    solution = suido.decode_layout(answer)
    assert solution is not None, row.board
    return difficulty.measure(board, solution.cells)


def _score(m: difficulty.Measure) -> int:
    return difficulty.score(m)


def _big_score(row: files.BigLevelRow, m: difficulty.Measure) -> int:
    """The big set's order score, as ``scripts/choose_levels.py`` writes it."""
    answer = level_answer(row.fields())
    assert answer is not None
    solution = suido.decode_layout(answer)
    assert solution is not None
    used = max(1, suido.flow_of(solution).wet_pieces)
    size_term = min(1.0, max(0.0, math.log(used / BIG_SMALLEST) / math.log(BIG_LARGEST / 25)))
    exact = 1 + 99 * (0.5 * size_term + 0.5 * (_score(m) - 1) / 99)
    return min(100, max(1, int(exact + 0.5)))


def easier_blocks(scores: list[float]) -> list[int]:
    """The blocks (1 first) easier on average than the block before them."""
    means = [
        sum(scores[at : at + BLOCK]) / len(scores[at : at + BLOCK])
        for at in range(0, len(scores), BLOCK)
    ]
    return [i + 1 for i in range(1, len(means)) if means[i] + 1e-9 < means[i - 1]]


def remark(size: str, dry_run: bool) -> tuple[int, int, list[int]]:
    """Re-mark one file; return (levels, marks changed, blocks out of order)."""
    if size == BIG:
        path = DATA / "big.tsv"
        big_rows = files.read_big_file(path)
        new_big = []
        for row in big_rows:
            order = _big_score(row, _measure(row))
            new_big.append(row._replace(score=order, mark=mark_of(order)))
        changed = sum(a.mark != b.mark for a, b in zip(big_rows, new_big, strict=True))
        rescored = sum(a.score != b.score for a, b in zip(big_rows, new_big, strict=True))
        print(f"{size}: {rescored} order scores changed")
        if not dry_run:
            files.write_big_file(path, new_big)
        return len(new_big), changed, easier_blocks([float(r.score) for r in new_big])
    path = DATA / files.level_file_name(size)
    rows = files.read_level_file(path, size)
    scores = [_score(_measure(row)) for row in rows]
    new = [row._replace(mark=mark_of(s)) for row, s in zip(rows, scores, strict=True)]
    changed = sum(a.mark != b.mark for a, b in zip(rows, new, strict=True))
    if not dry_run:
        files.write_level_file(path, size, new)
    return len(new), changed, easier_blocks([float(s) for s in scores])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sizes", nargs="*", default=[*SUIDO_SIZES, BIG])
    parser.add_argument("--dry-run", action="store_true", help="report only, write nothing")
    args = parser.parse_args(argv)
    return remark_all(args.sizes, lambda size: remark(size, args.dry_run))


def remark_all(
    names: Sequence[str], remark_one: Callable[[str], tuple[int, int, list[int] | None]]
) -> int:
    """Re-mark every file named (``remark_one(name)`` gives its levels, marks changed and
    blocks out of order), print a line for each and a total; 1 when any is out of order."""
    total = moved = 0
    broken = []
    for name in names:
        count, changed, out_of_order = remark_one(name)
        total += count
        moved += changed
        note = f", blocks easier than the one before: {out_of_order}" if out_of_order else ""
        print(f"{name}: {count} levels, {changed} marks changed{note}", flush=True)
        if out_of_order:
            broken.append(name)
    print(f"all: {total} levels, {moved} marks changed; out of order: {broken or 'none'}")
    return 1 if broken else 0


if __name__ == "__main__":
    raise SystemExit(main())
