"""Games (spec 5): every corpus level drawn by finger, the game's quirks, keeping a game."""

from __future__ import annotations

import importlib
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import corpus_files, corpus_rows
from itsutsu.tsunagi.alphabet import CELL_BLOCKED, CELL_BRIDGE
from itsutsu.tsunagi.game import (
    UNDO_MOST,
    Checked,
    Game,
    Progress,
    cheat_game,
    cheat_line,
    check_game,
    drag_game,
    game_code,
    game_from_code,
    game_over,
    help_of,
    help_opens_next,
    is_solved,
    lift_game,
    new_game,
    out_of_strokes,
    press_game,
    progress,
    restart_game,
    strongest_help,
    undo_game,
)
from itsutsu.tsunagi.layout import Explosions, Layout
from itsutsu.tsunagi.lines import NO_REACH, Line, Lines, answer_of, let_go, lines_of_answer
from itsutsu.tsunagi.lines_code import decode_lines, encode_lines

LEVEL1 = "AB..B.CDEF.....A..E.C..DF"
LEVEL1_ANSWER = "ABBBBACDEFACDEFACDEFCCDDF"


# --- drawing a stored answer as a finger would ---------------------------------------------


def finger_plan(layout: Layout, path: Line, flick: bool) -> list[tuple[int, int]]:
    """Return (cell the line is drawn towards, the tip after it) for each move along a path.

    A portal passage is one move to the entry ring (the line comes out beyond the other
    ring); a bridge is passed over cell by cell. With ``flick``, straight runs along a row or
    column become one move to the run's end, which ``drag_through`` follows.
    """
    size = layout.size
    partner = layout.partner
    moves: list[tuple[int, int]] = []
    i = 1
    while i < len(path):
        if partner[path[i]] >= 0:
            moves.append((path[i], path[i + 2]))
            i += 3
        else:
            moves.append((path[i], path[i]))
            i += 1
    if not flick:
        return moves
    out: list[tuple[int, int]] = []
    tip = path[0]
    run: int | None = None
    length = 0
    most = size - 2 if layout.wrap else size  # a flick to a wrap neighbour would jump the join
    for target, after in moves:
        step = target - tip
        plain = (
            target == after
            and partner[tip] < 0
            and ((step in (1, -1) and target // size == tip // size) or step in (size, -size))
        )
        if plain and out and run == step and length < most:
            out[-1] = (target, after)
            length += 1
        else:
            out.append((target, after))
            run = step if plain else None
            length = 1
        tip = after
    return out


def finger_at(game: Game, target: int) -> int:
    """Return where the finger must be for the line to be drawn towards ``target`` (or -1)."""
    layout = game.layout
    size = layout.size
    row = target // size - game.reach.dr
    col = target % size - game.reach.dc
    if layout.wrap:
        row, col = row % size, col % size
    elif not (0 <= row < size and 0 <= col < size):
        return -1
    return row * size + col


def draw_line(game: Game, path: Line, flick: bool) -> tuple[Game, int]:
    """Press the path's first stone, drag along it, lift; return the game and the moves made."""
    layout = game.layout
    pair = layout.cells[path[0]]
    game = press_game(game, path[0])
    assert game.drawing == pair and game.reach is NO_REACH
    moves = 0
    for target, after in finger_plan(layout, path, flick):
        finger = finger_at(game, target)
        if finger < 0:
            # The finger cannot reach past the board's edge: lift, press the tip again.
            tip = game.lines[pair][-1]
            game = press_game(lift_game(game), tip)
            assert game.drawing == pair
            finger = finger_at(game, target)
        moved = drag_game(game, finger)
        assert moved is not game, (path, target)
        game = moved
        moves += 1
        assert game.lines[pair][-1] == after, (path, target, game.lines[pair])
    return lift_game(game), moves


def play_answer(size: int, givens: str, answer: str, flick: bool) -> tuple[Game, int]:
    """Draw the answer's lines until the game is solved (redrawing lines an explosion cut)."""
    game = new_game(givens, size, answer)
    assert game is not None
    lines = lines_of_answer(game.layout, answer)
    assert lines is not None, givens
    moves = 0
    for _ in range(6 * game.layout.pairs + 10):
        if game.solved:
            break
        pair = next(p for p in range(game.layout.pairs) if game.lines[p] != lines[p])
        game, made = draw_line(game, lines[pair], flick)
        moves += made
    assert game.solved, givens
    assert game_over(game) and not out_of_strokes(game)
    assert game.lines == lines
    return game, moves


def corpus_levels(name: str) -> list[tuple[int, str, str]]:
    """Return (size, layout, answer) for each level of one corpus file."""
    rows = corpus_rows("tsunagi", name)
    if name == "portals.tsv":
        return [(int(row[0]), row[2], row[3]) for row in rows]
    size = int(name[len("classic-") : -len(".tsv")])
    return [(size, row[1], row[2]) for row in rows]


def checker() -> object:
    try:
        return importlib.import_module("itsutsu.tsunagi.check").check_answer
    except (ImportError, AttributeError):
        return None


@pytest.mark.parametrize("name", corpus_files("tsunagi"))
def test_every_corpus_level_drawn_by_finger(name: str) -> None:
    check = checker()
    levels = corpus_levels(name)
    assert levels
    for size, givens, answer in levels:
        game, steps = play_answer(size, givens, answer, flick=False)
        assert answer_of(game.layout, game.lines) == answer
        if check is not None:
            assert check(size, givens, answer_of(game.layout, game.lines)).ok  # type: ignore[operator]
        # The lines round-trip through the lines code and through a kept game.
        code = encode_lines(game.layout, game.lines)
        assert decode_lines(game.layout, code) == game.lines
        kept = game_from_code(givens, size, game_code(game), answer)
        assert kept is not None and kept.solved and kept.lines == game.lines
        assert kept.strokes == game.strokes
        flicked, flicks = play_answer(size, givens, answer, flick=True)
        assert answer_of(flicked.layout, flicked.lines) == answer
        assert flicks <= steps


def test_flicks_take_fewer_moves_on_straight_runs() -> None:
    _, steps = play_answer(5, LEVEL1, LEVEL1_ANSWER, flick=False)
    _, flicks = play_answer(5, LEVEL1, LEVEL1_ANSWER, flick=True)
    # Lines: A 0-15 (one run), B 1-4 (one run), C 6-21 then 20 (two), D 7-22 then 23 (two),
    # E 8-18 (one), F 9-24 (one): 8 flicks instead of 19 single steps.
    assert (steps, flicks) == (19, 8)


# --- the game's rules ----------------------------------------------------------------------


def start(givens: str, size: int, **options: object) -> Game:
    game = new_game(givens, size, **options)  # type: ignore[arg-type]
    assert game is not None
    return game


def stroke(game: Game, *cells: int) -> Game:
    """Press the first cell, drag through the rest one by one, and lift."""
    game = press_game(game, cells[0])
    assert game.drawing is not None
    for cell in cells[1:]:
        game = drag_game(game, cell)
    return lift_game(game)


def test_new_game() -> None:
    assert new_game("nonsense", 5) is None
    assert new_game(LEVEL1, 4) is None
    game = start(LEVEL1, 5)
    assert game.lines == ((),) * 6 and game.strokes == 0 and not game.solved
    assert game.givens == LEVEL1 and game.answer is None and game.undo == ()
    assert game.drawing is None and game.reach is NO_REACH and game.checked is None
    assert help_of(game) is None
    soft = start("A..AB..BC..C....|blast3", 4, explosions="soft")
    assert soft.layout.explosions == Explosions(6, False)
    assert soft.eased == "explosions-soft" and help_of(soft) == "explosions-soft"
    off = start("A..AB..BC..C....|blast3", 4, explosions="off")
    assert off.layout.explosions is None and off.eased == "explosions-off"
    assert start(LEVEL1, 5, explosions="off").eased is None
    with pytest.raises(ValueError, match="explosions must be one of"):
        new_game(LEVEL1, 5, explosions="loud")
    with pytest.raises(ValueError, match="one per pair"):
        new_game(LEVEL1, 5, lines=((),))
    # Lines given at the start are taken as they are: here the game starts solved, and over.
    lines = lines_of_answer(start(LEVEL1, 5).layout, LEVEL1_ANSWER)
    done = start(LEVEL1, 5, answer=LEVEL1_ANSWER, lines=lines)
    assert done.solved and game_over(done)
    assert press_game(done, 0) is done


def test_press_drag_lift_and_strokes() -> None:
    game = start(LEVEL1, 5)
    assert drag_game(game, 5) is game  # no finger down
    assert lift_game(game) is game
    assert press_game(game, 12) is game  # an empty cell draws nothing
    pressed = press_game(game, 0)
    assert pressed.drawing == 0 and pressed.before is game.lines
    assert press_game(pressed, 1) is pressed  # a finger is already down
    assert drag_game(pressed, 0) is pressed  # the tip: nothing changes
    moved = drag_game(pressed, 5)
    assert moved.lines[0] == (0, 5)
    lifted = lift_game(moved)
    assert lifted.strokes == 1 and lifted.undo == (game.lines,) and lifted.drawing is None
    assert lifted.before is None and lifted.reach is NO_REACH
    # Pressing the tip and lifting changes nothing: no stroke.
    again = lift_game(press_game(lifted, 5))
    assert again.strokes == 1 and again.lines == lifted.lines and again.undo == lifted.undo
    # A tap on a bare stone costs nothing; a tap on a stone with a line clears it for a stroke.
    assert lift_game(press_game(lifted, 1)).strokes == 1
    tapped = lift_game(press_game(lifted, 15))
    assert tapped.lines[0] == () and tapped.strokes == 2


def test_undo_never_gives_strokes_back() -> None:
    game = stroke(start(LEVEL1, 5), 0, 5, 10)
    game = stroke(game, 1, 2, 3)
    assert game.strokes == 2 and len(game.undo) == 2
    back = undo_game(game)
    assert back.lines == game.undo[-1] and back.undo == game.undo[:-1] and back.strokes == 2
    back = undo_game(back)
    assert back.lines == ((),) * 6 and back.undo == () and back.strokes == 2
    assert undo_game(back) is back
    assert undo_game(press_game(game, 0)).drawing == 0  # refused while a finger is down


def test_undo_keeps_at_most_undo_most() -> None:
    game = start(LEVEL1, 5)
    for i in range(UNDO_MOST + 5):
        game = stroke(game, 0, 5) if i % 2 == 0 else stroke(game, 0, 5, 10)
    assert game.strokes == UNDO_MOST + 5 and len(game.undo) == UNDO_MOST


def test_the_solving_stroke_never_explodes_and_an_explosion_empties_undo() -> None:
    givens = "A..A" + "B..B" + "C..C" + "D..D|boom2"
    game = stroke(start(givens, 4), 0, 1, 2, 3)
    assert game.strokes == 1 and len(game.undo) == 1 and game.exploded is None
    game = stroke(game, 4, 5, 6, 7)  # stroke 2: a boom
    assert game.strokes == 2 and game.undo == () and game.exploded == "boom"
    assert game.blasted is not None and len(game.blasted) == 2
    hit = next(p for p in (0, 1) if len(game.lines[p]) == 2)
    assert undo_game(game) is game  # an explosion cannot be undone
    # The next press clears the explosion marks.
    assert press_game(game, 8).blasted is None
    rows = ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11), (12, 13, 14, 15))
    game = stroke(game, *rows[hit])  # stroke 3
    game = stroke(game, *rows[2])  # stroke 4: a boom
    assert game.exploded == "boom"
    while not game.solved:
        pair = next(p for p in range(4) if game.lines[p] != rows[p])
        game = stroke(game, *rows[pair])
        assert game.strokes < 20
    assert game.strokes % 2 == 0 and game.exploded is None  # the solving stroke was on the beat


