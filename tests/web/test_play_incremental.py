"""Replies found from the move before equal what a fresh look at the game gives: a page that
patches every reply into what it holds ends with exactly the paint, labels, code and progress
(Suido), or the lines code (Tsunagi), of the game, after every message of random play."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from itsutsu import suido, tsunagi
from itsutsu.web import play
from itsutsu.web.levels import LevelStore


def _suido_page(state: play.SuidoPlay) -> dict[int, list[Any]]:
    """Every cell's paint row and label as a fresh look at the game gives them."""
    water = play._water(state.game)
    labels = play.suido_labels(state)
    return {
        cell: [*play._row(state.game, water, cell, water.now[cell]), labels[cell]]
        for cell in range(len(state.game.masks))
    }


def _suido_levels(store: LevelStore) -> list[tuple[str, int]]:
    picked = []
    for set_name in ("5x5", "7x7", "8x8", "10x10", "big"):
        picked += [(set_name, number) for number in (1, 15, 16, 31, 48)]
    return [(s, n) for s, n in picked if store.suido_level(s, n) is not None]


def test_suido_patches_equal_a_fresh_look_on_random_play(levels_dir: Path) -> None:
    store = LevelStore(levels_dir)
    rng = random.Random(16)
    levels = _suido_levels(store)
    assert len(levels) >= 20
    squares = 0
    for set_name, number in levels:
        state, reply = play.handle(store, None, {"t": "open", "seq": 0, "puzzle": "suido",
                                                 "size": set_name, "level": number})  # fmt: skip
        assert isinstance(state, play.SuidoPlay), reply
        squares += bool(suido.block_info(state.game.start).blocks)
        page = _suido_page(state)
        cells = len(state.game.masks)
        for seq in range(1, 80):
            roll = rng.random()
            if roll < 0.03:
                message: dict[str, Any] = {"t": "restart"}
            elif roll < 0.06:
                message = {"t": "hint"}
            elif roll < 0.08:
                message = {"t": "lang", "lang": rng.choice(("en", "ja"))}
            else:
                message = {"t": "turn", "cell": rng.randrange(cells), "by": rng.choice((1, -1))}
            state, reply = play.handle(store, state, {**message, "seq": seq})
            assert isinstance(state, play.SuidoPlay)
            if reply["t"] == "same":
                assert reply["progress"] == suido.game_progress(state.game)
                continue
            assert reply["t"] == "paint", reply
            for row in reply["cells"]:
                page[row[0]] = list(row)
            assert page == _suido_page(state)
            assert reply["progress"] == suido.game_progress(state.game)
            assert reply["code"] == suido.game_code(state.game)
            assert reply["solved"] == suido.is_game_solved(state.game)
    assert squares > 0  # squares (turned whole) were played too


def test_tsunagi_codes_equal_a_fresh_encoding_on_random_play(levels_dir: Path) -> None:
    store = LevelStore(levels_dir)
    rng = random.Random(7)
    played = 0
    for set_name, size, number in [("classic", 7, 1), ("classic", 9, 16), ("classic", 12, 5),
                                   ("portals", 8, 1), ("portals", 10, 3)]:  # fmt: skip
        level = store.tsunagi_level(size, number, set_name)
        if level is None:
            continue
        opening = {"t": "open", "seq": 0, "puzzle": "tsunagi", "size": size, "level": number,
                   "set": set_name}  # fmt: skip
        state, reply = play.handle(store, None, opening)
        assert isinstance(state, play.TsunagiPlay), reply
        layout = state.game.layout
        lines = tsunagi.lines_of_answer(layout, level.answer)
        assert lines is not None
        undo = [tsunagi.encode_lines(layout, kept) for kept in state.game.undo]
        for seq in range(1, 300):
            roll = rng.random()
            pair = rng.randrange(layout.pairs)
            if state.game.drawing is None and roll < 0.05:
                message: dict[str, Any] = {"t": rng.choice(("undo", "restart", "check"))}
            elif state.game.drawing is None:
                line = lines[pair]
                message = {"t": "press", "cell": rng.choice((line[0], line[-1]))}
            elif roll < 0.25:
                message = {"t": "lift"}
            else:
                message = {"t": "drag", "cells": [rng.randrange(size * size)]}
            state, reply = play.handle(store, state, {**message, "seq": seq})
            assert isinstance(state, play.TsunagiPlay)
            if "code" in reply:
                assert reply["code"] == tsunagi.game_code(state.game)
            change = reply.get("undo")
            if change is not None:
                if "push" in change:
                    undo = [*undo[-(tsunagi.UNDO_MOST - 1) :], change["push"]]
                elif "pop" in change:
                    undo.pop()
                elif "clear" in change:
                    undo = []
                else:
                    undo = change["all"]
            if state.game.drawing is None:
                assert undo == [tsunagi.encode_lines(layout, kept) for kept in state.game.undo]
            played += 1
    assert played > 1000
