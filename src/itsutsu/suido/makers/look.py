"""A quick look at a board before the solver counts it: what edge rules alone leave open.

On big boards a random forest has many places where two answers are possible, and the solver
would find them one at a time, each count costing a search over the whole board. Instead the
generator first runs the edge rules alone (each side open exactly when the cell across opens
back; squares keep their facings) and mends every region they leave undecided at once; only
then does the solver count. The look proves nothing: the solver's count still decides.
"""

from __future__ import annotations

from functools import lru_cache

from itsutsu.suido.code import Layout
from itsutsu.suido.pieces import _rotations_of
from itsutsu.suido.solver.tables import ALL_OPEN, ANY_OPEN, ARMS_AT_MOST_TWO, OPENS, SHUTS
from itsutsu.suido.squares import _block_facings, _block_info

_BACK_OPENS = tuple(OPENS[(side + 2) & 3] for side in range(4))
_BACK_SHUTS = tuple(SHUTS[(side + 2) & 3] for side in range(4))


_TURNS = tuple(sum(1 << m for m in set(_rotations_of(mask))) for mask in range(16))
"""Each mask's facings as a set of masks."""


@lru_cache(maxsize=8)
def _links(near: tuple[int, ...]) -> tuple[tuple[tuple[int, int, int, int], ...], ...]:
    """Per cell, ``(side bit, neighbour, masks opening back, masks shut back)`` per side."""
    return tuple(
        tuple(
            (1 << side, near[cell * 4 + side], _BACK_OPENS[side], _BACK_SHUTS[side])
            for side in range(4)
            if near[cell * 4 + side] >= 0
        )
        for cell in range(len(near) // 4)
    )


def _domains(layout: Layout, near: tuple[int, ...]) -> list[int]:
    """Each cell's starting set of masks (bit m for mask m; mask 0 also stands for dry)."""
    locked = set(layout.locked or ())
    seeds = set(layout.sources) | set(layout.drains)
    network = layout.kind == "network"
    domains = []
    for cell, mask in enumerate(layout.cells):
        if mask == 0:
            domains.append(1)
            continue
        domain = 1 << mask if cell in locked else _TURNS[mask]
        if not network:
            if layout.kind == "inlet-outlet":
                domain &= ARMS_AT_MOST_TWO
            if cell not in seeds:
                domain |= 1
        for side in range(4):
            if near[cell * 4 + side] < 0:
                domain &= SHUTS[side]
        domains.append(domain)
    return domains


def _cycle_cuts(
    dom: list[int],
    links: tuple[tuple[tuple[int, int, int, int], ...], ...],
    pumps: set[int],
) -> list[tuple[int, int, int, int]]:
    """The sides that may be open but would close a ring or join two pumps' pipes.

    On a network every answer is a forest with one tree per pump (its pieces have as many
    arms as the answer's, so as many joins: one per piece less one per pump), so an edge
    between two cells already joined by pipes that must be open, or between two pumps'
    pipes, is shut in every answer. Returns ``(cell, side bit, neighbour, neighbour's
    domain of masks shut back)`` for each such side.
    """
    size = len(dom)
    root = list(range(size))

    def find(cell: int) -> int:
        while root[cell] != cell:
            root[cell] = root[root[cell]]
            cell = root[cell]
        return cell

    all_open = ALL_OPEN
    any_open = ANY_OPEN
    for cell in range(size):
        must = all_open[dom[cell]]
        if must:
            for bit, other, _opens, _shuts in links[cell]:
                if must & bit:
                    a, b = find(cell), find(other)
                    if a != b:
                        root[a] = b
    wet = [False] * size
    for pump in pumps:
        wet[find(pump)] = True
    cuts = []
    for cell in range(size):
        domain = dom[cell]
        loose = any_open[domain] & ~all_open[domain]
        if not loose:
            continue
        for bit, other, _opens, shuts in links[cell]:
            if loose & bit and other > cell:
                a, b = find(cell), find(other)
                if a == b or (wet[a] and wet[b]):
                    cuts.append((cell, bit, other, shuts))
    return cuts


def undecided(layout: Layout, near: tuple[int, ...]) -> list[int] | None:
    """The cells the edge rules leave with more than one facing, among those that must be wet.

    ``layout`` holds the answer's pieces (any turn of them would do), laid from a forest with
    one tree per pump as the generator lays them: on a network the rules then also shut every
    side that would close a ring or join two pumps' pipes. Empty when the rules
    alone settle every piece that must be wet, and that proves the answer is the only one: on
    a network every piece has one facing left; elsewhere every open side of a settled piece
    forces the piece across to be wet (so settled too), and the pieces left open touch no
    open pipe of the settled ones, so they stay dry in every answer. None if the rules find
    no answer at all (which cannot happen for a board laid from its answer). ``near`` is the
    board's neighbour table, walls cut.
    """
    size = len(layout.cells)
    dom = _domains(layout, near)
    squares: list[tuple[tuple[int, int, int, int], tuple[tuple[int, int, int, int], ...]]] = []
    square_of = [-1] * size
    if layout.bigs or layout.blocks:
        for block in _block_info(layout).blocks:
            facings = _block_facings(layout.cells, block)
            for i, cell in enumerate(block.cells):
                square_of[cell] = len(squares)
                kept = 0
                for facing in facings:
                    kept |= 1 << facing[i]
                # A turn moves pieces round the square: a cell may end with any piece of it.
                for side in range(4):
                    if near[cell * 4 + side] < 0:
                        kept &= SHUTS[side]
                dom[cell] = kept
            squares.append((block.cells, facings))
    links = _links(near)
    queued = [False] * size
    any_open, all_open = ANY_OPEN, ALL_OPEN

    def settle(stack: list[int]) -> bool:
        """Apply the edge and square rules until nothing changes; False on a contradiction."""
        for cell in stack:
            queued[cell] = True
        while stack:
            cell = stack.pop()
            queued[cell] = False
            domain = dom[cell]
            if not domain:
                return False
            can = any_open[domain]
            must = all_open[domain]
            for bit, other, opens, shuts in links[cell]:
                if can & bit:
                    if not must & bit:
                        continue
                    new = dom[other] & opens
                else:
                    new = dom[other] & shuts
                if new != dom[other]:
                    dom[other] = new
                    if not queued[other]:
                        queued[other] = True
                        stack.append(other)
            at = square_of[cell]
            if at >= 0:
                cells, facings = squares[at]
                kept_by = [0, 0, 0, 0]
                for facing in facings:
                    if all(dom[c] >> facing[i] & 1 for i, c in enumerate(cells)):
                        for i in range(4):
                            kept_by[i] |= 1 << facing[i]
                for i, member in enumerate(cells):
                    if dom[member] & kept_by[i] != dom[member]:
                        dom[member] &= kept_by[i]
                        if not queued[member]:
                            queued[member] = True
                            stack.append(member)
        return True

    if not settle(list(range(size))):
        return None
    if layout.kind == "network":
        pumps = set(layout.sources)
        while True:
            cut = _cycle_cuts(dom, links, pumps)
            if not cut:
                break
            for cell, bit, other, back in cut:
                dom[cell] &= SHUTS[bit.bit_length() - 1]
                dom[other] &= back
            if not settle([cell for cell, _bit, _other, _back in cut] + [c[2] for c in cut]):
                return None
    return [cell for cell, domain in enumerate(dom) if domain & (domain - 1) and not domain & 1]


def regions(near: tuple[int, ...], cells: list[int]) -> list[list[int]]:
    """Group ``cells`` into regions of cells side by side; ``near`` is the neighbour table."""
    left = set(cells)
    found = []
    for start in cells:
        if start not in left:
            continue
        left.discard(start)
        region = [start]
        at = 0
        while at < len(region):
            cell = region[at]
            at += 1
            for other in near[cell * 4 : cell * 4 + 4]:
                if other in left:
                    left.discard(other)
                    region.append(other)
        found.append(region)
    return found
