"""Make Tsunagi's difficulty reference sets: seeded boards from our generator, measured, kept
as quantiles in ``src/itsutsu/tsunagi/difficulty/data/reference.json``.

For every side asked, boards are made with seeds 1..N by ``itsutsu.tsunagi.makers.make.make``
(plain boards, each proved to have one answer), each is measured by deduction
(``itsutsu.tsunagi.difficulty.measuring``) and its figure (``difficulty_figure``) kept; the
figures of a side become 101 quantiles (the percentile method of Suido's spec 8.3-8.4). The
same seeds give the same file. Sides already in the file and not asked for are kept.

    .venv/bin/python scripts/reference_tsunagi.py --sides 4-12 --boards 40
    .venv/bin/python scripts/reference_tsunagi.py --sides 13,14 --boards 40   # slow: SAT proofs
    nice -n 15 .venv/bin/python scripts/reference_tsunagi.py --sides 15,20 --boards 40  # slower

Sides above the largest set borrow its quantiles (``reference_quantiles``), so a 15x15 or
20x20 board is only scored among its own size once that side has a set here.

``scripts/reference_sets.py --puzzle tsunagi`` is meant to call this (Suido's part lives there).
A seed whose board the generator gives up on is skipped and the next seed taken.

``--jobs N`` makes and measures on N processes (the result is the same: seeds are taken in
order). ``--cache FILE`` keeps every board made (side, seed, layout, answer, or that the
generator gave up) in a JSON file outside the package, so a change to the measure or the
figure re-measures the same boards without making them again.

``--from-pool POOL`` takes a side's figures from the plain boards of a pool file
(``make_pool.py``), which already holds each board's measure: no board is made or measured
again. The 40x40 set is made so, from the 45 plain boards of the 40x40 level pool (seeded
plain boards of the same maker; a 40x40 board takes about a minute to make and measure).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing.pool import Pool
from pathlib import Path

from itsutsu.common.scoring import BLEND_POINTS, quantiles_of
from itsutsu.tsunagi.difficulty.measuring import Measure, difficulty_figure, measure
from itsutsu.tsunagi.layout import decode_layout
from itsutsu.tsunagi.makers.make import GaveUp, make
from pool_file import PoolFile

OUT = Path(__file__).resolve().parent.parent / "src/itsutsu/tsunagi/difficulty/data/reference.json"

PROVISIONAL = [round(20.0 + 20.0 * i / (BLEND_POINTS - 1), 4) for i in range(BLEND_POINTS)]
"""The stand-in quantiles used while no set from our generator is in the file: an even spread
over the figure's usual range (20 to 40), not measured on any boards."""


def _sides(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        if "-" in part:
            low, high = part.split("-")
            out.extend(range(int(low), int(high) + 1))
        else:
            out.append(int(part))
    return out


Board = tuple[str, str] | None
"""A made board's layout and answer codes, or None where the generator gave up."""


def _board(side: int, seed: int) -> Board:
    try:
        made = make(side, seed)
    except GaveUp:
        return None
    return made.layout, made.answer


def _figure_of(side: int, seed: int, board: Board) -> tuple[Board, float | None]:
    """Make the board of ``side`` and ``seed`` (unless ``board`` is given: a cached one) and
    measure it."""
    if board is None:
        board = _board(side, seed)
    if board is None:
        return None, None
    layout = decode_layout(board[0], side)
    assert layout is not None
    return board, difficulty_figure(measure(layout, board[1]))


def _figures(
    side: int, boards: int, pool: Pool | None, cache: dict[str, dict[str, Board]]
) -> list[float]:
    figures: list[float] = []
    known = cache.setdefault(str(side), {})
    seed = 1
    while len(figures) < boards:
        batch = range(seed, seed + max(1, boards - len(figures)))
        seed = batch[-1] + 1
        asks = []
        for s in batch:
            cached = known.get(str(s), ())
            if cached is None:  # the generator gave up on this seed before
                continue
            asks.append((side, s, (cached[0], cached[1]) if cached else None))
        results = pool.starmap(_figure_of, asks) if pool else [_figure_of(*a) for a in asks]
        for (_, s, _), (board, figure) in zip(asks, results, strict=True):
            known[str(s)] = board
            if figure is not None and len(figures) < boards:
                figures.append(figure)
        print(f"  {side}x{side}: {len(figures)} of {boards}", file=sys.stderr, flush=True)
    return figures


def _pool_figures(pool: Path, side: int) -> list[float]:
    """The figures of the plain ``side`` boards of a pool file, from the measures it holds."""
    with PoolFile(pool, readonly=True) as opened:
        boards = opened.boards("tsunagi", [str(side)], ["plain"])
    return [
        difficulty_figure(Measure(**{**board.measure, "steps": tuple(board.measure["steps"])}))
        for board in boards
    ]


def main(argv: list[str] | None = None) -> int:
    """Make the reference sets asked for and write the file; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sides", default="4-12", help="sides, e.g. 4-12 or 6,8,10")
    parser.add_argument("--boards", type=int, default=40, help="boards per side")
    parser.add_argument("--jobs", type=int, default=1, help="processes to make boards on")
    parser.add_argument("--cache", type=Path, default=None, help="a JSON file of made boards")
    parser.add_argument("--from-pool", type=Path, default=None, help="a pool file's plain boards")
    args = parser.parse_args(argv)
    cache: dict[str, dict[str, Board]] = {}
    if args.cache and args.cache.exists():
        cache = json.loads(args.cache.read_text(encoding="utf-8"))
    pool = Pool(args.jobs) if args.jobs > 1 else None
    data = json.loads(OUT.read_text(encoding="utf-8")) if OUT.exists() else {}
    sizes: dict[str, list[float]] = dict(data.get("sizes", {}))
    counts: dict[str, int] = dict(data.get("boards", {}))
    for side in _sides(args.sides):
        start = time.perf_counter()
        if args.from_pool:
            figures = _pool_figures(args.from_pool, side)
            if not figures:
                print(f"{side}x{side}: no plain boards in {args.from_pool}", file=sys.stderr)
                return 1
        else:
            figures = _figures(side, args.boards, pool, cache)
        if args.cache:
            args.cache.write_text(json.dumps(cache) + "\n", encoding="utf-8")
        sizes[str(side)] = list(quantiles_of(figures, BLEND_POINTS))
        counts[str(side)] = len(figures)
        took = time.perf_counter() - start
        print(f"{side}x{side}: {len(figures)} boards, {took:.1f} s", file=sys.stderr, flush=True)
        _write(sizes, counts)
    if pool:
        pool.close()
    return 0


def _write(sizes: dict[str, list[float]], counts: dict[str, int]) -> None:
    ordered = {k: sizes[k] for k in sorted(sizes, key=int)}
    data = {
        "about": (
            "Quantiles (101) of difficulty_figure over seeded plain boards from "
            "itsutsu.tsunagi.makers.make, by side; made by scripts/reference_tsunagi.py. "
            "'provisional' is an even spread used only while 'sizes' is empty."
        ),
        "boards": {k: counts[k] for k in sorted(counts, key=int)},
        "sizes": ordered,
        "provisional": {"10": PROVISIONAL},
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
