"""What the argument checks cost on two public calls: ``suido.draw`` of a 28x28 board and
``tsunagi.count_solutions_of_level`` of a 10x10 level.

Prints, for this checkout and (with ``--compare REV``) for a git revision checked out beside
it in the same run, each call's median time, the guards' share of it and how many checks one
call makes. The guards are the functions named ``require_*``, ``check_*`` and ``_check*`` and
those of ``itsutsu.common.guards``; their time is measured with ``cProfile`` and given as a
share of the profiled total. Run from the project root::

    .venv/bin/python bench/guards.py --compare 260b290
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT.parent / "shared" / "corpus" / "suido" / "28x28.tsv"
LEVEL = ROOT.parent / "shared" / "corpus" / "tsunagi" / "classic-10.tsv"
GUARD_NAMES = ("require_", "check_", "_check", "is_whole", "type_name")


def _first_row(path: Path) -> list[str]:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            return line.split("\t")
    raise SystemExit(f"{path} has no rows")


def _calls() -> dict[str, object]:
    """The two calls to time, as zero-argument functions."""
    from itsutsu import suido, tsunagi

    board = suido.decode_layout(_first_row(BOARD)[1])
    _, layout_code, answer, _ = _first_row(LEVEL)
    level = tsunagi.decode_layout(layout_code, 10)
    return {
        "suido.draw 28x28": lambda: suido.draw(board),
        "tsunagi.count_solutions_of_level 10x10": lambda: tsunagi.count_solutions_of_level(
            level, answer
        ),
    }


def _guard_share(call: object, repeat: int) -> tuple[float, float]:
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(repeat):
        call()  # type: ignore[operator]
    profile.disable()
    stats = pstats.Stats(profile)
    total = stats.total_tt  # type: ignore[attr-defined]
    guards = 0.0
    calls = 0
    for (filename, _, name), row in stats.stats.items():  # type: ignore[attr-defined]
        if "itsutsu" in filename and name.startswith(GUARD_NAMES):
            guards += row[3]  # cumulative time: a guard and whatever it calls
            calls += row[1]  # primitive calls
    return (guards / total if total else 0.0), calls / repeat


def measure(repeat: int) -> dict[str, dict[str, float]]:
    """Time each call ``repeat`` times (after one warm call) and profile its guards."""
    out = {}
    for name, call in _calls().items():
        call()  # type: ignore[operator]
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            call()  # type: ignore[operator]
            times.append(time.perf_counter() - start)
        share, calls = _guard_share(call, max(5, repeat // 4))
        out[name] = {
            "median_ms": statistics.median(times) * 1000,
            "guard_share": share,
            "guard_calls": calls,
        }
    return out


def _measure_revision(revision: str, repeat: int) -> dict[str, dict[str, float]]:
    """Run this benchmark's ``measure`` on ``revision``'s package, in a subprocess."""
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder) / "tree"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree), revision],
            check=True,
        )
        try:
            script = (
                f"import sys; sys.path.insert(0, {str(tree / 'src')!r}); "
                f"sys.path.insert(0, {str(ROOT / 'bench')!r}); import json, guards; "
                f"print(json.dumps(guards.measure({repeat})))"
            )
            done = subprocess.run(
                [sys.executable, "-c", script], check=True, capture_output=True, text=True
            )
            return json.loads(done.stdout)  # type: ignore[no-any-return]
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=True
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", metavar="REV", help="also measure this git revision")
    parser.add_argument("--repeat", type=int, default=40)
    args = parser.parse_args()
    if not BOARD.exists() or not LEVEL.exists():
        raise SystemExit("this benchmark reads ../shared/corpus, which is absent")
    rows = [("this checkout", measure(args.repeat))]
    if args.compare:
        rows.insert(0, (args.compare, _measure_revision(args.compare, args.repeat)))
    print(f"{'call':42} {'revision':>14} {'median ms':>10} {'guards':>8} {'checks/call':>12}")
    for name in rows[0][1]:
        for label, figures in rows:
            row = figures[name]
            print(
                f"{name:42} {label:>14} {row['median_ms']:10.3f} {row['guard_share'] * 100:7.1f}%"
                f" {row['guard_calls']:12.0f}"
            )


if __name__ == "__main__":
    main()
