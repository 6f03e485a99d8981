"""Suido twists: the named departures from the plain network board."""

from __future__ import annotations

from typing import Final

from itsutsu.suido.code import Layout, require_layout

SUIDO_TWISTS: Final = (
    "drains",
    "pumps",
    "locked",
    "walls",
    "wrap",
    "inlet-outlet",
    "big-pieces",
    "block-turns",
)
"""Every twist word, in the fixed order twist lists use."""

SUIDO_LEVEL_TWISTS: Final = SUIDO_TWISTS[:6]
"""The twists the sized level sets use (all but the two square twists)."""


def twists_of(layout: Layout) -> tuple[str, ...]:
    """Return the twists ``layout`` shows, in :data:`SUIDO_TWISTS` order.

    drains (drains kind), pumps (more than one source), locked, walls (non-empty lists), wrap,
    inlet-outlet (kind), big-pieces and block-turns (non-empty square lists).
    """
    return _twists_of(require_layout(layout, "twists_of"))


def _twists_of(layout: Layout) -> tuple[str, ...]:
    """:func:`twists_of` for a layout already checked."""
    shown = {
        "drains": layout.kind == "drains",
        "pumps": len(layout.sources) > 1,
        "locked": bool(layout.locked),
        "walls": bool(layout.walls),
        "wrap": layout.wrap,
        "inlet-outlet": layout.kind == "inlet-outlet",
        "big-pieces": bool(layout.bigs),
        "block-turns": bool(layout.blocks),
    }
    return tuple(twist for twist in SUIDO_TWISTS if shown[twist])


def is_twisted(layout: Layout) -> bool:
    """Return whether ``layout`` shows any twist."""
    return bool(_twists_of(require_layout(layout, "is_twisted")))
