"""The solver against the old search (``itsutsu.suido.solver._baseline``), board by board.

Every level of the originals' corpus (``../shared/corpus/suido``; skipped where absent) must
have exactly one answer both ways, the same one; boards laid at random of every kind (several
answers, spares, walls, locks, big pieces and turning blocks, wrapping or not) must give the
same answers both ways (in either order: the two searches branch differently).
"""

from __future__ import annotations

import pytest

from conftest import corpus_rows
from itsutsu import suido
from itsutsu.suido.code import Layout, decode_layout
from itsutsu.suido.levels import SUIDO_SIZES
from itsutsu.suido.solver._baseline import old_search
from itsutsu.suido.solver.count import solve

NO_BOUND = 1 << 62
ALL = 400
"""A limit above any laid board's count here, so both searches list every answer."""


@pytest.mark.parametrize("name", [*SUIDO_SIZES, "big"])
def test_corpus_levels_have_the_old_searchs_one_answer(name: str) -> None:
    rows = corpus_rows("suido", f"{name}.tsv")
    assert rows
    for row in rows:
        layout = decode_layout(row[1])
        assert layout is not None, row[1]
        new = solve(layout)
        assert (new.count, new.complete) == (1, True), row[1]
        old = old_search(layout, 2, NO_BOUND)
        assert old.complete
        assert old.solutions == new.solutions, row[1]


LAID = [
    {"kind": "network", "size": 6},
    {"kind": "network", "size": 7, "wrap": True},
    {"kind": "network", "size": 7, "walls": 5},
    {"kind": "network", "size": 7, "locked": 3},
    {"kind": "network", "size": 8, "bigs": 2},
    {"kind": "network", "size": 8, "blocks": 3},
    {"kind": "network", "size": 8, "bigs": 1, "blocks": 2, "wrap": True},
    {"kind": "network", "size": 7, "sources": 2},
    {"kind": "drains", "size": 6},
    {"kind": "drains", "size": 7, "spares": 0.4},
    {"kind": "drains", "size": 7, "wrap": True, "walls": 4},
    {"kind": "drains", "size": 8, "sources": 2, "drains": 3},
    {"kind": "inlet-outlet", "size": 6},
    {"kind": "inlet-outlet", "size": 7, "spares": 0.3},
    {"kind": "inlet-outlet", "size": 8, "walls": 4},
]


@pytest.mark.parametrize("options", LAID, ids=lambda options: "-".join(map(str, options.values())))
def test_laid_boards_count_as_the_old_search_does(options: dict[str, object]) -> None:
    for seed in range(8):
        layout = suido.lay(seed=seed, **options).layout
        new = solve(layout, limit=ALL)
        old = old_search(layout, ALL, NO_BOUND)
        assert new.complete and old.complete and new.count < ALL
        # The two branch differently, so several answers may come in another order.
        assert sorted(new.solutions) == sorted(old.solutions), (options, seed)


STUCK = [
    Layout(2, 2, "network", False, (5, 0, 0, 0), (0,), ()),
    Layout(3, 3, "network", False, (15, 1, 0, 4, 0, 0, 0, 0, 0), (1,), ()),
    Layout(3, 3, "network", False, (3, 10, 6, 5, 15, 5, 9, 10, 12), (4,), ()),
    Layout(3, 3, "drains", False, (7, 10, 1, 5, 0, 0, 1, 0, 0), (1,), (6,)),
    Layout(3, 3, "drains", False, (2, 10, 7, 0, 0, 5, 0, 0, 1), (0,), (8,)),
]
"""Tiny boards with a piece that fits nowhere (a straight or a cross in a corner, a tee on the
rim), so a domain is empty from the start, and the same with the piece able to stay dry."""


@pytest.mark.parametrize("layout", STUCK, ids=lambda layout: "".join(map(str, layout.cells)))
def test_boards_with_a_piece_that_fits_nowhere_count_as_the_old_search_does(
    layout: Layout,
) -> None:
    new = solve(layout, limit=ALL)
    old = old_search(layout, ALL, NO_BOUND)
    assert new.complete and old.complete
    assert sorted(new.solutions) == sorted(old.solutions)
    if layout.kind == "network":
        assert new.count == 0
