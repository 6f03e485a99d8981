"""Suido drawings (spec 14.2-14.4): structure on corpus boards of every twist, painting,
thumbnails, single pieces, escaping, refusals and the ``itsutsu suido draw`` command.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from conftest import corpus_rows
from itsutsu.cli import main
from itsutsu.suido.code import Layout, decode_layout
from itsutsu.suido.drawing.paint import Paint, paint_state
from itsutsu.suido.drawing.states import derived_quarters
from itsutsu.suido.drawing.style import COLOURS, SUIDO_STYLE
from itsutsu.suido.drawing.svg import DrawOptions, draw, draw_piece
from itsutsu.suido.drawing.thumb import draw_thumb
from itsutsu.suido.game import Game, new_game, turn_at
from itsutsu.suido.pieces import arms_of, shape_of
from itsutsu.suido.rows import level_solution
from itsutsu.suido.squares import block_info
from itsutsu.suido.water import flow_of

NS = "{http://www.w3.org/2000/svg}"
TWISTS = (
    "drains", "pumps", "locked", "walls", "wrap", "inlet-outlet", "big-pieces", "block-turns",
)  # fmt: skip


def _row(twist: str) -> list[str]:
    """Return the first corpus row declaring ``twist`` (7x7 levels; the big set for squares)."""
    name = "big.tsv" if twist in ("big-pieces", "block-turns") else "7x7.tsv"
    return next(r for r in corpus_rows("suido", name) if twist in r[3].split(" "))


def _boards(twist: str) -> tuple[Layout, tuple[int, ...], tuple[int, ...]]:
    """Return a board with ``twist``, its answer, and it half turned (first half answered)."""
    row = _row(twist)
    layout = decode_layout(row[1])
    solution = level_solution(row[1:4])
    assert layout is not None and solution is not None
    info = block_info(layout)
    half = list(layout.cells)
    for block in info.blocks[: len(info.blocks) // 2 + 1]:
        for cell in block.cells:
            half[cell] = solution[cell]
    for cell in range(len(half) // 2):
        if info.of[cell] < 0:
            half[cell] = solution[cell]
    return layout, solution, tuple(half)


def _cells(root: ET.Element) -> list[ET.Element]:
    return [g for g in root if g.get("class") == "sd-cell"]


def _arms(cell: ET.Element) -> dict[int, str]:
    turn = cell.find(f"{NS}g[@class='sd-turn']")
    assert turn is not None
    return {
        int(arm.get("data-side", "")): arm.get("data-w", "?")
        for arm in turn.findall(f"{NS}g[@class='sd-arm']")
    }


def _k(cell: ET.Element) -> int:
    match = re.fullmatch(r"--k:(-?\d+)", cell.get("style", ""))
    assert match, cell.get("style")
    return int(match.group(1))


def _check_structure(layout: Layout, masks: tuple[int, ...], svg: str) -> ET.Element:
    """Check everything of spec 14.2 a drawing of ``layout`` at ``masks`` must show."""
    root = ET.fromstring(svg)
    flow = flow_of(layout, masks)
    info = block_info(layout)
    size = layout.width * layout.height
    assert root.tag == f"{NS}svg"
    assert root.get("class") == "suido"
    assert root.get("viewBox") == f"0 0 {layout.width * 100} {layout.height * 100}"
    assert root.get("role") == "group"
    assert root.get("data-solved") == ("true" if flow.solved else "false")
    assert re.fullmatch(r"--sd-step:\d+ms", root.get("style", ""))
    # children in order: board, plates, cells, pivots, walls, rim
    classes = [child.get("class") for child in root]
    squares, walls = len(info.blocks), len(root.findall(f"{NS}rect[@class='sd-wall']"))
    rim_walls = sum(
        1
        for edge in layout.walls or ()
        if (edge % 2 == 0 and (edge >> 1) % layout.width == layout.width - 1)
        or (edge % 2 == 1 and (edge >> 1) // layout.width == layout.height - 1)
    )
    assert walls == len(layout.walls or ()) + rim_walls
    assert classes == (
        ["sd-board"]
        + ["sd-plate"] * squares
        + ["sd-cell"] * size
        + ["sd-pivot"] * squares
        + ["sd-wall"] * walls
        + (["sd-rim"] if layout.wrap else [])
    )
    sources, drains, locked = set(layout.sources), set(layout.drains), set(layout.locked or ())
    quarters = derived_quarters(layout, masks)
    for index, cell in enumerate(_cells(root)):
        given = layout.cells[index]
        role = "source" if index in sources else "drain" if index in drains else "plain"
        square = info.of[index]
        place = info.blocks[square].cells[
            (info.blocks[square].cells.index(index) + quarters[index]) % 4
        ] if square >= 0 else index  # fmt: skip
        assert cell.get("data-cell") == str(index)
        assert cell.get("data-block") == (str(square) if square >= 0 else None)
        assert cell.get("data-shape") == shape_of(given)
        assert cell.get("data-role") == role
        assert cell.get("data-locked") == ("true" if index in locked else "false")
        assert cell.get("data-wet") == ("true" if flow.wet[place] else "false")
        assert _k(cell) == max(0, flow.depth[place])
        arms = _arms(cell)
        assert sorted(arms) == [side for side in range(4) if given >> side & 1]
        turn = cell.find(f"{NS}g[@class='sd-turn']")
        assert turn is not None and turn.get("style") == f"--q:{quarters[index]}"
        box = turn.find(f"{NS}rect[@class='sd-box']")
        assert box is not None and box.get("width") == ("202" if square >= 0 else "102")
        kids = [child.get("class") for child in cell]
        assert kids[0] == "sd-ground" and kids[-1] == "sd-hit"
        assert ("sd-lockframe" in kids, "sd-lock" in kids) == (index in locked,) * 2
        assert ("sd-src" in kids) == (role == "source")
        assert ("sd-bowl" in kids and "sd-fill" in kids) == (role == "drain")
        if flow.wet[place]:
            assert set(arms.values()) <= {"in", "out", "leak"}
            assert list(arms.values()).count("in") == (0 if index in sources else 1)
        else:
            assert set(arms.values()) <= {""}
    every = [w for cell in _cells(root) for w in _arms(cell).values()]
    assert every.count("leak") == len(flow.spills)
    assert every.count("in") == flow.wet_pieces - len(sources)
    wet = [cell.get("data-wet") for cell in _cells(root)].count("true")
    assert wet == flow.wet_pieces
    return root


@pytest.mark.parametrize("twist", TWISTS)
def test_structure_given_half_turned_and_solved(twist: str) -> None:
    layout, solution, half = _boards(twist)
    _check_structure(layout, layout.cells, draw(layout))
    root = _check_structure(layout, half, draw(layout, DrawOptions(masks=half)))
    assert root.get("data-solved") == "false"
    root = _check_structure(layout, solution, draw(layout, DrawOptions(masks=solution)))
    assert root.get("data-solved") == "true"
    assert 'data-w="leak"' not in ET.tostring(root, encoding="unicode")


def test_twist_boards_really_carry_their_twists() -> None:
    features = {
        "drains": lambda lay: lay.kind == "drains",
        "pumps": lambda lay: len(lay.sources) > 1,
        "locked": lambda lay: bool(lay.locked),
        "walls": lambda lay: bool(lay.walls),
        "wrap": lambda lay: lay.wrap,
        "inlet-outlet": lambda lay: lay.kind == "inlet-outlet",
        "big-pieces": lambda lay: bool(lay.bigs),
        "block-turns": lambda lay: bool(lay.blocks),
    }
    for twist, has in features.items():
        assert has(_boards(twist)[0]), twist


def test_wrap_walls_on_the_seam_are_drawn_at_both_sides() -> None:
    layout = decode_layout("3x3w:h00000000;w4,5,17")  # east of 2 (seam), south of 2, south of 8
    assert layout is not None
    walls = ET.fromstring(draw(layout)).findall(f"{NS}rect[@class='sd-wall']")
    spots = [(w.get("x"), w.get("y"), w.get("width"), w.get("height")) for w in walls]
    assert spots == [
        ("292", "-4", "8", "108"),
        ("0", "-4", "8", "108"),
        ("196", "95", "108", "10"),
        ("196", "292", "108", "8"),
        ("196", "0", "108", "8"),
    ]


def test_dry_drawing_keeps_the_verdict() -> None:
    layout, solution, _ = _boards("pumps")
    root = ET.fromstring(draw(layout, DrawOptions(masks=solution, water=False)))
    assert root.get("data-solved") == "true"
    for cell in _cells(root):
        assert cell.get("data-wet") == "false" and _k(cell) == 0
        assert set(_arms(cell).values()) <= {""}


def _apply(svg: str, paint: Paint) -> str:
    """Write ``paint`` into a drawing as a page does, and return the drawing's text."""
    root = ET.fromstring(svg)
    root.attrib.update(paint.root_attributes())
    for element, cell in zip(_cells(root), paint.cells, strict=True):
        element.attrib.update(cell.attributes())
        turn = element.find(f"{NS}g[@class='sd-turn']")
        assert turn is not None
        turn.set("style", f"--q:{cell.q}")
        arms = dict(cell.arms)
        for arm in turn.findall(f"{NS}g[@class='sd-arm']"):
            arm.set("data-w", arms.pop(int(arm.get("data-side", ""))))
        assert not arms
    return ET.tostring(root, encoding="unicode")


