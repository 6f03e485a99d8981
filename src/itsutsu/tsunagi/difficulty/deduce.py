"""Deductions a person makes on a Tsunagi board, one named step at a time.

A *position* says, for every open cell, which lines may still pass it (a set of pairs, kept as
a bit mask). A cell with one pair left is *settled*. The rules work on the fact that an answer
shows only which line owns each cell, so two touching cells of one line are always joined: a
stone touches its own line exactly once and every other cell exactly twice.

Rules come in tiers. Tier 1 looks at one cell and its neighbours (``one_way``: a settled cell
still needing joins has just that many ways left; ``two_ways``: an open cell only two ways
reach joins both; ``joined``: a cell with all its joins pushes its line away from its other
neighbours; ``dead_end``: a line may not enter a cell it could not leave; ``crowded``: a line
may not enter a cell it already touches too often; ``bridge``; ``portal``). Tier 2 looks
further (``loop``: a cell that would close a ring of one line; ``region``: a line cannot reach
a cell its stones cannot get to, or that it could only enter and leave by one cell). Tier 3 is
a guess: try a line on a cell and follow the rules until they contradict (``guess``, with its
depth: how many guesses deep the contradiction lay). When even guessing finds nothing, a
measure that knows the answer takes the answer's line for one cell (a ``blind`` guess).

Everything here is pure: :func:`start_position` and :func:`position_of_lines` build a
:class:`Position`, :func:`next_finding` gives the next step from it, :func:`deduce` runs the
rules to the end and returns every :class:`Finding` and where it stopped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from itsutsu.tsunagi.alphabet import CELL_BLOCKED, CELL_BRIDGE
from itsutsu.tsunagi.layout import Layout

RULES = (
    ("one_way", 1),
    ("two_ways", 1),
    ("joined", 1),
    ("dead_end", 1),
    ("crowded", 1),
    ("bridge", 1),
    ("portal", 1),
    ("loop", 2),
    ("region", 2),
    ("guess", 3),
    ("blind", 4),
)
"""Every rule's name and tier, in the order they are tried (a tier only when the tiers below
it have nothing left)."""

TIER_OF = dict(RULES)
"""Rule name -> tier."""

TIERS = 4
"""Tiers 1 (a glance at one cell), 2 (a look along a line or round a region), 3 (a guess
followed to a contradiction) and 4 (a blind guess taken from the answer)."""

GUESS_DEPTH = 2
"""The deepest guess :func:`deduce` tries: a guess inside a guess."""

TRIAL_WORK = 200
"""The most cell looks one guess may spend before it is dropped as leading nowhere."""

GUESS_WORK = 3_000
"""The most cell looks all the guesses of one standstill may spend together."""


@dataclass(frozen=True)
class Position:
    """What is known about a board: for each cell, the pairs whose line may pass it, as a bit
    mask (bit p for pair p; 0 for blocked and bridge cells). A cell with one bit is settled."""

    layout: Layout
    masks: tuple[int, ...]

    def settled(self, cell: int) -> int:
        """The pair settled on ``cell``, or -1 while more than one (or no) pair may pass it."""
        mask = self.masks[cell]
        if mask and mask & (mask - 1) == 0:
            return mask.bit_length() - 1
        return -1

    def pairs_at(self, cell: int) -> tuple[int, ...]:
        """The pairs whose line may still pass ``cell``, lowest first."""
        return _bits(self.masks[cell])

    @property
    def solved(self) -> bool:
        """True when every open cell is settled and the owners make a valid answer."""
        tables = _tables(self.layout)
        if any(self.masks[c] & (self.masks[c] - 1) for c in tables.open_cells):
            return False
        return _valid(tables, list(self.masks))


@dataclass(frozen=True)
class Finding:
    """One step of deduction.

    ``rule`` is its name and ``tier`` its tier (see :data:`RULES`); ``pair`` the line it is
    about (-1 when several); ``at`` the cell it is centred on; ``looked`` the cells it looked
    at; ``settled`` the cells it settled, as ``(cell, pair)``; ``ruled_out`` the pairs it took
    away, as ``(cell, pair)``; ``depth`` how many guesses deep a guess went (0 for the rules).
    """

    rule: str
    tier: int
    pair: int
    at: int
    looked: tuple[int, ...]
    settled: tuple[tuple[int, int], ...]
    ruled_out: tuple[tuple[int, int], ...]
    depth: int = 0


@dataclass(frozen=True)
class Deduced:
    """A run of the rules: every ``finding`` in order, the ``position`` reached, whether it is
    ``solved``, and ``stuck`` when it stopped with cells left that no rule or guess could
    settle. ``rounds`` counts the waves of tier-1 looking (each wave looks again only at the
    cells the wave before it changed) plus each time a higher tier had to be called; ``work``
    the cell looks spent, guesses included."""

    findings: tuple[Finding, ...]
    position: Position
    solved: bool
    stuck: bool
    rounds: int
    work: int


class _Contradiction(Exception):
    """The position has no answer."""


def _bits(mask: int) -> tuple[int, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def _cells(bits: int) -> list[int]:
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def _single(mask: int) -> bool:
    return mask != 0 and mask & (mask - 1) == 0


@dataclass(frozen=True)
class _Tables:
    """What the rules need of a layout, computed once per layout."""

    size: int
    pairs: int
    full: int
    open_cells: tuple[int, ...]
    start: tuple[int, ...]  # the starting masks
    need: tuple[int, ...]  # joins a cell needs: 1 stone, 2 other, 0 portal/blocked/bridge
    ways: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]  # (to, through) per cell
    watchers: tuple[tuple[int, ...], ...]  # cells whose ways touch this cell
    bridges: tuple[tuple[int, int, int, int, int], ...]  # (bridge, left, right, up, down)
    portals: tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...]  # (a, b, passages)
    ends: tuple[tuple[int, int], ...]
    stone: tuple[int, ...]  # pair of the stone on a cell, or -1
    waypoint: tuple[int, ...]  # pair whose waypoint a cell is, or -1
    tos: tuple[tuple[int, ...], ...]  # the cell each way leads to, per cell, in way order
    plain: bool  # no portals and no way passes through a cell: the quick rules apply
    shifts: tuple[tuple[int, int], ...]  # (offset, cells with a straight way by that offset)
    jumps: tuple[tuple[int, int, int], ...]  # (from, to, cells between as bits): ways through cells
    jump_from: int  # the cells ``jumps`` start from, as bits
    straight: tuple[bool, ...]  # no way of this cell passes through another cell
    nbrs: tuple[tuple[int, ...], ...]  # ``tos`` without repeats
    straight_nbrs: tuple[tuple[int, ...], ...]  # the cells each cell's straight ways lead to
    joined: int  # the cells that need joins (not portal, blocked or bridge cells), as bits


@lru_cache(maxsize=64)
def _tables(layout: Layout) -> _Tables:
    cells = layout.cells
    n = len(cells)
    pairs = layout.pairs
    full = (1 << pairs) - 1
    partner = layout.partner
    keeper = layout.keeper
    start = []
    need = []
    for at, v in enumerate(cells):
        if v in (CELL_BLOCKED, CELL_BRIDGE):
            start.append(0)
            need.append(0)
        elif v >= 0:
            start.append(1 << v)
            need.append(1)
        else:
            start.append(1 << keeper[at] if keeper[at] >= 0 else full)
            need.append(0 if partner[at] >= 0 else 2)
    ways: list[tuple[tuple[int, tuple[int, ...]], ...]] = []
    watch: list[set[int]] = [set() for _ in range(n)]
    for at in range(n):
        if need[at] == 0:
            ways.append(())
            continue
        mine = []
        for step in layout.steps[at]:
            if start[step.to] == 0 or any(start[t] == 0 for t in step.through):
                continue
            mine.append((step.to, step.through))
            watch[step.to].add(at)
            for t in step.through:
                watch[t].add(at)
        ways.append(tuple(mine))
    size = layout.size
    bridges = []
    for b in layout.bridges:
        bridges.append((b, b - 1, b + 1, b - size, b + size))
        for c in (b - 1, b + 1, b - size, b + size):
            watch[c].update((b - 1, b + 1, b - size, b + size))
    portals = []
    for a, b in layout.portal_pairs:
        passages = set()
        for at in range(n):
            for to, through in ways[at]:
                if through and a in through:
                    passages.add((min(at, to), max(at, to)))
        portals.append((a, b, tuple(sorted(passages))))
    watchers = tuple(tuple(sorted(w)) for w in watch)
    stone = [-1] * n
    for p, (a, b) in enumerate(layout.ends):
        stone[a] = stone[b] = p
    plain = not layout.portal_pairs and all(not through for mine in ways for _, through in mine)
    by_offset: dict[int, int] = {}
    jumps = []
    for at in range(n):
        for to, through in ways[at]:
            if through:
                between = 0
                for x in through:
                    between |= 1 << x
                jumps.append((at, to, between))
            else:
                by_offset[to - at] = by_offset.get(to - at, 0) | 1 << at
    return _Tables(
        size=size,
        pairs=pairs,
        full=full,
        open_cells=tuple(at for at in range(n) if start[at]),
        start=tuple(start),
        need=tuple(need),
        ways=tuple(ways),
        watchers=watchers,
        bridges=tuple(bridges),
        portals=tuple(portals),
        ends=layout.ends,
        stone=tuple(stone),
        waypoint=keeper,
        tos=tuple(tuple(to for to, _ in mine) for mine in ways),
        plain=plain,
        shifts=tuple(sorted(by_offset.items())),
        jumps=tuple(jumps),
        jump_from=sum({1 << at for at, _, _ in jumps}),
        straight=tuple(all(not through for _, through in mine) for mine in ways),
        nbrs=tuple(tuple(dict.fromkeys(to for to, _ in mine)) for mine in ways),
        straight_nbrs=tuple(
            tuple(dict.fromkeys(to for to, through in mine if not through)) for mine in ways
        ),
        joined=sum(1 << at for at in range(n) if start[at] and need[at]),
    )


class _Run:
    """One run of the rules over a mutable copy of the masks (private to this module)."""

    def __init__(
        self,
        tables: _Tables,
        masks: list[int],
        record: bool,
        trial: bool = False,
        cells_of: list[int] | None = None,
    ) -> None:
        self.t = tables
        self.m = masks
        if cells_of is None:
            cells_of = [0] * tables.pairs
            for c in tables.open_cells:
                for p in _bits(masks[c]):
                    cells_of[p] |= 1 << c
        # Per pair, the cells (bit c for cell c) whose mask still holds it; kept by cut.
        self.cells_of = cells_of
        self.record = record
        self.findings: list[Finding] = []
        self.queue: list[int] = []
        self.queued = [False] * len(masks)
        self.next_queue: list[int] = []
        self.dirty_pairs = 0 if trial else tables.full
        self.trial = trial
        self.work = 0
        self.rounds = 0
        # The finding being built.
        self._settled: list[tuple[int, int]] = []
        self._out: list[tuple[int, int]] = []
        # Per pair, the cells on its stones' paths and the chain of blocks they form, from
        # the last time the region rule looked (see _on_paths_plain).
        self._chains: dict[int, tuple[int, list[tuple[int, int, int]]]] = {}

    # --------------------------------------------------------------- changing masks

    def cut(self, cell: int, keep: int) -> bool:
        """Keep only the pairs in ``keep`` on ``cell``; True if anything went."""
        old = self.m[cell]
        new = old & keep
        if new == old:
            return False
        if new == 0:
            raise _Contradiction
        self.m[cell] = new
        gone = old & ~new
        self.dirty_pairs |= gone
        here = 1 << cell
        cells_of = self.cells_of
        left = gone
        while left:
            low = left & -left
            cells_of[low.bit_length() - 1] ^= here
            left ^= low
        if self.record:
            self._out.extend((cell, p) for p in _bits(gone))
            if _single(new):
                self._settled.append((cell, new.bit_length() - 1))
        self._touch(cell)
        return True

    def _touch(self, cell: int) -> None:
        if not self.queued[cell]:
            self.queued[cell] = True
            self.next_queue.append(cell)
        for w in self.t.watchers[cell]:
            if not self.queued[w]:
                self.queued[w] = True
                self.next_queue.append(w)

    def note(self, rule: str, pair: int, at: int, looked: Sequence[int], depth: int = 0) -> None:
        """Close the finding built since the last note (if it changed anything)."""
        if not self.record:
            return
        if self._out:
            self.findings.append(
                Finding(
                    rule,
                    TIER_OF[rule],
                    pair,
                    at,
                    tuple(looked),
                    tuple(self._settled),
                    tuple(self._out),
                    depth,
                )
            )
        self._settled = []
        self._out = []

    # --------------------------------------------------------------- tier 1

    def look(self, c: int) -> bool:
        """Every tier-1 rule centred on cell ``c``; True if something changed."""
        self.work += 1
        t = self.t
        m = self.m
        need = t.need[c]
        mask = m[c]
        if need == 0 or mask == 0:
            return False
        if not t.straight[c]:
            return self._look_any(c, need, mask)
        tos = t.tos[c]
        if mask & (mask - 1) == 0:
            # A settled cell: its line's ways, joined (the neighbour settled on it) or open.
            bit = mask
            joined = 0
            open_ways = []
            for to in tos:
                there = m[to]
                if there & bit:
                    if there == bit:
                        joined += 1
                    else:
                        open_ways.append(to)
            if joined > need or joined + len(open_ways) < need:
                raise _Contradiction
            if open_ways and joined + len(open_ways) == need:
                for to in open_ways:
                    self.cut(to, bit)
                self.note("one_way", bit.bit_length() - 1, c, tos)
                return True
            if open_ways and joined == need:
                changed = False
                for to in open_ways:
                    changed |= self.cut(to, ~bit)
                self.note("joined", bit.bit_length() - 1, c, tos)
                return changed
            return False
        # An open cell, all pairs at once: ``one``/``two``/``three`` hold the pairs that at
        # least 1/2/3 ways can take, ``sure2``/``sure3`` those that 2/3 neighbours settled on
        # them already join.
        one = two = three = 0
        sure1 = sure2 = sure3 = 0
        for to in tos:
            there = m[to]
            x = there & mask
            three |= two & x
            two |= one & x
            one |= x
            if x and there & (there - 1) == 0:
                sure3 |= sure2 & x
                sure2 |= sure1 & x
                sure1 |= x
        if need == 2:
            reach, exact, over = two, two & ~three, sure3
        else:
            reach, exact, over = one, one & ~two, sure2
        keep = mask & reach & ~over
        if keep != mask:
            dead = mask & ~reach
            crowded = mask & reach & over
            if dead:
                self.cut(c, ~dead)
                self.note("dead_end", -1 if not _single(dead) else dead.bit_length() - 1, c, tos)
            if crowded:
                self.cut(c, ~crowded)
                self.note("crowded", -1, c, tos)
            return True
        changed = False
        if mask & ~exact == 0:
            # Every pair here has just the ways it needs: the cells all of them reach join.
            for to in tos:
                if m[to] & mask == mask:
                    changed |= self.cut(to, mask)
            if changed:
                self.note("two_ways", -1, c, tos)
        return changed

    def _look_any(self, c: int, need: int, mask: int) -> bool:
        """:meth:`look` on a board with portals or ways through other cells."""
        t = self.t
        m = self.m
        ways = t.ways[c]
        changed = False
        looked = [to for to, _ in ways]
        if _single(mask):
            p = mask.bit_length() - 1
            bit = mask
            joined_ways: list[tuple[int, tuple[int, ...]]] = []  # ways already joined
            open_ways: list[tuple[int, tuple[int, ...]]] = []
            for to, through in ways:
                if m[to] & bit and all(m[x] & bit for x in through):
                    if m[to] == bit and all(m[x] == bit for x in through):
                        joined_ways.append((to, through))
                    else:
                        open_ways.append((to, through))
            if len(joined_ways) > need:
                raise _Contradiction
            if len(joined_ways) + len(open_ways) < need:
                raise _Contradiction
            if open_ways and len(joined_ways) + len(open_ways) == need:
                for to, through in open_ways:
                    self.cut(to, bit)
                    for x in through:
                        self.cut(x, bit)
                self.note("one_way", p, c, looked)
                return True
            if open_ways and len(joined_ways) == need:
                for to, through in open_ways:
                    if not through:
                        changed |= self.cut(to, ~bit)
                self.note("joined", p, c, looked)
            return changed
        # An open cell: which pairs can it take, and who must it join?
        keep = 0
        crowded = 0
        forced: dict[int, int] | None = None  # cell -> pairs allowed there
        for p in _bits(mask):
            bit = 1 << p
            sure = 0
            maybe: list[int] = []
            for i, (to, through) in enumerate(ways):
                if m[to] & bit and all(m[x] & bit for x in through):
                    maybe.append(i)
                    if m[to] == bit and all(m[x] == bit for x in through):
                        sure += 1
            if len(maybe) < need:
                continue
            if sure > need:
                crowded |= bit
                continue
            keep |= bit
            # If this pair is here, which cells must it reach? (All its ways, when it has
            # no more than it needs.) A cell is forced only if every pair forces it.
            allowed: dict[int, int] = {}
            if len(maybe) == need:
                for i in maybe:
                    to, through = ways[i]
                    allowed[to] = bit
                    for x in through:
                        allowed[x] = bit
            if forced is None:
                forced = allowed
            else:
                forced = {k: v | allowed[k] for k, v in forced.items() if k in allowed}
        if keep != mask:
            dead = mask & ~keep & ~crowded
            if dead:
                self.cut(c, ~dead)
                self.note("dead_end", -1 if not _single(dead) else dead.bit_length() - 1, c, looked)
            if crowded:
                self.cut(c, ~crowded)
                self.note("crowded", -1, c, looked)
            return True
        if forced:
            for to, there in forced.items():
                changed |= self.cut(to, there)
            if changed:
                self.note("two_ways", -1, c, looked)
        return changed

    def bridges_and_portals(self) -> bool:
        """The bridge and portal rules, over every bridge and portal pair."""
        m = self.m
        changed = False
        for b, left, right, up, down in self.t.bridges:
            self.work += 1
            across = m[left] & m[right]
            downward = m[up] & m[down]
            got = False
            if m[left] and m[right]:
                got |= self.cut(left, across) | self.cut(right, across)
            if m[up] and m[down]:
                got |= self.cut(up, downward) | self.cut(down, downward)
            if _single(m[left]) and m[left] == m[right] and m[up]:
                got |= self.cut(up, ~m[left]) | self.cut(down, ~m[left])
            if _single(m[up]) and m[up] == m[down] and m[left]:
                got |= self.cut(left, ~m[up]) | self.cut(right, ~m[up])
            if got:
                self.note("bridge", -1, b, (left, right, up, down))
                changed = True
        for a, b, passages in self.t.portals:
            self.work += 1
            both = m[a] & m[b]
            got = self.cut(a, both) | self.cut(b, both)
            # The line through the portal must come in and go out by one passage.
            can = 0
            for x, y in passages:
                can |= m[x] & m[y]
            got |= self.cut(a, can) | self.cut(b, can)
            mask = m[a]
            if _single(mask):
                open_ = [(x, y) for x, y in passages if m[x] & m[y] & mask]
                if len(open_) == 1:
                    x, y = open_[0]
                    got |= self.cut(x, mask) | self.cut(y, mask)
            if got:
                self.note("portal", -1 if not _single(m[a]) else m[a].bit_length() - 1, a, (a, b))
                changed = True
        return changed

    # --------------------------------------------------------------- tier 2

    def _component(self, start: int, bit: int) -> set[int]:
        """Cells settled on ``bit`` joined to ``start`` through settled cells of that line."""
        m = self.m
        seen = {start}
        todo = [start]
        while todo:
            at = todo.pop()
            for to, through in self.t.ways[at]:
                if to not in seen and m[to] == bit and all(m[x] == bit for x in through):
                    seen.add(to)
                    todo.append(to)
        return seen

    def loops(self) -> bool:
        """A cell may not take a line that would close a ring of that line's settled cells."""
        m = self.m
        t = self.t
        for c in t.open_cells:
            mask = m[c]
            if t.need[c] != 2 or _single(mask):
                continue
            seen_once = 0
            twice = 0
            for to, through in t.ways[c]:
                got = m[to]
                if got & mask and got & (got - 1) == 0 and not through:
                    twice |= seen_once & got
                    seen_once |= got
            for p in _bits(twice):
                bit = 1 << p
                touching = [to for to, through in t.ways[c] if m[to] == bit and not through]
                self.work += 1
                part = self._component(touching[0], bit)
                if any(x in part for x in touching[1:]):
                    self.cut(c, ~bit)
                    self.note("loop", p, c, sorted(part))
                    return True
        return False

    def regions(self) -> bool:
        """A line cannot pass a cell on no simple path between its stones: one its stones cannot
        reach, or one in a pocket it could only enter and leave by a single cell."""
        t = self.t
        dirty = self.dirty_pairs
        self.dirty_pairs = 0
        changed = False
        for p in range(t.pairs):
            bit = 1 << p
            if not dirty & bit:
                continue
            self.work += 4
            if self.trial:
                on = self._reach(p, bit)
            else:
                if t.plain:
                    on = self._on_paths_plain(p, bit)
                else:
                    on = self._on_paths(p, bit)
            off = self.cells_of[p] & ~on
            while off:
                low = off & -off
                self.cut(low.bit_length() - 1, ~bit)
                off ^= low
            if self._out:
                changed = True
                self.note("region", p, t.ends[p][0], [] if self.trial else _cells(on))
        return changed

    def _reach(self, p: int, bit: int) -> int:
        """Cells pair ``p``'s first stone can reach through cells that may take ``p`` (the
        quick form of the region rule, used inside guesses), as bits. Raises when the other
        stone is out of reach."""
        t = self.t
        a, b = t.ends[p]
        free = self.cells_of[p]
        seen = front = 1 << a
        shifts = t.shifts
        jumps = t.jumps
        jump_from = t.jump_from
        while front:
            grown = 0
            for by, edge in shifts:
                x = front & edge
                if x:
                    grown |= x << by if by > 0 else x >> -by
            if front & jump_from:
                for at, to, between in jumps:
                    # A way through other cells (a portal, a bridge): usable when every cell
                    # on it may take the line; the cells between are reached with it.
                    if front >> at & 1 and free >> to & 1 and between & ~free == 0:
                        grown |= 1 << to
                        seen |= between
            front = grown & free & ~seen
            seen |= front
        if not seen >> b & 1:
            raise _Contradiction
        return seen

    def _on_paths_plain(self, p: int, bit: int) -> int:
        """:meth:`_on_paths` on a board with no portals, as bits.

        The cells on a simple path between the stones are the blocks (biconnected parts) on
        the chain from one stone to the other. The chain of the last call is kept per pair:
        cells only ever leave a pair, and taking cells out of one block leaves every other
        block as it was, so only the blocks that lost a cell are searched again, each from
        the cell the chain enters it by to the cell it leaves by."""
        t = self.t
        a, b = t.ends[p]
        free = self.cells_of[p]
        if not free >> a & 1 or not free >> b & 1:
            raise _Contradiction
        n = len(self.m)
        kept = self._chains.get(p)
        if kept is not None and free & ~kept[0] == 0:
            gone = kept[0] & ~free
            chain: list[tuple[int, int, int]] = []
            for cells, entry, exit_ in kept[1]:
                if not cells & gone:
                    chain.append((cells, entry, exit_))
                elif gone >> entry & 1 or gone >> exit_ & 1:
                    raise _Contradiction  # every path ran through the cell that went
                else:
                    chain.extend(_chain(t.nbrs, cells & free, entry, exit_, n))
        else:
            chain = _chain(t.nbrs, free, a, b, n)
        keep = 0
        for cells, _, _ in chain:
            keep |= cells
        self._none_settled_off(bit, free & ~keep)
        self._chains[p] = (keep, chain)
        return keep

    def _on_paths(self, p: int, bit: int) -> int:
        """Cells that lie on some simple path between pair ``p``'s stones through cells that
        may take ``p``, as bits; the cells a way passes through (portals, bridges) ride along
        with it. Raises when no path is left or a settled cell of the line lies on none.

        The graph joins the cells that need joins by their straight ways and by every way
        through other cells all of which may still take the line; its blocks on the chain
        between the stones hold the cells on a path, and a way whose two ends are both on
        the chain lies in one of those blocks, so the cells it passes through are kept."""
        t = self.t
        a, b = t.ends[p]
        free = self.cells_of[p]
        if not free >> a & 1 or not free >> b & 1:
            raise _Contradiction
        nbrs = list(t.straight_nbrs)
        usable = []
        for at, to, between in t.jumps:
            if free >> at & 1 and free >> to & 1 and between & ~free == 0:
                usable.append((at, to, between))
                if to not in nbrs[at]:
                    nbrs[at] = (*nbrs[at], to)
        keep = 0
        for cells, _, _ in _chain(nbrs, free & t.joined, a, b, len(self.m)):
            keep |= cells
        for at, to, between in usable:
            if keep >> at & 1 and keep >> to & 1:
                keep |= between
        self._none_settled_off(bit, free & ~keep)
        return keep

    def _none_settled_off(self, bit: int, off: int) -> None:
        """Raise when a cell of ``off`` (bits: cells on no path of the line) is settled on the
        line ``bit``."""
        m = self.m
        while off:
            low_bit = off & -off
            if m[low_bit.bit_length() - 1] == bit:
                raise _Contradiction
            off ^= low_bit

    # --------------------------------------------------------------- driving

    def settle(self, depth: int, answer: Sequence[int] | None, limit: int | None) -> bool:
        """Run the rules to a standstill, guessing up to ``depth`` deep. Returns True when a
        finding was recorded and ``limit`` findings are reached (a hint needs one)."""
        if not self.trial:
            self.next_queue = [c for c in self.t.open_cells if not self.queued[c]]
            for c in self.next_queue:
                self.queued[c] = True
        budget = TRIAL_WORK if self.trial else None
        while True:
            while self.next_queue:
                self.rounds += 1
                self.queue, self.next_queue = self.next_queue, []
                for c in self.queue:
                    self.queued[c] = False
                for c in self.queue:
                    self.look(c)
                    if limit is not None and self._enough(limit):
                        return True
                    if budget is not None and self.work > budget:
                        return False
            if self.bridges_and_portals():
                if limit is not None and self._enough(limit):
                    return True
                continue
            if (not self.trial and self.loops()) or self.regions():
                self.rounds += 1
                if limit is not None and self._enough(limit):
                    return True
                continue
            if depth > 0 and self.guess(depth, answer):
                self.rounds += 1
                if limit is not None and self._enough(limit):
                    return True
                continue
            return False

    def _enough(self, limit: int) -> bool:
        return sum(1 for f in self.findings if f.settled) >= limit

    def guess(self, depth: int, answer: Sequence[int] | None) -> bool:
        """Try a line on a cell and follow the rules; on a contradiction the line is ruled
        out there. Tries depth 1 everywhere before depth 2."""
        t = self.t
        m = self.m

        def near(c: int) -> int:
            """Pairs settled on a neighbour of ``c`` (where a person's guess starts)."""
            out = 0
            for to, _ in t.ways[c]:
                if _single(m[to]):
                    out |= m[to]
            return out

        order = sorted(
            (c for c in t.open_cells if not _single(m[c]) and t.need[c]),
            key=lambda c: (bin(m[c]).count("1"), c),
        )
        spent = 0
        for d in range(1, depth + 1):
            for c in order:
                if d > 1 and bin(m[c]).count("1") > 2:
                    break
                for p in _bits(m[c] & near(c)):
                    if answer is not None and answer[c] == p:
                        continue
                    if spent > GUESS_WORK:
                        return False
                    trial = _Run(t, list(m), False, True, list(self.cells_of))
                    try:
                        trial.cut(c, 1 << p)
                        trial.settle(d - 1, None, None)
                    except _Contradiction:
                        self.work += trial.work
                        self.cut(c, ~(1 << p))
                        self.note("guess", p, c, (c,), d)
                        return True
                    self.work += trial.work
                    spent += trial.work
        return False


