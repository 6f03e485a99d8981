"""Lines and drawing by finger (spec 4): presses, drags, flicks, the finger's reach, lifts."""

from __future__ import annotations

import pytest

from itsutsu.tsunagi.alphabet import CELL_BLOCKED, CELL_BRIDGE, CELL_EMPTY
from itsutsu.tsunagi.layout import Layout, decode_layout
from itsutsu.tsunagi.lines import (
    NO_REACH,
    BridgeUse,
    Filled,
    FingerMove,
    Press,
    Reach,
    all_joined,
    answer_of,
    drag_finger,
    drag_through,
    drag_to,
    filled,
    joined,
    let_go,
    lines_of_answer,
    no_lines,
    over_bridge,
    owners_of,
    press_at,
    unjoined_pairs,
    without_portal_tail,
)


def board(code: str, size: int) -> Layout:
    layout = decode_layout(code, size)
    assert layout is not None, code
    return layout


FIVE = board("A...B...............A...B", 5)
LEVEL1 = board("AB..B.CDEF.....A..E.C..DF", 5)
LEVEL1_ANSWER = "ABBBBACDEFACDEFACDEFCCDDF"
# 4x4 with a bridge at 10: B runs down over it (6 -> 14), C across it (9 -> 11).
BRIDGE = board("A...B..AC.+.B..C", 4)
BRIDGE_LINES = ((0, 1, 2, 3, 7), (4, 5, 6, 10, 14, 13, 12), (8, 9, 10, 11, 15))
# 6x6, A at 12 and 35, portals 14 <-> 28.
PORTAL = board("............A......................A|portals14-28", 6)
HEX = board("##A.A#....B...B....#...##|hex", 5)
WAYPOINT = board("A..A" + "Bb.." + "...." + "...B", 4)


def drawn(layout: Layout, pair: int, *cells: int) -> tuple[tuple[int, ...], ...]:
    """Press ``cells[0]`` and drag cell by cell through the rest."""
    press = press_at(layout, no_lines(layout), cells[0])
    assert press.drawing == pair
    lines = press.lines
    for cell in cells[1:]:
        lines = drag_to(layout, lines, pair, cell)
    return lines


def test_no_lines_and_owners() -> None:
    assert no_lines(FIVE) == ((), ())
    assert owners_of(BRIDGE, no_lines(BRIDGE)) == (
        0, -1, -1, -1, 1, -1, -1, 0, 2, -1, CELL_BRIDGE, -1, 1, -1, -1, 2,
    )  # fmt: skip
    assert owners_of(BRIDGE, BRIDGE_LINES)[10] == CELL_BRIDGE
    blocked = board("A.#A", 2)
    assert owners_of(blocked, ((0, 1),))[2] == CELL_BLOCKED
    assert owners_of(blocked, ((),))[1] == CELL_EMPTY


def test_level_one_answer_reads_back() -> None:
    lines = lines_of_answer(LEVEL1, LEVEL1_ANSWER)
    assert lines == (
        (0, 5, 10, 15),
        (1, 2, 3, 4),
        (6, 11, 16, 21, 20),
        (7, 12, 17, 22, 23),
        (8, 13, 18),
        (9, 14, 19, 24),
    )
    assert answer_of(LEVEL1, lines) == LEVEL1_ANSWER
    assert all_joined(LEVEL1, lines)
    assert unjoined_pairs(LEVEL1, lines) == ()
    assert filled(LEVEL1, lines) == Filled(25, 25)
    assert answer_of(LEVEL1, no_lines(LEVEL1)) == "AB..B.CDEF.....A..E.C..DF"
    assert unjoined_pairs(LEVEL1, no_lines(LEVEL1)) == (0, 1, 2, 3, 4, 5)
    assert filled(LEVEL1, no_lines(LEVEL1)) == Filled(12, 25)


