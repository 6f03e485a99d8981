"""Scores by percentiles (quantiles_of, percentile_in, score_of) and Spearman's correlation."""

from __future__ import annotations

import math

import pytest

from itsutsu.common.scoring import percentile_in, quantiles_of, score_of, spearman


def test_quantiles_interpolate_and_round_to_four_decimals() -> None:
    assert quantiles_of([3, 1, 2], 5) == (1.0, 1.5, 2.0, 2.5, 3.0)
    assert quantiles_of([0, 1], 4) == (0.0, 0.3333, 0.6667, 1.0)
    assert quantiles_of([7], 3) == (7.0, 7.0, 7.0)
    assert len(quantiles_of(list(range(100)))) == 21
    assert quantiles_of(list(range(101)), 101) == tuple(float(v) for v in range(101))


def test_quantiles_round_halves_up() -> None:
    # The middle point 0.00045 is 4.5 ten-thousandths: it goes up to 0.0005, where Python's
    # round() would give 0.0004.
    assert quantiles_of([0.0, 0.0009], 3)[1] == 0.0005
    assert quantiles_of([0.0, 0.0045], 3)[1] == 0.0023


def test_percentile_ends_and_lines() -> None:
    q = (0.0, 10.0, 20.0)
    assert percentile_in(q, -5) == 0.0
    assert percentile_in(q, 0) == 0.0
    assert percentile_in(q, 5) == 0.25
    assert percentile_in(q, 10) == 0.5
    assert percentile_in(q, 15) == 0.75
    assert percentile_in(q, 20) == 1.0
    assert percentile_in(q, 21) == 1.0
    assert percentile_in((4.0,), 9) == 0.0
    assert percentile_in((), 9) == 0.0


def test_percentile_equal_run_counts_from_its_first() -> None:
    q = (0.0, 1.0, 1.0, 1.0, 2.0)
    assert percentile_in(q, 1.0) == 0.25
    assert percentile_in(q, 1.5) == 0.875


def test_score_runs_from_1_to_100() -> None:
    q = (0.0, 10.0, 20.0)
    assert score_of(-1, q) == 1.0
    assert score_of(10, q) == 50.5
    assert score_of(15, q) == pytest.approx(75.25)
    assert score_of(99, q) == 100.0


def test_spearman_orders_and_ties() -> None:
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == 1.0
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == -1.0
    # Ranks with ties: xs -> 1.5, 1.5, 3, 4; ys -> 1, 2, 3, 4.
    assert spearman([5, 5, 6, 7], [1, 2, 3, 4]) == pytest.approx(0.9486832980505138)
    assert spearman([1, 2, 3], [2, 1, 3]) == pytest.approx(0.5)
    assert math.isnan(spearman([1, 1, 1], [1, 2, 3]))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: quantiles_of([]), "at least one"),
        (lambda: quantiles_of([1, "2"]), "numbers"),
        (lambda: quantiles_of([1, math.inf]), "finite"),
        (lambda: quantiles_of([1, 2], 1), "count"),
        (lambda: quantiles_of(5), "tuple or a list"),
        (lambda: score_of(1, [2, 1]), "ascending"),
        (lambda: score_of(math.nan, [1, 2]), "finite"),
        (lambda: score_of(True, [1, 2]), "number"),
        (lambda: spearman([1, 2], [1]), "items"),
        (lambda: spearman([1], [1]), "two pairs"),
    ],
)
def test_bad_arguments_raise_value_error(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]
