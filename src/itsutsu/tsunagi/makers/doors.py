"""The checked doors to the single-draw makers (spec 10.3): ``candidate``,
``repaired_candidate``, ``sparse_candidate`` and ``reduced_candidate``.

Each takes plain values (a side or a :class:`~itsutsu.tsunagi.makers.fillings.Shape`, a
:func:`~itsutsu.common.random.seeded_random` stream, keyword options), checks every one of
them once, draws one filling and returns a :class:`Candidate` when the board it gives has
exactly one answer (proved with ``rule="check"``), or ``None`` when this draw gave none.
Calling again with the same stream draws on from where the last call stopped, so a loop
of calls on one seeded stream gives the same boards on every machine. Work is counted in
SAT conflicts, never in seconds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from itsutsu.common.guards import is_whole, type_name
from itsutsu.common.random import Random
from itsutsu.tsunagi.alphabet import CELL_BLOCKED, CELL_BRIDGE, CELL_EMPTY, MOST_PAIRS
from itsutsu.tsunagi.layout import Layout
from itsutsu.tsunagi.makers.boards import Board
from itsutsu.tsunagi.makers.candidates import (
    PROOF_BUDGET,
    REPAIR_ROUNDS,
    OutOfWork,
    Work,
    _candidate,
    _reduced_candidate,
    _repaired_candidate,
    _sparse_candidate,
)
from itsutsu.tsunagi.makers.fillings import Shape, plain_shape
from itsutsu.tsunagi.neighbours import _in_hex
from itsutsu.tsunagi.symmetry import symmetry_key

SMALLEST_SIDE = 4
"""The smallest side a door makes a board of."""
LARGEST_SIDE = 60
"""The largest side a door makes a board of (as :func:`itsutsu.tsunagi.make`)."""
MOST_BUDGET = 2**31 - 1
"""The most conflicts a budget may name (the SAT solver's limit)."""
REDUCED_PROOF_BUDGET = 4_000
"""The default most conflicts of one join's proof in :func:`reduced_candidate`."""
REDUCED_MOST = 82
"""The default most lines a :func:`reduced_candidate` board keeps (the spec's 82)."""


@dataclass(frozen=True)
class Candidate:
    """A board a door made, with exactly one answer (the answers the check accepts).

    ``layout`` and ``answer`` are its codes (decode ``layout`` with ``size``), ``pairs`` its
    lines, ``spent`` the SAT conflicts of every proof this call ran, ``proofs`` how many
    counts it ran, and ``key`` its :func:`~itsutsu.tsunagi.symmetry_key` (equal keys: the
    same board turned or mirrored).
    """

    layout: str
    answer: str
    size: int
    pairs: int
    spent: int
    proofs: int
    key: str


def _side(value: object, what: str, name: str = "size") -> int:
    if not is_whole(value):
        raise ValueError(
            f"{what}: {name} must be a whole number (the board's side) or a Shape, "
            f"not {type_name(value)}"
        )
    assert isinstance(value, int)
    if not SMALLEST_SIDE <= value <= LARGEST_SIDE:
        raise ValueError(
            f"{what}: {name} must be a side from {SMALLEST_SIDE} to {LARGEST_SIDE}, "
            f"not {value!r:.40}"
        )
    return value


def _flag(value: object, what: str, name: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what}: {name} must be True or False, not {type_name(value)}")
    return value


def _whole(value: object, what: str, name: str, low: int, high: int, meaning: str) -> int:
    if not is_whole(value):
        raise ValueError(
            f"{what}: {name} must be a whole number ({meaning}), not {type_name(value)}"
        )
    assert isinstance(value, int)
    if not low <= value <= high:
        raise ValueError(
            f"{what}: {name} must be from {low} to {high} ({meaning}), not {value!r:.40}"
        )
    return value


def _shape(size: object, wrap: object, hexagon: object, what: str) -> Shape:
    """The shape a door fills: a plain one of side ``size``, or ``size`` itself (a
    :class:`Shape` or a :class:`Layout` without stones), checked."""
    wrap_ = _flag(wrap, what, "wrap")
    hex_ = _flag(hexagon, what, "hexagon")
    if isinstance(size, Layout):
        if size.ends or size.portal_pairs or size.walls or size.waypoints:
            raise ValueError(
                f"{what}: a layout given as the shape must have no stones, portals, walls "
                f"or waypoints (only blocked cells and bridges), not {size.pairs} pairs"
            )
        size = Shape(size.size, size.cells, size.wrap, size.hex)
    if isinstance(size, Shape):
        if wrap_ or hex_:
            raise ValueError(f"{what}: give wrap and hexagon in the Shape, not beside it")
        return _checked_shape(size, what)
    side = _side(size, what)
    if hex_ and (side % 2 == 0 or wrap_):
        raise ValueError(
            f"{what}: a hexagon needs an odd side and no wrap, not side {side}"
            f"{' with wrap' if wrap_ else ''}"
        )
    return plain_shape(side, wrap_, hex_)


def _checked_shape(shape: Shape, what: str) -> Shape:
    side = _side(shape.size, what, "the shape's size")
    cells = shape.cells
    if not isinstance(cells, tuple) or len(cells) != side * side:
        raise ValueError(
            f"{what}: the shape's cells must be a tuple of {side * side} values "
            f"(one per cell of a {side}x{side} board)"
        )
    allowed = (CELL_EMPTY, CELL_BLOCKED, CELL_BRIDGE)
    for at, value in enumerate(cells):
        if not is_whole(value) or value not in allowed:
            raise ValueError(
                f"{what}: the shape's cell {at} must be CELL_EMPTY, CELL_BLOCKED or "
                f"CELL_BRIDGE ({', '.join(map(str, allowed))}), not {value!r:.20}"
            )
    wrap = _flag(shape.wrap, what, "the shape's wrap")
    hexagon = _flag(shape.hex, what, "the shape's hex")
    if hexagon and (side % 2 == 0 or wrap):
        raise ValueError(f"{what}: a hexagon shape needs an odd side and no wrap")
    if hexagon and any(
        cells[at] != CELL_BLOCKED for at in range(side * side) if not _in_hex(side, at)
    ):
        raise ValueError(f"{what}: a hexagon shape must block every cell off the hexagon")
    size = side
    for at, value in enumerate(cells):
        if value != CELL_BRIDGE:
            continue
        row, col = divmod(at, size)
        inside = 0 < row < size - 1 and 0 < col < size - 1
        if (
            hexagon
            or not inside
            or any(cells[n] != CELL_EMPTY for n in (at - 1, at + 1, at - size, at + size))
        ):
            raise ValueError(
                f"{what}: the bridge at cell {at} must be off the rim of a square board, "
                "with four open neighbours"
            )
    if not shape.open_cells:
        raise ValueError(f"{what}: the shape has no open cell to fill")
    return shape


def _stream(random: object, what: str) -> Random:
    """``random`` wrapped so that each number it gives is checked to lie in [0, 1)."""
    if not callable(random):
        raise ValueError(
            f"{what}: random must be a stream of numbers in [0, 1) such as "
            f"itsutsu.common.seeded_random(seed), not {type_name(random)}"
        )
    draw: Callable[[], object] = random

    def checked() -> float:
        value = draw()
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < 1:
            raise ValueError(
                f"{what}: random gave {value!r:.40}, but it must give numbers in [0, 1) "
                "(use itsutsu.common.seeded_random(seed))"
            )
        return float(value)

    return checked


def _longest(value: object, shape: Shape, what: str) -> int:
    cells = len(shape.open_cells)
    if value is None:
        return max(3, min(cells, 3 * shape.size))
    return _whole(value, what, "longest", 3, max(3, cells), "the most cells of a line")


def _budget(value: object, what: str, name: str = "budget") -> int:
    return _whole(value, what, name, 1, MOST_BUDGET, "SAT conflicts")


def _candidate_of(maker: Callable[[], Board | None], shape: Shape, work: Work) -> Candidate | None:
    """Run ``maker`` (an internal maker spending ``work``) and give its board as a
    :class:`Candidate`; ``None`` when it made none or its work ran out."""
    try:
        board = maker()
    except OutOfWork:
        return None
    if board is None or not board.code:
        return None
    return Candidate(
        board.code,
        board.answer,
        shape.size,
        board.layout.pairs,
        work.spent,
        work.proofs,
        symmetry_key(board.code, shape.size),
    )


def candidate(
    size: int | Shape | Layout,
    random: Random,
    longest: int | None = None,
    budget: int = PROOF_BUDGET,
    *,
    wrap: bool = False,
    hexagon: bool = False,
) -> Candidate | None:
    """Draw one random filling of a board and keep it if it has exactly one answer.

    ``size`` is a side from 4 to 60 (with ``wrap`` or ``hexagon`` for those boards; a
    hexagon needs an odd side) or a :class:`Shape` (blocked cells, bridges) or a stone-less
    :class:`Layout` giving one. ``random`` is a :func:`~itsutsu.common.seeded_random`
    stream, ``longest`` the most cells of a line (default three times the side) and
    ``budget`` the most SAT conflicts of the proof. Returns a :class:`Candidate`, or
    ``None`` when the filling has a second answer, does not fit, or its proof ran out of
    budget. Raises ``ValueError`` for a wrong argument.
    """
    what = "candidate"
    shape = _shape(size, wrap, hexagon, what)
    stream = _stream(random, what)
    most = _longest(longest, shape, what)
    work = Work(_budget(budget, what), limit=budget)
    return _candidate_of(lambda: _candidate(shape, stream, most, work), shape, work)


def repaired_candidate(
    size: int | Shape | Layout,
    random: Random,
    longest: int | None = None,
    budget: int = PROOF_BUDGET,
    *,
    wrap: bool = False,
    hexagon: bool = False,
) -> Candidate | None:
    """Like :func:`candidate`, but a filling with a second answer is mended where the two
    answers differ (a line is cut there in two, both halves of at least 3 cells), up to 30
    times, rather than thrown away. ``budget`` bounds each proof; the call spends at most
    31 times it. Raises ``ValueError`` for a wrong argument."""
    what = "repaired_candidate"
    shape = _shape(size, wrap, hexagon, what)
    stream = _stream(random, what)
    most = _longest(longest, shape, what)
    each = _budget(budget, what)
    work = Work(each * (REPAIR_ROUNDS + 1), limit=each)
    return _candidate_of(lambda: _repaired_candidate(shape, stream, most, work), shape, work)


def sparse_candidate(
    size: int | Shape | Layout,
    random: Random,
    budget: int = PROOF_BUDGET,
    *,
    wrap: bool = False,
    hexagon: bool = False,
) -> Candidate | None:
    """A sparse board: one filling of long lines, joined while the answer stays the only
    one, kept if it ends with at most ``sparse_most(side)`` lines (the code carries
    ``|sparse``). ``budget`` bounds each proof, and the call spends at most 100 times it.
    Returns ``None`` when this draw stops with more lines. Raises ``ValueError`` for a
    wrong argument."""
    what = "sparse_candidate"
    shape = _shape(size, wrap, hexagon, what)
    stream = _stream(random, what)
    each = _budget(budget, what)
    work = Work(min(MOST_BUDGET, each * 100), limit=each)
    return _candidate_of(lambda: _sparse_candidate(shape, stream, work), shape, work)


def reduced_candidate(
    size: int | Shape | Layout,
    random: Random,
    *,
    budget: int = REDUCED_PROOF_BUDGET,
    work: int | None = None,
    piece: int = 4,
    longest: int | None = None,
    most: int = REDUCED_MOST,
    wrap: bool = False,
) -> Candidate | None:
    """A board (meant for big sides) made by taking clues away: one filling is cut into
    short pieces (many short lines leave one answer for lack of room), and pieces whose
    ends touch are joined while one answer can still be proved, until ``most`` lines are
    left (1 to 82).

    ``budget`` bounds each join's proof in SAT conflicts (a join that needs more is tried
    again later with more; one that gives a second answer is refused); ``work`` bounds the
    whole call (default ``2_000_000 + 20_000 * side**2``); ``piece`` (3 to 12) the longest
    piece of the first cut; ``longest`` the most cells of a line of the filling. Returns
    ``None`` when the joins stop above ``most`` lines or ``work`` runs out. Raises
    ``ValueError`` for a wrong argument.
    """
    what = "reduced_candidate"
    shape = _shape(size, wrap, False, what)
    stream = _stream(random, what)
    each = _budget(budget, what)
    total = (
        min(MOST_BUDGET, 2_000_000 + 20_000 * shape.size**2)
        if work is None
        else _budget(work, what, "work")
    )
    cut = _whole(piece, what, "piece", 3, 12, "the longest piece of the first cut")
    line_most = _longest(longest, shape, what)
    fewest = _whole(most, what, "most", 1, MOST_PAIRS, "the most lines the board keeps")
    spent = Work(total, limit=each)
    return _candidate_of(
        lambda: _reduced_candidate(shape, stream, spent, longest=line_most, piece=cut, most=fewest),
        shape,
        spent,
    )
