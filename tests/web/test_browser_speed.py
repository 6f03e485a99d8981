"""What the page does to be quick must not change what a player sees or keeps.

A big Suido board (``itb-snap``) hides the water parts that show nothing instead of drawing
them see-through; with motion reduced (no transitions either way) the board must look the
same, pixel for pixel, with and without that.

A press (Tsunagi) or a tap (Suido) changes nothing on the page until its answer comes:
Chromium holds the socket's answer to a press until the next frame when the press asked for
one. The focus and the ring follow once the answer is in."""

from __future__ import annotations

from typing import Any

import pytest

from itsutsu.web.levels import LevelStore
from web_browser import (
    CENTRE_JS,
    DESK,
    suido_cell_point,
    suido_pick,
    tsunagi_pick,
    wait_painted,
    wait_ready,
    wait_settled,
)

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


# From the press to its answer: every change to the page (the board's DOM, the focus) and
# whether the answer has come. The listeners go on the window in the capture phase, so they
# run before the board's own.
WATCH_JS = """() => {
  const host = document.querySelector('itsutsu-board');
  const seen = window.itbSeen = {waiting: false, changes: [], answered: 0};
  addEventListener('pointerdown', () => { seen.waiting = true; }, true);
  host.addEventListener('itsutsu-patched', () => { seen.waiting = false; seen.answered += 1; });
  new MutationObserver((list) => {
    if (!seen.waiting) return;
    for (const r of list) seen.changes.push(r.type + ' ' + (r.attributeName || ''));
  }).observe(document.documentElement,
             {subtree: true, attributes: true, childList: true, characterData: true});
  addEventListener('focusin', () => { if (seen.waiting) seen.changes.push('focus'); }, true);
}"""


def press_at_rest(page: Any, x: float, y: float) -> None:
    """Move the mouse over (x, y), let that be drawn, and press."""
    page.evaluate(WATCH_JS)
    page.mouse.move(x, y)
    wait_painted(page)
    page.mouse.down()


def test_a_suido_tap_changes_nothing_until_its_answer_then_the_focus_follows(
    desk: Any, server: Any, store: LevelStore
) -> None:
    pick = suido_pick(store, "28x28", 1)
    desk.goto(server.url + pick.path)
    wait_ready(desk)
    cell, _ = pick.taps[3]
    x, y = suido_cell_point(desk, cell)
    press_at_rest(desk, x, y)
    desk.mouse.up()
    wait_settled(desk)
    seen = desk.evaluate("window.itbSeen")
    assert seen["answered"] == 1 and seen["changes"] == []
    focused = "document.activeElement.getAttribute('data-cell')"
    assert desk.evaluate(focused) == str(cell)
    # A pointer's focus shows no ring, as when the browser moves it on a press.
    assert desk.evaluate("document.activeElement.matches(':focus-visible')") is False
    tab = desk.locator('itsutsu-board .sd-cell[tabindex="0"]')
    assert tab.count() == 1 and tab.get_attribute("data-cell") == str(cell)
    # The keyboard goes on from the tapped piece.
    desk.keyboard.press("ArrowRight")
    assert desk.evaluate(focused) == str(cell + 1)
    assert desk.evaluate("document.activeElement.matches(':focus-visible')") is True
    assert desk.locator('itsutsu-board .sd-cell[tabindex="0"]').count() == 1


def test_a_tsunagi_press_changes_nothing_until_its_answer_then_the_ring_follows(
    desk: Any, server: Any, store: LevelStore
) -> None:
    pick = tsunagi_pick(store, "classic", 7, 5)
    desk.goto(server.url + pick.path)
    wait_ready(desk)
    start = pick.lines[0][0]
    [[x, y]] = desk.evaluate(CENTRE_JS, [[start, 0, 0]])
    press_at_rest(desk, x, y)
    wait_settled(desk)
    seen = desk.evaluate("window.itbSeen")
    assert seen["answered"] == 1 and seen["changes"] == []
    desk.mouse.up()
    wait_settled(desk)
    ring = desk.locator("itsutsu-board .itb-ring")
    centre = desk.evaluate("document.querySelector('itsutsu-board').handle.geo")
    size = centre["size"]
    want_x = centre["x0"] + (start % size + 0.5) * centre["cell"] - 45
    want_y = centre["y0"] + (start // size + 0.5) * centre["cell"] - 45
    assert float(ring.get_attribute("x")) == want_x and float(ring.get_attribute("y")) == want_y
