"""A player's session in the browser: keyboard play, a reload and a server restart mid-game,
Japanese, the next block opening after a solve, and screenshots of big and small boards."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from itsutsu import suido, tsunagi
from itsutsu.web.levels import LevelStore
from web_browser import (
    DESK,
    PHONE,
    SHOTS,
    Finger,
    Server,
    draw_tsunagi_line,
    kept_lines,
    solve_tsunagi,
    suido_pick,
    tsunagi_pick,
    tsunagi_twist_levels,
    wait_ready,
    wait_settled,
)

pytestmark = pytest.mark.browser


def tab_to(page: Any, test: str, most: int = 40) -> None:
    """Press Tab until the focused element passes the JS ``test`` (keyboard alone)."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate(f"(() => {{ const a = document.activeElement; return {test}; }})()"):
            return
    raise AssertionError(f"Tab never reached {test}")


def arrows(page: Any, size: int, start: int, end: int, width: int | None = None) -> None:
    """Press arrow keys to move the focus from cell ``start`` to cell ``end`` (no wrapping)."""
    width = width or size
    (r1, c1), (r2, c2) = divmod(start, width), divmod(end, width)
    for _ in range(abs(r2 - r1)):
        page.keyboard.press("ArrowDown" if r2 > r1 else "ArrowUp")
    for _ in range(abs(c2 - c1)):
        page.keyboard.press("ArrowRight" if c2 > c1 else "ArrowLeft")


def test_tsunagi_by_keyboard_alone(desk: Any, server: Any, store: LevelStore) -> None:
    pick = tsunagi_twist_levels(store)["plain"]
    desk.goto(server.url + pick.path)
    wait_ready(desk)
    tab_to(desk, "a.classList.contains('itb-box')")
    focus = 0
    for line in pick.lines:
        arrows(desk, pick.size, focus, line[0])
        desk.keyboard.press("Space")
        for here, cell in itertools.pairwise(line):
            arrows(desk, pick.size, here, cell)
        desk.keyboard.press("Enter")
        focus = line[-1]
    wait_settled(desk)
    assert desk.get_attribute("itsutsu-board", "data-solved") == "true"
    # The ring reads out what it is on, in words from the table.
    spoken = desk.inner_text(".itb-spoken")
    row, col = divmod(focus, pick.size)
    assert f"row {row + 1}, column {col + 1}" in spoken


def test_tsunagi_portals_by_keyboard_one_stroke_a_line(
    desk: Any, server: Any, store: LevelStore
) -> None:
    """A keyboard line goes on through a portal in the same stroke, as a finger's does: the
    ring jumps to the line's new end and the arrows carry on from there."""
    pick = tsunagi_twist_levels(store)["portals"]
    layout = pick.layout
    if layout.wrap:
        pytest.skip("the portals level found also wraps; arrows() walks without wrapping")
    passages = sum(1 for line in pick.lines for a, b in itertools.pairwise(line)
                   if layout.partner[a] == b)  # fmt: skip
    assert passages > 0
    desk.goto(server.url + pick.path)
    wait_ready(desk)
    desk.evaluate(
        "window.strokes = 0; document.querySelector('itsutsu-board')"
        ".addEventListener('tsunagi-stroke', () => { window.strokes += 1; })"
    )
    tab_to(desk, "a.classList.contains('itb-box')")
    focus = 0
    for line in pick.lines:
        arrows(desk, pick.size, focus, line[0])
        desk.keyboard.press("Space")
        here, at = line[0], 1
        while at < len(line):
            cell = line[at]
            arrows(desk, pick.size, here, cell)
            if at + 1 < len(line) and layout.partner[cell] == line[at + 1]:
                wait_settled(desk)  # the ring jumps to the cell beyond the far portal
                assert (
                    desk.evaluate("document.querySelector('itsutsu-board').handle.focus")
                    == (line[at + 2])
                )
                here, at = line[at + 2], at + 3
            else:
                here, at = cell, at + 1
        desk.keyboard.press("Enter")
        focus = here
    wait_settled(desk)
    assert desk.get_attribute("itsutsu-board", "data-solved") == "true"
    assert desk.evaluate("window.strokes") == len(pick.lines)


def test_suido_by_keyboard_alone(desk: Any, server: Any, store: LevelStore) -> None:
    pick = suido_pick(store, "5x5", 1)
    desk.goto(server.url + pick.path)
    wait_ready(desk)
    tab_to(desk, "a.classList && a.classList.contains('sd-cell')")
    width = pick.board.width
    focus = 0
    for cell, quarters in pick.taps:
        arrows(desk, 0, focus, cell, width)
        # Shift turns back: three quarters clockwise are one anticlockwise.
        if quarters == 3:
            desk.keyboard.press("Shift+Enter")
        else:
            for _ in range(quarters):
                desk.keyboard.press("Space")
        focus = cell
    wait_settled(desk)
    assert desk.get_attribute("itsutsu-board", "data-solved") == "true"
    label = desk.get_attribute(f'.sd-cell[data-cell="{focus}"]', "aria-label")
    row, col = divmod(focus, width)
    assert label is not None and label.startswith(f"Row {row + 1}, column {col + 1}: ")


