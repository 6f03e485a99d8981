"""The transport-free play module: one message in, the state and one reply out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from itsutsu import suido, tsunagi
from itsutsu.web.levels import LevelStore, open_levels, suido_daily, tsunagi_daily
from itsutsu.web.play import Play, TsunagiPlay, handle, tsunagi_svg

LAYOUT5 = "AB..B.CDEF.....A..E.C..DF"
ANSWER5 = "ABBBBACDEFACDEFACDEFCCDDF"
BOARD5 = "5x5:Eba3C3c9955C6abcdc3ckac3I"
SOLVED5 = "5x5:CeacE696955E3ad3bc69ia93I"


def run(
    store: LevelStore, messages: list[dict[str, Any]]
) -> tuple[Play | None, list[dict[str, Any]]]:
    state: Play | None = None
    replies = []
    for seq, message in enumerate(messages):
        state, reply = handle(store, state, {"seq": seq, **message})
        replies.append(reply)
    return state, replies


def test_open_a_code_and_draw_a_line(tmp_path: Path) -> None:
    store = LevelStore(tmp_path)  # no levels at all: codes still play
    open_ = {"t": "open", "puzzle": "tsunagi", "size": 5, "layout": LAYOUT5, "answer": ANSWER5}
    state, replies = run(
        store,
        [
            open_,
            {"t": "press", "cell": 0},
            {"t": "drag", "cells": [5, 10, 15]},
            {"t": "lift"},
        ],
    )
    opened, pressed, dragged, lifted = replies
    assert opened["t"] == "opened" and opened["code"] == "." * 25 + ":0"
    assert opened["status"] == ["48% of the board filled"]
    assert pressed["t"] == "patch" and pressed["drawing"] == 0 and "code" not in pressed
    assert set(dragged["pairs"]) == {"0"} and dragged["tip"] == 15
    assert lifted["drawing"] is None and lifted["stroke"] == 1
    assert lifted["code"] == "*....n....n....n.........:1"
    assert lifted["undo"] == {"push": "." * 25}
    assert isinstance(state, TsunagiPlay)
    assert state.game.lines[0] == (0, 5, 10, 15)
    # The parts sent are the drawing's own: the whole drawing holds them as they are.
    whole = tsunagi_svg(state)
    for part in dragged["pairs"]["0"].values():
        if part:
            assert (
                part
                in tsunagi_svg(
                    TsunagiPlay(**{**state.__dict__, "game": tsunagi.press_game(state.game, 0)})
                )
                or part in whole
            )


def test_patches_rebuild_the_whole_drawing(store: LevelStore) -> None:
    """Pair parts replace exactly their pair's groups: a drawing patched move by move equals
    a fresh drawing of the game (checked on the text, group by group)."""
    level = store.tsunagi_level(7, 5)
    assert level is not None
    layout = tsunagi.decode_layout(level.layout, 7)
    assert layout is not None
    lines = tsunagi.lines_of_answer(layout, level.answer)
    assert lines is not None
    state, _ = run(store, [{"t": "open", "puzzle": "tsunagi", "size": 7, "level": 5}])
    assert isinstance(state, TsunagiPlay)
    seq = 10
    for line in lines[:3]:
        for message in (
            {"t": "press", "cell": line[0]},
            {"t": "drag", "cells": list(line[1:])},
            {"t": "lift"},
        ):
            seq += 1
            state, reply = handle(store, state, {"seq": seq, **message})
            assert reply["t"] == "patch"
            assert isinstance(state, TsunagiPlay)
            whole = tsunagi_svg(state)
            for parts in reply.get("pairs", {}).values():
                for name in ("washes", "line", "beads"):
                    assert parts[name] in whole


def test_resume_with_code_and_undo(store: LevelStore) -> None:
    _state, replies = run(
        store,
        [
            {"t": "open", "puzzle": "tsunagi", "size": 5, "layout": LAYOUT5},
            {"t": "press", "cell": 0},
            {"t": "drag", "cells": [5, 10, 15]},
            {"t": "lift"},
            {"t": "press", "cell": 1},
            {"t": "drag", "cells": [2, 3, 4]},
            {"t": "lift"},
        ],
    )
    code = replies[-1]["code"]
    undo = [replies[3]["undo"]["push"], replies[6]["undo"]["push"]]
    _resumed, again = run(
        store,
        [
            {
                "t": "open",
                "puzzle": "tsunagi",
                "size": 5,
                "layout": LAYOUT5,
                "game": code,
                "undo": undo,
            },
            {"t": "undo"},
            {"t": "undo"},
            {"t": "undo"},
        ],
    )
    assert (
        again[0]["code"]
        == code
        == "*....n....n....n.........:1".replace("*....", "**www").replace(":1", ":2")
    )
    assert again[1]["code"] == "*....n....n....n.........:2"
    assert again[2]["code"] == "." * 25 + ":2"  # strokes are not given back
    assert again[3]["t"] == "same"


def test_check_cheat_hint_and_words(store: LevelStore) -> None:
    _, replies = run(
        store,
        [
            {
                "t": "open",
                "puzzle": "tsunagi",
                "size": 5,
                "layout": LAYOUT5,
                "answer": ANSWER5,
                "lang": "ja",
            },
            {"t": "check"},
            {"t": "hint"},
            {"t": "cheat"},
            {"t": "describe", "cell": 0},
            {"t": "describe", "cell": 2},
            {"t": "lang", "lang": "en"},
            {"t": "describe", "cell": 5},
        ],
    )
    checked, hinted, cheated = replies[1], replies[2], replies[3]
    assert "svg" in checked and "まだつながっていない組が6組あります" in checked["status"]
    assert hinted["status"][-1] == "1番の線はA1から一方向にしか進めません。だからA2は1番の線です。"
    assert 'class="tsu-flag"' in hinted["svg"]
    assert cheated["code"].endswith(":0") and cheated["cheated"] is True
    assert "答えを見たので、このレベルはクリア扱いになりません。" in cheated["status"]
    assert replies[4]["text"] == "ビー玉1、1行1列"
    assert replies[5]["text"] == "1行3列:空き"
    assert replies[6]["words"]["undo"] == "Undo"
    assert replies[7]["text"] == "row 2, column 1: line 1"


def test_solving_reports_once(store: LevelStore) -> None:
    layout = tsunagi.decode_layout(LAYOUT5, 5)
    assert layout is not None
    lines = tsunagi.lines_of_answer(layout, ANSWER5)
    assert lines is not None
    messages: list[dict[str, Any]] = [
        {"t": "open", "puzzle": "tsunagi", "size": 5, "layout": LAYOUT5}
    ]
    for line in lines:
        messages += [
            {"t": "press", "cell": line[0]},
            {"t": "drag", "cells": list(line[1:])},
            {"t": "lift"},
        ]
    _, replies = run(store, messages)
    solved = [r for r in replies if r.get("solvedNow")]
    assert len(solved) == 1 and solved[0] is replies[-1]
    assert replies[-1]["status"] == ["Solved!"] and replies[-1]["helped"] is None
    assert 'data-solved="true"' in replies[-1]["svg"]


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ("hello", "a message must be a JSON object"),
        ({"t": "press"}, "seq must be a whole number from 0"),
        ({"t": "press", "seq": -1}, "seq must be a whole number from 0"),
        ({"t": "press", "seq": 1}, "open a game first"),
        (
            {"t": "fly", "seq": 1},
            "unknown message type 'fly': use one of press, drag, lift, undo,"
            " restart, check, cheat, hint, look, lang, describe, ping, open, turn",
        ),
        ({"t": "open", "seq": 1, "puzzle": "chess"}, "puzzle must be one of tsunagi, suido"),
        (
            {"t": "open", "seq": 1, "size": 99, "layout": "A"},
            "size must be a whole number from 2 to 40",
        ),
        (
            {"t": "open", "seq": 1, "size": 5, "layout": "nonsense"},
            "that is not a Tsunagi layout of size 5",
        ),
        (
            {"t": "open", "seq": 1, "size": 5, "level": 0},
            "level must be a whole number from 1 to 100000",
        ),
        (
            {"t": "open", "seq": 1, "size": 5, "level": 9999},
            "there is no classic level 9999 of size 5 here",
        ),
        (
            {"t": "open", "seq": 1, "size": 5, "layout": "x" * 5000},
            "layout is longer than 4096 characters",
        ),
        (
            {"t": "open", "seq": 1, "size": 5, "layout": LAYOUT5, "id": "1x"},
            "id must be a letter, then up to 31 letters, digits, '_' or '-'",
        ),
        (
            {"t": "open", "seq": 1, "size": 5, "layout": LAYOUT5, "look": {"board": "gold"}},
            "board must be one of paper, wood, green, blue, red, black",
        ),
        (
            {"t": "open", "seq": 1, "puzzle": "suido", "board": "5x5:zz"},
            "that is not a Suido board code",
        ),
        (
            {"t": "open", "seq": 1, "puzzle": "suido", "size": "99"},
            "size must be a Suido size such as 7x7, or big",
        ),
        (
            {"t": "open", "seq": 1, "puzzle": "suido", "board": "64x64:" + "1" * 4096},
            "board is longer than 4096 characters",
        ),
    ],
)
def test_refusals_carry_a_reason(store: LevelStore, message: object, reason: str) -> None:
    state, reply = handle(store, None, message)
    assert state is None
    seq = message.get("seq") if isinstance(message, dict) else None
    assert reply == {"t": "error", "seq": seq if seq != -1 else None, "reason": reason}


def test_move_refusals_keep_the_game(store: LevelStore) -> None:
    state, _ = run(store, [{"t": "open", "puzzle": "tsunagi", "size": 5, "layout": LAYOUT5}])
    for message, reason in (
        ({"t": "press", "cell": 25}, "cell must be a whole number from 0 to 24"),
        ({"t": "drag", "cells": []}, "cells must be a non-empty list of cells"),
        ({"t": "drag", "cells": list(range(20)) * 13}, "cells may hold at most 256 cells"),
        ({"t": "drag", "cells": [1.5]}, "cells must hold cells from 0 to 24"),
        (
            {"t": "turn", "cell": 0},
            "unknown message type 'turn': use one of press, drag, lift, "
            "undo, restart, check, cheat, hint, look, lang, describe, ping, open",
        ),
    ):
        after, reply = handle(store, state, {"seq": 3, **message})
        assert after is state and reply == {"t": "error", "seq": 3, "reason": reason}


def test_suido_turns_hints_and_restart(tmp_path: Path) -> None:
    store = LevelStore(tmp_path)
    _state, replies = run(
        store,
        [
            {"t": "open", "puzzle": "suido", "board": BOARD5, "answer": SOLVED5},
            {"t": "turn", "cell": 3},
            {"t": "hint"},
            {"t": "turn", "cell": 3, "by": -1},
            {"t": "turn", "cell": 3, "by": 2},
            {"t": "restart"},
        ],
    )
    opened, turned, hinted, back, bad, restarted = replies
    assert opened["par"] == 20 and opened["status"][1] == "0 turns · par 20 · 0 hints"
    assert turned["progress"] == "0001000000000000000000000:1"
    game = suido.game_from_progress(BOARD5, turned["progress"])
    assert game is not None and turned["code"] == suido.game_code(game)
    # The cells sent are exactly those whose paint changed, with their new paint.
    fresh = suido.paint_state(game.start)
    now = suido.paint_state(game.start, game.masks, game.quarters)
    changed = [c.cell for c, d in zip(fresh.cells, now.cells, strict=True) if c != d]
    assert [row[0] for row in turned["cells"]] == changed
    expected = suido.hint(game.start, game, suido.decode_layout(SOLVED5).cells)  # type: ignore[union-attr]
    assert expected is not None and expected.rule != "cheat"
    assert hinted["hint"] == list(expected.cells) and hinted["hintCount"] == 1
    assert hinted["status"][-1] == expected.en and "must open" in expected.en
    assert back["progress"] == "0000000000000000000000000:2" and back["hint"] == []
    assert bad == {
        "t": "error",
        "seq": 4,
        "reason": "by must be 1 (clockwise) or -1 (anticlockwise)",
    }
    assert restarted["progress"] == "0000000000000000000000000:0" and restarted["hintCount"] == 0


def test_suido_solve_reported_once_and_not_on_a_solved_load(tmp_path: Path) -> None:
    store = LevelStore(tmp_path)
    start = suido.decode_layout(BOARD5)
    answer = suido.decode_layout(SOLVED5)
    assert start is not None and answer is not None
    turns = suido.turns_of(start, answer.cells)
    assert turns is not None
    messages: list[dict[str, Any]] = [{"t": "open", "puzzle": "suido", "board": BOARD5}]
    for cell, q in enumerate(turns):
        messages += [{"t": "turn", "cell": cell}] * int(q)
    _state, replies = run(store, messages)
    assert [r.get("solvedNow") for r in replies].count(True) == 1
    assert replies[-1]["solvedNow"] and replies[-1]["root"]["solved"] is True
    progress = replies[-1]["progress"]
    _, again = run(
        store,
        [
            {"t": "open", "puzzle": "suido", "board": BOARD5, "progress": progress},
            {"t": "turn", "cell": 0},
        ],
    )
    assert again[0]["solved"] is True and "solvedNow" not in again[1]


def test_levels_bookkeeping() -> None:
    assert open_levels(64, set()) == 16
    assert open_levels(64, set(range(1, 16))) == 16
    assert open_levels(64, set(range(1, 17))) == 32
    assert open_levels(20, set(range(1, 17))) == 20
    assert open_levels(0, set()) == 0
    sizes = (4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 20, 25, 30)
    counts = (192, 256, 256, 256, 256, 256, 128, 64, 128, 128, 128, 128, 64, 64, 64)
    pinned = [104, 225, 124, 121, 216, 153, 60, 1, 40, 113, 28, 41, 40, 57, 28]
    assert [tsunagi_daily(s, "2026-10-01", c) for s, c in zip(sizes, counts, strict=True)] == pinned
    assert suido_daily("7x7", "2026-10-06", 256) == 4
    assert suido_daily("7x7", "2026-10-07", 256) == 101
    assert tsunagi_daily(7, "2027-02-29", 256) is None
    assert tsunagi_daily(7, "2028-02-29", 0) is None


def test_store_reads_every_corpus_level(store: LevelStore) -> None:
    assert len(store.tsunagi_levels(4)) == 192  # layouts starting with '#' included
    assert len(store.tsunagi_levels(30)) == 64
    assert len(store.tsunagi_levels(5, "portals")) == 32
    assert len(store.suido_levels("20x50")) == 64
    assert len(store.suido_levels("big")) == 64
    assert store.tsunagi_levels(16) == () and store.suido_levels("3x3") == ()


def test_suido_shown_opens_on_the_answer(tmp_path: Path) -> None:
    store = LevelStore(tmp_path)
    opening = {"t": "open", "puzzle": "suido", "board": BOARD5, "answer": SOLVED5, "shown": True}
    _state, (opened, turned) = run(store, [opening, {"t": "turn", "cell": 3}])
    shown = suido.game_from_code(BOARD5, SOLVED5)
    assert shown is not None and opened["progress"] == suido.game_progress(shown)
    assert opened["solved"] is True and not opened.get("solvedNow")
    assert opened["status"][0] == suido.suido_say("en", "solvedBefore")
    # The first turn leaves the answer: the status counts again.
    assert turned["solved"] is False and turned["status"][1].startswith("1 turn")
    # Without an answer there is nothing to show: a fresh game.
    _state, (plain,) = run(store, [{**opening, "answer": None}])
    assert plain["progress"] == "0000000000000000000000000:0"
