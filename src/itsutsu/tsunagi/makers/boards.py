"""From lines to a board: the layout code and answer code of a set of lines, and its proof."""

from __future__ import annotations

from dataclasses import dataclass

from itsutsu.tsunagi.alphabet import CELL_BLOCKED, CELL_BRIDGE, CELL_EMPTY, LETTER_INDEX, MOST_PAIRS
from itsutsu.tsunagi.answer import _encode_answer
from itsutsu.tsunagi.layout import Layout, decode_layout, encode_layout
from itsutsu.tsunagi.makers.fillings import Filling, Line, Shape
from itsutsu.tsunagi.portals import Edge
from itsutsu.tsunagi.solver.cnf import RULE_CHECK
from itsutsu.tsunagi.solver.count import SolveResult, count_solutions_of_level

PROOF_RULE = RULE_CHECK
"""Which answers the makers' proofs count: those the check accepts."""


@dataclass(frozen=True)
class Extras:
    """What a board carries beside its lines: walls (edge keys), waypoint cells (each taken
    by the line through it), portal pairs, and the words ``sparse``."""

    walls: frozenset[Edge] = frozenset()
    waypoints: frozenset[int] = frozenset()
    portals: tuple[tuple[int, int], ...] = ()
    sparse: bool = False


NO_EXTRAS = Extras()


@dataclass(frozen=True)
class Board:
    """A board made from lines: the decoded layout, its code, the answer code, and the
    answer as a pair per cell. A board of more lines than there are letters (a big board
    on its way) has no codes (``""``) and a layout built without decoding."""

    layout: Layout
    code: str
    answer: str
    owners: tuple[int, ...]


def _oriented(line: Line) -> Line:
    return line if line[0] < line[-1] else line[::-1]


def board_of(shape: Shape, lines: Filling, extras: Extras = NO_EXTRAS) -> Board | None:
    """The board whose stones are the ends of ``lines`` (numbered in reading order of their
    first stones), with ``extras``; ``None`` when the code does not decode (a waypoint of a
    pair past ``Z``, an ambiguous portal)."""
    ordered = sorted((_oriented(line) for line in lines), key=lambda line: line[0])
    cells = list(shape.cells)
    owners = [v if v in (CELL_BLOCKED, CELL_BRIDGE) else CELL_EMPTY for v in shape.cells]
    ends = []
    for pair, line in enumerate(ordered):
        cells[line[0]] = pair
        cells[line[-1]] = pair
        ends.append((line[0], line[-1]))
        for at in line:
            owners[at] = pair
    waypoints = tuple(sorted((at, owners[at]) for at in extras.waypoints))
    portals = tuple(sorted(extras.portals))
    layout = Layout(
        size=shape.size,
        cells=tuple(cells),
        ends=tuple(ends),
        walls=extras.walls,
        waypoints=waypoints,
        wrap=shape.wrap,
        hex=shape.hex,
        sparse=extras.sparse,
        portal_pairs=portals,
    )
    if len(ends) > MOST_PAIRS:
        return Board(layout, "", "", tuple(owners))
    code = encode_layout(layout)
    decoded = decode_layout(code, shape.size)
    if decoded is None:
        return None
    return Board(decoded, code, _encode_answer(owners), tuple(owners))


def prove(board: Board, budget: int | None) -> SolveResult:
    """Count the board's answers the check accepts, up to two, from its own answer."""
    return count_solutions_of_level(board.layout, board.answer, 2, budget, rule=PROOF_RULE)


def is_proved(board: Board, result: SolveResult) -> bool:
    """Whether ``result`` proves ``board`` has exactly one answer, its own."""
    return result.complete and result.count == 1 and result.answers[0] == board.answer


def second_owners(result: SolveResult) -> list[int] | None:
    """The second answer a count found, as a pair per cell, or ``None``."""
    if not result.complete or result.count < 2:
        return None
    if result.answers[1]:
        return [LETTER_INDEX.get(ch, -1) for ch in result.answers[1]]
    return None if result.owners is None else list(result.owners)
