"""Stand-in job functions for the level scripts' tests (never used to make real levels).

``make_pool.py`` runs any job function named ``module:function``; these are cheap and
deterministic so that the pool machinery can be tested without the generators:

- :func:`quick_job` makes placeholder boards from the job's seeds alone (text, not puzzles),
  optionally slowly and writing a line to a log file per job run (for the kill-and-resume
  test): ``POOL_FAKE_DELAY`` seconds per job, ``POOL_FAKE_LOG`` the log file.
- :func:`tsunagi_job` makes real 5x5 Tsunagi boards (random paths cut into lines, with walls
  or waypoints added for those profiles), each proved unique by the package's solver, and
  every few a mirror image of the one before, so the chooser must drop it.
- :func:`suido_job` makes real small Suido networks (random spanning trees, scrambled, some
  wrapping or with locked pieces), each proved unique.

Scores are a hash of the board's symmetry key: deterministic, spread over 1-100, and no
measure of anything.
"""

from __future__ import annotations

import math
import os
import time

import pool_adapters as adapters
from itsutsu import suido, tsunagi
from itsutsu.common.random import Random, fnv1a, seeded_random
from itsutsu.tsunagi.alphabet import PAIR_LETTERS
from pool_jobs import Board, Job, Outcome


def fake_score(key: str) -> float:
    """A stand-in score, 1 to 100, from a board's key."""
    return 1 + (fnv1a(key) % 9901) / 100


