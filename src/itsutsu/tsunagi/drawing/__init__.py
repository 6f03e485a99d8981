"""Drawing Tsunagi boards as SVG: the options (``options``), the board's geometry
(``geometry``), the scene a drawing is made of (``scene``), the board's own parts (``board``),
each pair's washes, beads and line (``pairs``, ``lines``), colour sets (``colours``), board
looks (``looks``), the stylesheet (``style``) and the drawing functions (``svg``). The public
names are re-exported from :mod:`itsutsu.tsunagi`."""
