"""The server's share of a move: CPU time in the play handler per socket message.

Replays a stream of play messages through :func:`itsutsu.web.play.handle` and the JSON
encoding of each reply (all the socket route does per message besides the transport), one
message at a time, timing each with ``time.process_time`` (CPU, not wall time: the machine is
shared). The streams are a full 30x30 Tsunagi answer drawn cell by cell (press, one drag per
cell, lift) and every tap of a 28x28 Suido answer, as ``bench/web_moves.py`` plays them; or a
recorded stream (``--replay FILE``: JSON, a list of ``[name, [message, ...]]``), which is how
``web_moves.py`` asks for the split of the very messages its browser sent.

``--compare REV`` runs the same streams against the package as it was at git revision REV, in
the same run, alternating (``--rounds N``), and prints the ratio. ``--json`` prints the raw
figures for another script. Needs ``../shared/corpus``. Run:
``PYTHONPATH=src .venv/bin/python bench/web_handler.py [--compare REV] [--rounds N]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

Stream = list[Any]  # [name, [message, ...]]


def streams() -> list[Stream]:
    """The two streams web_moves.py plays: a 30x30 Tsunagi answer and a 28x28 Suido answer."""
    from itsutsu import suido, tsunagi
    from itsutsu.web.levels import LevelStore
    from web_levels import write_levels

    with tempfile.TemporaryDirectory() as folder:
        store = LevelStore(write_levels(Path(folder)))
        level = store.tsunagi_level(30, 64, "classic")
        s_level = store.suido_level("28x28", 1)
    store = LevelStore(Path(tempfile.mkdtemp()))  # empty: the streams open by code
    assert level is not None and s_level is not None
    layout = tsunagi.decode_layout(level.layout, 30)
    assert layout is not None
    lines = tsunagi.lines_of_answer(layout, level.answer)
    assert lines is not None
    t_moves: list[dict[str, Any]] = [
        {"t": "open", "puzzle": "tsunagi", "size": 30, "layout": level.layout,
         "answer": level.answer},
    ]  # fmt: skip
    # As the browser plays it: every line of the answer, then again those an explosion cut,
    # until the board is solved (the stream is made by playing it here).
    from itsutsu.web.play import TsunagiPlay, handle

    state = handle(store, None, {**t_moves[0], "seq": 0})[0]
    for _ in range(8):
        assert isinstance(state, TsunagiPlay)
        drawn = state.game.lines
        for pair, line in enumerate(lines):
            if drawn[pair] in (line, line[::-1]):
                continue
            stroke = [{"t": "press", "cell": line[0]}]
            stroke += [{"t": "drag", "cells": [cell]} for cell in line[1:]]
            stroke.append({"t": "lift"})
            for move in stroke:
                state = handle(store, state, {**move, "seq": len(t_moves)})[0]
                t_moves.append(move)
        assert isinstance(state, TsunagiPlay)
        if state.game.solved:
            break
    board = suido.decode_layout(s_level.board)
    answer = suido.decode_layout(s_level.answer)
    assert board is not None and answer is not None
    turns = suido.turns_of(board, answer.cells)
    assert turns is not None
    s_moves: list[dict[str, Any]] = [
        {"t": "open", "puzzle": "suido", "board": s_level.board, "answer": s_level.answer}
    ]
    for cell, quarters in enumerate(turns):
        s_moves += [{"t": "turn", "cell": cell, "by": 1}] * int(quarters)
    return [["Tsunagi 30x30 (level 64)", t_moves], ["Suido 28x28 (level 1)", s_moves]]


def replay(
    stream: list[dict[str, Any]], repeat: int = 1, levels: Path | None = None
) -> dict[str, Any]:
    """Play ``stream`` through the handler ``repeat`` times; return per-message CPU in ms
    (the first message, the open, left out), split into handler and reply encoding, and the
    reply bytes, with the final reply's solved flag."""
    from itsutsu.web.levels import LevelStore
    from itsutsu.web.play import handle

    with tempfile.TemporaryDirectory() as folder:
        store = LevelStore(levels or Path(folder))
        handler: list[float] = []
        encode: list[float] = []
        sent = 0
        solved = False
        errors = 0
        clock = time.process_time
        for _ in range(repeat):
            state = None
            for seq, message in enumerate(stream):
                body = {**message, "seq": seq}
                started = clock()
                state, reply = handle(store, state, body)
                handled = clock()
                text = json.dumps(reply, separators=(",", ":"))
                done = clock()
                if seq == 0:
                    continue
                handler.append((handled - started) * 1000)
                encode.append((done - handled) * 1000)
                sent += len(text)
                errors += reply["t"] == "error"
                solved = bool(reply.get("solved", solved))
    return {"handler": handler, "encode": encode, "bytes": sent / max(1, len(handler)),
            "solved": solved, "errors": errors}  # fmt: skip


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[int(0.95 * (len(ordered) - 1))]


