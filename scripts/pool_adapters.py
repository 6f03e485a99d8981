"""Every call the level scripts make into the package, in one place.

The pools and the chooser reach the generators, the solvers, the difficulty measure, the
symmetry keys and the level files only through these functions, so a name that changes in
the package is a one-line fix here. Each function imports what it needs when it is called:
this module imports on any checkout, and a piece that has not landed yet fails only when a
job or a choice needs it, with Python's own message naming what is missing.

Interfaces assumed (the pieces were being written alongside these scripts):

- ``itsutsu.tsunagi.make(size, seed, twist=None, **options)`` (branch ``tsu-make``) returns
  a ``Made`` with ``layout``, ``answer`` and ``spent`` (the conflicts of the making), or
  raises ``GaveUp``; its twists are challenge names joined by ``+`` and its options
  ``pairs``, ``bridges``, ``walls``, ``blocked``, ``waypoints``, ``portals``; proofs count
  with ``rule="check"``. ``itsutsu.suido.make_unscored(MakeOptions(...))`` returns a
  ``Made`` with ``code`` (the scrambled board), ``answer`` and ``solution``.
- ``itsutsu.<puzzle>.difficulty.measure(layout, answer)`` returns a frozen dataclass and
  ``itsutsu.<puzzle>.difficulty.score(measure)`` its 1-100 score (a float where the package
  gives one, for a finer order).
- ``itsutsu.tsunagi.challenges_of(code)``, ``itsutsu.common.levels.mark_of(score)`` and the
  level files of ``itsutsu.tsunagi.levels.files`` / ``itsutsu.suido.levels.files`` (from the
  levels branch, merged).
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TSUNAGI = "tsunagi"
SUIDO = "suido"


@dataclass(frozen=True)
class Made:
    """A board a generator made: its layout code and its answer code, and the work it took."""

    layout: str
    answer: str
    work: int


@dataclass(frozen=True)
class Proof:
    """Whether a board has exactly one answer, its stored one, and the work it took to say."""

    unique: bool
    work: int


# ---------------------------------------------------------------------------------------
# Making and proving


TSUNAGI_PROOF_RULE = "check"
"""Which Tsunagi answers a proof counts: ``"check"``, those the check accepts (a line never
runs beside itself, since the answer code could not show it), as the generators prove."""


def make(
    puzzle: str, size: str, twist: str | None, seed: int, options: Mapping[str, Any]
) -> Made | None:
    """Make one board of ``puzzle`` at ``size`` with the generator's ``twist`` and
    ``options``; None when the generator gives up (within its own work bound)."""
    if puzzle == TSUNAGI:
        from itsutsu import tsunagi

        try:
            made = tsunagi.make(int(size), seed, twist=twist, **options)
        except tsunagi.GaveUp:
            return None
        return Made(made.layout, made.answer, int(made.spent))
    from itsutsu import suido

    width, height = _sides(size)
    made = suido.make_unscored(suido.MakeOptions(width=width, height=height, seed=seed, **options))
    return Made(made.code, made.answer, int(getattr(made, "discarded", 0)))


def prove(puzzle: str, size: str, layout: str, answer: str) -> Proof:
    """Count the board's answers (up to two) and say whether ``answer`` is its only one."""
    if puzzle == TSUNAGI:
        from itsutsu import tsunagi

        decoded = tsunagi.decode_layout(layout, int(size))
        if decoded is None or not tsunagi.check_answer(int(size), layout, answer).ok:
            return Proof(False, 0)
        counted = tsunagi.count_solutions_of_level(
            decoded, answer, limit=2, rule=TSUNAGI_PROOF_RULE
        )
        return Proof(counted.unique and counted.answers[0] == answer, counted.conflicts)
    from itsutsu import suido

    board = suido.decode_layout(layout)
    if board is None or not suido.check_answer(layout, answer).ok:
        return Proof(False, 0)
    result = suido.count_solutions_of_level(board, answer, limit=2)
    return Proof(result.unique, result.positions)


def shows(puzzle: str, size: str, layout: str) -> tuple[str, ...]:
    """The twists a layout shows: Tsunagi's challenges or Suido's twists, in their order."""
    if puzzle == TSUNAGI:
        from itsutsu import tsunagi

        return tuple(tsunagi.challenges_of(layout))
    from itsutsu import suido

    board = suido.decode_layout(layout)
    return () if board is None else tuple(suido.twists_of(board))


def symmetry_key(puzzle: str, size: str, layout: str, answer: str) -> str:
    """A key equal for a board and all its turns and mirrors."""
    if puzzle == TSUNAGI:
        from itsutsu import tsunagi

        return str(tsunagi.symmetry_key(layout, int(size)))
    from itsutsu import suido

    board = suido.decode_layout(layout)
    solution = suido.decode_layout(answer)
    assert board is not None and solution is not None
    return str(suido.symmetry_key(board, solution.cells))


def facts(puzzle: str, size: str, layout: str, answer: str) -> dict[str, Any]:
    """What the chooser needs to know of a board beyond its codes.

    Tsunagi: ``pairs``, ``portals`` (portal pairs) and ``fewest_strokes`` (one stroke per
    line, and one more each time a line crosses a wrap join). Suido: ``width``, ``height``,
    ``turns`` (the quarter turns from the board to its answer, one digit per cell), ``wet``
    (the pieces the water reaches in the answer) and ``bigs`` (how many big pieces).
    """
    if puzzle == TSUNAGI:
        from itsutsu import tsunagi

        decoded = tsunagi.decode_layout(layout, int(size))
        assert decoded is not None
        return {
            "pairs": decoded.pairs,
            "portals": len(decoded.portal_pairs),
            "fewest_strokes": _fewest_strokes(decoded, answer),
        }
    from itsutsu import suido

    board = suido.decode_layout(layout)
    solution = suido.decode_layout(answer)
    assert board is not None and solution is not None
    return {
        "width": board.width,
        "height": board.height,
        "turns": suido.turns_of(board, solution.cells),
        "wet": suido.flow_of(solution).wet_pieces,
        "bigs": len(board.bigs or ()),
    }


