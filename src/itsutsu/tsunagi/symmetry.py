"""Symmetry: turning and mirroring boards, re-lettering, and the symmetry key.

Two layouts that differ only by a quarter turn, a mirror or the names of their pairs have
the same ``symmetry_key``. A hexagon board only has the four transforms that keep its
lattice (identity, transpose, half turn, anti-transpose).
"""

from __future__ import annotations

from itsutsu.common.guards import require_int, require_text
from itsutsu.tsunagi.alphabet import PAIR_LETTERS, stone_letters
from itsutsu.tsunagi.layout import (
    Layout,
    decode_layout,
    encode_layout,
    encode_portals,
    require_layout,
    tail_word,
)

ALL_TRANSFORMS = tuple((turn, mirror) for mirror in (False, True) for turn in range(4))
"""Every (turn, mirror) of a square board, in op order 0..7 (``turn = op & 3``,
``mirror = op >= 4``)."""
HEX_TRANSFORMS = ((0, False), (1, True), (2, False), (3, True))
"""The transforms that keep a hexagon board's lattice: those with ``(turn odd) == mirror``."""


def _moved_to(size: int, at: int, turn: int, mirror: bool) -> int:
    """Return where cell ``at`` goes after ``turn`` quarter turns clockwise, then a mirror.

    Each quarter turn maps (row, col) to (col, size-1-row); the mirror flips the column.
    """
    row, col = divmod(at, size)
    for _ in range(turn % 4):
        row, col = col, size - 1 - row
    if mirror:
        col = size - 1 - col
    return row * size + col


def _check_code(code: str, size: int) -> Layout:
    layout = decode_layout(code, size)
    if layout is None:
        raise ValueError(f"{code!r} is not a Tsunagi layout code for a board of side {size!r}")
    return layout


def _moved_pairs(text: str, size: int, turn: int, mirror: bool) -> list[tuple[int, int]]:
    out = []
    for item in text.split(","):
        a, b = (_moved_to(size, int(n), turn, mirror) for n in item.split("-"))
        out.append((min(a, b), max(a, b)))
    return out


def transformed(code: str, size: int, turn: int, mirror: bool) -> str:
    """Return ``code`` turned ``turn`` quarter turns clockwise and then mirrored if asked.

    The cells are permuted; walls and portals are moved, normalised and sorted; other tail
    words are kept as they are. The letters are not renamed (see :func:`relettered`).
    Raises ``ValueError`` when ``code`` is not a layout of side ``size``.
    """
    _check_code(code, size)
    require_int(turn, "transformed", "turn")
    return _moved_code(code, size, turn, mirror)


def _moved_code(code: str, size: int, turn: int, mirror: bool) -> str:
    parts = code.split("|")
    cells = parts[0]
    out = [""] * len(cells)
    for at, ch in enumerate(cells):
        out[_moved_to(size, at, turn, mirror)] = ch
    segments = ["".join(out)]
    for segment in parts[1:]:
        if not segment:
            continue
        word = tail_word(segment)
        if word is None:
            walls = sorted(_moved_pairs(segment, size, turn, mirror))
            segments.append(",".join(f"{a}-{b}" for a, b in walls))
        elif word.word == "portals":
            segments.append(encode_portals(_moved_pairs(segment[7:], size, turn, mirror)))
        else:
            segments.append(segment)
    return "|".join(segments)


def letter_renaming(code: str) -> dict[str, str]:
    """Return the renaming :func:`relettered` applies to ``code``'s stone letters: each stone
    letter, in order of first appearance, to ``PAIR_LETTERS[0]``, ``[1]``, ..."""
    require_text(code, "letter_renaming", "code")
    cells = code.partition("|")[0]
    alphabet = set(stone_letters(cells))
    names: dict[str, str] = {}
    for ch in cells:
        if ch in alphabet and ch not in names:
            names[ch] = PAIR_LETTERS[len(names)]
    return names


