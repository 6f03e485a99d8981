"""The checked doors to the single-draw makers (spec 10.3): ``candidate``,
``repaired_candidate``, ``sparse_candidate`` and ``reduced_candidate`` take plain values,
refuse wrong ones with a ValueError that says what to give, and give boards that decode and
have exactly one answer, the same ones from the same seed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from itsutsu import tsunagi
from itsutsu.common.random import seeded_random
from itsutsu.tsunagi import Candidate
from tsunagi_boards import brute_force

DOORS: list[Callable[..., Candidate | None]] = [
    tsunagi.candidate,
    tsunagi.repaired_candidate,
    tsunagi.sparse_candidate,
    tsunagi.reduced_candidate,
]


def _boards(door: Callable[..., Candidate | None], size: Any, seed: int, want: int, **kw: Any):
    """The first ``want`` boards a door gives on one stream (at most 60 draws)."""
    random = seeded_random(seed)
    out = []
    for _ in range(60):
        made = door(size, random, **kw)
        if made is not None:
            out.append(made)
            if len(out) == want:
                break
    return out


def _assert_one_answer(made: Candidate, cross_check: bool) -> None:
    layout = tsunagi.decode_layout(made.layout, made.size)
    assert layout is not None, made.layout
    assert layout.pairs == made.pairs
    assert tsunagi.check_answer(made.size, made.layout, made.answer).ok
    counted = tsunagi.count_solutions_of_level(layout, made.answer, 2, rule="check")
    assert counted.complete and counted.count == 1 and counted.answers[0] == made.answer
    assert made.key == tsunagi.symmetry_key(made.layout, made.size)
    if cross_check:
        accepted = {
            answer
            for _, answer in brute_force(layout, 10_000)
            if tsunagi.check_answer(made.size, made.layout, answer).ok
        }
        assert accepted == {made.answer}, made.layout


@pytest.mark.parametrize(
    ("door", "size", "options"),
    [
        (tsunagi.candidate, 5, {}),
        (tsunagi.candidate, 6, {"longest": 8}),
        (tsunagi.candidate, 5, {"wrap": True}),
        (tsunagi.candidate, 7, {"hexagon": True}),
        (tsunagi.repaired_candidate, 6, {}),
        (tsunagi.repaired_candidate, 9, {}),
        (tsunagi.sparse_candidate, 6, {}),
        (tsunagi.reduced_candidate, 12, {"most": 30}),
        (tsunagi.reduced_candidate, 10, {"most": 20, "wrap": True}),
    ],
)
def test_doors_give_boards_with_one_answer(
    door: Callable[..., Candidate | None], size: int, options: dict[str, Any]
) -> None:
    made = _boards(door, size, 3, 3, **options)
    assert len(made) == 3
    for board in made:
        assert board.size == size
        _assert_one_answer(board, size <= 6)
        layout = tsunagi.decode_layout(board.layout, size)
        assert layout is not None
        assert layout.wrap == options.get("wrap", False)
        assert layout.hex == options.get("hexagon", False)
        if "most" in options:
            assert board.pairs <= options["most"]
    if door is tsunagi.sparse_candidate:
        assert all(b.layout.endswith("|sparse") and b.pairs <= 4 for b in made)


def test_the_same_seed_gives_the_same_boards() -> None:
    for door, size in ((tsunagi.candidate, 6), (tsunagi.repaired_candidate, 7)):
        first = _boards(door, size, 11, 3)
        assert first == _boards(door, size, 11, 3)
        assert first != _boards(door, size, 12, 3)
    assert _boards(tsunagi.reduced_candidate, 12, 5, 1, most=40) == _boards(
        tsunagi.reduced_candidate, 12, 5, 1, most=40
    )


def test_repairing_keeps_boards_a_plain_candidate_throws_away() -> None:
    # Both draw the same filling from the same seed; repairing mends a second answer.
    # Lines as long as the board allows, so that some fillings have a second answer.
    plain = [tsunagi.candidate(7, seeded_random(s), 49) for s in range(40)]
    mended = [tsunagi.repaired_candidate(7, seeded_random(s), 49) for s in range(40)]
    thrown = [s for s in range(40) if plain[s] is None]
    assert thrown and all(mended[s] is not None for s in thrown)
    for s in range(40):
        if plain[s] is not None:
            assert mended[s] == plain[s]
    for made in mended:
        if made is not None:
            _assert_one_answer(made, False)


def test_a_shape_with_blocked_cells() -> None:
    cells = [tsunagi.CELL_EMPTY] * 36
    cells[14] = cells[21] = tsunagi.CELL_BLOCKED
    shape = tsunagi.Shape(6, tuple(cells))
    made = _boards(tsunagi.candidate, shape, 2, 2)
    assert len(made) == 2
    for board in made:
        _assert_one_answer(board, True)
        layout = tsunagi.decode_layout(board.layout, 6)
        assert layout is not None
        assert layout.cells[14] == layout.cells[21] == tsunagi.CELL_BLOCKED


def _returns(value: object) -> Callable[[], object]:
    return lambda: value


@pytest.mark.parametrize(
    ("door", "args", "options", "message"),
    [
        (tsunagi.candidate, (7, None), {}, "candidate: random must be a stream of numbers"),
        (tsunagi.candidate, (3,), {}, "candidate: size must be a side from 4 to 60, not 3"),
        (
            tsunagi.candidate,
            ("7",),
            {},
            "candidate: size must be a whole number (the board's side) or a Shape, not str",
        ),
        (tsunagi.candidate, (True,), {}, "size must be a whole number"),
        (tsunagi.candidate, (6,), {"hexagon": True}, "a hexagon needs an odd side and no wrap"),
        (tsunagi.candidate, (7,), {"wrap": 1}, "candidate: wrap must be True or False, not int"),
        (tsunagi.candidate, (7,), {"longest": 2}, "longest must be from 3 to 49"),
        (tsunagi.candidate, (7,), {"budget": 0}, "budget must be from 1 to 2147483647"),
        (tsunagi.candidate, (7,), {"budget": 2.5}, "budget must be a whole number (SAT"),
        (tsunagi.repaired_candidate, (7,), {"longest": "9"}, "repaired_candidate: longest"),
        (tsunagi.sparse_candidate, (61,), {}, "sparse_candidate: size must be a side"),
        (tsunagi.reduced_candidate, (20,), {"most": 83}, "most must be from 1 to 82"),
        (tsunagi.reduced_candidate, (20,), {"piece": 2}, "piece must be from 3 to 12"),
        (tsunagi.reduced_candidate, (20,), {"work": -1}, "work must be from 1"),
        (
            tsunagi.candidate,
            (tsunagi.Shape(5, (0,) * 24),),
            {},
            "the shape's cells must be a tuple of 25 values",
        ),
        (
            tsunagi.candidate,
            (tsunagi.Shape(5, (9,) * 25),),
            {},
            "the shape's cell 0 must be CELL_EMPTY, CELL_BLOCKED or CELL_BRIDGE",
        ),
        (
            tsunagi.candidate,
            (tsunagi.Shape(5, (tsunagi.CELL_BRIDGE,) + (tsunagi.CELL_EMPTY,) * 24),),
            {},
            "the bridge at cell 0 must be off the rim",
        ),
        (
            tsunagi.candidate,
            (tsunagi.Shape(5, (tsunagi.CELL_EMPTY,) * 25),),
            {"wrap": True},
            "give wrap and hexagon in the Shape, not beside it",
        ),
        (
            tsunagi.candidate,
            (tsunagi.decode_layout("A...A" + "." * 20, 5),),
            {},
            "a layout given as the shape must have no stones",
        ),
    ],
)
def test_wrong_arguments_say_what_to_give(
    door: Callable[..., object], args: tuple[object, ...], options: dict[str, Any], message: str
) -> None:
    if len(args) == 1:
        args = (*args, seeded_random(1))
    with pytest.raises(ValueError) as error:
        door(*args, **options)
    assert message in str(error.value)


@pytest.mark.parametrize("value", [1.0, -0.5, "0.3", None, True])
def test_a_stream_giving_numbers_outside_zero_to_one_is_refused(value: object) -> None:
    for door in DOORS:
        with pytest.raises(ValueError, match=r"random gave .* it must give numbers in \[0, 1\)"):
            door(8, _returns(value))
