"""The board model (spec 2): neighbours, walls, wrap, hexagons, bridges, portals, steps."""

from __future__ import annotations

from itsutsu.tsunagi import (
    Layout,
    Step,
    decode_layout,
    hex_neighbours,
    layout_step,
    portal_exit,
    step_between,
    wrap_neighbours,
    wrapped_step,
)


def six(stones: dict[int, str], tail: str = "") -> str:
    cells = ["."] * 36
    for at, ch in stones.items():
        cells[at] = ch
    return "".join(cells) + tail


def board(code: str, size: int) -> Layout:
    layout = decode_layout(code, size)
    assert layout is not None, code
    return layout


def test_portal_exit_vectors() -> None:
    layout = board(six({12: "A", 35: "A"}, "|portals14-28"), 6)
    assert portal_exit(layout, 13, 14) == 29
    assert portal_exit(layout, 15, 14) == 27
    assert portal_exit(layout, 8, 14) == 34
    assert portal_exit(layout, 20, 14) == 22
    assert portal_exit(layout, 29, 28) == 13
    # not a portal, or not beside it
    assert portal_exit(layout, 13, 12) == -1
    assert portal_exit(layout, 0, 14) == -1


def test_portal_exit_off_the_row_and_across_the_wrap() -> None:
    plain = board(six({0: "A", 35: "A"}, "|portals10-29"), 6)
    assert portal_exit(plain, 9, 10) == -1
    wrapped = board(six({0: "A", 35: "A"}, "|wrap|portals10-29"), 6)
    assert portal_exit(wrapped, 9, 10) == 24


def test_portal_exit_blocked_by_a_wall_at_the_far_side() -> None:
    layout = board(six({12: "A", 35: "A"}, "|28-29|portals14-28"), 6)
    assert portal_exit(layout, 13, 14) == -1
    assert portal_exit(layout, 15, 14) == 27


def test_steps_through_a_portal() -> None:
    layout = board(six({12: "A", 35: "A"}, "|portals14-28"), 6)
    assert layout.steps[13] == (
        Step(7),
        Step(29, through=(14, 28)),
        Step(19),
        Step(12),
    )
    assert layout.steps[14] == ()
    assert layout.steps[28] == ()
    assert Step(13, through=(28, 14)) in layout.steps[29]
    assert layout.steps[8] == (Step(2), Step(9), Step(34, through=(14, 28)), Step(7))


def test_hex_neighbours_of_the_centre() -> None:
    assert sorted(hex_neighbours(5)[12]) == [7, 8, 11, 13, 16, 17]
    assert hex_neighbours(5)[12] == (7, 8, 13, 17, 16, 11)  # up, up-right, right, down, ...
    layout = board("##A.A#....B...B....#...##|hex", 5)
    assert layout.neighbours[12] == (7, 8, 13, 17, 16, 11)
    # the other diagonal is two steps away
    assert 6 not in layout.neighbours[12]
    assert layout_step(layout, 12, 8) == -4
    assert layout_step(layout, 12, 6) == 0


def test_square_neighbours_order_and_edges() -> None:
    layout = board("A..AB..BC..CD..D", 4)
    assert layout.neighbours[5] == (1, 6, 9, 4)
    assert layout.neighbours[0] == (1, 4)
    assert layout.neighbours[3] == (7, 2)
    assert layout.neighbours[15] == (11, 14)


def test_walls_remove_neighbours_both_ways() -> None:
    layout = board("A..AB..BC..CD..D|1-5,5-6", 4)
    assert layout.neighbours[5] == (9, 4)
    assert layout.neighbours[1] == (2, 0)
    assert layout.neighbours[6] == (2, 7, 10)
    assert all(step.to != 6 for step in layout.steps[5])


def test_wrap_neighbours_on_small_boards() -> None:
    assert wrap_neighbours(3)[0] == (6, 1, 3, 2)
    assert wrap_neighbours(3)[4] == (1, 5, 7, 3)
    # on a 2x2 board up and down are the same cell, so are left and right
    assert wrap_neighbours(2)[0] == (2, 1)
    assert wrap_neighbours(2)[3] == (1, 2)
    assert wrapped_step(4, 3, 1) == 0
    assert wrapped_step(4, 12, 4) == 0
    assert wrapped_step(4, 1, -4) == 13
    assert step_between(4, 3, 0, True) == 1
    assert step_between(4, 3, 0, False) == 0
    layout = board("A..AB..BC..CD..D|wrap", 4)
    assert layout.neighbours[0] == (12, 1, 4, 3)
    assert layout_step(layout, 0, 3) == -1
    assert layout_step(layout, 0, 12) == -4


def test_bridge_is_crossed_straight_both_ways() -> None:
    code = "A...A" + "....." + "..+.." + "....." + "B...B"
    layout = board(code, 5)
    assert layout.bridges == (12,)
    assert Step(13, over=12, across=True) in layout.steps[11]
    assert Step(11, over=12, across=True) in layout.steps[13]
    assert Step(17, over=12, across=False) in layout.steps[7]
    assert Step(7, over=12, across=False) in layout.steps[17]
    # nothing lands on the bridge, and no step turns on it
    for at in range(25):
        for step in layout.steps[at]:
            assert step.to != 12
            if step.over == 12:
                assert step.to - 12 == 12 - at
    assert layout.steps[12] == (Step(7), Step(13), Step(17), Step(11))


def test_no_step_from_a_bridge_onto_a_bridge() -> None:
    code = "A...A" + ".+..." + "..+.." + "....." + "B...B"
    layout = board(code, 5)
    assert layout.bridges == (6, 12)
    assert all(step.over < 0 for step in layout.steps[6])
    assert all(step.over < 0 for step in layout.steps[12])
    # 7 sits between the two bridges: it jumps both
    assert Step(17, over=12) in layout.steps[7]
    assert Step(5, over=6, across=True) in layout.steps[7]


def test_walls_beside_the_landing_cell_leave_the_jump() -> None:
    # a wall on a bridge's own side is refused (spec 1.3 rule 13), so walls near a bridge
    # only remove the landing cell's other neighbours
    code = "A...A" + "....." + "..+.." + "....." + "B...B"
    layout = board(code + "|13-14,17-22", 5)
    assert Step(13, over=12, across=True) in layout.steps[11]
    assert Step(17, over=12) in layout.steps[7]
    assert layout.neighbours[13] == (8, 18, 12)
    assert layout.neighbours[17] == (12, 18, 16)
