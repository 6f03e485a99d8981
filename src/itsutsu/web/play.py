"""Play without a transport: one message in, the new play state and one reply out.

This is the whole of the server's side of a play box. The WebSocket route calls
:func:`handle` for each message a page sends, and so will the notebook widget for each
message its front end sends through the kernel; neither adds rules of its own. The state is
a frozen value (:class:`TsunagiPlay` or :class:`SuidoPlay`) holding the engine's game, so
:func:`handle` is a pure function of the levels, the state and the message.

The protocol (every message a JSON object with a type ``t`` and a sequence number ``seq``; the
reply carries the same ``seq``, one reply per message, in order, so a page may send many
messages without waiting):

- ``open``: start or resume a game. ``puzzle`` is ``tsunagi`` or ``suido``; the level is
  ``size`` + ``level`` (+ ``set`` for Tsunagi: ``classic`` or ``portals``; a Suido ``size`` is
  ``WxH`` or ``big``), or a code (Tsunagi ``size`` + ``layout``, Suido ``board``) with an
  optional ``answer``. A kept game resumes from ``game`` (Tsunagi's game code, with ``undo``:
  earlier lines codes, oldest first, and ``cheated``; Suido's ``progress``, with
  ``hintCount``, the hints asked so far); with no kept game, Suido's ``shown`` opens on the
  answer (needs a valid answer). Options: ``lang`` (en/ja), ``id`` (the drawing's id
  prefix), ``look`` (Tsunagi: ``marks``, ``fill``, ``colours``, ``board``, ``coordinates``),
  ``explosions`` (on/soft/off), ``cheats`` and ``hints`` (offer those buttons). Reply
  ``opened``: the whole drawing (``svg``), its geometry (Tsunagi) or cell labels (Suido),
  status lines, button words and chips.
- Tsunagi moves: ``press`` {cell}, ``drag`` {cells: the cells the finger crossed, in order;
  ``end``: true when they are where the line's end goes (keys), not a finger kept off by a
  portal passage},
  ``lift``, ``undo``, ``restart``, ``check``, ``cheat``, ``hint``. Reply ``patch``: the drawing
  parts of the pairs that changed (``pairs``: pair -> washes, line, beads, ghosts), or the whole
  drawing (``svg``) where bridges, flags, blasts or the solved wash need it; the status lines;
  ``drawing`` (the pair under the finger); and when no finger is down the game's ``code`` and
  the change to the undo stack (``undo``: ``{"push": lines code}``, ``{"pop": 1}`` or
  ``{"clear": 1}``), which is all a page keeps to resume.
- Suido moves: ``turn`` {cell, by: 1 or -1}, ``restart``, ``hint``. Reply ``paint``: the cells
  whose paint changed (``[cell, wet, k, q, arms, label]``), the root's ``solved`` and ``step``,
  the status lines, ``progress`` (to resume), ``code``, and the lit ``hint`` cells.
- Both: ``look`` (Tsunagi: a new look, redrawn whole), ``lang`` (words and labels anew),
  ``ping``; Tsunagi ``describe`` {cell} (reply ``described``: what a keyboard player's ring is
  on, in words). Reply ``same`` when a message changes nothing (with ``code``, or Suido's
  ``progress``, when no finger is down: everything up to it is kept).
- A message that cannot be read gets ``error`` with a ``reason``; the state is unchanged.

Over a socket, ``code`` and ``progress`` after the first go as changes to the last ones sent
(``codeAt``, ``progressAt``; :mod:`itsutsu.web.wire`); ``handle`` itself always gives them whole.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from itsutsu import suido, tsunagi
from itsutsu.web import messages as m
from itsutsu.web.hints import suido_hint, tsunagi_hint
from itsutsu.web.levels import BLOCK, LevelStore, SuidoLevel, TsunagiLevel
from itsutsu.web.messages import Refused

LANGS = ("en", "ja")
MARKS = ("colours", "numbers")
FILLS = ("marbles", "lines")
EXPLOSIONS = ("on", "soft", "off")
TSUNAGI_TWISTS = (
    "bridges", "walls", "waypoints", "wrap", "portals", "explosions", "strokes", "hexagon",
    "sparse",
)  # fmt: skip
"""Tsunagi twist chips, in the order a row of chips shows them."""
SUIDO_CHIP_KEYS = {
    "drains": "twistDrains", "pumps": "twistPumps", "locked": "twistLocked",
    "walls": "twistWalls", "wrap": "twistWrap", "inlet-outlet": "twistInletOutlet",
    "big-pieces": "twistBigPieces", "block-turns": "twistBlockTurns",
}  # fmt: skip


@dataclass(frozen=True)
class Look:
    """How a Tsunagi board is drawn: the drawing's look options a player may change."""

    marks: str = "colours"
    fill: str = "marbles"
    colours: str = "marble"
    board: str = "paper"
    coordinates: bool = False

    @staticmethod
    def read(value: object, before: Look | None = None) -> Look:
        """Return the look a message asks for (fields left out keep ``before``'s)."""
        start = before or Look()
        if value is None:
            return start
        look = m.require_object(value)
        return Look(
            marks=m.choice(look, "marks", MARKS, start.marks),
            fill=m.choice(look, "fill", FILLS, start.fill),
            colours=m.choice(look, "colours", tsunagi.TSUNAGI_COLOUR_SET_NAMES, start.colours),
            board=m.choice(look, "board", tsunagi.TSUNAGI_BOARD_NAMES, start.board),
            coordinates=m.flag(look, "coordinates", start.coordinates),
        )

    def to_dict(self) -> dict[str, object]:
        """Return the look as JSON-ready data."""
        return {
            "marks": self.marks,
            "fill": self.fill,
            "colours": self.colours,
            "board": self.board,
            "coordinates": self.coordinates,
        }


