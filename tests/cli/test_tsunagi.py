"""``itsutsu tsunagi check`` and ``itsutsu tsunagi show``: exit codes and exact output."""

from __future__ import annotations

import pytest

from itsutsu.cli import main

FIVE = "AB..B.CDEF.....A..E.C..DF"
FIVE_ANSWER = "ABBBBACDEFACDEFACDEFCCDDF"


LAYOUT = "the givens are not a Tsunagi layout: "
NOT_FIT = "the answer does not fit the board: "
LENGTH_5_4 = LAYOUT + "a 5x5 layout has 25 cells before any '|', this one has 4"
LENGTH_4_25 = LAYOUT + "a 4x4 layout has 16 cells before any '|', this one has 25"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["tsunagi", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_check_ok(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "check", "5", FIVE, FIVE_ANSWER) == (0, "ok\n", "")


@pytest.mark.parametrize(
    ("size", "layout", "answer", "reason"),
    [
        ("5", FIVE, FIVE_ANSWER[:-1] + "D", "a stone is moved"),
        ("5", FIVE, "x" * 25, "a cell has no line through it"),
        ("5", FIVE, FIVE_ANSWER[:23] + "😀", "a cell has no line through it"),
        ("4", "A..A" + "...." + "B..B" + "C..C", "AAAABBBBBBBBCCCC", "line B is not one line"),
    ],
)
def test_check_failures_print_the_reason(
    capsys: pytest.CaptureFixture[str], size: str, layout: str, answer: str, reason: str
) -> None:
    assert run(capsys, "check", size, layout, answer) == (1, reason + "\n", "")


@pytest.mark.parametrize(
    ("size", "layout", "answer", "reason"),
    [
        ("5", FIVE, FIVE_ANSWER[:-1], "not a grid of that size: a 5x5 answer has 25 cells, not 24"),
        ("5", "junk", FIVE_ANSWER, LENGTH_5_4),
        ("4", FIVE, FIVE_ANSWER, LENGTH_4_25),
    ],
)
def test_check_bad_input_exits_2(
    capsys: pytest.CaptureFixture[str], size: str, layout: str, answer: str, reason: str
) -> None:
    assert run(capsys, "check", size, layout, answer) == (2, "", f"itsutsu: {reason}\n")


@pytest.mark.parametrize("size", ["x", "5.0", "-5", "0", "100", "٥"])
def test_check_bad_size_exits_2(capsys: pytest.CaptureFixture[str], size: str) -> None:
    status, out, err = run(capsys, "check", size, FIVE, FIVE_ANSWER)
    assert (status, out) == (2, "")
    assert err == f"itsutsu: {size!r} is not a board size (a whole number from 1 to 64)\n"


def test_show_layout(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "show", "5", FIVE) == (
        0,
        "A B . . B\n. C D E F\n. . . . .\nA . . E .\nC . . D F\nno twists\n",
        "",
    )


def test_show_answer(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "show", "5", FIVE, FIVE_ANSWER) == (
        0,
        "[A] [B]  B   B  [B]\n"
        " A  [C] [D] [E] [F]\n"
        " A   C   D   E   F\n"
        "[A]  C   D  [E]  F\n"
        "[C]  C   D  [D] [F]\n"
        "no twists\n"
        "solved\n",
        "",
    )


def test_show_an_answer_that_moves_a_stone_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "show", "5", FIVE, "FEDCBA" * 4 + "F") == (
        2,
        "",
        "itsutsu: the answer does not fit the board: a stone is moved\n",
    )
    assert run(capsys, "show", "5", FIVE, FIVE_ANSWER[:-1] + "D")[0] == 2


def test_show_a_full_answer_that_does_not_solve_exits_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    layout = "A..A" + "...." + "B..B" + "C..C"
    status, out, err = run(capsys, "show", "4", layout, "AAAABBBBBBBBCCCC")
    assert (status, err) == (1, "")
    assert out.splitlines()[-1] == "not solved: line B is not one line"


def test_show_walls_and_tail(capsys: pytest.CaptureFixture[str]) -> None:
    code = "A..AB..BC..CD..D|1-2,4-8,6-7|wrap|boom3|strokes4"
    assert run(capsys, "show", "4", code) == (
        0,
        "A .|. A\nB . .|B\n-\nC . . C\nD . . D\ntwists: walls, wrap, boom3, strokes 4\n",
        "",
    )


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (("show", "5", "junk"), LENGTH_5_4),
        (("show", "4", FIVE), LENGTH_4_25),
        (("show", "5", FIVE, "ABBB"), "not a grid of that size: a 5x5 answer has 25 cells, not 4"),
        (("show", "5", FIVE, FIVE_ANSWER[:-1] + "."), NOT_FIT + "a cell has no line through it"),
        (
            ("show", "5", FIVE, FIVE_ANSWER[:24] + "😀"),
            "not a grid of that size: a 5x5 answer has 25 cells, not 26",
        ),
        (
            ("show", "5", "AB#.B.CDEF.....A..E.C..DF", FIVE_ANSWER),
            NOT_FIT + "a blocked cell is used",
        ),
        (("show", "five", FIVE), "'five' is not a board size (a whole number from 1 to 64)"),
    ],
)
def test_show_bad_input_exits_2(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], reason: str
) -> None:
    assert run(capsys, *argv) == (2, "", f"itsutsu: {reason}\n")


def test_missing_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["tsunagi", "check", "5", FIVE])
    assert stop.value.code == 2
    assert "ANSWER" in capsys.readouterr().err
