"""Random and malformed input thrown at the play module, the socket and the API (hypothesis):
nothing crashes, every refusal has a reason, the API answers 2xx or 4xx, never 5xx."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from itsutsu.web import create_app
from itsutsu.web.levels import LevelStore
from itsutsu.web.play import Play, handle

KINDS = [
    "open",
    "press",
    "drag",
    "lift",
    "undo",
    "restart",
    "check",
    "cheat",
    "hint",
    "look",
    "lang",
    "describe",
    "turn",
    "ping",
    "fly",
    7,
    None,
]
REPLIES = {"opened", "patch", "paint", "same", "error", "pong", "described"}

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**60), 2**60),
    st.floats(allow_nan=True),
    st.text(max_size=40),
    st.sampled_from(["5", "7x7", "big", "classic", "portals", "ja", "en"]),
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)
cells = st.lists(st.integers(-3, 40), max_size=12)
messages = st.fixed_dictionaries(
    {"t": st.sampled_from(KINDS), "seq": st.one_of(st.integers(-2, 2**54), scalars)},
    optional={
        "puzzle": st.sampled_from(["tsunagi", "suido", "x"]),
        "size": st.one_of(st.integers(-1, 40), st.sampled_from(["5x5", "7x7", "big", "3x3"])),
        "level": st.integers(-1, 300),
        "set": st.sampled_from(["classic", "portals", "x"]),
        "layout": st.sampled_from(["AB..B.CDEF.....A..E.C..DF", "A...A", ""])
        | st.text(max_size=30),
        "board": st.sampled_from(["5x5:Eba3C3c9955C6abcdc3ckac3I", "5x5:"]) | st.text(max_size=20),
        "answer": st.text(max_size=30),
        "game": st.text(max_size=40),
        "undo": st.lists(st.text(max_size=30), max_size=4) | values,
        "progress": st.text(max_size=40),
        "cell": st.integers(-3, 40) | scalars,
        "cells": cells | values,
        "by": st.integers(-2, 2) | scalars,
        "look": values,
        "lang": scalars,
        "id": scalars,
        "hints": values,
        "hintCount": values,
        "explosions": st.sampled_from(["on", "soft", "off", "loud"]),
    },
)


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(messages | values, min_size=1, max_size=12))
def test_any_messages_get_one_reply_each(store: LevelStore, sequence: list[Any]) -> None:
    state: Play | None = None
    for message in sequence:
        before = state
        state, reply = handle(store, state, message)
        assert reply["t"] in REPLIES
        json.dumps(reply)  # every reply can be sent
        if reply["t"] == "error":
            assert isinstance(reply["reason"], str) and reply["reason"]
            assert state is before


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.sampled_from(
            [{"t": "press", "cell": c} for c in range(25)]
            + [{"t": "drag", "cells": [c]} for c in range(25)]
            + [{"t": k} for k in ("lift", "undo", "restart", "check", "cheat", "hint")]
        ),
        max_size=40,
    )
)
def test_random_play_keeps_codes_that_resume(
    store: LevelStore, moves: list[dict[str, Any]]
) -> None:
    layout, answer = "AB..B.CDEF.....A..E.C..DF", "ABBBBACDEFACDEFACDEFCCDDF"
    state, reply = handle(
        store, None, {"t": "open", "seq": 0, "size": 5, "layout": layout, "answer": answer}
    )
    code = reply["code"]
    for seq, move in enumerate(moves, start=1):
        state, reply = handle(store, state, {"seq": seq, **move})
        assert reply["t"] in ("patch", "same")
        code = reply.get("code", code)
    # The last code kept resumes a game that shows the same lines as the play did at that point.
    _resumed, again = handle(
        store, None, {"t": "open", "seq": 0, "size": 5, "layout": layout, "game": code}
    )
    assert again["t"] == "opened" and again["code"] == code


@pytest.fixture(scope="module")
def client(levels_dir: Path) -> Iterator[TestClient]:
    with TestClient(create_app(levels_dir)) as test_client:
        yield test_client


query_values = st.one_of(
    st.text(max_size=12),
    st.integers(-5, 10**10).map(str),
    st.sampled_from(["7", "5x5", "big", "classic", "2026-10-01"]),
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.sampled_from(
        [
            "/api/tsunagi/levels",
            "/api/tsunagi/level",
            "/api/tsunagi/daily",
            "/api/suido/levels",
            "/api/suido/level",
            "/api/suido/daily",
            "/api/tsunagi/sizes",
            "/api/suido/sizes",
        ]
    ),
    st.dictionaries(
        st.sampled_from(["size", "level", "set", "offset", "limit", "date", "x"]),
        query_values,
        max_size=5,
    ),
)
def test_api_queries_get_2xx_or_4xx(client: TestClient, path: str, query: dict[str, str]) -> None:
    response = client.get(path, params=query)
    assert response.status_code in (200, 400, 404)
    body = response.json()
    if response.status_code != 200:
        assert set(body) == {"error"} and body["error"]


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.sampled_from(["/api/tsunagi/check", "/api/suido/check"]), values | st.binary(max_size=50))
def test_api_check_bodies_get_2xx_or_4xx(client: TestClient, path: str, body: Any) -> None:
    if isinstance(body, bytes):
        response = client.post(path, content=body)
    else:
        response = client.post(path, content=json.dumps(body).encode())
    assert response.status_code in (200, 400)
    if response.status_code == 200:
        assert set(response.json()) == {"ok", "reason"}


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(messages.map(json.dumps) | st.text(max_size=30), min_size=1, max_size=8))
def test_socket_answers_junk_and_stays_open(client: TestClient, texts: list[str]) -> None:
    with client.websocket_connect("/ws") as socket:
        for text in texts:
            socket.send_text(text)
            assert socket.receive_json()["t"] in REPLIES
        socket.send_json({"t": "ping", "seq": 1})
        assert socket.receive_json() == {"t": "pong", "seq": 1}