@dataclass(frozen=True)
class LevelInfo:
    """What a play box shows about the level beside the board: its place and its chips."""

    number: int | None
    set: str | None
    mark: int | None
    twists: tuple[str, ...]


@dataclass(frozen=True)
class TsunagiPlay:
    """A Tsunagi play box's state: the game and how it is shown."""

    game: tsunagi.Game
    ident: str
    lang: str
    look: Look
    hints_on: bool
    info: LevelInfo
    hint: tsunagi.Game | None = None  # the game a hint was given for (cleared by any change)
    hint_pair: int | None = None
    note: str | None = None
    hints: int = 0
    coded: tuple[tsunagi.Lines, str] | None = field(default=None, repr=False, compare=False)
    """The last lines whose lines code a reply sent, with that code (the next is written from
    it, pair by pair)."""


@dataclass(frozen=True)
class SuidoPlay:
    """A Suido play box's state: the game, its solution (when known) and what is lit."""

    game: suido.Game
    solution: tuple[int, ...] | None
    par: int | None
    lang: str
    hints_on: bool
    info: LevelInfo
    loaded_solved: bool
    solved_seen: bool
    lit: tuple[int, ...] = ()
    note: str | None = None
    hints: int = 0
    water: _Water | None = field(default=None, repr=False)
    shown: bool = False
    """Opened on the answer (``shown``): the status says so until the first turn."""


Play = TsunagiPlay | SuidoPlay


def error(seq: int | None, reason: str) -> dict[str, object]:
    """Return an error reply."""
    return {"t": "error", "seq": seq, "reason": reason}


def handle(
    store: LevelStore, state: Play | None, message: object
) -> tuple[Play | None, dict[str, object]]:
    """Apply one message to a play state: return the new state and the one reply to send.

    Never raises for anything a sender can put in a message: a message that cannot be read
    leaves the state as it was and is answered with an ``error`` reply and its reason.
    """
    seq: int | None = None
    try:
        body = m.require_object(message)
        seq = m.seq_of(body)
        kind = body.get("t")
        if kind == "ping":
            return state, {"t": "pong", "seq": seq}
        if kind == "open":
            new = _open(store, body)
            return new, _opened(new, seq)
        if state is None:
            m.kind_of(body, tuple(dict.fromkeys(_TSUNAGI_MOVES + _SUIDO_MOVES)))
            raise Refused("open a game first")
        if isinstance(state, TsunagiPlay):
            return _tsunagi_move(state, body, seq)
        return _suido_move(state, body, seq)
    except Refused as refused:
        return state, error(seq, str(refused))


# ---------------------------------------------------------------------------------- opening


def _open(store: LevelStore, body: Mapping[str, Any]) -> Play:
    puzzle = m.choice(body, "puzzle", ("tsunagi", "suido"), "tsunagi")
    lang = m.choice(body, "lang", LANGS, "en")
    if puzzle == "tsunagi":
        return _open_tsunagi(store, body, lang)
    return _open_suido(store, body, lang)


def _open_tsunagi(store: LevelStore, body: Mapping[str, Any], lang: str) -> TsunagiPlay:
    size = m.whole(body, "size", 2, m.MOST_TSUNAGI_SIZE)
    level: TsunagiLevel | None = None
    layout_code = m.optional_text(body, "layout")
    answer: str | None
    if layout_code is None:
        set_name = m.choice(body, "set", ("classic", "portals"), "classic")
        number = m.whole(body, "level", 1, 100_000)
        level = store.tsunagi_level(size, number, set_name)
        if level is None:
            raise Refused(f"there is no {set_name} level {number} of size {size} here")
        layout_code, answer = level.layout, level.answer
    else:
        answer = m.optional_text(body, "answer")
        if answer is not None and not tsunagi.check_answer(size, layout_code, answer).ok:
            answer = None
    explosions = m.choice(body, "explosions", EXPLOSIONS, "on")
    cheats = m.flag(body, "cheats", True)
    kept = m.optional_text(body, "game")
    game = None
    if kept is not None:
        game = tsunagi.game_from_code(layout_code, size, kept, answer, explosions, cheats)
    if game is None:
        game = tsunagi.new_game(layout_code, size, answer, explosions, cheats)
    if game is None:
        raise Refused(f"that is not a Tsunagi layout of size {size}")
    if kept is not None:
        undo = []
        for code in m.texts(body, "undo", m.MOST_UNDO, size * size):
            lines = tsunagi.decode_lines(game.layout, code)
            if lines is not None:
                undo.append(lines)
        game = replace(game, undo=tuple(undo), cheated=m.flag(body, "cheated"))
    original = tsunagi.decode_layout(layout_code, size)
    assert original is not None
    info = LevelInfo(
        level.number if level else None,
        level.set if level else None,
        level.mark if level else None,
        tsunagi_twists(original),
    )
    return TsunagiPlay(
        game=game,
        ident=m.drawing_id(body),
        lang=lang,
        look=Look.read(body.get("look")),
        hints_on=m.flag(body, "hints", True) and game.answer is not None,
        info=info,
    )


