"""What a person settles by looking, round after round, without guessing.

Rounds are synchronous: every piece in a round is judged against the board as it stood at the
start of that round, then all the round's findings are applied together.
"""

from __future__ import annotations

from dataclasses import dataclass

from itsutsu.suido.board import _neighbours_of
from itsutsu.suido.code import KINDS, Layout, check_masks
from itsutsu.suido.pieces import _rotations_of
from itsutsu.suido.solver.problem import SQUARES_NEED_NETWORK
from itsutsu.suido.squares import _block_facings, _block_info
from itsutsu.suido.water import _flow_of


@dataclass(frozen=True)
class Deduction:
    """What looking settles.

    ``pieces``: the pieces that count (network: non-blank cells; drains and inlet-outlet: the
    answer's wet pieces). ``glance``: pieces settled after the first round. ``settled``: pieces
    settled when looking stops. ``rounds``: rounds that settled something.
    """

    pieces: int
    glance: int
    settled: int
    rounds: int


_Unit = tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]


def _units_of(layout: Layout) -> list[_Unit]:
    """Return the units in order of their first cell: ``(cells, facings)``."""
    info = _block_info(layout)
    locked = set(layout.locked or ())
    units: list[_Unit] = []
    for cell, mask in enumerate(layout.cells):
        at = info.of[cell]
        if at < 0:
            masks = (mask,) if cell in locked else _rotations_of(mask)
            units.append(((cell,), tuple((m,) for m in masks)))
        elif info.blocks[at].anchor == cell:
            block = info.blocks[at]
            units.append((block.cells, _block_facings(layout.cells, block)))
    return units


def _holds(
    cells: tuple[int, ...],
    facing: tuple[int, ...],
    near: tuple[int, ...],
    opens: list[int],
    shuts: list[int],
) -> bool:
    """True if ``facing`` of the unit on ``cells`` fits the neighbours' open and shut sides."""
    for i, cell in enumerate(cells):
        mask = facing[i]
        for side in range(4):
            other = near[cell * 4 + side]
            back = 1 << ((side + 2) & 3)
            is_open = mask >> side & 1
            if other in cells:
                if is_open != bool(facing[cells.index(other)] & back):
                    return False
            elif is_open:
                if other < 0 or not opens[other] & back:
                    return False
            elif other >= 0 and not shuts[other] & back:
                return False
    return True


def _cell_sides(
    units: list[_Unit], live: list[tuple[int, ...]], at: int, opens: list[int], shuts: list[int]
) -> list[int]:
    """Refresh ``opens``/``shuts`` (OR of live masks / of their complements) for unit ``at``.

    Returns the unit's cells whose sets changed.
    """
    cells, facings = units[at]
    changed = []
    for i, cell in enumerate(cells):
        can = 0
        cannot = 0
        for index in live[at]:
            can |= facings[index][i]
            cannot |= 15 ^ facings[index][i]
        if (can, cannot) != (opens[cell], shuts[cell]):
            opens[cell] = can
            shuts[cell] = cannot
            changed.append(cell)
    return changed


def _forced(opens: list[int], shuts: list[int]) -> int:
    """Cells whose every side is settled, blanks excluded."""
    return sum(1 for o, s in zip(opens, shuts, strict=True) if o and not o & s)


def _deduce_network(layout: Layout) -> Deduction:
    """Synchronous rounds over units.

    A unit is judged again only when a neighbouring cell's sets changed in the last round:
    otherwise it would keep exactly what it kept before, so the rounds are unchanged.
    """
    size = layout.width * layout.height
    near = _neighbours_of(layout)
    units = _units_of(layout)
    unit_of = [0] * size
    for at, (cells, _facings) in enumerate(units):
        for cell in cells:
            unit_of[cell] = at
    live = [tuple(range(len(facings))) for _cells, facings in units]
    opens = [0] * size
    shuts = [0] * size
    for at in range(len(units)):
        _cell_sides(units, live, at, opens, shuts)
    glance = _forced(opens, shuts)
    rounds = 0
    dirty = set(range(len(units)))
    while True:
        after: dict[int, tuple[int, ...]] = {}
        for at in sorted(dirty):
            cells, facings = units[at]
            alive = live[at]
            kept = tuple(i for i in alive if _holds(cells, facings[i], near, opens, shuts))
            if not kept:
                return Deduction(_pieces(layout), glance, _forced(opens, shuts), rounds)
            if kept != alive:
                after[at] = kept
        if not after:
            break
        dirty = set()
        for at, kept in after.items():
            live[at] = kept
            for cell in _cell_sides(units, live, at, opens, shuts):
                dirty.add(unit_of[cell])
                for side in range(4):
                    other = near[cell * 4 + side]
                    if other >= 0:
                        dirty.add(unit_of[other])
        rounds += 1
        if rounds == 1:
            glance = _forced(opens, shuts)
    return Deduction(_pieces(layout), glance, _forced(opens, shuts), rounds)


