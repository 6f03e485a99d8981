"""A Suido board as a small picture: a few dozen elements, nothing animated.

All pipes go into one outline path and one pipe path (dry cells first, then wet ones), the
water into one more; pumps, drains, locks, walls and the wrap rim are drawn on top. Pieces
are drawn where they sit, with no turning groups.
"""

from __future__ import annotations

from collections.abc import Sequence

from itsutsu.common.svg import Svg, num
from itsutsu.common.words import check_language
from itsutsu.suido.code import Layout, check_masks
from itsutsu.suido.drawing.cell import CELL, HALF
from itsutsu.suido.drawing.states import check_layout
from itsutsu.suido.drawing.svg import (
    check_label,
    default_label,
    plates_markup,
    rim_markup,
    style_block,
    svg_open,
    walls_markup,
)
from itsutsu.suido.squares import _block_info
from itsutsu.suido.water import _flow_of

# Offsets from a cell's centre to the middle of each side (N, E, S, W).
_ENDS = ((0, -HALF), (HALF, 0), (0, HALF), (-HALF, 0))


def _piece_path(mask: int, cx: int, cy: int) -> str:
    """Return path data for one piece centred at (cx, cy): two arms as one line through the
    centre (so an elbow gets a round corner), any further arms from the centre out.
    """
    sides = [side for side in range(4) if mask >> side & 1]
    if not sides:
        return ""
    ends = [(cx + _ENDS[side][0], cy + _ENDS[side][1]) for side in sides]
    first = ends[0]
    if len(ends) == 1:
        return f"M{cx} {cy}L{first[0]} {first[1]}"
    d = f"M{first[0]} {first[1]}L{cx} {cy}L{ends[1][0]} {ends[1][1]}"
    for x, y in ends[2:]:
        d += f"M{cx} {cy}L{x} {y}"
    return d


def draw_thumb(
    layout: Layout,
    masks: Sequence[int] | None = None,
    label: str | None = None,
    style: bool = False,
    water: bool = True,
    language: str = "en",
) -> Svg:
    """Return ``layout`` with ``masks`` (default: as given) as a small SVG picture.

    ``role="img"`` with ``data-solved``; water drawn unless ``water`` is False; the default
    label is in ``language`` (``en`` or ``ja``). Raises ValueError for a layout that is not a
    Layout, masks that are not one mask per cell, a label that is not text or another language.
    """
    layout = check_layout(layout)
    now = layout.cells if masks is None else check_masks(layout, masks)
    chosen = check_language(language)
    text = default_label(layout, chosen) if label is None else check_label(label)
    flow = _flow_of(layout, now)
    width = layout.width
    show = bool(water)
    dry_parts: list[str] = []
    wet_parts: list[str] = []
    for cell, mask in enumerate(now):
        cx, cy = cell % width * CELL + HALF, cell // width * CELL + HALF
        (wet_parts if flow.wet[cell] else dry_parts).append(_piece_path(mask, cx, cy))
    pipes = "".join(dry_parts) + "".join(wet_parts)
    parts = [
        svg_open(
            layout,
            text,
            "img",
            f' data-solved="{"true" if flow.solved else "false"}"',
            "suido sd-thumb",
        ),
        style_block(style),
        f'<rect class="sd-board" width="{width * CELL}" height="{layout.height * CELL}"/>',
        plates_markup(_block_info(layout), width),
    ]
    if pipes:
        parts.append(f'<path class="sd-edge" d="{pipes}"/><path class="sd-pipe" d="{pipes}"/>')
    wet_path = "".join(wet_parts)
    if show and wet_path:
        parts.append(f'<path class="sd-thumbwater" d="{wet_path}"/>')
    for source in layout.sources:
        cx, cy = source % width * CELL + HALF, source // width * CELL + HALF
        parts.append(f'<circle class="sd-src" cx="{cx}" cy="{cy}" r="22"/>')
    for drain in layout.drains:
        if drain in layout.sources:
            continue
        cx, cy = drain % width * CELL + HALF, drain // width * CELL + HALF
        parts.append(f'<circle class="sd-bowl" cx="{cx}" cy="{cy}" r="19"/>')
        if show and flow.wet[drain]:
            parts.append(f'<circle class="sd-fill" cx="{cx}" cy="{cy}" r="12"/>')
    for cell in layout.locked or ():
        x, y = cell % width * CELL, cell // width * CELL
        parts.append(
            f'<rect class="sd-lockbody" x="{num(x + 8)}" y="{num(y + 16)}" width="16"'
            ' height="12" rx="2"/>'
        )
    parts.append(walls_markup(layout))
    parts.append(rim_markup(layout))
    parts.append("</svg>")
    return Svg("".join(parts))
