"""Quantiles of the difficulty figures of Suido's reference boards (generated data)."""

from __future__ import annotations

from typing import Final

REFERENCE_SOURCE: Final = "none"
REFERENCE_SIDES: Final = (4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 20, 28, 32)
REFERENCE_BOARDS: Final[dict[str, int]] = {}
REFERENCE: Final[dict[str, dict[str, tuple[float, ...]]]] = {}
