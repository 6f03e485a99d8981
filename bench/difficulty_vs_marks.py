"""Suido: how well our difficulty agrees with the originals' marks, and how long measuring takes.

Reads ``../shared/corpus/suido/WxH.tsv`` beside the repository, measures every level (or
every ``--stride``-th), and prints per size: Spearman's rank correlation between the corpus
``mark`` and our score, our blend and a few raw figures; the median and worst measuring time,
with the spec's plain rounds of looking (``deduce``) timed in the same run as the baseline; and
the share of levels the rules solve without a guess (what hints alone solve). Times are CPU
seconds of this process (the machine is shared, so wall time says little). Then the
levels where score and mark disagree most, and whether 30x30-ish boards outrank 10x10 ones on
the cross-size score.

    nice -n 10 .venv/bin/python bench/difficulty_vs_marks.py [--stride N] [SIZE ...]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from itsutsu.common.scoring import spearman
from itsutsu.suido import decode_layout, deduce, level_solution
from itsutsu.suido.difficulty import blend_of, exact_big_score, exact_score, measure
from itsutsu.suido.difficulty.reference import reference_sets
from itsutsu.suido.levels import SUIDO_SIZES

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "suido"
SIZES = [*SUIDO_SIZES]
RAW = ("search", "rounds", "obscure", "unsettled")


def _rows(size: str) -> list[list[str]]:
    path = CORPUS / f"{size}.tsv"
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.split("\t") for line in lines if line and not line.startswith("#")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stride", type=int, default=1, help="measure every N-th level")
    parser.add_argument("sizes", nargs="*", default=SIZES)
    args = parser.parse_args()
    ref = reference_sets()
    counts = sorted(set(ref.boards.values()))
    print(f"reference sets: {ref.source}, {counts} boards per set")
    head = f"{'size':>6} {'n':>4} {'score':>6} {'blend':>6}" + "".join(f" {r:>9}" for r in RAW)
    print(head + f" {'med ms':>7} {'max ms':>7} {'deduce':>7} {'ratio':>6} {'alone':>6}")
    worst: list[tuple[float, str, str, int, int]] = []
    big_by_size: dict[str, list[float]] = {}
    for size in args.sizes:
        rows = _rows(size)[:: args.stride]
        if not rows:
            continue
        marks, scores, blends, times, bases = [], [], [], [], []
        raws: dict[str, list[float]] = {r: [] for r in RAW}
        alone = 0
        for row in rows:
            layout = decode_layout(row[1])
            answer = level_solution(row[1:])
            assert layout is not None and answer is not None
            started = time.process_time()
            m = measure(layout, answer)
            times.append(time.process_time() - started)
            started = time.process_time()
            deduce(layout, answer)
            bases.append(time.process_time() - started)
            marks.append(float(row[4]))
            score = exact_score(m)
            scores.append(score)
            blends.append(blend_of(m))
            for r in RAW:
                raws[r].append(float(getattr(m, r)))
            alone += m.guesses == 0
            big_by_size.setdefault(size, []).append(exact_big_score(m))
            ours = min(5, 1 + int(score // 20))
            gap = abs(ours - int(row[4]))
            worst.append((gap, size, row[0], int(row[4]), round(score)))
        med = statistics.median(times) * 1000
        base = statistics.median(bases) * 1000
        line = f"{size:>6} {len(rows):>4}"
        line += f" {spearman(marks, scores):6.2f} {spearman(marks, blends):6.2f}"
        line += "".join(f" {spearman(marks, raws[r]):9.2f}" for r in RAW)
        line += f" {med:7.1f} {max(times) * 1000:7.0f} {base:7.2f} {med / max(base, 1e-9):6.0f}"
        line += f" {alone / len(rows):6.0%}"
        print(line, flush=True)
    worst.sort(reverse=True)
    print("most disagreement (size level mark our-score):")
    for _gap, size, level, mark, score in worst[:6]:
        print(f"  {size} level {level}: mark {mark}, score {score}")
    if "10x10" in big_by_size and "28x28" in big_by_size:
        small = statistics.mean(big_by_size["10x10"])
        large = statistics.mean(big_by_size["28x28"])
        print(f"cross-size score, mean: 10x10 {small:.1f}, 28x28 {large:.1f}")


if __name__ == "__main__":
    main()