def relettered(code: str) -> str:
    """Rename the stones of ``code`` to A, B, C... in order of first appearance.

    A waypoint (a small letter whose capital was renamed) follows its pair. The tail is kept.
    """
    require_text(code, "relettered", "code")
    cells, bar, tail = code.partition("|")
    names = letter_renaming(cells)
    out = []
    for ch in cells:
        if ch in names:
            out.append(names[ch])
        elif ch.islower() and ch.upper() in names:
            out.append(names[ch.upper()].lower())
        else:
            out.append(ch)
    return "".join(out) + bar + tail


def transform_layout(layout: Layout, op: int) -> Layout:
    """Return ``layout`` transformed by ``op`` (0..7: ``turn = op & 3``, ``mirror = op >= 4``),
    with its stones re-lettered into canonical order.

    Raises ``ValueError`` for an op outside 0..7, or one that does not keep a hexagon board's
    lattice (a hexagon board allows only ops 0, 5, 2 and 7).
    """
    require_layout(layout, "transform_layout")
    if isinstance(op, bool) or not isinstance(op, int) or not 0 <= op <= 7:
        raise ValueError(f"a transform is a number from 0 to 7, not {op!r}")
    turn, mirror = op & 3, op >= 4
    if layout.hex and (turn % 2 == 1) != mirror:
        raise ValueError(f"transform {op} does not keep a hexagon board's lattice")
    code = relettered(_moved_code(encode_layout(layout), layout.size, turn, mirror))
    moved = decode_layout(code, layout.size)
    if moved is None:  # only when renamed waypoints cannot be spelt (27+ pairs)
        raise ValueError(f"transform {op} of the layout does not decode: {code!r}")
    return moved


def symmetry_key(code: str, size: int) -> str:
    """Return the smallest re-lettered transform of ``code``: equal keys mean the same board.

    A hexagon board uses only its four lattice-keeping transforms. Raises ``ValueError`` when
    ``code`` is not a layout of side ``size``.
    """
    layout = _check_code(code, size)
    transforms = HEX_TRANSFORMS if layout.hex else ALL_TRANSFORMS
    return min(relettered(_moved_code(code, size, turn, mirror)) for turn, mirror in transforms)


def transform_answer(layout: Layout, answer: str, op: int) -> str:
    """Return ``answer`` (an answer code for ``layout``) moved by ``op`` like
    :func:`transform_layout`, with its letters renamed the same way, so that it answers the
    transformed layout exactly when it answered ``layout``.

    Raises ``ValueError`` for a bad op or an answer that is not ``size*size`` characters.
    """
    require_layout(layout, "transform_answer")
    if not isinstance(answer, str) or len(answer) != len(layout.cells):
        raise ValueError(
            f"an answer for a {layout.size}x{layout.size} board has {len(layout.cells)} characters"
        )
    if isinstance(op, bool) or not isinstance(op, int) or not 0 <= op <= 7:
        raise ValueError(f"a transform is a number from 0 to 7, not {op!r}")
    turn, mirror = op & 3, op >= 4
    size = layout.size
    cells = encode_layout(layout).partition("|")[0]
    moved_cells = [""] * len(cells)
    moved_answer = [""] * len(answer)
    for at in range(len(cells)):
        to = _moved_to(size, at, turn, mirror)
        moved_cells[to] = cells[at]
        moved_answer[to] = answer[at]
    names = letter_renaming("".join(moved_cells))
    return "".join(names.get(ch, ch) for ch in moved_answer)


def moved_to(size: int, at: int, turn: int, mirror: bool) -> int:
    """Return where cell ``at`` goes after ``turn`` quarter turns clockwise, then a mirror.

    Each quarter turn maps (row, col) to (col, size-1-row); the mirror flips the column.
    """
    require_int(size, "moved_to", "size", 1)
    require_int(at, "moved_to", "at")
    require_int(turn, "moved_to", "turn")
    return _moved_to(size, at, turn, mirror)
