"""Tsunagi boards for tests: a brute-force enumerator of answers and seeded random boards."""

from __future__ import annotations

import random

from itsutsu.tsunagi.alphabet import CELL_BLOCKED, CELL_BRIDGE, PAIR_LETTERS, WAYPOINT_LETTERS
from itsutsu.tsunagi.answer import encode_answer
from itsutsu.tsunagi.layout import Layout, decode_layout
from itsutsu.tsunagi.neighbours import grid_neighbours, in_hex


def brute_force(layout: Layout, limit: int) -> list[tuple[frozenset[tuple[int, ...]], str]]:
    """Every answer (up to ``limit``), found the slow, obvious way: for each pair in order,
    every simple path from its first stone to its second along ``layout.steps``, then a check
    of the whole board at the end. Returns (edge set, answer code) per answer."""
    cells = layout.cells
    n = len(cells)
    partner = layout.partner
    keeper = layout.keeper
    owner = [v if v >= 0 else -1 for v in cells]  # -1 free; stones own their cells
    slots: dict[tuple[int, bool], int] = {}  # (bridge, across) -> pair
    used_edges: list[tuple[int, ...]] = []
    found: list[tuple[frozenset[tuple[int, ...]], str]] = []

    def complete() -> bool:
        for at in range(n):
            if cells[at] in (CELL_BLOCKED, CELL_BRIDGE):
                continue
            if owner[at] < 0:
                return False
        for bridge in layout.bridges:
            across = slots.get((bridge, True))
            down = slots.get((bridge, False))
            if across is None or down is None or across == down:
                return False
        return True

    def walk(pair: int, at: int, seen: set[int]) -> None:
        if len(found) >= limit:
            return
        goal = layout.ends[pair][1]
        for step in layout.steps[at]:
            to = step.to
            if to in seen or cells[to] in (CELL_BLOCKED, CELL_BRIDGE) or partner[to] >= 0:
                continue
            if to == goal:
                pass
            elif cells[to] >= 0 or owner[to] >= 0:
                continue
            if keeper[to] >= 0 and keeper[to] != pair:
                continue
            if any(owner[c] >= 0 for c in step.through):
                continue
            slot = (step.over, step.across)
            if step.over >= 0 and slot in slots:
                continue
            # take the step
            key = (min(at, to), max(at, to), step.over, *sorted(step.through))
            used_edges.append(key)
            if step.over >= 0:
                slots[slot] = pair
            for c in step.through:
                owner[c] = pair
            fresh = to != goal
            if fresh:
                owner[to] = pair
            seen.add(to)
            if to == goal:
                place(pair + 1)
            else:
                walk(pair, to, seen)
            seen.discard(to)
            if fresh:
                owner[to] = -1
            for c in step.through:
                owner[c] = -1
            if step.over >= 0:
                del slots[slot]
            used_edges.pop()
            if len(found) >= limit:
                return

    def place(pair: int) -> None:
        if pair == layout.pairs:
            if complete():
                found.append((frozenset(used_edges), encode_answer(owner_code())))
            return
        start = layout.ends[pair][0]
        walk(pair, start, {start})

    def owner_code() -> list[int]:
        return [v if v in (CELL_BLOCKED, CELL_BRIDGE) else owner[at] for at, v in enumerate(cells)]

    place(0)
    return found


# ---------------------------------------------------------------- random boards


def _finish(
    size: int, chars: list[str], tail: str, stones: list[tuple[int, int]], marks: dict[int, int]
) -> Layout | None:
    """Letter the stones canonically (reading order), add waypoints, decode."""
    first = {}
    order = sorted(range(len(stones)), key=lambda i: min(stones[i]))
    for rank, i in enumerate(order):
        first[i] = rank
    out = list(chars)
    for i, (a, b) in enumerate(stones):
        out[a] = out[b] = PAIR_LETTERS[first[i]]
    for cell, i in marks.items():
        if first[i] >= len(WAYPOINT_LETTERS):
            return None
        out[cell] = WAYPOINT_LETTERS[first[i]]
    return decode_layout("".join(out) + tail, size)


def _filled(
    rng: random.Random, size: int, chars: list[str], around: tuple[tuple[int, ...], ...], most: int
) -> tuple[list[tuple[int, int]], list[list[int]]]:
    """Cover the open cells with random self-avoiding walks; walks of one cell are blocked."""
    free = {at for at, ch in enumerate(chars) if ch == "."}
    walks: list[list[int]] = []
    while free:
        at = rng.choice(sorted(free))
        free.discard(at)
        walk = [at]
        length = rng.randint(2, most)
        while len(walk) < length:
            options = [n for n in around[walk[-1]] if n in free]
            if not options:
                break
            nxt = rng.choice(options)
            free.discard(nxt)
            walk.append(nxt)
        if len(walk) == 1:
            chars[at] = "#"
        else:
            walks.append(walk)
    return [(w[0], w[-1]) for w in walks], walks


