"""The play widget: a board to play in a notebook cell, on anywidget.

The front end is the web app's own ES module (``itsutsu/web/static/board.js``, read from the
package at import time) with a few lines appended (``widget.js``) that talk to the kernel
instead of a WebSocket. The kernel runs the game with the web app's transport-free
:func:`itsutsu.web.play.handle`: one message in, the new play state and one reply out.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

try:
    import anywidget
    import traitlets
except ImportError as missing:
    raise ImportError(
        "itsutsu.notebook needs anywidget: pip install 'itsutsu[notebook]'"
    ) from missing

from itsutsu import suido, tsunagi
from itsutsu.common.notebook_repr import notebook_id
from itsutsu.web.levels import LevelStore
from itsutsu.web.play import Play, SuidoPlay, TsunagiPlay, handle

PUZZLES = ("tsunagi", "suido")
"""The puzzles a board plays."""

TSUNAGI_LOOK = ("marks", "fill", "colours", "board", "coordinates")
"""The look keywords of a Tsunagi board (as :class:`itsutsu.tsunagi.DrawOptions` has them)."""

SUIDO_LOOK = ("turning",)
"""The look keywords of a Suido board: ``turning`` is ``clockwise`` or ``anticlockwise``."""


def _read(package: str, name: str) -> str:
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


def front_end() -> str:
    """Return the widget's ES module: the web app's board.js, then the widget's own hook."""
    board = _read("itsutsu.web", "static/board.js")
    return f"{board}\n{_read('itsutsu.notebook', 'widget.js')}"


def styles() -> str:
    """Return the widget's stylesheet: the app's board.css and both puzzles' drawing styles."""
    board = _read("itsutsu.web", "static/board.css")
    return f"{board}\n{tsunagi.TSUNAGI_STYLE}\n{suido.SUIDO_STYLE}"


def _state_of(play: Play | None) -> dict[str, object]:
    if isinstance(play, TsunagiPlay):
        game = play.game
        return {
            "puzzle": "tsunagi",
            "code": tsunagi.game_code(game),
            "solved": game.solved,
            "strokes": game.strokes,
            "undo": len(game.undo),
            "drawing": game.drawing,
        }
    if isinstance(play, SuidoPlay):
        game_s = play.game
        return {
            "puzzle": "suido",
            "code": suido.game_code(game_s),
            "progress": suido.game_progress(game_s),
            "solved": suido.is_game_solved(game_s),
            "turns": game_s.turns,
            "hints": play.hints,
        }
    return {}


