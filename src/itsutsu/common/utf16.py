"""Strings measured as JavaScript measures them: in UTF-16 code units.

The original packages index codes by code unit, so a character outside the Basic
Multilingual Plane (an emoji, say) counts as two cells. Codes are ASCII in practice; these
helpers take a fast path for text that has no such character.
"""

from __future__ import annotations


def utf16_units(text: str) -> list[int]:
    """Return the UTF-16 code units of ``text`` (a character outside the BMP gives two)."""
    if text.isascii() or all(ord(ch) < 0x10000 for ch in text):
        return [ord(ch) for ch in text]
    data = text.encode("utf-16-le", "surrogatepass")
    return [data[i] | (data[i + 1] << 8) for i in range(0, len(data), 2)]


def utf16_chars(text: str) -> list[str]:
    """Return ``text`` split into UTF-16 code units, each as a one-character string."""
    if text.isascii():
        return list(text)
    return [chr(unit) for unit in utf16_units(text)]
