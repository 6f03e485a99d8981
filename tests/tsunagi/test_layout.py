"""The layout code (spec 1.2-1.4): every refusal of 1.3 beside a near-identical code that
decodes, the spec's decode vectors, corpus round trips, and junk thrown at the decoder."""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import corpus_files, corpus_rows
from itsutsu.tsunagi import PAIR_LETTERS, Explosions, decode_layout, encode_layout, tail_word


def six(stones: dict[int, str], tail: str = "") -> str:
    """A 6x6 code: dots with the given stones, then the tail."""
    cells = ["."] * 36
    for at, ch in stones.items():
        cells[at] = ch
    return "".join(cells) + tail


A12 = six({12: "A", 35: "A"})  # spec 2.3's portal board
A0 = six({0: "A", 11: "A"})
A0_35 = six({0: "A", 35: "A"})
THREE = "A.AB.BC.C"  # 3x3, three pairs
HEX5 = "##A.A#....B...B....#...##"  # spec 12's hexagon
BRIDGE5 = "A...A" + "....." + "..+.." + "....." + "B...B"  # a bridge at 12


# (refused code, size, near-identical code that decodes) for each rule of spec 1.3
REFUSALS = {
    # 1. not a string, or the cells are not size*size long
    "1 cells too long": ("A..A.", 2, "A..A"),
    "1 cells too short": ("A..", 2, "A..A"),
    "1 cells too long before a tail": ("A..A.|wrap", 2, "A..A|wrap"),
    "1 size does not fit": ("A..A", 3, "A..A....."),
    # 2. tail segments: non-word not first, repeats, order, empty segments
    "2 non-word after a word": ("A..A|wrap|0-1", 2, "A..A|0-1|wrap"),
    "2 word repeated": ("A..A|wrap|wrap", 2, "A..A|wrap"),
    "2 words out of order": ("A..A|wrap|sparse", 2, "A..A|sparse|wrap"),
    "2 strokes before sparse": ("A..A|strokes3|sparse", 2, "A..A|sparse|strokes3"),
    "2 boom before wrap": ("A..A|boom3|wrap", 2, "A..A|wrap|boom3"),
    "2 trailing empty segment": ("A..A|", 2, "A..A"),
    "2 trailing empty after word": ("A..A|wrap|", 2, "A..A|wrap"),
    "2 two explosions": ("A..A|boom3|blast3", 2, "A..A|blast3"),
    # 3. stray characters
    "3 punctuation on a small board": ("A.!A", 2, "A..A"),
    "3 dash": ("A.-A", 2, "A..A"),
    "3 space": ("A. A", 2, "A..A"),
    "3 non-ASCII digit": ("A.٣A", 2, "A..A"),
    # 4. letters out of canonical order
    "4 first letter not A": ("B..B", 2, "A..A"),
    "4 letter skipped": ("ACCA", 2, "ABBA"),
    # 5. no stones, or a letter not exactly twice
    "5 no stones": ("....", 2, "A..A"),
    "5 letter once": ("AB.A", 2, "ABBA"),
    "5 letter three times": ("AAA.", 2, "AA.."),
    # 6. sparse with too many pairs (sparse_most(3) = 2)
    "6 sparse over the most": (THREE + "|sparse", 3, "A.AB.B...|sparse"),
    # 7. strokes below the pair count
    "7 strokes below pairs": (THREE + "|strokes2", 3, THREE + "|strokes3"),
    # 8. waypoint of a pair the board lacks
    "8 waypoint of a missing pair": ("A.Ab.....", 3, "A.Aa....."),
    # 9. explosion and stroke numbers
    "9 boom0": ("A..A|boom0", 2, "A..A|boom1"),
    "9 boom without number": ("A..A|boom", 2, "A..A|boom99"),
    "9 boom100": ("A..A|boom100", 2, "A..A|boom99"),
    "9 blast leading zero": ("A..A|blast03", 2, "A..A|blast3"),
    "9 strokes05": ("A..A|strokes05", 2, "A..A|strokes5"),
    "9 strokes0": ("A..A|strokes0", 2, "A..A|strokes1"),
    "9 strokes100": ("A..A|strokes100", 2, "A..A|strokes99"),
    # 10. walls (each bullet)
    "10 empty walls list": ("A..A||wrap", 2, "A..A|wrap"),
    "10 item not INT-INT": ("A..A|0-1,x", 2, "A..A|0-1"),
    "10 item with plus": ("A..A|0+1", 2, "A..A|0-1"),
    "10 item missing a number": ("A..A|0-", 2, "A..A|0-1"),
    "10 a not below b": ("A..A|1-0", 2, "A..A|0-1"),
    "10 a equals b": ("A..A|1-1", 2, "A..A|0-1"),
    "10 b off the board": ("A..A|3-4", 2, "A..A|2-3"),
    "10 not neighbours": ("A..A|0-3", 2, "A..A|0-2"),
    "10 across a row end": (THREE + "|2-3", 3, THREE + "|1-2"),
    "10 across the wrap join": (THREE + "|0-2|wrap", 3, THREE + "|0-1|wrap"),
    "10 across the wrap join vertically": (THREE + "|0-6|wrap", 3, THREE + "|0-3|wrap"),
    "10 duplicate": ("A..A|0-1,0-1", 2, "A..A|0-1"),
    "10 not increasing": ("A..A|0-2,0-1", 2, "A..A|0-1,0-2"),
    "10 not increasing by first cell": (THREE + "|1-2,0-1", 3, THREE + "|0-1,1-2"),
    # 11. hexagons (each bullet)
    "11 even size": ("#AA.B.BCC.DD####|hex", 4, "#AA.B.BCC.DD####"),
    "11 size below 5": ("#AA.B.B.#|hex", 3, "#AA.B.B.#"),
    "11 hex and wrap": (HEX5 + "|hex|wrap", 5, HEX5 + "|hex"),
    "11 hex with walls": (HEX5 + "|7-8|hex", 5, HEX5 + "|hex"),
    "11 hex with a bridge": (
        "##A.A#....B.+.B....#...##|hex",
        5,
        "##A.A#....B...B....#...##|hex",
    ),
    "11 off-hex cell open": (".#A.A#....B...B....#...##|hex", 5, HEX5 + "|hex"),
    "11 off-hex cell a stone": ("C#A.A#....B...B....#...#C|hex", 5, HEX5 + "|hex"),
    # 12. portals (each bullet)
    "12 item not INT-INT": (A12 + "|portals14-x", 6, A12 + "|portals14-28"),
    "12 a not below b": (A12 + "|portals28-14", 6, A12 + "|portals14-28"),
    "12 b off the board": (A12 + "|portals14-36", 6, A12 + "|portals14-28"),
    "12 cell used twice": (A0 + "|portals15-34,19-34", 6, A0 + "|portals15-34,19-29"),
    "12 first cells not increasing": (
        A0 + "|portals19-29,15-34",
        6,
        A0 + "|portals15-34,19-29",
    ),
    "12 pair are neighbours": (A12 + "|portals14-20", 6, A12 + "|portals14-28"),
    "12 pair are wrap neighbours": (A0 + "|portals18-23|wrap", 6, A0 + "|portals18-23"),
    "12 portal on hex": (
        "##A.A#....B...B....#...##|hex|portals6-18",
        5,
        "##A.A#....B...B....#...##|hex",
    ),
    "12 portal with a bridge": (
        BRIDGE5 + "|portals5-9",
        5,
        BRIDGE5.replace("+", ".") + "|portals5-9",
    ),
    "12 portal on a stone": (A12 + "|portals12-28", 6, A12 + "|portals14-28"),
    "12 portal on a blocked cell": (
        six({12: "A", 35: "A", 14: "#"}, "|portals14-28"),
        6,
        six({12: "A", 35: "A", 2: "#"}, "|portals14-28"),
    ),
    "12 portal on a waypoint": (
        six({12: "A", 35: "A", 14: "a"}, "|portals14-28"),
        6,
        six({12: "A", 35: "A", 2: "a"}, "|portals14-28"),
    ),
    "12 portal cells of two pairs beside each other": (
        A0_35 + "|portals1-5,2-12",
        6,
        A0_35 + "|portals1-5,3-12",
    ),
    "12 ambiguous knight's move": (A12 + "|portals14-27", 6, A12 + "|portals14-28"),
    "12 ambiguous two passages": (A0 + "|portals15-34,20-29", 6, A0 + "|portals15-34,19-29"),
    # 13. bridges (each bullet)
    "13 bridge on the top row": ("A.+.A" + BRIDGE5[5:].replace("+", "."), 5, BRIDGE5),
    "13 bridge on the left column": (
        "A...A" + "....." + "+...." + "....." + "B...B",
        5,
        BRIDGE5,
    ),
    "13 bridge on the right column": (
        "A...A" + "....+" + "....." + "....." + "B...B",
        5,
        "A...A" + "...+." + "....." + "....." + "B...B",
    ),
    "13 bridge on the bottom row": (
        "A...A" + "....." + "....." + "....." + "B.+.B",
        5,
        "A...A" + "....." + "....." + "..+.." + "B...B",
    ),
    "13 bridges side by side": (
        "A...A" + "....." + ".++.." + "....." + "B...B",
        5,
        "A...A" + ".+..." + "..+.." + "....." + "B...B",
    ),
    "13 bridges one above the other": (
        "A...A" + "..+.." + "..+.." + "....." + "B...B",
        5,
        "A...A" + "..+.." + "....." + "..+.." + "B...B",
    ),
    "13 wall above a bridge": (BRIDGE5 + "|7-12", 5, BRIDGE5 + "|6-11"),
    "13 wall right of a bridge": (BRIDGE5 + "|12-13", 5, BRIDGE5 + "|13-14"),
    "13 wall below a bridge": (BRIDGE5 + "|12-17", 5, BRIDGE5 + "|16-17"),
    "13 wall left of a bridge": (BRIDGE5 + "|11-12", 5, BRIDGE5 + "|10-11"),
}


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_each_refusal_beside_a_code_that_decodes(name: str) -> None:
    refused, size, accepted = REFUSALS[name]
    assert decode_layout(refused, size) is None
    layout = decode_layout(accepted, size)
    assert layout is not None
    assert encode_layout(layout) == accepted