def test_lines_of_answer_refuses() -> None:
    assert lines_of_answer(LEVEL1, LEVEL1_ANSWER[:-1]) is None
    assert lines_of_answer(LEVEL1, LEVEL1_ANSWER + "F") is None
    assert lines_of_answer(LEVEL1, LEVEL1_ANSWER[:-1] + "D") is None
    assert lines_of_answer(LEVEL1, "x" * 25) is None
    assert lines_of_answer(LEVEL1, None) is None
    # A stray cell of B's letter away from B's line: the search cannot use every B cell.
    assert lines_of_answer(LEVEL1, "ABBBBACDEFACDEFACDEFCCDBF") is None


def test_bridge_lines_and_filled() -> None:
    assert lines_of_answer(BRIDGE, "AAAABBBACC+CBBBC") == BRIDGE_LINES
    assert over_bridge(BRIDGE_LINES, 10) == BridgeUse(across=2, down=1)
    assert over_bridge(no_lines(BRIDGE), 10) == BridgeUse(None, None)
    assert filled(BRIDGE, BRIDGE_LINES) == Filled(17, 17)
    assert all_joined(BRIDGE, BRIDGE_LINES)
    # Without the C line the bridge misses its across line.
    half = (*BRIDGE_LINES[:2], ())
    assert filled(BRIDGE, half) == Filled(14, 17)
    assert not all_joined(BRIDGE, half)


def test_joined() -> None:
    assert joined(FIVE, ((0, 5, 10, 15, 20), ()), 0)
    assert joined(FIVE, ((20, 15, 10, 5, 0), ()), 0)
    assert not joined(FIVE, ((0, 5, 10), ()), 0)
    assert not joined(FIVE, ((0,), ()), 0)
    assert not joined(FIVE, ((0, 5), ()), 5)
    assert not joined(FIVE, ((0, 5), ()), "0")


def test_spec_drag_vectors() -> None:
    lines = drawn(FIVE, 0, 0, 5, 10, 15)
    assert drag_to(FIVE, lines, 0, 10) == ((0, 5, 10), ())
    # A = 0,1,2,7,12, then B drawn 4,9,8,7 cuts A before 7.
    lines = drawn(FIVE, 0, 0, 1, 2, 7, 12)
    assert lines == ((0, 1, 2, 7, 12), ())
    lines = press_at(FIVE, lines, 4).lines
    for cell in (9, 8, 7):
        lines = drag_to(FIVE, lines, 1, cell)
    assert lines == ((0, 1, 2), (4, 9, 8, 7))
    # A = [0, 1] with B drawn 4,3,2,1: A is cut to one cell, which becomes no line.
    lines = press_at(FIVE, ((0, 1), ()), 4).lines
    for cell in (3, 2, 1):
        lines = drag_to(FIVE, lines, 1, cell)
    assert lines == ((), (4, 3, 2, 1))


def test_spec_drag_through_vectors() -> None:
    lines = press_at(FIVE, no_lines(FIVE), 0).lines
    assert drag_through(FIVE, lines, 0, 15) == ((0, 5, 10, 15), ())
    assert drag_through(FIVE, lines, 0, 4) == ((0, 1, 2, 3), ())
    # Row first, then the column.
    assert drag_through(FIVE, lines, 0, 13) == ((0, 1, 2, 3, 8, 13), ())
    assert drag_through(FIVE, lines, 0, 0) is lines
    assert drag_through(FIVE, no_lines(FIVE), 0, 13) == no_lines(FIVE)


def test_drag_through_on_a_hexagon_takes_the_nearest_neighbour() -> None:
    lines = press_at(HEX, no_lines(HEX), 10).lines
    assert drag_through(HEX, lines, 1, 20) == ((), (10, 15, 20))
    assert drag_through(HEX, lines, 1, 14) == ((), (10, 11, 12, 13, 14))


