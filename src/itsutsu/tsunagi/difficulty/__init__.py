"""How hard a Tsunagi level is for a person, and hints that say why.

``deduce``: a position (which lines may pass each cell) and the named rules a person uses, in
tiers, each step reported as a :class:`Finding`; ``measure``: a level measured by those rules
(:func:`measure`, :func:`difficulty_figure`, :func:`score`, :func:`order_by_difficulty`);
``hints``: :func:`hint`, the next deduction from where the player stands, in words. The public
names are re-exported from :mod:`itsutsu.tsunagi`.
"""
