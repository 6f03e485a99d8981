"""What a Tsunagi drawing can be asked for (:class:`DrawOptions`), every value checked.

Anything a user may type (a label, a language, an id, a colour, a board look) is refused here
when it is not what it should be, and escaped later when it is text; so it never escapes its
attribute. A language other than ``en`` or ``ja`` is refused (``ValueError``) rather than
quietly read as English: use :func:`itsutsu.tsunagi.words.tsunagi_language_of` for page tags.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from itsutsu.common.words import check_language
from itsutsu.tsunagi.drawing.colours import TSUNAGI_COLOUR_SET_NAMES, Hsl
from itsutsu.tsunagi.drawing.looks import TSUNAGI_BOARD_NAMES, TSUNAGI_BOARDS, BoardLook

_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")

MARKS = ("colours", "numbers")
"""How marbles are told apart: by colour, or white with numbers."""
FILLS = ("marbles", "lines")
"""How a line's cells are filled: with small beads, or by the line alone."""


def _ints(value: object, what: str) -> tuple[int, ...]:
    if isinstance(value, str | bytes) or not hasattr(value, "__iter__"):
        raise ValueError(f"{what} must be a list of whole numbers")
    out = []
    for item in value:
        if isinstance(item, bool) or not isinstance(item, int):
            raise ValueError(f"{what} must be a list of whole numbers, not {item!r}")
        out.append(item)
    return tuple(out)


def _colours(value: object) -> str | tuple[Hsl, ...]:
    if isinstance(value, str):
        if value not in TSUNAGI_COLOUR_SET_NAMES:
            names = ", ".join(TSUNAGI_COLOUR_SET_NAMES)
            raise ValueError(f"{value!r} is not a colour set: use one of {names} or [h, s, l]s")
        return value
    if not isinstance(value, tuple | list) or not value:
        raise ValueError("colours must be a set name or a non-empty list of [h, s, l]")
    out: list[Hsl] = []
    for item in value:
        if not isinstance(item, tuple | list) or len(item) != 3:
            raise ValueError(f"colour {item!r} is not [h, s, l]")
        for part in item:
            ok = isinstance(part, int | float) and not isinstance(part, bool)
            if not ok or not math.isfinite(part):
                raise ValueError(f"colour {item!r} is not [h, s, l] of finite numbers")
        out.append((float(item[0]), float(item[1]), float(item[2])))
    return tuple(out)


@dataclass(frozen=True)
class DrawOptions:
    """How to draw a Tsunagi board; every field has the original's default.

    ``lines``: one line per pair (``None``: no lines). ``marks``: ``colours`` or ``numbers``.
    ``fill``: ``marbles`` (beads on a line's cells) or ``lines``. ``colours``: a set name from
    ``TSUNAGI_COLOUR_SET_NAMES`` or (h, s, l) colours used in turn. ``board``: a name from
    ``TSUNAGI_BOARD_NAMES`` or a :class:`BoardLook`. ``coordinates``: letters and numbers round
    a square board (not on wrap or hexagon boards). ``ghosts``: the ring of the far edges round
    a wrapping board. ``flagged``: pairs whose marbles flash. ``blasted``: cells that burst.
    ``done``: the solved wash. ``language``: ``en`` or ``ja``. ``label``: the board's spoken
    description instead of the usual one. ``style``: embed ``TSUNAGI_STYLE``. ``id``: the
    prefix of the drawing's internal ids (``[A-Za-z][A-Za-z0-9_-]*``; default from a hash).
    """

    lines: tuple[tuple[int, ...], ...] | None = None
    marks: str = "colours"
    fill: str = "marbles"
    colours: str | tuple[Hsl, ...] = "marble"
    board: str | BoardLook = "paper"
    coordinates: bool = False
    ghosts: bool = True
    flagged: tuple[int, ...] = ()
    blasted: tuple[int, ...] = ()
    done: bool = False
    language: str = "en"
    label: str | None = None
    style: bool = False
    id: str | None = None

    def __post_init__(self) -> None:
        if self.lines is not None:
            if isinstance(self.lines, str | bytes) or not hasattr(self.lines, "__iter__"):
                raise ValueError("lines must be one list of cells per pair")
            lines = tuple(_ints(line, "a line") for line in self.lines)
            object.__setattr__(self, "lines", lines)
        if self.marks not in MARKS:
            raise ValueError(f"marks {self.marks!r} is not one of colours, numbers")
        if self.fill not in FILLS:
            raise ValueError(f"fill {self.fill!r} is not one of marbles, lines")
        object.__setattr__(self, "colours", _colours(self.colours))
        if isinstance(self.board, str):
            if self.board not in TSUNAGI_BOARD_NAMES:
                names = ", ".join(TSUNAGI_BOARD_NAMES)
                raise ValueError(f"board {self.board!r} is not one of {names} or a BoardLook")
        elif not isinstance(self.board, BoardLook):
            raise ValueError("board must be a board name or a BoardLook")
        for name in ("coordinates", "ghosts", "done", "style"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false")
        object.__setattr__(self, "flagged", _ints(self.flagged, "flagged"))
        object.__setattr__(self, "blasted", _ints(self.blasted, "blasted"))
        check_language(self.language)
        if self.label is not None and not isinstance(self.label, str):
            raise ValueError("label must be text")
        if self.id is not None and (not isinstance(self.id, str) or _ID.fullmatch(self.id) is None):
            raise ValueError(
                f"id {self.id!r} is not an id: a letter, then letters, digits, '_' or '-'"
            )

    @property
    def look(self) -> BoardLook:
        """The board's colours."""
        return TSUNAGI_BOARDS[self.board] if isinstance(self.board, str) else self.board

    @property
    def board_name(self) -> str:
        """The board's name for ``data-board`` (``custom`` for a given look)."""
        return self.board if isinstance(self.board, str) else "custom"

    @property
    def numbers(self) -> bool:
        """True when marbles are marked with numbers."""
        return self.marks == "numbers"
