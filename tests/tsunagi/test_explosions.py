"""Explosions (spec 5.1): when they go off, which line they hit, and how a line is halved."""

from __future__ import annotations

import pytest

from itsutsu.common.random import fnv1a
from itsutsu.tsunagi.explosions import (
    Explosion,
    explosion_after,
    explosion_pick,
    explosions_as_chosen,
    halve,
    strokes_to_explosion,
)
from itsutsu.tsunagi.layout import Explosions, Layout, decode_layout

CELLS = "A..AB..BC..C...."
LINES = ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10))


def board(code: str, size: int) -> Layout:
    layout = decode_layout(code, size)
    assert layout is not None, code
    return layout


def test_hash_vector() -> None:
    assert fnv1a("A..AB..BC..C....|boom3#3#target") == 3988794249
    assert explosion_pick("A..AB..BC..C....|boom3", 3, "target", 3) == 3988794249 % 3


def test_boom_every_stroke_hits_every_line_over_thirty_strokes() -> None:
    givens = CELLS + "|boom1"
    layout = board(givens, 4)
    hits = set()
    for stroke in range(1, 31):
        blown = explosion_after(layout, givens, LINES, stroke)
        assert blown is not None and len(blown.hit) == 1
        hits.add(blown.hit[0])
    assert hits == {0, 1, 2}


def test_blast_vector() -> None:
    givens = CELLS + "|blast3"
    blown = explosion_after(board(givens, 4), givens, LINES, 3)
    assert blown == Explosion(((0, 1, 2, 3), (), ()), (1, 2), (4, 5, 6, 7, 8, 9, 10))


def test_boom_vector() -> None:
    givens = CELLS + "|boom3"
    assert explosion_after(board(givens, 4), givens, LINES, 3) == Explosion(
        ((0, 1), (4, 5, 6, 7), (8, 9, 10)), (0,), (2, 3)
    )


def test_no_explosion_off_the_beat_or_without_lines() -> None:
    givens = CELLS + "|boom3"
    layout = board(givens, 4)
    for stroke in (0, -3, 1, 2, 4, 5):
        assert explosion_after(layout, givens, LINES, stroke) is None
    assert explosion_after(layout, givens, ((), (4,), ()), 3) is None
    assert explosion_after(board(CELLS, 4), CELLS, LINES, 3) is None


def test_blast_with_no_line_touching_hits_one() -> None:
    givens = "A..A" + "...." + "...." + "B..B|blast1"
    layout = board(givens, 4)
    lines = ((0, 1, 2, 3), (12, 13, 14))
    found = [explosion_after(layout, givens, lines, s) for s in range(1, 20)]
    assert all(f is not None and len(f.hit) == 1 for f in found)
    assert {f.hit[0] for f in found if f is not None} == {0, 1}


def test_strokes_to_explosion() -> None:
    layout = board(CELLS + "|boom3", 4)
    assert [strokes_to_explosion(layout, s) for s in range(6)] == [3, 2, 1, 3, 2, 1]
    assert strokes_to_explosion(board(CELLS, 4), 2) is None


def test_halve_drops_a_bridge_or_portal_tail() -> None:
    plain = board(CELLS, 4)
    assert halve(plain, (0, 1, 2, 3)) == (0, 1)
    assert halve(plain, (0, 1, 2)) == ()
    assert halve(plain, ()) == ()
    bridge = board("A...B..AC.+.B..C", 4)
    # B runs 4,5,6,10(bridge),14,13,12: half is 4,5,6 (the bridge would be the 4th of 7 cells).
    assert halve(bridge, (4, 5, 6, 10, 14, 13, 12)) == (4, 5, 6)
    assert halve(bridge, (4, 5, 6, 10, 14, 13, 12, 8)) == (4, 5, 6)
    portal = board("............A......................A|portals14-28", 6)
    assert halve(portal, (12, 13, 14, 28, 29, 35, 34, 33)) == (12, 13)


def test_explosions_as_chosen() -> None:
    rule = Explosions(3, True)
    assert explosions_as_chosen(rule, "on") is rule
    assert explosions_as_chosen(rule, "soft") == Explosions(6, False)
    assert explosions_as_chosen(rule, "off") is None
    assert explosions_as_chosen(None, "soft") is None
    with pytest.raises(ValueError, match="explosions must be one of on, soft, off"):
        explosions_as_chosen(rule, "loud")
