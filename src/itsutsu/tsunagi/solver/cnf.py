"""The Tsunagi board as a CNF formula: edges, degrees, colours, bridges and portals.

A variable stands for each edge between two *standable* cells (open cells that are not a
bridge and not a portal). The edges come from the step table: a plain step is an edge between
neighbours, a bridge jump is an edge over the bridge, and a portal passage is an edge tagged
with its portal. Every cell then needs its degree (1 at a stone, 2 elsewhere) and a colour
(the pair of its line) that both ends of a used edge share. What the clauses cannot say
cheaply, "no detached loop", the counting loop in :mod:`itsutsu.tsunagi.solver.count` adds lazily.

Only sound clauses are added: nothing here assumes the answer is unique, so every answer of
the board (including lines that touch themselves) stays a model.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from itsutsu.tsunagi.alphabet import CELL_BLOCKED, CELL_BRIDGE
from itsutsu.tsunagi.layout import Layout

ONE_HOT = "one-hot"
"""Colour encoding: one variable per (cell, pair); a used edge makes each pair's two equal."""
BINARY = "binary"
"""Colour encoding: ``ceil(log2(pairs))`` bits per cell; a used edge makes the bits equal."""
COLOURINGS = (ONE_HOT, BINARY)
"""The colour encodings :func:`build_problem` knows."""

RULE_ALL = "all"
"""Which answers count: every set of lines with the right stones, loops and crossings,
including a line that runs beside itself (two touching cells of one line not joined)."""
RULE_CHECK = "check"
"""Which answers count: only those :func:`itsutsu.tsunagi.check_answer` accepts, so two
touching cells of one colour are always joined by an edge of the line. An answer code cannot
show a line that runs beside itself, so this is the count of answers a player can enter."""
RULES = (RULE_ALL, RULE_CHECK)
"""The rules :func:`build_problem` and the counts know."""


@dataclass(frozen=True)
class Edge:
    """One edge of the formula: cells ``a < b``, the bridge it jumps (or -1), the index of
    the portal pair it passes (or -1), and its variable."""

    a: int
    b: int
    over: int
    portal: int
    var: int


@dataclass(frozen=True)
class SatProblem:
    """A board written as CNF.

    ``edges[i]`` has variable ``i + 1``. ``touching[c]`` lists ``(var, other cell)`` for each
    edge at cell ``c``. ``clauses`` is the formula (empty when ``impossible``: a cell, bridge
    or portal that no answer can serve was found while building). ``standable[c]`` tells
    whether a line may stand on cell ``c``. Cell ``c``'s colour is spelt by variables
    ``colour_base + c * bits + 1 ..`` (``bits`` of them: binary digits, or one per pair).
    """

    layout: Layout
    standable: tuple[bool, ...]
    edges: tuple[Edge, ...]
    touching: tuple[tuple[tuple[int, int], ...], ...]
    clauses: tuple[tuple[int, ...], ...]
    variables: int
    impossible: bool
    colouring: str
    colour_base: int
    bits: int


def _bits_for(pairs: int) -> int:
    bits = 1
    while (1 << bits) < pairs:
        bits += 1
    return bits


def standable_cells(layout: Layout) -> list[bool]:
    """Tell, per cell, whether a line may stand on it (open, not a bridge, not a portal)."""
    partner = layout.partner
    return [
        v != CELL_BLOCKED and v != CELL_BRIDGE and partner[at] < 0
        for at, v in enumerate(layout.cells)
    ]


def _collect_edges(
    layout: Layout, standable: list[bool]
) -> tuple[list[Edge], list[list[tuple[int, int]]]]:
    portal_index = {}
    for index, (a, b) in enumerate(layout.portal_pairs):
        portal_index[a] = index
        portal_index[b] = index
    seen: dict[tuple[int, int, int, int], int] = {}
    edges: list[Edge] = []
    touching: list[list[tuple[int, int]]] = [[] for _ in layout.cells]
    for a, steps in enumerate(layout.steps):
        if not standable[a]:
            continue
        for step in steps:
            b = step.to
            if b == a or not standable[b]:
                continue
            portal = portal_index[step.through[0]] if step.through else -1
            key = (a, b, step.over, portal) if a < b else (b, a, step.over, portal)
            if key in seen:
                continue
            var = len(edges) + 1
            seen[key] = var
            edges.append(Edge(key[0], key[1], step.over, portal, var))
            touching[a].append((var, b))
            touching[b].append((var, a))
    return edges, touching


