"""The parts of a drawing that belong to one pair: its wash, line, beads, marbles, gradients
and ghosts. A page redraws just these for the one or two pairs a finger move changes."""

from __future__ import annotations

from itsutsu.common.svg import num
from itsutsu.tsunagi.drawing.colours import hsl, marble_shades, portal_colour
from itsutsu.tsunagi.drawing.geometry import BEAD_RADIUS, CELL, MARBLE_RADIUS
from itsutsu.tsunagi.drawing.scene import Scene, attr, points_text
from itsutsu.tsunagi.words import tsunagi_say


def marble_gradient(scene: Scene, pair: int) -> str:
    """Return pair ``pair``'s marble gradient ``<id>-m<pair>``: highlight, body, rim."""
    light, body, rim, _ = marble_shades(scene.hsl(pair), scene.options.numbers)
    return (
        f'<radialGradient id="{scene.ident}-m{pair}" cx="0.42" cy="0.38" r="0.62"'
        f' fx="0.34" fy="0.28"><stop offset="0" stop-color="{light}"/>'
        f'<stop offset="0.55" stop-color="{body}"/><stop offset="1" stop-color="{rim}"/>'
        "</radialGradient>"
    )


def gradients(scene: Scene) -> str:
    """Return each pair's marble gradient ``<id>-m<pair>`` and bead gradient ``<id>-b<pair>``."""
    out = []
    numbers = scene.options.numbers
    for pair in range(scene.layout.pairs):
        colour = scene.hsl(pair)
        out.append(marble_gradient(scene, pair))
        if scene.options.fill == "marbles":
            if numbers:
                bead = (scene.stroke(pair), scene.stroke(pair), scene.stroke(pair))
            else:
                bead = (hsl(colour, 20), hsl(colour), hsl(colour, -14))
            out.append(
                f'<radialGradient id="{scene.ident}-b{pair}" cx="0.42" cy="0.38" r="0.62"'
                f' fx="0.36" fy="0.3"><stop offset="0" stop-color="{bead[0]}"/>'
                f'<stop offset="0.6" stop-color="{bead[1]}"/>'
                f'<stop offset="1" stop-color="{bead[2]}"/></radialGradient>'
            )
    return "".join(out)


def pair_washes(scene: Scene, pair: int) -> str:
    """Return pair ``pair``'s wash: its group inside ``tsu-washes``."""
    fill = attr("fill", scene.wash(pair))
    cells = "".join(scene.cell_shape(cell, "") for cell in scene.line_cells(pair))
    return f'<g data-pair="{pair}"{fill}>{cells}</g>'


def pair_line(scene: Scene, pair: int) -> str:
    """Return pair ``pair``'s ``tsu-line`` (empty text when it has no line)."""
    line = scene.lines[pair]
    if not line:
        return ""
    polylines = "".join(
        f'<polyline points="{points_text(piece)}"/>' for piece in scene.pair_pieces(pair)
    )
    return (
        f'<g class="tsu-line" data-pair="{pair}" data-cells="{len(line)}"'
        f"{attr('stroke', scene.stroke(pair))}>{polylines}</g>"
    )


def pair_beads(scene: Scene, pair: int) -> str:
    """Return pair ``pair``'s beads (``fill="marbles"`` only): one on each cell of its line but
    its stones, portals and bridges."""
    if scene.options.fill != "marbles":
        return ""
    layout = scene.layout
    out = []
    for cell in scene.line_cells(pair):
        if layout.cells[cell] >= 0 or layout.partner[cell] >= 0:
            continue
        cx, cy = scene.geo.centres[cell]
        out.append(
            f'<circle class="tsu-bead" data-pair="{pair}" data-cell="{cell}" cx="{num(cx)}"'
            f' cy="{num(cy)}" r="{BEAD_RADIUS}" fill="url(#{scene.ident}-b{pair})"/>'
        )
    return "".join(out)


