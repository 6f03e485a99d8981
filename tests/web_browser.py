"""Helpers for the web app's browser tests: a server process, Chromium, and players that solve
levels by pointer (mouse or touch) and by keyboard, the way a person would.

The server is a real ``itsutsu serve`` process on a free loopback port, so a test can kill it
and start it again mid-game. Chromium is Debian's (``/usr/bin/chromium``), never a download.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from itsutsu import suido, tsunagi
from itsutsu.web.levels import LevelStore
from itsutsu.web.play import tsunagi_twists

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 900}
SHOTS = Path(__file__).resolve().parent / "web" / "screenshots"


def export_src(rev: str, folder: Path) -> Path:
    """Write the package as it was at git revision ``rev`` under ``folder``; return its src/."""
    root = Path(__file__).resolve().parent.parent
    archive = subprocess.run(["git", "-C", str(root), "archive", rev, "src"],
                             check=True, capture_output=True).stdout  # fmt: skip
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder / "src"


def free_port() -> int:
    """Return a loopback port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """An ``itsutsu serve`` process on loopback, which a test may stop and start again."""

    def __init__(
        self, levels: Path, port: int | None = None, extra: tuple[str, ...] = (),
        src: Path | None = None,
    ) -> None:  # fmt: skip
        self.levels = levels
        self.port = port or free_port()
        self.extra = extra
        self.src = src  # another checkout's src/ to serve from (a benchmark's baseline)
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        command = [sys.executable, "-m", "itsutsu.cli", "serve", "--levels", str(self.levels)]
        command += ["--port", str(self.port), *self.extra]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        if self.src is not None:
            env["PYTHONPATH"] = str(self.src)
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/api/suido/sizes", timeout=1):
                    return self
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError("the server stopped at once") from None
                time.sleep(0.1)
        raise RuntimeError("the server did not answer within 20 s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


# ------------------------------------------------------------------------------ levels


@dataclass(frozen=True)
class TsunagiPick:
    """A Tsunagi level to play: where it is and its answer's lines."""

    set: str
    size: int
    number: int
    layout: tsunagi.Layout
    lines: tsunagi.Lines

    @property
    def path(self) -> str:
        return f"/tsunagi/{self.set}/{self.size}/{self.number}"


def tsunagi_pick(store: LevelStore, set_name: str, size: int, number: int) -> TsunagiPick:
    """Return the level ``number`` of a Tsunagi size and set, with its answer's lines."""
    level = store.tsunagi_level(size, number, set_name)
    assert level is not None
    layout = tsunagi.decode_layout(level.layout, size)
    assert layout is not None
    lines = tsunagi.lines_of_answer(layout, level.answer)
    assert lines is not None
    return TsunagiPick(set_name, size, number, layout, lines)


def find_tsunagi(store: LevelStore, test: Any, sets: tuple[str, ...] = ("classic", "portals"),
                 most_size: int = 9) -> TsunagiPick:  # fmt: skip
    """Return the first level (smallest size first) whose layout passes ``test``."""
    for set_name in sets:
        for size in store.tsunagi_sizes(set_name):
            if size > most_size:
                continue
            for level in store.tsunagi_levels(size, set_name):
                layout = tsunagi.decode_layout(level.layout, size)
                if layout is not None and test(layout):
                    return tsunagi_pick(store, set_name, size, level.number)
    raise LookupError("no level of that kind is installed")


def _explodes(layout: tsunagi.Layout, blast: bool) -> bool:
    return layout.explosions is not None and layout.explosions.blast == blast


def tsunagi_twist_levels(store: LevelStore) -> dict[str, TsunagiPick]:
    """One small level of every Tsunagi twist (walls and blocked cells apart), and a plain one."""
    picks = {
        "plain": find_tsunagi(store, lambda lay: not tsunagi_twists(lay)),
        "bridges": find_tsunagi(store, lambda lay: bool(lay.bridges)),
        "walls": find_tsunagi(store, lambda lay: bool(lay.walls)),
        "blocked": find_tsunagi(store, lambda lay: tsunagi.CELL_BLOCKED in lay.cells),
        "waypoints": find_tsunagi(store, lambda lay: bool(lay.waypoints)),
        "wrap": find_tsunagi(store, lambda lay: lay.wrap),
        "hexagon": find_tsunagi(store, lambda lay: lay.hex),
        "portals": find_tsunagi(store, lambda lay: bool(lay.portal_pairs), ("portals",)),
        "sparse": find_tsunagi(store, lambda lay: lay.sparse),
        "boom": find_tsunagi(store, lambda lay: _explodes(lay, blast=False)),
        "blast": find_tsunagi(store, lambda lay: _explodes(lay, blast=True)),
        "strokes": find_tsunagi(store, lambda lay: lay.strokes is not None),
    }  # fmt: skip
    return picks


@dataclass(frozen=True)
class SuidoPick:
    """A Suido level to play: where it is and the clockwise taps each cell needs."""

    set: str
    number: int
    board: suido.Layout
    taps: tuple[tuple[int, int], ...]  # (cell, quarter turns clockwise), anchors for squares

    @property
    def path(self) -> str:
        return f"/suido/{self.set}/{self.number}"


def suido_pick(store: LevelStore, set_name: str, number: int) -> SuidoPick:
    """Return Suido level ``number`` of a size (or ``big``) with the taps that solve it."""
    level = store.suido_level(set_name, number)
    assert level is not None
    board = suido.decode_layout(level.board)
    answer = suido.decode_layout(level.answer)
    assert board is not None and answer is not None
    turns = suido.turns_of(board, answer.cells)
    assert turns is not None
    taps = tuple((cell, int(q)) for cell, q in enumerate(turns) if q != "0")
    return SuidoPick(set_name, number, board, taps)


def find_suido(store: LevelStore, test: Any) -> SuidoPick:
    """Return the first Suido level (5x5 first, then the big set) whose board passes ``test``."""
    for set_name in ("5x5", "6x6", "big"):
        for level in store.suido_levels(set_name):
            board = suido.decode_layout(level.board)
            if board is not None and test(board):
                return suido_pick(store, set_name, level.number)
    raise LookupError("no Suido level of that kind is installed")


def suido_kind_levels(store: LevelStore) -> dict[str, SuidoPick]:
    """One small Suido level of every kind and every twist."""
    return {
        "network": find_suido(store, lambda b: b.kind == "network" and not suido.twists_of(b)),
        "drains": find_suido(store, lambda b: b.kind == "drains"),
        "inlet-outlet": find_suido(store, lambda b: b.kind == "inlet-outlet"),
        "pumps": find_suido(store, lambda b: len(b.sources) > 1),
        "locked": find_suido(store, lambda b: bool(b.locked)),
        "walls": find_suido(store, lambda b: bool(b.walls)),
        "wrap": find_suido(store, lambda b: b.wrap),
        "big-pieces": find_suido(store, lambda b: bool(b.bigs)),
        "block-turns": find_suido(store, lambda b: bool(b.blocks)),
    }


# ------------------------------------------------------------------------------ players

CENTRE_JS = """(cells) => {
  const host = document.querySelector('itsutsu-board');
  const svg = host.querySelector('svg');
  const m = svg.getScreenCTM();
  const g = host.handle.geo;
  return cells.map(([cell, dx, dy]) => {
    let x, y;
    if (g.hex) { [x, y] = g.centres[cell]; }
    else {
      x = g.x0 + (cell % g.size + 0.5) * g.cell;
      y = g.y0 + (Math.floor(cell / g.size) + 0.5) * g.cell;
    }
    const p = new DOMPoint(x + dx * g.cell, y + dy * g.cell).matrixTransform(m);
    return [p.x, p.y];
  });
}"""


def wait_ready(page: Any) -> None:
    """Wait until the page's board has opened its game."""
    page.wait_for_selector("itsutsu-board[data-ready=true]", timeout=15000)


def wait_settled(page: Any) -> None:
    """Wait until every message the board sent has its answer."""
    page.wait_for_function(
        "() => { const h = document.querySelector('itsutsu-board').handle;"
        " return h && h.sentAt.size === 0; }",
        timeout=15000,
    )


def strokes_of(
    layout: tsunagi.Layout, line: tuple[int, ...]
) -> list[list[tuple[int, float, float]]]:
    """Split an answer line into the strokes a finger draws it with: a new stroke after each
    portal passage (the line jumps to the far ring's exit) and after each crossing of a wrap
    join (the finger reaches the far cell through the band of ghosts). Each point is (cell, dx,
    dy): a cell's centre moved by dx, dy cells."""
    size = layout.size
    strokes: list[list[tuple[int, float, float]]] = []
    current: list[tuple[int, float, float]] = [(line[0], 0.0, 0.0)]
    at = 1
    while at < len(line):
        here, cell = line[at - 1], line[at]
        if layout.partner[here] == cell:  # a passage: here is the ring entered, cell its twin
            strokes.append(current)
            at += 1  # the exit cell starts the next stroke
            current = [(line[at], 0.0, 0.0)]
            at += 1
            continue
        (r1, c1), (r2, c2) = divmod(here, size), divmod(cell, size)
        if layout.wrap and (abs(c1 - c2) == size - 1 or abs(r1 - r2) == size - 1):
            dx = 0.75 if c2 == 0 and c1 == size - 1 else -0.75 if c1 == 0 and c2 == size - 1 else 0
            dy = 0.75 if r2 == 0 and r1 == size - 1 else -0.75 if r1 == 0 and r2 == size - 1 else 0
            current.append((here, dx, dy))
            strokes.append(current)
            current = [(cell, 0.0, 0.0)]
        else:
            current.append((cell, 0.0, 0.0))
        at += 1
    if len(current) > 1 or not strokes:
        strokes.append(current)
    return strokes


PAINTED_JS = "() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))"


def wait_painted(page: Any) -> None:
    """Wait until the page has drawn a frame with what it holds now on screen."""
    page.evaluate(PAINTED_JS)


class Finger:
    """Draws strokes on the page's board with the mouse or with touch (through CDP).

    ``rest``: the pointer comes to rest as a person's does, where a person sees the board
    before going on: a mouse is over the cell (and that is on screen) before it presses, and
    at the end of a stroke the finger stays on the last cell until the answers to the stroke
    are on screen, then lifts. Without it, each event follows the one before as soon as the
    browser has taken it."""

    def __init__(self, page: Any, touch: bool, rest: bool = False) -> None:
        self.page = page
        self.touch = touch
        self.rest = rest
        self.cdp = page.context.new_cdp_session(page) if touch else None

    def stroke(self, points: list[tuple[float, float]]) -> None:
        (x, y), rest = points[0], points[1:]
        if self.cdp is not None:
            self.cdp.send("Input.dispatchTouchEvent",
                          {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})  # fmt: skip
            last = (x, y)
            for nx, ny in rest:
                mid = ((last[0] + nx) / 2, (last[1] + ny) / 2)
                for px, py in (mid, (nx, ny)):
                    move = {"type": "touchMove", "touchPoints": [{"x": px, "y": py}]}
                    self.cdp.send("Input.dispatchTouchEvent", move)
                last = (nx, ny)
            if self.rest:
                self._settle()
            self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        else:
            self.page.mouse.move(x, y)
            if self.rest:
                wait_painted(self.page)
            self.page.mouse.down()
            for nx, ny in rest:
                self.page.mouse.move(nx, ny, steps=2)
            if self.rest:
                self._settle()
            self.page.mouse.up()

    def tap(self, x: float, y: float) -> None:
        if self.touch:
            self.page.touchscreen.tap(x, y)
        elif self.rest:
            self.page.mouse.move(x, y)
            wait_painted(self.page)
            self.page.mouse.down()
            self.page.mouse.up()
        else:
            self.page.mouse.click(x, y)

    def _settle(self) -> None:
        wait_settled(self.page)
        wait_painted(self.page)


def kept_lines(page: Any, layout: tsunagi.Layout) -> tsunagi.Lines:
    """Return the lines of the game the page keeps (its game code, read by the engine)."""
    code = page.evaluate("document.querySelector('itsutsu-board').handle.kept.game")
    lines = tsunagi.decode_lines(layout, code.split(":")[0])
    assert lines is not None, code
    return lines


def draw_tsunagi_line(
    page: Any, finger: Finger, layout: tsunagi.Layout, line: tuple[int, ...]
) -> None:
    """Draw one answer line by finger, as strokes."""
    for stroke in strokes_of(layout, line):
        points = page.evaluate(CENTRE_JS, [list(p) for p in stroke])
        finger.stroke([tuple(p) for p in points])


def solve_tsunagi(page: Any, finger: Finger, pick: TsunagiPick, rounds: int = 8) -> int:
    """Draw the answer's lines until the board is solved (explosions may cut some back);
    return the rounds it took. Fails when the board is not solved after ``rounds``."""
    for round_ in range(1, rounds + 1):
        drawn = kept_lines(page, pick.layout) if round_ > 1 else None
        for pair, line in enumerate(pick.lines):
            if drawn is not None and drawn[pair] in (line, line[::-1]):
                continue
            draw_tsunagi_line(page, finger, pick.layout, line)
        wait_settled(page)
        if page.get_attribute("itsutsu-board", "data-solved") == "true":
            return round_
    raise AssertionError(f"{pick.path} was not solved in {rounds} rounds")


def suido_cell_point(page: Any, cell: int) -> tuple[float, float]:
    box = page.locator(f'itsutsu-board .sd-cell[data-cell="{cell}"] .sd-hit').bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def solve_suido(page: Any, finger: Finger, pick: SuidoPick, paced: bool = False) -> None:
    """Tap every piece round to its answer, then wait for the solve. ``paced``: wait for each
    tap's answer before the next, as a person does (else taps come as fast as the browser
    takes them, and each one's time includes the queue in front of it)."""
    for cell, quarters in pick.taps:
        x, y = suido_cell_point(page, cell)
        for _ in range(quarters):
            finger.tap(x, y)
            if paced:
                wait_settled(page)
    wait_settled(page)
