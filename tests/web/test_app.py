"""The app over HTTP and its socket (Starlette's test client): pages, API, bounds, headers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from itsutsu import suido, tsunagi
from itsutsu.web import Limits, create_app
from itsutsu.web.api import openapi_description

LAYOUT5 = "AB..B.CDEF.....A..E.C..DF"
ANSWER5 = "ABBBBACDEFACDEFACDEFCCDDF"


@pytest.fixture(scope="module")
def client(levels_dir: Path) -> Iterator[TestClient]:
    with TestClient(create_app(levels_dir)) as test_client:
        yield test_client


def test_pages_in_both_languages(client: TestClient) -> None:
    home = client.get("/")
    assert home.status_code == 200 and '<html lang="en">' in home.text
    assert "Tsunagi" in home.text and "Suido" in home.text
    ja = client.get("/tsunagi", headers={"accept-language": "ja-JP,ja;q=0.9"})
    assert '<html lang="ja">' in ja.text and tsunagi.tsunagi_say("ja", "about") in ja.text
    chosen = client.get("/lang/ja?next=/suido", follow_redirects=False)
    assert chosen.status_code == 303 and chosen.headers["location"] == "/suido"
    assert "itsutsu-lang=ja" in chosen.headers["set-cookie"]
    # Only paths on this site: never an address elsewhere.
    away = client.get("/lang/en?next=//evil.example/x", follow_redirects=False)
    assert away.headers["location"] == "/"
    client.cookies.clear()


def test_picker_play_page_and_today(client: TestClient) -> None:
    picker = client.get("/tsunagi/classic/7")
    assert picker.status_code == 200
    assert picker.text.count('class="tile"') == 256
    assert picker.text.count('class="block"') == 16
    assert "Block 2: levels 17 to 32" in picker.text
    assert 'href="/tsunagi/classic/7/3"' in picker.text
    play = client.get("/tsunagi/classic/7/3")
    assert '<itsutsu-board puzzle="tsunagi"' in play.text and 'level="3"' in play.text
    assert "<script>" not in play.text  # the module is loaded from a file, never inline
    today = client.get("/tsunagi/classic/7/today", follow_redirects=False)
    assert today.status_code == 302 and today.headers["location"].startswith("/tsunagi/classic/7/")
    suido_today = client.get("/suido/7x7/today", follow_redirects=False)
    assert suido_today.headers["location"].startswith("/suido/7x7/")
    assert client.get("/suido/big").text.count('class="tile"') == 64
    for missing in (
        "/tsunagi/classic/16",
        "/tsunagi/classic/7/257",
        "/tsunagi/odd/7",
        "/suido/3x3",
        "/suido/7x7/0",
        "/tsunagi/classic/7/x",
    ):
        assert client.get(missing).status_code == 404, missing


def test_not_found_is_a_page_of_the_site_in_both_languages(client: TestClient) -> None:
    for path in ("/tsunagi/classic/7/257", "/no/such/page"):
        page = client.get(path, headers={"accept-language": "en"})
        assert page.status_code == 404
        assert page.headers["content-type"].startswith("text/html")
        assert '<html lang="en">' in page.text and "Page not found" in page.text
        assert 'href="/static/site.css"' in page.text and 'href="/"' in page.text
        ja = client.get(path, headers={"accept-language": "ja"})
        assert ja.status_code == 404
        assert '<html lang="ja">' in ja.text and "ページが見つかりません" in ja.text
    api = client.get("/api/no/such")
    assert api.status_code == 404
    assert api.json() == {"error": "there is no such address in the API"}


def test_no_levels_said_kindly(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path)) as empty:
        page = empty.get("/tsunagi")
        assert page.status_code == 200
        assert tsunagi.tsunagi_say("en", "noLevelsAtAll") in page.text
        assert suido.suido_say("en", "noLevelsAtAll") in empty.get("/suido").text
        assert empty.get("/api/tsunagi/levels?size=7").json()["count"] == 0
        assert empty.get("/api/tsunagi/daily").json()["levels"] == []


def test_thumbnails_and_styles(client: TestClient) -> None:
    thumb = client.get("/thumb/tsunagi/classic/7/1.svg")
    assert thumb.headers["content-type"] == "image/svg+xml"
    assert (
        thumb.headers["content-security-policy"] == "default-src 'none'; style-src 'unsafe-inline'"
    )
    assert thumb.text.startswith("<svg")
    assert client.get("/thumb/suido/7x7/1.svg").text.startswith("<svg")
    assert client.get("/style/tsunagi.css").text == tsunagi.TSUNAGI_STYLE
    assert client.get("/style/suido.css").text == suido.SUIDO_STYLE
    assert client.get("/static/board.js").headers["content-type"].startswith("text/javascript")


def test_content_security_policy_has_no_inline_script(client: TestClient) -> None:
    policy = client.get("/").headers["content-security-policy"]
    assert "script-src 'self';" in policy and "unsafe-inline" not in policy.split("style")[0]
    assert "'unsafe-eval'" not in policy
    assert client.get("/api/tsunagi/sizes").headers["x-content-type-options"] == "nosniff"


def test_api_levels_level_daily_check(client: TestClient) -> None:
    page = client.get("/api/tsunagi/levels?size=5&offset=16&limit=3").json()
    assert page["count"] == 256 and [lv["level"] for lv in page["levels"]] == [17, 18, 19]
    assert set(page["levels"][0]) == {"level", "layout", "mark"}  # no answers
    one = client.get("/api/tsunagi/level?size=5&level=17").json()
    assert one["layout"] == page["levels"][0]["layout"]
    day = client.get("/api/tsunagi/daily?date=2026-10-01").json()
    assert [lv["level"] for lv in day["levels"]] == [
        104,
        225,
        124,
        121,
        216,
        153,
        60,
        1,
        40,
        113,
        28,
        41,
        40,
        57,
        28,
    ]
    assert client.get("/api/suido/daily?date=2026-10-06&size=7x7").json()["levels"][0]["level"] == 4
    check = client.post(
        "/api/tsunagi/check", json={"size": 5, "layout": LAYOUT5, "answer": ANSWER5}
    )
    assert check.json() == {"ok": True, "reason": None}
    wrong = ANSWER5[:-1] + "D"
    moved = client.post("/api/tsunagi/check", json={"size": 5, "layout": LAYOUT5, "answer": wrong})
    assert moved.json() == {"ok": False, "reason": "a stone is moved"}
    bad = client.post(
        "/api/suido/check", json={"board": "5x5:Eba3C3c9955C6abcdc3ckac3I", "answer": "nonsense"}
    )
    assert bad.json() == {"ok": False, "reason": "the answer is not a Suido code"}
    suido_page = client.get("/api/suido/levels?size=big&limit=2").json()
    assert suido_page["levels"][0]["twists"] == ["big-pieces"]


@pytest.mark.parametrize(
    ("url", "status", "reason"),
    [
        ("/api/tsunagi/levels", 400, "size is missing: give a whole number from 1 to 999"),
        (
            "/api/tsunagi/levels?size=16",
            400,
            "size must be one of 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 20, 25, 30, 40"
            " for the classic set",
        ),
        ("/api/tsunagi/levels?size=7&limit=0", 400, "limit must be a whole number from 1 to 256"),
        (
            "/api/tsunagi/levels?size=7&offset=-1",
            400,
            "offset must be a whole number from 0 to 100000",
        ),
        ("/api/tsunagi/levels?size=7&set=x", 400, "set must be classic or portals"),
        ("/api/tsunagi/level?size=7&level=999", 404, "there is no classic level 999 of size 7"),
        ("/api/tsunagi/daily?date=2027-02-29", 400, "date must be a real day written YYYY-MM-DD"),
        (
            "/api/suido/levels?size=3x3",
            400,
            "size must be one of 5x5, 6x6, 7x7, 8x8, 9x9, 10x10, "
            "11x11, 12x12, 13x13, 14x14, 5x7, 6x10, 8x14, 20x20, 28x28, 20x50, big",
        ),
        ("/api/suido/level?size=7x7&level=x", 400, "level must be a whole number from 1 to 100000"),
    ],
)
def test_api_refusals(client: TestClient, url: str, status: int, reason: str) -> None:
    response = client.get(url)
    assert response.status_code == status and response.json() == {"error": reason}


def test_api_bodies_are_bounded_and_checked(client: TestClient) -> None:
    url = "/api/tsunagi/check"
    assert client.post(url, content=b"not json").json() == {
        "error": "the body must be a JSON object"
    }
    assert client.post(url, json=[1]).status_code == 400
    assert client.post(url, json={"size": "5", "layout": "", "answer": ""}).json() == {
        "error": "size must be a whole number from 1 to 64"
    }
    assert client.post(url, json={"size": 5, "layout": 5, "answer": ""}).json() == {
        "error": "layout must be text"
    }
    huge = client.post(url, content=b"{" + b" " * 70_000 + b"}")
    assert huge.status_code == 413 and huge.json() == {
        "error": "the body must be at most 65536 bytes"
    }
    assert client.get(url).status_code == 405


def test_openapi_describes_every_api_route(client: TestClient) -> None:
    description = client.get("/api/openapi.json").json()
    assert description["openapi"] == "3.1.0"
    routes = {r.path for r in client.app.routes if getattr(r, "path", "").startswith("/api/")}  # type: ignore[attr-defined]
    assert set(description["paths"]) == routes - {"/api/openapi.json"}
    assert openapi_description("/games")["servers"] == [{"url": "/games"}]


def test_mounted_under_a_prefix(levels_dir: Path) -> None:
    site = Starlette(routes=[Mount("/games", app=create_app(levels_dir))])
    with TestClient(site) as mounted:
        page = mounted.get("/games/tsunagi/classic/5")
        assert page.status_code == 200
        assert 'href="/games/static/site.css"' in page.text
        assert 'href="/games/tsunagi/classic/5/1"' in page.text
        assert mounted.get("/games/static/board.js").status_code == 200
        with mounted.websocket_connect("/games/ws") as socket:
            socket.send_json({"t": "open", "seq": 1, "size": 5, "level": 1})
            assert socket.receive_json()["t"] == "opened"


def test_socket_plays_and_refuses(client: TestClient) -> None:
    with client.websocket_connect("/ws") as socket:
        socket.send_json({"t": "open", "seq": 1, "size": 5, "layout": LAYOUT5})
        assert socket.receive_json()["t"] == "opened"
        for seq, message in enumerate(
            ({"t": "press", "cell": 0}, {"t": "drag", "cells": [5]}, {"t": "lift"}), start=2
        ):
            socket.send_json({**message, "seq": seq})
        replies = [socket.receive_json() for _ in range(3)]
        assert [r["seq"] for r in replies] == [2, 3, 4]
        assert replies[-1]["code"] == "*....n...................:1"
        socket.send_text("{not json")
        assert socket.receive_json() == {
            "t": "error",
            "seq": None,
            "reason": "a message must be a JSON object",
        }
        socket.send_bytes(b"\x00")
        assert socket.receive_json()["reason"] == "messages must be JSON text, not bytes"
        socket.send_text("[" * 100_000 + "]" * 100_000)
        assert socket.receive_json()["reason"] == "a message must be a JSON object"


def test_socket_message_size_rate_and_count_bounds(levels_dir: Path) -> None:
    limits = Limits(message_bytes=1000, moves_per_second=1, move_burst=5, sockets_per_client=2)
    with TestClient(create_app(levels_dir, limits=limits)) as small:
        with small.websocket_connect("/ws") as socket:
            socket.send_text(json.dumps({"t": "ping", "seq": 1, "pad": "x" * 2000}))
            assert socket.receive_json()["reason"] == "a message may be at most 1000 bytes"
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == 1009
        with small.websocket_connect("/ws") as socket:
            for seq in range(5):
                socket.send_json({"t": "ping", "seq": seq})
                assert socket.receive_json() == {"t": "pong", "seq": seq}
            socket.send_json({"t": "ping", "seq": 9})
            assert socket.receive_json()["reason"] == "too many messages: at most 1 a second"
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == 1008
        with (
            small.websocket_connect("/ws"),
            small.websocket_connect("/ws"),
            small.websocket_connect("/ws") as third,
        ):
            reply = third.receive_json()
            assert reply["reason"] == (
                "too many open sockets from your address (at most 2): close another board first"
            )
        with small.websocket_connect("/ws") as socket:  # the count went down again
            socket.send_json({"t": "ping", "seq": 1})
            assert socket.receive_json() == {"t": "pong", "seq": 1}


def test_socket_closes_after_too_many_refusals(levels_dir: Path) -> None:
    app = create_app(levels_dir, limits=Limits(errors_per_socket=3))
    with TestClient(app) as small, small.websocket_connect("/ws") as socket:
        for _ in range(3):
            socket.send_text("junk")
            assert socket.receive_json()["t"] == "error"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 1008


def test_cross_origin_is_opt_in(levels_dir: Path) -> None:
    other = "https://other.example"
    with TestClient(create_app(levels_dir)) as closed_app:
        assert (
            "access-control-allow-origin"
            not in closed_app.get("/static/board.js", headers={"origin": other}).headers
        )
        with (
            pytest.raises(WebSocketDisconnect),
            closed_app.websocket_connect("/ws", headers={"origin": other}),
        ):
            pass
        with closed_app.websocket_connect("/ws", headers={"origin": "http://testserver"}) as own:
            own.send_json({"t": "ping", "seq": 1})
            assert own.receive_json()["t"] == "pong"
    with TestClient(create_app(levels_dir, allowed_origins=[other])) as open_app:
        response = open_app.get("/static/board.js", headers={"origin": other})
        assert response.headers["access-control-allow-origin"] == other
        with open_app.websocket_connect("/ws", headers={"origin": other}) as socket:
            socket.send_json({"t": "ping", "seq": 1})
            assert socket.receive_json()["t"] == "pong"
    with pytest.raises(ValueError, match=r"must be like https://example\.org"):
        create_app(levels_dir, allowed_origins=["other.example"])


def test_the_packages_40x40_levels_are_served_and_played() -> None:
    from itsutsu.tsunagi import levels as tsunagi_levels

    first = tsunagi_levels.levels(40, tsunagi_levels.CLASSIC)[0]
    with TestClient(create_app()) as site:
        listed = site.get("/api/tsunagi/levels?size=40").json()
        assert listed["levels"][0]["layout"] == first.layout
        with site.websocket_connect("/ws") as socket:
            socket.send_json({"t": "open", "seq": 1, "puzzle": "tsunagi", "size": 40, "level": 1})
            opened = socket.receive_json()
            assert opened["t"] == "opened" and opened["solved"] is False
            socket.send_json({"t": "cheat", "seq": 2})
            cheated = socket.receive_json()
            assert cheated["t"] == "patch" and cheated["cheated"] is True, cheated.keys()
            assert len(cheated["pairs"]) == 1 and cheated["status"][0] == "13% of the board filled"
