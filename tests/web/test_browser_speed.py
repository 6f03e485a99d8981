"""What the page does to be quick on big boards must not change what a player sees or keeps.

A big Suido board (``itb-snap``) hides the water parts that show nothing instead of drawing
them see-through; with motion reduced (no transitions either way) the board must look the
same, pixel for pixel, with and without that."""

from __future__ import annotations

from typing import Any

import pytest

from itsutsu.web.levels import LevelStore
from web_browser import DESK, suido_cell_point, suido_pick, wait_ready, wait_settled

pytestmark = pytest.mark.browser


@pytest.fixture
def still_desk(desk: Any) -> Any:
    """The desk page with motion reduced (no transitions between the shots compared)."""
    desk.emulate_media(reduced_motion="reduce")
    return desk


def board_shot(page: Any) -> bytes:
    """The board, drawn afresh: the viewport is made a pixel narrower and back, so every tile
    is rastered again (tiles rastered again after a change can differ from fresh ones in the
    anti-aliasing of a few edges, whatever changed)."""
    page.mouse.move(1, 1)
    page.set_viewport_size({**DESK, "width": DESK["width"] - 1})
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.set_viewport_size(DESK)
    shot: bytes = page.locator("itsutsu-board .itb-box").screenshot(animations="disabled")
    return shot


def same_with_and_without_snap(page: Any) -> None:
    snapped = board_shot(page)
    page.evaluate("document.querySelector('itsutsu-board').classList.remove('itb-snap')")
    plain = board_shot(page)
    page.evaluate("document.querySelector('itsutsu-board').classList.add('itb-snap')")
    assert snapped == plain


@pytest.mark.parametrize(("set_name", "number"), [("28x28", 1), ("big", 45)])
def test_big_suido_looks_the_same_with_hidden_water_parts(
    set_name: str, number: int, still_desk: Any, server: Any, store: LevelStore
) -> None:
    pick = suido_pick(store, set_name, number)
    desk = still_desk
    desk.goto(server.url + pick.path)
    wait_ready(desk)
    assert desk.get_attribute("itsutsu-board", "class").split().count("itb-snap") == 1
    same_with_and_without_snap(desk)
    # Half way (water in some pipes, leaks at their ends), then solved.
    half = len(pick.taps) // 2
    for step, (cell, quarters) in enumerate(pick.taps):
        x, y = suido_cell_point(desk, cell)
        for _ in range(quarters):
            desk.mouse.click(x, y)
        if step + 1 == half:
            wait_settled(desk)
            wet = desk.locator('itsutsu-board .sd-cell[data-wet="true"]').count()
            leaks = desk.locator('itsutsu-board .sd-arm[data-w="leak"]').count()
            assert wet > 0 and leaks > 0
            same_with_and_without_snap(desk)
    wait_settled(desk)
    assert desk.get_attribute("itsutsu-board", "data-solved") == "true"
    same_with_and_without_snap(desk)