def _chain(
    nbrs: Sequence[Sequence[int]], free: int, a: int, b: int, n: int
) -> list[tuple[int, int, int]]:
    """The blocks (biconnected parts) of the graph on the cells ``free`` (bits) that lie on
    the block-cut tree path from ``a`` to ``b``: for each, its cells as bits, the cell the
    path enters it by and the cell it leaves by. One depth-first search from ``a``; the
    blocks on the path are those holding an edge of the search tree's path to ``b``. Raises
    when ``b`` is out of reach."""
    on = bin(free)[:1:-1]  # on[w] == "1": w is free (a string: quicker than shifting)
    on += "0" * (n - len(on))
    disc = [-1] * n
    low = [0] * n
    parent = [-1] * n
    disc[a] = 0
    timer = 1
    order = [a]
    path = [a]
    left = [iter(nbrs[a])]  # the neighbours each cell on the path has still to look at
    while left:
        v = path[-1]
        for w in left[-1]:
            if on[w] != "1":
                continue
            dw = disc[w]
            if dw < 0:
                disc[w] = low[w] = timer
                timer += 1
                parent[w] = v
                order.append(w)
                path.append(w)
                left.append(iter(nbrs[w]))
                break
            if dw < low[v] and w != parent[v]:
                low[v] = dw
        else:
            path.pop()
            left.pop()
            u = parent[v]
            if u >= 0 and low[v] < low[u]:
                low[u] = low[v]
    if disc[b] < 0:
        raise _Contradiction
    # top[z]: the child that heads the block z hangs in (z itself or the nearest such
    # ancestor); its block is its head's parent and every cell with that head.
    top = [-1] * n
    for z in order[1:]:
        u = parent[z]
        top[z] = z if low[z] >= disc[u] else top[u]
    # Walk the tree path from b up to a: each head met is a block on the chain, entered by
    # the head's parent and left by the cell the walk came up from into it.
    exits: dict[int, int] = {}
    y = b
    while y != a:
        head = top[y]
        exits[head] = y
        y = parent[head]
    members = {head: [parent[head]] for head in exits}
    for z in order[1:]:
        got = members.get(top[z])
        if got is not None:
            got.append(z)
    out = []
    for head, exit_ in exits.items():
        got = members[head]
        if len(got) < 24:
            cells = 0
            for z in got:
                cells |= 1 << z
        else:  # a big block: one string of digits, not a shift per cell
            digits = bytearray(b"0") * n
            for z in got:
                digits[z] = 49
            cells = int(digits[::-1], 2)
        out.append((cells, parent[head], exit_))
    return out


