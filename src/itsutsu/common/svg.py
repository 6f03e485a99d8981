"""Small helpers every SVG drawing shares: escaping, numbers as JavaScript writes them, colours.

A drawing is text built from pieces; everything a user gives (a label, an id, a colour, a
language) passes through :func:`escape` or :func:`colour` before it lands in an attribute, so it
can never close the attribute or the element it sits in.
"""

from __future__ import annotations

import functools
import importlib
import math
import re

from itsutsu.common.random import fnv1a

_ESCAPES = {
    "&": "&amp;",
    "<": "&lt;",
    ">": "&gt;",
    '"': "&quot;",
    "'": "&#39;",
    "\t": "&#9;",
    "\n": "&#10;",
    "\r": "&#13;",
}

# Characters XML 1.0 does not allow at all: C0 controls but tab, newline and return; lone
# surrogates; U+FFFE and U+FFFF.
_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_SPECIAL = re.compile("[&<>\"'\t\n\r]")


def escape(text: str) -> str:
    """Return ``text`` safe inside an attribute value (either quote) and inside element text.

    ``& < > " '`` become entities, and so do tab, newline and return (so an attribute keeps
    them rather than reading them as spaces); characters XML 1.0 forbids are dropped.

    >>> escape('a "b" <c> & \\'d\\'\\x00')
    'a &quot;b&quot; &lt;c&gt; &amp; &#39;d&#39;'
    """
    if not isinstance(text, str):
        raise ValueError(f"escape needs text, not {type(text).__name__}")
    text = _FORBIDDEN.sub("", text)
    return _SPECIAL.sub(lambda m: _ESCAPES[m.group(0)], text)


def js_round(value: float) -> float:
    """Round as JavaScript's ``Math.round``: to the nearest whole number, halves up."""
    if math.isnan(value) or math.isinf(value):
        return value
    low = math.floor(value)
    rounded = low + 1 if value - low >= 0.5 else low
    return float(rounded)


def js_number(value: float) -> str:
    """Write a number as JavaScript's ``String(value)`` does (``12``, ``12.5``, ``1e+21``, ``0``).

    >>> js_number(12.0), js_number(-0.0), js_number(0.1 + 0.2)
    ('12', '0', '0.30000000000000004')
    """
    if isinstance(value, bool):
        raise ValueError("js_number needs a number, not a bool")
    if isinstance(value, int):
        if abs(value) < 10**21:
            return str(value)
        value = float(value)
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0:
        return "0"
    if value.is_integer() and abs(value) < 2**53:
        return str(int(value))
    text = repr(value)
    if "e" not in text:
        return text
    # Python and JavaScript switch to exponents at different sizes: JavaScript writes plain
    # decimals from 1e-6 up to (not including) 1e21.
    mantissa, exponent = text.split("e")
    power = int(exponent)
    if -7 < power < 21:
        digits = mantissa.replace("-", "").replace(".", "")
        sign = "-" if value < 0 else ""
        if power < 0:
            return f"{sign}0.{'0' * (-power - 1)}{digits}"
        whole = digits.ljust(power + 1, "0")
        return f"{sign}{whole[: power + 1]}" + (
            f".{whole[power + 1 :]}" if len(whole) > power + 1 else ""
        )
    return f"{mantissa}e{'+' if power > 0 else '-'}{abs(power)}"


