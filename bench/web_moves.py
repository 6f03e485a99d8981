"""Pointer event to patched SVG, in a real browser: a full 30x30 Tsunagi and a 28x28 Suido.

Chromium (Debian's) plays a level to the end against ``itsutsu serve`` on loopback: every line
of a 30x30 Tsunagi answer drawn by mouse, every tap of a 28x28 Suido answer (each tap after
the one before was answered). The page times each message from the pointer event that sent
it to the moment its answer is patched into the SVG; the figures are the median, p95 and
worst, and for Tsunagi the p95 of presses, drags and lifts apart.

Each level is played at two paces. *At rest*, the pointer moves as a person's does: the
mouse is over a cell, and that is on screen, before it presses; a stroke's finger stays on
its last cell until the stroke's answers are on screen, then lifts. *Back to back*, each
event follows the one before as soon as the browser has taken it, so a press or a lift
comes while the last answer's frame is still due. Chromium holds every task that follows a
press or a lift (the socket's answer among them) until the next frame whenever a frame is
due (DeferRendererTasksAfterInput), so back to back, presses and lifts wait up to a frame
(16.7 ms) for Chromium, not for us, as
``--chromium-arg=--disable-features=DeferRendererTasksAfterInput`` shows. Then the same is
played through a proxy that holds every socket frame 100 ms in each direction, and the lines
(and the pieces) must end exactly as they did without it. Last, the patched Tsunagi drawing
is checked against a fresh drawing of the same game.

For each Suido tap it also counts the DOM changes the patch made, the renderer's style
recalcs and layouts, and the main thread's busy time (Chrome DevTools Protocol).
The server's share is printed apart: the messages the browser sent are replayed through each
source's play handler (``bench/web_handler.py``) and its CPU per message timed.
``--compare REV`` plays the same against the app as it was at git revision REV (its server
and its page) in the same run, alternating (``--rounds N``), since the machine is shared.

Needs ``../shared/corpus`` (the levels) and ``/usr/bin/chromium``. Run:
``.venv/bin/python bench/web_moves.py [--compare REV] [--rounds N] [--only suido] [--no-delay]
[--pace rest|back-to-back] [--chromium-arg ARG]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
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
sys.path.insert(0, str(ROOT / "bench"))

from playwright.sync_api import sync_playwright  # noqa: E402

from itsutsu.web.levels import LevelStore  # noqa: E402
from web_browser import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    DESK,
    Finger,
    Server,
    export_src,
    free_port,
    kept_lines,
    solve_suido,
    solve_tsunagi,
    suido_pick,
    tsunagi_pick,
    wait_ready,
)
from web_handler import line as cpu_line  # noqa: E402
from web_handler import run_under  # noqa: E402
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
            tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            # Let the cancelled tasks finish, so none is left pending when the loop stops.
            await asyncio.gather(*tasks, return_exceptions=True)

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


COUNT_MUTATIONS = """(() => { window.itbMutations = 0; new MutationObserver((list) => {
  window.itbMutations += list.length; }).observe(document.querySelector('itsutsu-board'),
  {subtree: true, attributes: true, childList: true, characterData: true}); })()"""


def main_thread(cdp: Any) -> dict[str, float]:
    """The renderer's counters: style recalcs, layouts and the main thread's busy time."""
    return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}


def record(page: Any, out: dict[str, Any], key: str) -> None:
    """Keep every play message the page sends from now on in ``out[key]`` (for the server's
    share, replayed through the handler afterwards)."""
    sent: list[dict[str, Any]] = []
    out[key] = sent

    def socket(ws: Any) -> None:
        ws.on("framesent", lambda payload: sent.append(json.loads(payload)))

    if "listener" in out:
        page.remove_listener("websocket", out["listener"])
    out["listener"] = socket
    page.on("websocket", socket)


def play(
    browser: Any, url: str, store: LevelStore, only: str | None = None, rest: bool = True
) -> dict[str, Any]:
    out: dict[str, Any] = {"rest": rest}
    context = browser.new_context(viewport=DESK, device_scale_factor=1)
    page = context.new_page()
    if only != "suido":
        play_tsunagi(page, url, store, out)
    if only != "tsunagi":
        play_suido(page, url, store, out)
    context.close()
    return out


def play_tsunagi(page: Any, url: str, store: LevelStore, out: dict[str, Any]) -> None:
    note(f"Tsunagi 30x30 at {url} ({PACES[out['rest']]})")
    tsunagi = tsunagi_pick(store, "classic", 30, 64)
    record(page, out, "tsunagi_sent")
    page.goto(url + tsunagi.path)
    wait_ready(page)
    page.evaluate("document.querySelector('itsutsu-board').handle.stats.length = 0")
    solve_tsunagi(page, Finger(page, touch=False, rest=out["rest"]), tsunagi)
    out["tsunagi_times"] = page.evaluate("document.querySelector('itsutsu-board').handle.stats")
    # Answers come in the order the messages went, so the last sends are the timed ones.
    out["tsunagi_kinds"] = [m["t"] for m in out["tsunagi_sent"]][-len(out["tsunagi_times"]) :]
    out["tsunagi_lines"] = kept_lines(page, tsunagi.layout)
    out["tsunagi_ok"] = out["tsunagi_lines"] == tsunagi.lines
    # The drawing patched move by move against a fresh one of the same game.
    parts = ".tsu-washes, .tsu-lines, .tsu-beads"
    js = f"[...document.querySelectorAll('{parts}')].map(e => e.outerHTML).join('')"
    patched = page.evaluate(js)
    page.evaluate("document.querySelector('itsutsu-board').handle.set({marks: 'colours'})")
    page.wait_for_function("() => document.querySelector('itsutsu-board').handle.sentAt.size === 0")
    out["patch_equals_fresh"] = patched == page.evaluate(js)


def play_suido(page: Any, url: str, store: LevelStore, out: dict[str, Any]) -> None:
    note(f"Suido 28x28 at {url} ({PACES[out['rest']]})")
    suido = suido_pick(store, "28x28", 1)
    record(page, out, "suido_sent")
    page.goto(url + "/suido/28x28/1")
    wait_ready(page)
    page.evaluate("document.querySelector('itsutsu-board').handle.stats.length = 0")
    page.evaluate(COUNT_MUTATIONS)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    before = main_thread(cdp)
    solve_suido(page, Finger(page, touch=False, rest=out["rest"]), suido, paced=True)
    after = main_thread(cdp)
    out["suido_times"] = page.evaluate("document.querySelector('itsutsu-board').handle.stats")
    taps = max(1, len(out["suido_times"]))
    out["suido_per_tap"] = {
        "nodes": page.evaluate("window.itbMutations") / taps,
        "styles": (after["RecalcStyleCount"] - before["RecalcStyleCount"]) / taps,
        "layouts": (after["LayoutCount"] - before["LayoutCount"]) / taps,
        "busy": (after["TaskDuration"] - before["TaskDuration"]) * 1000 / taps,
    }
    cdp.detach()
    out["suido_progress"] = page.evaluate(
        "document.querySelector('itsutsu-board').handle.kept.progress"
    )
    out["suido_solved"] = page.get_attribute("itsutsu-board", "data-solved") == "true"


PACES = {True: "at rest", False: "back to back"}


def by_kind(got: dict[str, Any]) -> str:
    """The p95 of a Tsunagi play's presses, drags and lifts apart."""
    kinds: dict[str, list[float]] = {}
    for kind, took in zip(got["tsunagi_kinds"], got["tsunagi_times"], strict=True):
        kinds.setdefault(kind, []).append(took)
    parts = []
    for kind in ("press", "drag", "lift"):
        if kind in kinds:
            ordered = sorted(kinds[kind])
            p95 = ordered[int(0.95 * (len(ordered) - 1))]
            parts.append(f"{kind} {len(ordered)}: p95 {p95:.1f} ms")
    return ", ".join(parts)


