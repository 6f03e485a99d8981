"""itsutsu: the Tsunagi and Suido grid puzzles as a library, a command line and a web app.

The engines live in :mod:`itsutsu.tsunagi` and :mod:`itsutsu.suido`; what both share (seeded
random numbers, level blocks and the day's level, words in English and Japanese, SVG helpers)
lives in :mod:`itsutsu.common`.
"""

__version__ = "0.1.0"