def test_reload_mid_game_finds_it_as_it_was(desk: Any, server: Any, store: LevelStore) -> None:
    pick = tsunagi_pick(store, "classic", 6, 2)
    desk.goto(server.url + pick.path)
    wait_ready(desk)
    finger = Finger(desk, touch=False)
    for line in pick.lines[:3]:
        draw_tsunagi_line(desk, finger, pick.layout, line)
    wait_settled(desk)
    before = kept_lines(desk, pick.layout)
    assert before[:3] == pick.lines[:3]
    svg_before = desk.inner_html(".tsu-lines")
    desk.reload()
    wait_ready(desk)
    assert kept_lines(desk, pick.layout) == before
    assert desk.inner_html(".tsu-lines") == svg_before
    # The undo stack came back too: undo takes away the third line, then the second.
    desk.click("button[data-action=undo]")
    wait_settled(desk)
    assert kept_lines(desk, pick.layout)[2] == ()
    assert kept_lines(desk, pick.layout)[1] == pick.lines[1]
    # Suido: turns and the turn count survive a reload.
    suido_level = suido_pick(store, "5x5", 2)
    desk.goto(server.url + suido_level.path)
    wait_ready(desk)
    cell, _quarters = suido_level.taps[0]
    desk.click(f'.sd-cell[data-cell="{cell}"] .sd-hit')
    wait_settled(desk)
    progress = desk.evaluate("document.querySelector('itsutsu-board').handle.kept.progress")
    desk.reload()
    wait_ready(desk)
    assert desk.evaluate("document.querySelector('itsutsu-board').handle.kept.progress") == progress
    assert progress.endswith(":1") and progress[cell] == "1"


def test_server_killed_and_restarted_mid_game(chromium: Any, levels_dir: Path,
                                              store: LevelStore) -> None:  # fmt: skip
    own = Server(levels_dir).start()
    context = chromium.new_context(viewport=DESK, device_scale_factor=1)
    page = context.new_page()
    try:
        pick = tsunagi_pick(store, "classic", 6, 3)
        page.goto(own.url + pick.path)
        wait_ready(page)
        finger = Finger(page, touch=False)
        half = len(pick.lines) // 2
        for line in pick.lines[:half]:
            draw_tsunagi_line(page, finger, pick.layout, line)
        wait_settled(page)
        own.stop()
        page.wait_for_selector("itsutsu-board[data-connected=false]", timeout=10000)
        reconnecting = tsunagi.tsunagi_say("en", "reconnecting")
        assert page.inner_text(".itb-note") == reconnecting
        # Lines drawn while the server is away are kept and sent when it is back.
        draw_tsunagi_line(page, finger, pick.layout, pick.lines[half])
        own.start()
        page.wait_for_selector("itsutsu-board[data-connected=true]", timeout=15000)
        for line in pick.lines[half + 1 :]:
            draw_tsunagi_line(page, finger, pick.layout, line)
        wait_settled(page)
        assert page.get_attribute("itsutsu-board", "data-solved") == "true"
        assert kept_lines(page, pick.layout) == pick.lines
    finally:
        context.close()
        own.stop()


def test_japanese_chosen_remembered_and_played(chromium: Any, server: Any,
                                               store: LevelStore) -> None:  # fmt: skip
    context = chromium.new_context(viewport=PHONE, locale="ja-JP", has_touch=True)
    page = context.new_page()
    try:
        # A first visit follows the browser's language.
        page.goto(server.url + "/tsunagi")
        assert page.get_attribute("html", "lang") == "ja"
        assert page.inner_text("h1") == tsunagi.tsunagi_say("ja", "name")
        # Switch to English and back; the choice is remembered.
        page.click("a.lang")
        assert page.get_attribute("html", "lang") == "en"
        page.goto(server.url + "/suido")
        assert page.get_attribute("html", "lang") == "en"
        page.click("a.lang")
        assert page.get_attribute("html", "lang") == "ja"
        pick = suido_pick(store, "5x5", 1)
        page.goto(server.url + pick.path)
        wait_ready(page)
        status = page.inner_text(".itb-status")
        assert "水漏れ" in status and "手" in status
        restart = page.inner_text("button[data-action=restart]")
        assert restart == suido.suido_say("ja", "restart")
        tsunagi_level = tsunagi_pick(store, "classic", 5, 1)
        page.goto(server.url + tsunagi_level.path)
        wait_ready(page)
        assert "盤面" in page.inner_text(".itb-status")
        label = page.get_attribute(".tsu-marble", "aria-label")
        assert label is not None and label.startswith("ビー玉")
        solve_tsunagi(page, Finger(page, touch=True), tsunagi_level)
        assert tsunagi.tsunagi_say("ja", "solved") in page.inner_text(".itb-status")
    finally:
        context.close()