def test_blast_reports_blast_only_when_two_lines_are_hit() -> None:
    givens = "A..A" + "B..B" + "...." + "C..C|blast2"
    game = stroke(start(givens, 4), 0, 1, 2, 3)
    game = stroke(game, 4, 5, 6, 7)
    assert game.exploded == "blast" and len(game.blasted or ()) >= 5
    lonely = stroke(start(givens, 4), 0, 1, 2, 3)
    lonely = stroke(lonely, 12, 13, 14, 15)  # C does not touch A
    assert lonely.exploded == "boom" and len(lonely.blasted or ()) == 4


def test_strokes_limit_and_restart() -> None:
    givens = "A..A" + "B..B" + "C..C" + "....|strokes3"
    game = start(givens, 4)
    assert restart_game(game) is game  # no line to clear
    game = stroke(game, 0, 1, 2, 3)
    game = stroke(game, 4, 5, 6, 7)
    game = stroke(game, 8, 9)
    assert out_of_strokes(game) and game_over(game) and not game.solved
    assert press_game(game, 10) is game and undo_game(game) is game and check_game(game) is game
    assert progress(game).strokes_left == 0
    fresh = restart_game(game)  # works when the game is over
    assert fresh.lines == ((), (), ()) and fresh.strokes == 0 and not game_over(fresh)
    assert fresh.undo[-1] == game.lines
    back = undo_game(fresh)
    assert back.lines == game.lines and back.strokes == 0
    # A game whose lines are all gone cannot be restarted, even with strokes spent.
    cleared = lift_game(press_game(stroke(start(givens, 4), 0, 1), 0))
    assert cleared.lines == ((), (), ()) and cleared.strokes == 2
    assert restart_game(cleared) is cleared
    # Refused while a finger is down.
    down = press_game(stroke(fresh, 0, 1), 1)
    assert down.drawing == 0 and restart_game(down) is down


