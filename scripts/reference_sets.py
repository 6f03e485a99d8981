"""Make Suido's difficulty reference sets: seeded boards from our generator, measured, kept
as quantiles in ``src/itsutsu/suido/difficulty/reference.py``.

For every side in ``SIDES`` and every kind (network, drains, each plain and wrapping, and
inlet-outlet without wrap), boards are made with seeds 1..N by
``itsutsu.suido.make_unscored(MakeOptions(size=side, kind=..., wrap=..., seed=seed))``, each is
measured (``itsutsu.suido.difficulty.measure``), every figure's values become 21 quantiles and
the boards' blends against those become 101 quantiles (Suido's spec 8.3: the percentile
method). The same seeds give the same file.

    .venv/bin/python scripts/reference_sets.py             # our generator (needs make_unscored)
    .venv/bin/python scripts/reference_sets.py --boards 600 --large 400   # the full sets
    .venv/bin/python scripts/reference_sets.py --provisional   # stand-in boards (see below)

``--provisional`` is a stop-gap for while our generator is not there: it makes boards with a
small random-forest maker written here (scrambled spanning forests; drains at leaves; spares
at random; no uniqueness check), and the file says so (``REFERENCE_SOURCE``). Replace it by a
run on the real generator as soon as ``make_unscored`` exists.
"""

from __future__ import annotations

import argparse
import itertools
import random
import subprocess
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
OUT = Path(__file__).resolve().parent.parent / "src/itsutsu/suido/difficulty/reference.py"

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
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)

    from itsutsu.suido.difficulty import measuring

    maker = None if args.provisional else _our_maker()
    if maker is None and not args.provisional:
        print("itsutsu.suido.make_unscored is not there yet: use --provisional", file=sys.stderr)
        return 1
    source = "make_unscored" if maker is not None else "provisional"
    make: Maker = maker if maker is not None else _stand_in
    sides = tuple(int(s) for s in args.sides.split(","))
    sets: dict[str, dict[str, tuple[float, ...]]] = {}
    counts: dict[str, int] = {}
    for side in sides:
        for kind, wrap in KEYS + KEYS_PATH:
            if kind == "inlet-outlet" and side < 3:
                continue
            key = measuring.reference_key(side, side, kind, wrap)
            boards = args.boards if side <= 16 else args.large
            started = time.perf_counter()
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
            print(f"{key}: {boards} boards, {time.perf_counter() - started:.1f} s", flush=True)
            # Written after every set, so a long run that is stopped keeps what it made.
            args.out.write_text(_module_text(source, sides, sets, counts), encoding="utf-8")
    _format(args.out)
    print(f"wrote {args.out} ({source})")
    return 0


def _format(path: Path) -> None:
    """Put the written module in the house format (ruff), when ruff is at hand."""
    ruff = Path(sys.executable).parent / "ruff"
    if ruff.exists():
        subprocess.run([str(ruff), "format", "--quiet", str(path)], check=False)


def _blend(measuring: object, m: object, figures: dict[str, tuple[float, ...]]) -> float:
    from itsutsu.common.scoring import _percentile_in
    from itsutsu.suido.difficulty.measuring import MEASURE_NAMES, WEIGHTS

    weights = WEIGHTS[m.kind]  # type: ignore[attr-defined]
    return sum(weights[n] * _percentile_in(figures[n], float(getattr(m, n))) for n in MEASURE_NAMES)


def _module_text(
    source: str,
    sides: tuple[int, ...],
    sets: dict[str, dict[str, tuple[float, ...]]],
    counts: dict[str, int],
) -> str:
    lines = [
        '"""Quantiles of the difficulty figures of Suido\'s reference boards (generated data).',
        "",
        "Written by ``scripts/reference_sets.py``; do not edit by hand. ``REFERENCE[key]`` holds,",
        "per figure, 21 ascending quantiles of the reference boards' values and, under",
        "``blend``, 101 quantiles of their blends. ``REFERENCE_SOURCE`` says which boards were",
        'measured ("make_unscored": our generator; "provisional": the script\'s stand-in maker).',
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Final",
        "",
        f"REFERENCE_SOURCE: Final = {source!r}",
        '"""Which boards the sets were made from."""',
        "",
        f"REFERENCE_SIDES: Final = {tuple(sides)!r}",
        '"""The sides a reference set exists for (a board uses the nearest)."""',
        "",
        f"REFERENCE_BOARDS: Final[dict[str, int]] = {counts!r}",
        '"""How many boards each set measured."""',
        "",
        "REFERENCE: Final[dict[str, dict[str, tuple[float, ...]]]] = {",
    ]
    for key, figures in sets.items():
        lines.append(f"    {key!r}: {{")
        for name, points in figures.items():
            lines.append(f"        {name!r}: {tuple(points)!r},")
        lines.append("    },")
    lines.append("}")
    lines.append('"""Per set: per figure, its quantiles."""')
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    raise SystemExit(main())