def tile(page: Any, level: int) -> str | None:
    """Return a picker tile's state once the page has marked it from the browser's storage."""
    page.wait_for_selector(".picker[data-marked=true]")
    state: str | None = page.get_attribute(f'.tile[data-level="{level}"]', "data-state")
    return state


def test_a_solve_opens_the_next_block(desk: Any, server: Any, store: LevelStore) -> None:
    size = 4
    desk.goto(server.url + f"/tsunagi/classic/{size}")
    assert tile(desk, 17) == "locked"
    assert tile(desk, 1) == "open"
    # Levels 1 to 15 were solved before (kept in this browser), level 16 is played now.
    solved = {str(n): "s" for n in range(1, 16)}
    desk.evaluate(
        "(s) => localStorage.setItem('itsutsu:solved:tsunagi:classic:4', JSON.stringify(s))",
        solved,
    )
    desk.reload()
    assert tile(desk, 3) == "solved"
    assert tile(desk, 17) == "locked"
    pick = tsunagi_pick(store, "classic", size, 16)
    desk.goto(server.url + pick.path)
    wait_ready(desk)
    assert desk.is_hidden(".onward .next")
    solve_tsunagi(desk, Finger(desk, touch=False), pick)
    desk.wait_for_selector(".onward .next:not([hidden])")
    assert desk.get_attribute(".onward .next", "href").endswith(f"/tsunagi/classic/{size}/17")
    desk.click(".onward .next")
    wait_ready(desk)
    assert desk.inner_text("h1") == tsunagi.tsunagi_say("en", "levelOfSize", {"n": 17, "size": 4})
    desk.click(".crumbs a")
    assert tile(desk, 16) == "solved"
    assert tile(desk, 17) == "open"
    assert tile(desk, 33) == "locked"


def _shoot(chromium: Any, server: Any, path: str, name: str, moves: Any = None) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for device, viewport in (("phone", PHONE), ("desk", DESK)):
        touch = device == "phone"
        context = chromium.new_context(viewport=viewport, has_touch=touch, is_mobile=touch,
                                       device_scale_factor=1)  # fmt: skip
        page = context.new_page()
        try:
            page.goto(server.url + path)
            if path == "/tsunagi/classic/7":
                page.wait_for_selector(".picker[data-marked=true]")
            else:
                wait_ready(page)
            if moves is not None:
                moves(page, Finger(page, touch))
                wait_settled(page)
            page.wait_for_timeout(400)
            page.screenshot(path=str(SHOTS / f"{name}-{device}.png"), full_page=True)
        finally:
            context.close()


def test_screenshots_of_small_and_big_boards(chromium: Any, server: Any, store: LevelStore) -> None:
    small = tsunagi_pick(store, "classic", 7, 5)
    big = tsunagi_pick(store, "classic", 30, 1)

    def some_lines(pick: Any, count: int) -> Any:
        def moves(page: Any, finger: Finger) -> None:
            for line in pick.lines[:count]:
                draw_tsunagi_line(page, finger, pick.layout, line)

        return moves

    _shoot(chromium, server, small.path, "tsunagi-7x7", some_lines(small, 3))
    _shoot(chromium, server, big.path, "tsunagi-30x30", None)
    _shoot(chromium, server, "/suido/14x14/1", "suido-14x14")
    _shoot(chromium, server, "/suido/20x50/1", "suido-20x50")
    _shoot(chromium, server, "/tsunagi/classic/7", "picker-tsunagi-7x7")
    for name in ("tsunagi-7x7", "tsunagi-30x30", "suido-14x14", "suido-20x50"):
        for device in ("phone", "desk"):
            assert (SHOTS / f"{name}-{device}.png").stat().st_size > 10_000


def test_suido_element_takes_shown_and_progress(desk: Any, server: Any) -> None:
    """The Suido element's ``shown`` opens on the answer, ``progress`` resumes a game."""
    desk.goto(server.url + "/suido/7x7/1")
    wait_ready(desk)
    board = "document.querySelector('itsutsu-board')"
    desk.evaluate(f"{board}.removeAttribute('keep'); {board}.setAttribute('shown', '')")
    desk.wait_for_function(f"() => {board}.dataset.solved === 'true'", timeout=15000)
    assert suido.suido_say("en", "solvedBefore") in desk.inner_text(".itb-status")
    progress = "1" + "0" * 48 + ":1"
    desk.evaluate(
        f"{board}.removeAttribute('shown'); {board}.setAttribute('progress', '{progress}')"
    )
    desk.wait_for_function(
        "() => /\\b1 turn\\b/.test(document.querySelector('.itb-status').innerText)",
        timeout=15000,
    )
    assert desk.evaluate(f"{board}.handle.kept.progress") == progress
    assert desk.get_attribute("itsutsu-board", "data-solved") == "false"
