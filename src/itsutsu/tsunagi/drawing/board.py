"""The parts of a drawing that belong to the board: frame, paper, coordinates, honeycomb, grid,
blocked cells, walls, rim, bridges, waypoints, portals, the solved wash and blasts."""

from __future__ import annotations

import math

from itsutsu.common.svg import num
from itsutsu.tsunagi.alphabet import CELL_BLOCKED
from itsutsu.tsunagi.drawing.colours import portal_colour, portal_glyph
from itsutsu.tsunagi.drawing.geometry import (
    CELL,
    FRAME,
    PORTAL_RADIUS,
    WAYPOINT_RADIUS,
    hex_corners,
)
from itsutsu.tsunagi.drawing.scene import Scene, attr
from itsutsu.tsunagi.lines import over_bridge
from itsutsu.tsunagi.neighbours import _in_hex
from itsutsu.tsunagi.words import tsunagi_say

DECK_HALF_WIDTH = 47
"""Half a bridge deck's length (left to right)."""
DECK_HALF_HEIGHT = 31
"""Half a bridge deck's breadth (top to bottom): the down line is lost beneath it."""
BLOCKED_FILL = ' fill="#000" fill-opacity="0.78"'


def board_square(scene: Scene) -> tuple[float, float, float]:
    """The square the paper covers: left, top and side (the band of ghosts included)."""
    geo = scene.geo
    return geo.x0 - geo.ghost, geo.y0 - geo.ghost, geo.span + 2 * geo.ghost


def paper_gradient(scene: Scene) -> str:
    """Return the paper's gradient ``<id>-paper``: light in the middle, deeper at the edges."""
    look = scene.look
    return (
        f'<radialGradient id="{scene.ident}-paper" cx="0.5" cy="0.45" r="0.75">'
        f'<stop class="tsu-paper-stop" offset="0"{attr("stop-color", look.paper_light)}/>'
        f'<stop class="tsu-paper-deep-stop" offset="1"{attr("stop-color", look.paper_deep)}/>'
        "</radialGradient>"
    )


def under_mask(scene: Scene) -> str:
    """Return the mask ``<id>-under`` that hides lines beneath bridge decks (none: no bridges)."""
    bridges = scene.layout.bridges
    if not bridges:
        return ""
    box = num(scene.geo.box)
    decks = []
    for cell in bridges:
        cx, cy = scene.geo.centres[cell]
        decks.append(
            f'<rect x="{num(cx - DECK_HALF_WIDTH)}" y="{num(cy - DECK_HALF_HEIGHT)}"'
            f' width="{2 * DECK_HALF_WIDTH}" height="{2 * DECK_HALF_HEIGHT}" fill="#000"/>'
        )
    return (
        f'<mask id="{scene.ident}-under" maskUnits="userSpaceOnUse" x="0" y="0"'
        f' width="{box}" height="{box}"><rect width="{box}" height="{box}" fill="#fff"/>'
        f"{''.join(decks)}</mask>"
    )


def frame_and_paper(scene: Scene) -> str:
    """Return the frame round the board and the paper under it."""
    geo = scene.geo
    box = num(geo.box)
    left, top, side = board_square(scene)
    frame = (
        f'<rect class="tsu-frame" width="{box}" height="{box}" rx="{FRAME + 4}"'
        f"{attr('fill', scene.look.frame)}/>"
    )
    paper = (
        f'<rect class="tsu-paper" x="{num(left)}" y="{num(top)}" width="{num(side)}"'
        f' height="{num(side)}" rx="6" fill="url(#{scene.ident}-paper)"/>'
    )
    return frame + paper