def quick_job(job: Job) -> Outcome:
    """Placeholder boards: attempt k keeps a board unless its seed is divisible by 5."""
    delay = float(os.environ.get("POOL_FAKE_DELAY", "0"))
    log = os.environ.get("POOL_FAKE_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as out:
            out.write(f"start {job.name}\n")
    if delay:
        time.sleep(delay)
    boards = []
    for attempt in range(4):
        seed = job.seed(attempt)
        if seed % 5 == 0:
            continue
        code = f"{job.size}:{seed:08x}"
        boards.append(
            Board(attempt, seed, code, code[::-1], (), f"k{seed:08x}", fake_score(code), {"n": 1})
        )
    if log:
        with open(log, "a", encoding="utf-8") as out:
            out.write(f"done {job.name}\n")
    return Outcome(tuple(boards), 4, {"seed divisible by 5": 4 - len(boards)})


# ---------------------------------------------------------------------------------------
# Real Tsunagi boards


def _path(size: int, random: Random) -> list[int]:
    """A random path through every cell: a snake, shuffled by backbite moves."""
    path = [
        row * size + (col if row % 2 == 0 else size - 1 - col)
        for row in range(size)
        for col in range(size)
    ]
    for _ in range(size * size * 8):
        if random() < 0.5:
            path.reverse()
        end = path[-1]
        row, col = divmod(end, size)
        around = [
            r * size + c
            for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
            if 0 <= r < size and 0 <= c < size
        ]
        other = around[math.floor(random() * len(around))]
        at = path.index(other)
        if at != len(path) - 2:
            path[at + 1 :] = path[at + 1 :][::-1]
    return path


def _lines(size: int, random: Random) -> list[list[int]] | None:
    """A random path cut into lines of 3 to 6 cells that never run beside themselves, or
    None when the cut leaves a piece too short."""
    path = _path(size, random)

    def touches(at: int, line: list[int]) -> bool:
        row, col = divmod(at, size)
        return any(abs(row - r) + abs(col - c) == 1 for r, c in (divmod(x, size) for x in line))

    lines: list[list[int]] = []
    at = 0
    while at < len(path):
        want = 3 + math.floor(random() * 4)
        line = [path[at]]
        at += 1
        while at < len(path) and len(line) < want and not touches(path[at], line[:-1]):
            line.append(path[at])
            at += 1
        while 0 < len(path) - at < 3 and not touches(path[at], line[:-1]):
            line.append(path[at])
            at += 1
        if len(line) < 3:
            return None
        lines.append(line)
    return lines


def _codes(size: int, lines: list[list[int]]) -> tuple[str, str]:
    """The layout and answer codes of a filling, lettered canonically."""
    ordered = sorted(lines, key=lambda line: min(line[0], line[-1]))
    cells = ["."] * (size * size)
    answer = [""] * (size * size)
    for pair, line in enumerate(ordered):
        cells[line[0]] = cells[line[-1]] = PAIR_LETTERS[pair]
        for at in line:
            answer[at] = PAIR_LETTERS[pair]
    return "".join(cells), "".join(answer)


def _mirrored(size: int, layout: str, answer: str) -> tuple[str, str]:
    """A plain board mirrored left to right and lettered again."""
    flip = [row * size + (size - 1 - col) for row in range(size) for col in range(size)]
    cells = "".join(layout[flip[at]] for at in range(size * size))
    names: dict[str, str] = {}
    for ch in cells:
        if ch != "." and ch not in names:
            names[ch] = PAIR_LETTERS[len(names)]
    new_cells = "".join(names.get(ch, ch) for ch in cells)
    new_answer = "".join(names[answer[flip[at]]] for at in range(size * size))
    return new_cells, new_answer


def _walled(size: int, layout: str, answer: str, random: Random) -> str:
    edges = [
        (a, b)
        for a in range(size * size)
        for b in (a + 1 if a % size < size - 1 else -1, a + size if a + size < size * size else -1)
        if b >= 0 and answer[a] != answer[b]
    ]
    chosen = sorted({edges[math.floor(random() * len(edges))] for _ in range(2)})
    return layout + "|" + ",".join(f"{a}-{b}" for a, b in chosen)


def _waypointed(layout: str, answer: str, random: Random) -> str:
    inner = [
        at for at, ch in enumerate(layout) if ch == "." and PAIR_LETTERS.index(answer[at]) < 26
    ]
    at = inner[math.floor(random() * len(inner))]
    return layout[:at] + answer[at].lower() + layout[at + 1 :]


def _tsunagi_board(job: Job, seed: int) -> tuple[str, str] | None:
    size = int(job.size)
    random = seeded_random(seed)
    lines = _lines(size, random)
    if lines is None:
        return None
    layout, answer = _codes(size, lines)
    if job.profile == "walls":
        layout = _walled(size, layout, answer, random)
    elif job.profile == "waypoints":
        layout = _waypointed(layout, answer, random)
    return layout, answer


def _unique(size: int, layout: str, answer: str) -> bool:
    """Whether a stand-in board has exactly one answer, its own (its lines never run beside
    themselves, so every rule of counting agrees)."""
    decoded = tsunagi.decode_layout(layout, size)
    if decoded is None or not tsunagi.check_answer(size, layout, answer).ok:
        return False
    result = tsunagi.count_solutions_of_level(decoded, answer)
    return result.unique and result.answers == (answer,)


def tsunagi_job(job: Job) -> Outcome:
    """Real Tsunagi boards (profiles ``plain``, ``walls``, ``waypoints``), proved unique;
    every third plain attempt is the mirror image of the attempt before."""
    size = int(job.size)
    boards = []
    dropped = 0
    attempts = 12
    for attempt in range(attempts):
        seed = job.seed(attempt)
        if job.profile == "plain" and attempt % 3 == 2:
            made = _tsunagi_board(job, job.seed(attempt - 1))
            made = made and _mirrored(size, *made)
        else:
            made = _tsunagi_board(job, seed)
        if made is None or not _unique(size, *made):
            dropped += 1
            continue
        layout, answer = made
        key = tsunagi.symmetry_key(layout, size)
        facts = adapters.facts(job.puzzle, job.size, layout, answer)
        shows = {"plain": (), "walls": ("walls",), "waypoints": ("waypoints",)}[job.profile]
        boards.append(Board(attempt, seed, layout, answer, shows, key, fake_score(key), {}, facts))
    return Outcome(tuple(boards), attempts, {"not proved unique": dropped} if dropped else {})


# ---------------------------------------------------------------------------------------
# Real Suido boards


def _tree(width: int, height: int, wrap: bool, random: Random) -> list[int]:
    """The masks of a random spanning tree of the board (a depth-first search)."""
    masks = [0] * (width * height)
    seen = {0}
    stack = [0]
    while stack:
        at = stack[-1]
        x, y = at % width, at // width
        options = []
        for bit, back, dx, dy in ((1, 4, 0, -1), (2, 8, 1, 0), (4, 1, 0, 1), (8, 2, -1, 0)):
            nx, ny = x + dx, y + dy
            if wrap:
                nx, ny = nx % width, ny % height
            elif not (0 <= nx < width and 0 <= ny < height):
                continue
            other = ny * width + nx
            if other not in seen:
                options.append((bit, back, other))
        if not options:
            stack.pop()
            continue
        bit, back, other = options[math.floor(random() * len(options))]
        masks[at] |= bit
        masks[other] |= back
        seen.add(other)
        stack.append(other)
    return masks


def _suido_board(job: Job, seed: int) -> tuple[str, str]:
    width, _, height = job.size.partition("x")
    w, h = int(width), int(height)
    random = seeded_random(seed)
    wrap = "wrap" in job.profile
    truth = _tree(w, h, wrap, random)
    source = math.floor(random() * w * h)
    locked = None
    if "locked" in job.profile:
        locked = tuple(sorted({math.floor(random() * w * h) for _ in range(2)}))
    given = []
    for cell, mask in enumerate(truth):
        turns = suido.rotations_of(mask)
        given.append(
            mask if locked and cell in locked else turns[math.floor(random() * len(turns))]
        )
    layout = suido.Layout(w, h, "network", wrap, tuple(given), (source,), (), locked)
    return suido.encode_layout(layout), suido.encode_layout(suido.with_masks(layout, truth))


def suido_job(job: Job) -> Outcome:
    """Real Suido networks (profiles ``plain``, ``wrap``, ``locked``, ``locked+wrap``),
    proved unique and needing at least three turns."""
    boards = []
    dropped = 0
    attempts = 12
    for attempt in range(attempts):
        seed = job.seed(attempt)
        code, answer = _suido_board(job, seed)
        facts = adapters.facts(job.puzzle, job.size, code, answer)
        proof = adapters.prove(job.puzzle, job.size, code, answer)
        if not proof.unique or sum(map(int, facts["turns"])) < 3:
            dropped += 1
            continue
        key = adapters.symmetry_key(job.puzzle, job.size, code, answer)
        shows = adapters.shows(job.puzzle, job.size, code)
        boards.append(Board(attempt, seed, code, answer, shows, key, fake_score(key), {}, facts))
    return Outcome(tuple(boards), attempts, {"dropped": dropped} if dropped else {})
