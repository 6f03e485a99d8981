"""How fast the checks a server runs are: Suido at 14x14, Tsunagi at 30x30 and 64x64.

    .venv/bin/python bench/check_speed.py [--baseline REF] [--rounds N]

Prints, for this checkout and for the baseline (git REF, default ``main``, unpacked into a
temporary folder and run in its own process in the same run): the median and worst time
of a check on the first call of each layout (never seen before in the process, as a site
mostly sees them) and on repeated calls of one layout, the time per cell, and the ratios.
Run it under ``nice -n 10`` on a shared machine. Needs the corpus in ``../shared/corpus``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"


def _rows(path: Path) -> list[list[str]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.split("\t") for line in lines if line and not line.startswith("#")]


def _rows_board(side: int, wrap: bool) -> tuple[str, str]:
    """The cells of a side x side Tsunagi layout with its lines along the rows, and its answer.

    One pair a row; on a wrapping board two pairs a row (a line along a whole row would have
    its stones side by side across the seam), so at most 41 rows.
    """
    from itsutsu.tsunagi import PAIR_LETTERS

    layout, answer = [], []
    parts = 2 if wrap else 1
    for row in range(side):
        for part in range(parts):
            letter = PAIR_LETTERS[row * parts + part]
            span = side // parts if part < parts - 1 else side - (parts - 1) * (side // parts)
            layout.append(letter + "." * (span - 2) + letter)
            answer.append(letter * span)
    return "".join(layout), "".join(answer)


def _timed(call, *args) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    verdict = call(*args)
    took = time.perf_counter() - start
    assert verdict.ok, verdict
    return took * 1000


def _figures(times: list[float], cells: int) -> dict[str, float]:
    return {
        "median": statistics.median(times),
        "worst": max(times),
        "per_cell_us": statistics.median(times) * 1000 / cells,
    }


def measure(rounds: int) -> dict[str, dict[str, float]]:
    """Measure every case in this process and return the figures (milliseconds)."""
    from itsutsu import suido, tsunagi

    out: dict[str, dict[str, float]] = {}
    pairs = []
    for row in _rows(CORPUS / "suido" / "14x14.tsv"):
        board = suido.decode_layout(row[1])
        solution = suido.level_solution((row[1], row[2], row[3]))
        pairs.append((row[1], suido.encode_layout(suido.with_masks(board, solution))))
    out["suido 14x14 first call"] = _figures(
        [_timed(suido.check_answer, b, a) for b, a in pairs], 196
    )
    repeated = [_timed(suido.check_answer, *pairs[0]) for _ in range(rounds)]
    out["suido 14x14 repeated"] = _figures(repeated, 196)

    levels = [(row[1], row[2]) for row in _rows(CORPUS / "tsunagi" / "classic-30.tsv")]
    out["tsunagi 30x30 first call"] = _figures(
        [_timed(tsunagi.check_answer, 30, c, a) for c, a in levels], 900
    )
    repeated = [_timed(tsunagi.check_answer, 30, *levels[0]) for _ in range(rounds)]
    out["tsunagi 30x30 repeated"] = _figures(repeated, 900)
    for side, wrap in ((30, False), (64, False), (30, True)):
        cells, answer = _rows_board(side, wrap)
        tail = "|wrap" if wrap else ""
        # a fresh layout each call (a down wall somewhere new), so no cache holds it
        codes = [
            f"{cells}|{k * side}-{k * side + side}{tail}" for k in range(min(side - 1, rounds))
        ]
        name = f"tsunagi {side}x{side} rows{' wrap' if wrap else ''}"
        if tsunagi.decode_layout(codes[0], side) is None:
            continue  # the baseline refuses no side, but check it decodes
        first = [_timed(tsunagi.check_answer, side, code, answer) for code in codes]
        out[name + " first call"] = _figures(first, side * side)
    return out


def _baseline(ref: str, rounds: int) -> dict[str, dict[str, float]] | str:
    """Run :func:`measure` on git ``ref`` of this repository, in its own process."""
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
        env = {**os.environ, "PYTHONPATH": str(Path(folder) / "src")}
        done = subprocess.run(
            [sys.executable, __file__, "--measure", "--rounds", str(rounds)],
            capture_output=True,
            text=True,
            env=env,
            cwd=folder,
        )
        if done.returncode:
            return f"no baseline: {done.stderr.strip().splitlines()[-1]}"
        return json.loads(done.stdout)  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="main", help="git ref to compare with (main)")
    parser.add_argument("--rounds", type=int, default=200, help="repeated calls (200)")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if not CORPUS.exists():
        sys.exit(f"the corpus is not at {CORPUS}")
    if args.measure:
        print(json.dumps(measure(args.rounds)))
        return
    base = _baseline(args.baseline, args.rounds)
    now = measure(args.rounds)
    print(
        f"{'case':36} {'median ms':>10} {'worst ms':>9} {'us/cell':>8}   baseline ({args.baseline})"
    )
    for name, fig in now.items():
        line = f"{name:36} {fig['median']:10.3f} {fig['worst']:9.3f} {fig['per_cell_us']:8.3f}"
        if isinstance(base, dict) and name in base:
            old = base[name]
            ratio = old["median"] / fig["median"]
            line += (
                f"   {old['median']:8.3f} median, {old['worst']:8.3f} worst: {ratio:5.1f}x faster"
            )
        print(line)
    if isinstance(base, str):
        print(base)


if __name__ == "__main__":
    main()