def marble(scene: Scene, pair: int, cell: int, cx: float, cy: float, label: str) -> str:
    """Return one marble: shadow, glass, gleam, and its number or flag when asked."""
    options = scene.options
    ink = marble_shades(scene.hsl(pair), options.numbers)[3]
    parts = [
        f'<g class="tsu-marble" data-pair="{pair}" data-cell="{cell}" role="img"'
        f"{attr('aria-label', label)}>",
        f'<circle cx="{num(cx + 2)}" cy="{num(cy + 4)}" r="{MARBLE_RADIUS}" fill="#000"'
        ' fill-opacity="0.2"/>',
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{MARBLE_RADIUS}"'
        f' fill="url(#{scene.ident}-m{pair})"/>',
        f'<ellipse cx="{num(cx - 11)}" cy="{num(cy - 15)}" rx="13" ry="8" fill="#fff"'
        f' fill-opacity="0.5" transform="rotate(-28 {num(cx - 11)} {num(cy - 15)})"/>',
    ]
    if options.numbers:
        size = 34 if pair < 9 else 28
        parts.append(
            f'<text class="tsu-num" x="{num(cx)}" y="{num(cy)}" dy="0.35em"'
            f' text-anchor="middle" font-size="{size}" font-weight="700" fill="{ink}">'
            f"{pair + 1}</text>"
        )
    if pair in options.flagged:
        parts.append(
            f'<circle class="tsu-flag" cx="{num(cx)}" cy="{num(cy)}" r="{MARBLE_RADIUS + 8}"'
            ' fill="none" stroke="#e0452b" stroke-width="6"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def marbles(scene: Scene) -> str:
    """Return every marble, in pair order."""
    layout = scene.layout
    lang = scene.options.language
    out = []
    for pair, ends in enumerate(layout.ends):
        for cell in ends:
            row, col = divmod(cell, layout.size)
            label = tsunagi_say(lang, "marble", {"n": pair + 1, "row": row + 1, "col": col + 1})
            cx, cy = scene.geo.centres[cell]
            out.append(marble(scene, pair, cell, cx, cy, label))
    return "".join(out)


def ghost_offsets(scene: Scene) -> tuple[tuple[int, int], ...]:
    """The eight copies of the board round a wrapping board, as (columns, rows) moved."""
    size = scene.layout.size
    return tuple((dx * size, dy * size) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)


def ghost_sees(scene: Scene, cell: int, offset: tuple[int, int]) -> bool:
    """Tell whether a copy of ``cell`` moved by ``offset`` shows in the band of ghosts."""
    size = scene.layout.size
    row, col = divmod(cell, size)
    return -1 <= row + offset[1] <= size and -1 <= col + offset[0] <= size


def pair_ghosts(scene: Scene, pair: int) -> str:
    """Return pair ``pair``'s ghosts: its wash and line as seen across the wrap join."""
    if not scene.geo.ghost:
        return ""
    cells = scene.line_cells(pair)
    out = [f'<g data-pair="{pair}">']
    wash = attr("fill", scene.wash(pair))
    stroke = attr("stroke", scene.stroke(pair))
    for offset in ghost_offsets(scene):
        dx, dy = offset[0] * CELL, offset[1] * CELL
        seen = [cell for cell in cells if ghost_sees(scene, cell, offset)]
        if not seen:
            continue
        out.append(f"<g{wash}>{''.join(scene.cell_shape(c, '', 0, dx, dy) for c in seen)}</g>")
        polylines = "".join(
            f'<polyline points="{points_text(piece, dx, dy)}"/>'
            for piece in scene.pair_pieces(pair)
        )
        out.append(f'<g fill="none"{stroke}>{polylines}</g>')
    out.append("</g>")
    return "".join(out)


def ghost_board(scene: Scene) -> str:
    """Return the fixed things of the far edges as ghosts: blocked cells and marbles."""
    layout = scene.layout
    portal_index = {c: i for i, pair in enumerate(layout.portal_pairs) for c in pair}
    out = []
    for offset in ghost_offsets(scene):
        dx, dy = offset[0] * CELL, offset[1] * CELL
        for cell, value in enumerate(layout.cells):
            if not ghost_sees(scene, cell, offset):
                continue
            cx, cy = scene.geo.centres[cell]
            if value >= 0:
                out.append(
                    f'<circle cx="{num(cx + dx)}" cy="{num(cy + dy)}" r="{MARBLE_RADIUS}"'
                    f' fill="url(#{scene.ident}-m{value})"/>'
                )
            elif value == -2:
                out.append(scene.cell_shape(cell, ' fill="#000" fill-opacity="0.78"', 4, dx, dy))
            elif cell in portal_index:
                out.append(
                    f'<circle cx="{num(cx + dx)}" cy="{num(cy + dy)}" r="40" fill="none"'
                    f' stroke="{portal_colour(portal_index[cell])}" stroke-width="5"/>'
                )
    return "".join(out)
