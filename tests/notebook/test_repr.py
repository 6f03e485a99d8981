"""Values show themselves in a notebook: a short repr naming the board, and SVG that parses.

Drawings are :class:`itsutsu.common.svg.Svg`, still plain text everywhere else.
"""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Any

import pytest

from itsutsu import suido, tsunagi
from itsutsu.common.notebook_repr import lazy, notebook_id, shown_in_notebooks
from itsutsu.common.svg import Svg

NS = "{http://www.w3.org/2000/svg}"
SVG = f"{NS}svg"
LAYOUT5 = "AB..B.CDEF.....A..E.C..DF"
ANSWER5 = "ABBBBACDEFACDEFACDEFCCDDF"
BOARD5 = "5x5:Eba3C3c9955C6abcdc3ckac3I"
SOLVED5 = "5x5:CeacE696955E3ad3bc69ia93I"


def parse(text: str | None) -> ET.Element:
    assert text is not None
    root = ET.fromstring(text)
    assert root.tag == SVG
    return root


def ids_of(root: ET.Element) -> set[str]:
    return {node.attrib["id"] for node in root.iter() if "id" in node.attrib}


def layout5() -> tsunagi.Layout:
    layout = tsunagi.decode_layout(LAYOUT5, 5)
    assert layout is not None
    return layout


def board5() -> suido.Layout:
    board = suido.decode_layout(BOARD5)
    assert board is not None
    return board


def solved_tsunagi_game() -> tsunagi.Game:
    layout = layout5()
    lines = tsunagi.lines_of_answer(layout, ANSWER5)
    assert lines is not None
    game = tsunagi.new_game(layout, answer=ANSWER5, lines=lines)
    assert game is not None
    return tsunagi.check_game(game)


def test_drawings_are_text_that_shows_as_a_picture() -> None:
    layout, board = layout5(), board5()
    drawings = [
        tsunagi.draw(layout),
        tsunagi.draw_code(LAYOUT5, 5),
        tsunagi.draw_marble(2),
        suido.draw(board),
        suido.draw_thumb(board),
        suido.draw_piece(5),
    ]
    for drawing in drawings:
        assert type(drawing) is Svg and isinstance(drawing, str)
        assert type(str(drawing)) is str
        # Shown sized for a notebook, and with its stylesheet, so it stands alone.
        picture = parse(drawing._repr_svg_())
        assert picture.find(f"{NS}style") is not None
        assert max(int(picture.attrib["width"]), int(picture.attrib["height"])) in (320, 480)
        plain = str(drawing)
        assert drawing == plain and hash(drawing) == hash(plain)
        assert json.loads(json.dumps({"svg": drawing})) == {"svg": plain}
        assert drawing[:4] == "<svg" and type(drawing[:4]) is str
        assert pickle.loads(pickle.dumps(drawing)) == plain
    # Not a layout: the empty text, which IPython shows as text rather than as a picture.
    nothing = tsunagi.draw_code("junk", 5)
    assert nothing == "" and nothing._repr_svg_() is None


def test_a_drawing_is_shown_at_a_notebook_size_in_its_own_shape() -> None:
    tall = suido.decode_layout("2x5:h111111111")
    assert tall is not None
    picture = parse(suido.draw(tall)._repr_svg_())
    assert (picture.attrib["width"], picture.attrib["height"]) == ("192", "480")
    styled = tsunagi.draw(layout5(), style=True)
    assert styled._repr_svg_().count("<style>") == 1  # type: ignore[union-attr]
    sized = Svg('<svg xmlns="http://www.w3.org/2000/svg" width="10" viewBox="0 0 5 5"/>')
    assert sized._repr_svg_() == sized  # a drawing that has a size keeps it
    assert Svg("<p>not a drawing</p>")._repr_svg_() == "<p>not a drawing</p>"


def test_tsunagi_layout() -> None:
    layout = layout5()
    assert repr(layout) == f"<Tsunagi layout 5x5, 6 pairs, code {LAYOUT5!r}>"
    root = parse(layout._repr_svg_())
    assert root.attrib["class"] == "tsunagi" and root.attrib["data-size"] == "5"
    assert root.find(f"{NS}style") is not None  # stands alone
    # Equality and hashing are the dataclass's: the repr changed nothing else.
    again = layout5()
    assert again == layout and hash(again) == hash(layout) and again is not layout


def test_tsunagi_layout_names_its_twists_and_cuts_long_codes() -> None:
    code = "A" + "." * 98 + "A|wrap"
    layout = tsunagi.decode_layout(code, 10)
    assert layout is not None
    shown = repr(layout)
    assert shown.startswith("<Tsunagi layout 10x10, 1 pair, twists: wrap, code 'A....")
    assert shown.endswith("...'>") and len(shown) < 120
    parse(layout._repr_svg_())