def _played(game: Game, rng: random.Random, taps: int) -> Game:
    for _ in range(taps):
        game = turn_at(game, rng.randrange(len(game.masks)), rng.choice((1, 1, -1)))
    return game


@pytest.mark.parametrize("twist", TWISTS)
def test_paint_after_turns_equals_a_fresh_drawing(twist: str) -> None:
    layout, solution, _ = _boards(twist)
    rng = random.Random(twist)
    game = new_game(layout)
    assert game is not None
    before = draw(layout)
    for taps in (1, 5, 40):
        game = _played(game, rng, taps)
        paint = paint_state(layout, game.masks, game.quarters)
        fresh = draw(layout, DrawOptions(masks=game.masks, quarters=game.quarters))
        canon = ET.tostring(ET.fromstring(fresh), encoding="unicode")
        assert _apply(before, paint) == canon
        before = fresh
    # and onto the answer: solved, no leaks
    paint = paint_state(layout, solution)
    assert paint.solved
    assert all(state != "leak" for cell in paint.cells for _, state in cell.arms)
    assert _apply(before, paint) == ET.tostring(
        ET.fromstring(draw(layout, DrawOptions(masks=solution))), encoding="unicode"
    )


def test_paint_as_plain_data() -> None:
    layout = decode_layout("2x2:iI00")
    assert layout is not None
    data = paint_state(layout, (2, 1, 0, 0), (0, 1, 0, 0)).to_dict()
    assert data == {
        "solved": "false",
        "step": "90ms",
        "cells": [
            {"wet": "true", "k": "0", "q": "0", "arms": {"1": "leak"}},
            {"wet": "false", "k": "0", "q": "1", "arms": {"3": ""}},
            {"wet": "false", "k": "0", "q": "0", "arms": {}},
            {"wet": "false", "k": "0", "q": "0", "arms": {}},
        ],
    }


