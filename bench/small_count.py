"""Time the proof of the small Tsunagi corpus levels three ways, side by side in one process.

Run: ``.venv/bin/python bench/small_count.py [--sizes 4,5,6,7] [--rounds 1]`` from the project
root. Each level is proved with ``count_solutions_of_level`` (limit 2) by

* ``before``: the count as it was before the small-board work: formula written from scratch
  by ``build_problem``, CaDiCaL for every board, no colouring check;
* ``cached``: the same SAT count with the formula assembled from the pieces cached per board
  shape (``solver/small.py``: the identical formula);
* ``now``: what ``count_solutions_of_level`` does today (the colouring check, the search
  without SAT on boards up to 6x6, the cached formula above that).

The three alternate on every level (the order turns each time) and each gets a freshly
decoded layout, so all see the same machine load and none inherits another's cached tables.
A level that does not come out as exactly its stored answer is reported. The original's
figures (issue 12, measured under Node on this kind of machine): medians 0.3-0.7 ms a level
at 4x4-7x7.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from itsutsu.tsunagi.layout import Layout, decode_layout
from itsutsu.tsunagi.solver.count import SolveCount, _count

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "tsunagi"

Prover = Callable[[Layout, str], SolveCount]
PROVERS: tuple[tuple[str, Prover], ...] = (
    (
        "before",
        lambda lay, ans: _count(lay, 2, None, ans, parity=False, cached=False, search=False),
    ),
    ("cached", lambda lay, ans: _count(lay, 2, None, ans, parity=False, search=False)),
    ("now", lambda lay, ans: _count(lay, 2, None, ans)),
)


def _levels(size: int) -> list[tuple[str, str]]:
    out = []
    for line in (CORPUS / f"classic-{size}.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            row = line.split("\t")
            out.append((row[1], row[2]))
    return out


def main(argv: list[str]) -> int:
    """Prove each size's levels the three ways and print medians, worst cases and totals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="4,5,6,7")
    parser.add_argument("--rounds", type=int, default=1, help="times over each file")
    args = parser.parse_args(argv)
    if not CORPUS.exists():
        raise SystemExit(f"the corpus is not at {CORPUS}")
    wrong = 0
    labels = [label for label, _ in PROVERS]
    head = "".join(f"{label + ' med':>12}" for label in labels)
    print(f"{'size':<6}{'levels':>7}{head}{'before/now':>11}   worst ms (b/c/n)   total s (b/c/n)")
    for size in (int(part) for part in args.sizes.split(",")):
        times: dict[str, list[float]] = {label: [] for label in labels}
        turn = 0
        for _ in range(args.rounds):
            for code, answer in _levels(size):
                turn += 1
                order = PROVERS[turn % 3 :] + PROVERS[: turn % 3]
                for label, prove in order:
                    layout = decode_layout(code, size)
                    if layout is None:
                        raise SystemExit(f"{size}x{size}: a layout does not decode: {code}")
                    start = time.perf_counter()
                    result = prove(layout, answer)
                    times[label].append(time.perf_counter() - start)
                    if result.count != 1 or not result.complete or result.answers != (answer,):
                        wrong += 1
                        print(f"  {size}x{size} ({label}): not proved: {code}")
        medians = [statistics.median(times[label]) * 1000 for label in labels]
        worst = "/".join(f"{max(times[label]) * 1000:.1f}" for label in labels)
        total = "/".join(f"{sum(times[label]):.3f}" for label in labels)
        cells = "".join(f"{m:>12.3f}" for m in medians)
        print(
            f"{size}x{size:<4}{len(times['now']):>7}{cells}{medians[0] / medians[2]:>11.2f}"
            f"   {worst:<18} {total}",
            flush=True,
        )
    print("original (issue 12): medians 0.3-0.7 ms a level at 4x4-7x7")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