def coordinates(scene: Scene) -> str:
    """Return the column letters above and the row numbers left of a square board."""
    geo = scene.geo
    if not geo.room:
        return ""
    size = scene.layout.size
    fill = attr("fill", scene.look.coordinate)
    out = [f'<g font-size="21" font-weight="600" text-anchor="middle"{fill} aria-hidden="true">']
    for i in range(size):
        x = geo.x0 + (i + 0.5) * CELL
        y = geo.y0 + (i + 0.5) * CELL
        letter = chr(ord("A") + i % 26)
        out.append(
            f'<text class="tsu-coordinate" x="{num(x)}" y="{num(geo.y0 - geo.room / 2)}"'
            f' dy="0.35em">{letter}</text>'
        )
        out.append(
            f'<text class="tsu-coordinate" x="{num(geo.x0 - geo.room / 2)}" y="{num(y)}"'
            f' dy="0.35em">{i + 1}</text>'
        )
    out.append("</g>")
    return "".join(out)


def hexes(scene: Scene) -> str:
    """Return the honeycomb of a hexagon board (``tsu-hexes`` > ``tsu-hex-cell``)."""
    if not scene.layout.hex:
        return ""
    size = scene.layout.size
    stroke = attr("stroke", scene.look.grid)
    cells = "".join(
        scene.cell_shape(cell, ' class="tsu-hex-cell"')
        for cell in range(size * size)
        if _in_hex(size, cell)
    )
    return (
        f'<g class="tsu-hexes" fill="#fff" fill-opacity="0.18"{stroke} stroke-width="2"'
        f' stroke-linejoin="round">{cells}</g>'
    )


def grid(scene: Scene) -> str:
    """Return the thin lines between the cells of a square board."""
    if scene.layout.hex:
        return ""
    geo = scene.geo
    size = scene.layout.size
    steps = []
    for i in range(1, size):
        x = num(geo.x0 + i * CELL)
        y = num(geo.y0 + i * CELL)
        steps.append(f"M{x} {num(geo.y0)}V{num(geo.y0 + geo.span)}")
        steps.append(f"M{num(geo.x0)} {y}H{num(geo.x0 + geo.span)}")
    if not steps:
        return ""
    return (
        f'<path class="tsu-grid" d="{"".join(steps)}" fill="none"'
        f'{attr("stroke", scene.look.grid)} stroke-width="2"/>'
    )


def blocked(scene: Scene) -> str:
    """Return the blocked cells as dark holes (cells off a hexagon are simply not drawn)."""
    layout = scene.layout
    out = [
        scene.cell_shape(cell, f' class="tsu-blocked"{BLOCKED_FILL}', 5)
        for cell, value in enumerate(layout.cells)
        if value == CELL_BLOCKED and (not layout.hex or _in_hex(layout.size, cell))
    ]
    return "".join(out)


def solved(scene: Scene) -> str:
    """Return the solved wash over the board (only when ``done``)."""
    if not scene.options.done:
        return ""
    geo = scene.geo
    return (
        f'<rect class="tsu-solved" x="{num(geo.x0)}" y="{num(geo.y0)}" width="{num(geo.span)}"'
        f' height="{num(geo.span)}" rx="6" fill="#2f9e5b" opacity="0.1"/>'
    )


def walls(scene: Scene) -> str:
    """Return each wall as a bar on its edge (``tsu-wall`` with ``data-edge="a-b"``)."""
    layout = scene.layout
    if not layout.walls:
        return ""
    geo = scene.geo
    half = CELL / 2
    out = [f'<g{attr("stroke", scene.look.ink)} stroke-width="10" stroke-linecap="round">']
    for a, b in sorted(layout.walls):
        ax, ay = geo.centres[a]
        if b == a + 1:
            x1 = x2 = ax + half
            y1, y2 = ay - half, ay + half
        else:
            y1 = y2 = ay + half
            x1, x2 = ax - half, ax + half
        out.append(
            f'<line class="tsu-wall" data-edge="{a}-{b}" x1="{num(x1)}" y1="{num(y1)}"'
            f' x2="{num(x2)}" y2="{num(y2)}"/>'
        )
    out.append("</g>")
    return "".join(out)