def per_tap(got: dict[str, Any]) -> str:
    t = got["suido_per_tap"]
    return (f"per tap: {t['nodes']:.0f} DOM changes, {t['styles']:.1f} style recalcs, "
            f"{t['layouts']:.1f} layouts (the bench's own hit boxes included), "
            f"main thread busy {t['busy']:.0f} ms")  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", metavar="REV",
                        help="also play against the app as it was at git revision REV "
                             "(its server and its page), alternating with this one")  # fmt: skip
    parser.add_argument("--rounds", type=int, default=1, help="plays of each, alternated")
    parser.add_argument("--only", choices=("tsunagi", "suido"), help="play one puzzle only")
    parser.add_argument("--no-delay", action="store_true", help="skip the 100 ms latency run")
    parser.add_argument("--pace", choices=("rest", "back-to-back"),
                        help="play at this pace only (default: both)")  # fmt: skip
    parser.add_argument("--chromium-arg", action="append", default=[], metavar="ARG",
                        help="one more command-line switch for Chromium (repeatable)")  # fmt: skip
    args = parser.parse_args(argv)
    paces = {"rest": [True], "back-to-back": [False], None: [True, False]}[args.pace]
    with tempfile.TemporaryDirectory() as folder:
        levels = write_levels(Path(folder))
        store = LevelStore(levels)
        sources: list[tuple[str, Path | None]] = [("this checkout", None)]
        if args.compare:
            old = Path(folder) / "baseline"
            old.mkdir()
            sources.insert(0, (f"at {args.compare}", export_src(args.compare, old)))
        servers = {name: Server(levels, src=src).start() for name, src in sources}
        mine = servers["this checkout"]
        proxy = DelayProxy(mine.port).start()
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name in servers}
        loads: list[float] = []
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, args=CHROMIUM_ARGS + args.chromium_arg
                )
                for _ in range(args.rounds):
                    for rest in paces:
                        for name, server in servers.items():
                            runs[name].append(play(browser, server.url, store, args.only, rest))
                            loads.append(os.getloadavg()[0])
                slow = None
                if not args.no_delay:
                    slow = play(
                        browser, f"http://127.0.0.1:{proxy.port}", store, args.only, paces[0]
                    )
                browser.close()
        finally:
            proxy.stop()
            for server in servers.values():
                server.stop()
        # The server's share: the very messages the browser sent (in the last play against
        # this checkout), replayed through each source's handler, CPU timed per message.
        last = runs["this checkout"][-1]
        payload = [[title, [{k: v for k, v in message.items() if k != "seq"}
                            for message in last[key]]]
                   for title, key in (("Tsunagi 30x30", "tsunagi_sent"),
                                      ("Suido 28x28", "suido_sent")) if key in last]  # fmt: skip
        split = {name: run_under(src, payload, 1, levels) for name, src in sources}
    print("Pointer event to patched SVG, Chromium on loopback (desk width, mouse)")
    if args.chromium_arg:
        print(f" (Chromium with {' '.join(args.chromium_arg)})")
    for name, plays in runs.items():
        for number, got in enumerate(plays, start=1):
            print(f" {name} (play {number}, {PACES[got['rest']]}):")
            if "tsunagi_times" in got:
                print(f"  Tsunagi 30x30 (level 64, full answer): {figures(got['tsunagi_times'])}")
                print(f"    {by_kind(got)}")
            if "suido_times" in got:
                print(f"  Suido 28x28 (level 1, every tap):      {figures(got['suido_times'])}")
                print(f"    {per_tap(got)}")
    print(f"  (machine load average {min(loads):.1f}-{max(loads):.1f} on {os.cpu_count()} cores)")
    print("Of which the server: CPU in the play handler per message (the same messages replayed)")
    for name, results in split.items():
        for (title, _), result in zip(payload, results, strict=True):
            print(f"  {name}, {title}: {cpu_line(result)}")
    direct = runs["this checkout"][-1]
    ok = direct.get("patch_equals_fresh", True)
    if slow is not None:
        print(
            f"With {DELAY * 1000:.0f} ms added each way ({2 * DELAY * 1000:.0f} ms per round trip)"
        )
        if "tsunagi_times" in slow:
            print(f"  Tsunagi 30x30: {figures(slow['tsunagi_times'])}")
            same_lines = direct["tsunagi_lines"] == slow["tsunagi_lines"]
            print(f"  lines end exactly as without latency: {same_lines} (answer drawn: "
                  f"{direct['tsunagi_ok'] and slow['tsunagi_ok']})")  # fmt: skip
            ok = ok and same_lines
        if "suido_times" in slow:
            print(f"  Suido 28x28:   {figures(slow['suido_times'])}")
            same_pieces = direct["suido_progress"] == slow["suido_progress"]
            print(f"  pieces end exactly as without latency: {same_pieces} (solved: "
                  f"{direct['suido_solved'] and slow['suido_solved']})")  # fmt: skip
            ok = ok and same_pieces
    if "patch_equals_fresh" in direct:
        print(f"Patched drawing equals a fresh drawing: {direct['patch_equals_fresh']}")
    if not ok:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
