"""SUIDO_STYLE: the stylesheet a Suido drawing is shown with.

It reads the drawing's data attributes (``data-solved``, ``data-role``, ``data-shape``,
``data-wet``, ``data-w``, ``data-hint``) and custom properties (``--k`` the water's depth,
``--q`` the quarters turned, ``--sd-step`` the time the water takes per cell). Water along
an arm appears ``--k × --sd-step`` after the piece got wet, so it visibly runs out from the
pumps cell by cell. Colours are custom properties on ``.suido`` with light and dark values;
dark applies under ``prefers-color-scheme: dark`` unless ``<html data-theme="light">``, and
``data-theme="dark"`` forces it. Reduced motion stops the water's delay and every transition.
"""

from __future__ import annotations

from typing import Final

COLOURS: Final[dict[str, tuple[str, str]]] = {
    "--sd-line": ("#d9d1bf", "#171a18"),
    "--sd-ground": ("#fbf8f1", "#262a27"),
    "--sd-edge": ("#3b4148", "#0c0f11"),
    "--sd-pipe": ("#aeb7c0", "#838c95"),
    "--sd-water": ("#1b8fe3", "#4db6ff"),
    "--sd-source": ("#1b5fa6", "#2f7fcf"),
    "--sd-bowl": ("#3b6a7e", "#6aa4bd"),
    "--sd-leak": ("#e04a2f", "#ff6a4d"),
    "--sd-focus": ("#b5452c", "#ffb199"),
    "--sd-hint": ("#f6dc8a", "#5a4a1a"),
    "--sd-solved": ("#e8f3ec", "#20332a"),
    "--sd-wall": ("#7a4f2c", "#c99a64"),
    "--sd-lock": ("#8a6a2e", "#d9b565"),
    "--sd-plate": ("#ebe2cc", "#323830"),
    "--sd-plate-edge": ("#8d8467", "#7d8a75"),
    "--sd-plate-solved": ("#dcebdc", "#2b4034"),
    "--sd-pivot": ("#b5452c", "#ff8a6b"),
}
"""Every colour custom property of a drawing: (light, dark)."""


def _colours(which: int) -> str:
    """Return the colour declarations of one theme (0 light, 1 dark)."""
    return ";".join(f"{name}:{pair[which]}" for name, pair in COLOURS.items())


_LIGHT: Final = _colours(0)
_DARK: Final = _colours(1)

# The time an arm takes to fill: half a step, so water crosses one cell per step.
_ARM: Final = "calc(var(--sd-step) * .5)"
_IN_AT: Final = "calc(var(--k, 0) * var(--sd-step))"
_OUT_AT: Final = "calc((var(--k, 0) + .5) * var(--sd-step))"
_END_AT: Final = "calc((var(--k, 0) + 1) * var(--sd-step))"

