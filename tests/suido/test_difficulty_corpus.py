"""Suido's deduction engine and hints on the originals' corpus levels.

Every step agrees with the level's unique answer; a run without the answer solves the level or
stops where it would have to guess; the hint from the start is a correct step; hints alone
solve at least 90% of the levels up to 10x10. The default run takes every 8th level of each
file (the same ones every time); ``ITSUTSU_FULL_SWEEP=1`` takes them all.
"""

from __future__ import annotations

import os

import pytest

from conftest import corpus_files, corpus_rows
from itsutsu.suido import decode_layout, level_solution, new_game, turned_to_face_at
from itsutsu.suido.code import Layout, with_masks
from itsutsu.suido.difficulty import DRY, hint
from itsutsu.suido.difficulty.engine import _run
from itsutsu.suido.water import flow_of

FULL = os.environ.get("ITSUTSU_FULL_SWEEP") == "1"
STRIDE = 1 if FULL else 8
SIZE_FILES = [name for name in corpus_files("suido") if name != "big.tsv"]


def _levels(name: str) -> list[tuple[str, Layout, tuple[int, ...]]]:
    rows = corpus_rows("suido", name)
    levels = []
    for row in rows[::STRIDE]:
        layout = decode_layout(row[1])
        answer = level_solution(row[1:])
        assert layout is not None and answer is not None
        levels.append((row[0], layout, answer))
    return levels


def _wanted(layout: Layout, answer: tuple[int, ...], cells: tuple[int, ...]) -> tuple[int, ...]:
    if layout.kind == "network":
        return tuple(answer[c] for c in cells)
    wet = flow_of(layout, answer).wet
    return tuple(answer[c] if wet[c] else DRY for c in cells)


def _side(name: str) -> int:
    width, height = name.removesuffix(".tsv").split("x")
    return max(int(width), int(height))


@pytest.mark.parametrize("name", [*SIZE_FILES, "big.tsv"])
def test_every_step_agrees_with_the_answer_and_runs_end_solved_or_at_a_guess(name: str) -> None:
    for number, layout, answer in _levels(name):
        run = _run(layout, None)
        assert not run.contradiction, (name, number)
        assert run.solved or run.stuck, (name, number)
        for step in run.steps:
            wanted = _wanted(layout, answer, step.cells)
            assert wanted not in step.removed, (name, number, step)
            if step.settled is not None:
                assert step.settled == wanted, (name, number, step)
        guided = _run(layout, answer, depths=False)
        assert guided.solved, (name, number)


@pytest.mark.parametrize("name", SIZE_FILES)
def test_the_start_hint_is_a_correct_step(name: str) -> None:
    # Always the answer's facing; a deduction on all but a few wrapping drains boards (12x12
    # #239 and #240, 6x10 #191 of the 3,584), where no rule settles a piece of the start and
    # the hint is the original's, which is right too.
    levels = _levels(name)
    cheats = []
    for number, layout, answer in levels:
        found = hint(layout)
        assert found is not None, (name, number)
        wanted = _wanted(layout, answer, found.cells)
        assert found.facing == wanted, (name, number, found)
        assert found.en and found.ja
        if found.rule == "cheat":
            cheats.append(number)
            assert layout.kind == "drains" and layout.wrap, (name, number)
    assert len(cheats) <= max(1, len(levels) // 100), (name, cheats)


@pytest.mark.parametrize("name", [n for n in SIZE_FILES if _side(n) <= 10])
def test_hints_alone_solve_nine_in_ten_levels_up_to_10x10(name: str) -> None:
    levels = _levels(name)
    alone = sum(1 for _n, layout, _a in levels if _run(layout, None).solved)
    assert alone >= 0.9 * len(levels), (name, alone, len(levels))


def test_following_hints_turn_a_level_into_its_answer() -> None:
    # Follow hints literally on a few small levels: each hint's facing is turned in.
    for name in ("5x5.tsv", "7x7.tsv"):
        for number, layout, answer in _levels(name)[:4]:
            game = new_game(layout)
            assert game is not None
            cheats = 0
            for _ in range(4 * len(layout.cells)):
                found = hint(layout, game, answer)
                if found is None:
                    break
                cheats += found.rule == "cheat"
                target = list(game.masks)
                for cell, mask in zip(found.cells, found.facing, strict=True):
                    target[cell] = mask
                game = turned_to_face_at(game, found.cells[0], target)
            assert flow_of(layout, game.masks).solved, (name, number)
            assert cheats == 0, (name, number)
            assert with_masks(layout, game.masks).cells == game.masks
