"""The colours of a Tsunagi drawing: the four marble sets, their extension to 82 pairs, the
CSS each part is painted with, and the portals' colours and letters."""

from __future__ import annotations

import math
from collections.abc import Sequence
from types import MappingProxyType

from itsutsu.common.svg import js_round, num
from itsutsu.tsunagi.alphabet import PAIR_LETTERS

Hsl = tuple[float, float, float]
"""A colour as (hue in degrees, saturation %, lightness %)."""

TSUNAGI_COLOUR_SET_NAMES = ("marble", "bright", "colour-blind", "soft")
"""The named colour sets, the first being the default."""

SET_BASE = 16
"""How many base colours each set has before it is extended."""

_MARBLE_BASE: tuple[Hsl, ...] = (
    (4, 76, 52),  # red
    (213, 74, 50),  # blue
    (138, 52, 40),  # green
    (46, 94, 55),  # yellow
    (25, 92, 54),  # orange
    (188, 74, 44),  # cyan
    (316, 60, 52),  # magenta
    (22, 46, 35),  # chestnut
    (268, 50, 56),  # violet
    (84, 62, 47),  # lime
    (344, 82, 76),  # pink
    (228, 50, 31),  # navy
    (168, 62, 35),  # teal
    (350, 58, 32),  # wine
    (210, 9, 56),  # slate
    (38, 50, 73),  # sand
)

_BRIGHT_HEX = (
    "#ef2b2b", "#1f6fff", "#18b83c", "#ffd21a", "#ff8a00", "#00c2d6", "#e62ec0", "#8a4b12",
    "#8c3bff", "#9ad11f", "#ff7aa8", "#13207a", "#00a88a", "#a3123d", "#7d8a99", "#e8c98a",
)  # fmt: skip

# Okabe and Ito's eight, then eight of Paul Tol's muted scheme: colours most readers tell apart.
_COLOUR_BLIND_HEX = (
    "#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7", "#4d4d4d",
    "#332288", "#88ccee", "#44aa99", "#117733", "#999933", "#ddcc77", "#cc6677", "#882255",
)  # fmt: skip

_SHIFTS = (14, -14, 8, -8)


def hex_to_hsl(text: str) -> Hsl:
    """Convert ``#rrggbb`` to (h, s, l), each rounded to a whole number (``Math.round``)."""
    r, g, b = (int(text[i : i + 2], 16) / 255 for i in (1, 3, 5))
    high, low = max(r, g, b), min(r, g, b)
    light = (high + low) / 2
    if high == low:
        return (0, 0, int(js_round(light * 100)))
    d = high - low
    sat = d / (2 - high - low) if light > 0.5 else d / (high + low)
    if high == r:
        hue = (g - b) / d + (6 if g < b else 0)
    elif high == g:
        hue = (b - r) / d + 2
    else:
        hue = (r - g) / d + 4
    return (int(js_round(hue * 60)), int(js_round(sat * 100)), int(js_round(light * 100)))


def _soft(pair: int) -> Hsl:
    """The soft set's colour for ``pair``: golden-angle hues at one saturation and lightness."""
    return (int(js_round(math.fmod(pair * 137.5, 360))), 55, 64)


def extend(base: Sequence[Hsl], pair: int) -> Hsl:
    """Return pair ``pair``'s colour from a 16-colour base: pair p >= 16 turns the hue by 29
    degrees per round of 16 and shifts the lightness by 14, -14, 8, -8 in turn (kept 18..88)."""
    h, s, l = base[pair % SET_BASE]
    k = pair // SET_BASE
    if k == 0:
        return (h, s, l)
    shifted = min(88, max(18, l + _SHIFTS[(k - 1) % 4]))
    return ((h + 29 * k) % 360, s, shifted)


def _build(name: str) -> tuple[Hsl, ...]:
    count = len(PAIR_LETTERS)
    if name == "soft":
        return tuple(_soft(p) for p in range(count))
    if name == "marble":
        base = _MARBLE_BASE
    elif name == "bright":
        base = tuple(hex_to_hsl(c) for c in _BRIGHT_HEX)
    else:
        base = tuple(hex_to_hsl(c) for c in _COLOUR_BLIND_HEX)
    return tuple(extend(base, p) for p in range(count))


TSUNAGI_COLOUR_SETS = MappingProxyType({name: _build(name) for name in TSUNAGI_COLOUR_SET_NAMES})
"""Each named set extended to 82 colours, one per pair letter."""


def pair_hsl(colours: str | tuple[Hsl, ...], pair: int) -> Hsl:
    """Return pair ``pair``'s colour: from a named set, or from a given list used cyclically."""
    if isinstance(colours, str):
        table = TSUNAGI_COLOUR_SETS[colours]
        return table[pair % len(table)]
    return colours[pair % len(colours)]


def hsl(colour: Hsl, shift: float = 0) -> str:
    """Write ``hsl(h, s%, l%)`` with the lightness moved by ``shift`` and kept within 4..97."""
    h, s, l = colour
    return f"hsl({num(h)}, {num(s)}%, {num(min(97, max(4, l + shift)))}%)"


def hsla(colour: Hsl, alpha: float) -> str:
    """Write ``hsla(h, s%, l%, alpha)`` (lightness kept within 4..97)."""
    h, s, l = colour
    return f"hsla({num(h)}, {num(s)}%, {num(min(97, max(4, l)))}%, {num(alpha)})"


def marble_shades(colour: Hsl, numbers: bool) -> tuple[str, str, str, str]:
    """Return a marble's (highlight, body, rim, ink): with numbers, a white shell and dark ink."""
    if numbers:
        return ("#ffffff", "#ececec", "#bfbfbf", "#1a1a1a")
    ink = "#1a1a1a" if colour[2] > 55 else "#ffffff"
    return (hsl(colour, 28), hsl(colour), hsl(colour, -22), ink)


def line_colour(colour: Hsl, numbers: bool) -> str:
    """Return the stroke of a line (muted to ``hsl(h,30%,62%)`` when marks are numbers)."""
    return f"hsl({num(colour[0])}, 30%, 62%)" if numbers else hsl(colour)


def wash_colour(colour: Hsl, numbers: bool) -> str:
    """Return the faint wash on a line's cells."""
    if numbers:
        return f"hsla({num(colour[0])}, 30%, 70%, 0.22)"
    return hsla((colour[0], colour[1], colour[2] + 8), 0.28)


PORTAL_COLOURS = (
    "#7b4fd6", "#0f9bb0", "#d9487a", "#3f8f2e", "#c9821a", "#3563c9", "#b0413e", "#6b7a1f",
)  # fmt: skip
"""The eight portal colours, used in turn."""

PORTAL_GLYPHS = "αβγδεζηθικλμνξοπρστυφχψω"
"""The letters the first 24 portals are marked with; later ones get numbers."""


def portal_colour(index: int) -> str:
    """Return the colour of portal ``index``."""
    return PORTAL_COLOURS[index % len(PORTAL_COLOURS)]


def portal_glyph(index: int) -> str:
    """Return the mark of portal ``index``: a Greek letter, then ``index + 1``."""
    return PORTAL_GLYPHS[index] if index < len(PORTAL_GLYPHS) else str(index + 1)
