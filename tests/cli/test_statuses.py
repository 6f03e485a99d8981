"""One exit-status scheme for both puzzles' commands (0 success, 1 a negative answer, 2 bad
input, 3 gave up), refusals that say which part of a code is wrong, option errors a user can
act on, ``--budget`` for the searches, and SVG files that stand alone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from installed_cli import CORNERS_30, FIVE, FIVE_ANSWER, HARD_30, SUIDO, SUIDO_ANSWER, itsutsu

UNSOLVABLE_SUIDO = "3x3:h00000000"  # one pump opening north: water leaks whatever turns
SLOW_SUIDO = "64x64w:h" + "7" * (64 * 64 - 1)


@pytest.mark.parametrize(
    ("argv", "status"),
    [
        (("tsunagi", "check", "5", FIVE, FIVE_ANSWER), 0),
        (("suido", "check", SUIDO, SUIDO_ANSWER), 0),
        (("tsunagi", "check", "5", FIVE, FIVE_ANSWER[:-1] + "D"), 1),
        (("suido", "check", SUIDO, SUIDO), 1),
        # a wrong-shaped answer is bad input for both puzzles
        (("tsunagi", "check", "5", FIVE, FIVE_ANSWER[:-1]), 2),
        (("suido", "check", SUIDO, "3x3:h00000000"), 2),
        (("suido", "check", SUIDO, "nonsense"), 2),
        (("tsunagi", "show", "5", FIVE, FIVE_ANSWER), 0),
        (("suido", "show", SUIDO, SUIDO_ANSWER), 0),
        (("suido", "show", SUIDO, SUIDO), 1),
        (("tsunagi", "solve", "5", FIVE), 0),
        (("suido", "solve", SUIDO), 0),
        # no answer: 1 for every search
        (("suido", "solve", UNSOLVABLE_SUIDO), 1),
        (("tsunagi", "count", "4", "AB.." + "...." + "...." + "..BA"), 1),
        (("tsunagi", "solve", "4", "AB.." + "...." + "...." + "..BA"), 1),
        # out of budget: 3 for every search
        (("tsunagi", "solve", "30", HARD_30, "--budget", "0"), 3),
        (("tsunagi", "count", "30", HARD_30, "--budget", "0"), 3),
        (("tsunagi", "solve", "30", CORNERS_30), 1),
        (("suido", "solve", SLOW_SUIDO, "--budget", "10"), 3),
    ],
)
def test_one_scheme_for_both_puzzles(argv: tuple[str, ...], status: int) -> None:
    assert itsutsu(*argv)[0] == status


def test_gave_up_says_so() -> None:
    assert itsutsu("tsunagi", "solve", "30", HARD_30, "--budget", "0") == (
        3,
        "gave up after 0 conflicts; try a larger --budget\n",
        "",
    )
    assert itsutsu("suido", "solve", SLOW_SUIDO, "--budget", "10") == (
        3,
        "no answer found yet\ngave up after 10 positions; try a larger --budget\n",
        "",
    )


@pytest.mark.parametrize(
    "argv",
    [("tsunagi", "solve", "30", CORNERS_30), ("tsunagi", "count", "30", CORNERS_30)],
)
def test_a_default_budget_returns_within_seconds(argv: tuple[str, ...]) -> None:
    status, out, _ = itsutsu(*argv, timeout=40)
    assert status in (1, 3)  # refuted outright, or an honest gave-up
    refuted = "no answer" in out or out.startswith("0 answers")
    assert refuted if status == 1 else ("gave up after 100,000 conflicts" in out)


def test_suido_default_budget_scales_with_the_board() -> None:
    status, out, _ = itsutsu("suido", "solve", SLOW_SUIDO, timeout=40)
    assert (status, out.splitlines()[1]) == (
        3,
        "gave up after 1,000 positions; try a larger --budget",
    )


@pytest.mark.parametrize(
    "argv",
    [
        ("tsunagi", "solve", "5", FIVE, "--budget", "x"),
        ("tsunagi", "count", "5", FIVE, "--budget", "-1"),
        ("suido", "solve", SUIDO, "--budget", "1.5"),
    ],
)
def test_a_bad_budget_is_bad_input(argv: tuple[str, ...]) -> None:
    status, out, err = itsutsu(*argv)
    assert (status, out) == (2, "")
    assert err.startswith("itsutsu: --budget must be a whole number")


LAYOUT = "itsutsu: the givens are not a Tsunagi layout: "


@pytest.mark.parametrize(
    ("argv", "err"),
    [
        (
            ("tsunagi", "show", "5", FIVE[:-1]),
            LAYOUT + "a 5x5 layout has 25 cells before any '|', this one has 24",
        ),
        (
            ("tsunagi", "show", "5", FIVE[:-1] + "%"),
            LAYOUT
            + "cell 24 (row 5, column 5) holds '%', which is no stone letter, '.', '#' or '+'",
        ),
        (
            ("tsunagi", "show", "5", FIVE[:-1] + "."),
            LAYOUT + "stone 'F' has no partner (each letter is on exactly two cells)",
        ),
        (
            ("tsunagi", "show", "5", FIVE[:-1] + "G"),
            LAYOUT + "stone 'F' has no partner (each letter is on exactly two cells)",
        ),
        (
            ("tsunagi", "show", "5", FIVE + "|wrap|hex"),
            LAYOUT + "tail segment 2, 'hex', is out of order (walls a-b,c-d first, then hex, "
            "sparse, wrap, portalsA-B,..., boomN or blastN, strokesN)",
        ),
        (
            ("tsunagi", "show", "5", FIVE + "|wrapped"),
            LAYOUT + "tail segment 1, 'wrapped', is not a tail word (walls a-b,c-d first, then "
            "hex, sparse, wrap, portalsA-B,..., boomN or blastN, strokesN)",
        ),
        (
            ("suido", "show", "5x5:" + SUIDO[4:-1] + "z"),
            f"itsutsu: '5x5:{SUIDO[4:-1]}z' is not a Suido board code: "
            "piece 24 (row 5, column 5) is 'z', no piece character (0-9 a-f, pumps g-v, "
            "drains A-P)",
        ),
        (
            ("suido", "show", "5x5:" + SUIDO[4:-1]),
            "itsutsu: '5x5:Eba3C3c9955C6abcdc3ckac3' is not a Suido board code: a 5x5 board "
            "has 25 pieces, this body has 24",
        ),
        (
            ("suido", "show", "99x5:" + SUIDO[4:]),
            "itsutsu: '99x5:Eba3C3c9955C6abcdc3ckac3I' is not a Suido board code: its sides "
            "are 99x5; each side is 2 to 64",
        ),
    ],
)
def test_refusals_say_which_part_is_wrong(argv: tuple[str, ...], err: str) -> None:
    assert itsutsu(*argv) == (2, "", err + "\n")


@pytest.mark.parametrize(
    "argv",
    [
        ("tsunagi", "check", "5", "A" * 1700, FIVE_ANSWER),
        ("tsunagi", "check", "5", FIVE, "A" * 1700),
        ("suido", "check", "40x40:" + "z" * 1700, SUIDO_ANSWER),
        ("suido", "show", SUIDO, "5x5:" + "1" * 1700),
        ("suido", "solve", SUIDO, "--budget", "9" * 1700 + "x"),
    ],
)
def test_a_long_code_is_never_echoed_whole(argv: tuple[str, ...]) -> None:
    status, out, err = itsutsu(*argv)
    assert (status, out) == (2, "")
    assert len(err) < 300 and err.count("\n") == 1


def test_a_size_beyond_the_largest_side_is_refused() -> None:
    assert itsutsu("tsunagi", "show", "65", "A" + "." * (65 * 65 - 2) + "A") == (
        2,
        "",
        "itsutsu: '65' is not a board size (a whole number from 1 to 64)\n",
    )


@pytest.mark.parametrize(
    ("option", "value", "choices"),
    [
        ("--colours", "nope", "'marble', 'bright', 'colour-blind', 'soft'"),
        ("--board", "nope", "'paper', 'wood', 'green', 'blue', 'red', 'black'"),
        ("--language", "fr", "'en', 'ja'"),
    ],
)
def test_option_errors_offer_what_can_be_typed(option: str, value: str, choices: str) -> None:
    status, out, err = itsutsu("tsunagi", "draw", "5", FIVE, option, value)
    assert (status, out) == (2, "")
    assert err == (
        f"itsutsu tsunagi draw: argument {option}: invalid choice: {value!r} "
        f"(choose from {choices}) (see itsutsu tsunagi draw --help)\n"
    )
    assert "BoardLook" not in err and "[h, s, l]" not in err


def _svg(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("<svg") and text.rstrip().endswith("</svg>")
    return text


@pytest.mark.parametrize(
    ("argv", "root"),
    [
        (("tsunagi", "draw", "5", FIVE), "tsunagi"),
        (("suido", "draw", SUIDO), "suido"),
        (("suido", "draw", SUIDO, "--thumb"), "sd-thumb"),
    ],
)
def test_a_drawing_file_carries_its_style(tmp_path: Path, argv: tuple[str, ...], root: str) -> None:
    target = tmp_path / "x.svg"
    assert itsutsu(*argv, "-o", str(target)) == (0, "", "")
    text = _svg(target)
    assert text.count("<style>") == 1
    assert re.search(r"<style>[^<]*\." + re.escape(root) + r"\b", text)
    assert itsutsu(*argv, "--no-style", "-o", str(target)) == (0, "", "")
    assert "<style>" not in _svg(target)


@pytest.mark.parametrize(
    ("argv", "solved"),
    [
        (("tsunagi", "draw", "5", FIVE, "--answer", FIVE_ANSWER), "true"),
        (("tsunagi", "draw", "5", FIVE), "false"),
        (("suido", "draw", SUIDO, "--answer", SUIDO_ANSWER), "true"),
        (("suido", "draw", SUIDO), "false"),
    ],
)
def test_a_solved_board_is_drawn_solved(argv: tuple[str, ...], solved: str) -> None:
    status, out, _ = itsutsu(*argv)
    assert status == 0
    head = out[: out.index(">")]
    assert f'data-solved="{solved}"' in head


def test_tsunagi_show_says_whether_the_answer_solves() -> None:
    status, out, err = itsutsu("tsunagi", "show", "5", FIVE, FIVE_ANSWER)
    assert (status, err, out.splitlines()[-1]) == (0, "", "solved")
    wrong = "FEDCBA" * 4 + "F"
    assert itsutsu("tsunagi", "show", "5", FIVE, wrong) == (
        2,
        "",
        "itsutsu: the answer does not fit the board: a stone is moved\n",
    )


@pytest.mark.parametrize(
    ("argv", "prog", "message"),
    [
        (("tsunagi",), "itsutsu tsunagi", "the following arguments are required: COMMAND"),
        (("tsunagi", "make"), "itsutsu tsunagi make", "the following arguments are required: SIZE"),
        (
            ("suido", "make", "7", "--kind", "pond"),
            "itsutsu suido make",
            "argument --kind: invalid choice: 'pond' (choose from 'network', 'drains', "
            "'inlet-outlet')",
        ),
        (
            ("suido", "make", "7", "--seed"),
            "itsutsu suido make",
            "argument --seed: expected one argument",
        ),
        (
            ("checkers",),
            "itsutsu",
            "argument PUZZLE: invalid choice: 'checkers' (choose from 'tsunagi', 'suido', 'serve')",
        ),
        (("tsunagi", "draw", "5", FIVE, "--nope"), "itsutsu", "unrecognized arguments: --nope"),
    ],
)
def test_a_usage_error_is_one_line_and_status_2(
    argv: tuple[str, ...], prog: str, message: str
) -> None:
    # The exit statuses promise one line on stderr for bad input; argparse's own error
    # printed the usage first. The line says where the usage is.
    assert itsutsu(*argv) == (2, "", f"{prog}: {message} (see {prog} --help)\n")
