"""Lookup tables for the solver's domains: a domain is a 16-bit set of masks (bit m = mask m).

Mask 0 in a domain stands for a blank cell, or for a spare that stays dry on a drains or
inlet-outlet board: either way it opens on no side, which is all the edge rules need to know.
"""

from __future__ import annotations

DOMAIN_SIZE = 1 << 16
"""How many domains there are: every subset of the 16 masks."""


def _build() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return per domain the OR and the AND of its masks (both 0 for the empty domain)."""
    any_sides = [0] * DOMAIN_SIZE
    all_sides = [0] * DOMAIN_SIZE
    all_sides[0] = 0
    for domain in range(1, DOMAIN_SIZE):
        low = domain & -domain
        mask = low.bit_length() - 1
        rest = domain ^ low
        any_sides[domain] = any_sides[rest] | mask
        all_sides[domain] = (all_sides[rest] & mask) if rest else mask
    return tuple(any_sides), tuple(all_sides)


ANY_OPEN, ALL_OPEN = _build()
"""``ANY_OPEN[d]``: sides some mask of ``d`` opens; ``ALL_OPEN[d]``: sides every mask opens."""

OPENS: tuple[int, ...] = tuple(
    sum(1 << mask for mask in range(16) if mask & (1 << side)) for side in range(4)
)
"""``OPENS[side]``: the domain of every mask open on side number ``side``."""

SHUTS: tuple[int, ...] = tuple((DOMAIN_SIZE - 1) ^ opens for opens in OPENS)
"""``SHUTS[side]``: the domain of every mask shut on side number ``side``."""

ARMS_AT_MOST_TWO: int = sum(1 << mask for mask in range(16) if mask.bit_count() <= 2)
"""The domain of every mask with at most two arms (inlet-outlet boards: water never branches)."""


def domain_of(masks: tuple[int, ...] | list[int]) -> int:
    """Return the domain (16-bit set) holding exactly ``masks``."""
    domain = 0
    for mask in masks:
        domain |= 1 << (mask & 15)
    return domain


def single_mask(domain: int) -> int:
    """Return the mask of a domain holding one mask, else -1."""
    if domain and not domain & (domain - 1):
        return domain.bit_length() - 1
    return -1


def _turned(mask: int) -> int:
    """``mask`` turned a quarter clockwise (N to E, E to S, S to W, W to N)."""
    return ((mask << 1) | (mask >> 3)) & 15


TURNS_DOMAIN: tuple[int, ...] = tuple(
    domain_of([mask, _turned(mask), _turned(_turned(mask)), _turned(_turned(_turned(mask)))])
    for mask in range(16)
)
"""``TURNS_DOMAIN[mask]``: the domain of every facing ``mask`` takes when turned."""

MASK_OF: dict[int, int] = {1 << mask: mask for mask in range(16)}
"""The mask of each domain holding exactly one mask (mask 0 included: domain 1)."""

SIDES_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(side for side in range(4) if sides >> side & 1) for sides in range(16)
)
"""``SIDES_OF[sides]``: the side numbers (0 = N .. 3 = W, in that order) of a 4-bit side set."""

DECIDED: tuple[int, ...] = tuple(
    (ALL_OPEN[domain] | ~ANY_OPEN[domain]) & 15 for domain in range(DOMAIN_SIZE)
)
"""``DECIDED[d]``: the sides every mask of ``d`` agrees on (open in all, or shut in all); for
the empty domain every side, taken as shut."""

PUSHES: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        (side, OPENS[(side + 2) & 3] if opened >> side & 1 else SHUTS[(side + 2) & 3])
        for side in range(4)
        if sides >> side & 1
    )
    for sides in range(16)
    for opened in range(16)
)
"""``PUSHES[sides << 4 | opened]``: per side of ``sides`` (in side order), ``(side, back)`` with
``back`` the domain the neighbour across keeps: every mask opening back toward the cell if the
side is in ``opened``, every mask shut toward it if not."""

SINGLE: tuple[int, ...] = tuple(
    domain.bit_length() - 1 if domain and not domain & (domain - 1) else -1
    for domain in range(DOMAIN_SIZE)
)
"""``SINGLE[d]``: the one mask of a domain holding exactly one mask, else -1."""

FACED: bytes = bytes(1 if SINGLE[domain] > 0 else 0 for domain in range(DOMAIN_SIZE))
"""``FACED[d]``: 1 if ``d`` holds exactly one mask and that mask is not 0, else 0."""

MUST_WET: bytes = bytes(0 if domain & 1 else 1 for domain in range(DOMAIN_SIZE))
"""``MUST_WET[d]``: 1 if ``d`` lacks mask 0 (the cell must be wet), else 0."""
