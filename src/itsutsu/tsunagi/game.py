"""A game of Tsunagi being played: presses, drags, lifts, undo, restart, check, cheat.

Every function takes a ``Game`` and returns a new one, or the very same object when the move
does nothing (callers compare with ``is``). A page, a server replaying strokes and the tests
all use these functions, so they play alike. ``game_code`` and ``game_from_code`` keep a
half-played game as text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from itsutsu.common.guards import require_int
from itsutsu.common.notebook_repr import lazy, shown_in_notebooks
from itsutsu.tsunagi.alphabet import CELL_BRIDGE
from itsutsu.tsunagi.explosions import explosion_after, explosions_as_chosen, strokes_to_explosion
from itsutsu.tsunagi.layout import Layout, decode_layout, encode_layout
from itsutsu.tsunagi.lines import (
    NO_REACH,
    Line,
    Lines,
    Reach,
    _all_joined,
    _answer_of,
    _drag_finger,
    _filled,
    _joined,
    _joins,
    _let_go,
    _no_lines,
    _press_at,
    _unjoined_pairs,
    _without_portal_tail,
    lines_of_answer,
    require_lines,
)
from itsutsu.tsunagi.lines_code import decode_lines, encode_lines

UNDO_MOST = 200
"""The most lines an undo stack keeps (the oldest go first)."""

HELP_ORDER = ("explosions-off", "cheated", "explosions-soft")
"""The kinds of help a player may have had, strongest first."""


@dataclass(frozen=True)
class Checked:
    """What a check found: how many pairs are not joined and how many cells are empty."""

    unjoined: int
    empty: int


@dataclass(frozen=True)
class CheatLine:
    """A line drawn from the answer: the new lines and the pair whose line was drawn."""

    lines: Lines
    pair: int


@shown_in_notebooks(
    lazy("itsutsu.tsunagi.drawing.shown", "game_summary"),
    lazy("itsutsu.tsunagi.drawing.shown", "game_svg"),
    lazy("itsutsu.tsunagi.drawing.shown", "game_status"),
)
@dataclass(frozen=True)
class Game:
    """A game in play (immutable).

    ``layout`` is the board as played (its explosion rule replaced by the player's choice),
    ``givens`` the original layout code, ``answer`` the answer code or None. ``undo`` holds
    earlier lines, newest last. ``drawing`` is the pair under the finger (None when no finger
    is down), ``before`` the lines when the finger went down and ``reach`` the finger's offset.
    ``flagged`` and ``checked`` are what the last check found; ``blasted`` and ``exploded`` what
    the last explosion did (``"boom"`` or ``"blast"``). ``cheats`` tells whether cheating is
    allowed, ``explosions`` the player's choice (``on``/``soft``/``off``), ``eased`` the help
    that choice gives, ``cheated`` whether a line was drawn from the answer.
    """

    layout: Layout
    givens: str
    answer: str | None
    lines: Lines
    undo: tuple[Lines, ...] = ()
    strokes: int = 0
    drawing: int | None = None
    before: Lines | None = None
    reach: Reach = NO_REACH
    flagged: tuple[int, ...] = ()
    blasted: tuple[int, ...] | None = None
    exploded: str | None = None
    checked: Checked | None = None
    cheats: bool = False
    explosions: str = "on"
    eased: str | None = None
    cheated: bool = False
    solved: bool = False


@dataclass(frozen=True)
class Progress:
    """What a page shows of a game's progress."""

    pairs: int
    joined: int
    filled: int
    cells: int
    strokes_left: int | None
    stroke_limit: int | None
    boom_in: int | None
    strokes: int
    solved: bool
    out_of_strokes: bool
    helped: str | None
    beside: tuple[int, int] | None = None
    """On a full board that is not solved: (pair, cell) of the first line that runs beside
    itself (a cell of it touches a cell of the same line it does not follow), which the
    check refuses; otherwise None."""


def require_game(value: object, what: str) -> Game:
    """Return ``value`` if it is a Tsunagi :class:`Game`, else raise ValueError naming ``what``."""
    if not isinstance(value, Game):
        raise ValueError(f"{what} needs a Tsunagi Game (from new_game), not {type(value).__name__}")
    return value


def is_solved(layout: Layout, lines: Lines, answer: str | None) -> bool:
    """Tell whether every pair is joined and the board full (and, with an answer, matching it)."""
    require_lines(layout, lines, "is_solved")
    if answer is not None and not isinstance(answer, str):
        raise ValueError(
            f"is_solved: answer must be an answer code or None, not {type(answer).__name__}"
        )
    return _is_solved(layout, lines, answer)


def _is_solved(layout: Layout, lines: Lines, answer: str | None) -> bool:
    """:func:`is_solved` for arguments already checked."""
    return _all_joined(layout, lines) and (answer is None or _answer_of(layout, lines) == answer)


def out_of_strokes(game: Game) -> bool:
    """Tell whether the board's stroke limit is used up and the game is not solved."""
    return _out_of_strokes(require_game(game, "out_of_strokes"))


def _out_of_strokes(game: Game) -> bool:
    """:func:`out_of_strokes` for a game already checked."""
    limit = game.layout.strokes
    return limit is not None and game.strokes >= limit and not game.solved


def game_over(game: Game) -> bool:
    """Tell whether the game is over: solved, or out of strokes."""
    return _game_over(require_game(game, "game_over"))


def _game_over(game: Game) -> bool:
    """:func:`game_over` for a game already checked."""
    return game.solved or _out_of_strokes(game)


def _evolve(game: Game, **changes: Any) -> Game:
    """Return a copy of ``game`` with ``changes`` (a quick ``dataclasses.replace``: the fields
    are plain values, so copying them is all a new game needs)."""
    new = object.__new__(Game)
    fields = new.__dict__
    fields.update(game.__dict__)
    fields.update(changes)
    return new


def _shown(game: Game, lines: Lines, **extra: Any) -> Game:
    return _evolve(game, lines=lines, flagged=(), checked=None, **extra)


def _pushed(undo: tuple[Lines, ...], lines: Lines) -> tuple[Lines, ...]:
    return (*undo[-(UNDO_MOST - 1) :], lines)


def _as_lines(layout: Layout, lines: object) -> Lines:
    if not isinstance(lines, Sequence) or isinstance(lines, str) or len(lines) != layout.pairs:
        raise ValueError(f"lines must be a sequence of {layout.pairs} lines, one per pair")
    out: list[Line] = []
    for line in lines:
        if not isinstance(line, Sequence) or isinstance(line, str):
            raise ValueError("each line must be a sequence of cell numbers")
        cells = tuple(line)
        if not all(
            isinstance(c, int) and not isinstance(c, bool) and 0 <= c < len(layout.cells)
            for c in cells
        ):
            raise ValueError(
                f"a line holds a cell that is not on the board (0..{len(layout.cells) - 1})"
            )
        out.append(cells)
    return tuple(out)


def new_game(
    givens: str | Layout,
    size: int | None = None,
    answer: str | None = None,
    explosions: str = "on",
    cheats: bool = False,
    lines: Lines | None = None,
) -> Game | None:
    """Start a game on layout code ``givens`` for a board of side ``size``, or on a decoded
    :class:`Layout` (then ``size`` may be left out); return None if the code is not a layout.

    ``explosions`` is the player's choice (``on``, ``soft`` or ``off``; anything else raises
    ``ValueError``). ``lines`` (default: none drawn) is taken as given, so the game may start
    already solved. A Layout with a ``size`` other than its own raises ``ValueError``.
    """
    explosions_as_chosen(None, explosions)  # refuses a choice that is not on, soft or off
    if isinstance(givens, Layout):
        if size is not None and size != givens.size:
            raise ValueError(
                f"new_game: the layout is {givens.size}x{givens.size}, not of side {size!r:.20}"
            )
        layout: Layout | None = givens
        givens = encode_layout(givens)
    else:
        layout = decode_layout(givens, size) if size is not None else None
    if layout is None:
        return None
    rule = explosions_as_chosen(layout.explosions, explosions)
    eased = None
    if layout.explosions is not None and explosions != "on":
        eased = "explosions-off" if explosions == "off" else "explosions-soft"
    if rule != layout.explosions:
        layout = replace(layout, explosions=rule)
    drawn = _no_lines(layout) if lines is None else _as_lines(layout, lines)
    return Game(
        layout=layout,
        givens=givens,
        answer=answer,
        lines=drawn,
        cheats=bool(cheats),
        explosions=explosions,
        eased=eased,
        solved=_is_solved(layout, drawn, answer),
    )


def press_game(game: Game, cell: int) -> Game:
    """Put a finger down on ``cell``; the same game if it is over, a finger is already down,
    or the press draws nothing (a cell off the board included). Raises ValueError when
    ``cell`` is not an int (a bool, a float, text or None)."""
    require_game(game, "press_game")
    require_int(cell, "press_game", "cell")
    if game.drawing is not None or _game_over(game):
        return game
    press = _press_at(game.layout, game.lines, cell)
    if press.drawing is None:
        return game
    return _shown(
        game,
        press.lines,
        drawing=press.drawing,
        before=game.lines,
        reach=NO_REACH,
        blasted=None,
        exploded=None,
    )


def drag_game(game: Game, cell: int) -> Game:
    """Move the finger to ``cell``; the same game if no finger is down or nothing changes.
    Raises ValueError when ``cell`` is not an int."""
    require_game(game, "drag_game")
    require_int(cell, "drag_game", "cell")
    if game.drawing is None:
        return game
    move = _drag_finger(game.layout, game.lines, game.drawing, cell, game.reach)
    if move.lines is game.lines and move.reach is game.reach:
        return game
    return _shown(game, move.lines, reach=move.reach)


def lift_game(game: Game) -> Game:
    """Lift the finger: a stroke if the lines changed, then solved, or an explosion, or undo.

    The stroke that solves the board never sets off an explosion; an explosion empties the
    undo stack (it cannot be undone).
    """
    require_game(game, "lift_game")
    if game.drawing is None:
        return game
    lines = _let_go(game.lines, game.layout)
    before = game.before
    ended = _evolve(game, lines=lines, drawing=None, before=None, reach=NO_REACH)
    if before == lines or before is None:
        return ended
    strokes = game.strokes + 1
    if _is_solved(game.layout, lines, game.answer):
        return _evolve(ended, strokes=strokes, solved=True)
    blown = explosion_after(game.layout, game.givens, lines, strokes)
    if blown is None:
        return _evolve(ended, strokes=strokes, undo=_pushed(game.undo, before))
    return _evolve(
        ended,
        strokes=strokes,
        lines=blown.lines,
        undo=(),
        blasted=blown.cells,
        exploded="blast" if len(blown.hit) > 1 else "boom",
    )


def undo_game(game: Game) -> Game:
    """Bring back the lines before the last stroke. Strokes are not given back."""
    require_game(game, "undo_game")
    if _game_over(game) or game.drawing is not None or not game.undo:
        return game
    lines = game.undo[-1]
    return _shown(
        game,
        lines,
        undo=game.undo[:-1],
        blasted=None,
        exploded=None,
        solved=_is_solved(game.layout, lines, game.answer),
    )


def restart_game(game: Game) -> Game:
    """Clear every line and the stroke count (undo can bring the lines back).

    Refused while a finger is down or when no line is drawn; allowed when the game is over.
    """
    require_game(game, "restart_game")
    if game.drawing is not None or not any(game.lines):
        return game
    return _shown(
        game,
        _no_lines(game.layout),
        undo=_pushed(game.undo, game.lines),
        strokes=0,
        blasted=None,
        exploded=None,
        cheated=False,
        solved=False,
    )


def check_game(game: Game) -> Game:
    """Flag the pairs not yet joined and count the empty cells (until the next change)."""
    require_game(game, "check_game")
    if _game_over(game) or game.drawing is not None:
        return game
    flagged = _unjoined_pairs(game.layout, game.lines)
    fill = _filled(game.layout, game.lines)
    return _evolve(game, flagged=flagged, checked=Checked(len(flagged), fill.of - fill.done))


def _way_across(line: Line, at: int) -> bool:
    cell = line[at]
    if at > 0 and abs(cell - line[at - 1]) == 1:
        return True
    return at + 1 < len(line) and abs(line[at + 1] - cell) == 1


def cheat_line(layout: Layout, lines: Lines, answer_lines: Lines) -> CheatLine | None:
    """Draw one line from the answer: the lowest pair not joined, else the lowest whose line
    differs from the answer's (either way round); None if every line matches.

    Every other line is cut before its first cell that clashes with the drawn line (a shared
    cell; at a bridge, only when the other line starts or ends there or crosses the same way),
    dropping portal cells left at its end; then the finger is lifted (``let_go``).
    """
    require_lines(layout, lines, "cheat_line")
    require_lines(layout, answer_lines, "cheat_line")
    return _cheat_line(layout, lines, answer_lines)


def _cheat_line(layout: Layout, lines: Lines, answer_lines: Lines) -> CheatLine | None:
    """:func:`cheat_line` for arguments already checked."""
    if len(lines) != layout.pairs or len(answer_lines) != layout.pairs:
        return None
    pair = next((p for p in range(layout.pairs) if not _joined(layout, lines, p)), -1)
    if pair < 0:
        pair = next(
            (
                p
                for p in range(layout.pairs)
                if lines[p] != answer_lines[p] and lines[p] != answer_lines[p][::-1]
            ),
            -1,
        )
    if pair < 0:
        return None
    drawn = tuple(answer_lines[pair])
    bridge = layout.cells
    ways = {
        cell: _way_across(drawn, at) for at, cell in enumerate(drawn) if bridge[cell] == CELL_BRIDGE
    }
    taken = set(drawn)
    out = list(lines)
    out[pair] = drawn
    for other, line in enumerate(lines):
        if other == pair:
            continue
        for at, cell in enumerate(line):
            if cell not in taken:
                continue
            if bridge[cell] == CELL_BRIDGE:
                ends_here = at == 0 or at == len(line) - 1
                if not ends_here and _way_across(line, at) != ways[cell]:
                    continue
            out[other] = _without_portal_tail(layout, line[:at])
            break
    return CheatLine(_let_go(tuple(out), layout), pair)


def cheat_game(game: Game) -> Game:
    """Draw one line from the answer, when cheats are on; costs no stroke, sets off nothing."""
    require_game(game, "cheat_game")
    if not game.cheats or game.answer is None or game.drawing is not None or _game_over(game):
        return game
    answer_lines = lines_of_answer(game.layout, game.answer)
    if answer_lines is None:
        return game
    cheat = _cheat_line(game.layout, game.lines, answer_lines)
    if cheat is None:
        return game
    return _shown(
        game,
        cheat.lines,
        undo=_pushed(game.undo, game.lines),
        cheated=True,
        solved=_is_solved(game.layout, cheat.lines, game.answer),
        blasted=None,
        exploded=None,
    )


def strongest_help(helps: Sequence[str | None]) -> str | None:
    """Return the strongest help present: ``explosions-off``, ``cheated``,
    ``explosions-soft``, or None."""
    if isinstance(helps, str) or not isinstance(helps, Sequence):
        raise ValueError(f"strongest_help needs a list of helps, not {type(helps).__name__}")
    return next((h for h in HELP_ORDER if h in helps), None)


def help_of(game: Game) -> str | None:
    """Return the strongest help the player has had in this game, or None."""
    return _help_of(require_game(game, "help_of"))


def _help_of(game: Game) -> str | None:
    """:func:`help_of` for a game already checked."""
    return next(
        (h for h in HELP_ORDER if h in ("cheated" if game.cheated else None, game.eased)), None
    )


def help_opens_next(help_: str | None) -> bool:
    """Tell whether a level solved with this help still opens the next one."""
    return help_ != "explosions-off"


def progress(game: Game) -> Progress:
    """Report the game's progress: pairs joined, cells filled, strokes, explosions, help."""
    require_game(game, "progress")
    layout = game.layout
    fill = _filled(layout, game.lines)
    limit = layout.strokes
    return Progress(
        pairs=layout.pairs,
        joined=sum(1 for p, line in enumerate(game.lines) if _joins(layout, line, p)),
        filled=fill.done,
        cells=fill.of,
        strokes_left=None if limit is None else max(0, limit - game.strokes),
        stroke_limit=limit,
        boom_in=strokes_to_explosion(layout, game.strokes),
        strokes=game.strokes,
        solved=game.solved,
        out_of_strokes=_out_of_strokes(game),
        helped=_help_of(game),
        beside=None if game.solved or fill.done < fill.of else _beside_itself(layout, game.lines),
    )


def beside_itself(layout: Layout, lines: Lines) -> tuple[int, int] | None:
    """The first line that runs beside itself, as (pair, cell): a cell of the line with a
    step (or bridge jump, or portal passage) onto a cell of the same line other than the
    cells just before and after it. The check refuses such a line (an answer code cannot
    show it), so a full board drawn so is not solved; None when no line does."""
    require_lines(layout, lines, "beside_itself")
    return _beside_itself(layout, lines)


def _beside_itself(layout: Layout, lines: Lines) -> tuple[int, int] | None:
    steps = layout.steps
    for pair, line in enumerate(lines):
        place = {at: i for i, at in enumerate(line)}
        for i, at in enumerate(line):
            for step in steps[at]:
                j = place.get(step.to)
                if j is None or abs(j - i) <= 1:
                    continue
                if step.through and not all(t in place for t in step.through):
                    continue
                if step.through and abs(j - i) <= 3:
                    continue
                return pair, at
    return None


_GAME_CODE = re.compile(r"([.*neswuvp]*):(0|[1-9][0-9]{0,8})")


def game_code(game: Game) -> str:
    """Keep a game as text: ``<lines code>:<strokes>`` (for example ``*ee..``...``:3``).

    The lines are written with ``encode_lines``; a game with a finger down is kept as it stood
    before the press. Undo history, flags, the last explosion and whether a line was cheated
    are not kept.
    """
    require_game(game, "game_code")
    lines = game.before if game.drawing is not None and game.before is not None else game.lines
    return f"{encode_lines(game.layout, lines)}:{game.strokes}"


def game_from_code(
    givens: str,
    size: int,
    code: str,
    answer: str | None = None,
    explosions: str = "on",
    cheats: bool = False,
) -> Game | None:
    """Bring back a game kept by ``game_code``: its lines, strokes and solved state (with an
    empty undo stack); None if the layout or the code does not fit."""
    game = new_game(givens, size, answer, explosions, cheats)
    if game is None or not isinstance(code, str):
        return None
    found = _GAME_CODE.fullmatch(code)
    if found is None:
        return None
    lines = decode_lines(game.layout, found.group(1))
    if lines is None:
        return None
    return _evolve(
        game,
        lines=lines,
        strokes=int(found.group(2)),
        solved=_is_solved(game.layout, lines, answer),
    )
