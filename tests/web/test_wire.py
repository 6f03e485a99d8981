"""A socket sends the kept codes as changes to the last ones it sent (``itsutsu.web.wire``),
and what the page rebuilds from them is the whole reply ``handle`` gave."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient

from itsutsu import suido
from itsutsu.suido import levels as suido_levels
from itsutsu.web import create_app
from itsutsu.web.play import handle
from itsutsu.web.wire import apply_splices, shortened, splices

TEXT = st.text(alphabet="abc.:0123", max_size=60)


@given(TEXT, TEXT)
def test_splices_turn_the_old_text_into_the_new(old: str, new: str) -> None:
    changes = splices(old, new)
    assert apply_splices(old, changes) == new
    starts = [start for start, _, _ in changes]
    assert starts == sorted(starts)
    if old == new:
        assert changes == []


def test_splices_are_runs_of_what_changed() -> None:
    assert splices("0000000000000000000000000000:1", "0100000000000000000000000030:2") == [
        [1, 2, "1"], [26, 30, "30:2"],  # runs closer than GAP go as one
    ]  # fmt: skip
    assert splices("0" * 30, "1" + "0" * 28 + "1") == [[0, 1, "1"], [29, 30, "1"]]
    assert splices("0001:9", "0002:10") == [[3, 6, "2:10"]]
    assert splices("010:1", "0110:1") == [[2, 2, "1"]]


def test_an_opened_reply_and_a_first_value_go_whole_and_later_ones_as_changes() -> None:
    sent: dict[str, str] = {}
    code = "a" * 100 + ":0"
    assert shortened({"t": "paint", "code": code}, sent) == {"t": "paint", "code": code}
    moved = "a" * 50 + "b" + "a" * 49 + ":1"
    short = shortened({"t": "paint", "code": moved, "seq": 4}, sent)
    assert short == {"t": "paint", "seq": 4, "codeAt": [[50, 51, "b"], [101, 102, "1"]]}
    assert sent["code"] == moved
    again = shortened({"t": "opened", "code": moved}, sent)
    assert again == {"t": "opened", "code": moved}
    # Where the changes would be longer than the value, the value goes whole.
    small = shortened({"t": "paint", "code": "b:2"}, {"code": "a:1"})
    assert small == {"t": "paint", "code": "b:2"}


def test_a_big_suido_socket_sends_changes_the_page_rebuilds(levels_dir: Path) -> None:
    board = suido_levels.levels_of("20x20")[5].board
    opening = {"t": "open", "seq": 1, "puzzle": "suido", "board": board}
    state, first = handle(None, None, opening)  # the same replies, whole, with no socket
    kept = {"code": first["code"], "progress": first["progress"]}
    whole_bytes = short_bytes = changed = 0
    with TestClient(create_app(levels_dir)) as client, client.websocket_connect("/ws") as ws:
        ws.send_json(opening)
        opened = ws.receive_json()
        assert opened["code"] == kept["code"] and opened["progress"] == kept["progress"]
        for seq, cell in enumerate(range(0, 400, 7), start=2):
            message = {"t": "turn", "seq": seq, "cell": cell, "by": 1}
            state, expected = handle(None, state, message)
            ws.send_json(message)
            raw = ws.receive_text()
            reply = json.loads(raw)
            for name in ("code", "progress"):
                if name not in expected:
                    continue
                assert name not in reply, "a changed code goes as changes"
                kept[name] = apply_splices(kept[name], reply.pop(f"{name}At"))
                assert kept[name] == expected.pop(name)
                changed += 1
            assert reply == expected
            whole_bytes += len(json.dumps(expected, separators=(",", ":")))
            whole_bytes += len(kept["code"]) + len(kept["progress"])
            short_bytes += len(raw)
    game = suido.game_from_progress(board, kept["progress"])
    assert game is not None and suido.game_code(game) == kept["code"]
    assert changed > 80  # most of the 58 turns changed both codes
    assert short_bytes * 2 < whole_bytes, (short_bytes, whole_bytes)
