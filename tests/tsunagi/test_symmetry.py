"""Symmetry (spec 9): transforms of corpus levels keep their key and their answer."""

from __future__ import annotations

import functools

import pytest

from conftest import corpus_files, corpus_rows, require_corpus_files
from itsutsu.tsunagi import (
    Check,
    check_answer,
    decode_layout,
    encode_layout,
    moved_to,
    relettered,
    symmetry_key,
    transform_answer,
    transform_layout,
    transformed,
)


@functools.cache
def _levels() -> list[tuple[int, str, str]]:
    out = []
    for name in corpus_files("tsunagi"):
        for row in corpus_rows("tsunagi", name):
            if name == "portals.tsv":
                out.append((int(row[0]), row[2], row[3]))
            else:
                out.append((int(name.split("-")[1].split(".")[0]), row[1], row[2]))
    return out


def _kinds(code: str) -> set[str]:
    cells, _, tail = code.partition("|")
    kinds = {
        word
        for word in ("hex", "wrap", "portals", "sparse", "boom", "blast", "strokes")
        if word in tail
    }
    if tail[:1].isdigit():
        kinds.add("walls")
    if "+" in cells:
        kinds.add("bridges")
    if "#" in cells:
        kinds.add("blocked")
    return kinds or {"plain"}


@functools.cache
def _twisted() -> list[tuple[int, str, str]]:
    """Up to three corpus levels of each size for each twist (walls, bridges, blocked cells,
    hex, wrap, portals, sparse, explosions, strokes, none): 300 or so levels."""
    levels = _levels()
    if not levels:
        pytest.skip("the Tsunagi corpus is absent")
    out = []
    taken: dict[tuple[int, str], int] = {}
    for size, code, answer in levels:
        fresh = [kind for kind in _kinds(code) if taken.get((size, kind), 0) < 3]
        if fresh:
            out.append((size, code, answer))
            for kind in fresh:
                taken[size, kind] = taken.get((size, kind), 0) + 1
    return out


def test_moved_to() -> None:
    # a quarter turn clockwise: the top-left corner goes to the top-right
    assert moved_to(3, 0, 1, False) == 2
    assert moved_to(3, 2, 1, False) == 8
    assert moved_to(3, 4, 1, False) == 4
    assert moved_to(3, 1, 0, True) == 1
    assert moved_to(3, 0, 0, True) == 2
    assert moved_to(3, 3, 1, True) == 1  # (1,0) -> (0,1) -> mirrored (0,1)
    assert [moved_to(4, at, 2, False) for at in range(16)] == list(range(15, -1, -1))


def test_transformed_moves_walls_and_portals() -> None:
    code = "A..AB..BC..C....|1-2,4-8|wrap|portals5-15|boom3"
    # a quarter turn: (r,c) -> (c, 3-r)
    # (r, c) -> (c, 3-r): A at 0 goes to 3, wall 4-8 to 2-1, portal 5-15 to 6-12
    assert transformed(code, 4, 1, False) == ".CBA.........CBA|1-2,7-11|wrap|portals6-12|boom3"
    assert transformed(code, 4, 0, True) == "A..AB..BC..C....|1-2,7-11|wrap|portals6-12|boom3"
    assert relettered("C.BA....C.BA....|wrap") == "A.BC....A.BC....|wrap"
    assert relettered("Bb.B..A.A") == "Aa.A..B.B"


def test_relettered_waypoint_follows_its_pair() -> None:
    assert relettered("..BAb.A.B") == "..ABa.B.A"


def test_turning_four_times_is_identity() -> None:
    for size, code, _ in _twisted():
        layout = decode_layout(code, size)
        assert layout is not None
        turned = layout
        for _ in range(4):
            turned = transform_layout(turned, 1) if not layout.hex else transform_layout(turned, 2)
        assert turned == layout
        assert transform_layout(transform_layout(layout, 5), 5) == layout
        assert transformed(code, size, 4, False) == code
        assert transformed(code, size, 0, False) == code


