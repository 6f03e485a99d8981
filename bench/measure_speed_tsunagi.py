"""How long measuring a Tsunagi level's difficulty takes, against a baseline in the same run.

    nice -n 10 .venv/bin/python bench/measure_speed_tsunagi.py [--baseline REF] [--count N]

For each size (10, 12, 15 and 20 by default) it takes up to N levels, spread evenly, from our
level files (``src/itsutsu/tsunagi/levels/data``: the classic and portal sets of that size) and
from the corpus (``../shared/corpus/tsunagi/classic-N.tsv``), and measures each with
``measuring._measure`` in this checkout and in git REF (default ``main``, unpacked into a
temporary folder), each in its own process, one after the other in the same run. It prints
the median and worst CPU seconds (``time.process_time``) per size and source, the ratio of
the medians, the load average while each side ran, and whether every level's Measure came out
the same on both sides (the speed work must not change a single figure).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ROOT / "src" / "itsutsu" / "tsunagi" / "levels" / "data"
CORPUS = ROOT.parent / "shared" / "corpus" / "tsunagi"


def _rows(path: Path) -> list[list[str]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.split("\t") for line in lines if line and not line.startswith("#")]


def _spread(rows: list[list[str]], count: int) -> list[list[str]]:
    return rows[:: max(1, len(rows) // count)][:count]


def levels(sizes: list[int], count: int) -> list[tuple[str, int, str, str]]:
    """``(source, size, layout code, answer)`` for every level timed."""
    out = []
    for size in sizes:
        for kind in ("classic", "portals"):
            path = LEVELS / f"{kind}-{size}.tsv"
            if path.exists():
                for row in _spread(_rows(path), count):
                    out.append((f"ours {kind}", size, row[0], row[1]))
        path = CORPUS / f"classic-{size}.tsv"
        if path.exists():
            for row in _spread(_rows(path), count):
                out.append(("corpus classic", size, row[1], row[2]))
    return out


def run(sizes: list[int], count: int) -> dict[str, Any]:
    """Measure every level in this process: CPU seconds and the Measure of each, and the
    load average before and after."""
    from itsutsu.tsunagi.check import owners_of_answer
    from itsutsu.tsunagi.difficulty.measuring import _measure
    from itsutsu.tsunagi.layout import decode_layout

    load_before = os.getloadavg()[0]
    times, measures = [], []
    for _, size, code, answer in levels(sizes, count):
        layout = decode_layout(code, size)
        assert layout is not None
        owners = owners_of_answer(layout, answer)
        start = time.process_time()
        m = _measure(layout, owners)
        times.append(time.process_time() - start)
        measures.append(json.dumps(dataclasses.asdict(m), sort_keys=True))
    return {"times": times, "measures": measures, "load": [load_before, os.getloadavg()[0]]}


def _baseline(ref: str, sizes: list[int], count: int) -> dict[str, Any] | str:
    """:func:`run` on git ``ref`` of this repository, in its own process."""
    with tempfile.TemporaryDirectory() as folder:
        archive = Path(folder) / "src.tar"
        made = subprocess.run(
            ["git", "-C", str(ROOT), "archive", "-o", str(archive), ref, "src"],
            capture_output=True,
            text=True,
        )
        if made.returncode:
            return f"no baseline: git archive {ref} failed: {made.stderr.strip()}"
        with tarfile.open(archive) as tar:
            tar.extractall(folder, filter="data")
        return _child(Path(folder) / "src", sizes, count)


def _child(src: Path, sizes: list[int], count: int) -> dict[str, Any] | str:
    env = {**os.environ, "PYTHONPATH": str(src)}
    args = ["--run", "--sizes", ",".join(map(str, sizes)), "--count", str(count)]
    done = subprocess.run(
        [sys.executable, __file__, *args], capture_output=True, text=True, env=env
    )
    if done.returncode:
        return f"failed: {(done.stderr.strip().splitlines() or ['?'])[-1]}"
    loaded: dict[str, Any] = json.loads(done.stdout)
    return loaded


def main() -> None:
    """Print the table: per size and source, median and worst CPU s now and in the baseline."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="main", help="git ref to compare with (main)")
    parser.add_argument("--count", type=int, default=12, help="levels per size and source (12)")
    parser.add_argument("--sizes", default="10,12,15,20", help="sizes (10,12,15,20)")
    parser.add_argument("--run", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    if args.run:
        print(json.dumps(run(sizes, args.count)))
        return
    base = _baseline(args.baseline, sizes, args.count)
    now = _child(ROOT / "src", sizes, args.count)
    if isinstance(now, str):
        sys.exit(f"this checkout {now}")
    keys = [(source, size) for source, size, _, _ in levels(sizes, args.count)]
    print(f"{'size':>4}  {'source':15} {'levels':>6}  {'median s':>8} {'worst s':>8}", end="")
    print(f"   baseline ({args.baseline}): {'median s':>8} {'worst s':>8}  ratio")
    for key in dict.fromkeys(keys):
        picked = [i for i, k in enumerate(keys) if k == key]
        mine = [now["times"][i] for i in picked]
        line = (
            f"{key[1]:>4}  {key[0]:15} {len(picked):>6}  {statistics.median(mine):8.3f}"
            f" {max(mine):8.3f}"
        )
        if isinstance(base, dict):
            old = [base["times"][i] for i in picked]
            ratio = statistics.median(old) / max(1e-9, statistics.median(mine))
            line += (
                f"   {'':>{len(args.baseline) + 12}}{statistics.median(old):8.3f}"
                f" {max(old):8.3f}  {ratio:5.1f}x faster"
            )
        print(line)
    print(f"load (1 min) while this checkout ran: {now['load'][0]:.2f} -> {now['load'][1]:.2f}")
    if isinstance(base, dict):
        print(
            f"load (1 min) while the baseline ran: {base['load'][0]:.2f} -> {base['load'][1]:.2f}"
        )
        differ = [
            i
            for i, (a, b) in enumerate(zip(now["measures"], base["measures"], strict=True))
            if a != b
        ]
        print(f"measures identical to the baseline: {len(keys) - len(differ)} of {len(keys)}")
        for i in differ[:5]:
            print(f"  differs: {keys[i][0]} {keys[i][1]}x{keys[i][1]} level {i}")
    else:
        print(f"baseline {base}")


if __name__ == "__main__":
    main()