def _valid(tables: _Tables, masks: list[int]) -> bool:
    """True when settled masks make a valid answer (each line one path, bridges, portals)."""
    owner = [(mk.bit_length() - 1) if mk else -1 for mk in masks]
    for _, left, right, up, down in tables.bridges:
        if owner[left] != owner[right] or owner[up] != owner[down] or owner[left] == owner[up]:
            return False
    tally = [0] * len(masks)
    for c in tables.open_cells:
        need = tables.need[c]
        if need == 0:
            continue
        p = owner[c]
        joins = 0
        for to, through in tables.ways[c]:
            if owner[to] == p and all(owner[x] == p for x in through):
                joins += 1
                if through:
                    tally[through[0]] += 1
        if joins != need:
            return False
    for a, b, _ in tables.portals:
        if owner[a] != owner[b] or tally[a] + tally[b] != 2:
            return False
    # No detached rings: each line's cells are reached from its first stone.
    members = [0] * tables.pairs
    for c in tables.open_cells:
        members[owner[c]] += 1
    for p, (a, _) in enumerate(tables.ends):
        seen = {a}
        todo = [a]
        while todo:
            at = todo.pop()
            for to, through in tables.ways[at]:
                if owner[to] == p and to not in seen and all(owner[x] == p for x in through):
                    seen.add(to)
                    seen.update(through)
                    todo.append(to)
        if len(seen) != members[p]:
            return False
    return True