def test_two_drawings_share_a_page() -> None:
    layout, solution, half = _boards("walls")
    page = f"<div>{draw(layout, DrawOptions(style=True))}{draw(layout, DrawOptions(masks=half))}"
    page += f"{draw_thumb(layout, solution)}{draw_piece(7)}</div>"
    root = ET.fromstring(page)
    ids = [el.get("id") for el in root.iter() if el.get("id") is not None]
    assert len(ids) == len(set(ids))


LABEL = "Mine & \"yours\" <b>'x'</b>\x00\x07\x1f\ttab é 水 \ufffe"


@pytest.mark.parametrize("kind", ["draw", "thumb", "piece"])
def test_labels_are_escaped(kind: str) -> None:
    layout = decode_layout("2x2:iI00")
    assert layout is not None
    svg = {
        "draw": lambda: draw(layout, DrawOptions(label=LABEL)),
        "thumb": lambda: draw_thumb(layout, label=LABEL),
        "piece": lambda: draw_piece(5, label=LABEL),
    }[kind]()
    root = ET.fromstring(svg)
    # the forbidden controls are gone; the tab is written as a reference, so it survives
    assert root.get("aria-label") == "Mine & \"yours\" <b>'x'</b>\ttab é 水 "
    assert "<b>" not in svg


