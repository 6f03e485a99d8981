"""Time the count of one pair in opposite corners of an empty even board, with the colouring
check (today's solver) and without it (the solver before it), in one process.

Run: ``.venv/bin/python bench/parity_boards.py [--sizes 12,14,20,30] [--budget N]``. Without
the check the search has to prove there is no answer, which takes a long time, so it runs with
a budget of ``N`` SAT conflicts (default 300000; 0 for none) and reports what it reached:
"gave up" with the seconds and conflicts spent, or the seconds to the proof. With the check
the count is 0 and complete with no solver call.
"""

from __future__ import annotations

import argparse
import sys
import time

from itsutsu.tsunagi.layout import decode_layout
from itsutsu.tsunagi.solver.count import _count


def main(argv: list[str]) -> int:
    """Time each size with and without the colouring check and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="12,14,20,30")
    parser.add_argument("--budget", type=int, default=300_000)
    args = parser.parse_args(argv)
    budget = args.budget or None
    print(f"{'board':<8}{'with check ms':>15}{'without: s':>12}{'conflicts':>11}  outcome")
    for size in (int(part) for part in args.sizes.split(",")):
        layout = decode_layout("A" + "." * (size * size - 2) + "A", size)
        if layout is None:
            raise SystemExit(f"no board of side {size}")
        start = time.perf_counter()
        fast = _count(layout, 2, None, None)
        with_check = time.perf_counter() - start
        assert fast.count == 0 and fast.complete and fast.solves == 0
        start = time.perf_counter()
        slow = _count(layout, 2, budget, None, parity=False)
        without = time.perf_counter() - start
        outcome = "gave up (budget)" if slow.gave_up else f"proved: {slow.count} answers"
        print(
            f"{size}x{size:<5}{with_check * 1000:>15.2f}{without:>12.1f}{slow.conflicts:>11}"
            f"  {outcome}; {without / with_check:,.0f}x",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
