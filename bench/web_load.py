"""Load test (loopback only, bounded): many sockets at once, each playing a whole game.

Starts ``itsutsu serve`` on a free loopback port, opens ``--sockets`` WebSockets (200 by
default) and holds them all open at once; then each plays one game to the end, as a player's
page would: half draw the answer of a 7x7 Tsunagi level (a press, one message per cell the
finger crosses, a lift), half turn a 7x7 Suido level's pieces round (one message per tap),
each at a finger's pace (``--pace`` seconds between its messages, five times that between
two strokes). Every reply is checked
(no error, every game ends solved) and each move is timed from send to reply. Prints the
median, p95 and worst move time; exits 1 on any error, an unsolved game, or p95 over 50 ms.

Needs ``../shared/corpus``. Run: ``.venv/bin/python bench/web_load.py [--sockets 200]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import websockets  # noqa: E402

from itsutsu import suido, tsunagi  # noqa: E402
from itsutsu.web.levels import LevelStore  # noqa: E402
from web_browser import Server, export_src  # noqa: E402
from web_levels import write_levels  # noqa: E402

GOAL_P95_MS = 50.0


def tsunagi_moves(store: LevelStore, number: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    level = store.tsunagi_level(7, number)
    assert level is not None
    layout = tsunagi.decode_layout(level.layout, 7)
    assert layout is not None
    lines = tsunagi.lines_of_answer(layout, level.answer)
    assert lines is not None
    moves: list[dict[str, Any]] = []
    for line in lines:
        moves.append({"t": "press", "cell": line[0]})
        moves += [{"t": "drag", "cells": [cell]} for cell in line[1:]]
        moves.append({"t": "lift"})
    return {"t": "open", "puzzle": "tsunagi", "size": 7, "level": number}, moves


def suido_moves(store: LevelStore, number: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    level = store.suido_level("7x7", number)
    assert level is not None
    board = suido.decode_layout(level.board)
    answer = suido.decode_layout(level.answer)
    assert board is not None and answer is not None
    turns = suido.turns_of(board, answer.cells)
    assert turns is not None
    moves: list[dict[str, Any]] = []
    for cell, quarters in enumerate(turns):
        if quarters == "3":
            moves.append({"t": "turn", "cell": cell, "by": -1})
        else:
            moves += [{"t": "turn", "cell": cell, "by": 1}] * int(quarters)
    return {"t": "open", "puzzle": "suido", "size": "7x7", "level": number}, moves


def cpu_seconds(pid: int) -> float:
    """Return the CPU time a process (and its finished children) has used, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = sum(int(f) for f in fields[11:15])
    return ticks / os.sysconf("SC_CLK_TCK")


async def player(
    url: str, opening: dict[str, Any], moves: list[dict[str, Any]], pace: float,
    everyone_in: asyncio.Event, arrived: list[int], count: int,
) -> tuple[list[float], list[str], bool]:  # fmt: skip
    times: list[float] = []
    errors: list[str] = []
    solved = False
    async with websockets.connect(url, max_size=2**23, open_timeout=60) as socket:
        await socket.send(json.dumps({**opening, "seq": 0}))
        reply = json.loads(await socket.recv())
        if reply["t"] != "opened":
            errors.append(f"open: {reply}")
            return times, errors, solved
        arrived.append(1)
        if len(arrived) == count:
            everyone_in.set()
        await everyone_in.wait()  # every socket is open before anyone plays
        for seq, move in enumerate(moves, start=1):
            start = time.perf_counter()
            await socket.send(json.dumps({**move, "seq": seq}))
            reply = json.loads(await socket.recv())
            times.append((time.perf_counter() - start) * 1000)
            if reply["t"] == "error" or reply.get("seq") != seq:
                errors.append(f"{move}: {reply}")
            solved = bool(reply.get("solved", solved))
            # A finger pauses between strokes (after a lift) longer than between cells.
            await asyncio.sleep(pace * (5 if move["t"] == "lift" else 1))
    return times, errors, solved


async def run(url: str, games: list[tuple[dict[str, Any], list[dict[str, Any]]]],
              pace: float) -> list[tuple[list[float], list[str], bool]]:  # fmt: skip
    everyone_in = asyncio.Event()
    arrived: list[int] = []
    tasks = [
        player(url, opening, moves, pace, everyone_in, arrived, len(games))
        for opening, moves in games
    ]
    return await asyncio.wait_for(asyncio.gather(*tasks), timeout=600)