class Board(anywidget.AnyWidget):
    """A board to play in a notebook: ``Board("tsunagi", size=5, level=3)``.

    ``puzzle`` is ``tsunagi`` or ``suido``. The board is a level, ``size`` + ``level``
    (Tsunagi ``size`` is the side, with ``set`` ``classic`` or ``portals``; a Suido ``size``
    is ``"7x7"`` or ``"big"``) from the level files of ``levels`` (a folder; default the
    package's), or a code: Tsunagi ``size`` + ``code`` (a layout code), Suido ``code`` (a
    board code), each with an optional ``answer`` (which turns on hints and cheats). Other
    keywords: ``lang`` (``en``/``ja``), ``explosions`` (``on``/``soft``/``off``), ``cheats``,
    ``hints``, ``controls`` (the buttons under the board), ``chips`` (the twist chips), and
    the look: Tsunagi ``marks``, ``fill``, ``colours``, ``board``, ``coordinates``; Suido
    ``turning``. Raises ValueError for a board that does not open, or a keyword it does not
    take.

    The game's state is the synced trait ``state`` (Tsunagi: ``code``, ``solved``,
    ``strokes``, ``undo``, ``drawing``; Suido: ``code``, ``progress``, ``solved``, ``turns``,
    ``hints``); watch it with ``board.observe(callback, names="state")``. :attr:`game` is the
    engine's game value, and :meth:`receive` applies one message as the front end sends it.
    """

    _esm = traitlets.Unicode(front_end()).tag(sync=True)
    _css = traitlets.Unicode(styles()).tag(sync=True)
    options = traitlets.Dict().tag(sync=True)
    """What the front end mounts the board with (board.js's options)."""
    state = traitlets.Dict().tag(sync=True)
    """The game's state, updated after every message (see the class docstring)."""

    def __init__(
        self,
        puzzle: str = "tsunagi",
        size: int | str | None = None,
        level: int | None = None,
        code: str | None = None,
        answer: str | None = None,
        *,
        set: str = "classic",
        levels: str | Path | None = None,
        lang: str = "en",
        explosions: str = "on",
        cheats: bool = False,
        hints: bool = False,
        controls: bool = True,
        chips: bool = False,
        **look: object,
    ) -> None:
        if puzzle not in PUZZLES:
            raise ValueError(f"puzzle {puzzle!r} is not one of tsunagi, suido")
        if (level is None) == (code is None):
            raise ValueError("give a board as size and level, or as a code (not both)")
        allowed = TSUNAGI_LOOK if puzzle == "tsunagi" else SUIDO_LOOK
        for name in look:
            if name not in allowed:
                raise ValueError(
                    f"{puzzle} boards take no keyword {name!r}: the look is {', '.join(allowed)}"
                )
        self._store = LevelStore(levels)
        self._play: Play | None = None
        ident = notebook_id("itb")
        base: dict[str, object] = {"t": "open", "puzzle": puzzle, "lang": lang, "id": ident}
        base["hints"] = bool(hints)
        options: dict[str, object] = {
            "puzzle": puzzle,
            "lang": lang,
            "id": ident,
            "hints": bool(hints),
            "controls": bool(controls),
            "chips": bool(chips),
        }
        if puzzle == "tsunagi":
            if size is None:
                raise ValueError("a Tsunagi board needs its size (the side of the board)")
            base.update(size=size, explosions=explosions, cheats=bool(cheats))
            base["look"] = {name: look[name] for name in TSUNAGI_LOOK if name in look}
            if code is not None:
                base["layout"] = code
                options["givens"] = code
            else:
                base.update(level=level, set=set)
                options.update(level=level, set=set)
            options.update(size=size, explosions=explosions, cheats=bool(cheats))
            options.update(base["look"])  # type: ignore[call-overload]
        else:
            if code is not None:
                base["board"] = code
                options["code"] = code
            else:
                if isinstance(size, int) and not isinstance(size, bool):
                    size = f"{size}x{size}"
                base.update(size=size, level=level)
                options.update(size=size, level=level)
            options["turning"] = look.get("turning", "clockwise")
        if answer is not None:
            base["answer"] = answer
            options["answer"] = answer
        self._base = base
        super().__init__(options=options)
        reply = self.receive({**base, "seq": 0})
        if reply["t"] == "error":
            raise ValueError(f"the board does not open: {reply['reason']}")
        self.on_msg(self._on_message)

    @property
    def game(self) -> tsunagi.Game | suido.Game | None:
        """The engine's game as it stands (it shows itself as a drawing in a cell)."""
        return None if self._play is None else self._play.game

    @property
    def solved(self) -> bool:
        """Whether the game is solved."""
        return bool(self.state.get("solved", False))

    def receive(self, message: object) -> dict[str, object]:
        """Apply one message from the front end and return the one reply to it.

        An ``open`` always opens this widget's board (whatever board the message names) and
        resumes the game the kernel holds, so a cell shown again, or a page loaded again,
        goes on where it was. Anything that is not a message the game can read gets an
        ``error`` reply with a ``reason``, and the game is left as it was.
        """
        if isinstance(message, dict) and message.get("t") == "open":
            message = self._reopen(message)
        try:
            play, reply = handle(self._store, self._play, message)
        except Exception as failure:  # a fault of ours must not take the kernel's cell down
            seq = message.get("seq") if isinstance(message, dict) else None
            return {"t": "error", "seq": seq, "reason": f"{type(failure).__name__}: {failure}"}
        self._play = play
        self.state = _state_of(play)
        return reply

    def _reopen(self, message: dict[str, Any]) -> dict[str, object]:
        body: dict[str, object] = {**self._base, "seq": message.get("seq")}
        for name in ("lang", "id", "look", "explosions"):
            if name in message:
                body[name] = message[name]
        play = self._play
        if isinstance(play, TsunagiPlay):
            game = play.game
            body["game"] = tsunagi.game_code(game)
            body["undo"] = [tsunagi.encode_lines(game.layout, lines) for lines in game.undo]
            body["cheated"] = game.cheated
        elif isinstance(play, SuidoPlay):
            body["progress"] = suido.game_progress(play.game)
            body["hintCount"] = play.hints
        return body

    def _on_message(self, _widget: object, content: object, _buffers: object) -> None:
        self.send(self.receive(content))

    def __repr__(self) -> str:
        words = ", ".join(f"{key}={value!r}" for key, value in self.state.items())
        return f"<itsutsu Board {self.options.get('puzzle')}: {words}>"
