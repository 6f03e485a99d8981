"""How Suido values show themselves in a notebook: a line of words and a drawing.

:class:`~itsutsu.suido.code.Layout`, :class:`~itsutsu.suido.game.Game` and the solver's
:class:`~itsutsu.suido.solver.count.SolveResult` name these functions (through
:func:`itsutsu.common.notebook_repr.shown_in_notebooks`) for their ``repr``, ``_repr_svg_``
and ``_repr_html_``. Drawings embed the style so each stands alone (a Suido drawing has no
internal ids, so the id prefix each function is given is not needed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from itsutsu.common.notebook_repr import side_by_side
from itsutsu.suido.code import Layout, decode_layout, encode_layout
from itsutsu.suido.drawing.svg import draw
from itsutsu.suido.game import Game, game_code, is_game_solved
from itsutsu.suido.twists import twists_of

if TYPE_CHECKING:
    from itsutsu.suido.solver.count import SolveResult

CODE_SHOWN = 40
"""The most characters of a board code a ``repr`` shows (longer codes end in ``...``)."""


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _short(code: str) -> str:
    return repr(code) if len(code) <= CODE_SHOWN else repr(code[: CODE_SHOWN - 3] + "...")


def board_words(layout: Layout) -> str:
    """Say which board ``layout`` is: ``5x5 network, twists: walls, code '5x5:...'``."""
    words = f"{layout.width}x{layout.height} {layout.kind}"
    twists = twists_of(layout)
    if twists:
        words += f", twists: {', '.join(twists)}"
    return f"{words}, code {_short(encode_layout(layout))}"


def layout_summary(layout: Layout) -> str:
    """The words of a layout's ``repr``: ``Suido layout 5x5 network, code '...'``."""
    return f"Suido layout {board_words(layout)}"


def layout_svg(layout: Layout, ident: str) -> str:
    """Draw ``layout`` as given, style embedded (``ident`` is not needed)."""
    return draw(layout, style=True)


def game_status(game: Game) -> str:
    """One line on a game: its turns, and whether the water reaches every pipe."""
    turns = _plural(game.turns, "turn")
    return f"Solved in {turns}" if is_game_solved(game) else f"Not solved yet, {turns}"


def game_summary(game: Game) -> str:
    """The words of a game's ``repr``: the board, then :func:`game_status`."""
    start = game.start
    return (
        f"Suido game {start.width}x{start.height} {start.kind}, {game_status(game)},"
        f" code {_short(game_code(game))}"
    )


def game_svg(game: Game, ident: str) -> str:
    """Draw ``game``'s pieces as they lie now, turned as the player turned them."""
    return draw(game.start, masks=game.masks, quarters=game.quarters, style=True)


def result_status(result: SolveResult) -> str:
    """One line on a count: how many answers, and whether that is settled."""
    if result.gave_up:
        return f"Gave up: {result.count} found in {result.positions} positions"
    if result.unique:
        return "Exactly one answer (drawn)"
    if result.count == 0:
        return "No answer"
    return f"At least {result.count} answers (the first drawn)"


def result_summary(result: SolveResult) -> str:
    """The words of a count's ``repr``: the count, then the board of its first answer."""
    words = f"Suido count: {result_status(result)}"
    answer = decode_layout(result.answer) if result.answer is not None else None
    if answer is not None:
        words += f", answer {board_words(answer)}"
    return words


def result_svg(result: SolveResult, ident: str) -> str:
    """Draw the first answer (every piece turned as it lies in it), or ``""`` with none."""
    answer = decode_layout(result.answer) if result.answer is not None else None
    return "" if answer is None else draw(answer, style=True)


def made_summary(made: Any) -> str:
    """The words of a made board's ``repr``: the board and its seed (for any value with a
    ``layout`` and, optionally, a ``seed``)."""
    seed = getattr(made, "seed", None)
    words = f"Suido made {board_words(made.layout)}"
    return words if seed is None else f"{words}, seed {seed}"


def made_svg(made: Any, ident: str) -> str:
    """Draw a made board as a player gets it (its ``layout``, pieces turned at random)."""
    return draw(made.layout, style=True)


def made_html(made: Any, ident: str) -> str:
    """The made board beside its answer (when it has an ``answer`` code), with its words."""
    pictures = [(made_svg(made, ident), "the board")]
    answer = getattr(made, "answer", None)
    solved = decode_layout(answer) if isinstance(answer, str) else None
    if solved is not None:
        pictures.append((draw(solved, style=True), "its answer"))
    return side_by_side(pictures, made_summary(made))
