"""Time the proof of every Tsunagi corpus level (one process): levels, total, median, maximum.

Run: ``.venv/bin/python bench/prove_levels.py [FILE ...]`` from the project root. Each level is
proved with ``count_solutions_of_level`` (limit 2); a level that does not come out as exactly
its stored answer is reported.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from itsutsu.tsunagi.layout import decode_layout
from itsutsu.tsunagi.solve import count_solutions_of_level

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "tsunagi"


def _levels(name: str) -> list[tuple[int, str, str]]:
    out = []
    for line in (CORPUS / name).read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        row = line.split("\t")
        if name == "portals.tsv":
            out.append((int(row[0]), row[2], row[3]))
        else:
            out.append((int(name.removeprefix("classic-").removesuffix(".tsv")), row[1], row[2]))
    return out


def _order(name: str) -> tuple[int, int]:
    if name == "portals.tsv":
        return (1, 0)
    return (0, int(name.removeprefix("classic-").removesuffix(".tsv")))


def main(names: list[str]) -> int:
    """Prove the named corpus files (all of them by default) and print one line each."""
    names = names or sorted((p.name for p in CORPUS.glob("*.tsv")), key=_order)
    grand = 0.0
    wrong = 0
    print(f"{'file':<16}{'levels':>7}{'total s':>10}{'median ms':>11}{'max ms':>10}")
    for name in names:
        times = []
        for size, code, answer in _levels(name):
            layout = decode_layout(code, size)
            if layout is None:
                raise SystemExit(f"{name}: a layout does not decode: {code}")
            start = time.perf_counter()
            result = count_solutions_of_level(layout, answer)
            times.append(time.perf_counter() - start)
            if result.count != 1 or result.gave_up or result.solutions != (answer,):
                wrong += 1
                print(f"  {name}: not proved: {code}")
        total = sum(times)
        grand += total
        print(
            f"{name:<16}{len(times):>7}{total:>10.2f}"
            f"{statistics.median(times) * 1000:>11.1f}{max(times) * 1000:>10.1f}",
            flush=True,
        )
    print(f"{'total':<16}{'':>7}{grand:>10.2f}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