def _fewest_strokes(decoded: Any, answer: str) -> int:
    from itsutsu import tsunagi

    lines = tsunagi.lines_of_answer(decoded, answer)
    assert lines is not None
    size = decoded.size
    strokes = len(lines)
    if not decoded.wrap:
        return strokes
    for line in lines:
        for a, b in itertools.pairwise(line):
            rows, cols = abs(a // size - b // size), abs(a % size - b % size)
            if (rows == 0 and cols == size - 1) or (cols == 0 and rows == size - 1):
                strokes += 1
    return strokes


def _sides(size: str) -> tuple[int, int]:
    width, _, height = size.partition("x")
    return int(width), int(height)


# ---------------------------------------------------------------------------------------
# Difficulty


def rate(puzzle: str, size: str, layout: str, answer: str) -> tuple[dict[str, Any], float]:
    """Measure a board and score it: the measure as plain data (for the pool file) and the
    score, 1-100."""
    if puzzle == TSUNAGI:
        from itsutsu import tsunagi
        from itsutsu.tsunagi import difficulty as tsunagi_difficulty

        decoded = tsunagi.decode_layout(layout, int(size))
        assert decoded is not None
        measured = tsunagi_difficulty.measure(decoded, answer)
        return _plain(measured), float(tsunagi_difficulty.score(measured))
    from itsutsu import suido
    from itsutsu.suido import difficulty as suido_difficulty

    board = suido.decode_layout(layout)
    solution = suido.decode_layout(answer)
    assert board is not None and solution is not None
    measured = suido_difficulty.measure(board, solution.cells)
    return _plain(measured), float(suido_difficulty.score(measured))


def _plain(value: Any) -> dict[str, Any]:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    if isinstance(value, Mapping):
        return dict(value)
    return {"value": value}


def mark_of(score: float) -> int:
    """A level's mark 1-5 from its score (1-100), by the package's bands."""
    from itsutsu.common.levels import mark_of as package_mark_of

    return int(package_mark_of(min(100, max(0, math.floor(score + 0.5)))))


BIG_SMALLEST = 25
BIG_LARGEST = 400


def big_score(wet: int, score: float) -> float:
    """The cross-size score of a big-pieces level (Suido's spec 8.5): half how many pieces
    the water reaches (25 to 400 on a log scale), half its own difficulty score."""
    used = max(1, wet)
    size_term = min(1.0, max(0.0, math.log(used / BIG_SMALLEST) / math.log(16)))
    return 1 + 99 * (0.5 * size_term + 0.5 * (score - 1) / 99)


# ---------------------------------------------------------------------------------------
# Level files


def tsunagi_write(path: Path, size: int, rows: Sequence[tuple[str, str, int]]) -> None:
    """Write a Tsunagi level file of ``(layout, answer, mark)`` rows."""
    from itsutsu.tsunagi.levels import files

    files.write_level_file(path, size, [files.LevelRow(*row) for row in rows])


def tsunagi_read(path: Path, size: int) -> list[tuple[str, str, int]]:
    """Read a Tsunagi level file back as ``(layout, answer, mark)`` rows."""
    from itsutsu.tsunagi.levels import files

    return [(row.layout, row.answer, row.mark) for row in files.read_level_file(path, size)]


def tsunagi_file_name(set: str, size: int) -> str:
    """The file name of a Tsunagi set's size (``classic-7.tsv``)."""
    from itsutsu.tsunagi.levels import files

    return str(files.level_file_name(size, set))


def suido_write(path: Path, size: str, rows: Sequence[tuple[Any, ...]], big: bool = False) -> None:
    """Write a Suido level file: ``(board, turns, twists, mark)`` rows, or for the big set
    ``(board, turns, twists, mark, size, score, pieces)``."""
    from itsutsu.suido.levels import files

    if big:
        files.write_big_file(path, [files.BigLevelRow(*row) for row in rows])
    else:
        files.write_level_file(path, size, [files.LevelRow(*row) for row in rows])


def suido_read(path: Path, size: str, big: bool = False) -> list[tuple[Any, ...]]:
    """Read a Suido level file back as tuples of its fields."""
    from itsutsu.suido.levels import files

    if big:
        return [tuple(row) for row in files.read_big_file(path)]
    return [tuple(row) for row in files.read_level_file(path, size)]


def suido_answer(board: str, turns: str) -> str:
    """The answer code of a Suido level row's board and turns."""
    from itsutsu import suido

    answer = suido.level_answer([board, turns, ""])
    if answer is None:
        raise ValueError(f"the turns {turns[:20]!r}... do not turn the board {board[:20]!r}...")
    return str(answer)


def suido_file_name(size: str, big: bool = False) -> str:
    """The file name of a Suido size's levels (``7x7.tsv``), or of the big-pieces set."""
    from itsutsu.suido.levels import files

    return str(files.BIG_FILE if big else files.level_file_name(size))


def write_table(path: Path, columns: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """Write a small table (the renumbering tables) in the level-file format."""
    from itsutsu.common import levels

    levels.write_level_file(path, levels.level_file_text(columns, rows))


def read_table(path: Path, columns: Sequence[str]) -> list[tuple[str, ...]]:
    """Read a table written by :func:`write_table`."""
    from itsutsu.common import levels

    return list(levels.read_level_file(path, columns, lambda fields: fields))
