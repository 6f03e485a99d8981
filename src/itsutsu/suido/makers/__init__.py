"""The Suido generator: boards of every kind and twist with exactly one answer.

``options`` (what may be asked and how defaults settle), ``plan`` (the random forest of
pipes a board starts from), ``mend`` (changing a board where two answers disagree, and
adding walls and locks), ``look`` (the quick look with the edge rules that proves many
boards without the solver and guides mending on big ones), ``made`` (laying out,
scrambling and proving: :func:`lay`, :func:`make_unscored`) and ``scored`` (:func:`make`,
aiming at a difficulty). The public names are re-exported from :mod:`itsutsu.suido`.
"""
