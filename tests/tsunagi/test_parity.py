"""The chessboard-colouring refutation: sound against the brute force on thousands of small
boards, applied only where the colouring is proper, and instant on the big empty boards."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from itsutsu.tsunagi.alphabet import PAIR_LETTERS, WAYPOINT_LETTERS
from itsutsu.tsunagi.layout import Layout, decode_layout
from itsutsu.tsunagi.solver.count import _count, count_solutions, count_solutions_of_level
from itsutsu.tsunagi.solver.parity import _colouring_fails, parity_applies, parity_refutes
from tsunagi_boards import brute_force, random_board


def _corners(size: int, tail: str = "") -> Layout:
    layout = decode_layout("A" + "." * (size * size - 2) + "A" + tail, size)
    assert layout is not None
    return layout


def _scattered(rng: random.Random) -> Layout | None:
    """A small board with stones dropped at random (mostly no answer), random blocked cells,
    walls, an even wrap or waypoints: the boards the colouring has something to say about."""
    size = rng.randint(2, 5)
    n = size * size
    chars = ["."] * n
    for at in rng.sample(range(n), rng.randint(0, n // 4)):
        chars[at] = "#"
    open_cells = [at for at, ch in enumerate(chars) if ch == "."]
    if len(open_cells) < 2:
        return None
    pairs = rng.randint(1, min(4, len(open_cells) // 2))
    picked = rng.sample(open_cells, 2 * pairs)
    picked_pairs = sorted(
        (min(picked[2 * i], picked[2 * i + 1]), max(picked[2 * i], picked[2 * i + 1]))
        for i in range(pairs)
    )
    for rank, (a, b) in enumerate(picked_pairs):
        chars[a] = chars[b] = PAIR_LETTERS[rank]
    if rng.random() < 0.3:
        free = [at for at, ch in enumerate(chars) if ch == "."]
        if free:
            chars[rng.choice(free)] = WAYPOINT_LETTERS[rng.randrange(pairs)]
    tail = ""
    if rng.random() < 0.3:
        walls = set()
        for _ in range(rng.randint(1, 3)):
            a = rng.randrange(n)
            b = a + 1 if rng.random() < 0.5 and a % size < size - 1 else a + size
            if b < n:
                walls.add((a, b))
        if walls:
            tail += "|" + ",".join(f"{a}-{b}" for a, b in sorted(walls))
    if size % 2 == 0 and rng.random() < 0.3:
        tail += "|wrap"
    return decode_layout("".join(chars) + tail, size)


def _boards(seed: int, count: int) -> list[Layout]:
    rng = random.Random(seed)
    out: list[Layout] = []
    while len(out) < count:
        layout = _scattered(rng) if rng.random() < 0.6 else random_board(rng)
        if layout is not None:
            out.append(layout)
    return out


def test_parity_never_refutes_a_board_with_an_answer() -> None:
    refuted = with_answer = applies = 0
    for layout in _boards(20261202, 2500):
        has_answer = bool(brute_force(layout, 1))
        with_answer += has_answer
        applies += parity_applies(layout)
        if parity_refutes(layout):
            refuted += 1
            assert not has_answer, layout
            assert _count(layout, 2, None, None, parity=False).count == 0
    # The check has real work to do on these boards, and there are answers to protect.
    assert refuted > 400
    assert with_answer > 500
    assert applies > 1500


def test_count_is_the_same_with_and_without_the_check() -> None:
    for layout in _boards(7, 600):
        on = count_solutions(layout, 3)
        off = _count(layout, 3, None, None, parity=False)
        assert (on.count, set(on.answers), on.complete) == (off.count, set(off.answers), True)


def test_each_left_out_board_kind_would_be_refuted_wrongly() -> None:
    # Hexagons, odd wraps, bridges and portals: in each, some board with an answer fails
    # the colouring count, so the check must not run there.
    rng = random.Random(99)
    wrongly: set[str] = set()
    tries = 0
    while len(wrongly) < 4 and tries < 20000:
        tries += 1
        layout = random_board(rng)
        if layout is None or parity_applies(layout):
            continue
        if _colouring_fails(layout) and brute_force(layout, 1):
            assert not parity_refutes(layout)
            if layout.hex:
                wrongly.add("hex")
            elif layout.bridges:
                wrongly.add("bridges")
            elif layout.portal_pairs:
                wrongly.add("portals")
            else:
                assert layout.wrap and layout.size % 2 == 1
                wrongly.add("odd wrap")
    assert wrongly == {"hex", "bridges", "portals", "odd wrap"}


def test_where_the_colouring_applies() -> None:
    assert parity_applies(_corners(6))
    assert parity_applies(_corners(6, "|wrap"))
    assert not parity_applies(_corners(5, "|wrap"))
    hexagon = decode_layout("##AB.#C.D..E..B...D#CEA##|hex", 5)
    assert hexagon is not None and not parity_applies(hexagon)
    bridge_board = decode_layout("A....+.........A", 4)
    assert bridge_board is not None and not parity_applies(bridge_board)
    portal_board = decode_layout("A..............A|portals1-14", 4)
    assert portal_board is not None and not parity_applies(portal_board)
    walled = decode_layout("A..............A|0-1,4-5", 4)
    assert walled is not None and parity_applies(walled)


def _board(code: str) -> Layout:
    layout = decode_layout(code, 4)
    assert layout is not None, code
    return layout


def test_exact_condition_on_hand_made_boards() -> None:
    # Cell (row, col) of a 4x4 is black when row + col is even: 0, 2, 5, 7, 8, 10, 13, 15.
    # Opposite corners of an even board: both black, a surplus of one: refuted.
    assert parity_refutes(_corners(4))
    # Opposite corners of an odd board: both black, and one black cell more: passes, and
    # the board has answers.
    assert not parity_refutes(_corners(5))
    assert count_solutions(_corners(5), 1).count == 1
    # A black-black pair (0, 15) and a white-white pair (4, 14) cancel: passes, answered.
    mixed = _board("A...B.........BA")
    assert not parity_refutes(mixed) and brute_force(mixed, 1)
    # A black-black pair (0, 15) and a black-white pair (2, 14): surplus 1: refuted.
    both = _board("A.B...........BA")
    assert parity_refutes(both) and brute_force(both, 1) == []
    # Cells 2 and 3 walled off: a part that balances (one black, one white) but holds no
    # stone, so nothing can cover it: refuted, though the colours balance everywhere.
    empty_part = _board("AB............BA|1-2,2-6,3-7")
    assert not _colouring_fails(_board("AB............BA"))
    assert parity_refutes(empty_part) and brute_force(empty_part, 1) == []
    # Pair A's stones in two parts (cell 0 walled off): refuted.
    split = _board("AB............BA|0-1,0-4")
    assert parity_refutes(split) and brute_force(split, 1) == []
    # Blocked cells take cells away: blocking white cell 1 balances the board "both" again.
    assert not parity_refutes(_board("A#B...........BA"))
    assert parity_refutes(_board("A.B..#........BA"))  # blocking black cell 5 does not


@pytest.mark.parametrize("size", [12, 14, 20, 30])
def test_corner_pair_of_a_big_empty_board_is_refuted_at_once(size: int) -> None:
    result = count_solutions(_corners(size))
    assert (result.count, result.complete, result.gave_up, result.solves) == (0, True, False, 0)
    assert result.conflicts == 0
    level = count_solutions_of_level(_corners(size), "A" * size * size)
    assert (level.count, level.complete, level.solves) == (0, True, 0)


def test_refusal_of_a_non_layout() -> None:
    with pytest.raises(ValueError, match="Layout"):
        parity_refutes("A..A")  # type: ignore[arg-type]


def test_command_line_refutes_the_corner_pair_at_once() -> None:
    # `itsutsu tsunagi solve 30 "A<898 dots>A"` ran for minutes before the colouring check.
    command = Path(sys.executable).parent / "itsutsu"
    board = "A" + "." * 898 + "A"
    for verb in ("solve", "count"):
        start = time.perf_counter()
        done = subprocess.run(
            [str(command), "tsunagi", verb, "30", board],
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )
        assert time.perf_counter() - start < 30
        assert done.stderr == ""
        if verb == "solve":
            assert (done.returncode, done.stdout) == (1, "no answer\n")
        else:
            assert done.stdout.startswith("0 answers")
