"""Suido level bookkeeping, roles and the level of the day: the spec's pinned values and edges."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from itsutsu import suido
from itsutsu.common.days import day_from_count
from itsutsu.common.levels import BlockRange, TwistRole
from itsutsu.common.random import fnv1a


def test_constants() -> None:
    assert suido.SUIDO_SIZES == (
        "5x5",
        "6x6",
        "7x7",
        "8x8",
        "9x9",
        "10x10",
        "11x11",
        "12x12",
        "13x13",
        "14x14",
        "5x7",
        "6x10",
        "8x14",
        "20x20",
        "28x28",
        "20x50",
    )
    counts = suido.SUIDO_LEVEL_COUNTS
    assert [counts[s] for s in suido.SUIDO_SIZES] == [256] * 13 + [64] * 3
    assert sum(counts.values()) == 3520
    assert (suido.SUIDO_BIG_COUNT, suido.SUIDO_BIG_BLOCKS) == (64, 4)
    assert (suido.SUIDO_BLOCK, suido.SUIDO_DAILY_STRIDE) == (16, 97)


def test_size_of() -> None:
    assert suido.size_of("7x7") == suido.Size(7, 7)
    assert suido.size_of("20x50") == (20, 50)
    assert suido.size_of("5x7").width == 5
    assert suido.size_of("99x1") == (99, 1)  # a size need not have levels
    for bad in ("7x", "x7", "7X7", "100x1", "7x7 ", " 7x7", "７x7", "7x7\n", "", 7, None):
        assert suido.size_of(bad) is None


def test_counts_and_is_level() -> None:
    assert suido.level_count("7x7") == 256
    assert suido.level_count("20x50") == 64
    assert suido.level_count("7x8") == 0
    assert suido.is_level("7x7", 256) and not suido.is_level("7x7", 257)
    assert suido.is_level("28x28", 64) and not suido.is_level("28x28", 65)
    assert not suido.is_level("7x7", 0) and not suido.is_level("7x7", 1.0)
    assert not suido.is_level("7x8", 1) and not suido.is_level(7, 1)
    with pytest.raises(ValueError, match="size must be text such as '7x7', not int"):
        suido.level_count(7)  # type: ignore[arg-type]


def test_blocks_open_next_and_bands() -> None:
    assert [suido.block_of(n) for n in (1, 16, 17, 256)] == [1, 1, 2, 16]
    assert suido.block_range(4, 64) == BlockRange(49, 64)
    assert suido.blocks_in(64) == suido.SUIDO_BIG_BLOCKS
    gap = set(range(1, 17)) | set(range(18, 33))
    assert suido.open_levels("7x7", gap) == 32
    assert suido.next_level("7x7", gap) == 17
    assert suido.first_unsolved_level("7x7", gap) == 17
    assert suido.open_levels("20x20", set(range(1, 65))) == 64
    assert suido.next_level("20x20", set(range(1, 65))) == 64
    assert suido.first_unsolved_level("20x20", set(range(1, 65))) is None
    assert suido.open_levels("7x8", set()) == 0
    assert [suido.band("7x7", n) for n in (1, 16, 17, 86, 87, 171, 172, 256)] == [
        "easy",
        "easy",
        "easy",
        "easy",
        "medium",
        "medium",
        "hard",
        "hard",
    ]
    assert [suido.band("20x20", n) for n in (1, 22, 23, 43, 44, 64)] == [
        "easy",
        "easy",
        "medium",
        "medium",
        "hard",
        "hard",
    ]
    assert suido.band("7x8", 87) == "medium"  # an unknown size counts as 256


def test_big_set_bookkeeping() -> None:
    assert suido.is_big_level(1) and suido.is_big_level(64)
    assert not suido.is_big_level(0) and not suido.is_big_level(65)
    assert not suido.is_big_level("1") and not suido.is_big_level(True)
    assert suido.open_big_levels(set()) == 16
    assert suido.open_big_levels(set(range(1, 49))) == 64
    assert suido.next_big_level(set(range(1, 17)) | {18}) == 17
    assert suido.first_unsolved_big_level(set(range(1, 65))) is None
    assert [suido.big_band(n) for n in (1, 22, 23, 43, 44, 64)] == [
        "easy",
        "easy",
        "medium",
        "medium",
        "hard",
        "hard",
    ]


def test_twist_role_over_rows() -> None:
    rows = [("b", "t", "")] * 48
    rows[14] = ("b", "t", "drains")
    rows[15] = ("b", "t", "drains")
    rows[30] = ("b", "t", "pumps wrap drains")  # declared in SUIDO_TWISTS order
    rows[31] = ("b", "t", "wrap nonsense")  # unknown words are dropped
    rows[40] = ("b", "t", "walls")
    assert suido.twist_role(rows, 15) == TwistRole("teaches", ("drains",), ("drains",))
    assert suido.twist_role(rows, 16) == TwistRole("tests", ("drains",), ())
    assert suido.twist_role(rows, 31) == TwistRole(
        "teaches", ("drains", "pumps", "wrap"), ("pumps", "wrap")
    )
    assert suido.twist_role(rows, 32) == TwistRole("tests", ("wrap",), ())
    assert suido.twist_role(rows, 41) is None
    assert suido.twist_role(rows, 47) is None
    assert suido.twist_role(rows, 49) is None
    assert suido.twist_role(rows, 0) is None
    with pytest.raises(ValueError):
        suido.twist_role("rows", 15)  # type: ignore[arg-type]


def test_the_pinned_days() -> None:
    assert suido.daily_level("7x7", "2026-10-06") == 4
    assert suido.daily_level("7x7", "2026-10-07") == 101
    late = dt.datetime(2026, 10, 6, 23, 30, tzinfo=dt.UTC)
    assert suido.day(late) == "2026-10-06"
    assert suido.daily_level("7x7", late) == 4
    assert suido.daily_level("7x7", late.astimezone(dt.timezone(dt.timedelta(hours=9)))) == 4


def test_the_day_by_the_formula() -> None:
    for size, count in suido.SUIDO_LEVEL_COUNTS.items():
        start = fnv1a(size)
        for date, days in (("1970-01-01", 0), ("1969-12-31", -1), ("0000-01-01", -719528)):
            assert suido.daily_level(size, date) == (days * 97 + start) % count + 1
    # The starts are large, so even year 0000 leaves the sum positive for every size.
    assert min(fnv1a(size) for size in suido.SUIDO_SIZES) > 719528 * 97


def test_day_refusals() -> None:
    assert suido.is_day("2028-02-29") and not suido.is_day("2026-02-30")
    assert suido.is_day("0000-02-29")
    with pytest.raises(ValueError) as caught:
        suido.daily_level("7x7", "2026-02-30")
    assert str(caught.value) == "suido: 2026-02-30 is not a day"
    with pytest.raises(ValueError) as caught:
        suido.day("2027-02-29")
    assert str(caught.value) == "suido: 2027-02-29 is not a day"
    with pytest.raises(ValueError, match=r"^suido: a naive datetime"):
        suido.day(dt.datetime(2026, 10, 6))
    assert suido.daily_level("7x8", "nonsense") is None  # before the date is looked at
    assert suido.daily_level(" 7x7", dt.datetime(2026, 10, 6)) is None
    with pytest.raises(ValueError, match="size must be text"):
        suido.daily_level(7, "2026-10-06")  # type: ignore[arg-type]


@settings(max_examples=20, deadline=None)
@given(st.integers(-719528, 2932896 - 256))
def test_every_level_once_in_count_days(start: int) -> None:
    texts = [day_from_count(start + i) for i in range(256)]
    for size, count in suido.SUIDO_LEVEL_COUNTS.items():
        seen = sorted(suido.daily_level(size, text) or 0 for text in texts[:count])
        assert seen == list(range(1, count + 1)), size