def test_press_rules() -> None:
    assert press_at(BRIDGE, BRIDGE_LINES, 10) == Press(BRIDGE_LINES, None)
    assert press_at(BRIDGE, BRIDGE_LINES, 10).lines is BRIDGE_LINES
    # A stone restarts its line, even the far end of a finished line.
    assert press_at(BRIDGE, BRIDGE_LINES, 7) == Press(((7,), *BRIDGE_LINES[1:]), 0)
    assert press_at(BRIDGE, BRIDGE_LINES, 4).lines[1] == (4,)
    # A middle cell cuts the line there; the tip keeps it (the same object).
    assert press_at(BRIDGE, BRIDGE_LINES, 13) == Press(
        (BRIDGE_LINES[0], (4, 5, 6, 10, 14, 13), BRIDGE_LINES[2]), 1
    )
    lines = ((0, 5, 10), ())
    press = press_at(FIVE, lines, 10)
    assert press.lines is lines and press.drawing == 0
    # An empty cell draws nothing.
    assert press_at(FIVE, lines, 11) == Press(lines, None)
    single = ((0,), ())
    assert press_at(FIVE, single, 0).lines is single


def test_press_on_a_portal_ring_cuts_back_before_the_portal() -> None:
    lines = ((12, 13, 14, 28, 29, 35),)
    assert press_at(PORTAL, lines, 28) == Press(((12, 13),), 0)
    assert press_at(PORTAL, lines, 14) == Press(((12, 13),), 0)
    assert press_at(PORTAL, lines, 29) == Press(((12, 13, 14, 28, 29),), 0)
    assert without_portal_tail(PORTAL, (12, 13, 14, 28)) == (12, 13)
    kept = (12, 13)
    assert without_portal_tail(PORTAL, kept) is kept


def test_drag_identity_and_refusals() -> None:
    lines = drawn(FIVE, 0, 0, 5)
    assert drag_to(FIVE, lines, 0, 5) is lines  # the tip
    assert drag_to(FIVE, lines, 0, 12) is lines  # not a neighbour
    assert drag_to(FIVE, lines, 1, 9) is lines  # B has no line
    assert drag_to(FIVE, lines, 0, 6) == ((0, 5, 6), ())
    # Another pair's stone is refused; the pair's own far stone joins it.
    lines = drawn(FIVE, 0, 0, 1, 2, 3)
    assert drag_to(FIVE, lines, 0, 4) is lines
    lines = drawn(FIVE, 0, 0, 5, 10, 15)
    joined_lines = drag_to(FIVE, lines, 0, 20)
    assert joined_lines == ((0, 5, 10, 15, 20), ())
    # A joined line only shortens.
    assert drag_to(FIVE, joined_lines, 0, 21) is joined_lines
    assert drag_to(FIVE, joined_lines, 0, 10) == ((0, 5, 10), ())


def test_walls_and_blocked_cells_stop_a_line() -> None:
    walled = board("A..A|0-1", 2)
    lines = press_at(walled, no_lines(walled), 0).lines
    assert drag_to(walled, lines, 0, 1) is lines
    assert drag_to(walled, lines, 0, 2) == ((0, 2),)
    blocked = board("A#.A", 2)
    lines = press_at(blocked, no_lines(blocked), 0).lines
    assert drag_to(blocked, lines, 0, 1) is lines


def test_waypoints_belong_to_their_pair() -> None:
    # b (pair 1's waypoint) at 5: A may not enter it, B may.
    a_line = drawn(WAYPOINT, 0, 0, 1)
    assert drag_to(WAYPOINT, a_line, 0, 5) is a_line
    b_line = drawn(WAYPOINT, 1, 4, 5)
    assert b_line[1] == (4, 5)


def test_bridges_are_crossed_straight_and_shared_both_ways() -> None:
    b = drawn(BRIDGE, 1, 4, 5, 6, 10)
    assert b[1] == (4, 5, 6, 10)
    assert drag_to(BRIDGE, b, 1, 11) is b  # not straight on
    assert drag_to(BRIDGE, b, 1, 9) is b
    b = drag_to(BRIDGE, b, 1, 14)
    assert b[1] == (4, 5, 6, 10, 14)
    # C crosses the same bridge the other way: both keep their lines.
    c = press_at(BRIDGE, b, 8).lines
    for cell in (9, 10, 11):
        c = drag_to(BRIDGE, c, 2, cell)
    assert c[1] == (4, 5, 6, 10, 14) and c[2] == (8, 9, 10, 11)
    assert over_bridge(c, 10) == BridgeUse(across=2, down=1)
    # Backing onto the bridge cell shortens the line to it.
    assert drag_to(BRIDGE, c, 2, 10)[2] == (8, 9, 10)


