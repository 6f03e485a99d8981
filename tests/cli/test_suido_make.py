"""``itsutsu suido make``: a board with one answer from the command line, and its exit status."""

from __future__ import annotations

import json

import pytest

from itsutsu import suido
from itsutsu.cli import main
from itsutsu.suido import decode_layout, twists_of


def test_cli_make(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["suido", "make", "6", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    made = suido.make_unscored(size=6, seed=3)
    assert lines[:2] == [made.code, made.answer]
    assert lines[2].startswith("seed 3, difficulty ")
    assert (
        main(["suido", "make", "7x5", "--kind", "drains", "--wrap", "--pumps", "2", "--json"]) == 0
    )
    shown = json.loads(capsys.readouterr().out)
    assert shown["code"].startswith("7x5dw:")
    assert shown["twists"] == ["drains", "pumps", "wrap"]
    assert suido.check_answer(shown["code"], shown["answer"]).ok
    assert main(["suido", "make", "8", "--squares", "2", "--blocks", "1", "--locked", "2"]) == 0
    code = capsys.readouterr().out.splitlines()[0]
    layout = decode_layout(code)
    assert layout is not None
    assert twists_of(layout) == ("locked", "big-pieces", "block-turns")


def test_cli_make_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["suido", "make", "1"]) == 2
    assert capsys.readouterr().err == "itsutsu: Not a board size: 1\u00d71\n"
    assert main(["suido", "make", "seven"]) == 2
    assert "is not a board size" in capsys.readouterr().err
    assert main(["suido", "make", "7", "--walls", "-1"]) == 2
    assert "--walls must be a whole number" in capsys.readouterr().err


def test_cli_make_gives_up(capsys: pytest.CaptureFixture[str]) -> None:
    # A 2x2 board's only square holds its pump: no plan can place a big piece.
    assert main(["suido", "make", "2", "--squares", "1"]) == 3
    assert capsys.readouterr().out.startswith("gave up: no 2x2 network board")


def test_cli_make_aims(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["suido", "make", "6", "--difficulty", "50", "--seed", "2", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    again = suido.make(size=6, seed=shown["seed"])
    assert again.code == shown["code"]
    assert 1 <= shown["tried"] <= 60
