"""Tsunagi difficulty on the originals' corpus: every step agrees with the stored answer, a
run ends solved or at a guess, the start hint is a correct step, and hints alone solve.

The full sweeps take minutes, so the default run takes every 8th level of each classic size
up to 12x12 and every 4th portal level (deterministic); set ``ITSUTSU_FULL_CORPUS=1`` for
every level. The start hints (a few seconds in all) are checked on every classic level up
to 15x15.
"""

from __future__ import annotations

import os

import pytest

from conftest import corpus_files, corpus_rows
from itsutsu.tsunagi.answer import encode_answer
from itsutsu.tsunagi.check import owners_of_answer
from itsutsu.tsunagi.difficulty.deduce import deduce, next_finding, start_position
from itsutsu.tsunagi.difficulty.hints import _hints_solve, hint
from itsutsu.tsunagi.difficulty.measuring import _pushed
from itsutsu.tsunagi.layout import Layout, decode_layout
from itsutsu.tsunagi.words import tsunagi_say

FULL = os.environ.get("ITSUTSU_FULL_CORPUS") == "1"
SMALL = (4, 5, 6, 7, 8, 9, 10, 11, 12)


def _levels(
    every: int, sizes: tuple[int, ...] = SMALL
) -> list[tuple[str, Layout, tuple[int, ...]]]:
    out = []
    if not corpus_files("tsunagi"):
        pytest.skip("the Tsunagi corpus (../shared/corpus/tsunagi) is absent")
    step = 1 if FULL else every
    for size in sizes:
        for row in corpus_rows("tsunagi", f"classic-{size}.tsv")[::step]:
            layout = decode_layout(row[1], size)
            assert layout is not None
            out.append((f"{size}x{size} #{row[0]}", layout, owners_of_answer(layout, row[2])))
    for row in corpus_rows("tsunagi", "portals.tsv")[:: 1 if FULL else 4]:
        size = int(row[0])
        if size in sizes:
            layout = decode_layout(row[2], size)
            assert layout is not None
            out.append(
                (f"portals {size}x{size} #{row[1]}", layout, owners_of_answer(layout, row[3]))
            )
    return out


def test_every_step_agrees_with_the_answer_and_runs_end_solved_or_at_a_guess() -> None:
    levels = _levels(8)
    solved = 0
    for name, layout, answer in levels:
        run = deduce(start_position(layout), depth=1)
        for finding in run.findings:
            for cell, pair in finding.settled:
                assert answer[cell] == pair, (name, finding)
            for cell, pair in finding.ruled_out:
                assert answer[cell] != pair, (name, finding)
        # Solved, or stopped where only a deeper guess would go on (nothing contradicted).
        assert run.solved or (run.stuck and next_finding(run.position, depth=1) is None), name
        solved += run.solved
    assert solved >= 0.9 * len(levels), (solved, len(levels))


def test_pushing_line_ends_fills_only_cells_of_the_answer() -> None:
    # The forced share of the measure: every cell a pushed line end fills is its line's.
    levels = _levels(2, (*SMALL, 13, 14, 15))
    shares = []
    for name, layout, answer in levels:
        owner, total, filled = _pushed(layout)
        assert all(p < 0 or p == answer[cell] for cell, p in enumerate(owner)), name
        assert filled == sum(
            1 for cell, p in enumerate(owner) if p >= 0 and layout.cells[cell] < 0
        ), name
        shares.append(filled / total if total else 1.0)
    # Some boards are filled by pushing alone, others hardly at all.
    assert max(shares) == 1.0 and min(shares) < 0.2, (min(shares), max(shares))


def test_the_start_hint_is_a_correct_step() -> None:
    # From the bare board the hint is a deduction that agrees with the answer, or, on the few
    # levels where no rule settles any cell of the bare board (18 of the corpus's 2,432, such
    # as 8x8 #64, a wrap board with nine pairs), the cheat line, which agrees with it too.
    # With no answer known such a level's hint says so instead of showing a line.
    cheats = []
    levels = _levels(1, (*SMALL, 13, 14, 15))
    for name, layout, answer in levels:
        found = hint(layout, None, answer=encode_answer(answer))
        assert found.settled and all(answer[c] == p for c, p in found.settled), (name, found)
        if found.rule == "cheat":
            cheats.append(name)
            assert next_finding(start_position(layout)) is None, name
            assert hint(layout).words == tsunagi_say("en", "hintStuck"), name
        else:
            assert found.finding == next_finding(start_position(layout)), name
    assert len(cheats) <= len(levels) // 100, cheats


def test_hints_alone_solve_nine_in_ten_levels_up_to_ten_by_ten() -> None:
    levels = _levels(16, (4, 5, 6, 7, 8, 9, 10))
    shares: dict[str, list[int]] = {}
    for name, layout, answer in levels:
        ok, _ = _hints_solve(layout, answer)
        key = name.split(" #")[0]
        shares.setdefault(key, []).append(ok)
    done = sum(sum(v) for v in shares.values())
    total = sum(len(v) for v in shares.values())
    assert done >= 0.9 * total, {k: f"{sum(v)}/{len(v)}" for k, v in shares.items()}