def test_restart_of_a_solved_game_and_undo_brings_it_back() -> None:
    game = start("AB" + "AB", 2, answer="ABAB", cheats=True)
    game = cheat_game(cheat_game(game))
    assert game.solved and game.cheated and help_of(game) == "cheated"
    fresh = restart_game(game)
    assert not fresh.solved and not fresh.cheated and fresh.strokes == 0
    back = undo_game(fresh)
    assert back.solved and not back.cheated


def test_check() -> None:
    game = stroke(start(LEVEL1, 5), 0, 5, 10, 15)
    checked = check_game(game)
    assert checked.flagged == (1, 2, 3, 4, 5) and checked.checked == Checked(5, 11)
    assert check_game(press_game(game, 1)).checked is None  # refused with a finger down
    # The next shown change clears the flags.
    pressed = press_game(checked, 1)
    assert pressed.flagged == () and pressed.checked is None


def test_cheat() -> None:
    plain = start(LEVEL1, 5, answer=LEVEL1_ANSWER)
    assert cheat_game(plain) is plain  # cheats off
    no_answer = start(LEVEL1, 5, cheats=True)
    assert cheat_game(no_answer) is no_answer
    game = start(LEVEL1, 5, answer=LEVEL1_ANSWER, cheats=True)
    game = stroke(game, 1, 2, 3)
    cheated = cheat_game(game)
    assert cheated.lines[0] == (0, 5, 10, 15) and cheated.strokes == 1 and cheated.cheated
    assert cheated.undo[-1] == game.lines
    while not cheated.solved:
        cheated = cheat_game(cheated)
    assert cheated.strokes == 1 and answer_of(cheated.layout, cheated.lines) == LEVEL1_ANSWER
    assert cheat_game(cheated) is cheated  # over


