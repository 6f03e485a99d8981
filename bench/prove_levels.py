"""Time the proof of every Tsunagi corpus level (one process): levels, total, median, maximum.

Run: ``.venv/bin/python bench/prove_levels.py [--sizes 20,25,30] [--compare] [FILE ...]`` from
the project root. Each level is proved with ``count_solutions_of_level`` (limit 2); a level that
does not come out as exactly its stored answer is reported. ``--sizes`` keeps only the classic
files of those sizes. ``--compare`` also proves each level with CaDiCaL's default options (the
solver as it was before :data:`itsutsu.tsunagi.solve.SOLVER_OPTIONS`), alternating the two on
every level so that both see the same machine load, and prints "new vs old" per file.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from itsutsu.tsunagi.layout import Layout, decode_layout
from itsutsu.tsunagi.solver.count import SOLVER_OPTIONS, SolveCount, _count

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


Prover = Callable[[Layout, str], SolveCount]


def _prover(options: Sequence[tuple[str, int]]) -> Prover:
    def prove(layout: Layout, answer: str) -> SolveCount:
        # what count_solutions_of_level(layout, answer) does, with these solver options
        return _count(layout, 2, None, answer, options)

    return prove


def _line(name: str, times: list[float]) -> str:
    return (
        f"{name:<20}{len(times):>7}{sum(times):>10.2f}"
        f"{statistics.median(times) * 1000:>11.1f}{max(times) * 1000:>10.1f}"
    )


def main(argv: list[str]) -> int:
    """Prove the chosen corpus files (all of them by default) and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--sizes", default="", help="classic sizes to keep, e.g. 20,25,30")
    parser.add_argument("--compare", action="store_true", help="also time the old options")
    args = parser.parse_args(argv)
    names = args.files or sorted((p.name for p in CORPUS.glob("*.tsv")), key=_order)
    if args.sizes:
        keep = {f"classic-{size.strip()}.tsv" for size in args.sizes.split(",")}
        names = [name for name in names if name in keep]
    provers: list[tuple[str, Prover]] = [("new", _prover(SOLVER_OPTIONS))]
    if args.compare:
        provers.append(("old", _prover(())))
    grand = dict.fromkeys((label for label, _ in provers), 0.0)
    wrong = 0
    print(f"{'file':<20}{'levels':>7}{'total s':>10}{'median ms':>11}{'max ms':>10}")
    for name in names:
        times: dict[str, list[float]] = {label: [] for label, _ in provers}
        for index, (size, code, answer) in enumerate(_levels(name)):
            layout = decode_layout(code, size)
            if layout is None:
                raise SystemExit(f"{name}: a layout does not decode: {code}")
            # alternate which configuration goes first, so neither is always the warm one
            turn = provers if index % 2 == 0 else provers[::-1]
            for label, prove in turn:
                start = time.perf_counter()
                result = prove(layout, answer)
                times[label].append(time.perf_counter() - start)
                if result.count != 1 or result.gave_up or result.solutions != (answer,):
                    wrong += 1
                    print(f"  {name} ({label}): not proved: {code}")
        for label, _ in provers:
            grand[label] += sum(times[label])
            shown = name if len(provers) == 1 else f"{name} {label}"
            print(_line(shown, times[label]), flush=True)
        if args.compare:
            new, old = times["new"], times["old"]
            print(
                f"{'  new vs old':<20}{'':>7}{sum(new) / sum(old):>10.2f}"
                f"{statistics.median(new) / statistics.median(old):>11.2f}"
                f"{max(new) / max(old):>10.2f}",
                flush=True,
            )
    for label, total in grand.items():
        shown = "total" if len(provers) == 1 else f"total {label}"
        print(f"{shown:<20}{'':>7}{total:>10.2f}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
