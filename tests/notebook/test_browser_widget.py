"""The widget's front end in Chromium: the module loaded as anywidget loads it (from a blob:
URL), a stand-in for the model that carries each message to a real :class:`Board` in this
process, and one level played to the end with the mouse. The solved board's screenshot is
the README's (docs/notebook-widget.png; ITSUTSU_README_SHOTS=1 writes it anew)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("anywidget")

from itsutsu import suido, tsunagi
from itsutsu.notebook import Board, front_end, styles
from itsutsu.web.levels import LevelStore
from web_browser import strokes_of

pytestmark = pytest.mark.browser

SHOT = Path(__file__).resolve().parent / "screenshots" / "notebook-widget.png"
README_SHOT = Path(__file__).resolve().parents[2] / "docs" / "notebook-widget.png"
"""The README's copy, written only when ITSUTSU_README_SHOTS=1 (or when it is missing), so a
test run leaves the work tree as it was."""
ORIGIN = "http://notebook.test"
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>widget</title>
<style>body { font-family: sans-serif; margin: 16px; background: #fff; }
#cell { width: 400px; padding: 8px 12px; border-left: 3px solid #d0d7de; }</style>
<style id="widget-css"></style></head>
<body><div id="cell" class="jp-OutputArea-output"></div></body></html>"""

# What anywidget does with a widget's _esm and _css, with a stand-in for its model: the
# model's send goes to the kernel (here a function of the test, one message at a time, in
# order) and each reply comes back as a custom message.
MOUNT = """async ([source, css, options]) => {
  document.getElementById("widget-css").textContent = css;
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  const widget = await import(url);
  const handlers = [];
  let queue = Promise.resolve();
  const model = {
    get(name) { return name === "options" ? options : undefined; },
    send(message) {
      queue = queue
        .then(() => window.kernel(message))
        .then((reply) => { for (const handler of [...handlers]) handler(reply, []); });
    },
    on(name, handler) { if (name === "msg:custom") handlers.push(handler); },
    off(name, handler) {
      const at = handlers.indexOf(handler);
      if (at >= 0) handlers.splice(at, 1);
    },
  };
  window.cleanup = widget.default.render({ model, el: document.getElementById("cell") });
}"""

CENTRES = """([points, geo]) => {
  const svg = document.querySelector("#cell svg.tsunagi");
  const m = svg.getScreenCTM();
  return points.map(([cell, dx, dy]) => {
    const x = geo.x0 + (cell % geo.size + 0.5 + dx) * geo.cell;
    const y = geo.y0 + (Math.floor(cell / geo.size) + 0.5 + dy) * geo.cell;
    const p = new DOMPoint(x, y).matrixTransform(m);
    return [p.x, p.y];
  });
}"""


@pytest.fixture
def page(chromium: Any) -> Iterator[Any]:
    context = chromium.new_context(viewport={"width": 480, "height": 720}, device_scale_factor=1.5)
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.route(
        f"{ORIGIN}/**",
        lambda route: route.fulfill(status=200, content_type="text/html", body=PAGE),
    )
    page.goto(f"{ORIGIN}/")
    yield page
    context.close()
    assert not errors, errors


def test_a_level_played_to_the_end_in_the_widget(page: Any, levels_dir: Path) -> None:
    store = LevelStore(levels_dir)
    level = store.tsunagi_level(6, 3)
    assert level is not None
    layout = tsunagi.decode_layout(level.layout, 6)
    assert layout is not None
    lines = tsunagi.lines_of_answer(layout, level.answer)
    assert lines is not None
    board = Board("tsunagi", size=6, level=3, levels=levels_dir)
    received: list[str] = []

    def kernel(message: dict[str, Any]) -> dict[str, Any]:
        received.append(str(message.get("t")))
        return board.receive(message)

    page.expose_function("kernel", kernel)
    page.evaluate(MOUNT, [front_end(), styles(), board.options])
    page.wait_for_selector("#cell .itsutsu-board[data-ready=true]", timeout=15000)
    assert received[0] == "open"
    svg = page.locator("#cell svg.tsunagi")
    assert svg.get_attribute("data-size") == "6"
    assert page.locator("#cell .itb-status").inner_text().strip() != ""
    geo = tsunagi.geometry(layout)
    where = {"x0": geo.x0, "y0": geo.y0, "cell": tsunagi.CELL, "size": layout.size}

    def draw(line: tuple[int, ...]) -> None:
        for stroke in strokes_of(layout, line):
            points = page.evaluate(CENTRES, [[list(p) for p in stroke], where])
            (x, y), rest = points[0], points[1:]
            page.mouse.move(x, y)
            page.mouse.down()
            for nx, ny in rest:
                page.mouse.move(nx, ny, steps=3)
            page.mouse.up()

    # One line, taken back with the page's own Undo button: through the kernel too.
    draw(lines[0])
    page.click("#cell button[data-action=undo]:not([disabled])", timeout=15000)
    page.wait_for_selector("#cell button[data-action=undo][disabled]", timeout=15000)
    assert received[-1] == "undo" and board.state["strokes"] == 1 and board.state["undo"] == 0
    assert board.state["code"].startswith("." * 36)
    for line in lines:
        draw(line)
    page.wait_for_selector("#cell .itsutsu-board[data-solved=true]", timeout=15000)
    # The kernel's game is the page's: solved, one stroke a pair (and the one undone), as the
    # synced state says.
    assert board.solved and board.state["strokes"] == layout.pairs + 1
    assert received.count("press") == layout.pairs + 1
    assert received.count("lift") == layout.pairs + 1
    assert svg.get_attribute("data-solved") == "true"
    assert page.locator("#cell .itb-status").inner_text().strip() == "Solved!"
    SHOT.parent.mkdir(parents=True, exist_ok=True)
    page.locator("#cell").screenshot(path=str(SHOT))
    assert SHOT.stat().st_size > 20_000
    if os.environ.get("ITSUTSU_README_SHOTS") == "1" or not README_SHOT.exists():
        README_SHOT.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(SHOT, README_SHOT)
    page.evaluate("() => window.cleanup()")
    assert page.locator("#cell .itsutsu-board").count() == 0


def test_a_suido_level_played_to_the_end_in_the_widget(page: Any, levels_dir: Path) -> None:
    store = LevelStore(levels_dir)
    level = store.suido_level("5x5", 2)
    assert level is not None
    start, answer = suido.decode_layout(level.board), suido.decode_layout(level.answer)
    assert start is not None and answer is not None
    turns = suido.turns_of(start, answer.cells)
    assert turns is not None
    board = Board("suido", size="5x5", level=2, levels=levels_dir)
    page.expose_function("kernel", board.receive)
    page.evaluate(MOUNT, [front_end(), styles(), board.options])
    page.wait_for_selector("#cell .itsutsu-board[data-ready=true]", timeout=15000)
    taps = 0
    for cell, quarters in enumerate(turns):
        box = page.locator(f'#cell .sd-cell[data-cell="{cell}"] .sd-hit').bounding_box()
        assert box is not None
        for _ in range(int(quarters)):
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            taps += 1
    page.wait_for_selector("#cell .itsutsu-board[data-solved=true]", timeout=15000)
    assert page.get_attribute("#cell .itsutsu-board", "data-turns") == str(taps)
    assert board.solved and board.state["turns"] == taps
    assert board.state["code"] == level.answer