def test_cheat_line_cuts_clashing_lines() -> None:
    layout = start(LEVEL1, 5).layout
    answer_lines = lines_of_answer(layout, LEVEL1_ANSWER)
    assert answer_lines is not None
    # C drawn 6, 11, 12, 13 crosses D's and E's columns; cheating A leaves it; cheating D cuts it.
    lines: Lines = ((0, 5, 10, 15), (), (6, 11, 12, 13), (), (), ())
    cheat = cheat_line(layout, lines, answer_lines)
    assert cheat is not None and cheat.pair == 1
    lines = (*answer_lines[:2], (6, 11, 12, 13), *answer_lines[3:])
    cheat = cheat_line(layout, lines, answer_lines)
    assert cheat is not None and cheat.pair == 2 and cheat.lines == answer_lines
    # D wandered into C's column (7, 12, 11): cheating C cuts D before 11, to (7, 12).
    lines = (*answer_lines[:2], (6, 11, 16), (7, 12, 11), (), ())
    cheat = cheat_line(layout, lines, answer_lines)
    assert cheat is not None and cheat.pair == 2
    assert cheat.lines == (*answer_lines[:3], (7, 12), (), ())
    # D reaching C's column with one cell left is cleared by the lift that follows.
    cheat = cheat_line(layout, (*answer_lines[:2], (), (7, 6), (), ()), answer_lines)
    assert cheat is not None and cheat.lines == (*answer_lines[:3], (), (), ())
    # All joined and equal to the answer (either way round): nothing to cheat.
    reverse = tuple(line[::-1] for line in answer_lines)
    assert cheat_line(layout, reverse, answer_lines) is None


