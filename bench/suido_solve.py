"""Time the Suido solver over the originals' levels and big spanning-tree boards, old vs new.

Reads ``../shared/corpus/suido/*.tsv`` beside the repository (files that are absent are
skipped) and prints, per file: levels, median and worst milliseconds per level for the
solver (``new``) and for the search as it was before (``old``, kept in
:mod:`itsutsu.suido.solver._baseline`), the ratio of the medians, and the positions entered.
The two are run one after the other on every level, so both see the same machine load, and
every level is checked to have exactly one answer both ways. Times are CPU seconds of this
process (``time.process_time``), which a busy machine disturbs less than the wall clock.

With ``--against REV`` the solver as it stood at git revision ``REV`` (its ``board.py``,
``solver/problem.py`` and ``solver/search.py``, read with ``git show``) is timed too, in the
same loop: ``new`` and ``rev`` are then both the build plus the search (``problem_of`` and
``run_search``, the checks and answer codes around them left out, as they are the same code),
and every level must give the same answers, positions, branches and forced cells both ways.

Then 64x64 network boards from random spanning trees (``tests/suido_trees.py``: Wilson, DFS
and Prim trees, wrapping and not, every piece turned at random) are counted with ``limit=2``,
new only (the old search can take minutes on such boards), with the worst time per kind.

    nice -n 10 .venv/bin/python bench/suido_solve.py [--trees N] [--no-old] [--against REV]
        [FILE ...]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path

from itsutsu.suido.code import decode_layout
from itsutsu.suido.levels import SUIDO_SIZES
from itsutsu.suido.solver import problem as new_problem
from itsutsu.suido.solver import search as new_search
from itsutsu.suido.solver._baseline import old_search
from itsutsu.suido.solver.count import solve

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from suido_trees import METHODS, drains_tree_board, tree_board  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus" / "suido"
SIZES = [*SUIDO_SIZES, "big"]


Core = Callable[[object], object]
"""Build and search a layout: returns the search's Outcome."""