# ------------------------------------------------------------------- public doors


def start_position(layout: Layout) -> Position:
    """The position before any line is drawn: stones and waypoints settled, every other open
    cell open to every pair."""
    from itsutsu.tsunagi.layout import require_layout

    require_layout(layout, "start_position")
    return Position(layout, _tables(layout).start)


def _position_of_owners(layout: Layout, owners: Sequence[int]) -> Position:
    tables = _tables(layout)
    masks = list(tables.start)
    for c in tables.open_cells:
        p = owners[c]
        if 0 <= p < tables.pairs and masks[c] & (1 << p):
            masks[c] = 1 << p
    return Position(layout, tuple(masks))


def deduce(
    position: Position,
    answer: Sequence[int] | None = None,
    depth: int = GUESS_DEPTH,
) -> Deduced:
    """Run the rules from ``position`` until the board is solved or nothing more follows.

    Guesses go up to ``depth`` deep. With ``answer`` (each cell's pair in the known answer, -1
    where none), guesses try only lines the answer does not have there, and where no guess
    finds a contradiction the cell with the fewest pairs left is settled from the answer (a
    ``blind`` step), so the run always ends solved. Without it the run stops, ``stuck``.
    A position with no answer at all stops with ``stuck`` and no more findings.
    """
    if not isinstance(position, Position):
        raise ValueError(f"deduce needs a Position, not {type(position).__name__}")
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"deduce: depth must be a whole number 0 or more, not {depth!r:.40}")
    return _deduce(position, answer, depth)