def test_taking_a_bridge_slot_cuts_the_line_holding_it() -> None:
    # 5x5, bridge at 12; A down over it from 7, then B down over it from 7's other side.
    layout = board("..A..B...." + "..+.." + "....." + "A.B..", 5)
    a = drawn(layout, 0, 2, 7, 12, 17)
    assert a[0] == (2, 7, 12, 17)
    # B takes 7 (cutting A to [2]) ... which leaves A as one cell, i.e. no line.
    b = press_at(layout, a, 5).lines
    for cell in (6, 7):
        b = drag_to(layout, b, 1, cell)
    assert b[0] == () and b[1] == (5, 6, 7)
    # Now with A going down from 2 via 7: B reaches the bridge from 11 going across and A keeps it.
    a = drawn(layout, 0, 2, 7, 12, 17)
    lines = press_at(layout, a, 5).lines
    for cell in (10, 11, 12):
        lines = drag_to(layout, lines, 1, cell)
    assert lines == ((2, 7, 12, 17), (5, 10, 11, 12))
    # A second line taking the same slot (down) cuts the first one before the bridge.
    c = board(".A..." + "B...." + "..+.." + "....." + "A..B.", 5)
    lines = drawn(c, 1, 5, 6, 7, 12, 17)
    assert lines[1] == (5, 6, 7, 12, 17)
    lines = press_at(c, lines, 1).lines
    for cell in (2, 7):
        lines = drag_to(c, lines, 0, cell)
    # A took 7 from B: B is cut before 7.
    assert lines == ((1, 2, 7), (5, 6))


def test_portal_passage_and_reach() -> None:
    lines = press_at(PORTAL, no_lines(PORTAL), 12).lines
    move = drag_finger(PORTAL, lines, 0, 13)
    assert move == FingerMove(((12, 13),), NO_REACH)
    move = drag_finger(PORTAL, move.lines, 0, 14, move.reach)
    assert move == FingerMove(((12, 13, 14, 28, 29),), Reach(2, 3))
    move = drag_finger(PORTAL, move.lines, 0, 20, move.reach)
    assert move == FingerMove(((12, 13, 14, 28, 29, 35),), Reach(2, 3))
    move = drag_finger(PORTAL, move.lines, 0, 14, move.reach)
    assert move == FingerMove(((12, 13, 14, 28, 29),), Reach(2, 3))
    move = drag_finger(PORTAL, move.lines, 0, 13, move.reach)
    assert move == FingerMove(((12, 13),), Reach(0, 0))


def test_drag_finger_keeps_the_reach_object_and_refuses_off_board_targets() -> None:
    lines = drawn(PORTAL, 0, 12, 13)
    reach = Reach(2, 3)
    move = drag_finger(PORTAL, lines, 0, 34, reach)  # 34 + (2, 3) is off the board
    assert move.lines is lines and move.reach is reach
    move = drag_finger(PORTAL, lines, 0, 0, reach)  # target 15: a flick along the row
    assert move.lines == ((12, 13, 14, 28, 29),) and move.reach == Reach(4, 5)
    plain = drawn(FIVE, 0, 0)
    same = drag_finger(FIVE, plain, 0, 1)
    assert same.lines == ((0, 1), ()) and same.reach is NO_REACH