def test_help() -> None:
    assert strongest_help([]) is None
    assert strongest_help([None, "explosions-soft"]) == "explosions-soft"
    assert strongest_help(["explosions-soft", "cheated"]) == "cheated"
    assert strongest_help(["cheated", "explosions-off"]) == "explosions-off"
    assert help_opens_next(None) and help_opens_next("cheated")
    assert help_opens_next("explosions-soft") and not help_opens_next("explosions-off")


def test_progress() -> None:
    game = stroke(start("A..A" + "B..B" + "C..C" + "....|boom3", 4), 0, 1, 2, 3)
    assert progress(game) == Progress(
        pairs=3,
        joined=1,
        filled=8,
        cells=16,
        strokes_left=None,
        stroke_limit=None,
        boom_in=2,
        strokes=1,
        solved=False,
        out_of_strokes=False,
        helped=None,
    )
    limited = start("A..A" + "B..B" + "C..C" + "....|strokes5", 4)
    assert progress(limited).strokes_left == 5 and progress(limited).stroke_limit == 5
    assert progress(limited).boom_in is None


def test_is_solved_compares_with_the_answer() -> None:
    layout = start("AB" + "AB", 2).layout
    assert is_solved(layout, ((0, 2), (1, 3)), None)
    assert is_solved(layout, ((0, 2), (1, 3)), "ABAB")
    assert not is_solved(layout, ((0, 2), (1, 3)), "AABB")
    assert not is_solved(layout, ((0, 2), ()), None)


def test_game_code_keeps_lines_and_strokes() -> None:
    game = stroke(start(LEVEL1, 5, answer=LEVEL1_ANSWER), 0, 5, 10)
    game = stroke(game, 1, 2)
    code = game_code(game)
    assert code == "**w.." + "n...." + "n...." + "." * 10 + ":2"
    kept = game_from_code(LEVEL1, 5, code, answer=LEVEL1_ANSWER)
    assert kept is not None
    assert kept.lines == game.lines and kept.strokes == 2 and kept.undo == ()
    # A finger down is kept as it stood before the press.
    assert game_code(drag_game(press_game(game, 3), 8)) == code
    for bad in [
        "",
        code[:-2],
        code + "x",
        code.replace(":2", ":-1"),
        code.replace(":2", ":02"),
        "x" + code[1:],
        "." * 24 + ":0",
        code.replace(":", ";"),
        None,
        3,
    ]:
        assert game_from_code(LEVEL1, 5, bad) is None
    assert game_from_code("nonsense", 5, code) is None


def test_lines_may_end_on_a_portal_after_another_line_cuts_them() -> None:
    # The original's quirk (spec 4.2 rule 9): A runs 12, 13, 14 (28) 29, 35; B takes 29 and
    # cuts A just before it, so A ends on the portal cell 28, and the lift leaves it there.
    givens = "." * 12 + "A" + "." * 10 + "B" + "." * 10 + "BA|portals14-28"
    game = stroke(start(givens, 6), 12, 13, 14, 20)  # past the portal the finger's reach is (2, 3)
    assert game.lines[0] == (12, 13, 14, 28, 29, 35)
    game = stroke(game, 23, 29)
    assert game.lines == ((12, 13, 14, 28), (23, 29))


# --- random play ---------------------------------------------------------------------------


