"""How Tsunagi values show themselves in a notebook: a line of words and a drawing.

:class:`~itsutsu.tsunagi.layout.Layout`, :class:`~itsutsu.tsunagi.game.Game` and the solver's
:class:`~itsutsu.tsunagi.solver.count.SolveResult` name these functions (through
:func:`itsutsu.common.notebook_repr.shown_in_notebooks`) for their ``repr``, ``_repr_svg_``
and ``_repr_html_``. Drawings embed the style and take the id prefix they are given, so each
stands alone and none shares an id with another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from itsutsu.common.notebook_repr import side_by_side
from itsutsu.tsunagi.challenges import challenges_of
from itsutsu.tsunagi.drawing.svg import draw
from itsutsu.tsunagi.game import Game, progress
from itsutsu.tsunagi.layout import Layout, decode_layout, encode_layout
from itsutsu.tsunagi.lines import lines_of_answer

if TYPE_CHECKING:
    from itsutsu.tsunagi.solver.count import SolveResult

CODE_SHOWN = 40
"""The most characters of a layout code a ``repr`` shows (longer codes end in ``...``)."""


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _code(layout: Layout) -> str:
    code = encode_layout(layout)
    return repr(code) if len(code) <= CODE_SHOWN else repr(code[: CODE_SHOWN - 3] + "...")


def board_words(layout: Layout) -> str:
    """Say which board ``layout`` is: ``7x7, 5 pairs, twists: walls, bridges, code '...'``."""
    twists = challenges_of(encode_layout(layout))
    words = f"{layout.size}x{layout.size}, {_plural(layout.pairs, 'pair')}"
    if twists:
        words += f", twists: {', '.join(twists)}"
    return f"{words}, code {_code(layout)}"


def layout_summary(layout: Layout) -> str:
    """The words of a layout's ``repr``: ``Tsunagi layout 5x5, 6 pairs, code '...'``."""
    return f"Tsunagi layout {board_words(layout)}"


def layout_svg(layout: Layout, ident: str) -> str:
    """Draw ``layout`` alone (style embedded, id prefix ``ident``)."""
    return draw(layout, style=True, id=ident)


def game_status(game: Game) -> str:
    """One line on a game: pairs joined, cells filled, strokes; or that it is solved."""
    now = progress(game)
    strokes = _plural(now.strokes, "stroke")
    if now.solved:
        return f"Solved in {strokes}"
    words = f"{now.joined} of {now.pairs} pairs joined, {now.filled} of {now.cells} cells filled"
    if now.stroke_limit is not None:
        words += f", {now.strokes} of {now.stroke_limit} strokes"
    else:
        words += f", {strokes}"
    return words


def game_summary(game: Game) -> str:
    """The words of a game's ``repr``: the board, then :func:`game_status`."""
    layout = game.layout
    return f"Tsunagi game {layout.size}x{layout.size}, {game_status(game)}, givens {_code(layout)}"


def game_svg(game: Game, ident: str) -> str:
    """Draw ``game``'s board with its lines, the solved wash when solved, flags as checked."""
    return draw(
        game.layout, lines=game.lines, done=game.solved, flagged=game.flagged, style=True, id=ident
    )


def result_status(result: SolveResult) -> str:
    """One line on a count: how many answers, and whether that is settled."""
    if result.gave_up:
        return f"Gave up: {result.count} found in {result.conflicts} conflicts"
    if result.unique:
        return "Exactly one answer (drawn)"
    if result.count == 0:
        return "No answer"
    return f"At least {result.count} answers (the first drawn)"


def result_summary(result: SolveResult) -> str:
    """The words of a count's ``repr``: the count, then the board when it is known."""
    words = f"Tsunagi count: {result_status(result)}"
    if result.layout is not None:
        words += f", board {board_words(result.layout)}"
    return words


def result_svg(result: SolveResult, ident: str) -> str:
    """Draw the board counted with its first answer, or the bare board with no answer
    (``""`` when the result does not know its board)."""
    layout = result.layout
    if layout is None:
        return ""
    lines = lines_of_answer(layout, result.answer) if result.answer is not None else None
    if lines is None:
        return draw(layout, style=True, id=ident)
    return draw(layout, lines=lines, style=True, id=ident)


def _made_layout(made: Any) -> Any:
    """A made board's layout: ``made.layout`` itself, or decoded when it is a code (a
    generator's ``Made`` keeps the code and the ``size``)."""
    layout = made.layout
    if isinstance(layout, str):
        return decode_layout(layout, int(made.size))
    return layout


def _made_answer_lines(made: Any) -> tuple[tuple[int, ...], ...] | None:
    answer = getattr(made, "answer", None)
    return lines_of_answer(_made_layout(made), answer) if isinstance(answer, str) else None


def made_summary(made: Any) -> str:
    """The words of a made board's ``repr``: the board and its seed (for any value with a
    ``layout`` and, optionally, a ``seed``)."""
    seed = getattr(made, "seed", None)
    words = f"Tsunagi made {board_words(_made_layout(made))}"
    return words if seed is None else f"{words}, seed {seed}"


def made_svg(made: Any, ident: str) -> str:
    """Draw a made board as a player gets it (its ``layout``)."""
    return draw(_made_layout(made), style=True, id=ident)


def made_html(made: Any, ident: str) -> str:
    """The made board beside its answer (when it has an ``answer`` code), with its words."""
    pictures = [(made_svg(made, ident), "the board")]
    lines = _made_answer_lines(made)
    if lines is not None:
        solved = draw(_made_layout(made), lines=lines, done=True, style=True, id=f"{ident}-answer")
        pictures.append((solved, "its answer"))
    return side_by_side(pictures, made_summary(made))