def test_default_labels() -> None:
    layout = decode_layout("3x2:iI0000")
    assert layout is not None
    assert ET.fromstring(draw(layout)).get("aria-label") == "Suido board, 3 by 2"
    japanese = ET.fromstring(draw(layout, DrawOptions(language="ja")))
    assert japanese.get("aria-label") == "水道の盤面（横3×縦2）"
    assert ET.fromstring(draw_thumb(layout)).get("aria-label") == "Suido board, 3 by 2"


def test_bad_input_is_refused() -> None:
    layout = decode_layout("2x2:iI00")
    assert layout is not None
    cases = [
        (lambda: draw("2x2:iI00"), "needs a Layout"),  # type: ignore[arg-type]
        (lambda: draw(layout, {"masks": None}), "options must be DrawOptions"),  # type: ignore[arg-type]
        (lambda: draw(layout, DrawOptions(masks=(2, 8, 0))), "masks has 3 entries"),
        (lambda: draw(layout, DrawOptions(masks="2800")), "masks must be a tuple"),
        (lambda: draw(layout, DrawOptions(masks=(2, 8, 0, 16))), "whole number 0..15"),
        (lambda: draw(layout, DrawOptions(masks=(2, 8, 0, True))), "whole number 0..15"),
        (lambda: draw(layout, DrawOptions(quarters=(0, 0))), "quarters has 2 entries"),
        (lambda: draw(layout, DrawOptions(quarters=(0, 0, 0, "1"))), "quarter count"),
        (lambda: draw(layout, DrawOptions(label=5)), "a label must be text"),  # type: ignore[arg-type]
        (lambda: draw(layout, DrawOptions(step=-1)), "at least 0"),
        (lambda: draw(layout, DrawOptions(step=float("nan"))), "finite"),
        (lambda: draw(layout, DrawOptions(step=True)), "milliseconds"),
        (lambda: draw_thumb(layout, (1, 2)), "masks has 2 entries"),
        (lambda: draw_thumb(None), "needs a Layout"),  # type: ignore[arg-type]
        (lambda: draw_piece(16), "whole number 0..15"),
        (lambda: draw_piece("5"), "whole number 0..15"),  # type: ignore[arg-type]
        (lambda: paint_state(layout, (0,) * 5), "masks has 5 entries"),
        (lambda: paint_state(layout, None, [0.0] * 4), "quarter count"),  # type: ignore[list-item]
    ]
    for call, message in cases:
        with pytest.raises(ValueError, match=message):
            call()


def test_step_option_and_default() -> None:
    layout, solution, _ = _boards("drains")
    root = ET.fromstring(draw(layout, DrawOptions(masks=solution, step=12.345)))
    assert root.get("style") == "--sd-step:12.35ms"
    deepest = max(flow_of(layout, solution).depth)
    expected = max(12, min(90, int(2000 / (deepest + 1) + 0.5)))
    assert ET.fromstring(draw(layout, DrawOptions(masks=solution))).get("style") == (
        f"--sd-step:{expected}ms"
    )