def _pieces(layout: Layout) -> int:
    """Non-blank cells."""
    return sum(1 for mask in layout.cells if mask)


def _allowed(layout: Layout, near: tuple[int, ...], faced: list[int], cell: int) -> list[int]:
    """The facings of an unfaced piece that fit its faced neighbours."""
    mask = layout.cells[cell]
    masks = (mask,) if cell in (layout.locked or ()) else _rotations_of(mask)
    need = 0
    bar = 0
    for side in range(4):
        other = near[cell * 4 + side]
        back = 1 << ((side + 2) & 3)
        if other < 0 or layout.cells[other] == 0:
            bar |= 1 << side
        elif faced[other] >= 0:
            if faced[other] & back:
                need |= 1 << side
            else:
                bar |= 1 << side
    keep = [m for m in masks if m & need == need and not m & bar]
    if layout.kind == "inlet-outlet":
        keep = [m for m in keep if m.bit_count() <= 2]
    return keep


def _need(layout: Layout, near: tuple[int, ...], faced: list[int], cell: int) -> int:
    """Sides of ``cell`` whose faced neighbour opens back toward it."""
    need = 0
    for side in range(4):
        other = near[cell * 4 + side]
        if other >= 0 and faced[other] >= 0 and faced[other] & (1 << ((side + 2) & 3)):
            need |= 1 << side
    return need


def _deduce_growth(layout: Layout, solution: tuple[int, ...]) -> Deduction:
    """Synchronous rounds growing from the pumps and drains.

    Only the neighbours of cells faced in the last round are looked at again: nothing else
    around any other cell changed, so its verdict could not change either.
    """
    pieces = _flow_of(layout, solution).wet_pieces
    near = _neighbours_of(layout)
    seeds = set(layout.sources) | set(layout.drains)
    faced = [-1] * len(layout.cells)
    settled = 0
    glance = 0
    rounds = 0
    dirty = set(range(len(layout.cells)))
    while True:
        found: list[tuple[int, int]] = []
        for cell in sorted(dirty):
            if faced[cell] >= 0 or layout.cells[cell] == 0:
                continue
            if cell not in seeds and not _need(layout, near, faced, cell):
                continue
            keep = _allowed(layout, near, faced, cell)
            if len(keep) == 1:
                found.append((cell, keep[0]))
        if not found:
            break
        dirty = set()
        for cell, mask in found:
            faced[cell] = mask
            dirty.update(other for other in near[cell * 4 : cell * 4 + 4] if other >= 0)
        settled += len(found)
        rounds += 1
        if rounds == 1:
            glance = settled
    return Deduction(pieces, glance, settled, rounds)


def deduce(layout: Layout, solution: tuple[int, ...] | list[int]) -> Deduction:
    """Return what looking settles on ``layout``.

    ``solution`` (one mask per cell) is used only on drains and inlet-outlet boards, to count the
    wet pieces. Raises ValueError for a board with squares that is not a network ("Only a
    network can have big pieces or blocks that turn."), for a value that is not a Layout, and
    for a solution that is not one mask per cell.
    """
    if not isinstance(layout, Layout):
        raise ValueError(f"deduce needs a Suido Layout, not {type(layout).__name__}")
    if layout.kind not in KINDS:
        raise ValueError(f"unknown Suido kind {layout.kind!r}; expected one of {KINDS}")
    check_masks(layout, layout.cells)
    answer = check_masks(layout, solution)
    if (layout.bigs or layout.blocks) and layout.kind != "network":
        raise ValueError(SQUARES_NEED_NETWORK)
    if layout.kind == "network":
        return _deduce_network(layout)
    return _deduce_growth(layout, answer)