def measure(levels: Path, games: list[tuple[dict[str, Any], list[dict[str, Any]]]],
            args: argparse.Namespace, src: Path | None) -> dict[str, Any]:  # fmt: skip
    """Serve from ``src`` (None: this checkout), play every game at once; return the figures."""
    extra = ("--sockets-per-client", str(args.sockets + 10), "--workers", str(args.workers))
    server = Server(levels, extra=extra, src=src).start()
    assert server.process is not None
    pid = server.process.pid
    cpu_before = cpu_seconds(pid)
    load_before = os.getloadavg()[0]
    client_before = time.process_time()
    started = time.perf_counter()
    try:
        results = asyncio.run(run(f"ws://127.0.0.1:{server.port}/ws", games, args.pace))
        cpu = cpu_seconds(pid) - cpu_before
        client = time.process_time() - client_before
    finally:
        server.stop()
    took = time.perf_counter() - started
    times = sorted(t for result in results for t in result[0])
    return {
        "times": times,
        "took": took,
        "cpu": cpu,
        "client": client,
        "load": (load_before + os.getloadavg()[0]) / 2,
        "errors": [e for result in results for e in result[1]],
        "unsolved": sum(1 for result in results if not result[2]),
        "games": len(results),
    }


def p95_of(times: list[float]) -> float:
    return times[int(0.95 * (len(times) - 1))]


def report(name: str, got: dict[str, Any]) -> None:
    times, took, cpu = got["times"], got["took"], got["cpu"]
    print(
        f"  {name}: {len(times)} moves in {took:.1f} s ({len(times) / took:.0f} a second): "
        f"median {statistics.median(times):.2f} ms, p95 {p95_of(times):.2f} ms, "
        f"worst {times[-1]:.2f} ms"
    )
    print(f"    server CPU {cpu * 1000 / len(times):.2f} ms a move ({cpu / took:.0%} of a core); "
          f"players' CPU {got['client'] * 1000 / len(times):.2f} ms a move; "
          f"machine load average {got['load']:.1f} on {os.cpu_count()} cores")  # fmt: skip
    print(f"    errors {len(got['errors'])}, games not solved {got['unsolved']} of {got['games']}")
    for error in got["errors"][:5]:
        print("   ", error[:200])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=int, default=200)
    parser.add_argument(
        "--pace", type=float, default=0.1,
        help="seconds between a socket's moves (five times as long after a lift)",
    )  # fmt: skip
    parser.add_argument("--workers", type=int, default=1, help="server processes")
    parser.add_argument(
        "--compare", metavar="REV",
        help="also serve the app as it was at git revision REV, alternating with this one",
    )  # fmt: skip
    parser.add_argument("--rounds", type=int, default=1, help="runs of each server, alternated")
    parser.add_argument(
        "--hide", metavar="MODULE", action="append", default=[],
        help="the REV server runs as if MODULE were not installed (e.g. uvloop, pinned later)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        levels = write_levels(Path(folder))
        store = LevelStore(levels)
        games = [
            tsunagi_moves(store, 1 + i % 64) if i % 2 == 0 else suido_moves(store, 1 + i % 64)
            for i in range(args.sockets)
        ]
        servers: list[tuple[str, Path | None]] = [("this checkout", None)]
        hidden = f" without {', '.join(args.hide)}" if args.hide else ""
        base_name = f"at {args.compare}{hidden}"
        if args.compare:
            old = Path(folder) / "baseline"
            old.mkdir()
            src = export_src(args.compare, old)
            for module in args.hide:  # a package that raises ImportError shadows the real one
                (src / module).mkdir()
                (src / module / "__init__.py").write_text(f"raise ImportError('{module} hidden')\n")
            servers.insert(0, (base_name, src))
        got: dict[str, list[dict[str, Any]]] = {name: [] for name, _ in servers}
        for _ in range(args.rounds):
            for name, src in servers:
                got[name].append(measure(levels, games, args, src))
    print(
        f"{args.sockets} sockets open at once on loopback, {args.workers} server process(es), "
        f"one move per {args.pace * 1000:.0f} ms per socket"
    )
    for name, runs in got.items():
        for number, one in enumerate(runs, start=1):
            report(f"{name} (run {number})", one)
    mine = got["this checkout"]
    if args.compare:
        base = got[base_name]
        ratio_p95 = statistics.median(p95_of(r["times"]) for r in base) / statistics.median(
            p95_of(r["times"]) for r in mine
        )
        ratio_cpu = statistics.median(r["cpu"] / len(r["times"]) for r in base) / statistics.median(
            r["cpu"] / len(r["times"]) for r in mine
        )
        print(f"  {base_name} / this checkout: p95 {ratio_p95:.2f}x, CPU a move {ratio_cpu:.2f}x")
    bad = any(r["errors"] or r["unsolved"] for runs in got.values() for r in runs)
    if bad or p95_of(mine[-1]["times"]) > GOAL_P95_MS:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