@pytest.mark.parametrize("code", [None, 5, b"A..A", ["A", ".", ".", "A"], 3.0])
def test_not_a_string_is_refused(code: object) -> None:
    assert decode_layout(code, 2) is None


@pytest.mark.parametrize("size", [True, 2.0, "2", -2, 0, None])
def test_bad_sizes_are_refused(size: object) -> None:
    assert decode_layout("A..A", size) is None


def test_bridge_beside_blocked_cell_or_stone_is_accepted() -> None:
    # the stone B at 11 and the blocked cells at 7 and 13 touch the bridge at 12
    code = "A...A" + "..#.." + ".B+#." + "..B.." + "....."
    decoded = decode_layout(code, 5)
    assert decoded is not None
    assert decoded.bridges == (12,)
    assert decoded.cells[11] == 1 and decoded.cells[7] == -2 and decoded.cells[13] == -2


def test_tail_order_vectors() -> None:
    base = "A..AB..BC..C...."
    assert decode_layout(base + "|1-2|wrap|boom3", 4) is not None
    for tail in ["|boom3|wrap", "|boom0", "|strokes3|sparse"]:
        assert decode_layout(base + tail, 4) is None
    assert decode_layout(base + "|strokes2", 4) is None
    assert decode_layout(base + "|strokes3", 4) is not None
    layout = decode_layout(base + "|1-2|wrap|boom3", 4)
    assert layout is not None
    assert layout.walls == frozenset({(1, 2)})
    assert layout.wrap and layout.explosions == Explosions(3, False)


