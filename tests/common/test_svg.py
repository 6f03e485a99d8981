"""The shared SVG helpers: escaping, JavaScript numbers, colours and default ids."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from itsutsu.common.random import fnv1a
from itsutsu.common.svg import colour, escape, fnv_id, js_number, js_round, num


def test_escape_specials() -> None:
    assert escape("a&b<c>d\"e'f") == "a&amp;b&lt;c&gt;d&quot;e&#39;f"
    assert escape("plain text") == "plain text"
    assert escape("") == ""


def test_escape_drops_forbidden_characters() -> None:
    text = "a\x00b\x01c\x08d\x0be\x0cf\x1fg\ud800h\udfffi\ufffej\uffffk"
    assert escape(text) == "abcdefghijk"
    # tab, newline and return are kept as character references; text outside the BMP stays
    assert escape("a\tb\nc\rd😀") == "a&#9;b&#10;c&#13;d😀"


@pytest.mark.parametrize(
    "text",
    ['"/><script>x</script>', "'; x='", "&amp;", "<![CDATA[", "a\x00\"'<>&\x7f", "a\tb\nc\rd"],
)
def test_escaped_text_stays_in_its_attribute(text: str) -> None:
    element = ET.fromstring(f"<g a=\"{escape(text)}\" b='{escape(text)}'>{escape(text)}</g>")
    kept = text.replace("\x00", "")
    assert element.get("a") == kept
    assert element.get("b") == kept
    assert element.text == kept
    assert len(element) == 0


def test_escape_refuses_non_text() -> None:
    with pytest.raises(ValueError, match="escape needs text"):
        escape(3)  # type: ignore[arg-type]


def test_js_round_halves_go_up() -> None:
    assert js_round(2.5) == 3
    assert js_round(-2.5) == -2
    assert js_round(-2.51) == -3
    assert js_round(0.49999999999999994) == 0


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (12, "12"),
        (12.0, "12"),
        (12.5, "12.5"),
        (-3.25, "-3.25"),
        (-0.0, "0"),
        (0.1 + 0.2, "0.30000000000000004"),
        (1e-7, "1e-7"),
        (1.5e-6, "0.0000015"),
        (1e16, "10000000000000000"),
        (1.5e20, "150000000000000000000"),
        (1e21, "1e+21"),
        (2.5e-10, "2.5e-10"),
        (float("nan"), "NaN"),
        (float("inf"), "Infinity"),
    ],
)
def test_js_number(value: float, text: str) -> None:
    assert js_number(value) == text


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (12, "12"),
        (12.0, "12"),
        (12.499, "12.5"),
        (-3.255, "-3.25"),
        (-3.256, "-3.26"),
        (0.005, "0.01"),
        (-0.005, "0"),
        (-0.001, "0"),
        (1 / 3, "0.33"),
        (2 / 3, "0.67"),
        (86.60254037844386, "86.6"),
        (-12.345, "-12.34"),
    ],
)
def test_num(value: float, text: str) -> None:
    assert num(value) == text


def test_num_refuses_non_numbers() -> None:
    with pytest.raises(ValueError, match="num needs a number"):
        num("3")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="num needs a number"):
        num(True)


@pytest.mark.parametrize(
    "text",
    [
        "#abc",
        "#abcd",
        "#A0B1C2",
        "#a0b1c2d3",
        "rgb(1, 2, 3)",
        "rgba(1,2,3,0.5)",
        "rgb(10 20 30 / 50%)",
        "hsl(210, 40%, 50%)",
        "hsla(210deg, 40%, 50%, .3)",
        "teal",
        "currentColor",
        "transparent",
    ],
)
def test_colour_accepts(text: str) -> None:
    assert colour(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "",
        "#ab",
        "#abcde",
        "#ggg",
        "red;x",
        'red" onload="x',
        "url(#a)",
        "rgb(1,2)",
        "rgb(a,b,c)",
        "var(--x)",
        " red",
        "red\n",
        "hsl(1,2%,3%);}",
        "expression(1,2,3)",
    ],
)
def test_colour_refuses(text: str) -> None:
    with pytest.raises(ValueError, match="is not a colour"):
        colour(text)


def test_colour_refuses_non_text() -> None:
    with pytest.raises(ValueError, match="is not a colour"):
        colour(0xFFFFFF)  # type: ignore[arg-type]


def test_fnv_id() -> None:
    assert fnv_id("tsu", "") == "tsuztntfp"  # 0x811c9dc5 in base 36
    assert fnv_id("x", "a") == "x" + _base36(fnv1a("a"))
    assert fnv_id("tsu", "a") != fnv_id("tsu", "b")
    assert fnv_id("p", "hello") == fnv_id("p", "hello")


def _base36(value: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while value:
        value, rest = divmod(value, 36)
        out = digits[rest] + out
    return out or "0"
