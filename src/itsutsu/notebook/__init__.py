"""Play in a notebook: ``Board("tsunagi", size=5, code="...")`` is a board to play in a cell.

Needs the optional extra (``pip install itsutsu[notebook]``, which brings anywidget); the
engine never imports this package. Every engine value (layouts, games, counts) and every
drawing shows itself as a picture in a notebook without it.
"""

from itsutsu.notebook.widget import PUZZLES, SUIDO_LOOK, TSUNAGI_LOOK, Board, front_end, styles

__all__ = ["PUZZLES", "SUIDO_LOOK", "TSUNAGI_LOOK", "Board", "front_end", "styles"]