def _open_suido(store: LevelStore, body: Mapping[str, Any], lang: str) -> SuidoPlay:
    level: SuidoLevel | None = None
    board_code = m.optional_text(body, "board")
    answer: str | None
    if board_code is None:
        set_name = m.suido_set(body)
        number = m.whole(body, "level", 1, 100_000)
        level = store.suido_level(set_name, number)
        if level is None:
            raise Refused(f"there is no Suido level {number} of {set_name} here")
        board_code, answer = level.board, level.answer
    else:
        answer = m.optional_text(body, "answer")
        if answer is not None and not suido.check_answer(board_code, answer).ok:
            answer = None
    start = suido.decode_layout(board_code)
    if start is None:
        raise Refused("that is not a Suido board code")
    if len(start.cells) > m.MOST_SUIDO_CELLS:
        raise Refused(f"that board has more than {m.MOST_SUIDO_CELLS} cells")
    progress = m.optional_text(body, "progress", m.MOST_SUIDO_CELLS + 16)
    game = suido.game_from_progress(board_code, progress) if progress is not None else None
    shown = False
    if game is None and answer is not None and m.flag(body, "shown", False):
        # Opened on the answer: every piece as the answer has it, the fewest clockwise
        # quarters, no turns counted.
        game = suido.game_from_code(board_code, answer)
        shown = game is not None
    if game is None:
        game = suido.new_game(start)
    assert game is not None
    solution = None
    par = None
    if answer is not None:
        solved = suido.decode_layout(answer)
        assert solved is not None
        solution = solved.cells
        fresh = suido.new_game(start)
        assert fresh is not None
        taps = suido.taps_to_answer(fresh, solution)
        par = int(taps) if taps != float("inf") else None
    info = LevelInfo(
        level.number if level else None,
        level.set if level else None,
        level.mark if level else None,
        suido.twists_of(start),
    )
    solved_now = suido.is_game_solved(game)
    hints = m.optional_whole(body, "hintCount", 0, 1_000_000) or 0
    state = SuidoPlay(
        game=game,
        solution=solution,
        par=par,
        lang=lang,
        hints_on=m.flag(body, "hints", True) and solution is not None,
        info=info,
        loaded_solved=solved_now,
        solved_seen=solved_now,
        hints=hints,
        shown=shown,
    )
    return replace(state, water=_water(game))


def _opened(state: Play, seq: int) -> dict[str, object]:
    if isinstance(state, TsunagiPlay):
        game = state.game
        layout = game.layout
        geo = tsunagi.geometry(layout, state.look.coordinates)
        reply: dict[str, object] = {
            "t": "opened",
            "seq": seq,
            "puzzle": "tsunagi",
            "size": layout.size,
            "svg": tsunagi_svg(state),
            "geometry": {
                "size": geo.size,
                "box": geo.box,
                "x0": geo.x0,
                "y0": geo.y0,
                "ghost": geo.ghost,
                "wrap": geo.wrap,
                "hex": geo.hex,
                "cell": tsunagi.CELL,
                "centres": [[round(x, 2), round(y, 2)] for x, y in geo.centres]
                if geo.hex
                else None,
                "hexCells": [
                    at for at in range(layout.size * layout.size) if tsunagi.in_hex(layout.size, at)
                ]
                if geo.hex
                else None,
            },
            "look": state.look.to_dict(),
            "code": tsunagi.game_code(game),
            "undo": [tsunagi.encode_lines(layout, lines) for lines in game.undo],
            "cheated": game.cheated,
            "solved": game.solved,
            "drawing": None,
            "status": tsunagi_status(state),
            "words": tsunagi_words(state),
            "chips": tsunagi_chips(state),
            "cheats": game.cheats and game.answer is not None,
            "hints": state.hints_on,
            "explosions": game.explosions,
            "hasExplosions": layout.explosions is not None or game.eased is not None,
            "cells": tsunagi_cell_words(state),
        }
        return reply
    game_s = state.game
    start = game_s.start
    return {
        "t": "opened",
        "seq": seq,
        "puzzle": "suido",
        "width": start.width,
        "height": start.height,
        "svg": suido.draw(
            start,
            suido.DrawOptions(masks=game_s.masks, quarters=game_s.quarters, language=state.lang),
        ),
        "labels": suido_labels(state),
        "locked": list(start.locked or ()),
        "turnable": [suido.can_turn_at(game_s, c) for c in range(len(start.cells))],
        "progress": suido.game_progress(game_s),
        "code": suido.game_code(game_s),
        "solved": state.loaded_solved,
        "status": suido_status(state),
        "words": suido_words(state),
        "chips": suido_chips(state),
        "hints": state.hints_on,
        "hintCount": state.hints,
        "par": state.par,
        "turns": game_s.turns,
    }


# ---------------------------------------------------------------------------------- Tsunagi


def tsunagi_twists(layout: tsunagi.Layout) -> tuple[str, ...]:
    """Return the twists a Tsunagi board shows, as chip names in chip order."""
    shown = {
        "bridges": bool(layout.bridges),
        "walls": bool(layout.walls) or tsunagi.CELL_BLOCKED in layout.cells,
        "waypoints": bool(layout.waypoints),
        "wrap": layout.wrap,
        "portals": bool(layout.portal_pairs),
        "explosions": layout.explosions is not None,
        "strokes": layout.strokes is not None,
        "hexagon": layout.hex,
        "sparse": layout.sparse,
    }
    return tuple(name for name in TSUNAGI_TWISTS if shown[name])


