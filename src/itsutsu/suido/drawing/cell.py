"""The markup of one Suido cell group, and the shapes the board drawing and thumbnail share.

A cell is 100 units square; its group is translated to the cell's centre, so every shape
here is drawn around (0, 0), the piece as *given* facing the way the code has it. The page's
stylesheet turns ``g.sd-turn`` by ``--q`` quarters and lets the water run in by ``--k``.
"""

from __future__ import annotations

from typing import Final

from itsutsu.common.svg import num
from itsutsu.suido.drawing.states import CellState
from itsutsu.suido.pieces import _shape_of

CELL: Final = 100
"""The side of one cell in drawing units."""

HALF: Final = CELL // 2

# Each local side's arm (N, E, S, W) from the centre out, and from outside in to the centre.
# Arms reach one unit past the cell edge so that two joined pipes overlap and no hairline
# seam shows where they meet; the turning box reaches as far, keeping its centre.
_OUT: Final = ("M0 0V-51", "M0 0H51", "M0 0V51", "M0 0H-51")
_IN: Final = ("M0 -51V0", "M51 0H0", "M0 51V0", "M-51 0H0")

# A spill at the mouth of a north arm: a bar across the open end and two drops thrown
# sideways; other sides turn it by a multiple of 90 degrees.
_SPILL: Final = (
    '<path class="sd-spray" d="M-12 -45H12M-18 -36l-5 -6M18 -36l5 -6"/>'
    '<circle class="sd-drop" cx="-22" cy="-30" r="3"/>'
    '<circle class="sd-drop" cx="22" cy="-30" r="3"/>'
)

# The hub radius for a piece's joint: an end piece gets a knob, other shapes a joint as wide
# as the pipe, so elbows come out round.
_HUB: Final = {"end": (20, 15), "blank": (0, 0)}
_PLAIN_HUB: Final = (14, 10)

_PUMP: Final = (
    '<circle class="sd-src" r="22"/>'
    '<path class="sd-src-glyph" d="M0 -13C5 -6 9 -1 9 4A9 9 0 0 1 -9 4C-9 -1 -5 -6 0 -13Z"/>'
)
_DRAIN: Final = '<circle class="sd-bowl" r="19"/><circle class="sd-fill" r="12"/>'
_LOCK_FRAME: Final = '<rect class="sd-lockframe" x="-45" y="-45" width="90" height="90" rx="6"/>'
_PADLOCK: Final = (
    '<g class="sd-lock">'
    '<path class="sd-shackle" d="M-39 -33V-37A5 5 0 0 1 -29 -37V-33"/>'
    '<rect class="sd-lockbody" x="-42" y="-34" width="16" height="12" rx="2"/>'
    "</g>"
)
_GROUND: Final = '<rect class="sd-ground" x="-48.5" y="-48.5" width="97" height="97" rx="7"/>'
_HIT: Final = '<rect class="sd-hit" x="-50" y="-50" width="100" height="100"/>'

# The box a cell's turning group spans: its own cell, or for the four cells of a square
# (TL, TR, BR, BL) the whole square, so the group turns round the square's centre.
_BOXES: Final = (
    (-51, -51),
    (-151, -51),
    (-151, -151),
    (-51, -151),
)


# An elbow is one line round its corner (the join rounds it, with no seam at the centre).
_ELBOWS: Final = {3: "M0 -51V0H51", 6: "M51 0H0V51", 12: "M0 51V0H-51", 9: "M-51 0H0V-51"}


def arms_path(mask: int) -> str:
    """Return path data along every open side of ``mask``: an elbow or a straight run through
    the centre as one line (no seam where its arms meet), every other arm from the centre out.
    """
    if mask in _ELBOWS:
        return _ELBOWS[mask]
    parts = []
    if mask & 5 == 5:
        parts.append("M0 -51V51")
    if mask & 10 == 10:
        parts.append("M-51 0H51")
    for side in range(4):
        if mask >> side & 1 and mask & (5 << (side & 1)) != 5 << (side & 1):
            parts.append(_OUT[side])
    return "".join(parts)


def turn_markup(given: int, arms: tuple[str, str, str, str], corner: int) -> str:
    """Return ``g.sd-turn``'s inside: the box, the piece as given, its arms and its hub water.

    ``corner`` is the cell's place in its square (0..3 for TL, TR, BR, BL) or -1 outside one.
    """
    if corner < 0:
        box = '<rect class="sd-box" x="-51" y="-51" width="102" height="102"/>'
    else:
        x, y = _BOXES[corner]
        box = f'<rect class="sd-box" x="{x}" y="{y}" width="202" height="202"/>'
    if given == 0:
        return box
    d = arms_path(given)
    shape = _shape_of(given)
    edge_r, hub_r = _HUB.get(shape, _PLAIN_HUB)
    parts = [
        box,
        f'<path class="sd-edge" d="{d}"/>',
        f'<circle class="sd-hub-edge" r="{edge_r}"/>',
        f'<path class="sd-pipe" d="{d}"/>',
        f'<circle class="sd-hub" r="{hub_r}"/>',
    ]
    for side in range(4):
        if not given >> side & 1:
            continue
        spill = f'<g class="sd-leak" transform="rotate({side * 90})">{_SPILL}</g>'
        if side == 0:
            spill = f'<g class="sd-leak">{_SPILL}</g>'
        parts.append(
            f'<g class="sd-arm" data-side="{side}" data-w="{arms[side]}">'
            f'<path class="sd-in" d="{_IN[side]}"/>'
            f'<path class="sd-out" d="{_OUT[side]}"/>'
            f"{spill}</g>"
        )
    parts.append(f'<circle class="sd-hubwater" r="{11 if shape == "end" else 6}"/>')
    return "".join(parts)


def cell_markup(
    state: CellState,
    given: int,
    *,
    x: float,
    y: float,
    role: str,
    locked: bool,
    square: int,
    corner: int,
    water: bool,
) -> str:
    """Return the ``g.sd-cell`` of one given cell, centred at (``x``, ``y``).

    ``role`` is source, drain or plain; ``square`` the index of the cell's square (-1 for
    none) and ``corner`` its place in it; with ``water`` False the cell is drawn dry.
    """
    wet = state.wet and water
    arms = state.arms if water else ("", "", "", "")
    block = f' data-block="{square}"' if square >= 0 else ""
    head = (
        f'<g class="sd-cell" data-cell="{state.cell}"{block} data-shape="{_shape_of(given)}"'
        f' data-role="{role}" data-locked="{"true" if locked else "false"}"'
        f' data-wet="{"true" if wet else "false"}" style="--k:{state.depth if wet else 0}"'
        f' transform="translate({num(x)} {num(y)})">'
    )
    parts = [head, _GROUND]
    if locked:
        parts.append(_LOCK_FRAME)
    parts.append(f'<g class="sd-turn" style="--q:{state.quarters}">')
    parts.append(turn_markup(given, arms, corner))
    parts.append("</g>")
    if role == "source":
        parts.append(_PUMP)
    elif role == "drain":
        parts.append(_DRAIN)
    if locked:
        parts.append(_PADLOCK)
    parts.append(_HIT)
    parts.append("</g>")
    return "".join(parts)
