"""Pointer event to patched SVG, in a real browser: a full 30x30 Tsunagi and a 28x28 Suido.

Chromium (Debian's) plays a level to the end against ``itsutsu serve`` on loopback: every line
of a 30x30 Tsunagi answer drawn by mouse, every tap of a 28x28 Suido answer (each tap after
the one before was answered, as a person taps). The page times
each message from the pointer event that sent it to the moment its answer is patched into the
SVG; the figures are the median, p95 and worst. Then the same is played through a proxy that
holds every socket frame 100 ms in each direction, and the lines (and the pieces) must end
exactly as they did without it. Last, the patched Tsunagi drawing is checked against a fresh
drawing of the same game.

Needs ``../shared/corpus`` (the levels) and ``/usr/bin/chromium``. Run:
``.venv/bin/python bench/web_moves.py``.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from playwright.sync_api import sync_playwright  # noqa: E402

from itsutsu.web.levels import LevelStore  # noqa: E402
from web_browser import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    DESK,
    Finger,
    Server,
    free_port,
    kept_lines,
    solve_suido,
    solve_tsunagi,
    suido_pick,
    tsunagi_pick,
    wait_ready,
)
from web_levels import write_levels  # noqa: E402

DELAY = 0.100  # seconds each way


class DelayProxy:
    """A loopback TCP proxy that holds every chunk ``DELAY`` seconds, in order, both ways."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.port = free_port()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def pump() -> None:
            while True:
                due, chunk = await queue.get()
                await asyncio.sleep(max(0.0, due - time.monotonic()))
                if not chunk:
                    writer.close()
                    return
                writer.write(chunk)
                await writer.drain()

        task = asyncio.ensure_future(pump())
        while True:
            chunk = await reader.read(65536)
            await queue.put((time.monotonic() + DELAY, chunk))
            if not chunk:
                break
        await task

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        await asyncio.gather(
            self._pipe(reader, up_writer), self._pipe(up_reader, writer), return_exceptions=True
        )

    def start(self) -> DelayProxy:
        self.thread.start()
        future = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self._client, "127.0.0.1", self.port), self.loop
        )
        self.server = future.result(10)
        return self

    def stop(self) -> None:
        async def close() -> None:
            self.server.close()
            for task in asyncio.all_tasks():
                if task is not asyncio.current_task():
                    task.cancel()

        asyncio.run_coroutine_threadsafe(close(), self.loop).result(5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def figures(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return (
        f"{len(times)} messages: median {statistics.median(times):.2f} ms, "
        f"p95 {p95:.2f} ms, worst {ordered[-1]:.2f} ms"
    )


def note(text: str) -> None:
    print(f"  ... {text}", file=sys.stderr, flush=True)


def play(browser: Any, url: str, store: LevelStore) -> dict[str, Any]:
    out: dict[str, Any] = {}
    note(f"Tsunagi 30x30 at {url}")
    context = browser.new_context(viewport=DESK, device_scale_factor=1)
    page = context.new_page()
    tsunagi = tsunagi_pick(store, "classic", 30, 64)
    page.goto(url + tsunagi.path)
    wait_ready(page)
    page.evaluate("document.querySelector('itsutsu-board').handle.stats.length = 0")
    solve_tsunagi(page, Finger(page, touch=False), tsunagi)
    out["tsunagi_times"] = page.evaluate("document.querySelector('itsutsu-board').handle.stats")
    out["tsunagi_lines"] = kept_lines(page, tsunagi.layout)
    out["tsunagi_ok"] = out["tsunagi_lines"] == tsunagi.lines
    # The drawing patched move by move against a fresh one of the same game.
    parts = ".tsu-washes, .tsu-lines, .tsu-beads"
    js = f"[...document.querySelectorAll('{parts}')].map(e => e.outerHTML).join('')"
    patched = page.evaluate(js)
    page.evaluate("document.querySelector('itsutsu-board').handle.set({marks: 'colours'})")
    page.wait_for_function("() => document.querySelector('itsutsu-board').handle.sentAt.size === 0")
    out["patch_equals_fresh"] = patched == page.evaluate(js)
    note(f"Suido 28x28 at {url}")
    suido = suido_pick(store, "28x28", 1)
    page.goto(url + "/suido/28x28/1")
    wait_ready(page)
    page.evaluate("document.querySelector('itsutsu-board').handle.stats.length = 0")
    solve_suido(page, Finger(page, touch=False), suido, paced=True)
    out["suido_times"] = page.evaluate("document.querySelector('itsutsu-board').handle.stats")
    out["suido_progress"] = page.evaluate(
        "document.querySelector('itsutsu-board').handle.kept.progress"
    )
    out["suido_solved"] = page.get_attribute("itsutsu-board", "data-solved") == "true"
    context.close()
    return out


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        levels = write_levels(Path(folder))
        store = LevelStore(levels)
        server = Server(levels).start()
        proxy = DelayProxy(server.port).start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                direct = play(browser, server.url, store)
                slow = play(browser, f"http://127.0.0.1:{proxy.port}", store)
                browser.close()
        finally:
            proxy.stop()
            server.stop()
    print("Pointer event to patched SVG, Chromium on loopback (desk width, mouse)")
    print(f"  Tsunagi 30x30 (level 64, full answer): {figures(direct['tsunagi_times'])}")
    print(f"  Suido 28x28 (level 1, every tap):      {figures(direct['suido_times'])}")
    print(f"  (machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(f"With {DELAY * 1000:.0f} ms added each way ({2 * DELAY * 1000:.0f} ms per round trip)")
    print(f"  Tsunagi 30x30: {figures(slow['tsunagi_times'])}")
    print(f"  Suido 28x28:   {figures(slow['suido_times'])}")
    same_lines = direct["tsunagi_lines"] == slow["tsunagi_lines"]
    same_pieces = direct["suido_progress"] == slow["suido_progress"]
    print(f"  lines end exactly as without latency: {same_lines} (answer drawn: "
          f"{direct['tsunagi_ok'] and slow['tsunagi_ok']})")  # fmt: skip
    print(f"  pieces end exactly as without latency: {same_pieces} (solved: "
          f"{direct['suido_solved'] and slow['suido_solved']})")  # fmt: skip
    print(f"Patched drawing equals a fresh drawing: {direct['patch_equals_fresh']}, "
          f"{slow['patch_equals_fresh']}")  # fmt: skip
    if not (same_lines and same_pieces and direct["patch_equals_fresh"]):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
