"""Time the Suido solver over the originals' levels and big spanning-tree boards, old vs new.

Reads ``../shared/corpus/suido/*.tsv`` beside the repository (files that are absent are
skipped) and prints, per file: levels, median and worst milliseconds per level for the
solver (``new``) and for the search as it was before (``old``, kept in
:mod:`itsutsu.suido.solver._baseline`), the ratio of the medians, and the positions entered.
The two are run one after the other on every level, so both see the same machine load, and
every level is checked to have exactly one answer both ways. Times are CPU seconds of this
process (``time.process_time``), which a busy machine disturbs less than the wall clock.

Then 64x64 network boards from random spanning trees (``tests/suido_trees.py``: Wilson, DFS
and Prim trees, wrapping and not, every piece turned at random) are counted with ``limit=2``,
new only (the old search can take minutes on such boards), with the worst time per kind.

    nice -n 10 .venv/bin/python bench/suido_solve.py [--trees N] [--no-old] [FILE ...]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from itsutsu.suido.code import decode_layout
from itsutsu.suido.levels import SUIDO_SIZES
from itsutsu.suido.solver._baseline import old_search
from itsutsu.suido.solver.count import solve

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from suido_trees import METHODS, tree_board  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus" / "suido"
SIZES = [*SUIDO_SIZES, "big"]


def _codes(path: Path) -> list[str]:
    """The board codes of a level table (second column), header and comments skipped."""
    codes = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            codes.append(line.split("\t")[1])
    return codes


def _corpus(names: list[str], with_old: bool) -> None:
    print(
        f"{'file':<8} {'levels':>6} {'new med ms':>10} {'new max':>8} {'old med ms':>10} "
        f"{'old max':>8} {'old/new':>7} {'positions':>9}"
    )
    new_total = old_total = 0.0
    for name in names or SIZES:
        path = CORPUS / (name if name.endswith(".tsv") else f"{name}.tsv")
        if not path.exists():
            continue
        new_times = []
        old_times = []
        positions = 0
        for code in _codes(path):
            layout = decode_layout(code)
            if layout is None:
                raise SystemExit(f"{path.name}: {code!r} does not decode")
            start = time.process_time()
            result = solve(layout)
            new_times.append(time.process_time() - start)
            positions += result.positions
            if (result.count, result.complete) != (1, True):
                raise SystemExit(f"{path.name}: {code!r} is not proved unique: {result}")
            if with_old:
                start = time.process_time()
                old = old_search(layout, 2, 1 << 62)
                old_times.append(time.process_time() - start)
                if old.solutions != result.solutions:
                    raise SystemExit(f"{path.name}: {code!r}: old and new answers differ")
        new_total += sum(new_times)
        old_total += sum(old_times)
        new_med = statistics.median(new_times) * 1000
        line = f"{path.stem:<8} {len(new_times):>6} {new_med:>10.2f} {max(new_times) * 1000:>8.1f}"
        if with_old:
            old_med = statistics.median(old_times) * 1000
            line += f" {old_med:>10.2f} {max(old_times) * 1000:>8.1f} {old_med / new_med:>7.2f}"
        else:
            line += f" {'':>10} {'':>8} {'':>7}"
        print(f"{line} {positions:>9}")
    total = f"{'all':<8} {'':>6} {new_total:>9.2f}s"
    if with_old:
        total += f" {'':>8} {old_total:>9.2f}s {'':>8} {old_total / new_total:>7.2f}"
    print(total)


def _trees(count: int) -> None:
    print()
    print(f"64x64 spanning-tree networks, limit=2, {count} seeds each (new solver)")
    print(
        f"{'tree':<8} {'wrap':<5} {'one':>4} {'many':>4} {'med s':>7} {'max s':>7} {'max pos':>8}"
    )
    for method in METHODS:
        for wrap in (False, True):
            times = []
            counts = []
            most = 0
            for seed in range(count):
                layout = tree_board(64, 64, wrap, method, seed)
                start = time.process_time()
                result = solve(layout, limit=2)
                times.append(time.process_time() - start)
                counts.append(result.count)
                most = max(most, result.positions)
                if not result.complete or result.count < 1:
                    raise SystemExit(f"{method} {wrap} {seed}: {result.count} {result.complete}")
            print(
                f"{method:<8} {'wrap' if wrap else 'no':<5} {counts.count(1):>4} "
                f"{counts.count(2):>4} {statistics.median(times):>7.2f} {max(times):>7.2f} "
                f"{most:>8}"
            )


def main(argv: list[str]) -> int:
    """Time the named corpus files (default: every size file), then the spanning-tree boards."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--trees", type=int, default=5, help="seeds per tree kind (0: none)")
    parser.add_argument("--no-old", action="store_true", help="skip the old search")
    args = parser.parse_args(argv)
    _corpus(args.files, not args.no_old)
    if args.trees:
        _trees(args.trees)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
