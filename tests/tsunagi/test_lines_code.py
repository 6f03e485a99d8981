"""The lines-in-progress code (spec 1.6): encode_lines, decode_lines, lines_code_fits."""

from __future__ import annotations

import pytest

from conftest import corpus_rows, require_corpus_files
from itsutsu.tsunagi.layout import Layout, decode_layout
from itsutsu.tsunagi.lines import lines_of_answer, no_lines
from itsutsu.tsunagi.lines_code import decode_lines, encode_lines, lines_code_fits


def board(code: str, size: int) -> Layout:
    layout = decode_layout(code, size)
    assert layout is not None, code
    return layout


PORTAL = board("............A......................A|portals14-28", 6)
BRIDGE = board("A...B..AC.+.B..C", 4)
BRIDGE_LINES = ((0, 1, 2, 3, 7), (4, 5, 6, 10, 14, 13, 12), (8, 9, 10, 11, 15))
WRAP = board("..ABC..DBAC...D.|wrap", 4)
HEX = board("##A.A#....B...B....#...##|hex", 5)


def test_spec_portal_vector() -> None:
    code = encode_lines(PORTAL, ((12, 13, 14, 28, 29, 35),))
    assert code == "............*ww.............pw.....n"
    assert decode_lines(PORTAL, code) == ((12, 13, 14, 28, 29, 35),)


def test_bridge_is_skipped_and_jumped() -> None:
    code = encode_lines(BRIDGE, BRIDGE_LINES)
    # 14 and 11 point at the bridge (north and west); the bridge itself is not written.
    assert code == "*www*wwn*w.weenn"
    assert decode_lines(BRIDGE, code) == BRIDGE_LINES


def test_wrap_and_hex_directions() -> None:
    lines = lines_of_answer(WRAP, "BAABCCCDBACDBADD")
    assert lines == ((2, 1, 13, 9), (3, 0, 12, 8), (4, 5, 6, 10), (7, 11, 15, 14))
    code = encode_lines(WRAP, lines)
    assert code == "we***ww*ssnnssen"  # 0 came from 3 across the join: "e"
    assert decode_lines(WRAP, code) == lines
    # Hexagon: a cell entered from up-right is "u", from down-left "v".
    hex_lines = ((2, 6, 11, 16, 12, 8, 4), ())
    code = encode_lines(HEX, hex_lines)
    assert code[6] == "u" and code[12] == "v" and code[8] == "v"
    assert decode_lines(HEX, code) == hex_lines


def test_no_lines_and_one_cell_lines() -> None:
    assert encode_lines(BRIDGE, no_lines(BRIDGE)) == "." * 16
    assert decode_lines(BRIDGE, "." * 16) == ((), (), ())
    # A one-cell line is written as "*" and read back as no line.
    assert encode_lines(BRIDGE, ((0,), (), ())) == "*" + "." * 15
    assert decode_lines(BRIDGE, "*" + "." * 15) == ((), (), ())


def test_fits() -> None:
    assert lines_code_fits("." * 16, 4)
    assert lines_code_fits("*neswuvp" * 2, 4)
    assert not lines_code_fits("." * 15, 4)
    assert not lines_code_fits("." * 17, 4)
    assert not lines_code_fits("." * 15 + "x", 4)
    assert not lines_code_fits("." * 15 + "N", 4)
    assert not lines_code_fits(None, 4)
    assert not lines_code_fits("." * 16, "4")
    assert not lines_code_fits("." * 16, True)


@pytest.mark.parametrize(
    "code",
    [
        "." * 15,  # too short
        "." * 17,  # too long
        "." * 15 + "?",  # not in the alphabet
        ".e" + "." * 14,  # 1 came from 2, which is not written
        "n" + "." * 15,  # off the top of the board
        "....w" + "." * 11,  # from 3 to 4 is not a step: it leaves the row
        "...p" + "." * 12,  # "p" on a cell with no portal
        ".*" + "." * 14,  # a start on a cell that is not a stone
        "*ww*" + "." * 12,  # 3 is not a stone
        "*www" + "...n" + "...n" + "....",  # the walk goes on past A's far stone 7
        ".es." + ".nw." + "." * 8,  # a loop that no start reaches
        "*www" + "...*" + "." * 8,  # A's line reaches 7, which starts A again
    ],
)
def test_decode_refuses(code: str) -> None:
    assert decode_lines(BRIDGE, code) is None


def test_decode_reads_partial_lines() -> None:
    assert decode_lines(BRIDGE, "*w.." + "." * 12) == ((0, 1), (), ())
    # 14 points north at the bridge: the line jumps it from 6.
    assert decode_lines(BRIDGE, "...." + "*ww." + "...." + "..n.") == ((), (4, 5, 6, 10, 14), ())


def test_decode_refuses_portal_and_bridge_misuse() -> None:
    # "p" on 28 whose partner 14 is not written.
    assert decode_lines(PORTAL, "." * 12 + "*w" + "." * 14 + "p" + "." * 7) is None
    # 11 points west at the bridge, but 9 beyond it is not written.
    assert decode_lines(BRIDGE, "*www*ww.*..w" + "." * 4) is None
    # Two cells claim the same predecessor (5 and 1 both came from... 0 and 4 lead to 5).
    assert decode_lines(BRIDGE, "*e.." + "*w.." + "." * 8) is None


def test_decode_refuses_bad_input() -> None:
    assert decode_lines(BRIDGE, None) is None
    assert decode_lines(BRIDGE, 16) is None


def test_corpus_answers_round_trip() -> None:
    # A sample here (the first 12 levels of every file); test_game round-trips the
    # lines of every corpus level after drawing them.
    count = 0
    for name in require_corpus_files("tsunagi"):
        for row in corpus_rows("tsunagi", name)[:12]:
            if name == "portals.tsv":
                size, code, answer = int(row[0]), row[2], row[3]
            else:
                size, code, answer = int(name[len("classic-") : -len(".tsv")]), row[1], row[2]
            layout = board(code, size)
            lines = lines_of_answer(layout, answer)
            assert lines is not None, code
            text = encode_lines(layout, lines)
            assert lines_code_fits(text, size)
            assert decode_lines(layout, text) == lines, code
            count += 1
    assert count == 12 * 16
