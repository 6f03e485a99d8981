"""Tsunagi level bookkeeping and the level of the day: the spec's pinned values and edges."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from itsutsu import tsunagi
from itsutsu.common.days import day_from_count
from itsutsu.common.levels import BlockRange

DAY_VECTOR = [104, 225, 124, 121, 216, 153, 60, 1, 40, 113, 28, 41, 40, 57, 28]


def test_constants() -> None:
    assert tsunagi.TSUNAGI_SIZES == (4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 20, 25, 30)
    assert dict(tsunagi.TSUNAGI_LEVEL_COUNTS) == {
        4: 192,
        **dict.fromkeys((5, 6, 7, 8, 9), 256),
        10: 128,
        11: 64,
        **dict.fromkeys((12, 13, 14, 15), 128),
        **dict.fromkeys((20, 25, 30), 64),
    }
    assert sum(tsunagi.TSUNAGI_LEVEL_COUNTS.values()) == 2368
    assert (*tsunagi.TSUNAGI_SIZES, 40) == tsunagi.CLASSIC_SIZES
    assert dict(tsunagi.CLASSIC_COUNTS) == {**tsunagi.TSUNAGI_LEVEL_COUNTS, 40: 32}
    assert tsunagi.TSUNAGI_PORTAL_SIZES == (5, 6, 7, 8, 9, 10, 12, 15)
    assert dict(tsunagi.TSUNAGI_PORTAL_COUNTS) == dict.fromkeys(tsunagi.TSUNAGI_PORTAL_SIZES, 32)
    assert (tsunagi.TSUNAGI_BLOCK, tsunagi.TSUNAGI_DAILY_STRIDE) == (16, 97)
    assert tsunagi.TSUNAGI_PORTAL_SEED == 1000
    with pytest.raises(TypeError):
        tsunagi.TSUNAGI_LEVEL_COUNTS[40] = 32  # type: ignore[index]


def test_level_counts_and_is_level() -> None:
    assert tsunagi.level_count(4) == 192
    assert tsunagi.level_count(40) == 32
    assert tsunagi.level_count(41) == 0
    assert tsunagi.level_count(7, "portals") == 32
    assert tsunagi.level_count(4, "portals") == 0
    assert tsunagi.is_level(7, 1) and tsunagi.is_level(7, 256)
    assert not tsunagi.is_level(7, 0) and not tsunagi.is_level(7, 257)
    assert tsunagi.is_level(7, 32, "portals") and not tsunagi.is_level(7, 33, "portals")
    assert not tsunagi.is_level(41, 1)
    assert not tsunagi.is_level(7, 1.0) and not tsunagi.is_level(7, True)
    assert not tsunagi.is_level("7", 1)
    with pytest.raises(ValueError, match="set must be 'classic' or 'portals'"):
        tsunagi.level_count(7, "wrap")
    with pytest.raises(ValueError, match="size must be a whole number"):
        tsunagi.level_count("7")  # type: ignore[arg-type]


def test_block_edges() -> None:
    assert [tsunagi.block_of(n) for n in (1, 16, 17, 256)] == [1, 1, 2, 16]
    assert tsunagi.block_range(12, tsunagi.level_count(4)) == BlockRange(177, 192)
    assert tsunagi.blocks_in(tsunagi.level_count(11)) == 4
    assert tsunagi.blocks_in(tsunagi.level_count(40)) == 2


def test_open_and_next_with_gaps() -> None:
    first_block = set(range(1, 17))
    assert tsunagi.open_levels(7, set()) == 16
    assert tsunagi.open_levels(7, first_block) == 32
    assert tsunagi.open_levels(7, first_block | set(range(18, 33))) == 32
    assert tsunagi.next_level(7, first_block | set(range(18, 33))) == 17
    assert tsunagi.open_levels(7, set(range(1, 33)), "portals") == 32
    assert tsunagi.next_level(7, set(range(1, 33)), "portals") == 32
    assert tsunagi.first_unsolved_level(7, set(range(1, 33)), "portals") is None
    assert tsunagi.first_unsolved_level(7, {1, 2, 4}) == 3
    assert tsunagi.open_levels(41, set()) == 0
    assert tsunagi.next_level(41, set()) == 0
    assert tsunagi.first_unsolved_level(41, set()) is None


def test_bands() -> None:
    assert [tsunagi.band(7, n) for n in (1, 16, 17, 256)] == ["easy", "easy", "easy", "hard"]
    assert [tsunagi.band(4, n) for n in (64, 65, 128, 129, 192)] == [
        "easy",
        "medium",
        "medium",
        "hard",
        "hard",
    ]
    assert [tsunagi.band(7, n, "portals") for n in (1, 11, 12, 22, 23, 32)] == [
        "easy",
        "easy",
        "medium",
        "medium",
        "hard",
        "hard",
    ]
    assert tsunagi.band(41, 86) == "easy"  # an unknown size counts as 256 levels
    assert tsunagi.band(41, 87) == "medium"


def test_seeds() -> None:
    assert tsunagi.level_seed("classic", 1) == 1
    assert tsunagi.level_seed("classic", 1000) == 1000
    assert tsunagi.level_seed("portals", 1) == 1001
    assert tsunagi.set_of_seed(1000) == ("classic", 1000)
    assert tsunagi.set_of_seed(1001) == ("portals", 1)
    assert tsunagi.set_of_seed(1032) == tsunagi.SeededLevel("portals", 32)
    assert tsunagi.set_of_seed(5).set == "classic"
    for level in (1, 16, 32):
        seed = tsunagi.level_seed("portals", level)
        assert tsunagi.set_of_seed(seed) == ("portals", level)


def test_the_day_vector() -> None:
    assert [tsunagi.daily_level(s, "2026-10-01") for s in tsunagi.TSUNAGI_SIZES] == DAY_VECTOR
    moment = dt.datetime(2026, 10, 1, 23, 59, tzinfo=dt.UTC)
    assert [tsunagi.daily_level(s, moment) for s in tsunagi.TSUNAGI_SIZES] == DAY_VECTOR
    assert [tsunagi.daily_level(s, dt.date(2026, 10, 1)) for s in tsunagi.TSUNAGI_SIZES] == (
        DAY_VECTOR
    )


def test_the_day_by_the_formula() -> None:
    # 2026-10-01 is day 20727; year 0000 starts 719528 days before 1970.
    for size, count in tsunagi.CLASSIC_COUNTS.items():
        for date, days in (("2026-10-01", 20727), ("0000-01-01", -719528), ("2028-02-29", 21243)):
            expected = (days * 97 + size * size * 2654435761) % count + 1
            assert tsunagi.daily_level(size, date) == expected
    assert tsunagi.daily_level(40, "2026-10-01") == 24  # our 40x40 set, not the original's


def test_day_refusals() -> None:
    assert tsunagi.is_day("2028-02-29") and not tsunagi.is_day("2027-02-29")
    assert not tsunagi.is_day("2026-1-1")
    assert tsunagi.is_day("0000-01-01")
    with pytest.raises(ValueError) as caught:
        tsunagi.daily_level(7, "2027-02-29")
    assert str(caught.value) == "tsunagi: 2027-02-29 is not a day"
    with pytest.raises(ValueError) as caught:
        tsunagi.day("2026-1-1")
    assert str(caught.value) == "tsunagi: 2026-1-1 is not a day"
    with pytest.raises(ValueError, match=r"^tsunagi: a naive datetime"):
        tsunagi.daily_level(7, dt.datetime(2026, 10, 1))
    # A size without levels gives None before the date is looked at.
    assert tsunagi.daily_level(41, "not a day") is None
    assert tsunagi.daily_level(3, dt.datetime(2026, 10, 1)) is None
    with pytest.raises(ValueError, match="size must be a whole number"):
        tsunagi.daily_level("7", "2026-10-01")  # type: ignore[arg-type]


@settings(max_examples=20, deadline=None)
@given(st.integers(-719528, 2932896 - 256))
def test_every_level_once_in_count_days(start: int) -> None:
    texts = [day_from_count(start + i) for i in range(256)]
    for size, count in tsunagi.CLASSIC_COUNTS.items():
        seen = sorted(tsunagi.daily_level(size, text) or 0 for text in texts[:count])
        assert seen == list(range(1, count + 1)), size


def test_the_levels_subpackages_are_not_hidden() -> None:
    import types

    from itsutsu import suido

    assert isinstance(tsunagi.levels, types.ModuleType)
    assert isinstance(suido.levels, types.ModuleType)
    assert isinstance(tsunagi.challenges, types.ModuleType)
    assert tsunagi.levels_of is tsunagi.levels.levels
    assert suido.levels_of is suido.levels.levels