def _module_at(rev: str, path: str, name: str) -> types.ModuleType:
    """The module at ``src/itsutsu/suido/<path>`` as it was at git revision ``rev``."""
    source = subprocess.run(
        ["git", "show", f"{rev}:src/itsutsu/suido/{path}"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    module = types.ModuleType(name)
    sys.modules[name] = module
    exec(compile(source, f"{rev}:{path}", "exec"), module.__dict__)
    return module


def _core_at(rev: str) -> Core:
    """problem_of + run_search as at ``rev`` (its own neighbour table, problem and search)."""
    board = _module_at(rev, "board.py", "_rev_board")
    problem = _module_at(rev, "solver/problem.py", "_rev_problem")
    problem._neighbours_of = board._neighbours_of
    search = _module_at(rev, "solver/search.py", "_rev_search")
    return lambda layout: _fields(search.run_search(problem.problem_of(layout), 2, 1 << 62))


def _fields(outcome: object) -> object:
    """An Outcome's fields, comparable across the two modules' Outcome classes."""
    return tuple(vars(outcome).values())


def _new_core(layout: object) -> object:
    return _fields(new_search.run_search(new_problem.problem_of(layout), 2, 1 << 62))


def _codes(path: Path) -> list[str]:
    """The board codes of a level table (second column), header and comments skipped."""
    codes = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            codes.append(line.split("\t")[1])
    return codes


def _corpus(names: list[str], with_old: bool, rev: str | None) -> None:
    core = _core_at(rev) if rev else None
    print(f"CPU ms per level (time.process_time); load {os.getloadavg()[0]:.2f} at the start")
    if core is not None:
        print(f"new and rev ({rev}): problem_of + run_search; old: the _baseline search")
    print(
        f"{'file':<8} {'levels':>6} {'new med ms':>10} {'new max':>8} "
        + (f"{'rev med ms':>10} {'rev max':>8} {'rev/new':>7} " if core else "")
        + f"{'old med ms':>10} {'old max':>8} {'old/new':>7} {'positions':>9}"
    )
    new_total = old_total = rev_total = 0.0
    for name in names or SIZES:
        path = CORPUS / (name if name.endswith(".tsv") else f"{name}.tsv")
        if not path.exists():
            continue
        new_times = []
        old_times = []
        rev_times = []
        positions = 0
        for code in _codes(path):
            layout = decode_layout(code)
            if layout is None:
                raise SystemExit(f"{path.name}: {code!r} does not decode")
            if core is not None:
                start = time.process_time()
                outcome = _new_core(layout)
                new_times.append(time.process_time() - start)
                start = time.process_time()
                before = core(layout)
                rev_times.append(time.process_time() - start)
                if before != outcome:
                    raise SystemExit(f"{path.name}: {code!r}: {rev} and now differ")
                result = solve(layout)
            else:
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
        rev_total += sum(rev_times)
        new_med = statistics.median(new_times) * 1000
        line = f"{path.stem:<8} {len(new_times):>6} {new_med:>10.2f} {max(new_times) * 1000:>8.1f}"
        if core is not None:
            rev_med = statistics.median(rev_times) * 1000
            line += f" {rev_med:>10.2f} {max(rev_times) * 1000:>8.1f} {rev_med / new_med:>7.2f}"
        if with_old:
            old_med = statistics.median(old_times) * 1000
            line += f" {old_med:>10.2f} {max(old_times) * 1000:>8.1f} {old_med / new_med:>7.2f}"
        else:
            line += f" {'':>10} {'':>8} {'':>7}"
        print(f"{line} {positions:>9}")
    total = f"{'all':<8} {'':>6} {new_total:>9.2f}s {'':>8}"
    if core is not None:
        total += f" {rev_total:>9.2f}s {'':>8} {rev_total / new_total:>7.2f}"
    if with_old:
        total += f" {old_total:>9.2f}s {'':>8} {old_total / new_total:>7.2f}"
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


DRAINS_BUDGET = 30_000
"""Positions a drains tree count may take before it counts as given up."""


def _drains(count: int, side: int) -> None:
    print()
    print(
        f"{side}x{side} drains boards from spanning trees (tests/suido_trees.py), 6 drains, "
        f"limit=2, budget {DRAINS_BUDGET} positions, {count} seeds each (new solver)"
    )
    print(
        f"{'tree':<8} {'wrap':<5} {'spares':>6} {'done':>4} {'med s':>7} {'max s':>7} "
        f"{'max pos':>8}"
    )
    for method in ("wilson", "dfs"):
        for wrap in (False, True):
            for spares in (0.0, 0.5):
                times = []
                done = most = 0
                for seed in range(count):
                    layout = drains_tree_board(side, wrap, method, seed, spares=spares)
                    start = time.process_time()
                    result = solve(layout, limit=2, budget=DRAINS_BUDGET)
                    times.append(time.process_time() - start)
                    done += result.complete
                    most = max(most, result.positions)
                print(
                    f"{method:<8} {'wrap' if wrap else 'no':<5} {spares:>6.1f} {done:>4} "
                    f"{statistics.median(times):>7.2f} {max(times):>7.2f} {most:>8}",
                    flush=True,
                )


def main(argv: list[str]) -> int:
    """Time the named corpus files (default: every size file), then the spanning-tree boards."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--trees", type=int, default=5, help="seeds per tree kind (0: none)")
    parser.add_argument("--no-old", action="store_true", help="skip the old search")
    parser.add_argument("--against", metavar="REV", help="also time the solver at git REV")
    parser.add_argument("--drains", type=int, default=0, help="seeds per drains tree kind")
    parser.add_argument("--drains-side", type=int, default=32, help="side of the drains boards")
    parser.add_argument("--no-corpus", action="store_true", help="skip the corpus")
    args = parser.parse_args(argv)
    if not args.no_corpus:
        _corpus(args.files, not args.no_old, args.against)
    print(f"load {os.getloadavg()[0]:.2f} at the end")
    if args.trees:
        _trees(args.trees)
    if args.drains:
        _drains(args.drains, args.drains_side)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