@pytest.mark.parametrize("twist", TWISTS)
def test_thumb_is_a_few_dozen_elements(twist: str) -> None:
    layout, solution, half = _boards(twist)
    for masks in (half, solution):
        svg = draw_thumb(layout, masks)
        root = ET.fromstring(svg)
        flow = flow_of(layout, masks)
        assert root.get("role") == "img"
        assert root.get("data-solved") == ("true" if flow.solved else "false")
        count = len(list(root.iter()))
        drains = [d for d in layout.drains if d not in layout.sources]
        rim_walls = len(root.findall(f"{NS}rect[@class='sd-wall']")) - len(layout.walls or ())
        expected = (
            1  # svg
            + 1  # board
            + len(block_info(layout).blocks)
            + 2  # outline and pipe
            + (1 if flow.wet_pieces else 0)
            + len(layout.sources)
            + len(drains)
            + sum(1 for d in drains if flow.wet[d])
            + len(layout.locked or ())
            + len(layout.walls or ())
            + rim_walls
            + (1 if layout.wrap else 0)
        )
        assert count == expected
        assert count <= 70, count
        assert "sd-cell" not in svg and "--q" not in svg
    dry = ET.fromstring(draw_thumb(layout, solution, water=False))
    assert dry.find(f"{NS}path[@class='sd-thumbwater']") is None
    assert dry.find(f"{NS}circle[@class='sd-fill']") is None


@pytest.mark.parametrize("mask", range(16))
def test_piece(mask: int) -> None:
    for wet in (False, True):
        root = ET.fromstring(draw_piece(mask, wet=wet))
        assert (root.get("viewBox"), root.get("role")) == ("0 0 100 100", "img")
        assert root.get("aria-label") == shape_of(mask)
        assert root.get("style") == "--sd-step:0ms"
        (cell,) = _cells(root)
        arms = _arms(cell)
        assert len(arms) == arms_of(mask)
        expected = "out" if wet and mask else ""
        assert set(arms.values()) <= {expected}
        assert cell.get("data-wet") == ("true" if wet and mask else "false")


def test_style_embeds_every_colour_with_both_themes() -> None:
    layout = decode_layout("2x2:iI00")
    assert layout is not None
    svg = draw(layout, DrawOptions(style=True))
    assert f"<style>{SUIDO_STYLE}</style>" in svg
    assert ET.fromstring(svg)[0].tag == f"{NS}style"
    assert len(COLOURS) == 17
    for name, (light, dark) in COLOURS.items():
        assert SUIDO_STYLE.count(f"{name}:{light}") == 2, name
        assert SUIDO_STYLE.count(f"{name}:{dark}") == 2, name
    for needle in (
        "--sd-step:80ms",
        "prefers-color-scheme:dark",
        'html[data-theme="light"]',
        'html[data-theme="dark"]',
        "prefers-reduced-motion:reduce",
        "rotate(calc(var(--q, 0) * 90deg))",
        "calc(var(--k, 0) * var(--sd-step))",
        "data-hint",
        "data-shape",
        "data-role",
    ):
        assert needle in SUIDO_STYLE, needle
    assert "<" not in SUIDO_STYLE and "&" not in SUIDO_STYLE


def test_command_line(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    row = _row("locked")
    layout = decode_layout(row[1])
    solution = level_solution(row[1:4])
    assert layout is not None and solution is not None
    from itsutsu.suido.code import encode_layout, with_masks

    answer = encode_layout(with_masks(layout, solution))
    out = tmp_path / "board.svg"
    assert main(["suido", "draw", row[1], "--answer", answer, "--style", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == draw(
        layout, DrawOptions(masks=solution, quarters=derived_quarters(layout, solution), style=True)
    )
    assert main(["suido", "draw", row[1], "--thumb"]) == 0  # a file that stands alone
    assert capsys.readouterr().out == draw_thumb(layout, style=True) + "\n"
    assert main(["suido", "draw", row[1], "--thumb", "--no-style"]) == 0
    assert capsys.readouterr().out == draw_thumb(layout) + "\n"
    assert main(["suido", "draw", "7x7:nonsense"]) == 2
    assert "is not a Suido board code" in capsys.readouterr().err
    assert main(["suido", "draw", row[1], "--answer", row[1][:-1] + "0"]) == 2
    assert "is not this board with its pieces turned" in capsys.readouterr().err
