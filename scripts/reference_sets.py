"""Make Suido's difficulty reference sets: seeded boards from our generator, measured, kept
as quantiles in ``src/itsutsu/suido/difficulty/data/reference.json``.

For every side in ``SIDES`` and every kind (network, drains, each plain and wrapping, and
inlet-outlet without wrap), boards are made with seeds 1..N by
``itsutsu.suido.make_unscored(MakeOptions(size=side, kind=..., wrap=..., seed=seed))``, each is
measured (``itsutsu.suido.difficulty.measure``), every figure's values become 21 quantiles and
the boards' blends against those become 101 quantiles (Suido's spec 8.3: the percentile
method). The same seeds give the same file.

    .venv/bin/python scripts/reference_sets.py             # every set, 600 boards (400 big)
    .venv/bin/python scripts/reference_sets.py --update --sides 4,5 --boards 600
        # remake the sets of sides 4 and 5 only, keeping every other set in the file
    .venv/bin/python scripts/reference_sets.py --update --sides 8 --kinds d,dw
        # remake only the drains sets (plain and wrapping) of side 8
    .venv/bin/python scripts/reference_sets.py --provisional   # stand-in boards (see below)

``--provisional`` is a stop-gap for while our generator is not there: it makes boards with a
small random-forest maker written here (scrambled spanning forests; drains at leaves; spares
at random; no uniqueness check), and the file says so (``REFERENCE_SOURCE``). Replace it by a
run on the real generator as soon as ``make_unscored`` exists.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from itsutsu.common.scoring import BLEND_POINTS, QUANTILE_POINTS, quantiles_of
from itsutsu.suido.code import Layout
from itsutsu.suido.pieces import _rotations_of

SIDES = (4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 20, 28, 32)
KEYS = (("network", False), ("network", True), ("drains", False), ("drains", True))
KEYS_PATH = (("inlet-outlet", False),)
OUT = Path(__file__).resolve().parent.parent / "src/itsutsu/suido/difficulty/data/reference.json"
SUFFIXES = ("", "w", "d", "dw", "i")
"""The kinds of set, as the set names end: network, wrapping, drains, both, inlet-outlet."""

ABOUT = (
    "Quantiles of the difficulty figures of Suido's reference boards (generated data), "
    "written by scripts/reference_sets.py; do not edit by hand. 'sets' holds, per set (side, "
    "then d for drains or i for inlet-outlet, then w for wrap), per figure, 21 ascending "
    "quantiles of the reference boards' values and, under 'blend', 101 quantiles of their "
    "blends. 'source' says which boards were measured ('make_unscored': our generator; "
    "'provisional': the script's stand-in maker); 'boards' how many each set measured."
)

Maker = Callable[[int, str, bool, int], tuple[Layout, tuple[int, ...]]]


def _our_maker() -> Maker | None:
    """The generator's ``make_unscored``, or None where it is not there yet."""
    try:
        from itsutsu.suido import MakeOptions, make_unscored  # type: ignore[attr-defined]
    except ImportError:
        return None

    def make(side: int, kind: str, wrap: bool, seed: int) -> tuple[Layout, tuple[int, ...]]:
        made = make_unscored(MakeOptions(size=side, kind=kind, wrap=wrap, seed=seed))
        return made.layout, tuple(made.solution)

    return make


