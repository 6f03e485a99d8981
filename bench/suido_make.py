"""Time the Suido generator: milliseconds per board, median and worst over seeds, one process.

Rows: network and drains at 7, 10, 14, 20, 28, 40 and 64 (square boards), inlet-outlet at
10, and ``make`` aiming at difficulty 50 at 10. Each row makes one untimed board first (warm),
then one board per seed 1..N, timed by the process's CPU clock (the machine is shared;
``--wall`` for the wall clock). Besides our figures each row prints, as a baseline measured in
the same run, the median time to lay a board out with no proof (:func:`itsutsu.suido.lay`),
and the original's warm medians (measured 2026-12-01 on this kind of machine, over seeds
1-10) with our median's ratio to them.

    nice -n 10 .venv/bin/python bench/suido_make.py [--seeds N] [--rows network,drains,...]
        [--sizes 7,10,...]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from itsutsu import suido

ORIGINAL_MS = {
    ("network", 7): 0.5,
    ("network", 10): 1.3,
    ("network", 14): 3.2,
    ("network", 20): 5.7,
    ("drains", 7): 0.8,
    ("drains", 10): 2.1,
    ("drains", 14): 7.2,
    ("drains", 20): 25.9,
}
"""The original generator's warm median milliseconds per board (its issue's figures)."""

GOALS_MS = {("network", 64): 1000.0, ("drains", 64): 3000.0}
"""Our goals where the original has no figure."""

SIZES = (7, 10, 14, 20, 28, 40, 64)


CLOCK = time.process_time
"""The clock: this process's CPU time, so that other work on a shared machine does not count
(``--wall`` for the wall clock)."""


def _times(call: Callable[[int], object], seeds: int) -> list[float]:
    """Milliseconds of ``call(seed)`` for seeds 1..``seeds``, after one untimed call."""
    call(0)
    out = []
    for seed in range(1, seeds + 1):
        start = CLOCK()
        call(seed)
        out.append((CLOCK() - start) * 1000)
    return out


def _row(name: str, size: int, made: list[float], laid: list[float]) -> None:
    """Print one row: our median and worst, the lay baseline, the original and the ratio."""
    median = statistics.median(made)
    kind = name.split()[0]
    original = ORIGINAL_MS.get((kind, size))
    goal = GOALS_MS.get((kind, size))
    versus = "-"
    if original is not None:
        versus = f"{original:.1f} ({median / original:.2f}x)"
    elif goal is not None:
        versus = f"goal <{goal:.0f} ({'met' if max(made) < goal else 'not met'} by worst)"
    print(
        f"{name:<18} {size:>2}x{size:<2} {median:>9.1f} {max(made):>9.1f} "
        f"{statistics.median(laid):>8.2f}  {versus}",
        flush=True,
    )


def main() -> int:
    """Run the rows asked for and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="seeds per row (default 20)")
    parser.add_argument("--rows", default="network,drains,inlet-outlet,difficulty")
    parser.add_argument("--sizes", default=",".join(str(size) for size in SIZES))
    parser.add_argument("--wall", action="store_true", help="time by the wall clock, not CPU")
    args = parser.parse_args()
    global CLOCK
    if args.wall:
        CLOCK = time.perf_counter
    rows = args.rows.split(",")
    sizes = [int(size) for size in args.sizes.split(",")]
    print(f"{'row':<18} {'size':<5} {'median ms':>9} {'worst ms':>9} {'lay ms':>8}  original ms")
    for kind in ("network", "drains"):
        if kind not in rows:
            continue
        for size in sizes:
            made = _times(
                lambda seed, size=size, kind=kind: suido.make_unscored(
                    size=size, kind=kind, seed=seed
                ),
                args.seeds,
            )
            laid = _times(
                lambda seed, size=size, kind=kind: suido.lay(size=size, kind=kind, seed=seed),
                args.seeds,
            )
            _row(kind, size, made, laid)
    if "inlet-outlet" in rows:
        made = _times(
            lambda seed: suido.make_unscored(size=10, kind="inlet-outlet", seed=seed), args.seeds
        )
        laid = _times(lambda seed: suido.lay(size=10, kind="inlet-outlet", seed=seed), args.seeds)
        _row("inlet-outlet", 10, made, laid)
    if "difficulty" in rows:
        made = _times(lambda seed: suido.make(size=10, seed=seed, difficulty=50), args.seeds)
        laid = _times(lambda seed: suido.lay(size=10, seed=seed), args.seeds)
        _row("difficulty 50", 10, made, laid)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
