"""The play widget's Python side, through the messages its front end sends."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("anywidget")

from itsutsu import suido, tsunagi
from itsutsu.notebook import Board, front_end, styles
from itsutsu.web.levels import LevelStore

LAYOUT5 = "AB..B.CDEF.....A..E.C..DF"
ANSWER5 = "ABBBBACDEFACDEFACDEFCCDDF"


class Sent:
    """Stands in for the comm: keeps what the widget sends to the front end."""

    def __init__(self, board: Board) -> None:
        self.replies: list[dict[str, Any]] = []
        board.send = self.replies.append  # type: ignore[method-assign]


def front(board: Board, message: dict[str, Any]) -> dict[str, Any]:
    """Deliver one message as the kernel's comm does, and return the reply sent back."""
    sent = Sent(board)
    board._on_message(board, message, [])
    assert len(sent.replies) == 1
    return sent.replies[0]


def strokes(board: Board, lines: tsunagi.Lines, seq: int = 1) -> list[dict[str, Any]]:
    """Draw each line as the front end does: a press, drags, a lift."""
    replies = []
    for line in lines:
        for message in (
            {"t": "press", "cell": line[0]},
            {"t": "drag", "cells": list(line[1:3])},
            {"t": "drag", "cells": list(line[3:])},
            {"t": "lift"},
        ):
            if message.get("cells") == []:
                continue
            replies.append(front(board, {**message, "seq": seq}))
            seq += 1
    return replies


def test_a_press_and_drags_solve_a_level(levels_dir: Path) -> None:
    store = LevelStore(levels_dir)
    level = store.tsunagi_level(6, 3)
    assert level is not None
    layout = tsunagi.decode_layout(level.layout, 6)
    assert layout is not None
    lines = tsunagi.lines_of_answer(layout, level.answer)
    assert lines is not None
    board = Board("tsunagi", size=6, level=3, levels=levels_dir)
    assert board.options["level"] == 3 and board.options["size"] == 6
    assert board.state == {
        "puzzle": "tsunagi", "code": "." * 36 + ":0", "solved": False, "strokes": 0, "undo": 0,
        "drawing": None,
    }  # fmt: skip
    seen: list[dict[str, Any]] = []
    board.observe(lambda change: seen.append(change["new"]), names="state")
    opened = front(board, {"t": "open", "seq": 0, "puzzle": "tsunagi", "size": 6, "level": 3})
    assert opened["t"] == "opened" and opened["size"] == 6
    replies = strokes(board, lines)
    assert all(reply["t"] == "patch" for reply in replies)
    assert replies[-1]["solved"] is True and replies[-1]["solvedNow"] is True
    assert [reply.get("solvedNow", False) for reply in replies].count(True) == 1
    assert board.solved and board.state["strokes"] == layout.pairs
    assert board.state["code"] == tsunagi.game_code(board.game)  # type: ignore[arg-type]
    assert seen[-1]["solved"] is True and not any(state["solved"] for state in seen[:-1])
    assert isinstance(board.game, tsunagi.Game) and board.game.solved


def test_undo_takes_back_the_last_stroke() -> None:
    board = Board("tsunagi", size=5, code=LAYOUT5, answer=ANSWER5)
    layout = tsunagi.decode_layout(LAYOUT5, 5)
    assert layout is not None
    lines = tsunagi.lines_of_answer(layout, ANSWER5)
    assert lines is not None
    strokes(board, lines[:2])
    assert board.state["strokes"] == 2 and board.state["undo"] == 2
    after_one = tsunagi.game_code(tsunagi.lift_game(_drawn(layout, lines[:1])))
    undone = board.receive({"t": "undo", "seq": 20})
    assert undone["t"] == "patch" and undone["undo"] == {"pop": 1}
    assert board.state["undo"] == 1
    assert board.state["code"].split(":")[0] == after_one.split(":")[0]
    board.receive({"t": "undo", "seq": 21})
    assert board.state["code"].split(":")[0] == "." * 25
    nothing = board.receive({"t": "undo", "seq": 22})
    assert nothing["t"] == "same"


def _drawn(layout: tsunagi.Layout, lines: tsunagi.Lines) -> tsunagi.Game:
    game = tsunagi.new_game(layout)
    assert game is not None
    for line in lines:
        game = tsunagi.press_game(game, line[0])
        for cell in line[1:]:
            game = tsunagi.drag_game(game, cell)
        game = tsunagi.lift_game(game)
    return game


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ("not an object", "a message must be a JSON object"),
        ([1, 2], "a message must be a JSON object"),
        ({"t": "fly", "seq": 5}, "unknown message type 'fly'"),
        ({"t": "press", "seq": 6, "cell": "B2"}, "cell"),
        ({"t": "press", "seq": 7, "cell": 99}, "cell"),
        ({"t": "drag", "seq": 8, "cells": "all of them"}, "cells"),
        ({"t": "press", "seq": -1, "cell": 0}, "seq"),
    ],
)
def test_a_bad_message_gets_an_error_and_changes_nothing(message: object, reason: str) -> None:
    board = Board("tsunagi", size=5, code=LAYOUT5)
    strokes(board, ((0, 5, 10, 15),))
    before = dict(board.state)
    reply = front(board, message)  # type: ignore[arg-type]
    assert reply["t"] == "error" and reason in reply["reason"]
    assert board.state == before
    assert front(board, {"t": "ping", "seq": 30}) == {"t": "pong", "seq": 30}


