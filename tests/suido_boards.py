"""Suido boards for tests: a brute-force enumerator of answers and seeded random boards."""

from __future__ import annotations

import itertools
import random

from itsutsu.suido.board import neighbours_of
from itsutsu.suido.code import KINDS, Layout, decode_layout, encode_layout
from itsutsu.suido.pieces import turn
from itsutsu.suido.solver.count import solve
from itsutsu.suido.squares import block_info, turn_block
from itsutsu.suido.water import Flow, flow_of


def _key(layout: Layout, masks: tuple[int, ...], flow: Flow) -> tuple[int, ...]:
    """An answer as the rules see it: on a network every mask; otherwise the wet cells only."""
    if layout.kind == "network":
        return masks
    return tuple(mask if wet else -1 for mask, wet in zip(masks, flow.wet, strict=True))


MAX_COMBINATIONS = 1024


def _brute_answers(layout: Layout) -> set[tuple[int, ...]]:
    """Every answer by the rules: try every facing of every piece (and turn of every square)."""
    info = block_info(layout)
    locked = set(layout.locked or ())
    units: list[tuple[tuple[int, ...], list[tuple[int, ...]]]] = []
    for cell, mask in enumerate(layout.cells):
        at = info.of[cell]
        if at < 0:
            faces = {mask} if cell in locked else {turn(mask, q) for q in range(4)}
            units.append(((cell,), [(face,) for face in sorted(faces)]))
        elif info.blocks[at].anchor == cell:
            block = info.blocks[at]
            turned = {
                tuple(turn_block(layout.cells, block, q)[c] for c in block.cells) for q in range(4)
            }
            units.append((block.cells, sorted(turned)))
    answers = set()
    masks = list(layout.cells)
    for choice in itertools.product(*(faces for _cells, faces in units)):
        for (cells, _faces), facing in zip(units, choice, strict=True):
            for cell, face in zip(cells, facing, strict=True):
                masks[cell] = face
        flow = flow_of(layout, masks)
        if flow.solved:
            answers.add(_key(layout, tuple(masks), flow))
    return answers


def _combinations(layout: Layout) -> int:
    info = block_info(layout)
    locked = set(layout.locked or ())
    total = 1
    for cell, mask in enumerate(layout.cells):
        if info.of[cell] < 0 and cell not in locked:
            total *= len({turn(mask, q) for q in range(4)})
    return total << (2 * len(info.blocks))


def _link(masks: list[int], near: tuple[int, ...], a: int, b: int) -> None:
    for side in range(4):
        if near[a * 4 + side] == b:
            masks[a] |= 1 << side
            masks[b] |= 1 << ((side + 2) & 3)
            return


def _random_piece(rng: random.Random) -> int:
    return rng.choice([0, 1, 1, 5, 5, 3, 3, 7, 15])


def _twins_board(rng: random.Random) -> Layout | None:
    """A wrap network of tees with two answers close together, all else locked to one of them.

    Networks with several answers are rare among small boards; this makes them on purpose
    (the solver only shapes the sample: the brute force still judges every board).
    """
    width, height = rng.choice([(4, 3), (3, 4), (4, 4)])
    size = width * height
    source = rng.randrange(size)
    tees = Layout(width, height, "network", True, (7,) * size, (source,), ())
    answers = solve(tees, limit=60).solutions
    pairs = [
        (a, b)
        for a, b in itertools.combinations(answers, 2)
        if sum(1 for x, y in zip(a, b, strict=True) if x != y) <= 5
    ]
    if not pairs:
        return None
    first, second = rng.choice(pairs)
    free = {cell for cell in range(size) if first[cell] != second[cell]}
    if len(free) < 5:
        free.add(rng.randrange(size))
    given = tuple(turn(first[c], rng.randrange(4)) if c in free else first[c] for c in range(size))
    locked = tuple(c for c in range(size) if c not in free)
    return Layout(width, height, "network", True, given, (source,), (), locked=locked or None)


