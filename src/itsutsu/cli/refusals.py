"""Why a code is not a board, in a line a person can act on.

The engines' decoders only say ``None``; the command line says which part of the code is
wrong: its length for the size, an unknown letter, a stone without its partner, a bad tail
segment (Tsunagi), or the head, body, pieces and lists (Suido). Each function is called only
after the decoder has refused the code, and never quotes a long code back whole.
"""

from __future__ import annotations

import re

from itsutsu.cli.common import shown
from itsutsu.suido.code import MAX_SIDE as SUIDO_MAX_SIDE
from itsutsu.suido.code import MIN_SIDE as SUIDO_MIN_SIDE
from itsutsu.suido.pieces import DRAIN_CHARS, PLAIN_CHARS, SOURCE_CHARS
from itsutsu.tsunagi.alphabet import (
    CAPITAL_PAIRS,
    LETTER_INDEX,
    LINK_BLOCKED,
    LINK_BRIDGE,
    LINK_EMPTY,
    PAIR_LETTERS,
    WAYPOINT_LETTERS,
    stone_letters,
)
from itsutsu.tsunagi.layout import MAX_SIDE as TSUNAGI_MAX_SIDE
from itsutsu.tsunagi.layout import TAIL_ORDER, tail_word

_WALLS = re.compile(r"[0-9]+-[0-9]+(?:,[0-9]+-[0-9]+)*")
_TAIL_WORDS = (
    "walls a-b,c-d first, then hex, sparse, wrap, portalsA-B,..., boomN or blastN, strokesN"
)


def _cell_name(at: int, size: int) -> str:
    """Name cell ``at`` of a board of side ``size`` by its row and column, from 1."""
    row, col = divmod(at, size)
    return f"cell {at} (row {row + 1}, column {col + 1})"


def tsunagi_refusal(code: str, size: int) -> str:
    """Return why ``code`` is not a Tsunagi layout of side ``size`` (the decoder refused it)."""
    if not 1 <= size <= TSUNAGI_MAX_SIDE:
        return f"a board's side is 1 to {TSUNAGI_MAX_SIDE}, not {size}"
    parts = code.split("|")
    cells = parts[0]
    if len(cells) != size * size:
        return (
            f"a {size}x{size} layout has {size * size} cells before any '|', "
            f"this one has {len(cells):,}"
        )
    last = -1
    for index, segment in enumerate(parts[1:]):
        word = tail_word(segment)
        if word is None:
            if index == 0 and _WALLS.fullmatch(segment):
                return (
                    f"the walls {shown(segment)} are not walls between neighbouring cells in order"
                )
            return f"tail segment {index + 1}, {shown(segment)}, is not a tail word ({_TAIL_WORDS})"
        rank = TAIL_ORDER.index(word.word)
        if rank <= last:
            return f"tail segment {index + 1}, {shown(segment)}, is out of order ({_TAIL_WORDS})"
        last = rank
    alphabet = stone_letters(cells)
    letters = set(alphabet)
    found: dict[str, int] = {}
    for at, ch in enumerate(cells):
        if ch in (LINK_EMPTY, LINK_BLOCKED, LINK_BRIDGE):
            continue
        if ch in letters:
            pair = LETTER_INDEX[ch]
            if ch not in found and pair > len(found):
                return (
                    f"stone {ch!r} at {_cell_name(at, size)} comes before any "
                    f"{PAIR_LETTERS[len(found)]!r}: letters are first used in order A, B, C ..."
                )
            found[ch] = found.get(ch, 0) + 1
        elif len(alphabet) == CAPITAL_PAIRS and ch in WAYPOINT_LETTERS:
            continue
        else:
            return f"{_cell_name(at, size)} holds {ch!r}, which is no stone letter, '.', '#' or '+'"
    if not found:
        return "the layout has no stones"
    for ch, count in found.items():
        if count == 1:
            return f"stone {ch!r} has no partner (each letter is on exactly two cells)"
        if count > 2:
            return f"stone {ch!r} is on {count} cells, not two"
    return (
        "its twists do not fit the board (sparse with too many pairs, a stroke limit below "
        "the pairs, a waypoint of no pair, a bad hexagon, bridge or portal)"
    )


_HEAD = re.compile(r"([0-9]{1,2})x([0-9]{1,2})([a-z]*):")
_PIECES = set(PLAIN_CHARS) | set(SOURCE_CHARS) | set(DRAIN_CHARS)
_LIST_KINDS = {"l": "locked", "w": "walls", "b": "big pieces", "k": "blocks"}


def suido_refusal(code: str) -> str:
    """Return why ``code`` is not a Suido board code (the decoder refused it)."""
    head = _HEAD.match(code)
    if head is None:
        return "a Suido code starts WIDTHxHEIGHT, any flags d, i, w, then ':' (like 5x5:...)"
    width, height, flags = int(head.group(1)), int(head.group(2)), head.group(3)
    low, high = SUIDO_MIN_SIDE, SUIDO_MAX_SIDE
    if not (low <= width <= high and low <= height <= high):
        return f"its sides are {width}x{height}; each side is {low} to {high}"
    if set(flags) - set("diw") or len(set(flags)) != len(flags):
        return f"its flags {flags!r} are not d (drains) or i (inlet-outlet), then w (wrap)"
    if "d" in flags and "i" in flags:
        return "a board is drains (d) or inlet-outlet (i), not both"
    if "w" in flags and not flags.endswith("w"):
        return "the wrap flag w comes last"
    if "w" in flags and (width < 3 or height < 3):
        return "a wrapping board is at least 3x3"
    rest = code[head.end() :].split(";")
    body = rest[0]
    if len(body) != width * height:
        return f"a {width}x{height} board has {width * height} pieces, this body has {len(body):,}"
    for at, ch in enumerate(body):
        if ch not in _PIECES:
            return (
                f"piece {at} (row {at // width + 1}, column {at % width + 1}) is {ch!r}, "
                "no piece character (0-9 a-f, pumps g-v, drains A-P)"
            )
        if ch in (SOURCE_CHARS[0], DRAIN_CHARS[0]):
            return f"piece {at} is a pump or drain with no pipe ({ch!r})"
    order = "lwbk"
    last = -1
    for part in rest[1:]:
        letter, numbers = part[:1], part[1:]
        if letter not in _LIST_KINDS:
            return (
                f"the list {shown(';' + part)} is none of ;l ;w ;b ;k (locked, walls, big, blocks)"
            )
        if order.index(letter) <= last:
            return "the lists come in the order ;l ;w ;b ;k, each once"
        last = order.index(letter)
        if not re.fullmatch(r"[0-9]+(?:,[0-9]+)*", numbers):
            return f"the {_LIST_KINDS[letter]} list {shown(numbers)} is not numbers split by ','"
        values = [int(n) for n in numbers.split(",")]
        if values != sorted(set(values)):
            return f"the {_LIST_KINDS[letter]} list is not in increasing order"
        bound = 2 * width * height if letter == "w" else width * height
        if values[-1] >= bound:
            return f"the {_LIST_KINDS[letter]} list names {values[-1]}, off the board"
    if not any(ch in SOURCE_CHARS for ch in body):
        return "the board has no pump (a piece g-v)"
    return (
        "its pieces do not fit its kind and lists (an inlet-outlet board needs one end pump "
        "and one end drain; no blank locked, no wall on the rim, squares on a network only)"
    )