def random_board(rng: random.Random) -> Layout | None:
    """One random small board with a random twist (or none), or ``None`` when the draw does
    not decode (the caller draws again)."""
    twist = rng.choice(
        ["plain", "blocked", "walls", "bridges", "waypoints", "wrap", "hex", "portals", "sparse"]
    )
    size = 5 if twist == "hex" else rng.randint(4, 6)
    style = rng.random()
    scattered = twist in ("bridges", "portals") or style < 0.2
    if scattered:
        size = 5 if twist == "hex" else 4
    elif twist in ("sparse", "wrap") and size == 6:
        size = rng.randint(4, 5)
    n = size * size
    chars = ["."] * n
    tail = ""
    walls: list[tuple[int, int]] = []
    if twist == "hex":
        chars = ["." if in_hex(size, at) else "#" for at in range(n)]
        tail = "|hex"
    if twist == "blocked":
        for at in rng.sample(range(n), rng.randint(1, 3)):
            chars[at] = "#"
    if twist == "walls":
        for _ in range(rng.randint(1, 4)):
            a = rng.randrange(n)
            b = a + 1 if rng.random() < 0.5 and a % size < size - 1 else a + size
            if b < n:
                walls.append((a, b))
        walls = sorted(set(walls))
        tail = "|" + ",".join(f"{a}-{b}" for a, b in walls)
    if twist == "bridges":
        inner = [at for at in range(n) if 0 < at // size < size - 1 and 0 < at % size < size - 1]
        chars[rng.choice(inner)] = "+"
    if twist == "wrap":
        tail = "|wrap"
    if twist == "portals":
        a, b = sorted(rng.sample(range(n), 2))
        chars[a] = chars[b] = "p"
        tail = f"|portals{a}-{b}"
    wall_set = set(walls)
    base = grid_neighbours(size, twist == "wrap", twist == "hex")
    around = tuple(
        tuple(x for x in nbrs if (min(at, x), max(at, x)) not in wall_set)
        for at, nbrs in enumerate(base)
    )
    marks: dict[int, int] = {}
    if scattered:
        # Random stones: mostly boards with no answer, some with several.
        open_cells = [at for at, ch in enumerate(chars) if ch == "."]
        pairs = rng.randint(1, min(4, len(open_cells) // 2))
        picked = rng.sample(open_cells, 2 * pairs)
        stones = [(picked[2 * i], picked[2 * i + 1]) for i in range(pairs)]
    else:
        most = n if twist == "sparse" else 4
        stones, walks = _filled(rng, size, chars, around, most)
        if not stones or len(stones) > 26:
            return None
        if twist == "sparse":
            if len(stones) > (2 * size) // 3:
                return None
            tail = "|sparse"
        if twist == "waypoints":
            for i, walk in enumerate(walks):
                if len(walk) > 2 and rng.random() < 0.6:
                    marks[rng.choice(walk[1:-1])] = i
    chars = ["." if ch == "p" else ch for ch in chars]
    return _finish(size, chars, tail, stones, marks)


def _twists(layout: Layout) -> list[str]:
    out = [
        name
        for name, present in (
            ("hex", layout.hex),
            ("wrap", layout.wrap),
            ("portals", layout.portal_pairs),
            ("sparse", layout.sparse),
            ("bridges", layout.bridges),
            ("walls", layout.walls),
            ("waypoints", layout.waypoints),
            ("blocked", not layout.hex and CELL_BLOCKED in layout.cells),
        )
        if present
    ]
    return out or ["plain"]


def open_board(rng: random.Random) -> Layout | None:
    """A small plain board (4x4 or 5x5) covered by random lines that never touch themselves,
    their ends made stones: each has at least one answer (several are rare, since a line may
    never touch itself)."""
    size = rng.choice([4, 5])
    n = size * size
    around = grid_neighbours(size, False, False)
    chars = ["."] * n
    free = set(range(n))
    stones: list[tuple[int, int]] = []
    while free:
        at = rng.choice(sorted(free))
        free.discard(at)
        walk = [at]
        length = rng.randint(3, n)
        while len(walk) < length:
            options = [
                x
                for x in around[walk[-1]]
                if x in free and not any(y in walk[:-1] for y in around[x])
            ]
            if not options:
                break
            nxt = rng.choice(options)
            free.discard(nxt)
            walk.append(nxt)
        if len(walk) == 1:
            chars[at] = "#"
        else:
            stones.append((walk[0], walk[-1]))
    if not stones or len(stones) > 26:
        return None
    return _finish(size, chars, "", stones, {})
