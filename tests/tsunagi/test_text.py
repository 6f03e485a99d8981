"""The board as text (``board_text``): the drawing scheme for every twist."""

from __future__ import annotations

import pytest

from itsutsu.tsunagi import Layout, board_text, decode_layout


def board(code: str, size: int) -> Layout:
    layout = decode_layout(code, size)
    assert layout is not None, code
    return layout


def test_portals_are_greek_letters_per_pair() -> None:
    code = "A" + "." * 10 + "A" + "." * 24 + "|portals15-34,19-29"
    assert board_text(board(code, 6)) == (
        "A . . . . .\n"
        ". . . . . A\n"
        ". . . α . .\n"
        ". β . . . .\n"
        ". . . . . β\n"
        ". . . . α .\n"
        "twists: portals\n"
    )


def test_waypoint_blocked_bridge_and_answer_marks() -> None:
    code = "AABCCDD.EEF.+.FGG.HHIIBJJ"
    answer = "AABCCDDBEEFF+FFGGBHHIIBJJ"
    assert board_text(board(code, 5)) == (
        "A A B C C\nD D . E E\nF . + . F\nG G . H H\nI I B J J\ntwists: bridges\n"
    )
    assert board_text(board(code, 5), answer).splitlines()[2] == "[F]  F   +   F  [F]"
    assert board_text(board("Aa..A....", 3)) == "A a .\n. A .\n. . .\ntwists: waypoints\n"
    assert board_text(board("Aa..A....", 3), "AAAAAAAAA") == (
        "[A] (A)  A\n A  [A]  A\n A   A   A\ntwists: waypoints\n"
    )


def test_portal_cells_in_an_answer() -> None:
    code = "A....A" + "B....B" + "C..D.D" + "EF.G.." + ".FC..." + "..E..G" + "|portals14-28"
    answer = "AAAAAA" + "BBBBBB" + "CCCDDD" + "EFCGCC" + "EFCGCC" + "EEEGGG"
    lines = board_text(board(code, 6), answer).splitlines()
    assert lines[2] == "[C]  C   Cα [D]  D  [D]"
    assert lines[4] == " E  [F] [C]  G   Cα  C"
    assert lines[-1] == "twists: portals"


def test_hexagon_rows_are_indented() -> None:
    assert board_text(board("##A.A#....B...B....#...##|hex", 5)) == (
        "    A . A\n   . . . .\n  B . . . B\n   . . . .\n    . . .\ntwists: hex\n"
    )


def test_walls_between_and_under_cells() -> None:
    layout = board("A..AB..BC..CD..D|1-2,4-8,6-7,10-14", 4)
    assert board_text(layout) == ("A .|. A\nB . .|B\n-\nC . . C\n    -\nD . . D\ntwists: walls\n")


def test_every_twist_is_named_in_order() -> None:
    code = "A..AB..B" + "." * 8 + "|0-4|sparse|wrap|portals5-15|blast7|strokes9"
    assert board_text(board(code, 4)).splitlines()[-1] == (
        "twists: walls, wrap, portals, sparse, blast7, strokes 9"
    )


def test_bad_arguments_raise() -> None:
    with pytest.raises(ValueError, match="Layout"):
        board_text("A..A")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="4 characters"):
        board_text(board("A..A", 2), "AAA")
