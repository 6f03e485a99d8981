"""Time one ``drag_game`` step on a full 30x30 board (the goal is under 0.5 ms).

Takes the first 30x30 level of the originals' corpus (``../shared/corpus/tsunagi``), draws
every line of its answer, cuts the longest line at its middle, puts a finger on the cut end
and moves it back and forth between that cell and the next one along the answer, so each step
extends or shortens the line. Prints the median, mean and fastest step over many repetitions.

Run: ``.venv/bin/python bench/drag_step.py [repetitions]``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from itsutsu.tsunagi.game import drag_game, new_game, press_game
from itsutsu.tsunagi.lines import lines_of_answer

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "tsunagi"


def first_level(size: int) -> tuple[str, str]:
    """Return (layout, answer) of the first level of ``classic-<size>.tsv``."""
    path = CORPUS / f"classic-{size}.tsv"
    if not path.exists():
        raise SystemExit(f"corpus file {path} is absent: nothing to time")
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            row = line.split("\t")
            return row[1], row[2]
    raise SystemExit(f"{path} holds no level")


def main(repetitions: int = 20000) -> None:
    """Time ``repetitions`` drag steps and print the figures."""
    givens, answer = first_level(30)
    game = new_game(givens, 30, answer)
    assert game is not None
    drawn = lines_of_answer(game.layout, answer)
    assert drawn is not None
    pair = max(range(len(drawn)), key=lambda p: len(drawn[p]))
    path = drawn[pair]
    middle = len(path) // 2
    cut = (*drawn[:pair], path[: middle + 1], *drawn[pair + 1 :])
    game = new_game(givens, 30, answer, lines=cut)
    assert game is not None and not game.solved
    game = press_game(game, path[middle])
    assert game.drawing == pair
    cells = (path[middle + 1], path[middle])
    times = []
    clock = time.perf_counter
    for i in range(repetitions):
        start = clock()
        moved = drag_game(game, cells[i % 2])
        times.append(clock() - start)
        assert moved is not game
        game = moved
    median = statistics.median(times) * 1000
    mean = statistics.fmean(times) * 1000
    print(
        f"drag_game step on a full 30x30 board ({len(drawn)} lines, line of {len(path)} cells): "
        f"median {median:.4f} ms, mean {mean:.4f} ms, fastest {min(times) * 1000:.4f} ms "
        f"over {repetitions} steps (goal < 0.5 ms)"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20000)