def _options(state: TsunagiPlay, lines: tsunagi.Lines | None = None) -> tsunagi.DrawOptions:
    game = state.game
    look = state.look
    flagged = game.flagged
    if state.hint_pair is not None and state.hint is game:
        flagged = (*flagged, state.hint_pair)
    return tsunagi.DrawOptions(
        lines=game.lines if lines is None else lines,
        marks=look.marks,
        fill=look.fill,
        colours=look.colours,
        board=look.board,
        coordinates=look.coordinates,
        flagged=flagged,
        blasted=game.blasted or (),
        done=game.solved,
        language=state.lang,
        id=state.ident,
    )


def tsunagi_svg(state: TsunagiPlay) -> str:
    """Return the whole drawing of a Tsunagi play box."""
    return tsunagi.draw(state.game.layout, _options(state))


def _percent(done: int, of: int) -> int:
    if of <= 0:
        return 100
    share = int(done * 100 / of + 0.5)
    return min(share, 99) if done < of else 100


def tsunagi_status(state: TsunagiPlay) -> list[str]:
    """Return the lines of words under a Tsunagi board, in the play box's language."""
    game, lang = state.game, state.lang
    say = tsunagi.tsunagi_say
    shown = tsunagi.progress(game)
    lines = []
    if shown.solved:
        lines.append(say(lang, "solved"))
    elif shown.out_of_strokes:
        lines.append(say(lang, "outOfStrokes"))
    elif shown.joined == shown.pairs and shown.filled < shown.cells:
        lines.append(say(lang, "fullButEmpty", {"n": shown.cells - shown.filled}))
    elif shown.beside is not None:
        pair, at = shown.beside
        row, column = divmod(at, game.layout.size)
        where = {"line": tsunagi.PAIR_LETTERS[pair], "row": row + 1, "column": column + 1}
        lines.append(say(lang, "besideItself", where))
    else:
        lines.append(say(lang, "progress", {"percent": _percent(shown.filled, shown.cells)}))
    if shown.strokes_left is not None and not shown.solved and not shown.out_of_strokes:
        lines.append(say(lang, "strokesLeft", {"n": shown.strokes_left}))
    if game.exploded is not None:
        lines.append(say(lang, game.exploded))
    elif shown.boom_in is not None and not shown.solved:
        if shown.boom_in == 1:
            lines.append(say(lang, "boomNext"))
        else:
            lines.append(say(lang, "boomIn", {"n": shown.boom_in}))
    if game.checked is not None:
        if game.checked.unjoined:
            lines.append(say(lang, "checkMissing", {"n": game.checked.unjoined}))
        if game.checked.empty:
            lines.append(say(lang, "checkEmpty", {"n": game.checked.empty}))
    helped = shown.helped
    if helped is not None:
        key = {
            "explosions-off": "helpExplosionsOff",
            "explosions-soft": "helpExplosionsSoft",
            "cheated": "helpCheated",
        }[helped]
        lines.append(say(lang, key))
    if state.note is not None and state.hint is game:
        lines.append(state.note)
    return lines


_TSUNAGI_WORD_KEYS = (
    "undo", "restart", "check", "cheat", "cheatTitle", "hint", "zoomLabel", "zoomIn", "zoomOut",
    "fit", "up", "down", "left", "right", "keysHelp", "connecting", "reconnecting", "look",
    "marksColours", "marksNumbers", "fillMarbles", "fillLines", "coloursMarble",
    "coloursBright", "coloursColourBlind", "coloursSoft", "boardPaper", "boardWood",
    "boardGreen", "boardBlue", "boardRed", "boardBlack", "coordinates", "explosionsChoice",
    "explosionsOn", "explosionsSoft", "explosionsOff", "refused",
)  # fmt: skip


def tsunagi_words(state: TsunagiPlay) -> dict[str, str]:
    """Return the words of a Tsunagi play box's buttons and notes, in its language."""
    return {key: tsunagi.tsunagi_say(state.lang, key) for key in _TSUNAGI_WORD_KEYS}


def tsunagi_chips(state: TsunagiPlay) -> list[dict[str, str]]:
    """Return a Tsunagi level's chips: its mark, its role (new or test) and each twist."""
    say, lang, info = tsunagi.tsunagi_say, state.lang, state.info
    chips = []
    if info.mark is not None:
        chips.append(
            {
                "key": "difficulty",
                "label": say(lang, "difficultyOf", {"mark": info.mark}),
                "says": say(lang, "difficultySays"),
                "mark": str(info.mark),
            }
        )
    names = "、".join if lang == "ja" else ", ".join
    if info.number is not None and info.twists:
        slot = (info.number - 1) % BLOCK + 1
        role = {15: "teaches", 16: "tests"}.get(slot)
        if role is not None:
            listed = names(say(lang, t) for t in info.twists)
            chips.append(
                {
                    "key": role,
                    "label": say(lang, role),
                    "says": say(lang, role + "Says", {"names": listed}),
                }
            )
    for twist in info.twists:
        chips.append({"key": twist, "label": say(lang, twist), "says": say(lang, twist + "Says")})
    return chips


def tsunagi_cell_words(state: TsunagiPlay) -> dict[str, str]:
    """Return the words a keyboard player hears for a cell: the templates, in the language."""
    keys = ("cellAt", "cellEmpty", "cellBlocked", "cellBridge", "cellLine", "cellDrawing", "marble")
    return {key: tsunagi.tsunagi_say(state.lang, key) for key in keys}


