"""Reading the play messages a page sends, with a reason for everything refused.

Every message is a JSON object with a type ``t`` and a sequence number ``seq``; the fields
each type takes are checked here, once, so the play code beneath works on values it can
trust. A refusal raises :class:`Refused` with words a person can act on; the socket answers
it with an ``error`` message carrying the same ``seq`` and reason.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

MOST_SEQ = 2**53 - 1
"""The largest sequence number (a JavaScript safe integer)."""
MOST_DRAG_CELLS = 256
"""The most cells one drag message may carry."""
MOST_UNDO = 200
"""The most earlier lines a resumed Tsunagi game may bring (the engine's undo depth)."""
MOST_CODE = 4096
"""The longest code (layout, board, answer, game) a message may carry, in characters."""
MOST_TSUNAGI_SIZE = 40
"""The largest Tsunagi board the app plays (40 x 40)."""
MOST_SUIDO_CELLS = 2500
"""The most cells of a Suido board the app plays (50 x 50)."""

_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,31}")
_SUIDO_SIZE = re.compile(r"[0-9]{1,2}x[0-9]{1,2}|big")


class Refused(ValueError):
    """A message the app will not act on; ``str()`` is the reason shown to the sender."""


def require_object(message: object) -> Mapping[str, Any]:
    """Return ``message`` if it is a JSON object, else refuse it."""
    if not isinstance(message, Mapping):
        raise Refused("a message must be a JSON object")
    return message


def seq_of(message: Mapping[str, Any]) -> int:
    """Return the message's sequence number (a whole number 0 .. 2**53-1), else refuse."""
    seq = message.get("seq")
    if type(seq) is not int or not 0 <= seq <= MOST_SEQ:
        raise Refused("seq must be a whole number from 0")
    return seq


def kind_of(message: Mapping[str, Any], kinds: tuple[str, ...]) -> str:
    """Return the message's type ``t`` when it is one of ``kinds``, else refuse."""
    kind = message.get("t")
    if not isinstance(kind, str) or kind not in kinds:
        shown = kind if isinstance(kind, str) and len(kind) <= 20 else type(kind).__name__
        raise Refused(f"unknown message type {shown!r}: use one of {', '.join(kinds)}")
    return kind


def whole(message: Mapping[str, Any], name: str, low: int, high: int) -> int:
    """Return field ``name`` as a whole number in ``low..high``, else refuse."""
    value = message.get(name)
    if type(value) is not int or not low <= value <= high:
        raise Refused(f"{name} must be a whole number from {low} to {high}")
    return value


def optional_whole(message: Mapping[str, Any], name: str, low: int, high: int) -> int | None:
    """Return field ``name`` as a whole number in ``low..high``, None when absent or null."""
    if message.get(name) is None:
        return None
    return whole(message, name, low, high)


def text(message: Mapping[str, Any], name: str, most: int = MOST_CODE) -> str:
    """Return field ``name`` as text of at most ``most`` characters, else refuse."""
    value = message.get(name)
    if not isinstance(value, str):
        raise Refused(f"{name} must be text")
    if len(value) > most:
        raise Refused(f"{name} is longer than {most} characters")
    return value


def optional_text(message: Mapping[str, Any], name: str, most: int = MOST_CODE) -> str | None:
    """Return field ``name`` as text, or None when it is absent or null."""
    if message.get(name) is None:
        return None
    return text(message, name, most)


def flag(message: Mapping[str, Any], name: str, default: bool = False) -> bool:
    """Return field ``name`` as true or false (``default`` when absent), else refuse."""
    value = message.get(name, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise Refused(f"{name} must be true or false")
    return value


def choice(message: Mapping[str, Any], name: str, options: tuple[str, ...], default: str) -> str:
    """Return field ``name`` when it is one of ``options`` (``default`` when absent)."""
    value = message.get(name, default)
    if value is None:
        return default
    if not isinstance(value, str) or value not in options:
        raise Refused(f"{name} must be one of {', '.join(options)}")
    return value


def drawing_id(message: Mapping[str, Any]) -> str:
    """Return the drawing's id prefix (``[A-Za-z][A-Za-z0-9_-]``, at most 32), default ``itb``."""
    value = message.get("id", "itb")
    if not isinstance(value, str) or _ID.fullmatch(value) is None:
        raise Refused("id must be a letter, then up to 31 letters, digits, '_' or '-'")
    return value


def suido_set(message: Mapping[str, Any]) -> str:
    """Return a Suido size field (``7x7``, or ``big`` for the big-pieces set), else refuse."""
    value = message.get("size")
    if not isinstance(value, str) or _SUIDO_SIZE.fullmatch(value) is None:
        raise Refused("size must be a Suido size such as 7x7, or big")
    return value


def cells(message: Mapping[str, Any], name: str, count: int) -> tuple[int, ...]:
    """Return field ``name`` as a list of at most ``MOST_DRAG_CELLS`` cells of a board with
    ``count`` cells, else refuse."""
    value = message.get(name)
    if not isinstance(value, list) or not value:
        raise Refused(f"{name} must be a non-empty list of cells")
    if len(value) > MOST_DRAG_CELLS:
        raise Refused(f"{name} may hold at most {MOST_DRAG_CELLS} cells")
    for cell in value:
        if type(cell) is not int or not 0 <= cell < count:
            raise Refused(f"{name} must hold cells from 0 to {count - 1}")
    return tuple(value)


def texts(message: Mapping[str, Any], name: str, most: int, longest: int) -> tuple[str, ...]:
    """Return field ``name`` as at most ``most`` texts of at most ``longest`` characters each
    (empty when absent), else refuse."""
    value = message.get(name)
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > most:
        raise Refused(f"{name} must be a list of at most {most} codes")
    for item in value:
        if not isinstance(item, str) or len(item) > longest:
            raise Refused(f"{name} must hold codes of at most {longest} characters")
    return tuple(value)