def test_an_open_resumes_the_game_the_kernel_holds() -> None:
    """A cell shown again (or a page loaded again) opens: the kernel's game goes on, and a
    front end that names another board still gets this widget's."""
    board = Board("tsunagi", size=5, code=LAYOUT5)
    strokes(board, ((0, 5, 10, 15),))
    code = board.state["code"]
    opened = front(
        board, {"t": "open", "seq": 40, "puzzle": "suido", "board": "5x5:junk", "id": "itb7"}
    )
    assert opened["t"] == "opened" and opened["puzzle"] == "tsunagi"
    assert opened["code"] == code and opened["undo"] == ["." * 25]
    assert 'id="itb7-' in opened["svg"]  # the front end's drawing id is kept


def test_suido_turns_solve_a_level(levels_dir: Path) -> None:
    store = LevelStore(levels_dir)
    level = store.suido_level("5x5", 2)
    assert level is not None
    start, answer = suido.decode_layout(level.board), suido.decode_layout(level.answer)
    assert start is not None and answer is not None
    turns = suido.turns_of(start, answer.cells)
    assert turns is not None
    board = Board("suido", size=5, level=2, levels=levels_dir, hints=True)
    assert board.options["size"] == "5x5"
    seq = 1
    replies = []
    for cell, quarters in enumerate(turns):
        for _ in range(int(quarters)):
            replies.append(front(board, {"t": "turn", "seq": seq, "cell": cell, "by": 1}))
            seq += 1
    assert replies and all(reply["t"] == "paint" for reply in replies)
    assert replies[-1]["solved"] is True
    assert board.solved and board.state["turns"] == len(replies)
    assert board.state["code"] == level.answer


def test_boards_that_do_not_open_raise() -> None:
    with pytest.raises(ValueError, match="not one of tsunagi, suido"):
        Board("sudoku", size=5, code=LAYOUT5)
    with pytest.raises(ValueError, match="size and level, or as a code"):
        Board("tsunagi", size=5)
    with pytest.raises(ValueError, match="size and level, or as a code"):
        Board("tsunagi", size=5, level=1, code=LAYOUT5)
    with pytest.raises(ValueError, match="needs its size"):
        Board("tsunagi", code=LAYOUT5)
    with pytest.raises(ValueError, match="not a Tsunagi layout of size 5"):
        Board("tsunagi", size=5, code="junk")
    with pytest.raises(ValueError, match="there is no classic level 1 of size 5 here"):
        Board("tsunagi", size=5, level=1, levels="/nonexistent")
    with pytest.raises(ValueError, match="not a Suido board code"):
        Board("suido", code="5x5:junk")
    with pytest.raises(ValueError, match="take no keyword 'marks'"):
        Board("suido", code="5x5:Eba3C3c9955C6abcdc3ckac3I", marks="numbers")
    with pytest.raises(ValueError, match="marks"):
        Board("tsunagi", size=5, code=LAYOUT5, marks="stars")


def test_the_look_reaches_the_drawing() -> None:
    board = Board("tsunagi", size=5, code=LAYOUT5, marks="numbers", board="wood")
    assert board.options["marks"] == "numbers" and board.options["board"] == "wood"
    opened = board.receive({"t": "open", "seq": 1, "look": board.options | {}})
    assert 'data-marks="numbers"' in opened["svg"] and 'data-board="wood"' in opened["svg"]


def test_the_front_end_is_the_web_apps_module() -> None:
    """Shared, not copied: the widget's module is board.js as the app serves it, then the
    widget's hook; its style holds the app's board.css and both drawing styles."""
    from importlib import resources

    board_js = resources.files("itsutsu.web").joinpath("static/board.js").read_text("utf-8")
    module = front_end()
    assert module.startswith(board_js)
    assert "export function modelTransport(model)" in module[len(board_js) :]
    assert "export default { render }" in module
    assert tsunagi.TSUNAGI_STYLE in styles() and suido.SUIDO_STYLE in styles()
    assert Board._esm.default_value == module  # type: ignore[attr-defined]


def test_without_the_extra_the_import_says_what_to_install() -> None:
    import subprocess
    import sys

    code = (
        "import sys\nsys.modules['anywidget'] = None\n"
        "try:\n    import itsutsu.notebook\nexcept ImportError as e:\n    print(e)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "itsutsu.notebook needs anywidget: pip install 'itsutsu[notebook]'"


def test_two_boards_never_share_drawing_ids() -> None:
    first, second = Board("tsunagi", size=5, code=LAYOUT5), Board("tsunagi", size=5, code=LAYOUT5)
    assert first.options["id"] != second.options["id"]
    for board in (first, second):
        ident = board.options["id"]
        opened = board.receive({"t": "open", "seq": 1, "id": ident})
        assert f'id="{ident}-' in opened["svg"]
