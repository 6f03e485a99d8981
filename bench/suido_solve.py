"""Time the Suido solver over the originals' levels, one process, file by file.

Reads ``../shared/corpus/suido/*.tsv`` beside the repository (files that are absent are
skipped) and prints, per file: levels, total seconds, median and max milliseconds per level,
and the search positions entered. Every level is also checked to have exactly one answer.

    .venv/bin/python bench/suido_solve.py [FILE ...]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from itsutsu.suido.code import decode_layout
from itsutsu.suido.solver.count import solve

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "suido"
SIZES = [
    "5x5",
    "6x6",
    "7x7",
    "8x8",
    "9x9",
    "10x10",
    "11x11",
    "12x12",
    "13x13",
    "14x14",
    "5x7",
    "6x10",
    "8x14",
    "20x20",
    "28x28",
    "20x50",
    "big",
]


def _codes(path: Path) -> list[str]:
    """The board codes of a level table (second column), header and comments skipped."""
    codes = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            codes.append(line.split("\t")[1])
    return codes


def main(names: list[str]) -> int:
    """Time every named file (default: every size file) and print one line per file."""
    print(f"{'file':<10} {'levels':>6} {'total s':>8} {'median ms':>10} {'max ms':>8} {'nodes':>8}")
    grand = 0.0
    for name in names or SIZES:
        path = CORPUS / (name if name.endswith(".tsv") else f"{name}.tsv")
        if not path.exists():
            continue
        times = []
        nodes = 0
        for code in _codes(path):
            layout = decode_layout(code)
            if layout is None:
                raise SystemExit(f"{path.name}: {code!r} does not decode")
            start = time.perf_counter()
            result = solve(layout)
            times.append(time.perf_counter() - start)
            nodes += result.nodes
            if (result.count, result.complete) != (1, True):
                raise SystemExit(f"{path.name}: {code!r} is not proved unique: {result}")
        total = sum(times)
        grand += total
        print(
            f"{path.stem:<10} {len(times):>6} {total:>8.2f} "
            f"{statistics.median(times) * 1000:>10.2f} {max(times) * 1000:>8.1f} {nodes:>8}"
        )
    print(f"{'all':<10} {'':>6} {grand:>8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
