"""Playing to the end by pointer alone: a Tsunagi level of every twist and a Suido level of
every kind and twist, at a phone's width with touch and at a desk's width with a mouse."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from itsutsu import suido, tsunagi
from itsutsu.web.levels import LevelStore
from web_browser import (
    DESK,
    PHONE,
    Finger,
    kept_lines,
    solve_suido,
    solve_tsunagi,
    suido_kind_levels,
    tsunagi_twist_levels,
    wait_ready,
)

pytestmark = pytest.mark.browser

TSUNAGI_TWISTS = (
    "plain", "bridges", "walls", "blocked", "waypoints", "wrap", "hexagon", "portals", "sparse",
    "boom", "blast", "strokes",
)  # fmt: skip
SUIDO_KINDS = (
    "network", "drains", "inlet-outlet", "pumps", "locked", "walls", "wrap", "big-pieces",
    "block-turns",
)  # fmt: skip


@pytest.fixture(params=["phone-touch", "desk-mouse"])
def device(request: pytest.FixtureRequest, chromium: Any) -> Iterator[tuple[Any, bool]]:
    touch = request.param == "phone-touch"
    context = chromium.new_context(
        viewport=PHONE if touch else DESK, has_touch=touch, is_mobile=touch,
        device_scale_factor=1,
    )  # fmt: skip
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page, touch
    context.close()
    assert not errors, errors


@pytest.mark.parametrize("twist", TSUNAGI_TWISTS)
def test_tsunagi_twist_played_to_the_end(
    twist: str, device: tuple[Any, bool], server: Any, store: LevelStore
) -> None:
    page, touch = device
    pick = tsunagi_twist_levels(store)[twist]
    page.goto(server.url + pick.path)
    wait_ready(page)
    solve_tsunagi(page, Finger(page, touch), pick)
    lines = kept_lines(page, pick.layout)
    level = store.tsunagi_level(pick.size, pick.number, pick.set)
    assert level is not None
    assert tsunagi.answer_of(pick.layout, lines) == level.answer
    status = page.inner_text(".itb-status")
    assert tsunagi.tsunagi_say("en", "solved") in status
    # The board the page patched move by move is the drawing of the solved game.
    svg = page.inner_html(".itb-frame")
    assert 'data-solved="true"' in svg


@pytest.mark.parametrize("kind", SUIDO_KINDS)
def test_suido_kind_played_to_the_end(
    kind: str, device: tuple[Any, bool], server: Any, store: LevelStore
) -> None:
    page, touch = device
    pick = suido_kind_levels(store)[kind]
    page.goto(server.url + pick.path)
    wait_ready(page)
    solve_suido(page, Finger(page, touch), pick)
    page.wait_for_selector('itsutsu-board[data-solved="true"]', timeout=10000)
    assert page.get_attribute("itsutsu-board svg", "data-solved") == "true"
    turns = sum(q for _, q in pick.taps)
    key = {"network": "solved", "drains": "solvedDrains"}.get(pick.board.kind, "solvedPath")
    assert suido.suido_say("en", key, {"n": turns}) in page.inner_text(".itb-status")