def line(got: dict[str, Any]) -> str:
    """One line of figures for a replay's result."""
    total = [h + e for h, e in zip(got["handler"], got["encode"], strict=True)]
    return (
        f"{len(total)} messages: CPU per message median {statistics.median(total):.3f} ms, "
        f"p95 {_p95(total):.3f} ms, worst {max(total):.3f} ms, mean {statistics.mean(total):.3f} "
        f"ms (handler {statistics.mean(got['handler']):.3f} + JSON "
        f"{statistics.mean(got['encode']):.3f}); reply {got['bytes']:.0f} bytes on average; "
        f"solved {got['solved']}, errors {got['errors']}"
    )


def run_under(
    src: Path | None, payload: list[Stream], repeat: int, levels: Path | None = None
) -> list[dict[str, Any]]:
    """Replay ``payload`` in a fresh Python whose package comes from ``src`` (None: here)."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump(payload, file)
    env = {**os.environ, "PYTHONPATH": str(src or ROOT / "src")}
    try:
        out = subprocess.run(
            [sys.executable, __file__, "--replay", file.name, "--repeat", str(repeat), "--json",
             *(["--levels", str(levels)] if levels else [])],
            check=True, capture_output=True, text=True, env=env,
        ).stdout  # fmt: skip
    finally:
        os.unlink(file.name)
    results: list[dict[str, Any]] = json.loads(out)
    return results


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replay", metavar="FILE", help="replay recorded streams")
    parser.add_argument("--repeat", type=int, default=1, help="plays of each stream")
    parser.add_argument("--json", action="store_true", help="print raw figures as JSON")
    parser.add_argument("--levels", type=Path, help="the level files a recorded stream opens")
    parser.add_argument("--compare", metavar="REV", help="also run the package at REV")
    parser.add_argument("--rounds", type=int, default=2, help="alternated runs of each")
    args = parser.parse_args(argv)
    payload: list[Stream] = json.loads(Path(args.replay).read_text()) if args.replay else streams()
    if args.json:
        print(json.dumps([replay(stream, args.repeat, args.levels) for _, stream in payload]))
        return
    from web_browser import export_src

    with tempfile.TemporaryDirectory() as folder:
        sources: list[tuple[str, Path | None]] = [("this checkout", None)]
        if args.compare:
            sources.insert(0, (f"at {args.compare}", export_src(args.compare, Path(folder))))
        got: dict[str, list[list[dict[str, Any]]]] = {name: [] for name, _ in sources}
        loads = []
        for _ in range(args.rounds):
            for name, src in sources:
                got[name].append(run_under(src, payload, args.repeat))
                loads.append(os.getloadavg()[0])
    print("Server CPU in the play handler per socket message (time.process_time)")
    for name, runs in got.items():
        for number, results in enumerate(runs, start=1):
            print(f" {name} (run {number}):")
            for (title, _), result in zip(payload, results, strict=True):
                print(f"  {title}: {line(result)}")
    if args.compare:
        base, mine = got[sources[0][0]], got["this checkout"]
        for index, (title, _) in enumerate(payload):

            def mean_of(runs: list[list[dict[str, Any]]], at: int = index) -> float:
                return statistics.median(
                    statistics.mean(h + e for h, e in zip(r[at]["handler"], r[at]["encode"],
                                                          strict=True))
                    for r in runs
                )  # fmt: skip

            print(f"  {title}: at {args.compare} / this checkout, mean CPU per message "
                  f"{mean_of(base) / mean_of(mine):.1f}x")  # fmt: skip
    print(f"  (machine load average {min(loads):.1f}-{max(loads):.1f} on {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
