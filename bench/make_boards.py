"""Seconds per Tsunagi board with exactly one answer, from ``itsutsu.tsunagi.make``.

Part 1: median and worst seconds per board over ``--seeds`` seeds, single process, plain at
7, 10, 15 (at most 16 pairs), 20, 25, 30 (at most 82 pairs) and 40, and each twist at one
size; the ratio to the original's figures (issue 12: 20x20 8.3 s median, 30x30 about 500 s
a board, a 15x15 pool of 200 in two core-hours) and the goals. Part 2: the two rules of
``count_solutions_of_level`` (``"all"``, the original's, and ``"check"``) on the same boards,
measured in this run: seconds, conflicts and the count each gives.

    nice -n 10 .venv/bin/python bench/make_boards.py --seeds 5 --big-seeds 2
    nice -n 10 .venv/bin/python bench/make_boards.py --quick      # small sizes only

Times are CPU seconds of the process (``time.process_time``; the machine is shared), and
the load average is printed with them. ``--compare OLD_SRC`` measures the plain boards of
``--sizes`` with this checkout and with another source tree (e.g. ``git archive`` of an
older commit unpacked into a directory), each board in a fresh process, old and new
interleaved seed by seed in the same run, and prints the ratio of their medians:

    git archive HEAD~1 src | tar -x -C /tmp/old
    nice -n 10 .venv/bin/python bench/make_boards.py --compare /tmp/old/src --sizes 20,25,30
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from itsutsu import tsunagi

PLAIN = (7, 10, 15, 20, 25, 30, 40)
TWISTS = (
    ("bridges", 10),
    ("walls", 10),
    ("bridges+walls", 10),
    ("waypoints", 10),
    ("wrap", 10),
    ("hexagon", 11),
    ("sparse", 7),
    ("portals", 10),
    ("strokes", 10),
    ("explosions", 10),
)
ORIGINAL = {20: 8.3, 30: 500.0, 15: 2 * 3600 / 200}
"""The original's seconds per board (issue 12; 15x15 from its pool's core-hours)."""
GOALS = {20: 1.7, 30: 60.0, 40: 300.0, 15: 30 * 60 / 200}
"""The goals: seconds per board (15x15: a pool of 200 in 30 minutes)."""


def _time(size: int, seed: int, twist: str | None) -> tuple[float, int, int]:
    options: dict[str, object] = {}
    started = time.process_time()
    made = tsunagi.make(size, seed, twist, **options)
    return time.process_time() - started, made.pairs, made.spent


def _row(name: str, size: int, seeds: int, twist: str | None) -> None:
    times, pairs = [], []
    for seed in range(seeds):
        try:
            took, lines, _ = _time(size, seed, twist)
        except tsunagi.GaveUp:
            print(f"  {name} {size}: seed {seed} gave up", flush=True)
            continue
        times.append(took)
        pairs.append(lines)
    if not times:
        return
    median, worst = statistics.median(times), max(times)
    base = ORIGINAL.get(size) if twist is None else None
    goal = GOALS.get(size) if twist is None else None
    ratio = f"{base / median:6.1f}x" if base else "      -"
    met = ("yes" if median < goal else "NO") if goal else "-"
    print(
        f"{name:14} {size:>3} {len(times):>3} {median:9.2f} {worst:9.2f} "
        f"{min(pairs):>3}-{max(pairs):<3} {ratio}  {met}",
        flush=True,
    )


def _rules(sizes: tuple[int, ...], seeds: int, budget: int) -> None:
    print("\nrules on the same boards (make's boards; budget", budget, "conflicts)")
    print(
        f"{'size':>4} {'pairs':>5} {'all s':>8} {'all conf':>9} {'n':>2} "
        f"{'check s':>8} {'check conf':>10} {'n':>2}"
    )
    for size in sizes:
        for seed in range(seeds):
            try:
                made = tsunagi.make(size, seed, pairs=16)
            except tsunagi.GaveUp:
                continue
            layout = tsunagi.decode_layout(made.layout, size)
            assert layout is not None
            out = []
            for rule in ("all", "check"):
                started = time.perf_counter()
                counted = tsunagi.count_solutions_of_level(
                    layout, made.answer, 2, budget, rule=rule
                )
                took = time.perf_counter() - started
                shown = str(counted.count) if counted.complete else f"{counted.count}?"
                out.append((took, counted.conflicts, shown))
            (a, ac, an), (c, cc, cn) = out
            print(
                f"{size:>4} {made.pairs:>5} {a:8.3f} {ac:>9} {an:>2} {c:8.3f} {cc:>10} {cn:>2}",
                flush=True,
            )


_CHILD = (
    "import json, sys, time\n"
    "from itsutsu.tsunagi import make\n"
    "size, seed = int(sys.argv[1]), int(sys.argv[2])\n"
    "started = time.process_time()\n"
    "m = make(size, seed)\n"
    "print(json.dumps([time.process_time() - started, m.pairs, m.spent, m.layout, m.answer]))\n"
)


def _load() -> str:
    return "load " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def _in_child(src: Path, size: int, seed: int) -> tuple[float, int, int, str, str]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, str(size), str(seed)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    took, pairs, spent, layout, answer = json.loads(out)
    return float(took), int(pairs), int(spent), str(layout), str(answer)


def _compare(old: Path, sizes: list[int], seeds: list[int]) -> None:
    """Old and new plain boards, seed by seed in fresh processes, CPU seconds."""
    new = Path(__file__).resolve().parent.parent / "src"
    print(f"old {old} vs new {new}; CPU seconds per board; {_load()}")
    print(f"{'size':>4} {'seed':>4} {'old s':>8} {'pairs':>5} {'new s':>8} {'pairs':>5}  proved")
    for size in sizes:
        olds, news = [], []
        for seed in seeds:
            row = []
            for src, into in ((old, olds), (new, news)):
                took, pairs, _, layout, answer = _in_child(src, size, seed)
                decoded = tsunagi.decode_layout(layout, size)
                assert decoded is not None
                counted = tsunagi.count_solutions_of_level(decoded, answer, 2, rule="check")
                ok = counted.unique and counted.answers[0] == answer
                into.append(took)
                row.append((took, pairs, ok))
            (a, ap, aok), (b, bp, bok) = row
            print(
                f"{size:>4} {seed:>4} {a:8.1f} {ap:>5} {b:8.1f} {bp:>5}  "
                f"{'yes' if aok and bok else 'NO'}  {_load()}",
                flush=True,
            )
        mo, mn = statistics.median(olds), statistics.median(news)
        print(
            f"{size:>4}  med {mo:8.1f}       {mn:8.1f}        worst {max(olds):.1f} / "
            f"{max(news):.1f}  old/new {mo / mn:.2f}x",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5, help="seeds per size up to 15")
    parser.add_argument("--big-seeds", type=int, default=5, help="seeds per size from 20")
    parser.add_argument("--quick", action="store_true", help="sizes up to 15 only")
    parser.add_argument("--no-rules", action="store_true", help="skip part 2")
    parser.add_argument("--rule-budget", type=int, default=2_000_000)
    parser.add_argument("--compare", type=Path, help="an older source tree to measure beside")
    parser.add_argument("--sizes", default="20,25,30", help="sizes for --compare or --only")
    parser.add_argument("--seed-list", default="0,1,2", help="seeds for --compare or --only")
    parser.add_argument("--only", action="store_true", help="plain boards of --sizes only")
    args = parser.parse_args(argv)
    sizes = [int(x) for x in args.sizes.split(",")]
    seed_list = [int(x) for x in args.seed_list.split(",")]
    if args.compare is not None:
        _compare(args.compare, sizes, seed_list)
        return 0
    print(_load())
    if args.only:
        print(f"{'size':>4} {'seed':>4} {'CPU s':>8} {'pairs':>5} {'conflicts':>10}")
        for size in sizes:
            for seed in seed_list:
                took, pairs, spent = _time(size, seed, None)
                print(f"{size:>4} {seed:>4} {took:8.1f} {pairs:>5} {spent:>10}  {_load()}")
        return 0
    print(
        f"{'board':14} {'n':>3} {'ok':>3} {'median s':>9} {'worst s':>9} {'pairs':7} "
        f"{'vs orig':>7}  goal"
    )
    for size in PLAIN:
        if args.quick and size > 15:
            continue
        _row("plain", size, args.seeds if size <= 15 else args.big_seeds, None)
    for twist, size in TWISTS:
        _row(twist, size, args.seeds, twist)
    if not args.no_rules:
        _rules((15, 16, 17), 3, args.rule_budget)
    return 0


if __name__ == "__main__":
    sys.exit(main())
