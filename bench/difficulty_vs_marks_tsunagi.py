"""Tsunagi: does our difficulty agree with the originals' marks? And how long does measuring take?

For every corpus size (``../shared/corpus/tsunagi/classic-N.tsv``) each level is measured by
deduction; Spearman's rank correlation between our figure (the score is the figure placed
among the reference quantiles, so within a size it ranks the same) and the corpus ``mark`` is
printed with the median and worst time to measure, then the mean figure per size (30x30
should stand above 10x10) and the levels where we disagree most with the marks.

    nice -n 10 .venv/bin/python bench/difficulty_vs_marks_tsunagi.py            # every level
    nice -n 10 .venv/bin/python bench/difficulty_vs_marks_tsunagi.py --every 4  # a quarter
    nice -n 10 .venv/bin/python bench/difficulty_vs_marks_tsunagi.py --sizes 10,15
    nice -n 10 .venv/bin/python bench/difficulty_vs_marks_tsunagi.py --timing 16   # 15x15 only

``--timing N`` times measuring N 15x15 levels against a baseline measured in the same run on
the same levels: proving each level's answer unique with the SAT solver
(``count_solutions_of_level``), so the ratio holds on a loaded machine.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from itsutsu.common.scoring import spearman
from itsutsu.tsunagi.check import owners_of_answer
from itsutsu.tsunagi.difficulty.measuring import _figure, _measure
from itsutsu.tsunagi.layout import decode_layout

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared/corpus/tsunagi"


def main() -> None:
    """Print the agreement and timing table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--every", type=int, default=1, help="take every N-th level")
    parser.add_argument("--sizes", default="", help="sizes, e.g. 6,10,15 (default: all)")
    parser.add_argument("--timing", type=int, default=0, help="time N 15x15 levels only")
    args = parser.parse_args()
    if args.timing:
        _timing(args.timing)
        return
    wanted = {int(s) for s in args.sizes.split(",") if s}
    files = sorted(CORPUS.glob("classic-*.tsv"), key=lambda p: int(p.stem.split("-")[1]))
    means: dict[int, float] = {}
    worst: list[tuple[float, int, int, int, float]] = []
    print("size  levels  spearman  median_s  worst_s  guesses/level  blind/level")
    for path in files:
        size = int(path.stem.split("-")[1])
        if wanted and size not in wanted:
            continue
        rows = [
            line.split("\t")
            for line in path.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")
        ][:: args.every]
        figures, marks, times, guesses, blind = [], [], [], 0, 0
        for row in rows:
            layout = decode_layout(row[1], size)
            assert layout is not None
            owners = owners_of_answer(layout, row[2])
            start = time.perf_counter()
            m = _measure(layout, owners)
            times.append(time.perf_counter() - start)
            figures.append(_figure(m))
            marks.append(int(row[3]))
            guesses += m.steps[2]
            blind += m.steps[3]
        rho = spearman(figures, marks) if len(set(marks)) > 1 else float("nan")
        means[size] = statistics.mean(figures)
        # Disagreement: our rank share against the mark's, per level.
        order = sorted(range(len(figures)), key=lambda i: figures[i])
        share = {i: r / max(1, len(order) - 1) for r, i in enumerate(order)}
        for i, row in enumerate(rows):
            gap = share[i] - (marks[i] - 1) / 4
            worst.append((abs(gap), size, int(row[0]), marks[i], share[i]))
        print(
            f"{size:>4}  {len(rows):>6}  {rho:>8.3f}  {statistics.median(times):>8.3f}"
            f"  {max(times):>7.3f}  {guesses / len(rows):>13.2f}  {blind / len(rows):>11.2f}",
            flush=True,
        )
    print("mean figure by size: " + ", ".join(f"{s}: {v:.3f}" for s, v in means.items()))
    if 10 in means and 30 in means:
        print(f"30x30 over 10x10: {means[30] / means[10]:.2f} times the mean figure")
    print("largest disagreements (size, level, mark, our rank share):")
    for gap, size, level, mark, share in sorted(worst, reverse=True)[:6]:
        print(f"  {size}x{size} level {level}: mark {mark}, ours at {share:.2f} (gap {gap:.2f})")


def _timing(count: int) -> None:
    """Median and worst time to measure ``count`` 15x15 levels, and the baseline's."""
    from itsutsu.tsunagi.solver.count import count_solutions_of_level

    path = CORPUS / "classic-15.tsv"
    rows = [
        line.split("\t")
        for line in path.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    rows = rows[:: max(1, len(rows) // count)][:count]
    ours, base = [], []
    for row in rows:
        layout = decode_layout(row[1], 15)
        assert layout is not None
        owners = owners_of_answer(layout, row[2])
        start = time.perf_counter()
        _measure(layout, owners)
        ours.append(time.perf_counter() - start)
        start = time.perf_counter()
        count_solutions_of_level(layout, row[2])
        base.append(time.perf_counter() - start)
    mo, mb = statistics.median(ours), statistics.median(base)
    print(f"15x15, {len(rows)} levels: measure median {mo:.3f} s, worst {max(ours):.3f} s")
    print(f"baseline (SAT proof of uniqueness): median {mb:.3f} s, worst {max(base):.3f} s")
    print(f"measure / baseline: {mo / mb:.2f} (medians)")


if __name__ == "__main__":
    main()