def _lines_code(
    layout: tsunagi.Layout, lines: tsunagi.Lines, coded: tuple[tsunagi.Lines, str] | None
) -> str:
    """The lines code of ``lines``, written from ``coded`` (other lines and their code) where
    given: only the cells of the pairs whose line changed are written again (a cell's
    character comes from the one line on it, a bridge's from none)."""
    if coded is None:
        return tsunagi.encode_lines(layout, lines)
    was, code = coded
    if was is lines:
        return code
    changed = [p for p, (a, b) in enumerate(zip(was, lines, strict=True)) if a is not b and a != b]
    if not changed:
        return code
    out = list(code)
    empty: tuple[tuple[int, ...], ...] = ((),) * layout.pairs
    for pair in changed:
        for cell in was[pair]:
            out[cell] = "."
    bridge = tsunagi.CELL_BRIDGE
    cells = layout.cells
    for pair in changed:
        line = lines[pair]
        if line:
            only = tsunagi.encode_lines(layout, (*empty[:pair], line, *empty[pair + 1 :]))
            for cell in line:
                if cells[cell] != bridge:
                    out[cell] = only[cell]
    return "".join(out)


def _undo_change(
    before: tsunagi.Game, after: tsunagi.Game, coded: tuple[tsunagi.Lines, str] | None = None
) -> dict[str, object] | None:
    old, new = before.undo, after.undo
    if old is new or old == new:
        return None
    if not new:
        return {"clear": 1}
    if new[:-1] == old or (len(old) == tsunagi.UNDO_MOST and new[:-1] == old[1:]):
        return {"push": _lines_code(after.layout, new[-1], coded)}
    if new == old[:-1]:
        return {"pop": 1}
    return {"all": [tsunagi.encode_lines(after.layout, lines) for lines in new]}


_TSUNAGI_MOVES = (
    "press", "drag", "lift", "undo", "restart", "check", "cheat", "hint", "look", "lang",
    "describe", "ping", "open",
)  # fmt: skip


def _tsunagi_same(state: TsunagiPlay, seq: int) -> dict[str, object]:
    reply: dict[str, object] = {"t": "same", "seq": seq}
    game = state.game
    if game.drawing is None:
        reply["code"] = f"{_lines_code(game.layout, game.lines, state.coded)}:{game.strokes}"
    return reply


def tsunagi_describe(state: TsunagiPlay, cell: int) -> str:
    """Return what is on ``cell`` in words: a marble, a line, a bridge, a blocked or empty cell."""
    game, lang = state.game, state.lang
    layout = game.layout
    say = tsunagi.tsunagi_say
    row, col = divmod(cell, layout.size)
    value = layout.cells[cell]
    if value >= 0:
        return say(lang, "marble", {"n": value + 1, "row": row + 1, "col": col + 1})
    if value == tsunagi.CELL_BLOCKED:
        what = say(lang, "cellBlocked")
    elif value == tsunagi.CELL_BRIDGE:
        what = say(lang, "cellBridge")
    else:
        owner = next((p for p, line in enumerate(game.lines) if cell in line), None)
        if owner is None:
            what = say(lang, "cellEmpty")
        elif owner == game.drawing:
            what = say(lang, "cellDrawing", {"n": owner + 1})
        else:
            what = say(lang, "cellLine", {"n": owner + 1})
    return say(lang, "cellAt", {"row": row + 1, "col": col + 1, "what": what})


def _tsunagi_move(
    state: TsunagiPlay, body: Mapping[str, Any], seq: int
) -> tuple[Play, dict[str, object]]:
    kind = m.kind_of(body, _TSUNAGI_MOVES)
    game = state.game
    count = game.layout.size * game.layout.size
    new_state = state
    whole = False
    if kind == "press":
        new_game = tsunagi.press_game(game, m.whole(body, "cell", 0, count - 1))
    elif kind == "drag":
        new_game = game
        if m.flag(body, "end", False) and game.reach != tsunagi.NO_REACH:
            # The keyboard's drag: the cells are where the line's end goes, even after a
            # portal passage left it away from where a finger would be.
            new_game = replace(game, reach=tsunagi.NO_REACH)
        for cell in m.cells(body, "cells", count):
            new_game = tsunagi.drag_game(new_game, cell)
    elif kind == "lift":
        new_game = tsunagi.lift_game(game)
    elif kind == "undo":
        new_game = tsunagi.undo_game(game)
    elif kind == "restart":
        new_game = tsunagi.restart_game(game)
    elif kind == "check":
        new_game = tsunagi.check_game(game)
    elif kind == "cheat":
        new_game = tsunagi.cheat_game(game)
    elif kind == "describe":
        text = tsunagi_describe(state, m.whole(body, "cell", 0, count - 1))
        return state, {"t": "described", "seq": seq, "text": text}
    elif kind == "hint":
        new_game = game
        if not state.hints_on or game.drawing is not None or tsunagi.game_over(game):
            return state, _tsunagi_same(state, seq)
        hint = tsunagi_hint(game, state.lang)
        new_state = replace(
            state, hint=game, hint_pair=hint.pair, note=hint.words, hints=state.hints + 1
        )
        whole = hint.pair is not None
    elif kind == "look":
        new_game = game
        new_state = replace(state, look=Look.read(body.get("look"), state.look))
        whole = True
    else:  # lang
        new_game = game
        new_state = replace(state, lang=m.choice(body, "lang", LANGS, state.lang))
        whole = True
    if new_game is game and new_state is state:
        return state, _tsunagi_same(state, seq)
    if new_game is not game:
        new_state = replace(new_state, game=new_game)
    return _tsunagi_patch(state, new_state, seq, whole, kind)