def border(scene: Scene) -> str:
    """Return the board's edge: ``tsu-rim`` (dashed, a wrapping board's join) or ``tsu-border``."""
    geo = scene.geo
    ink = attr("stroke", scene.look.ink)
    if scene.layout.hex:
        return f'<path class="tsu-border" d="{_hex_outline(scene)}" fill="none"{ink}' + (
            ' stroke-width="4" stroke-linejoin="round"/>'
        )
    box = f'x="{num(geo.x0)}" y="{num(geo.y0)}" width="{num(geo.span)}" height="{num(geo.span)}"'
    if scene.layout.wrap:
        return (
            f'<rect class="tsu-rim" {box} fill="none"{ink} stroke-width="3"'
            ' stroke-dasharray="12 9" stroke-opacity="0.55"/>'
        )
    return f'<rect class="tsu-border" {box} rx="3" fill="none"{ink} stroke-width="4"/>'


def _hex_outline(scene: Scene) -> str:
    """The outer edges of the honeycomb, one move-and-line per side with no cell beyond it."""
    size = scene.layout.size
    # the neighbour across each side, the side running from corner k to corner k+1
    beyond = ((-1, 1), (0, 1), (1, 0), (1, -1), (0, -1), (-1, 0))
    out = []
    for cell in range(size * size):
        if not _in_hex(size, cell):
            continue
        row, col = divmod(cell, size)
        corners = hex_corners(*scene.geo.centres[cell])
        for k, (dr, dc) in enumerate(beyond):
            r, c = row + dr, col + dc
            if 0 <= r < size and 0 <= c < size and _in_hex(size, r * size + c):
                continue
            (x1, y1), (x2, y2) = corners[k], corners[(k + 1) % 6]
            out.append(f"M{num(x1)} {num(y1)}L{num(x2)} {num(y2)}")
    return "".join(out)


def bridges(scene: Scene) -> str:
    """Return each bridge: its deck and rails, and the across line drawn over the deck."""
    out = []
    width = scene.line_width
    for cell in scene.layout.bridges:
        cx, cy = scene.geo.centres[cell]
        use = over_bridge(scene.lines, cell)
        across = -1 if use.across is None else use.across
        left, right = cx - DECK_HALF_WIDTH, cx + DECK_HALF_WIDTH
        top, bottom = cy - DECK_HALF_HEIGHT, cy + DECK_HALF_HEIGHT
        parts = [
            f'<g class="tsu-bridge" data-cell="{cell}" data-across="{across}">',
            f'<rect x="{num(left + 2)}" y="{num(top + 5)}" width="{2 * DECK_HALF_WIDTH}"'
            f' height="{2 * DECK_HALF_HEIGHT}" rx="7" fill="#000" fill-opacity="0.22"/>',
            f'<rect class="tsu-deck" x="{num(left)}" y="{num(top)}" width="{2 * DECK_HALF_WIDTH}"'
            f' height="{2 * DECK_HALF_HEIGHT}" rx="7" fill="#c8955a"/>',
            f'<path d="M{num(left + 6)} {num(cy - 10)}H{num(right - 6)}M{num(left + 6)}'
            f' {num(cy + 10)}H{num(right - 6)}" stroke="#a8733d" stroke-width="2"/>',
        ]
        if use.across is not None:
            parts.append(
                f'<line class="tsu-over-bridge" data-pair="{use.across}" x1="{num(cx - CELL / 2)}"'
                f' y1="{num(cy)}" x2="{num(cx + CELL / 2)}" y2="{num(cy)}"'
                f'{attr("stroke", scene.stroke(use.across))} stroke-width="{width}"/>'
            )
        parts.append(
            f'<path class="tsu-rail" d="M{num(left + 3)} {num(top + 3)}H{num(right - 3)}'
            f'M{num(left + 3)} {num(bottom - 3)}H{num(right - 3)}" fill="none" stroke="#6b4323"'
            ' stroke-width="6" stroke-linecap="round"/>'
        )
        parts.append("</g>")
        out.append("".join(parts))
    return "".join(out)


