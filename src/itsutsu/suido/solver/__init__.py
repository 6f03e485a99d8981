"""Counting a Suido board's answers: the facing tables (``tables``), the board as a problem of
units and facings (``problem``), the propagation search (``search``) and the count over it
(``count``). The public names are re-exported from :mod:`itsutsu.suido`."""