def num(value: float) -> str:
    """Write ``value`` rounded to hundredths (``Math.round(v*100)/100``) as JavaScript does.

    >>> num(12), num(12.499), num(-3.255), num(-0.001), num(1 / 3)
    ('12', '12.5', '-3.25', '0', '0.33')
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"num needs a number, not {type(value).__name__}")
    if type(value) is int and -(10**15) < value < 10**15:
        return str(value)
    return _hundredths(float(value))


@functools.lru_cache(maxsize=16384)
def _hundredths(value: float) -> str:
    # A drawing writes the same few thousand coordinates again and again (every redraw of a
    # pair on a page), so they are written once and kept.
    return js_number(js_round(value * 100) / 100)


_NUMBER = r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?(?:%|deg|rad|turn|grad)?"
_SEPARATOR = r"(?:\s*,\s*|\s*/\s*|\s+)"
_COLOUR = re.compile(
    r"#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})"
    rf"|(?:rgba?|hsla?|RGBA?|HSLA?)\(\s*{_NUMBER}(?:{_SEPARATOR}{_NUMBER}){{2,3}}\s*\)"
    r"|[A-Za-z]{1,40}"
)


def colour(value: str) -> str:
    """Return ``value`` when it is a CSS colour this package accepts, else raise ``ValueError``.

    Accepted: ``#rgb``, ``#rgba``, ``#rrggbb``, ``#rrggbbaa``; ``rgb()``, ``rgba()``, ``hsl()``,
    ``hsla()`` with three or four numeric arguments; a keyword of letters only (``teal``).

    >>> colour("#fbf8f1"), colour("hsl(210, 40%, 50%)")
    ('#fbf8f1', 'hsl(210, 40%, 50%)')
    """
    if not isinstance(value, str) or _COLOUR.fullmatch(value) is None:
        raise ValueError(
            f"{value!r} is not a colour: give #rgb, #rrggbb, rgb(...), hsl(...) or a CSS name"
        )
    return value


def fnv_id(prefix: str, body: str) -> str:
    """Return ``prefix`` followed by the base-36 FNV-1a hash of ``body`` (a default drawing id).

    >>> fnv_id("tsu", "")
    'tsuztntfp'
    """
    value = fnv1a(body)
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        value, rest = divmod(value, 36)
        out = digits[rest] + out
        if value == 0:
            break
    return prefix + out


_ROOT = re.compile(r"<svg\b[^>]*>")
_VIEW_BOX = re.compile(r'viewBox="([-0-9.e+]+) ([-0-9.e+]+) ([-0-9.e+]+) ([-0-9.e+]+)"')
_ROOT_CLASS = re.compile(r'class="([A-Za-z0-9_-]+)')
_STYLES = {
    "tsunagi": ("itsutsu.tsunagi.drawing.style", "TSUNAGI_STYLE"),
    "suido": ("itsutsu.suido.drawing.style", "SUIDO_STYLE"),
}
"""The stylesheet of each puzzle's drawings, by the root's first class (read when needed)."""

SHOWN_WIDTH = 320
"""The most width, in CSS pixels, a drawing takes in a notebook."""
SHOWN_HEIGHT = 480
"""The most height, in CSS pixels, a drawing takes in a notebook."""


def shown(text: str) -> str:
    """Return an SVG drawing as a notebook shows it: given a size (at most
    :data:`SHOWN_WIDTH` x :data:`SHOWN_HEIGHT` pixels, its shape kept) unless it has one, and
    given its puzzle's stylesheet unless it has one, so it stands alone. Text that is not one
    of this package's drawings comes back as it is."""
    root = _ROOT.match(text)
    if root is None:
        return text
    tag = root.group(0)
    extra = ""
    box = _VIEW_BOX.search(tag)
    if box is not None and " width=" not in tag:
        width, height = float(box.group(3)), float(box.group(4))
        if width > 0 and height > 0:
            scale = min(SHOWN_WIDTH / width, SHOWN_HEIGHT / height)
            extra = f' width="{round(width * scale)}" height="{round(height * scale)}"'
    style = ""
    kind = _ROOT_CLASS.search(tag)
    if kind is not None and kind.group(1) in _STYLES and "<style>" not in text:
        module, name = _STYLES[kind.group(1)]
        style = f"<style>{getattr(importlib.import_module(module), name)}</style>"
    return f"{tag[:-1]}{extra}>{style}{text[len(tag) :]}"


class Svg(str):
    """SVG text that shows as a picture when it is the value of a notebook cell.

    Every drawing function returns one. It is a ``str`` in every other way: it equals,
    slices, joins, hashes and writes to JSON as the same text would, and ``str(svg)`` is
    the plain text. Only IPython reads :meth:`_repr_svg_`, which shows the drawing sized
    for a notebook and with its stylesheet (see :func:`shown`).

    >>> picture = Svg('<svg xmlns="http://www.w3.org/2000/svg"/>')
    >>> picture == '<svg xmlns="http://www.w3.org/2000/svg"/>', isinstance(picture, str)
    (True, True)
    """

    __slots__ = ()

    def _repr_svg_(self) -> str | None:
        """The picture for IPython: the text, sized and styled by :func:`shown` (``None``
        for empty text, which then shows as text)."""
        return shown(str(self)) if self else None