def waypoints(scene: Scene) -> str:
    """Return each waypoint as a ring (and a dot) in the colour of the line that must pass it."""
    out = []
    for cell, pair in scene.layout.waypoints:
        cx, cy = scene.geo.centres[cell]
        colour = attr("stroke", scene.stroke(pair))
        out.append(
            f'<g class="tsu-waypoint" data-pair="{pair}" data-cell="{cell}">'
            f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{WAYPOINT_RADIUS}" fill="none"{colour}'
            f' stroke-width="6"/><circle cx="{num(cx)}" cy="{num(cy)}" r="7"'
            f"{attr('fill', scene.stroke(pair))}/></g>"
        )
    return "".join(out)


def portals(scene: Scene) -> str:
    """Return each portal: a faint link between its two ends, and two alike rings with its
    colour and letter."""
    layout = scene.layout
    lang = scene.options.language
    paper = scene.look.paper_light
    out = []
    for index, (a, b) in enumerate(layout.portal_pairs):
        colour = portal_colour(index)
        glyph = portal_glyph(index)
        (ax, ay), (bx, by) = scene.geo.centres[a], scene.geo.centres[b]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        length = math.hypot(bx - ax, by - ay) or 1.0
        bend = 0.22 * length
        qx, qy = mx - (by - ay) / length * bend, my + (bx - ax) / length * bend
        parts = [
            f'<g class="tsu-portal" data-portal="{index}" data-cells="{a},{b}">',
            f'<path class="tsu-portal-link" d="M{num(ax)} {num(ay)}Q{num(qx)} {num(qy)}'
            f' {num(bx)} {num(by)}" fill="none" stroke="{colour}" stroke-width="5"'
            ' stroke-dasharray="1 11" stroke-linecap="round" opacity="0"/>',
        ]
        for cell, (cx, cy) in ((a, (ax, ay)), (b, (bx, by))):
            row, col = divmod(cell, layout.size)
            label = tsunagi_say(lang, "portal", {"glyph": glyph, "row": row + 1, "col": col + 1})
            spoken = attr("aria-label", label)
            parts.append(
                f'<g class="tsu-portal-end" data-cell="{cell}" role="img"{spoken}>'
                f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{PORTAL_RADIUS}" fill="{colour}"'
                f' fill-opacity="0.14" stroke="{colour}" stroke-width="5"/>'
                f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{PORTAL_RADIUS - 8}" fill="none"'
                f' stroke="{colour}" stroke-width="2" stroke-dasharray="5 5" opacity="0.7"/>'
                f'<text class="tsu-glyph" x="{num(cx)}" y="{num(cy)}" dy="0.35em"'
                f' text-anchor="middle" font-size="30" font-weight="700" fill="{colour}"'
                f'{attr("stroke", paper)} stroke-width="5" paint-order="stroke">{glyph}</text></g>'
            )
        parts.append("</g>")
        out.append("".join(parts))
    return "".join(out)


def blasts(scene: Scene) -> str:
    """Return a burst on each blasted cell (``tsu-blast`` with ``data-cell``)."""
    out = []
    for cell in scene.options.blasted:
        cx, cy = scene.geo.centres[cell]
        points = []
        for k in range(16):
            radius = 48 if k % 2 == 0 else 22
            angle = math.pi * k / 8
            points.append(
                f"{num(cx + radius * math.cos(angle))},{num(cy + radius * math.sin(angle))}"
            )
        out.append(
            f'<g class="tsu-blast" data-cell="{cell}" fill="#e0452b">'
            f'<polygon points="{" ".join(points)}" fill-opacity="0.85"/>'
            f'<circle cx="{num(cx)}" cy="{num(cy)}" r="14" fill="#fff3c4"/></g>'
        )
    return "".join(out)