def _tsunagi_patch(
    before: TsunagiPlay, after: TsunagiPlay, seq: int, whole: bool, kind: str
) -> tuple[TsunagiPlay, dict[str, object]]:
    old, new = before.game, after.game
    coded = before.coded
    layout = new.layout
    hint_before = before.hint_pair if before.hint is old else None
    hint_after = after.hint_pair if after.hint is new else None
    whole = (
        whole
        or bool(layout.bridges)
        or old.flagged != new.flagged
        or old.blasted != new.blasted
        or old.solved != new.solved
        or hint_before != hint_after
    )
    reply: dict[str, object] = {"t": "patch", "seq": seq}
    if whole:
        reply["svg"] = tsunagi_svg(after)
    else:
        pairs = {}
        empty: tuple[tuple[int, ...], ...] = ((),) * layout.pairs
        for pair in range(layout.pairs):
            line = new.lines[pair]
            if line is old.lines[pair] or line == old.lines[pair]:
                continue
            only = (*empty[:pair], line, *empty[pair + 1 :])
            parts = tsunagi.draw_pair(layout, pair, after.ident, _options(after, only))
            pairs[str(pair)] = {
                "washes": parts.washes,
                "line": parts.line,
                "beads": parts.beads,
                "ghosts": parts.ghosts,
            }
        reply["pairs"] = pairs
    reply["status"] = tsunagi_status(after)
    reply["drawing"] = new.drawing
    if new.drawing is not None and new.lines[new.drawing]:
        reply["tip"] = new.lines[new.drawing][-1]
    if new.drawing is None:
        code = _lines_code(layout, new.lines, before.coded)
        reply["code"] = f"{code}:{new.strokes}"
        change = _undo_change(old, new, before.coded)
        coded = (new.lines, code)
        if change is not None:
            reply["undo"] = change
        reply["cheated"] = new.cheated
        reply["canUndo"] = bool(new.undo) and not tsunagi.game_over(new)
    if new.solved and not old.solved:
        reply["solvedNow"] = True
        reply["helped"] = tsunagi.help_of(new)
    if new.strokes != old.strokes:
        reply["stroke"] = new.strokes
    if new.exploded is not None and new.blasted != old.blasted:
        reply["exploded"] = new.exploded
    reply["solved"] = new.solved
    if kind in ("look", "lang"):
        reply["look"] = after.look.to_dict()
        reply["words"] = tsunagi_words(after)
        reply["chips"] = tsunagi_chips(after)
        reply["cells"] = tsunagi_cell_words(after)
    if coded is not before.coded:
        after = replace(after, coded=coded)
    return after, reply


# ---------------------------------------------------------------------------------- Suido


def _shape_key(mask: int) -> str:
    shape = suido.shape_of(mask)
    return "shape" + shape[:1].upper() + shape[1:]


def suido_labels(
    state: SuidoPlay, cells: list[int] | None = None, flow: suido.Flow | None = None
) -> list[str]:
    """Return the spoken label of each cell (or of ``cells``): row, column, pump or drain,
    shape, square, lock and water, for the piece that sits there now."""
    game, lang = state.game, state.lang
    start = game.start
    say = suido.suido_say
    flow = flow or suido.flow_of_game(game)
    sources, drains = set(start.sources), set(start.drains)
    locked = set(start.locked or ())
    info = suido.block_info(start)
    labels = []
    for cell in range(len(game.masks)) if cells is None else cells:
        mask = game.masks[cell]
        row, col = divmod(cell, start.width)
        parts = []
        if cell in sources:
            parts.append(say(lang, "cellPump"))
        elif cell in drains:
            parts.append(say(lang, "cellDrain"))
        parts.append(say(lang, _shape_key(mask)))
        square = info.of[cell]
        if square >= 0:
            parts.append(say(lang, "cellBig" if info.blocks[square].big else "cellBlock"))
        if cell in locked:
            parts.append(say(lang, "cellLocked"))
        if flow.wet[cell]:
            parts.append(say(lang, "cellWet"))
        what = ("、" if lang == "ja" else ", ").join(parts)
        labels.append(say(lang, "cell", {"row": row + 1, "column": col + 1, "what": what}))
    return labels


def suido_status(state: SuidoPlay, flow: suido.Flow | None = None) -> list[str]:
    """Return the status line, the meter and the note of a Suido play box."""
    game, lang = state.game, state.lang
    say = suido.suido_say
    start = game.start
    flow = flow or suido.flow_of_game(game)
    if flow.solved and state.shown:
        status = say(lang, "solvedBefore")
    elif flow.solved:
        key = {"network": "solved", "drains": "solvedDrains"}.get(start.kind, "solvedPath")
        status = say(lang, key, {"n": game.turns})
    else:
        if start.kind == "network":
            shown = say(lang, "progressNetwork", {"wet": flow.wet_pieces, "total": flow.pieces})
        elif start.kind == "drains":
            shown = say(lang, "progressDrains", {"wet": flow.wet_drains, "total": flow.drains})
        elif flow.wet_pieces <= 1:
            shown = say(lang, "progressPathNone")
        else:
            shown = say(lang, "progressPath", {"n": flow.wet_pieces})
        leaks = len(flow.spills)
        leak_words = say(lang, "leaksNone") if leaks == 0 else say(lang, "leaks", {"n": leaks})
        status = f"{shown} · {leak_words}"
    meter = [say(lang, "turns", {"n": game.turns})]
    if state.par is not None:
        meter.append(say(lang, "par", {"n": state.par}))
    if state.hints_on:
        meter.append(say(lang, "hints", {"n": state.hints}))
    lines = [status, " · ".join(meter)]
    if state.note is not None:
        lines.append(state.note)
    return lines


