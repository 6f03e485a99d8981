"""Tsunagi challenges (what a layout asks beyond joining pairs) and the roles of twist levels."""

from __future__ import annotations

import pytest

from conftest import corpus_files, corpus_rows
from itsutsu.common.levels import TwistRole
from itsutsu.tsunagi.challenges import CHALLENGES, challenges_of, is_twist, twist_role
from itsutsu.tsunagi.layout import decode_layout

PLAIN = "AB..B.CDEF.....A..E.C..DF"


def test_challenge_order() -> None:
    assert CHALLENGES == (
        "bridges",
        "walls",
        "waypoints",
        "wrap",
        "portals",
        "explosions",
        "strokes",
        "hexagon",
        "sparse",
    )


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (PLAIN, ()),
        ("Aa..A....", ("waypoints",)),  # the spec's vector: a waypoint of pair A
        ("A.+.A....", ("bridges",)),
        ("A.#.A....", ("walls",)),
        ("A...A....|0-1", ("walls",)),
        ("A...A....|", ("walls",)),  # an empty segment is not a word: a walls list
        ("A...A....|wrap", ("wrap",)),
        ("A...A....|portals1-7", ("portals",)),
        ("A...A....|boom3", ("explosions",)),
        ("A...A....|blast2", ("explosions",)),
        ("A...A....|strokes4", ("strokes",)),
        ("A...A....|sparse", ("sparse",)),
        ("A+#a|0-1|wrap|portals1-2|blast3|strokes5", CHALLENGES[:7]),  # in their order
        ("A...A....|strokes4|boom2|wrap", ("wrap", "explosions", "strokes")),  # not validated
        ("", ()),
        ("||", ("walls",)),
    ],
)
def test_challenges_of(code: str, expected: tuple[str, ...]) -> None:
    assert challenges_of(code) == expected
    assert is_twist(code) == bool(expected)


def test_hexagon_corners_are_not_walls() -> None:
    hexagon = "##A.A#....B...B....#...##|hex"
    assert decode_layout(hexagon, 5) is not None
    # '#' at 19 is a corner off the hexagon too (row 3, col 4), so no walls.
    assert challenges_of(hexagon) == ("hexagon",)
    inside = "##A.A#..#.B...B....#...##|hex"  # cell 8 is on the hexagon
    assert challenges_of(inside) == ("walls", "hexagon")


def test_small_letters_are_stones_on_a_full_alphabet() -> None:
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ab"
    code = "".join(ch * 2 for ch in letters) + "." * 24  # 10x10, 38 pairs
    assert decode_layout(code, 10) is not None
    assert challenges_of(code) == ()
    assert challenges_of(code[:-1] + "c") == ()  # a 'c' is still no waypoint here


def test_challenges_of_refuses_what_is_not_text() -> None:
    with pytest.raises(ValueError):
        challenges_of(5)  # type: ignore[arg-type]


def test_twist_role_of_layouts() -> None:
    codes = [PLAIN] * 48
    codes[14] = "A.+.A...."
    codes[15] = "A.+.A....|strokes3"
    codes[30] = "A.+.A....|strokes3"
    codes[31] = "A.+.A....|wrap"
    codes[40] = "A...A....|wrap"  # slot 9: no role
    assert twist_role(codes, 15) == TwistRole("teaches", ("bridges",), ("bridges",))
    assert twist_role(codes, 16) == TwistRole("tests", ("bridges", "strokes"), ("strokes",))
    assert twist_role(codes, 31) == TwistRole("teaches", ("bridges", "strokes"), ())
    assert twist_role(codes, 32) == TwistRole("tests", ("bridges", "wrap"), ("wrap",))
    role = twist_role(codes, 32)
    assert role is not None and role.challenges == ("bridges", "wrap")
    assert twist_role(codes, 41) is None
    assert twist_role(codes, 47) is None  # slot 15, plain
    assert twist_role(codes, 49) is None  # missing
    assert twist_role(codes, 0) is None
    with pytest.raises(ValueError):
        twist_role(codes, 15.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        twist_role("A.+.A....", 1)  # type: ignore[arg-type]


def _decoded_challenges(code: str, size: int) -> tuple[str, ...]:
    """The challenges again, from the decoded layout rather than the code's text."""
    layout = decode_layout(code, size)
    assert layout is not None
    hexagon = layout.hex
    blocked_inside = any(
        ch == "#" and not (hexagon and not _on_hex(size, at))
        for at, ch in enumerate(code.split("|")[0])
    )
    shown = {
        "bridges": bool(layout.bridges),
        "walls": bool(layout.walls) or blocked_inside,
        "waypoints": bool(layout.waypoints),
        "wrap": layout.wrap,
        "portals": bool(layout.portal_pairs),
        "explosions": layout.explosions is not None,
        "strokes": layout.strokes is not None,
        "hexagon": hexagon,
        "sparse": layout.sparse,
    }
    return tuple(name for name in CHALLENGES if shown[name])


def _on_hex(size: int, at: int) -> bool:
    r = size // 2
    row, col = divmod(at, size)
    q, s = col - r, row - r
    return max(abs(q), abs(s), abs(q + s)) <= r


@pytest.mark.parametrize("name", corpus_files("tsunagi") or ["classic-4.tsv"])
def test_corpus_challenges_match_the_decoded_layouts(name: str) -> None:
    rows = corpus_rows("tsunagi", name)
    for row in rows:
        size = int(row[0]) if name == "portals.tsv" else int(name[8:-4])
        code = row[2] if name == "portals.tsv" else row[1]
        assert challenges_of(code) == _decoded_challenges(code, size), (name, row[:2])
