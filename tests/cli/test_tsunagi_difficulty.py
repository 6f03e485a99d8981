"""``itsutsu tsunagi rate`` and ``itsutsu tsunagi hint``: output, languages, exit statuses."""

from __future__ import annotations

import pytest

from itsutsu.cli import main

SIX = "AB..CD..CD....A.EF.B.EG....G..H...HF"
SIX_ANSWER = "ABCCCDABCDDDABAEEFABAEGFAAAGGFHHHHHF"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["tsunagi", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_rate_prints_score_steps_and_features(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "rate", "6", SIX, SIX_ANSWER)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("score ") and "(mark " in lines[0]
    assert lines[2].startswith("steps by tier ")
    assert lines[4] == "turns 6; longest line 9 of 36 cells"
    assert lines[5] == "forced from the line ends 100%"
    # Without the answer the layout is solved first: the same measure.
    assert run(capsys, "rate", "6", SIX)[1] == out


def test_rate_refuses_a_wrong_answer(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "rate", "6", SIX, SIX_ANSWER[::-1])
    assert status == 2 and out == "" and "does not solve" in err
    assert run(capsys, "rate", "6", "AB..")[0] == 2


def test_hint_says_the_next_step_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "hint", "6", SIX) == (
        0,
        "Line 1 has only one way on from A1, so A2 is line 1.\n",
        "",
    )
    status, out, _ = run(capsys, "hint", "6", SIX, "--language", "ja")
    assert status == 0 and out == "1番の線はA1から一方向にしか進めません。だからA2は1番の線です。\n"
    assert run(capsys, "hint", "6", SIX, "junk")[0] == 2
