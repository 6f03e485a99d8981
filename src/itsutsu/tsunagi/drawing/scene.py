"""What every part of one drawing needs to know: the layout, its geometry, the options, the id
and the lines, checked once; and the small writers the parts share."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from itsutsu.common.svg import escape, num
from itsutsu.tsunagi.drawing.colours import Hsl, line_colour, pair_hsl, wash_colour
from itsutsu.tsunagi.drawing.geometry import CELL, Geometry, hex_corners
from itsutsu.tsunagi.drawing.lines import Piece, line_pieces
from itsutsu.tsunagi.drawing.looks import BoardLook
from itsutsu.tsunagi.drawing.options import DrawOptions
from itsutsu.tsunagi.layout import Layout

LINE_WIDTH_BEADS = 22
"""A line's width when beads sit on its cells."""
LINE_WIDTH_ALONE = 34
"""A line's width when it fills its cells alone."""


@dataclass(frozen=True)
class Scene:
    """One drawing in the making: everything checked, so the parts only write."""

    layout: Layout
    geo: Geometry
    options: DrawOptions
    ident: str
    lines: tuple[tuple[int, ...], ...]

    @property
    def look(self) -> BoardLook:
        """The board's colours."""
        return self.options.look

    @property
    def line_width(self) -> int:
        """The stroke width of every line."""
        return LINE_WIDTH_BEADS if self.options.fill == "marbles" else LINE_WIDTH_ALONE

    def hsl(self, pair: int) -> Hsl:
        """Pair ``pair``'s colour."""
        return pair_hsl(self.options.colours, pair)

    def stroke(self, pair: int) -> str:
        """The colour of pair ``pair``'s line."""
        return line_colour(self.hsl(pair), self.options.numbers)

    def wash(self, pair: int) -> str:
        """The colour of pair ``pair``'s wash."""
        return wash_colour(self.hsl(pair), self.options.numbers)

    @cached_property
    def pieces(self) -> tuple[tuple[Piece, ...], ...]:
        """Each line's unbroken pieces of points."""
        return tuple(line_pieces(self.layout, self.geo, line) for line in self.lines)

    def pair_pieces(self, pair: int) -> tuple[Piece, ...]:
        """Pair ``pair``'s line in unbroken pieces of points (``pieces[pair]``, found for that
        pair alone when only its parts are drawn)."""
        every = self.__dict__.get("pieces")
        if every is not None:
            found: tuple[Piece, ...] = every[pair]
            return found
        memo: dict[int, tuple[Piece, ...]] = self.__dict__.setdefault("_pair_pieces", {})
        if pair not in memo:
            memo[pair] = line_pieces(self.layout, self.geo, self.lines[pair])
        return memo[pair]

    def line_cells(self, pair: int) -> tuple[int, ...]:
        """The cells of pair ``pair``'s line a wash covers (bridges are not cells of a line)."""
        bridges = set(self.layout.bridges)
        return tuple(cell for cell in self.lines[pair] if cell not in bridges)

    def cell_shape(
        self, cell: int, attributes: str, inset: float = 0, dx: float = 0, dy: float = 0
    ) -> str:
        """Return a cell's square (or hexagon) drawn ``inset`` in from its sides."""
        cx, cy = self.geo.centres[cell]
        cx, cy = cx + dx, cy + dy
        if self.layout.hex:
            scale = 1 - 2 * inset / CELL
            points = " ".join(f"{num(x)},{num(y)}" for x, y in hex_corners(cx, cy, scale))
            return f'<polygon points="{points}"{attributes}/>'
        side = CELL - 2 * inset
        corner = f' rx="{num(inset * 1.5)}"' if inset else ""
        return (
            f'<rect x="{num(cx - side / 2)}" y="{num(cy - side / 2)}" width="{num(side)}"'
            f' height="{num(side)}"{corner}{attributes}/>'
        )


def points_text(piece: Piece, dx: float = 0, dy: float = 0) -> str:
    """Write a polyline's ``points`` (moved by dx, dy)."""
    return " ".join(f"{num(x + dx)},{num(y + dy)}" for x, y in piece)


def attr(name: str, value: object) -> str:
    """Write ` name="value"` with the value escaped."""
    return f' {name}="{escape(str(value))}"'
