"""Explosions: ``boomN`` halves a line every N-th stroke; ``blastN`` wipes one and
halves a line touching it. Which line is hit is decided by a hash of the givens and the stroke,
so a replay hits the same lines.
"""

from __future__ import annotations

from dataclasses import dataclass

from itsutsu.common.guards import require_int, require_text
from itsutsu.common.random import fnv1a
from itsutsu.tsunagi.alphabet import CELL_BRIDGE
from itsutsu.tsunagi.layout import Explosions, Layout, require_layout
from itsutsu.tsunagi.lines import Line, Lines, require_line, require_lines

EXPLOSION_CHOICES = ("on", "soft", "off")
"""How a player may take a board's explosions: as given, half as often and never blasts, or none."""


@dataclass(frozen=True)
class Explosion:
    """What went off: the lines after it, the pairs hit (target first) and the cells lost."""

    lines: Lines
    hit: tuple[int, ...]
    cells: tuple[int, ...]


def _js_remainder(a: int, b: int) -> int:
    r = abs(a) % abs(b)
    return -r if a < 0 else r


def strokes_to_explosion(layout: Layout, strokes: int) -> int | None:
    """Return how many strokes until the next explosion (``every`` right after one), or None."""
    require_layout(layout, "strokes_to_explosion")
    require_int(strokes, "strokes_to_explosion", "strokes")
    rule = layout.explosions
    if rule is None:
        return None
    return rule.every - _js_remainder(strokes, rule.every)


def explosion_pick(givens: str, stroke: int, salt: str, n: int) -> int:
    """Pick an index below ``n`` from the FNV-1a hash of ``givens#stroke#salt``."""
    require_int(n, "explosion_pick", "n", 1)
    return fnv1a(f"{givens}#{stroke}#{salt}") % n


def halve(layout: Layout, line: Line) -> Line:
    """Keep the first half of a line (from its starting stone), drop any bridge or portal cells
    left at its end, and clear it if fewer than two cells remain."""
    require_line(layout, line, "halve")
    kept = line[: len(line) // 2]
    cells = layout.cells
    partner = layout.partner
    end = len(kept)
    while end and (cells[kept[end - 1]] == CELL_BRIDGE or partner[kept[end - 1]] >= 0):
        end -= 1
    return kept[:end] if end >= 2 else ()


def explosion_after(layout: Layout, givens: str, lines: Lines, stroke: int) -> Explosion | None:
    """Set off the explosion due after stroke ``stroke``, if any.

    Nothing happens without a rule, before the first stroke, off the rule's beat, or when no
    line has two cells. ``boom`` halves the picked line; ``blast`` wipes it and halves one of
    the drawn lines touching it (grid neighbours, walls respected, portals not counted).
    """
    require_lines(layout, lines, "explosion_after")
    require_text(givens, "explosion_after", "givens")
    require_int(stroke, "explosion_after", "stroke")
    rule = layout.explosions
    if rule is None or stroke <= 0 or stroke % rule.every != 0:
        return None
    drawn = [pair for pair, line in enumerate(lines) if len(line) >= 2]
    if not drawn:
        return None
    target = drawn[explosion_pick(givens, stroke, "target", len(drawn))]
    out = list(lines)
    hit = [target]
    if not rule.blast:
        out[target] = halve(layout, lines[target])
    else:
        out[target] = ()
        around = layout.neighbours
        near = {n for cell in lines[target] for n in around[cell]}
        touching = [
            pair for pair in drawn if pair != target and any(c in near for c in lines[pair])
        ]
        if touching:
            second = touching[explosion_pick(givens, stroke, "beside", len(touching))]
            out[second] = halve(layout, lines[second])
            hit.append(second)
    lost: list[int] = []
    for pair in hit:
        kept = set(out[pair])
        lost.extend(cell for cell in lines[pair] if cell not in kept)
    return Explosion(tuple(out), tuple(hit), tuple(lost))


def explosions_as_chosen(rule: Explosions | None, choice: str) -> Explosions | None:
    """Return the rule as played: ``off`` (or no rule) gives None, ``soft`` goes off half as
    often and never blasts, ``on`` keeps the rule."""
    if choice not in EXPLOSION_CHOICES:
        raise ValueError(
            f"explosions must be one of {', '.join(EXPLOSION_CHOICES)}, not {choice!r}"
        )
    if rule is None or choice == "off":
        return None
    if choice == "soft":
        return Explosions(2 * rule.every, False)
    return rule
