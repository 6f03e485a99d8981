"""``TSUNAGI_STYLE``: the stylesheet a page (or a drawing with ``style=True``) uses for boards.

Drawings carry their colours as presentation attributes, so they look right with no
stylesheet at all; this sheet adds what attributes cannot: the paper board following a dark
page, the custom properties a page may set, hover and marked portal links, flashing flags,
bursting blasts and the solved glow, all stilled when the reader prefers reduced motion.
"""

from __future__ import annotations

from itsutsu.tsunagi.drawing.looks import PAPER_DARK, TSUNAGI_BOARDS

_LIGHT = TSUNAGI_BOARDS["paper"]


def _properties(indent: str, dark: bool) -> str:
    look = PAPER_DARK if dark else _LIGHT
    good = "#5fcf8a" if dark else "#2f9e5b"
    shu = "#ff6b4a" if dark else "#e0452b"
    rows = [
        f"--tsu-paper: {look.paper_light};",
        f"--tsu-paper-deep: {look.paper_deep};",
        f"--tsu-frame: {look.frame};",
        f"--tsu-grid: {look.grid};",
        f"--tsu-ink: {look.ink};",
        f"--tsu-coordinate: {look.coordinate};",
        f"--tsu-shu: {shu};",
        f"--tsu-good: {good};",
    ]
    return "\n".join(indent + row for row in rows)


TSUNAGI_STYLE = f"""\
.tsunagi {{
{_properties("  ", False)}
  --tsu-font: ui-rounded, "Hiragino Maru Gothic ProN", "Segoe UI", system-ui, sans-serif;
  display: block;
  max-width: 100%;
  height: auto;
  font-family: var(--tsu-font);
  -webkit-tap-highlight-color: transparent;
  user-select: none;
}}
@media (prefers-color-scheme: dark) {{
  .tsunagi {{
{_properties("    ", True)}
  }}
}}
.tsunagi .tsu-frame {{ fill: var(--tsu-frame); }}
.tsunagi .tsu-paper-stop {{ stop-color: var(--tsu-paper); }}
.tsunagi .tsu-paper-deep-stop {{ stop-color: var(--tsu-paper-deep); }}
.tsunagi .tsu-grid, .tsunagi .tsu-hex-cell {{ stroke: var(--tsu-grid); }}
.tsunagi .tsu-border, .tsunagi .tsu-rim {{ stroke: var(--tsu-ink); }}
.tsunagi .tsu-wall {{ stroke: var(--tsu-ink); }}
.tsunagi .tsu-coordinate {{ fill: var(--tsu-coordinate); font-family: var(--tsu-font); }}
.tsunagi .tsu-glyph, .tsunagi .tsu-num {{ font-family: var(--tsu-font); }}
.tsunagi .tsu-line {{ transition: opacity 0.2s ease; }}
.tsunagi .tsu-portal-link {{ opacity: 0; transition: opacity 0.25s ease; }}
.tsunagi .tsu-portal:hover .tsu-portal-link,
.tsunagi .tsu-portal:focus-within .tsu-portal-link,
.tsunagi .tsu-portal.tsu-marked .tsu-portal-link,
.tsunagi .tsu-portal[data-marked="true"] .tsu-portal-link {{ opacity: 0.75; }}
.tsunagi .tsu-flag {{ stroke: var(--tsu-shu); animation: tsu-flash 0.9s ease-in-out infinite; }}
.tsunagi .tsu-blast {{
  fill: var(--tsu-shu);
  transform-box: fill-box;
  transform-origin: center;
  animation: tsu-burst 0.7s ease-out both;
}}
.tsunagi .tsu-solved {{ fill: var(--tsu-good); animation: tsu-glow 1.6s ease-out both; }}
@keyframes tsu-flash {{ 0%, 100% {{ opacity: 1; }} 50% {{ opacity: 0.15; }} }}
@keyframes tsu-burst {{
  0% {{ transform: scale(0.3); opacity: 1; }}
  100% {{ transform: scale(1.25); opacity: 0; }}
}}
@keyframes tsu-glow {{ 0% {{ opacity: 0; }} 35% {{ opacity: 0.32; }} 100% {{ opacity: 0.14; }} }}
@media (prefers-reduced-motion: reduce) {{
  .tsunagi *, .tsunagi *::before, .tsunagi *::after {{
    animation: none !important;
    transition: none !important;
  }}
  .tsunagi .tsu-blast {{ opacity: 0.6; }}
  .tsunagi .tsu-solved {{ opacity: 0.14; }}
}}
"""
"""The Tsunagi stylesheet: light and dark paper, the custom properties, motion (stilled on
``prefers-reduced-motion``)."""