def test_every_tail_word_at_once() -> None:
    code = "A..AB..B" + "." * 8 + "|0-4|sparse|wrap|portals5-15|blast7|strokes9"
    layout = decode_layout(code, 4)
    assert layout is not None
    assert layout.sparse and layout.wrap and layout.strokes == 9
    assert layout.explosions == Explosions(7, True)
    assert layout.portal_pairs == ((5, 15),)
    assert encode_layout(layout) == code


def test_leading_zeros_are_read_and_dropped() -> None:
    layout = decode_layout("A..A|00-01", 2)
    assert layout is not None
    assert layout.walls == frozenset({(0, 1)})
    assert encode_layout(layout) == "A..A|0-1"


def test_tail_word_classifies_exactly() -> None:
    assert tail_word("wrap") is not None
    assert tail_word("wrap ") is None
    assert tail_word("strokes5\n") is None
    assert tail_word("portals1-5,2-9") is not None
    assert tail_word("portals") is None
    word = tail_word("blast12")
    assert word is not None and word.word == "explosion" and word.every == 12 and word.blast


def test_hex_vector() -> None:
    layout = decode_layout(HEX5 + "|hex", 5)
    assert layout is not None
    assert layout.hex and layout.ends == ((2, 4), (10, 14))
    assert decode_layout("." + HEX5[1:] + "|hex", 5) is None
    assert decode_layout(HEX5 + "|hex|wrap", 5) is None
    assert decode_layout(HEX5 + "|7-8|hex", 5) is None
    # blocked cells inside the hexagon are allowed
    assert decode_layout(HEX5[:12] + "#" + HEX5[13:] + "|hex", 5) is not None


def test_fifty_pairs_on_ten_by_ten() -> None:
    code = "".join(letter * 2 for letter in PAIR_LETTERS[:50])
    layout = decode_layout(code, 10)
    assert layout is not None
    assert layout.pairs == 50
    assert layout.ends[36] == (72, 73)
    assert layout.waypoints == ()
    assert encode_layout(layout) == code


def test_small_letters_are_stones_only_with_every_capital() -> None:
    # 35 capitals and digits: a small letter is a waypoint, punctuation a stray
    code = "".join(letter * 2 for letter in PAIR_LETTERS[:35]) + "a" + "." * 29
    layout = decode_layout(code, 10)
    assert layout is not None
    assert layout.waypoints == ((70, 0),)
    assert decode_layout(code.replace("a", "!"), 10) is None