def test_each_drawing_has_ids_of_its_own() -> None:
    layout = layout5()
    first, second = parse(layout._repr_svg_()), parse(layout._repr_svg_())
    assert ids_of(first) and not ids_of(first) & ids_of(second)
    assert notebook_id() != notebook_id()


def test_tsunagi_game_shows_its_status() -> None:
    layout = layout5()
    game = tsunagi.new_game(layout)
    assert game is not None
    game = tsunagi.lift_game(tsunagi.drag_game(tsunagi.press_game(game, 0), 5))
    assert repr(game) == (
        "<Tsunagi game 5x5, 0 of 6 pairs joined, 13 of 25 cells filled, 1 stroke,"
        f" givens {LAYOUT5!r}>"
    )
    root = parse(game._repr_svg_())
    assert root.attrib["data-solved"] == "false"
    html = game._repr_html_()
    card = ET.fromstring(html)  # the card is XML too: the drawing and one line of words
    assert card[0].tag == SVG
    assert card[1].text == "0 of 6 pairs joined, 13 of 25 cells filled, 1 stroke"
    solved = solved_tsunagi_game()
    assert repr(solved).startswith("<Tsunagi game 5x5, Solved in 0 strokes")
    assert parse(solved._repr_svg_()).attrib["data-solved"] == "true"


def test_tsunagi_count_draws_its_first_answer() -> None:
    layout = layout5()
    result = tsunagi.count_solutions(layout)
    assert result.unique
    assert repr(result) == (
        f"<Tsunagi count: Exactly one answer (drawn), board 5x5, 6 pairs, code {LAYOUT5!r}>"
    )
    root = parse(result._repr_svg_())
    lines = root.findall(".//*[@class='tsu-line']")
    assert len(lines) == 6
    # The board it counted is kept, not compared: the same count equals the same count.
    assert result.layout == layout
    assert result == tsunagi.solve(layout5()) and hash(result) == hash(tsunagi.solve(layout))
    assert "layout" not in {f for f in result.__dataclass_fields__ if f != "layout"}


def test_tsunagi_count_without_answer_draws_the_bare_board() -> None:
    layout = tsunagi.decode_layout("AB..BA...", 3)  # the lines must cross: no answer
    assert layout is not None
    result = tsunagi.count_solutions(layout)
    assert result.count == 0 and result.complete
    assert repr(result).startswith("<Tsunagi count: No answer, board 3x3, 2 pairs")
    root = parse(result._repr_svg_())
    assert not root.findall(".//*[@class='tsu-line']")


def test_suido_layout_game_and_count() -> None:
    board = board5()
    assert repr(board) == f"<Suido layout 5x5 network, code {BOARD5!r}>"
    assert parse(board._repr_svg_()).attrib["class"] == "suido"
    game = suido.new_game(board)
    assert game is not None
    game = suido.turn_at(game, 0)
    assert repr(game).startswith("<Suido game 5x5 network, Not solved yet, 1 turn, code '5x5:")
    assert parse(game._repr_svg_()).attrib["data-solved"] == "false"
    card = ET.fromstring(game._repr_html_())
    assert card[1].text == "Not solved yet, 1 turn"
    result = suido.solve(board)
    assert repr(result) == (
        f"<Suido count: Exactly one answer (drawn), answer 5x5 network, code {SOLVED5!r}>"
    )
    assert parse(result._repr_svg_()).attrib["data-solved"] == "true"
    assert board5() == board and hash(board5()) == hash(board)


def test_suido_count_with_no_answer_has_no_picture() -> None:
    result = suido.SolveResult(0, (), True, (), 1, 0, 0)
    assert repr(result) == "<Suido count: No answer>"
    assert result._repr_svg_() is None and result._repr_html_() is None


def test_a_value_the_drawing_refuses_shows_as_text() -> None:
    broken = tsunagi.Layout(size=2, cells=(0, 0, 0, 0), ends=((0, 9),))
    assert broken._repr_svg_() is None
    assert repr(broken) == "<Tsunagi layout 2x2, 1 pair, code 'AAAA'>"
    worse = tsunagi.Layout(size=2, cells=None, ends=())  # type: ignore[arg-type]
    assert repr(worse).startswith("<itsutsu.tsunagi.layout.Layout object at ")


