"""Suido's explained hints: what they say (en and ja), where they come from, the fallback to
the original's help, bad progress, and the ``rate`` and ``hint`` commands."""

from __future__ import annotations

import pytest

from itsutsu import suido
from itsutsu.cli import main
from itsutsu.suido.difficulty import hint

LEVEL_1 = "5x5:j5a5C5I59Ib75f7a6CCa35aIC"
LEVEL_1_TURNS = "1101202133111021323101003"


def _layout(code: str) -> suido.Layout:
    layout = suido.decode_layout(code)
    assert layout is not None
    return layout


def test_start_hint_names_the_piece_the_facing_and_the_reason() -> None:
    found = hint(LEVEL_1)
    assert found is not None
    assert (found.cells, found.facing, found.rule, found.tier) == ((0,), (6,), "edge", 1)
    assert found.en == (
        "Row 1, column 1: this elbow must open east and south: "
        "the edge or a wall lies to its north and west."
    )
    assert (
        found.ja
        == "1行1列：この曲がったパイプは右と下に開きます。上と左は盤の端か壁に向いています。"
    )
    assert found.words("ja") == found.ja and found.words("en") == found.en


def test_a_piece_already_turned_right_is_skipped() -> None:
    # Turn the corner pump once (its answer facing): the hint moves on to another piece.
    progress = "1" + "0" * 24 + ":1"
    found = hint(LEVEL_1, progress)
    assert found is not None and found.cells != (0,)
    game = suido.game_from_progress(LEVEL_1, progress)
    assert hint(_layout(LEVEL_1), game) == found


def test_a_solved_board_has_nothing_to_hint() -> None:
    assert hint(LEVEL_1, LEVEL_1_TURNS + ":30") is None


def test_where_no_rule_applies_the_hint_is_the_originals_and_says_so() -> None:
    # A small board with several answers, where every rule's step is already shown.
    from suido_boards import _boards, _brute_answers

    layout = next(
        b
        for b in _boards(0)
        if len(_brute_answers(b)) > 1 and getattr(hint(b), "rule", None) == "cheat"
    )
    found = hint(layout)
    assert found is not None and found.tier == 0
    assert "no rule settles a piece now" in found.en
    game = suido.new_game(layout)
    assert game is not None
    answer = suido.solve(layout, 1).solutions[0]
    assert suido.hint_for(game, answer) in found.cells


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: hint("not a board"), "Suido board"),
        (lambda: hint(LEVEL_1, "12:0"), "one digit 0-3 per cell"),
        (lambda: hint(LEVEL_1, 5), "progress must be"),
        (lambda: hint(LEVEL_1, None, [1, 2]), "mask"),
    ],
)
def test_bad_arguments_raise_value_error(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


def test_cli_hint_prints_the_step_and_exits_by_the_scheme(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["suido", "hint", LEVEL_1]) == 0
    assert capsys.readouterr().out.startswith("Row 1, column 1: this elbow must open east")
    assert main(["suido", "hint", LEVEL_1, "--lang", "ja"]) == 0
    assert capsys.readouterr().out.startswith("1行1列：")
    assert main(["suido", "hint", LEVEL_1, LEVEL_1_TURNS + ":30"]) == 1
    assert main(["suido", "hint", LEVEL_1, "9:0"]) == 2
    assert main(["suido", "hint", "nope"]) == 2


def test_cli_rate_prints_the_measure_and_the_score(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["suido", "rate", LEVEL_1]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("score ") and out[0].endswith("5x5 network")
    assert out[1].startswith("steps: glance ") and "guess 0" in out[1]
    answer = suido.encode_layout(
        suido.with_masks(_layout(LEVEL_1), suido.level_solution([LEVEL_1, LEVEL_1_TURNS, ""]) or ())
    )
    assert main(["suido", "rate", LEVEL_1, answer]) == 0
    assert capsys.readouterr().out.splitlines()[0] == out[0]
    assert main(["suido", "rate", LEVEL_1, LEVEL_1]) == 2
    # A board with no answer: a straight pump alone on a 2x2 with nothing to join.
    assert main(["suido", "rate", "2x2:l000"]) == 1
