"""Days: which texts are days, day counts by hand over 0000-9999, UTC days of datetimes."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from itsutsu.common.days import EPOCH_OFFSET, day, day_from_count, days_since_epoch, is_day

UTC = dt.UTC


@pytest.mark.parametrize(
    "text",
    ["2026-10-01", "2028-02-29", "2000-02-29", "0000-01-01", "0000-02-29", "9999-12-31"],
)
def test_days(text: str) -> None:
    assert is_day(text)


@pytest.mark.parametrize(
    "text",
    [
        "2027-02-29",  # 2027 is not a leap year
        "1900-02-29",  # nor is 1900
        "2026-02-30",
        "2026-04-31",
        "2026-1-1",
        "2026-13-01",
        "2026-00-10",
        "2026-10-00",
        "2026-10-01\n",  # the whole text must match
        " 2026-10-01",
        "2026/10/01",
        "２０２６-10-01",  # full-width digits are not ASCII digits
        "12026-10-01",
        "",
    ],
)
def test_not_days(text: str) -> None:
    assert not is_day(text)


@pytest.mark.parametrize("value", [None, 20260101, dt.date(2026, 10, 1), b"2026-10-01"])
def test_only_text_is_a_day(value: object) -> None:
    assert not is_day(value)


def test_pinned_counts() -> None:
    assert days_since_epoch("1970-01-01") == 0
    assert days_since_epoch("2026-10-01") == 20727
    assert days_since_epoch("1969-12-31") == -1
    assert days_since_epoch("0000-01-01") == -719528 == -EPOCH_OFFSET
    assert days_since_epoch("0000-12-31") == -719528 + 365  # year 0 is a leap year
    assert days_since_epoch("0001-01-01") == -719528 + 366
    assert days_since_epoch("9999-12-31") == 2932896


def test_counts_refuse_what_is_not_a_day() -> None:
    with pytest.raises(ValueError, match="is not a day"):
        days_since_epoch("2027-02-29")
    with pytest.raises(ValueError, match="must be text"):
        days_since_epoch(20270101)  # type: ignore[arg-type]


@given(st.dates())
def test_counts_agree_with_python_dates(date: dt.date) -> None:
    text = date.isoformat()
    assert days_since_epoch(text) == date.toordinal() - dt.date(1970, 1, 1).toordinal()
    assert day_from_count(days_since_epoch(text)) == text


@given(st.integers(-719528, 2932896))
def test_day_from_count_inverts(count: int) -> None:
    text = day_from_count(count)
    assert is_day(text)
    assert days_since_epoch(text) == count


def test_day_from_count_stays_in_range() -> None:
    assert day_from_count(-719528) == "0000-01-01"
    assert day_from_count(-719528 + 59) == "0000-02-29"
    with pytest.raises(ValueError, match="year -1"):
        day_from_count(-719529)
    with pytest.raises(ValueError, match="year 10000"):
        day_from_count(2932897)


def test_day_of_text_dates_and_datetimes() -> None:
    assert day("2026-10-01", "tsunagi") == "2026-10-01"
    assert day(dt.date(2026, 10, 1), "suido") == "2026-10-01"
    assert day(dt.datetime(2026, 10, 6, 23, 30, tzinfo=UTC), "suido") == "2026-10-06"
    tokyo = dt.timezone(dt.timedelta(hours=9))
    assert day(dt.datetime(2026, 10, 7, 8, 59, tzinfo=tokyo), "suido") == "2026-10-06"
    assert day(dt.datetime(2026, 10, 7, 9, 0, tzinfo=tokyo), "suido") == "2026-10-07"
    toronto = dt.timezone(dt.timedelta(hours=-4))
    assert day(dt.datetime(2026, 12, 31, 20, 0, tzinfo=toronto), "suido") == "2027-01-01"


def test_day_at_the_ends_of_the_range() -> None:
    # Python's datetime cannot hold year 0, but the UTC day of this moment is in it.
    paris = dt.timezone(dt.timedelta(hours=1))
    assert day(dt.datetime(1, 1, 1, 0, 30, tzinfo=paris), "tsunagi") == "0000-12-31"
    assert day(dt.datetime(1, 1, 1, 1, 0, tzinfo=paris), "tsunagi") == "0001-01-01"
    assert day(dt.datetime(9999, 12, 31, 23, 59, tzinfo=UTC), "tsunagi") == "9999-12-31"
    west = dt.timezone(dt.timedelta(hours=-1))
    with pytest.raises(ValueError) as caught:
        day(dt.datetime(9999, 12, 31, 23, 30, tzinfo=west), "tsunagi")
    assert str(caught.value) == "tsunagi: an invalid Date is not a day"
    with pytest.raises(ValueError) as caught:
        day(dt.datetime(9999, 12, 31, 23, 30, tzinfo=west), "suido")
    assert str(caught.value) == "suido: an invalid Date is not a day"


def test_day_refusals() -> None:
    with pytest.raises(ValueError) as caught:
        day("2027-02-29", "tsunagi")
    assert str(caught.value) == "tsunagi: 2027-02-29 is not a day"
    with pytest.raises(ValueError) as caught:
        day("2026-1-1", "suido")
    assert str(caught.value) == "suido: 2026-1-1 is not a day"
    with pytest.raises(ValueError, match="naive datetime has no time zone") as caught:
        day(dt.datetime(2026, 10, 1, 12, 0), "tsunagi")
    assert str(caught.value).startswith("tsunagi: ")
    with pytest.raises(ValueError, match="not int"):
        day(20261001, "suido")


_OFFSETS = st.integers(-(24 * 60 - 1), 24 * 60 - 1).map(lambda m: dt.timedelta(minutes=m))


@settings(max_examples=300)
@given(
    st.dates(dt.date(2, 1, 1), dt.date(9998, 12, 31)),
    st.integers(-3 * 3600, 3 * 3600),
    _OFFSETS,
    st.integers(0, 999_999),
)
def test_day_near_midnight_in_any_zone_is_the_utc_day(
    date: dt.date, seconds: int, offset: dt.timedelta, micro: int
) -> None:
    midnight = dt.datetime(date.year, date.month, date.day, tzinfo=UTC)
    moment = midnight + dt.timedelta(seconds=seconds, microseconds=micro)
    local = moment.astimezone(dt.timezone(offset))
    assert day(local, "tsunagi") == moment.date().isoformat()
    assert day(local, "suido") == moment.date().isoformat()
