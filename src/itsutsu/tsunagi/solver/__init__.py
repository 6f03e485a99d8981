"""Counting a Tsunagi board's answers: the CNF the board becomes (``cnf``) and the count over
it with CaDiCaL (``count``). The public names are re-exported from :mod:`itsutsu.tsunagi`."""