_SUIDO_WORD_KEYS = (
    "restart", "hint", "turningClockwise", "turningAnticlockwise", "zoomLabel", "zoomOut",
    "zoomIn", "zoomFit", "keysHelp", "connecting", "reconnecting", "refused",
)  # fmt: skip


def suido_words(state: SuidoPlay) -> dict[str, str]:
    """Return the words of a Suido play box's buttons and notes, in its language."""
    return {key: suido.suido_say(state.lang, key) for key in _SUIDO_WORD_KEYS}


def suido_chips(state: SuidoPlay) -> list[dict[str, str]]:
    """Return a Suido level's chips: its mark, its role and each twist (``Plain`` if none)."""
    say, lang, info = suido.suido_say, state.lang, state.info
    chips = []
    if info.mark is not None:
        chips.append(
            {
                "key": "difficulty",
                "label": say(lang, "difficultyOf", {"mark": info.mark}),
                "says": say(lang, "difficultySays"),
                "mark": str(info.mark),
            }
        )
    names = "、".join if lang == "ja" else ", ".join
    if info.number is not None and info.twists:
        role = {15: "teaches", 16: "tests"}.get((info.number - 1) % BLOCK + 1)
        if role is not None:
            listed = names(say(lang, SUIDO_CHIP_KEYS[t]) for t in info.twists)
            chips.append(
                {
                    "key": role,
                    "label": say(lang, role),
                    "says": say(lang, role + "Says", {"names": listed}),
                }
            )
    if not info.twists:
        chips.append({"key": "plain", "label": say(lang, "plain"), "says": say(lang, "plainSays")})
    for twist in info.twists:
        key = SUIDO_CHIP_KEYS[twist]
        chips.append({"key": twist, "label": say(lang, key), "says": say(lang, key + "Says")})
    return chips


PaintRow = tuple[int, bool, int, int, dict[str, str]]


@dataclass(frozen=True)
class _Water:
    """The water of one position, as the paint reads it, and what a reply sends of it, each
    found from the position before: the traced flow, per place the sides that spill, where
    each given piece sits (``now``) and the reverse (``given``), the code and progress."""

    game: suido.Game
    traced: suido.TracedFlow
    spills: dict[int, frozenset[int]]
    now: tuple[int, ...]
    given: tuple[int, ...]
    code: str
    progress: str

    @property
    def flow(self) -> suido.Flow:
        return self.traced.flow


def _spills_of(flow: suido.Flow) -> dict[int, frozenset[int]]:
    spills: dict[int, set[int]] = {}
    for place, side in flow.spills:
        spills.setdefault(place, set()).add(side)
    return {place: frozenset(sides) for place, sides in spills.items()}


def _water(
    game: suido.Game, before: _Water | None = None, turned: tuple[int, ...] | None = None
) -> _Water:
    """The water of ``game``, found again from ``before`` (another position of the same board)
    where given: only the flow past the first piece that moved is run again, and only the code
    and progress characters of the cells that changed are written again. ``turned``: the
    given cells whose quarter count changed, when the move says (else they are looked for)."""
    if before is None:
        traced = suido.traced_flow_of_game(game)
        places = _places(game)
        cells = [0] * len(places)
        for cell, place in enumerate(places):
            cells[place] = cell
        return _Water(game, traced, _spills_of(traced.flow), tuple(places), tuple(cells),
                      suido.game_code(game), suido.game_progress(game))  # fmt: skip
    if game is before.game:
        return before
    old = before.game
    traced = suido.flow_after_turn(old, before.traced, game)
    spills = before.spills if traced.flow.spills is before.flow.spills else None
    if spills is None:
        spills = _spills_of(traced.flow)
    if turned is None:
        turned = _turned(old, game)
    now, given = before.now, before.given
    info = suido.block_info(game.start)
    if any(info.of[cell] >= 0 for cell in turned):
        now_list, given_list = list(now), list(given)
        for cell in turned:
            square = info.of[cell]
            if square >= 0:
                place = suido.place_after(info.blocks[square], cell, game.quarters[cell])
                now_list[cell] = place
                given_list[place] = cell
        now, given = tuple(now_list), tuple(given_list)
    # The code: a head, one character per cell, a tail; the progress: a digit per cell, the
    # turn count. Both written again only where a mask (or a quarter count) changed.
    head = before.code.index(":") + 1
    body = list(before.code[head : head + len(game.masks)])
    start = game.start
    sources, drains = set(start.sources), set(start.drains)
    for place in {now[cell] for cell in turned} | {before.now[cell] for cell in turned}:
        role = "source" if place in sources else "drain" if place in drains else "plain"
        body[place] = suido.cell_char(game.masks[place], role)
    code = before.code[:head] + "".join(body) + before.code[head + len(game.masks) :]
    digits = list(before.progress[: len(game.masks)])
    for cell in turned:
        digits[cell] = str(game.quarters[cell] % 4)
    progress = "".join(digits) + f":{game.turns}"
    return _Water(game, traced, spills, now, given, code, progress)


def _places(game: suido.Game) -> list[int]:
    """Return where each given piece sits now (only pieces in squares move)."""
    places = list(range(len(game.masks)))
    for block in suido.block_info(game.start).blocks:
        for cell in block.cells:
            places[cell] = suido.place_after(block, cell, game.quarters[cell])
    return places