def _deduce(position: Position, answer: Sequence[int] | None, depth: int) -> Deduced:
    tables = _tables(position.layout)
    run = _Run(tables, list(position.masks), True)
    stuck = False
    try:
        while True:
            run.settle(depth, answer, None)
            left = [c for c in tables.open_cells if not _single(run.m[c])]
            if not left:
                break
            if answer is None:
                stuck = True
                break
            c = min(left, key=lambda x: (bin(run.m[x]).count("1"), x))
            run.cut(c, 1 << answer[c])
            run.note("blind", answer[c], c, (c,), depth + 1)
            run.rounds += 1
    except _Contradiction:
        run._settled, run._out = [], []
        stuck = True
    done = Position(position.layout, tuple(run.m))
    solved = not stuck and _valid(tables, run.m)
    return Deduced(tuple(run.findings), done, solved, stuck or not solved, run.rounds, run.work)


def next_finding(position: Position, depth: int = GUESS_DEPTH) -> Finding | None:
    """The first finding from ``position`` that settles a cell (after any that only rule
    pairs out, which it skips), or None when the rules and guesses up to ``depth`` settle
    nothing more (or the position has no answer)."""
    if not isinstance(position, Position):
        raise ValueError(f"next_finding needs a Position, not {type(position).__name__}")
    return _next_finding(position, depth)


def _next_finding(position: Position, depth: int) -> Finding | None:
    tables = _tables(position.layout)
    run = _Run(tables, list(position.masks), True)
    try:
        run.settle(depth, None, 1)
    except _Contradiction:
        return None
    for f in run.findings:
        if f.settled:
            return f
    return None