def test_waypoint_vector() -> None:
    layout = decode_layout("Aa..A....", 3)
    assert layout is not None
    assert layout.waypoints == ((1, 0),)
    assert layout.cells[1] == -1
    assert layout.keeper[1] == 0
    assert encode_layout(layout) == "Aa..A...."


def test_five_by_five_ends() -> None:
    layout = decode_layout("AB..B.CDEF.....A..E.C..DF", 5)
    assert layout is not None
    assert layout.ends == ((0, 15), (1, 4), (6, 20), (7, 23), (8, 18), (9, 24))


def test_portal_vectors() -> None:
    assert decode_layout(A12 + "|portals14-27", 6) is None
    assert decode_layout(A0 + "|portals15-34,20-29", 6) is None
    layout = decode_layout(A0 + "|portals15-34,19-29", 6)
    assert layout is not None
    assert layout.portal_pairs == ((15, 34), (19, 29))
    assert list(layout.portals.items()) == [(15, 34), (34, 15), (19, 29), (29, 19)]


@functools.cache
def _corpus_layouts() -> list[tuple[int, str]]:
    out = []
    for name in corpus_files("tsunagi"):
        for row in corpus_rows("tsunagi", name):
            if name == "portals.tsv":
                out.append((int(row[0]), row[2]))
            else:
                out.append((int(name.split("-")[1].split(".")[0]), row[1]))
    return out


def test_every_corpus_layout_round_trips() -> None:
    layouts = _corpus_layouts()
    if not layouts:
        pytest.skip("the Tsunagi corpus is absent")
    assert len(layouts) == 2624
    for size, code in layouts:
        layout = decode_layout(code, size)
        assert layout is not None, code
        assert encode_layout(layout) == code


# ---- junk thrown at the decoder -------------------------------------------------------------

_SAMPLE = random.Random(12).sample(
    [
        "A..AB..BC..CD..D",
        HEX5 + "|hex",
        A0 + "|portals15-34,19-29",
        BRIDGE5 + "|6-11",
        "A..AB..BC..C....|1-2|wrap|boom3",
        "Aa..A....",
        "".join(letter * 2 for letter in PAIR_LETTERS[:50]),
    ],
    7,
)
_SIZES = {len(code.split("|")[0]): round(len(code.split("|")[0]) ** 0.5) for code in _SAMPLE}
_ALPHABET = ".#+|-,0123456789ABCDabcdpwrstoelx!?"


def _assert_stable(code: str, size: int) -> None:
    layout = decode_layout(code, size)
    if layout is not None:
        again = decode_layout(encode_layout(layout), size)
        assert again == layout


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40), st.integers(min_value=-1, max_value=8))
def test_random_text_never_raises(code: str, size: int) -> None:
    _assert_stable(code, size)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=_ALPHABET, max_size=30), st.integers(min_value=2, max_value=5))
def test_random_code_like_text_never_raises(code: str, size: int) -> None:
    _assert_stable(code, size)


@st.composite
def _mutated(draw: st.DrawFn) -> tuple[str, int]:
    base = draw(st.sampled_from(_SAMPLE))
    size = _SIZES[len(base.split("|")[0])]
    text = list(base)
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        kind = draw(st.sampled_from(["change", "insert", "delete", "shuffle", "duplicate"]))
        at = draw(st.integers(min_value=0, max_value=max(len(text) - 1, 0)))
        ch = draw(st.sampled_from(_ALPHABET))
        if kind == "change" and text:
            text[at] = ch
        elif kind == "insert":
            text.insert(at, ch)
        elif kind == "delete" and text:
            del text[at]
        else:
            cells, *tail = "".join(text).split("|")
            if kind == "shuffle":
                tail = draw(st.permutations(tail))
            elif tail:
                tail.insert(draw(st.integers(0, len(tail))), draw(st.sampled_from(tail)))
            text = list("|".join([cells, *tail]))
    return "".join(text), size


@settings(max_examples=400, deadline=None)
@given(_mutated())
def test_mutated_codes_never_raise(case: tuple[str, int]) -> None:
    _assert_stable(*case)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_mutated_corpus_codes_never_raise(data: st.DataObject) -> None:
    layouts = _corpus_layouts()
    if not layouts:
        pytest.skip("the Tsunagi corpus is absent")
    size, code = data.draw(st.sampled_from(layouts))
    text = list(code)
    at = data.draw(st.integers(min_value=0, max_value=len(text) - 1))
    text[at] = data.draw(st.sampled_from(_ALPHABET))
    _assert_stable("".join(text), size)