def _row(game: suido.Game, water: _Water, cell: int, place: int) -> PaintRow:
    """Return one cell group's paint (as :func:`itsutsu.suido.paint_state` gives it): wet, k,
    q and the state of each arm of the piece as given."""
    q = game.quarters[cell]
    flow = water.flow
    wet = flow.wet[place]
    arms: dict[str, str] = {}
    given = game.start.cells[cell]
    spills = water.spills.get(place, frozenset())
    for local in range(4):
        if not given >> local & 1:
            continue
        if not wet:
            arms[str(local)] = ""
            continue
        world = (local + q) % 4
        if world in spills:
            arms[str(local)] = "leak"
        elif world == flow.entry[place]:
            arms[str(local)] = "in"
        else:
            arms[str(local)] = "out"
    return (cell, wet, flow.depth[place] if wet else 0, q, arms)


def _turned(before: suido.Game, after: suido.Game) -> tuple[int, ...]:
    """The given cells whose quarter count differs between two positions."""
    pairs = enumerate(zip(before.quarters, after.quarters, strict=True))
    return tuple(cell for cell, (a, b) in pairs if a != b)


def _turned_by(game: suido.Game, cell: int) -> tuple[int, ...]:
    """The given cells a turn at ``cell`` turns: its square's, or itself."""
    info = suido.block_info(game.start)
    square = info.of[cell]
    return tuple(info.blocks[square].cells) if square >= 0 else (cell,)


def _changed_cells(
    before: suido.Game, after: suido.Game, old: _Water, new: _Water, turned: tuple[int, ...]
) -> list[int]:
    """Return the given cells whose paint or label may differ between two positions: those
    turned (whose pieces, and only those, moved), and those sitting on a place whose water
    changed."""
    cells = set(turned)
    cells.update(new.given[place] for place in turned)
    o, n = old.flow, new.flow
    if o is not n:
        # wet is depth >= 0, so depth and entry say all the paint reads of the water.
        if o.depth != n.depth or o.entry != n.entry:
            cells.update(
                new.given[p]
                for p, (a, b, c, d) in enumerate(
                    zip(o.depth, n.depth, o.entry, n.entry, strict=True)
                )
                if a != b or c != d
            )
        if old.spills is not new.spills:
            for place in old.spills.keys() | new.spills.keys():
                if old.spills.get(place) != new.spills.get(place):
                    cells.add(new.given[place])
    return sorted(cells)


def _progress_of(state: SuidoPlay) -> str:
    water = state.water
    return (
        water.progress
        if water is not None and water.game is state.game
        else (suido.game_progress(state.game))
    )


_SUIDO_MOVES = ("turn", "restart", "hint", "lang", "ping", "open")


def _suido_move(
    state: SuidoPlay, body: Mapping[str, Any], seq: int
) -> tuple[Play, dict[str, object]]:
    kind = m.kind_of(body, _SUIDO_MOVES)
    game = state.game
    new_state = state
    turned: tuple[int, ...] | None = None
    if kind == "turn":
        cell = m.whole(body, "cell", 0, len(game.masks) - 1)
        by = body.get("by", 1)
        if by not in (1, -1) or type(by) is not int:
            raise Refused("by must be 1 (clockwise) or -1 (anticlockwise)")
        after = suido.turn_at(game, cell, by)
        if after is game:
            return state, {"t": "same", "seq": seq, "progress": _progress_of(state)}
        new_state = replace(state, game=after, lit=(), note=None, shown=False)
        turned = _turned_by(game, cell)
    elif kind == "restart":
        fresh = suido.new_game(game.start)
        assert fresh is not None
        new_state = replace(
            state, game=fresh, lit=(), note=None, hints=0, loaded_solved=False,
            solved_seen=suido.is_game_solved(fresh), shown=False,
        )  # fmt: skip
    elif kind == "hint":
        if not state.hints_on:
            return state, {"t": "same", "seq": seq, "progress": _progress_of(state)}
        hint = suido_hint(game, state.solution, state.lang)
        new_state = replace(state, lit=hint.cells, note=hint.words, hints=state.hints + 1)
    else:  # lang
        new_state = replace(state, lang=m.choice(body, "lang", LANGS, state.lang))
    return _suido_paint(state, new_state, seq, kind, turned)


def _suido_paint(
    before: SuidoPlay, after: SuidoPlay, seq: int, kind: str,
    turned: tuple[int, ...] | None = None,
) -> tuple[Play, dict[str, object]]:  # fmt: skip
    game = after.game
    old = before.water or _water(before.game)
    if turned is None and game is not before.game:
        turned = _turned(before.game, game)
    new = _water(game, old, turned)
    now = new.now
    if kind == "lang":
        at_cells = list(range(len(game.masks)))
    else:
        at_cells = _changed_cells(before.game, game, old, new, turned or ())
    labels = suido_labels(after, at_cells, new.flow)
    changed = [[*_row(game, new, at, now[at]), labels[i]] for i, at in enumerate(at_cells)]
    flow = new.flow
    depth = max(0, *flow.depth) if len(flow.depth) > 1 else max(0, flow.depth[0])
    solved_now = flow.solved and not after.solved_seen
    if solved_now:
        after = replace(after, solved_seen=True)
    after = replace(after, water=new)
    reply: dict[str, object] = {
        "t": "paint",
        "seq": seq,
        "cells": changed,
        "root": {"solved": flow.solved, "step": suido.step_for(depth)},
        "status": suido_status(after, flow),
        "progress": new.progress,
        "code": new.code,
        "hint": list(after.lit),
        "hintCount": after.hints,
        "turns": game.turns,
        "solved": flow.solved,
    }
    if solved_now:
        reply["solvedNow"] = True
    if kind == "lang":
        reply["words"] = suido_words(after)
        reply["chips"] = suido_chips(after)
    return after, reply