def test_into_portal_refusals() -> None:
    # A at 0/35 with portals 10-29: from 9 into 10 leaves the row, so it is refused.
    layout = board("A" + "." * 34 + "A|portals10-29", 6)
    lines = drawn(layout, 0, 0, 1, 2, 3, 4, 5, 11)
    assert lines[0] == (0, 1, 2, 3, 4, 5, 11)
    assert drag_to(layout, lines, 0, 10) == ((0, 1, 2, 3, 4, 5, 11, 10, 29, 28),)
    # From 4 down to 10? Not a neighbour. From 16 up into 10 comes out at 23.
    lines = drawn(layout, 0, 0, 6, 12, 13, 14, 15, 16)
    up = drag_to(layout, lines, 0, 10)
    assert up == ((0, 6, 12, 13, 14, 15, 16, 10, 29, 23),)
    # From 23 down into 29 the line would come out of 10 at 16, which it already holds.
    lines = drawn(layout, 0, 0, 1, 2, 3, 4, 5, 11, 17, 16, 22, 23)
    assert lines[0] == (0, 1, 2, 3, 4, 5, 11, 17, 16, 22, 23)
    assert drag_to(layout, lines, 0, 29) is lines
    # Blocked at the exit: refused too.
    closed = board("A" + "." * 15 + "#" + "." * 18 + "A|portals10-29", 6)
    lines = drawn(closed, 0, 0, 1, 2, 3, 4, 5, 11, 17, 23)
    assert lines[0] == (0, 1, 2, 3, 4, 5, 11, 17, 23)
    assert drag_to(closed, lines, 0, 29) is lines


def test_into_portal_cuts_lines_in_the_way() -> None:
    layout = board("A....B" + "......" + "......" + "......" + "......" + "A....B|portals13-28", 6)
    # A runs down column 0 and then along row 4 to 27 (beyond the exit of 13 -> 28 moving left).
    a = drawn(layout, 0, 0, 6, 12, 18, 24, 25, 26, 27)
    assert a[0] == (0, 6, 12, 18, 24, 25, 26, 27)
    # B enters 13 from 14 (moving left): it comes out of 28 at 27, cutting A before 27.
    lines = press_at(layout, a, 5).lines
    for cell in (11, 17, 16, 15, 14, 13):
        lines = drag_to(layout, lines, 1, cell)
    assert lines == ((0, 6, 12, 18, 24, 25, 26), (5, 11, 17, 16, 15, 14, 13, 28, 27))


def test_let_go() -> None:
    lines = ((0, 5), ())
    assert let_go(lines) is lines
    assert let_go(lines, FIVE) is lines
    assert let_go(((0,), (4, 9))) == ((), (4, 9))
    on_bridge = (BRIDGE_LINES[0], (4, 5, 6, 10), ())
    assert let_go(on_bridge) is on_bridge  # without a layout the bridge stays
    assert let_go(on_bridge, BRIDGE) == (BRIDGE_LINES[0], (4, 5, 6), ())


@pytest.mark.parametrize("cell", [-1, 25, 99, "3", 2.0, True, None])
def test_bad_cells_change_nothing(cell: object) -> None:
    lines = drawn(FIVE, 0, 0, 5)
    assert press_at(FIVE, lines, cell) == Press(lines, None)
    assert drag_to(FIVE, lines, 0, cell) is lines
    assert drag_through(FIVE, lines, 0, cell) is lines
    move = drag_finger(FIVE, lines, 0, cell)
    assert move.lines is lines and move.reach is NO_REACH


@pytest.mark.parametrize("pair", [-1, 2, 7, "0", None, 0.0, False])
def test_bad_pairs_change_nothing(pair: object) -> None:
    lines = drawn(FIVE, 0, 0, 5)
    assert drag_to(FIVE, lines, pair, 10) is lines
    assert drag_through(FIVE, lines, pair, 15) is lines
    assert drag_finger(FIVE, lines, pair, 10).lines is lines
    assert not joined(FIVE, lines, pair)


def test_wrap_board_steps_across_the_join() -> None:
    layout = board("A..A" + "...." + "...." + "....|wrap", 4)
    lines = press_at(layout, no_lines(layout), 0).lines
    assert drag_to(layout, lines, 0, 3) == ((0, 3),)
    assert drag_to(layout, lines, 0, 12) == ((0, 12),)
    # A flick never crosses the join: along the row it walks 1, 2 and lands on its stone.
    assert drag_through(layout, lines, 0, 2) == ((0, 1, 2),)
    # The finger's target wraps too.
    assert drag_finger(layout, lines, 0, 12, Reach(-1, 0)).lines == ((0, 4, 8),)
