"""Drawing Tsunagi boards as SVG: structure on real levels, safety, colours, geometry, parts."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from conftest import corpus_rows
from itsutsu.cli import main
from itsutsu.tsunagi.drawing.colours import TSUNAGI_COLOUR_SETS, hex_to_hsl, pair_hsl
from itsutsu.tsunagi.drawing.geometry import CELL, cell_at_point, geometry
from itsutsu.tsunagi.drawing.looks import TSUNAGI_BOARD_NAMES, BoardLook
from itsutsu.tsunagi.drawing.options import DrawOptions
from itsutsu.tsunagi.drawing.style import TSUNAGI_STYLE
from itsutsu.tsunagi.drawing.svg import draw, draw_code, draw_marble, draw_pair
from itsutsu.tsunagi.layout import Layout, decode_layout
from itsutsu.tsunagi.lines import Lines, lines_of_answer, over_bridge
from itsutsu.tsunagi.neighbours import in_hex

NS = "{http://www.w3.org/2000/svg}"
LEVEL5 = "AB..B.CDEF.....A..E.C..DF"
ANSWER5 = "ABBBBACDEFACDEFACDEFCCDDF"


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def twist_levels() -> list[tuple[str, int, str, str]]:
    """A few real levels of every twist: (twist, size, layout, answer)."""
    wanted = {
        "classic": lambda c: "|" not in c and "+" not in c,
        "bridges": lambda c: "+" in c.split("|")[0],
        "walls": lambda c: re.search(r"\|[0-9]", c) is not None,
        "waypoints": lambda c: re.search("[a-z]", c.split("|")[0]) is not None,
        "wrap": lambda c: "|wrap" in c,
        "hex": lambda c: "|hex" in c,
        "boom": lambda c: "|boom" in c or "|blast" in c,
        "strokes": lambda c: "|strokes" in c,
        "sparse": lambda c: "|sparse" in c,
    }
    found: list[tuple[str, int, str, str]] = []
    for size in (5, 6, 7, 9):
        taken: set[str] = set()
        for row in corpus_rows("tsunagi", f"classic-{size}.tsv"):
            for twist, test in wanted.items():
                if twist not in taken and test(row[1]):
                    taken.add(twist)
                    found.append((twist, size, row[1], row[2]))
    portals = [r for r in corpus_rows("tsunagi", "portals.tsv")]
    for row in portals[::60]:
        found.append(("portals", int(row[0]), row[2], row[3]))
    return found


@pytest.fixture(scope="module")
def levels() -> list[tuple[str, Layout, Lines]]:
    out = []
    for twist, size, code, answer in twist_levels():
        layout = decode_layout(code, size)
        assert layout is not None
        lines = lines_of_answer(layout, answer)
        assert lines is not None
        out.append((twist, layout, lines))
    return out


def test_every_twist_is_found(levels: list[tuple[str, Layout, Lines]]) -> None:
    twists = {t for t, _, _ in levels}
    assert twists == {
        "classic", "bridges", "walls", "waypoints", "wrap", "hex", "boom", "strokes", "sparse",
        "portals",
    }  # fmt: skip
    hex_sizes = {layout.size for t, layout, _ in levels if t == "hex"}
    assert hex_sizes == {5, 7, 9}


def test_structure_on_real_levels(levels: list[tuple[str, Layout, Lines]]) -> None:
    for _twist, layout, lines in levels:
        svg = draw(layout, DrawOptions(lines=lines))
        root = ET.fromstring(svg)
        assert root.tag == NS + "svg"
        assert root.get("class") == "tsunagi"
        assert root.get("role") == "group"
        assert root.get("data-size") == str(layout.size)
        assert root.get("data-marks") == "colours"
        assert root.get("data-fill") == "marbles"
        assert root.get("data-board") == "paper"
        assert root.get("data-solved") == "false"
        assert root.get("data-wrap") == ("true" if layout.wrap else None)
        assert root.get("data-hex") == ("true" if layout.hex else None)
        box = root.get("viewBox", "").split()
        assert box[:2] == ["0", "0"] and box[2] == box[3]
        drawn = with_class(root, "tsu-line")
        assert [(e.get("data-pair"), e.get("data-cells")) for e in drawn] == [
            (str(p), str(len(line))) for p, line in enumerate(lines) if line
        ]
        assert all(len(e.findall(NS + "polyline")) >= 1 for e in drawn)
        marbles = with_class(root, "tsu-marble")
        assert len(marbles) == 2 * layout.pairs
        assert [(m.get("data-pair"), m.get("data-cell")) for m in marbles] == [
            (str(p), str(c)) for p, ends in enumerate(layout.ends) for c in ends
        ]
        first = marbles[0]
        row, col = divmod(layout.ends[0][0], layout.size)
        assert first.get("aria-label") == f"marble 1, row {row + 1}, column {col + 1}"
        assert first.get("role") == "img"
        washes = with_class(root, "tsu-washes")[0]
        assert [g.get("data-pair") for g in washes] == [str(p) for p in range(layout.pairs)]
        bridges = with_class(root, "tsu-bridge")
        assert [b.get("data-cell") for b in bridges] == [str(b) for b in layout.bridges]
        for bridge in bridges:
            cell = int(bridge.get("data-cell", ""))
            use = over_bridge(lines, cell)
            assert use.across is not None and use.down is not None
            assert bridge.get("data-across") == str(use.across)
            over = with_class(bridge, "tsu-over-bridge")
            assert [o.get("data-pair") for o in over] == [str(use.across)]
            assert len(with_class(bridge, "tsu-deck")) == 1
            assert len(with_class(bridge, "tsu-rail")) == 1
        ids = {e.get("id") for e in root.iter() if e.get("id")}
        assert (any(i.endswith("-under") for i in ids)) == bool(layout.bridges)
        portals = with_class(root, "tsu-portal")
        assert [(p.get("data-portal"), p.get("data-cells")) for p in portals] == [
            (str(i), f"{a},{b}") for i, (a, b) in enumerate(layout.portal_pairs)
        ]
        for portal, (a, b) in zip(portals, layout.portal_pairs, strict=True):
            ends = with_class(portal, "tsu-portal-end")
            assert [e.get("data-cell") for e in ends] == [str(a), str(b)]
            assert len(with_class(portal, "tsu-portal-link")) == 1
            assert len(with_class(portal, "tsu-glyph")) == 2
        walls = with_class(root, "tsu-wall")
        assert sorted(w.get("data-edge") for w in walls) == sorted(
            f"{a}-{b}" for a, b in layout.walls
        )
        waypoints = with_class(root, "tsu-waypoint")
        assert [(w.get("data-cell"), w.get("data-pair")) for w in waypoints] == [
            (str(c), str(p)) for c, p in layout.waypoints
        ]
        beads = with_class(root, "tsu-bead")
        expected = [
            (str(p), str(c))
            for p, line in enumerate(lines)
            for c in line
            if layout.cells[c] == -1 and layout.partner[c] < 0
        ]
        assert [(b.get("data-pair"), b.get("data-cell")) for b in beads] == expected
        hexes = with_class(root, "tsu-hex-cell")
        assert len(hexes) == ({5: 19, 7: 37, 9: 61}[layout.size] if layout.hex else 0)
        assert len(with_class(root, "tsu-ghosts")) == (1 if layout.wrap else 0)
        assert len(with_class(root, "tsu-rim")) == (1 if layout.wrap else 0)
        assert len(with_class(root, "tsu-border")) == (0 if layout.wrap else 1)
        blocked = sum(
            1
            for c, v in enumerate(layout.cells)
            if v == -2 and (not layout.hex or in_hex(layout.size, c))
        )
        assert len(with_class(root, "tsu-blocked")) == blocked


def test_portal_line_stops_inside_the_rings() -> None:
    layout = decode_layout("............A......................A|portals14-28", 6)
    assert layout is not None
    root = ET.fromstring(draw(layout, DrawOptions(lines=((12, 13, 14, 28, 29, 35),), id="p")))
    polylines = with_class(root, "tsu-line")[0].findall(NS + "polyline")
    # cell 14 is centred at (264, 264) and cell 28 at (464, 464): the line stops 30 short of
    # the first and starts again 30 past the second, heading the same way (right)
    assert [p.get("points") for p in polylines] == [
        "64,264 164,264 234,264",
        "494,464 564,464 564,564",
    ]
    assert [b.get("data-cell") for b in with_class(root, "tsu-bead")] == ["13", "29"]


def test_wrap_line_leaves_one_edge_and_enters_the_other() -> None:
    layout = decode_layout("A...A" + "." * 20 + "|wrap", 5)
    assert layout is not None
    root = ET.fromstring(draw(layout, DrawOptions(lines=((0, 4),), id="w")))
    pieces = [p.get("points") for p in with_class(root, "tsu-line")[0]]
    # frame 14 + ghost band 50: cell 0 is centred at (114, 114), cell 4 at (514, 114)
    assert pieces == ["114,114 64,114", "564,114 514,114"]
    ghosts = with_class(root, "tsu-ghosts")[0]
    assert "564,114" in ET.tostring(ghosts, encoding="unicode")
    no_ghosts = ET.fromstring(draw(layout, DrawOptions(lines=((0, 4),), ghosts=False)))
    assert with_class(no_ghosts, "tsu-ghosts") == []
    assert len(with_class(no_ghosts, "tsu-rim")) == 1


def test_hex_cells_and_coordinates_ignored() -> None:
    layout = decode_layout("##A.A#....B...B....#...##|hex", 5)
    assert layout is not None
    root = ET.fromstring(draw(layout, DrawOptions(coordinates=True)))
    assert len(with_class(root, "tsu-hex-cell")) == 19
    assert with_class(root, "tsu-coordinate") == []
    assert root.get("viewBox") == "0 0 528 528"
    assert root.get("aria-label") == "Hexagonal Tsunagi board, 2 pairs of marbles"


def test_coordinates_on_a_square_board() -> None:
    layout = decode_layout(LEVEL5, 5)
    assert layout is not None
    root = ET.fromstring(draw(layout, DrawOptions(coordinates=True)))
    texts = [e.text for e in with_class(root, "tsu-coordinate")]
    assert texts == ["A", "1", "B", "2", "C", "3", "D", "4", "E", "5"]
    assert root.get("viewBox") == "0 0 562 562"
    big = decode_layout("A" + "." * 782 + "A", 28)
    assert big is not None
    letters = [
        e.text
        for e in with_class(
            ET.fromstring(draw(big, DrawOptions(coordinates=True))), "tsu-coordinate"
        )
    ][::2]
    assert letters[25:28] == ["Z", "A", "B"]


def test_marks_fill_board_done_flags_blasts() -> None:
    layout = decode_layout(LEVEL5, 5)
    assert layout is not None
    lines = lines_of_answer(layout, ANSWER5)
    options = DrawOptions(
        lines=lines, marks="numbers", fill="lines", board="wood", done=True, flagged=(1, 2),
        blasted=(3, 24),
    )  # fmt: skip
    root = ET.fromstring(draw(layout, options))
    assert root.get("data-marks") == "numbers"
    assert root.get("data-fill") == "lines"
    assert root.get("data-board") == "wood"
    assert root.get("data-solved") == "true"
    assert "--tsu-paper:#f0cf95;--tsu-paper-deep:#d3a662" in (root.get("style") or "")
    assert [e.text for e in with_class(root, "tsu-num")] == [str(p // 2 + 1) for p in range(12)]
    assert with_class(root, "tsu-bead") == []
    assert len(with_class(root, "tsu-solved")) == 1
    assert len(with_class(root, "tsu-flag")) == 4
    assert [e.get("data-cell") for e in with_class(root, "tsu-blast")] == ["3", "24"]
    plain = ET.fromstring(draw(layout))
    assert plain.get("style") is None
    assert with_class(plain, "tsu-line") == []
    assert with_class(plain, "tsu-solved") == []


def test_ids_are_unique_on_one_page() -> None:
    first = draw_code(LEVEL5, 5)
    second = draw_code(
        LEVEL5, 5, DrawOptions(lines=lines_of_answer(decode_layout(LEVEL5, 5), ANSWER5))
    )  # type: ignore[arg-type]
    third = draw_code("A..AB..BC..CD..D", 4)
    ids: list[str] = []
    for svg in (first, second, third):
        root = ET.fromstring(svg)
        ids += [e.get("id", "") for e in root.iter() if e.get("id")]
        refs = set(re.findall(r"url\(#([^)]+)\)", svg))
        assert refs <= {e.get("id") for e in root.iter()}
    assert len(ids) == len(set(ids))
    assert any(i.endswith("-paper") for i in ids)
    assert all(re.fullmatch(r"tsu[0-9a-z]+-(paper|m\d+|b\d+|under)", i) for i in ids)
    given = ET.fromstring(draw_code(LEVEL5, 5, DrawOptions(id="board-1")))
    assert {e.get("id") for e in given.iter() if e.get("id")} >= {
        "board-1-paper",
        "board-1-m0",
        "board-1-b5",
    }


NASTY = ['"/><script>alert(1)</script>', "a'b\"c<d>e&f", "tab\there", "x\x00y\x1fz\ufffe"]


@pytest.mark.parametrize("text", NASTY)
def test_label_is_escaped(text: str) -> None:
    root = ET.fromstring(draw_code(LEVEL5, 5, DrawOptions(label=text)))
    kept = re.sub("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]", "", text)
    assert root.get("aria-label") == kept
    assert root.findall(f".//{NS}script") == []
    marble = ET.fromstring(draw_marble(3, DrawOptions(label=text, id="m")))
    assert with_class(marble, "tsu-marble")[0].get("aria-label") == kept


@pytest.mark.parametrize("text", [*NASTY, "", "1abc", "a b", "a.b", "é"])
def test_bad_ids_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="is not an id"):
        DrawOptions(id=text)


@pytest.mark.parametrize("text", [*NASTY, "fr", "EN", "ja-JP", ""])
def test_bad_languages_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="is not one of en, ja"):
        DrawOptions(language=text)


@pytest.mark.parametrize("text", [*NASTY, "red;x", "url(#a)", "#12345"])
def test_bad_board_colours_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="is not a colour"):
        BoardLook(text, "#000", "#000", "#000", "#000")
    with pytest.raises(ValueError, match="is not a colour"):
        BoardLook(("#fff", text), "#000", "#000", "#000", "#000")
    with pytest.raises(ValueError, match="is not a colour"):
        BoardLook("#fff", "#000", "#000", text, "#000")


def test_custom_board_look_lands_in_attributes_exactly() -> None:
    look = BoardLook(("hsl(30, 50%, 80%)", "#abc"), "rgb(1, 2, 3)", "teal", "#000000", "#ffff")
    root = ET.fromstring(draw_code(LEVEL5, 5, DrawOptions(board=look, coordinates=True)))
    assert root.get("data-board") == "custom"
    assert root.get("style") == (
        "--tsu-paper:hsl(30, 50%, 80%);--tsu-paper-deep:#abc;--tsu-frame:rgb(1, 2, 3);"
        "--tsu-grid:teal;--tsu-ink:#000000;--tsu-coordinate:#ffff"
    )
    assert with_class(root, "tsu-frame")[0].get("fill") == "rgb(1, 2, 3)"
    stops = [e.get("stop-color") for e in root.iter(NS + "stop")][:2]
    assert stops == ["hsl(30, 50%, 80%)", "#abc"]


def test_bad_option_values_are_refused() -> None:
    layout = decode_layout(LEVEL5, 5)
    assert layout is not None
    cases = [
        ({"marks": "letters"}, "marks"),
        ({"fill": "water"}, "fill"),
        ({"colours": "pastel"}, "is not a colour set"),
        ({"colours": ((1, 2),)}, "is not \\[h, s, l\\]"),
        ({"colours": ((1, 2, float("nan")),)}, "finite"),
        ({"colours": ()}, "non-empty"),
        ({"board": "marble"}, "board"),
        ({"board": 3}, "board"),
        ({"coordinates": "yes"}, "true or false"),
        ({"flagged": "ab"}, "whole numbers"),
        ({"label": 5}, "label must be text"),
        ({"lines": "abc"}, "one list of cells"),
    ]
    for kwargs, message in cases:
        with pytest.raises(ValueError, match=message):
            DrawOptions(**kwargs)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="lines has 1 lines but the board has 6 pairs"):
        draw(layout, DrawOptions(lines=((0,),)))
    with pytest.raises(ValueError, match="not neighbours"):
        draw(layout, DrawOptions(lines=((0, 2),) + ((),) * 5))
    with pytest.raises(ValueError, match="not a cell of the board"):
        draw(layout, DrawOptions(lines=((25,),) + ((),) * 5))
    with pytest.raises(ValueError, match="flagged pair 6"):
        draw(layout, DrawOptions(flagged=(6,)))
    with pytest.raises(ValueError, match="blasted cell 25"):
        draw(layout, DrawOptions(blasted=(25,)))
    with pytest.raises(ValueError, match="needs a Layout"):
        draw(LEVEL5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="options must be DrawOptions"):
        draw(layout, {"marks": "numbers"})  # type: ignore[arg-type]
    assert draw_code("AB", 5) == ""
    assert draw_code(LEVEL5, "5") == ""


def test_custom_colours_are_used_cyclically() -> None:
    layout = decode_layout(LEVEL5, 5)
    assert layout is not None
    lines = lines_of_answer(layout, ANSWER5)
    root = ET.fromstring(
        draw(layout, DrawOptions(lines=lines, colours=((10, 20, 30), (200, 50.5, 60))))
    )
    strokes = [e.get("stroke") for e in with_class(root, "tsu-line")]
    assert strokes == ["hsl(10, 20%, 30%)", "hsl(200, 50.5%, 60%)"] * 3


def test_colour_extension_formula() -> None:
    marble = TSUNAGI_COLOUR_SETS["marble"]
    assert marble[0] == (4, 76, 52)
    # p = 16: k = 1, lightness +14; p = 33: k = 2, -14; p = 50: k = 3, +8; p = 81: k = 5, +14
    assert marble[16] == (33, 76, 66)
    assert marble[33] == ((213 + 58) % 360, 74, 36)
    assert marble[50] == ((138 + 87) % 360, 52, 48)
    assert marble[81] == ((213 + 145) % 360, 74, 64)
    # p = 69: k = 4, base 5 = (188, 74, 44), -8
    assert marble[69] == ((188 + 116) % 360, 74, 36)
    # clamped to 18..88: base 15 (38, 50, 73) at k = 1 gives 87; base 11 (228, 50, 31) at k = 2
    assert marble[31] == (67, 50, 87)
    assert marble[43] == ((228 + 58) % 360, 50, 18)  # 31 - 14 = 17, clamped up to 18
    soft = TSUNAGI_COLOUR_SETS["soft"]
    assert soft[:3] == ((0, 55, 64), (138, 55, 64), (275, 55, 64))
    assert soft[40] == (100, 55, 64)  # 40 * 137.5 = 5500, mod 360 = 100
    bright = TSUNAGI_COLOUR_SETS["bright"]
    assert bright[20] == ((hex_to_hsl("#ff8a00")[0] + 29) % 360, 100, 64)
    assert hex_to_hsl("#e69f00") == (41, 100, 45)
    assert hex_to_hsl("#808080") == (0, 0, 50)
    assert all(len(TSUNAGI_COLOUR_SETS[n]) == 82 for n in TSUNAGI_COLOUR_SETS)
    assert pair_hsl("marble", 16) == (33, 76, 66)


def test_colours_in_the_drawing() -> None:
    layout = decode_layout(
        "".join(f"{c}{c}" for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmn"), 10
    )
    assert layout is not None and layout.pairs == 50
    svg = draw(layout, DrawOptions(id="c"))
    # pair 16: (33, 76, 66): highlight 94, body 66, rim 44
    assert (
        '<radialGradient id="c-m16" cx="0.42" cy="0.38" r="0.62" fx="0.34" fy="0.28">'
        '<stop offset="0" stop-color="hsl(33, 76%, 94%)"/>'
        '<stop offset="0.55" stop-color="hsl(33, 76%, 66%)"/>'
        '<stop offset="1" stop-color="hsl(33, 76%, 44%)"/></radialGradient>'
    ) in svg
    numbers = draw(
        layout, DrawOptions(id="c", marks="numbers", lines=tuple((a, b) for a, b in layout.ends))
    )
    root = ET.fromstring(numbers)
    line = next(e for e in with_class(root, "tsu-line") if e.get("data-pair") == "16")
    assert line.get("stroke") == "hsl(33, 30%, 62%)"
    wash = next(g for g in with_class(root, "tsu-washes")[0] if g.get("data-pair") == "16")
    assert wash.get("fill") == "hsla(33, 30%, 70%, 0.22)"
    colour_wash = next(
        g
        for g in with_class(
            ET.fromstring(draw(layout, DrawOptions(lines=tuple((a, b) for a, b in layout.ends)))),
            "tsu-washes",
        )[0]
        if g.get("data-pair") == "16"
    )
    assert colour_wash.get("fill") == "hsla(33, 76%, 74%, 0.28)"


def test_draw_pair_matches_the_whole_drawing(levels: list[tuple[str, Layout, Lines]]) -> None:
    for _twist, layout, lines in levels[::3]:
        for options in (
            DrawOptions(lines=lines, id="pp"),
            DrawOptions(lines=lines, id="pp", fill="lines", marks="numbers"),
        ):
            whole = draw(layout, options)
            for pair in range(layout.pairs):
                parts = draw_pair(layout, pair, "pp", options)
                assert parts.washes.startswith(f'<g data-pair="{pair}"')
                assert parts.washes in whole
                assert parts.line in whole
                assert parts.beads in whole
                assert parts.ghosts in whole
                assert bool(parts.ghosts) == layout.wrap
                assert bool(parts.line) == bool(lines[pair])
    layout = decode_layout(LEVEL5, 5)
    assert layout is not None
    with pytest.raises(ValueError, match="is not a pair"):
        draw_pair(layout, 6, "x")
    with pytest.raises(ValueError, match="is not an id"):
        draw_pair(layout, 0, "1x")


def test_draw_marble() -> None:
    svg = draw_marble(16, DrawOptions(id="mm", style=True))
    root = ET.fromstring(svg)
    assert [e.get("id") for e in root.iter() if e.get("id")] == ["mm-m16"]
    marble = with_class(root, "tsu-marble")[0]
    assert marble.get("aria-label") == "marble 17"
    assert marble.get("data-pair") == "16"
    assert root.find(NS + "style") is not None
    ja = ET.fromstring(draw_marble(0, DrawOptions(language="ja", marks="numbers")))
    assert with_class(ja, "tsu-marble")[0].get("aria-label") == "ビー玉1"
    assert with_class(ja, "tsu-num")[0].text == "1"
    with pytest.raises(ValueError, match="is not a pair number"):
        draw_marble(-1)


def test_japanese_labels() -> None:
    root = ET.fromstring(draw_code(LEVEL5, 5, DrawOptions(language="ja")))
    assert root.get("aria-label") == "つなぎの盤面、5×5、ビー玉6組"
    assert with_class(root, "tsu-marble")[0].get("aria-label") == "ビー玉1、1行1列"


def test_style_is_embedded_and_honours_the_reader() -> None:
    root = ET.fromstring(draw_code(LEVEL5, 5, DrawOptions(style=True)))
    style = root.find(NS + "style")
    assert style is not None and style.text == TSUNAGI_STYLE
    assert "prefers-color-scheme: dark" in TSUNAGI_STYLE
    assert "prefers-reduced-motion: reduce" in TSUNAGI_STYLE
    for prop in (
        "paper",
        "paper-deep",
        "frame",
        "grid",
        "ink",
        "coordinate",
        "shu",
        "good",
        "font",
    ):
        assert f"--tsu-{prop}:" in TSUNAGI_STYLE
    assert ET.fromstring(draw_code(LEVEL5, 5)).find(NS + "style") is None


@pytest.mark.parametrize("board", TSUNAGI_BOARD_NAMES)
def test_every_board_draws(board: str) -> None:
    root = ET.fromstring(draw_code(LEVEL5, 5, DrawOptions(board=board)))
    assert root.get("data-board") == board
    assert (root.get("style") is None) == (board == "paper")


def test_cell_at_point_finds_every_centre(levels: list[tuple[str, Layout, Lines]]) -> None:
    seen = set()
    for twist, layout, _ in levels:
        for coordinates in (False, True):
            geo = geometry(layout, coordinates=coordinates)
            for cell, (x, y) in enumerate(geo.centres):
                if layout.hex and not in_hex(layout.size, cell):
                    continue
                assert cell_at_point(geo, x, y) == cell
                assert cell_at_point(geo, x + 30, y - 30) == cell
            seen.add(twist)
            assert cell_at_point(geo, -5, -5) == -1
            assert cell_at_point(geo, geo.box + 1, 10) == -1
    assert {"hex", "wrap", "classic"} <= seen


def test_cell_at_point_edges() -> None:
    layout = decode_layout(LEVEL5, 5)
    assert layout is not None
    geo = geometry(layout, coordinates=True)
    assert (geo.x0, geo.y0, geo.box) == (48, 48, 562)
    assert cell_at_point(geo, 48, 48) == 0
    assert cell_at_point(geo, 47.9, 100) == -1
    assert cell_at_point(geo, 48 + 5 * CELL - 0.1, 48 + 5 * CELL - 0.1) == 24
    assert cell_at_point(geo, 48 + 5 * CELL, 100) == -1
    wrap = decode_layout("A" + "." * 3 + "A" + "." * 20 + "|wrap", 5)
    assert wrap is not None
    geo = geometry(wrap)
    assert (geo.x0, geo.box) == (64, 628)
    assert cell_at_point(geo, 40, 114) == 4  # on the band of ghosts left of cell 0: cell 4
    assert cell_at_point(geo, 10, 114) == -1
    assert geometry(wrap, ghosts=False).x0 == 14
    hexagon = decode_layout("##A.A#....B...B....#...##|hex", 5)
    assert hexagon is not None
    geo = geometry(hexagon)
    assert cell_at_point(geo, *geo.centres[0]) == -1  # off the hexagon
    assert cell_at_point(geo, 20, 20) == -1


def test_cli_draw(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["tsunagi", "draw", "5", LEVEL5, "--answer", ANSWER5, "--marks", "numbers"]) == 0
    out = capsys.readouterr().out
    root = ET.fromstring(out)
    assert len(with_class(root, "tsu-line")) == 6
    target = tmp_path / "board.svg"
    code = main(
        [
            "tsunagi",
            "draw",
            "5",
            LEVEL5,
            "--board",
            "wood",
            "--coordinates",
            "--language",
            "ja",
            "--style",
            "--fill",
            "lines",
            "--colours",
            "soft",
            "-o",
            str(target),
        ]
    )
    assert code == 0
    root = ET.fromstring(target.read_text(encoding="utf-8"))
    assert root.get("data-board") == "wood"
    assert root.get("aria-label", "").startswith("つなぎ")
    for argv, message in [
        (["5", "AB"], "the givens are not a Tsunagi layout"),
        (["5", LEVEL5, "--answer", "x"], "the answer's lines do not join"),
        (["x", LEVEL5], "is not a board size"),
    ]:
        assert main(["tsunagi", "draw", *argv]) == 2
        assert message in capsys.readouterr().err
    for argv, message in [
        (["5", LEVEL5, "--language", "fr"], "invalid choice: 'fr' (choose from 'en', 'ja')"),
        (["5", LEVEL5, "--board", "oak"], "invalid choice: 'oak' (choose from 'paper', 'wood'"),
    ]:
        with pytest.raises(SystemExit) as stop:
            main(["tsunagi", "draw", *argv])
        assert stop.value.code == 2
        assert message in capsys.readouterr().err