@pytest.mark.parametrize("part", range(4))
def test_transforms_keep_the_key_and_the_answer(part: int) -> None:
    levels = _twisted()[part::4]
    for size, code, answer in levels:
        layout = decode_layout(code, size)
        assert layout is not None
        key = symmetry_key(code, size)
        ops = (0, 5, 2, 7) if layout.hex else range(8)
        for op in ops:
            moved = transform_layout(layout, op)
            moved_code = encode_layout(moved)
            assert symmetry_key(moved_code, size) == key, (code, op)
            moved_answer = transform_answer(layout, answer, op)
            assert check_answer(size, moved_code, moved_answer) == Check(True, None), (code, op)
            assert moved.pairs == layout.pairs
            assert len(moved.walls) == len(layout.walls)
            assert len(moved.portal_pairs) == len(layout.portal_pairs)
            assert (moved.wrap, moved.hex) == (layout.wrap, layout.hex)


def test_hex_uses_only_its_four_transforms() -> None:
    require_corpus_files("tsunagi")
    hexes = [(size, code) for size, code, _ in _levels() if "|hex" in code]
    assert hexes
    for size, code in hexes:
        layout = decode_layout(code, size)
        assert layout is not None
        for op in (1, 3, 4, 6):
            with pytest.raises(ValueError, match="hexagon"):
                transform_layout(layout, op)
            # the turned cells leave the hexagon: that code is not a hex layout
            assert decode_layout(relettered(transformed(code, size, op & 3, op >= 4)), size) is None
        keys = [
            relettered(transformed(code, size, turn, mirror))
            for turn, mirror in ((0, False), (1, True), (2, False), (3, True))
        ]
        assert symmetry_key(code, size) == min(keys)


@pytest.mark.parametrize("size", [4, 5, 6, 7])
def test_different_levels_of_a_size_have_different_keys(size: int) -> None:
    codes = {code for s, code, _ in _levels() if s == size}
    if not codes:
        pytest.skip("the Tsunagi corpus is absent")
    keys = {symmetry_key(code, size) for code in codes}
    # the corpus repeats one 4x4 level (172 and 181 are the same code); apart from that no
    # two levels of a size are turns or mirrors of each other
    assert len(keys) == len(codes)


def test_portal_levels_have_different_keys() -> None:
    if "portals.tsv" not in corpus_files("tsunagi"):
        pytest.skip("the Tsunagi corpus is absent")
    levels = [(int(row[0]), row[2]) for row in corpus_rows("tsunagi", "portals.tsv")]
    keys = {(s, symmetry_key(code, s)) for s, code in levels}
    assert len(keys) == len(levels) == 256


def test_key_of_a_mirror_image_is_the_same() -> None:
    # the turned board has the same key, and it is the smallest of the eight
    turned = relettered(transformed("A..AB..BC..CD..D", 4, 1, False))
    assert turned == "DCBA........DCBA".translate(str.maketrans("DCBA", "ABCD"))
    assert symmetry_key(turned, 4) == symmetry_key("A..AB..BC..CD..D", 4) == "A..AB..BC..CD..D"
    left = "AB..B.CDEF.....A..E.C..DF"
    right = relettered(transformed(left, 5, 0, True))
    assert right != left
    assert symmetry_key(right, 5) == symmetry_key(left, 5)
    assert symmetry_key(left, 5) <= relettered(left)


@pytest.mark.parametrize(
    ("code", "size"),
    [("A..A.", 2), ("B..B", 2), ("A..A", 3), (None, 2), ("A..A", "2")],
)
def test_bad_codes_raise(code: object, size: object) -> None:
    with pytest.raises(ValueError, match="not a Tsunagi layout code"):
        symmetry_key(code, size)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a Tsunagi layout code"):
        transformed(code, size, 1, False)  # type: ignore[arg-type]


def test_bad_ops_raise() -> None:
    layout = decode_layout("A..A", 2)
    assert layout is not None
    for op in (-1, 8, True, 1.0):
        with pytest.raises(ValueError, match="0 to 7"):
            transform_layout(layout, op)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="4 characters"):
        transform_answer(layout, "AAAAA", 1)
