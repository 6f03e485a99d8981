"""Suido network boards from random spanning trees, made apart from any generator of ours.

A spanning tree of the board's grid (with the seam when the board wraps) joins every cell; each
tree edge opens both cells toward each other, so the masks are an answer in which every piece is
wet. Turning every piece at random then gives a board with at least that answer (usually more:
a random tree is rarely the only way to lay its pieces). Three ways of drawing the tree:
``wilson`` (uniform over spanning trees, loop-erased random walks), ``dfs`` (a random depth-first
walk: long corridors, few branches) and ``prim`` (random edges off the grown tree: many short
branches).
"""

from __future__ import annotations

import random

from itsutsu.suido.board import neighbours_of
from itsutsu.suido.code import Layout
from itsutsu.suido.pieces import turn

METHODS = ("wilson", "dfs", "prim")


def _near(width: int, height: int, wrap: bool) -> tuple[int, ...]:
    plain = Layout(width, height, "network", wrap, (15,) * (width * height), (0,), ())
    return neighbours_of(plain)


def _open(masks: list[int], near: tuple[int, ...], a: int, b: int) -> None:
    for side in range(4):
        if near[a * 4 + side] == b and not masks[a] >> side & 1:
            masks[a] |= 1 << side
            masks[b] |= 1 << ((side + 2) & 3)
            return
    raise AssertionError(f"{a} and {b} are not neighbours")


def _wilson(size: int, near: tuple[int, ...], rng: random.Random) -> list[tuple[int, int]]:
    """Edges of a uniform spanning tree: loop-erased walks into the tree grown so far."""
    in_tree = [False] * size
    in_tree[rng.randrange(size)] = True
    step = [-1] * size
    edges = []
    for start in rng.sample(range(size), size):
        cell = start
        while not in_tree[cell]:
            nxt = near[cell * 4 + rng.randrange(4)]
            while nxt < 0:
                nxt = near[cell * 4 + rng.randrange(4)]
            step[cell] = nxt
            cell = nxt
        cell = start
        while not in_tree[cell]:
            in_tree[cell] = True
            edges.append((cell, step[cell]))
            cell = step[cell]
    return edges


def _dfs(size: int, near: tuple[int, ...], rng: random.Random) -> list[tuple[int, int]]:
    """Edges of a random depth-first walk from a random cell."""
    start = rng.randrange(size)
    seen = [False] * size
    seen[start] = True
    stack = [start]
    edges = []
    while stack:
        cell = stack[-1]
        ways = [n for n in near[cell * 4 : cell * 4 + 4] if n >= 0 and not seen[n]]
        if not ways:
            stack.pop()
            continue
        nxt = rng.choice(ways)
        seen[nxt] = True
        edges.append((cell, nxt))
        stack.append(nxt)
    return edges


def _prim(size: int, near: tuple[int, ...], rng: random.Random) -> list[tuple[int, int]]:
    """Edges of a randomised Prim tree: each step takes a random edge leaving the tree."""
    start = rng.randrange(size)
    seen = [False] * size
    seen[start] = True
    frontier = [(start, n) for n in near[start * 4 : start * 4 + 4] if n >= 0]
    edges = []
    while frontier:
        at = rng.randrange(len(frontier))
        frontier[at], frontier[-1] = frontier[-1], frontier[at]
        a, b = frontier.pop()
        if seen[b]:
            continue
        seen[b] = True
        edges.append((a, b))
        frontier.extend((b, n) for n in near[b * 4 : b * 4 + 4] if n >= 0 and not seen[n])
    return edges


def tree_answer(width: int, height: int, wrap: bool, method: str, seed: int) -> tuple[int, ...]:
    """The masks of a random spanning tree of the board (every piece wet: an answer)."""
    rng = random.Random(f"{method}-{width}x{height}-{wrap}-{seed}")
    size = width * height
    near = _near(width, height, wrap)
    draw = {"wilson": _wilson, "dfs": _dfs, "prim": _prim}[method]
    masks = [0] * size
    edges = draw(size, near, rng)
    assert len(edges) == size - 1
    for a, b in edges:
        _open(masks, near, a, b)
    return tuple(masks)