@lru_cache(maxsize=1)
def sample_levels() -> tuple[tuple[int, str, str], ...]:
    """Small corpus levels of every kind: the first of each file up to 9x9, every level
    with a twist (tail words, bridges, waypoints) up to 8x8, and portal levels up to 7x7."""
    out = []
    for name in corpus_files("tsunagi"):
        for size, givens, answer in corpus_levels(name):
            twisted = "|" in givens or "+" in givens or any(c.islower() for c in givens)
            if size <= 8 and twisted and (name != "portals.tsv" or size <= 7):
                out.append((size, givens, answer))
    return tuple(out)


def assert_valid(game: Game, lifted: int | None) -> None:
    layout = game.layout
    cells = layout.cells
    holders: dict[int, int] = {}
    ways: dict[int, set[bool]] = {}
    for pair, line in enumerate(game.lines):
        if not line:
            continue
        assert cells[line[0]] == pair, (pair, line)
        for cell in line:
            if cells[cell] == CELL_BRIDGE:
                continue
            assert cells[cell] != CELL_BLOCKED
            assert cells[cell] < 0 or cells[cell] == pair
            keeper = layout.keeper[cell]
            assert keeper < 0 or keeper == pair
            assert cell not in holders, (cell, pair, holders.get(cell))
            holders[cell] = pair
        i = 1
        while i < len(line):
            before = line[i - 1]
            for step in layout.steps[before]:
                if step.over >= 0 and line[i] == step.over:
                    assert i + 1 == len(line) or line[i + 1] == step.to
                    seen = ways.setdefault(step.over, set())
                    assert step.across not in seen
                    seen.add(step.across)
                    i += 2
                    break
                if step.through and tuple(line[i : i + 2]) == step.through:
                    assert i + 2 == len(line) or line[i + 2] == step.to
                    i += 3
                    break
                if not step.over >= 0 and not step.through and line[i] == step.to:
                    i += 1
                    break
            else:
                raise AssertionError(f"line {pair} {line} takes no step at {i}")
        if lifted == pair:
            assert layout.partner[line[-1]] < 0 and cells[line[-1]] != CELL_BRIDGE
            assert len(line) != 1


OPS = st.lists(
    st.tuples(
        st.sampled_from(
            [
                "press",
                "drag",
                "drag",
                "drag",
                "drag",
                "lift",
                "undo",
                "restart",
                "cheat",
                "check",
                "flick",
            ]
        ),
        st.integers(0, 10_000),
    ),
    min_size=1,
    max_size=60,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), OPS, st.sampled_from(["on", "soft", "off"]))
def test_random_play_keeps_lines_valid(level: int, ops: list[tuple[str, int]], boom: str) -> None:
    levels = sample_levels()
    if not levels:
        pytest.skip("the corpus is absent")
    size, givens, answer = levels[level % len(levels)]
    game = start(givens, size, answer=answer, cheats=True, explosions=boom)
    n = size * size
    for op, value in ops:
        old = game
        lifted = None
        if op == "press":
            stones = [c for pair in game.layout.ends for c in pair]
            cell = stones[value % len(stones)] if value % 3 else value % n
            game = press_game(game, cell)
        elif op in ("drag", "flick"):
            tip = (
                game.lines[game.drawing][-1]
                if game.drawing is not None and game.lines[game.drawing]
                else 0
            )
            around = game.layout.neighbours[tip] or (tip,)
            cell = around[value % len(around)] if op == "drag" else value % n
            game = drag_game(game, cell)
        elif op == "lift":
            lifted = game.drawing
            game = lift_game(game)
        elif op == "undo":
            game = undo_game(game)
            if game is not old:
                assert game.lines == old.undo[-1] and game.undo == old.undo[:-1]
        elif op == "restart":
            game = restart_game(game)
        elif op == "cheat":
            game = cheat_game(game)
            if game is not old:
                assert game.strokes == old.strokes and game.cheated
        else:
            game = check_game(game)
        if op != "restart":
            assert game.strokes >= old.strokes
        assert game.strokes <= old.strokes + 1
        assert_valid(game, lifted)
        settled = let_go(game.lines, game.layout)
        assert decode_lines(game.layout, encode_lines(game.layout, settled)) == settled