def _random_board(rng: random.Random) -> Layout | None:
    """A random small board: mostly scrambled answers (a forest or path), sometimes spoiled."""
    kind = rng.choice(KINDS)
    if kind == "network" and rng.random() < 0.15:
        return _twins_board(rng)
    width, height = rng.randint(2, 4), rng.randint(2, 4)
    size = width * height
    wrap = width >= 3 and height >= 3 and rng.random() < 0.3
    walls: list[int] = []
    if rng.random() < 0.3:
        for cell in range(size):
            if (wrap or cell % width < width - 1) and rng.random() < 0.15:
                walls.append(2 * cell)
            if (wrap or cell // width < height - 1) and rng.random() < 0.15:
                walls.append(2 * cell + 1)
    plain = Layout(width, height, kind, wrap, (15,) * size, (0,), (), walls=tuple(walls) or None)
    near = neighbours_of(plain)
    masks = [0] * size
    drains: list[int] = []
    if kind == "inlet-outlet":
        path = [rng.randrange(size)]
        for _ in range(rng.randint(1, size)):
            steps = [n for n in near[path[-1] * 4 : path[-1] * 4 + 4] if n >= 0 and n not in path]
            if not steps:
                break
            path.append(rng.choice(steps))
        if len(path) < 2:
            return None
        for a, b in itertools.pairwise(path):
            _link(masks, near, a, b)
        sources, drains = [path[0]], [path[-1]]
        for cell in range(size):
            if cell not in path and rng.random() < 0.6:
                masks[cell] = turn(_random_piece(rng), rng.randrange(4))
    else:
        sources = rng.sample(range(size), rng.choice([1, 1, 1, 2, 2, 3]))
        reached = set(sources)
        goal = rng.uniform(0.3, 1.0) * size if kind == "network" else rng.uniform(0.1, 0.8) * size
        while len(reached) < goal:
            edges = [
                (a, b)
                for a in reached
                for b in near[a * 4 : a * 4 + 4]
                if b >= 0 and b not in reached
            ]
            if not edges:
                break
            a, b = rng.choice(sorted(edges))
            _link(masks, near, a, b)
            reached.add(b)
        for _ in range(rng.choice([0, 0, 1, 2, 4, 8])):
            a = rng.choice(sorted(reached))
            b = near[a * 4 + rng.randrange(4)]
            if b in reached:
                _link(masks, near, a, b)
        if any(masks[s] == 0 for s in sources):
            return None
        others = [c for c in sorted(reached) if c not in sources and masks[c]]
        if kind == "drains":
            drains = sorted(rng.sample(others, min(len(others), rng.choice([0, 0, 0, 1, 1, 2, 3]))))
            # Spares that are mostly ends give the water several ways to close up.
            endy = rng.random() < 0.3
            for cell in range(size):
                if cell not in reached and rng.random() < 0.6:
                    piece = rng.choice([1, 1, 1, 3, 5]) if endy else _random_piece(rng)
                    masks[cell] = turn(piece, rng.randrange(4))
        elif others and rng.random() < 0.1:
            drains = [rng.choice(others)]
    if rng.random() < 0.25:
        # Spoil a wet piece: most such boards have no answer left.
        wet = [c for c in range(size) if masks[c] and c not in sources and c not in drains]
        if wet:
            masks[rng.choice(wet)] = _random_piece(rng)
    special = set(sources) | set(drains)
    locked = []
    if rng.random() < 0.25:
        candidates = [c for c in range(size) if masks[c] and c not in special]
        locked = sorted(rng.sample(candidates, min(len(candidates), rng.randint(1, 3))))
    bigs: list[int] = []
    blocks: list[int] = []
    if kind == "network" and rng.random() < 0.5:
        taken = special | set(locked)
        for anchor in rng.sample(range(size), size):
            if anchor % width == width - 1 or anchor // width == height - 1:
                continue
            square = {anchor, anchor + 1, anchor + width, anchor + width + 1}
            if square & taken:
                continue
            (bigs if rng.random() < 0.5 else blocks).append(anchor)
            taken |= square
            if rng.random() < 0.6:
                break
    given = list(masks)
    for cell in range(size):
        if cell not in locked:
            given[cell] = turn(masks[cell], rng.randrange(4))
    for anchor in sorted(bigs + blocks):
        cells = (anchor, anchor + 1, anchor + width + 1, anchor + width)
        for cell in cells:
            given[cell] = masks[cell]
        block = next(
            b for b in block_info(_with_squares(plain, bigs, blocks)).blocks if b.anchor == anchor
        )
        given = list(turn_block(given, block, rng.randrange(4)))
    board = Layout(
        width,
        height,
        kind,
        wrap,
        tuple(given),
        tuple(sorted(sources)),
        tuple(drains),
        locked=tuple(locked) or None,
        walls=tuple(walls) or None,
        bigs=tuple(sorted(bigs)) or None,
        blocks=tuple(sorted(blocks)) or None,
    )
    if any(given[c] == 0 for c in special):
        return None
    decoded = decode_layout(encode_layout(board))
    if decoded is None or _combinations(decoded) > MAX_COMBINATIONS:
        return None
    return decoded


def _with_squares(plain: Layout, bigs: list[int], blocks: list[int]) -> Layout:
    return Layout(
        plain.width,
        plain.height,
        "network",
        plain.wrap,
        plain.cells,
        plain.sources,
        (),
        bigs=tuple(sorted(bigs)) or None,
        blocks=tuple(sorted(blocks)) or None,
    )


def _traits(layout: Layout) -> set[str]:
    traits = {layout.kind}
    for name, present in (
        ("wrap", layout.wrap),
        ("walls", layout.walls),
        ("locked", layout.locked),
        ("pumps", len(layout.sources) > 1),
        ("bigs", layout.bigs),
        ("blocks", layout.blocks),
    ):
        if present:
            traits.add(name)
    return traits


BRUTE_CHUNKS = 8
BRUTE_PER_CHUNK = 256


def _check_against_brute_force(layout: Layout) -> int:
    expected = _brute_answers(layout)
    result = solve(layout, limit=50)
    assert result.complete, encode_layout(layout)
    keys = []
    for masks in result.solutions:
        flow = flow_of(layout, masks)
        assert flow.solved, encode_layout(layout)
        for cell, wet in enumerate(flow.wet):
            if not wet and layout.kind != "network":
                assert masks[cell] == layout.cells[cell]
        keys.append(_key(layout, masks, flow))
    assert len(set(keys)) == len(keys), encode_layout(layout)
    assert result.count == min(len(expected), 50), encode_layout(layout)
    if len(expected) < 50:
        assert set(keys) == expected, encode_layout(layout)
    else:
        assert set(keys) <= expected
    return len(expected)


def _boards(chunk: int) -> list[Layout]:
    """The random boards of one chunk (the same every run)."""
    rng = random.Random(20260 + chunk)
    boards: list[Layout] = []
    while len(boards) < BRUTE_PER_CHUNK:
        layout = _random_board(rng)
        if layout is not None:
            boards.append(layout)
    return boards