SUIDO_STYLE: Final = f"""\
.suido{{{_LIGHT};--sd-step:80ms;display:block;max-width:100%;height:auto;\
-webkit-tap-highlight-color:transparent;user-select:none}}
@media (prefers-color-scheme:dark){{.suido{{{_DARK}}}html[data-theme="light"] .suido{{{_LIGHT}}}}}
html[data-theme="dark"] .suido{{{_DARK}}}
.suido .sd-board{{fill:var(--sd-line)}}
.suido.sd-thumb .sd-board{{fill:var(--sd-ground)}}
.suido .sd-ground{{fill:var(--sd-ground);transition:fill .4s ease}}
.suido[data-solved="true"] .sd-ground{{fill:var(--sd-solved)}}
.suido .sd-cell[data-block] .sd-ground{{fill:transparent}}
.suido .sd-cell[data-hint="true"] .sd-ground,.suido .sd-cell[data-block][data-hint="true"] \
.sd-ground{{fill:var(--sd-hint)}}
.suido .sd-plate{{fill:var(--sd-plate);stroke:var(--sd-plate-edge);stroke-width:3;\
transition:fill .4s ease}}
.suido .sd-plate[data-kind="turn"]{{stroke-dasharray:10 7}}
.suido[data-solved="true"] .sd-plate{{fill:var(--sd-plate-solved)}}
.suido .sd-plate[data-hint="true"]{{fill:var(--sd-hint)}}
.suido .sd-pivot circle{{fill:var(--sd-ground);stroke:var(--sd-pivot);stroke-width:3}}
.suido .sd-pivot .sd-pivot-dot{{fill:var(--sd-pivot);stroke:none}}
.suido .sd-box,.suido .sd-hit{{fill:transparent;stroke:none}}
.suido .sd-hit{{pointer-events:all;cursor:pointer}}
.suido .sd-cell[data-shape="blank"] .sd-hit,.suido .sd-cell[data-shape="cross"] .sd-hit,\
.suido .sd-cell[data-locked="true"] .sd-hit{{cursor:default}}
.suido .sd-cell{{outline:none}}
.suido .sd-cell:focus-visible .sd-hit{{stroke:var(--sd-focus);stroke-width:6}}
.suido .sd-turn{{transform-box:fill-box;transform-origin:50% 50%;\
transform:rotate(calc(var(--q, 0) * 90deg));transition:transform .2s cubic-bezier(.3,.7,.4,1)}}
.suido .sd-edge,.suido .sd-pipe,.suido .sd-in,.suido .sd-out,.suido .sd-thumbwater{{fill:none;\
stroke-linecap:butt;stroke-linejoin:round}}
.suido .sd-edge{{stroke:var(--sd-edge);stroke-width:30}}
.suido .sd-pipe{{stroke:var(--sd-pipe);stroke-width:22}}
.suido .sd-hub-edge{{fill:var(--sd-edge)}}
.suido .sd-hub{{fill:var(--sd-pipe)}}
.suido .sd-in,.suido .sd-out{{stroke:var(--sd-water);stroke-width:12;stroke-dasharray:52 60;\
stroke-dashoffset:52;transition:stroke-dashoffset .12s linear}}
.suido .sd-arm[data-w="in"]>.sd-in{{stroke-dashoffset:0;\
transition:stroke-dashoffset {_ARM} linear {_IN_AT}}}
.suido .sd-arm[data-w="out"]>.sd-out,.suido .sd-arm[data-w="leak"]>.sd-out{{stroke-dashoffset:0;\
transition:stroke-dashoffset {_ARM} linear {_OUT_AT}}}
.suido .sd-hubwater{{fill:var(--sd-water);opacity:0;transition:opacity .12s linear}}
.suido .sd-cell[data-wet="true"] .sd-hubwater{{opacity:1;\
transition:opacity {_ARM} linear {_IN_AT}}}
.suido .sd-leak{{opacity:0;transition:opacity .12s linear}}
.suido .sd-arm[data-w="leak"]>.sd-leak{{opacity:1;transition:opacity .15s linear {_END_AT}}}
.suido .sd-spray{{fill:none;stroke:var(--sd-leak);stroke-width:5;stroke-linecap:round}}
.suido .sd-drop{{fill:var(--sd-leak)}}
.suido .sd-src{{fill:var(--sd-source);stroke:var(--sd-edge);stroke-width:4}}
.suido .sd-src-glyph{{fill:#fff;opacity:.92}}
.suido .sd-cell[data-role="source"] .sd-hubwater{{display:none}}
.suido[data-solved="true"] .sd-cell[data-role="source"] .sd-src{{fill:var(--sd-water);\
transition:fill .4s ease}}
.suido .sd-bowl{{fill:var(--sd-ground);stroke:var(--sd-bowl);stroke-width:6}}
.suido .sd-fill{{fill:var(--sd-water);transform-box:fill-box;transform-origin:50% 50%;\
transform:scale(0);transition:transform .12s linear}}
.suido .sd-cell[data-wet="true"] .sd-fill{{transform:scale(1);\
transition:transform calc(var(--sd-step) * 1.5) ease-out {_OUT_AT}}}
.suido.sd-thumb .sd-fill{{transform:none}}
.suido .sd-lockframe{{fill:none;stroke:var(--sd-lock);stroke-width:3;stroke-dasharray:6 5}}
.suido .sd-lockbody{{fill:var(--sd-lock)}}
.suido .sd-shackle{{fill:none;stroke:var(--sd-lock);stroke-width:3.5}}
.suido .sd-wall{{fill:var(--sd-wall)}}
.suido .sd-rim{{fill:none;stroke:var(--sd-pipe);stroke-width:5;stroke-dasharray:14 10}}
.suido .sd-thumbwater{{stroke:var(--sd-water);stroke-width:12}}
@starting-style{{.suido .sd-arm[data-w="in"]>.sd-in,.suido .sd-arm[data-w="out"]>.sd-out,\
.suido .sd-arm[data-w="leak"]>.sd-out{{stroke-dashoffset:52}}\
.suido .sd-cell[data-wet="true"] .sd-hubwater,.suido .sd-arm[data-w="leak"]>.sd-leak{{opacity:0}}\
.suido .sd-cell[data-wet="true"] .sd-fill{{transform:scale(0)}}}}
@media (prefers-reduced-motion:reduce){{.suido{{--sd-step:0ms !important}}\
.suido *{{transition:none !important;animation:none !important}}}}
"""
"""The stylesheet of a Suido drawing: embed it once in a page, or ask a drawing for ``style``."""