@shown_in_notebooks(
    lambda value: f"Made {value.code}",
    lazy("itsutsu.tsunagi.drawing.shown", "layout_svg_of_code"),
)
@dataclass(frozen=True)
class _Made:
    code: str


def test_the_hook_for_other_values() -> None:
    """The decorator other modules use (a generator's result, say): repr and picture, with
    the dataclass's equality kept; a picture function that does not exist is a real error."""
    made = _Made("x")
    assert repr(made) == "<Made x>" and made == _Made("x") and hash(made) == hash(_Made("x"))

    @shown_in_notebooks(lambda v: "thing", lambda v, ident: tsunagi.draw(layout5(), id=ident))
    @dataclass(frozen=True)
    class Thing:
        n: int

    root = parse(Thing(1)._repr_svg_())
    assert all(i.startswith("nb-") for i in ids_of(root))
    with pytest.raises(AttributeError):
        made._repr_svg_()


def test_the_engine_imports_without_the_widget() -> None:
    code = (
        "import sys, itsutsu.tsunagi, itsutsu.suido, itsutsu.common.notebook_repr\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in"
        " ('anywidget', 'traitlets', 'IPython', 'ipywidgets') or m == 'itsutsu.notebook'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_reprs_stay_short() -> None:
    values: list[Any] = [layout5(), board5(), tsunagi.solve(layout5()), suido.solve(board5())]
    for value in values:
        assert len(repr(value)) < 140, repr(value)


@shown_in_notebooks(
    lazy("itsutsu.suido.drawing.shown", "made_summary"),
    lazy("itsutsu.suido.drawing.shown", "made_svg"),
    html=lazy("itsutsu.suido.drawing.shown", "made_html"),
)
@dataclass(frozen=True)
class _SuidoMade:
    """The fields the Suido generator's result has (code, answer, layout, ..., seed)."""

    code: str
    answer: str
    layout: suido.Layout
    seed: int


@shown_in_notebooks(
    lazy("itsutsu.tsunagi.drawing.shown", "made_summary"),
    lazy("itsutsu.tsunagi.drawing.shown", "made_svg"),
    html=lazy("itsutsu.tsunagi.drawing.shown", "made_html"),
)
@dataclass(frozen=True)
class _TsunagiMade:
    layout: tsunagi.Layout
    answer: str
    seed: int


def test_made_boards_show_beside_their_answers() -> None:
    """The ready-made hooks for the generators' results: the board, and in HTML the board
    beside its answer (ids of their own)."""
    made = _SuidoMade(BOARD5, SOLVED5, board5(), 7)
    assert repr(made) == f"<Suido made 5x5 network, code {BOARD5!r}, seed 7>"
    assert parse(made._repr_svg_()).attrib["data-solved"] == "false"
    page = ET.fromstring(made._repr_html_())  # type: ignore[attr-defined]
    pictures = page.findall(f".//{SVG}")
    assert [p.attrib["data-solved"] for p in pictures] == ["false", "true"]
    assert [c.text for c in page.iter("figcaption")] == ["the board", "its answer"]
    made_t = _TsunagiMade(layout5(), ANSWER5, 3)
    assert repr(made_t) == f"<Tsunagi made 5x5, 6 pairs, code {LAYOUT5!r}, seed 3>"
    page = ET.fromstring(made_t._repr_html_())  # type: ignore[attr-defined]
    first, second = page.findall(f".//{SVG}")
    assert second.attrib["data-solved"] == "true" and not ids_of(first) & ids_of(second)
    assert made_t == _TsunagiMade(layout5(), ANSWER5, 3)


def test_the_generators_results_show_themselves() -> None:
    """``tsunagi.make`` and ``suido.make_unscored`` return values a notebook draws: the
    board as made, and in HTML beside its answer."""
    made = tsunagi.make(5, 3)
    assert repr(made) == f"<Tsunagi made 5x5, {made.pairs} pairs, code {made.layout!r}, seed 3>"
    assert parse(made._repr_svg_()).attrib["data-solved"] == "false"
    page = ET.fromstring(made._repr_html_())  # type: ignore[attr-defined]
    assert [p.attrib["data-solved"] for p in page.findall(f".//{SVG}")] == ["false", "true"]
    board = suido.make_unscored(suido.MakeOptions(width=5, height=5, seed=2))
    assert repr(board) == f"<Suido made 5x5 network, code {board.code!r}, seed 2>"
    assert parse(board._repr_svg_()).attrib["data-solved"] == "false"
    page = ET.fromstring(board._repr_html_())  # type: ignore[attr-defined]
    assert [p.attrib["data-solved"] for p in page.findall(f".//{SVG}")] == ["false", "true"]