def tree_board(width: int, height: int, wrap: bool, method: str, seed: int) -> Layout:
    """A network board: a random spanning tree with every piece turned at random, one pump."""
    answer = tree_answer(width, height, wrap, method, seed)
    rng = random.Random(f"turns-{method}-{width}x{height}-{wrap}-{seed}")
    size = width * height
    source = rng.randrange(size)
    cells = tuple(turn(mask, rng.randrange(4)) for mask in answer)
    return Layout(width, height, "network", wrap, cells, (source,), ())


def _swap_edge(
    masks: list[int], near: tuple[int, ...], cells: list[int], rng: random.Random
) -> bool:
    """Cut a tree edge at one of ``cells`` and join the two halves by another edge; True if done."""
    size = len(masks)
    cell = rng.choice(cells)
    sides = [s for s in range(4) if masks[cell] >> s & 1]
    if not sides:
        return False
    side = rng.choice(sides)
    other = near[cell * 4 + side]
    masks[cell] ^= 1 << side
    masks[other] ^= 1 << ((side + 2) & 3)
    # The half holding ``cell``, through the tree's remaining edges.
    half = [False] * size
    half[cell] = True
    stack = [cell]
    while stack:
        at = stack.pop()
        for s in range(4):
            if masks[at] >> s & 1:
                nxt = near[at * 4 + s]
                if not half[nxt]:
                    half[nxt] = True
                    stack.append(nxt)
    # Edges across the cut near ``cell``, the cut edge excepted: the closest ones first.
    choices = []
    for at in range(size):
        if not half[at]:
            continue
        for s in range(4):
            nxt = near[at * 4 + s]
            if nxt >= 0 and not half[nxt] and not (at == cell and s == side):
                choices.append((at, s))
    if not choices:
        masks[cell] ^= 1 << side
        masks[other] ^= 1 << ((side + 2) & 3)
        return False
    at, s = rng.choice(choices)
    masks[at] |= 1 << s
    masks[near[at * 4 + s]] |= 1 << ((s + 2) & 3)
    return True


SPARE_MASKS = (1, 2, 4, 8, 5, 10, 3, 6, 12, 9)
"""The spare pieces of :func:`drains_tree_board`: ends, straights and elbows."""


def drains_tree_board(
    side: int, wrap: bool, method: str, seed: int, drains: int = 6, spares: float = 0.5
) -> Layout:
    """A drains board from a random spanning tree of a ``side`` x ``side`` board.

    A pump and ``drains`` leaves of the tree are drawn; the tree's paths from the drains to the
    pump are the wet pipes (an answer, every other piece dry). Every other cell holds a spare
    (an end, straight or elbow) with probability ``spares``, else nothing; then every piece
    is turned at random. The board has at least that answer, often more.
    """
    answer = tree_answer(side, side, wrap, method, seed)
    near = _near(side, side, wrap)
    rng = random.Random(f"drains-{method}-{side}-{wrap}-{seed}-{drains}-{spares}")
    size = side * side
    pump = rng.randrange(size)
    parent = [-1] * size
    seen = [False] * size
    seen[pump] = True
    stack = [pump]
    while stack:
        cell = stack.pop()
        for way in range(4):
            other = near[cell * 4 + way]
            if answer[cell] >> way & 1 and not seen[other]:
                seen[other] = True
                parent[other] = cell
                stack.append(other)
    leaves = [cell for cell in range(size) if answer[cell].bit_count() == 1 and cell != pump]
    ends = rng.sample(leaves, drains)
    wet = [False] * size
    wet[pump] = True
    for end in ends:
        cell = end
        while not wet[cell]:
            wet[cell] = True
            cell = parent[cell]
    masks = [0] * size
    for cell in range(size):
        if wet[cell]:
            masks[cell] = sum(
                1 << way
                for way in range(4)
                if answer[cell] >> way & 1 and wet[near[cell * 4 + way]]
            )
        elif rng.random() < spares:
            masks[cell] = rng.choice(SPARE_MASKS)
    cells = tuple(turn(mask, rng.randrange(4)) for mask in masks)
    return Layout(side, side, "drains", wrap, cells, (pump,), tuple(sorted(ends)))