def _degree_clauses(out: list[tuple[int, ...]], lits: list[int], need: int) -> bool:
    """Add "exactly ``need`` of ``lits``" (need 1 or 2); False if it cannot hold."""
    count = len(lits)
    if count < need:
        return False
    if need == 1:
        out.append(tuple(lits))
        out.extend((-x, -y) for x, y in combinations(lits, 2))
        return True
    # At least two: leaving any one out, some other is still used.
    if count == 2:
        out.append((lits[0],))
        out.append((lits[1],))
        return True
    for skip in range(count):
        out.append((*lits[:skip], *lits[skip + 1 :]))
    out.extend((-x, -y, -z) for x, y, z in combinations(lits, 3))
    return True


def _short_cycles(touching: list[list[tuple[int, int]]], free: list[bool]) -> list[tuple[int, ...]]:
    """Clauses forbidding every cycle of 2, 3 or 4 edges among non-stone cells: all of its
    edges used would close a loop on its own (each cell already has its two edges)."""
    out: list[tuple[int, ...]] = []
    for a, around in enumerate(touching):
        if not free[a]:
            continue
        for i, (e1, b) in enumerate(around):
            if b <= a or not free[b]:
                continue
            for e2, d in around[i + 1 :]:
                if d == b and e2 != e1:
                    out.append((-e1, -e2))  # two parallel edges a-b
                    continue
                if d <= a or not free[d]:
                    continue
                # triangle a-b-d
                for e3, c in touching[b]:
                    if c == d:
                        out.append((-e1, -e3, -e2))
                # squares a-b-c-d
                for e3, c in touching[b]:
                    if c == d or c <= a or not free[c]:
                        continue
                    for e4, x in touching[d]:
                        if x == c:
                            out.append((-e1, -e3, -e4, -e2))
            # the same pair again in the other order (b > d) is covered when d comes first
    return out


def build_problem(layout: Layout, colouring: str = BINARY, rule: str = RULE_ALL) -> SatProblem:
    """Write ``layout`` as CNF with the given colour encoding (``"binary"`` or ``"one-hot"``).

    ``rule`` says which answers stay models: ``"all"`` (every answer, lines running beside
    themselves included) or ``"check"``, which adds, for every plain step and bridge jump
    between two standable cells, "the edge is used, or its two ends differ in colour" (a
    portal passage is left to the caller, which reads each model with the check). The
    result is marked ``impossible`` (and carries no clauses) when a cell has too few
    possible edges, a bridge cannot be crossed both ways, or a portal has no passage.
    """
    if colouring not in COLOURINGS:
        raise ValueError(f"colouring must be one of {COLOURINGS}, not {colouring!r}")
    if rule not in RULES:
        raise ValueError(f"rule must be one of {RULES}, not {rule!r}")
    cells = layout.cells
    standable = standable_cells(layout)
    edges, touching = _collect_edges(layout, standable)
    n_edges = len(edges)
    pairs = layout.pairs
    keeper = layout.keeper
    fixed = [v if v >= 0 else keeper[at] for at, v in enumerate(cells)]
    bits = _bits_for(pairs) if colouring == BINARY else pairs
    base = n_edges  # colour variable of (cell, k) is base + cell * bits + k + 1
    variables = base + len(cells) * bits
    clauses: list[tuple[int, ...]] = []

    def empty() -> SatProblem:
        return SatProblem(
            layout,
            tuple(standable),
            tuple(edges),
            _frozen(touching),
            (),
            variables,
            True,
            colouring,
            base,
            bits,
        )

    for at, ok in enumerate(standable):
        if not ok:
            continue
        lits = [var for var, _ in touching[at]]
        if not _degree_clauses(clauses, lits, 1 if cells[at] >= 0 else 2):
            return empty()

    # Colours: fixed cells spell their pair; a used edge makes its two ends' colours equal.
    for at, pair in enumerate(fixed):
        if pair < 0 or not standable[at]:
            continue
        first = base + at * bits + 1
        if colouring == BINARY:
            clauses.extend(
                ((first + k,) if pair >> k & 1 else (-(first + k),)) for k in range(bits)
            )
        else:
            clauses.extend(((first + k,) if k == pair else (-(first + k),)) for k in range(bits))
    if colouring == BINARY and (1 << bits) > pairs:
        for at, ok in enumerate(standable):
            if ok and fixed[at] < 0:
                _forbid_codes_from(clauses, base + at * bits + 1, bits, pairs)
    for edge in edges:
        fa, fb = fixed[edge.a], fixed[edge.b]
        if fa >= 0 and fb >= 0:
            if fa != fb:
                clauses.append((-edge.var,))
            continue
        e = edge.var
        if colouring == BINARY and (fa >= 0 or fb >= 0):
            # One end spells a known pair: the edge spells it at the other end (the same
            # clauses as below once the known end's units are applied, half as many).
            pair, y = (fa, base + edge.b * bits + 1) if fa >= 0 else (fb, base + edge.a * bits + 1)
            clauses.extend(((-e, y + k) if pair >> k & 1 else (-e, -(y + k))) for k in range(bits))
            continue
        x = base + edge.a * bits + 1
        y = base + edge.b * bits + 1
        for k in range(bits):
            clauses.append((-e, -(x + k), y + k))
            clauses.append((-e, x + k, -(y + k)))

    # Bridges: both crossings used, by lines of different colours.
    lookup = {(edge.a, edge.b, edge.over): edge.var for edge in edges if edge.portal < 0}
    size = layout.size
    for bridge in layout.bridges:
        across = lookup.get((bridge - 1, bridge + 1, bridge))
        down = lookup.get((bridge - size, bridge + size, bridge))
        if across is None or down is None:
            return empty()
        clauses.append((across,))
        clauses.append((down,))
        x = base + (bridge - 1) * bits + 1
        y = base + (bridge - size) * bits + 1
        if colouring == ONE_HOT:
            clauses.extend((-(x + k), -(y + k)) for k in range(bits))
        else:
            differ = []
            for k in range(bits):
                variables += 1
                d = variables
                differ.append(d)
                # d -> the k-th bits differ
                clauses.append((-d, x + k, y + k))
                clauses.append((-d, -(x + k), -(y + k)))
            clauses.append(tuple(differ))

    # Portals: each pair passed exactly once.
    passages: list[list[int]] = [[] for _ in layout.portal_pairs]
    for edge in edges:
        if edge.portal >= 0:
            passages[edge.portal].append(edge.var)
    for lits in passages:
        if not _degree_clauses(clauses, lits, 1):
            return empty()

    if rule == RULE_CHECK:
        variables = _check_clauses(clauses, edges, fixed, colouring, base, bits, variables)

    free = [standable[at] and cells[at] < 0 for at in range(len(cells))]
    clauses.extend(_short_cycles(touching, free))
    return SatProblem(
        layout,
        tuple(standable),
        tuple(edges),
        _frozen(touching),
        tuple(clauses),
        variables,
        False,
        colouring,
        base,
        bits,
    )