def _stand_in(side: int, kind: str, wrap: bool, seed: int) -> tuple[Layout, tuple[int, ...]]:
    """A provisional board: a random spanning forest from the pumps, scrambled."""
    rng = random.Random(seed * 7919 + side * 31 + len(kind) + (1 if wrap else 0))
    w = h = side
    size = w * h

    def step(cell: int, s: int) -> int:
        x, y = cell % w, cell // w
        dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[s]
        nx, ny = x + dx, y + dy
        if wrap:
            return (ny % h) * w + nx % w
        return ny * w + nx if 0 <= nx < w and 0 <= ny < h else -1

    truth = [0] * size
    bias = rng.uniform(0.15, 0.9)
    if kind == "inlet-outlet":
        while True:
            path = [0]
            seen = {0}
            while path[-1] != size - 1 and len(path) < size:
                options = [
                    n for n in (step(path[-1], s) for s in range(4)) if n >= 0 and n not in seen
                ]
                if not options:
                    break
                nxt = rng.choice(options) if rng.random() > bias else min(options)
                path.append(nxt)
                seen.add(nxt)
            if path[-1] == size - 1 and len(path) >= w + h:
                break
        for a, b in itertools.pairwise(path):
            for s in range(4):
                if step(a, s) == b:
                    truth[a] |= 1 << s
                    truth[b] |= 1 << ((s + 2) & 3)
        used = set(path)
        sources, drains = [0], [size - 1]
        for cell in range(size):
            if cell not in used and rng.random() < 0.85:
                truth[cell] = rng.choice([1, 1, 5, 5, 3, 3, 7, 7, 15])
    else:
        pumps = [rng.randrange(size)]
        reached = {pumps[0]}
        parent = {pumps[0]: -1}
        frontier = [(pumps[0], s) for s in rng.sample(range(4), 4)]
        goal = size if kind == "network" else int(size * rng.uniform(0.45, 0.8))
        while frontier and len(reached) < goal:
            k = len(frontier) - 1 if rng.random() < bias else rng.randrange(len(frontier))
            cell, s = frontier[k]
            frontier[k] = frontier[-1]
            frontier.pop()
            nxt = step(cell, s)
            if nxt < 0 or nxt in reached:
                continue
            reached.add(nxt)
            parent[nxt] = cell
            truth[cell] |= 1 << s
            truth[nxt] |= 1 << ((s + 2) & 3)
            frontier.extend((nxt, t) for t in rng.sample(range(4), 4))
        sources = pumps
        children = {p for p in parent.values() if p >= 0}
        leaves = sorted(c for c in reached if c not in children and c not in pumps)
        if kind == "network":
            drains = leaves
        else:
            count = max(1, round(side * 0.8))
            drains = sorted(rng.sample(leaves, min(count, len(leaves))))
            for cell in range(size):
                if cell not in reached and rng.random() < 0.5:
                    truth[cell] = rng.choice([1, 1, 1, 5, 5, 5, 3, 3, 3, 7])
    given = tuple(rng.choice(_rotations_of(m)) for m in truth)
    layout = Layout(w, h, kind, wrap, given, tuple(sorted(sources)), tuple(drains))
    return replace(layout), tuple(truth)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=600, help="boards per set, sides <= 16")
    parser.add_argument("--large", type=int, default=400, help="boards per set, sides 20-32")
    parser.add_argument("--provisional", action="store_true", help="stand-in boards (see doc)")
    parser.add_argument("--sides", default=",".join(map(str, SIDES)))
    parser.add_argument(
        "--kinds",
        default="all",
        help="the sets to make, by how their names end: comma-separated of '' (network), w, "
        "d, dw, i, or 'all' (default)",
    )
    parser.add_argument(
        "--update",
        action="store_true",
        help="read the file first and keep every set this run does not make",
    )
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)

    from itsutsu.suido.difficulty import measuring
    from itsutsu.suido.difficulty.reference import parse_reference

    maker = None if args.provisional else _our_maker()
    if maker is None and not args.provisional:
        print("itsutsu.suido.make_unscored is not there yet: use --provisional", file=sys.stderr)
        return 1
    source = "make_unscored" if maker is not None else "provisional"
    make: Maker = maker if maker is not None else _stand_in
    sides = tuple(int(s) for s in args.sides.split(","))
    kinds = SUFFIXES if args.kinds == "all" else tuple(args.kinds.split(","))
    unknown = [k for k in kinds if k not in SUFFIXES]
    if unknown:
        print(f"--kinds: unknown {unknown}; expected some of {SUFFIXES}", file=sys.stderr)
        return 2
    sets: dict[str, dict[str, tuple[float, ...]]] = {}
    counts: dict[str, int] = {}
    known: tuple[int, ...] = ()
    if args.update and args.out.exists():
        old = parse_reference(args.out.read_text(encoding="utf-8"))
        if old.source != source:
            print(f"--update: the file's sets are {old.source!r}, not {source!r}", file=sys.stderr)
            return 2
        sets = {k: dict(v) for k, v in old.sets.items()}
        counts = dict(old.boards)
        known = old.sides
    every_side = tuple(sorted({*known, *sides}))
    for side in sides:
        for kind, wrap in KEYS + KEYS_PATH:
            key = measuring.reference_key(side, side, kind, wrap)
            if key[len(str(side)) :] not in kinds:
                continue
            boards = args.boards if side <= 16 else args.large
            started = time.process_time()
            measures = []
            for seed in range(1, boards + 1):
                layout, answer = make(side, kind, wrap, seed)
                measures.append(measuring._measure(layout, answer))
            figures = {
                name: quantiles_of([float(getattr(m, name)) for m in measures], QUANTILE_POINTS)
                for name in measuring.MEASURE_NAMES
            }
            blends = [_blend(measuring, m, figures) for m in measures]
            sets[key] = {**figures, "blend": quantiles_of(blends, BLEND_POINTS)}
            counts[key] = boards
            print(f"{key}: {boards} boards, {time.process_time() - started:.1f} s CPU", flush=True)
            # Written after every set, so a long run that is stopped keeps what it made.
            args.out.write_text(_data_text(source, every_side, sets, counts), encoding="utf-8")
    print(f"wrote {args.out} ({source})")
    return 0


def _blend(measuring: object, m: object, figures: dict[str, tuple[float, ...]]) -> float:
    from itsutsu.common.scoring import _percentile_in
    from itsutsu.suido.difficulty.measuring import MEASURE_NAMES, WEIGHTS

    weights = WEIGHTS[m.kind]  # type: ignore[attr-defined]
    return sum(weights[n] * _percentile_in(figures[n], float(getattr(m, n))) for n in MEASURE_NAMES)


def _order(key: str) -> tuple[int, int]:
    """Sets in the file: by side, then network, wrapping, drains, both, inlet-outlet."""
    suffix = key.lstrip("0123456789")
    return int(key[: len(key) - len(suffix)]), SUFFIXES.index(suffix)


def _data_text(
    source: str,
    sides: tuple[int, ...],
    sets: dict[str, dict[str, tuple[float, ...]]],
    counts: dict[str, int],
) -> str:
    """The JSON of the data file. Floats are written as Python's repr (the shortest text
    that reads back to the same number), so the scores read from the file are those of the
    quantiles computed here, bit for bit."""
    keys = sorted(sets, key=_order)
    data = {
        "about": ABOUT,
        "source": source,
        "sides": list(sides),
        "boards": {k: counts[k] for k in keys},
        "sets": {k: {name: list(points) for name, points in sets[k].items()} for k in keys},
    }
    return json.dumps(data, indent=1) + "\n"


if __name__ == "__main__":
    raise SystemExit(main())
