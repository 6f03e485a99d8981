"""``itsutsu tsunagi make``: a proved board as text and codes, or JSON; exit codes."""

from __future__ import annotations

import json

import pytest

from itsutsu import tsunagi
from itsutsu.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["tsunagi", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_make_prints_the_board_and_its_codes(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "make", "7", "--seed", "3")
    made = tsunagi.make(7, 3)
    assert status == 0 and err == ""
    assert f"layout {made.layout}\n" in out and f"answer {made.answer}\n" in out
    assert out.startswith("A . . . . . .\n")


def test_make_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "make", "7", "--seed", "3", "--twist", "hexagon", "--json")
    made = tsunagi.make(7, 3, "hexagon")
    assert status == 0
    assert json.loads(out) == {
        "size": 7,
        "seed": 3,
        "twist": "hexagon",
        "pairs": made.pairs,
        "layout": made.layout,
        "answer": made.answer,
        "spent": made.spent,
        "proofs": made.proofs,
    }


@pytest.mark.parametrize(
    ("argv", "status", "words"),
    [
        (("make", "3"), 2, "size must be a whole number from 4 to 60"),
        (("make", "8", "--twist", "hexagon"), 2, "odd size"),
        (("make", "12", "--twist", "walls", "--budget", "5"), 3, "gave up: no 12x12 board"),
    ],
)
def test_make_refuses_or_gives_up(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], status: int, words: str
) -> None:
    got, out, err = run(capsys, *argv)
    assert got == status and out == ""
    assert words in err and len(err.strip().splitlines()) == 1
