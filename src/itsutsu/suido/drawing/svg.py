"""Drawing a Suido board as self-contained SVG text, and a single piece.

The drawing keeps one ``g.sd-cell`` per cell as given, in cell order, with the data
attributes and custom properties a page's stylesheet and script read: a tap only changes
``data-wet``, ``--k``, ``--q``, the arms' ``data-w`` and the root's ``data-solved`` and
``--sd-step`` (see :func:`itsutsu.suido.paint.paint_state`), never the structure.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from itsutsu.common.guards import options_from
from itsutsu.common.svg import Svg, escape, num
from itsutsu.common.words import check_language
from itsutsu.suido.code import Layout, check_masks
from itsutsu.suido.drawing.cell import CELL, cell_markup
from itsutsu.suido.drawing.states import (
    CellState,
    _cell_states,
    _step_for,
    check_layout,
    check_quarters,
)
from itsutsu.suido.drawing.style import SUIDO_STYLE
from itsutsu.suido.pieces import shape_of
from itsutsu.suido.squares import BlockInfo, _block_info
from itsutsu.suido.water import _flow_of
from itsutsu.suido.words import suido_say

_XMLNS = "http://www.w3.org/2000/svg"
_WALL = 10
"""The thickness of a wall between two cells (a wall on a wrap board's rim shows 8 each side)."""
_RIM_WALL = 8


@dataclass(frozen=True)
class DrawOptions:
    """How to draw a board; every field may be left at its default.

    ``masks``: the pieces now, by where they sit (default: as given). ``quarters``: turn
    counts by given cell (default: the fewest clockwise quarters to ``masks``). ``label``: the
    accessible name (default ``Suido board, {W} by {H}`` in ``lang``). ``style``: embed
    :data:`SUIDO_STYLE`. ``step``: milliseconds the water takes per cell (default from the
    deepest wet cell, see :func:`step_for`). ``water``: False draws every piece dry.
    ``language``: the language of the default label (``en`` or ``ja``).
    """

    masks: Sequence[int] | None = None
    quarters: Sequence[int] | None = None
    label: str | None = None
    style: bool = False
    step: float | None = None
    water: bool = True
    language: str = "en"

    def __post_init__(self) -> None:
        check_language(self.language)


def check_label(label: object) -> str:
    """Return ``label`` when it is text, else raise ValueError."""
    if not isinstance(label, str):
        raise ValueError(f"a label must be text, not {type(label).__name__}")
    return label


def _check_step(step: object) -> float:
    """Return a water step in milliseconds, or raise ValueError unless it is a number >= 0."""
    if isinstance(step, bool) or not isinstance(step, int | float):
        raise ValueError(f"step must be a number of milliseconds, not {step!r}")
    if not math.isfinite(step) or step < 0:
        raise ValueError(f"step must be a finite number of milliseconds, at least 0, not {step!r}")
    return float(step)


def style_block(style: bool) -> str:
    """Return the embedded ``<style>`` element when ``style`` is set, else nothing."""
    return f"<style>{SUIDO_STYLE}</style>" if style else ""


def plates_markup(info: BlockInfo, width: int) -> str:
    """Return one ``rect.sd-plate`` per square, under its four cells."""
    parts = []
    for block in info.blocks:
        x, y = block.anchor % width * CELL, block.anchor // width * CELL
        kind = "big" if block.big else "turn"
        parts.append(
            f'<rect class="sd-plate" data-kind="{kind}" data-block="{block.index}"'
            f' x="{x + 4}" y="{y + 4}" width="{2 * CELL - 8}" height="{2 * CELL - 8}" rx="14"/>'
        )
    return "".join(parts)


def _pivots_markup(info: BlockInfo, width: int) -> str:
    """Return one ``g.sd-pivot`` per square, at the square's centre."""
    parts = []
    for block in info.blocks:
        x, y = (block.anchor % width + 1) * CELL, (block.anchor // width + 1) * CELL
        kind = "big" if block.big else "turn"
        parts.append(
            f'<g class="sd-pivot" data-kind="{kind}" data-block="{block.index}"'
            f' transform="translate({x} {y})"><circle r="9"/>'
            '<circle class="sd-pivot-dot" r="3.5"/></g>'
        )
    return "".join(parts)


def walls_markup(layout: Layout) -> str:
    """Return one ``rect.sd-wall`` per wall; on a wrap board's rim, one at each side."""
    width, height = layout.width, layout.height
    parts = []

    def bar(x: float, y: float, w: float, h: float) -> None:
        parts.append(
            f'<rect class="sd-wall" x="{num(x)}" y="{num(y)}" width="{num(w)}"'
            f' height="{num(h)}" rx="3"/>'
        )

    for edge in layout.walls or ():
        cell = edge >> 1
        col, row = cell % width, cell // width
        if edge % 2 == 0:
            top = row * CELL - 4
            if col == width - 1:
                bar(width * CELL - _RIM_WALL, top, _RIM_WALL, CELL + 8)
                bar(0, top, _RIM_WALL, CELL + 8)
            else:
                bar((col + 1) * CELL - _WALL / 2, top, _WALL, CELL + 8)
        else:
            left = col * CELL - 4
            if row == height - 1:
                bar(left, height * CELL - _RIM_WALL, CELL + 8, _RIM_WALL)
                bar(left, 0, CELL + 8, _RIM_WALL)
            else:
                bar(left, (row + 1) * CELL - _WALL / 2, CELL + 8, _WALL)
    return "".join(parts)


def rim_markup(layout: Layout) -> str:
    """Return the dashed ``rect.sd-rim`` of a wrap board (its edges join), else nothing."""
    if not layout.wrap:
        return ""
    return (
        f'<rect class="sd-rim" x="2.5" y="2.5" width="{layout.width * CELL - 5}"'
        f' height="{layout.height * CELL - 5}"/>'
    )


def svg_open(layout: Layout, label: str, role: str, extra: str, cls: str = "suido") -> str:
    """Return the root ``<svg ...>`` start tag of a board drawing."""
    return (
        f'<svg xmlns="{_XMLNS}" class="{cls}" viewBox="0 0 {layout.width * CELL}'
        f' {layout.height * CELL}" role="{role}" aria-label="{escape(label)}"{extra}>'
    )


def default_label(layout: Layout, language: str) -> str:
    """Return the board's default accessible name: ``Suido board, {W} by {H}``."""
    return suido_say(language, "board", {"width": layout.width, "height": layout.height})


def _cells_markup(layout: Layout, states: tuple[CellState, ...], water: bool) -> str:
    """Return every cell group, in given-cell order."""
    info = _block_info(layout)
    sources, drains = set(layout.sources), set(layout.drains)
    locked = set(layout.locked or ())
    width = layout.width
    parts = []
    for state in states:
        cell = state.cell
        square = info.of[cell]
        corner = info.blocks[square].cells.index(cell) if square >= 0 else -1
        role = "source" if cell in sources else "drain" if cell in drains else "plain"
        parts.append(
            cell_markup(
                state,
                layout.cells[cell],
                x=cell % width * CELL + CELL / 2,
                y=cell // width * CELL + CELL / 2,
                role=role,
                locked=cell in locked,
                square=square,
                corner=corner,
                water=water,
            )
        )
    return "".join(parts)


def draw(layout: Layout, options: DrawOptions | None = None, **keywords: object) -> Svg:
    """Return ``layout`` drawn as SVG text, its pieces as the options say.

    The options are asked for by keywords, ``draw(layout, masks=answer, style=True)``, or by
    a whole :class:`DrawOptions` (whose fields the keywords are), or both, the keywords
    winning. The root ``svg.suido`` carries ``data-solved`` and ``--sd-step``; inside are the
    optional style, the board, the square plates, one ``g.sd-cell`` per cell, the pivots, the
    walls and (on a wrap board) the rim. Raises ValueError for a layout that is not a Layout,
    an option that does not exist, masks or quarters that are not one whole number per cell,
    a label that is not text or a bad step.
    """
    layout = check_layout(layout)
    options = options_from(DrawOptions, options, keywords, "draw")
    masks = layout.cells if options.masks is None else check_masks(layout, options.masks)
    quarters = None if options.quarters is None else check_quarters(layout, options.quarters)
    label = (
        default_label(layout, options.language)
        if options.label is None
        else check_label(options.label)
    )
    flow = _flow_of(layout, masks)
    states = _cell_states(layout, masks, quarters, flow)
    if options.step is None:
        step = float(_step_for(max(0, *flow.depth)))
    else:
        step = _check_step(options.step)
    extra = f' data-solved="{"true" if flow.solved else "false"}" style="--sd-step:{num(step)}ms"'
    info = _block_info(layout)
    return Svg(
        "".join(
            (
                svg_open(layout, label, "group", extra),
                style_block(options.style),
                f'<rect class="sd-board" width="{layout.width * CELL}"'
                f' height="{layout.height * CELL}"/>',
                plates_markup(info, layout.width),
                _cells_markup(layout, states, bool(options.water)),
                _pivots_markup(info, layout.width),
                walls_markup(layout),
                rim_markup(layout),
                "</svg>",
            )
        )
    )


def draw_piece(mask: int, wet: bool = False, label: str | None = None, style: bool = False) -> Svg:
    """Return one piece drawn alone as a 100 x 100 SVG (``role="img"``).

    The label defaults to the shape's name; when ``wet`` every open arm shows water flowing
    out. Raises ValueError unless ``mask`` is a whole number 0..15 and ``label`` is text.
    """
    if type(mask) is not int or not 0 <= mask <= 15:
        raise ValueError(f"a piece is a mask, a whole number 0..15, not {mask!r}")
    text = shape_of(mask) if label is None else check_label(label)
    is_wet = bool(wet) and mask != 0
    arms = tuple("out" if is_wet and mask >> side & 1 else "" for side in range(4))
    state = CellState(
        cell=0,
        quarters=0,
        place=0,
        wet=is_wet,
        depth=0 if is_wet else -1,
        arms=(arms[0], arms[1], arms[2], arms[3]),
    )
    return Svg(
        f'<svg xmlns="{_XMLNS}" class="suido" viewBox="0 0 {CELL} {CELL}" role="img"'
        f' aria-label="{escape(text)}" style="--sd-step:0ms">'
        f"{style_block(style)}"
        f'<rect class="sd-board" width="{CELL}" height="{CELL}"/>'
        + cell_markup(
            state,
            mask,
            x=CELL / 2,
            y=CELL / 2,
            role="plain",
            locked=False,
            square=-1,
            corner=-1,
            water=True,
        )
        + "</svg>"
    )
