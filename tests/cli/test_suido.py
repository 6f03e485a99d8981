"""``itsutsu suido check`` and ``itsutsu suido show``."""

from __future__ import annotations

import pytest

from itsutsu.cli import main

BOARD = "5x5:Eba3C3c9955C6abcdc3ckac3I"
ANSWER = "5x5:CeacE696955E3ad3bc69ia93I"
HEAD = "a Suido code starts WIDTHxHEIGHT, any flags d, i, w, then ':' (like 5x5:...)"


def test_check_ok(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["suido", "check", BOARD, ANSWER]) == 0
    assert capsys.readouterr().out == "ok\n"


def test_check_reason(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["suido", "check", BOARD, BOARD]) == 1
    assert capsys.readouterr().out == "the water runs out of an open end\n"
    assert main(["suido", "check", BOARD, "nonsense"]) == 2
    assert capsys.readouterr().err == f"itsutsu: the answer is not a Suido code: {HEAD}\n"
    assert main(["suido", "check", BOARD, "3x3w:h00000000"]) == 2
    err = capsys.readouterr().err
    assert err == "itsutsu: the answer is a 3x3 network wrapping board, not a 5x5 network one\n"


def test_check_bad_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["suido", "check", "5x5:zz", ANSWER]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "itsutsu: '5x5:zz' is not a Suido board code: a 5x5 board has 25 pieces, this body has 2\n"
    )


def test_show(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["suido", "show", BOARD]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[5] == "5x5 network, no wrap; twists: none"
    assert "1 of 25 pieces wet" in out
    assert main(["suido", "show", BOARD, ANSWER]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "D╶─  ┬─  ──  ┐  D╷"
    assert out.splitlines()[6] == "water: 25 of 25 pieces wet, 0 open ends; solved"


def test_show_refusals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["suido", "show", "nope"]) == 2
    assert capsys.readouterr().err == f"itsutsu: 'nope' is not a Suido board code: {HEAD}\n"
    assert main(["suido", "show", BOARD, "nope"]) == 2
    assert capsys.readouterr().err == f"itsutsu: 'nope' is not a Suido answer code: {HEAD}\n"
    assert main(["suido", "show", BOARD, "5x5d:" + ANSWER[4:]]) == 2
    err = capsys.readouterr().err
    assert err == "itsutsu: the answer is a 5x5 drains board, not a 5x5 network one\n"
    assert main(["suido", "show", BOARD, "3x3w:h00000000"]) == 2
    err = capsys.readouterr().err
    assert err == "itsutsu: the answer is a 3x3 network wrapping board, not a 5x5 network one\n"
