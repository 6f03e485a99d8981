"""Drawing Tsunagi boards as self-contained SVG text.

:func:`draw` gives the whole board; :func:`draw_pair` the parts of one pair, so a page can
redraw just the pairs a finger move changed; :func:`draw_marble` a lone marble for buttons and
chips; :func:`draw_code` a board from its code. The root element, classes, data attributes,
ids and custom properties are the original's, so a page's stylesheet styles both alike.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from itsutsu.common.guards import options_from
from itsutsu.common.svg import Svg, escape, fnv_id, num
from itsutsu.tsunagi.alphabet import CELL_EMPTY
from itsutsu.tsunagi.drawing.board import (
    blasts,
    blocked,
    border,
    bridges,
    coordinates,
    frame_and_paper,
    grid,
    hexes,
    paper_gradient,
    portals,
    solved,
    under_mask,
    walls,
    waypoints,
)
from itsutsu.tsunagi.drawing.geometry import (
    BEAD_RADIUS,
    CELL,
    COORDINATE_ROOM,
    FRAME,
    HEX_RADIUS,
    MARBLE_RADIUS,
    PORTAL_RADIUS,
    PORTAL_STUB,
    WAYPOINT_RADIUS,
    Geometry,
    cell_at_point,
    geometry,
)
from itsutsu.tsunagi.drawing.lines import check_lines
from itsutsu.tsunagi.drawing.looks import TSUNAGI_BOARD_NAMES, TSUNAGI_BOARDS, BoardLook
from itsutsu.tsunagi.drawing.options import DrawOptions
from itsutsu.tsunagi.drawing.pairs import (
    ghost_board,
    gradients,
    marble,
    marble_gradient,
    marbles,
    pair_beads,
    pair_ghosts,
    pair_line,
    pair_washes,
)
from itsutsu.tsunagi.drawing.scene import Scene, attr
from itsutsu.tsunagi.drawing.style import TSUNAGI_STYLE
from itsutsu.tsunagi.layout import Layout, decode_layout
from itsutsu.tsunagi.words import tsunagi_say

__all__ = [
    "BEAD_RADIUS",
    "CELL",
    "COORDINATE_ROOM",
    "FRAME",
    "HEX_RADIUS",
    "MARBLE_RADIUS",
    "PORTAL_RADIUS",
    "PORTAL_STUB",
    "SVG_NAMESPACE",
    "TSUNAGI_BOARDS",
    "TSUNAGI_BOARD_NAMES",
    "TSUNAGI_STYLE",
    "WAYPOINT_RADIUS",
    "BoardLook",
    "DrawOptions",
    "Geometry",
    "PairParts",
    "cell_at_point",
    "draw",
    "draw_code",
    "draw_marble",
    "draw_pair",
    "geometry",
]

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
_PLACEHOLDER = "@@tsu-id@@"  # never a valid id, replaced by the hashed default


@dataclass(frozen=True)
class PairParts:
    """One pair's parts of a drawing, each exactly as the whole drawing has it: ``washes`` (its
    group in ``tsu-washes``), ``line`` (its ``tsu-line``, or ``""``), ``beads`` (its
    ``tsu-bead`` circles) and ``ghosts`` (its group in ``tsu-ghosts``, or ``""``)."""

    washes: str
    line: str
    beads: str
    ghosts: str


def _options(options: DrawOptions | None, keywords: dict[str, object], what: str) -> DrawOptions:
    return options_from(DrawOptions, options, keywords, what)


def _scene(layout: Layout, options: DrawOptions, ident: str) -> Scene:
    if not isinstance(layout, Layout):
        raise ValueError(f"draw needs a Layout, not {type(layout).__name__}")
    lines = options.lines if options.lines is not None else ((),) * layout.pairs
    lines = check_lines(layout, lines)
    for pair in options.flagged:
        if not 0 <= pair < layout.pairs:
            raise ValueError(f"flagged pair {pair} is not a pair of the board")
    for cell in options.blasted:
        if not 0 <= cell < layout.size * layout.size:
            raise ValueError(f"blasted cell {cell} is not a cell of the board")
    geo = geometry(layout, options.coordinates, options.ghosts)
    return Scene(layout, geo, options, ident, lines)


def _look_style(options: DrawOptions) -> str:
    if options.board == "paper":
        return ""
    look = options.look
    style = (
        f"--tsu-paper:{look.paper_light};--tsu-paper-deep:{look.paper_deep};"
        f"--tsu-frame:{look.frame};--tsu-grid:{look.grid};--tsu-ink:{look.ink};"
        f"--tsu-coordinate:{look.coordinate}"
    )
    return attr("style", style)


def draw_pair(
    layout: Layout, pair: int, id: str, options: DrawOptions | None = None, **keywords: object
) -> PairParts:
    """Return pair ``pair``'s parts as :func:`draw` writes them with id prefix ``id``, so a
    page can replace just the groups of the pairs a move changed. ``options`` and
    ``keywords`` are those of :func:`draw`."""
    options = _options(options, keywords, "draw_pair")
    if options.id != id:
        options = replace(options, id=id)
    scene = _scene(layout, options, id)
    if isinstance(pair, bool) or not isinstance(pair, int) or not 0 <= pair < layout.pairs:
        raise ValueError(f"pair {pair!r} is not a pair of the board")
    return PairParts(
        pair_washes(scene, pair), pair_line(scene, pair), pair_beads(scene, pair),
        pair_ghosts(scene, pair),
    )  # fmt: skip


def _body(scene: Scene) -> str:
    layout = scene.layout
    pairs = range(layout.pairs)
    ident = scene.ident
    parts = [
        "<defs>",
        paper_gradient(scene),
        gradients(scene),
        under_mask(scene),
        "</defs>",
        frame_and_paper(scene),
    ]
    if scene.geo.ghost:
        parts.append(
            '<g class="tsu-ghosts" opacity="0.4" aria-hidden="true">'
            f'<g stroke-width="{scene.line_width}" stroke-linecap="round"'
            f' stroke-linejoin="round">{"".join(pair_ghosts(scene, p) for p in pairs)}</g>'
            f"{ghost_board(scene)}</g>"
        )
    line_mask = f' mask="url(#{ident}-under)"' if layout.bridges else ""
    washes = "".join(pair_washes(scene, p) for p in pairs)
    parts += [
        coordinates(scene),
        hexes(scene),
        f'<g class="tsu-washes" aria-hidden="true">{washes}</g>',
        grid(scene),
        blocked(scene),
        solved(scene),
        walls(scene),
        border(scene),
        f'<g class="tsu-lines" fill="none" stroke-width="{scene.line_width}"'
        f' stroke-linecap="round" stroke-linejoin="round"{line_mask}>'
        f"{''.join(pair_line(scene, p) for p in pairs)}</g>",
        bridges(scene),
        f'<g class="tsu-beads">{"".join(pair_beads(scene, p) for p in pairs)}</g>',
        waypoints(scene),
        portals(scene),
        marbles(scene),
        blasts(scene),
    ]
    if scene.options.style:
        parts.append(f"<style>{TSUNAGI_STYLE}</style>")
    return "".join(parts)


def draw(layout: Layout, options: DrawOptions | None = None, **keywords: object) -> Svg:
    """Return the SVG text of ``layout`` drawn as asked.

    The look is asked for by keywords, ``draw(layout, lines=lines, marks="numbers",
    board="wood")``, or by a whole :class:`DrawOptions` (whose fields the keywords are), or
    both, the keywords winning. Raises ``ValueError`` for a value that is not a Layout, an
    option that does not exist or has a wrong value, lines that do not fit the board, or
    flagged pairs or blasted cells the board does not have.
    """
    options = _options(options, keywords, "draw")
    scene = _scene(layout, options, options.id or _PLACEHOLDER)
    body = _body(scene)
    if options.id is None:
        body = body.replace(_PLACEHOLDER, fnv_id("tsu", body))
    geo = scene.geo
    size = layout.size
    if options.label is not None:
        label = options.label
    elif layout.hex:
        label = tsunagi_say(options.language, "boardHex", {"pairs": layout.pairs})
    else:
        label = tsunagi_say(options.language, "board", {"size": size, "pairs": layout.pairs})
    box = geo.box
    flags = (' data-wrap="true"' if layout.wrap else "") + (
        ' data-hex="true"' if layout.hex else ""
    )
    view = f"0 0 {num(box)} {num(box)}"
    return Svg(
        f'<svg xmlns="{SVG_NAMESPACE}" class="tsunagi" viewBox="{view}" role="group"'
        f'{attr("aria-label", label)} data-size="{size}" data-marks="{options.marks}"'
        f' data-fill="{options.fill}" data-board="{escape(options.board_name)}"'
        f' data-solved="{"true" if options.done else "false"}"{flags}{_look_style(options)}'
        f">{body}</svg>"
    )


def draw_code(
    givens: str, size: int, options: DrawOptions | None = None, **keywords: object
) -> Svg:
    """Return the drawing of the layout code ``givens`` on a board of side ``size``, or ``""``
    when it is not a layout. ``options`` and ``keywords`` are those of :func:`draw`."""
    chosen = _options(options, keywords, "draw_code")
    layout = decode_layout(givens, size)
    if layout is None:
        return Svg("")
    return draw(layout, chosen)


def draw_marble(pair: int, options: DrawOptions | None = None, **keywords: object) -> Svg:
    """Return a lone marble of pair ``pair`` as its own small SVG (for buttons and chips).

    It uses the options ``marks``, ``colours``, ``label`` (read out instead of "marble n"),
    ``style`` and ``id`` (given as keywords or in ``options``, as :func:`draw` takes them);
    the marble's gradient is ``<id>-m<pair>``.
    """
    options = _options(options, keywords, "draw_marble")
    if isinstance(pair, bool) or not isinstance(pair, int) or pair < 0:
        raise ValueError(f"pair {pair!r} is not a pair number")
    ident = options.id or _PLACEHOLDER
    layout = Layout(size=1, cells=(CELL_EMPTY,), ends=())
    scene = Scene(layout, geometry(layout), replace(options, flagged=()), ident, ())
    label = options.label
    if label is None:
        label = tsunagi_say(options.language, "marble", {"n": pair + 1, "row": 1, "col": 1})
        label = re.split("[,、]", label)[0]
    body = f"<defs>{marble_gradient(scene, pair)}</defs>{marble(scene, pair, 0, 50, 50, label)}"
    if options.style:
        body += f"<style>{TSUNAGI_STYLE}</style>"
    if options.id is None:
        body = body.replace(_PLACEHOLDER, fnv_id("tsu", body))
    return Svg(
        f'<svg xmlns="{SVG_NAMESPACE}" class="tsunagi tsu-marble-only" viewBox="0 0 100 100"'
        f' data-marks="{options.marks}">{body}</svg>'
    )