def _check_clauses(
    out: list[tuple[int, ...]],
    edges: list[Edge],
    fixed: list[int],
    colouring: str,
    base: int,
    bits: int,
    variables: int,
) -> int:
    """Add "used, or its ends differ in colour" for every edge that is not a portal passage;
    return the variable count (binary colours need one "bit k differs" variable per bit)."""
    for edge in edges:
        if edge.portal >= 0:
            continue
        e = edge.var
        fa, fb = fixed[edge.a], fixed[edge.b]
        if fa >= 0 and fb >= 0:
            if fa == fb:
                out.append((e,))
            continue
        x = base + edge.a * bits + 1
        y = base + edge.b * bits + 1
        if fa >= 0 or fb >= 0:
            pair, z = (fa, y) if fa >= 0 else (fb, x)
            if colouring == BINARY:
                out.append((e, *((-(z + k)) if pair >> k & 1 else z + k for k in range(bits))))
            else:
                out.append((e, -(z + pair)))
            continue
        if colouring == ONE_HOT:
            # same colour k at both ends forces the edge
            out.extend((e, -(x + k), -(y + k)) for k in range(bits))
            continue
        differ = []
        for k in range(bits):
            variables += 1
            d = variables
            differ.append(d)
            out.append((-d, x + k, y + k))
            out.append((-d, -(x + k), -(y + k)))
        out.append((e, *differ))
    return variables


def _forbid_codes_from(out: list[tuple[int, ...]], first: int, bits: int, pairs: int) -> None:
    """Forbid the binary codes ``pairs .. 2**bits - 1`` at the cell whose bits start at
    ``first``, with one clause per maximal block of codes sharing a prefix."""
    top = 1 << bits
    code = pairs
    while code < top:
        # the largest block [code, code + 2**low) aligned at code and below top
        low = 0
        while code % (1 << (low + 1)) == 0 and code + (1 << (low + 1)) <= top:
            low += 1
        out.append(tuple(-(first + k) if code >> k & 1 else first + k for k in range(low, bits)))
        code += 1 << low


def _frozen(touching: list[list[tuple[int, int]]]) -> tuple[tuple[tuple[int, int], ...], ...]:
    return tuple(tuple(around) for around in touching)
