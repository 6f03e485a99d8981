"""Drawing Suido boards as SVG: each cell's state (``states``), one cell's markup (``cell``),
the whole board (``svg``), thumbnails (``thumb``), the stylesheet (``style``) and the paint
changes a page applies after a turn (``paint``). The public names are re-exported from
:mod:`itsutsu.suido`."""
