"""``itsutsu tsunagi|suido day`` and ``... level``, run as the installed command."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import corpus_files
from corpus_levels import suido_source, tsunagi_source
from itsutsu import suido, tsunagi

COMMAND = Path(sys.executable).parent / "itsutsu"
DAY_VECTOR = [104, 225, 124, 121, 216, 153, 60, 1, 40, 113, 28, 41, 40, 57, 28]
FIVE = "AB..B.CDEF.....A..E.C..DF"
FIVE_ANSWER = "ABBBBACDEFACDEFACDEFCCDDF"
BOARD = ("5x5:j5a5C5I59Ib75f7a6CCa35aIC", "1101202133111021323101003", "")


def run(*argv: str) -> tuple[int, str, str]:
    done = subprocess.run(
        [str(COMMAND), *argv], capture_output=True, text=True, encoding="utf-8", check=False
    )
    return done.returncode, done.stdout, done.stderr


def refused(argv: tuple[str, ...], message: str) -> None:
    status, out, err = run(*argv)
    assert (status, out) == (2, "")
    assert err == f"itsutsu: {message}\n"


@pytest.fixture(scope="module")
def own(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A source of one Tsunagi and one Suido level, written by the package's writers."""
    folder = tmp_path_factory.mktemp("own")
    tsunagi.write_level_file(folder / "classic-5.tsv", 5, [tsunagi.LevelRow(FIVE, FIVE_ANSWER, 2)])
    suido.write_level_file(folder / "5x5.tsv", "5x5", [suido.LevelRow(*BOARD, 1)])
    return folder


def test_tsunagi_day_for_every_size() -> None:
    status, out, err = run("tsunagi", "day", "--date", "2026-10-01")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[:15] == [
        f"{s} {n}" for s, n in zip(tsunagi.TSUNAGI_SIZES, DAY_VECTOR, strict=True)
    ]
    assert lines[15:] == ["40 24"]


def test_tsunagi_day_for_one_size_and_today() -> None:
    assert run("tsunagi", "day", "7", "--date", "2026-10-01") == (0, "7 121\n", "")
    before = dt.datetime.now(dt.UTC)
    status, out, _ = run("tsunagi", "day", "13")
    after = dt.datetime.now(dt.UTC)
    assert status == 0
    assert out in {f"13 {tsunagi.daily_level(13, moment)}\n" for moment in (before, after)}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--date", "2027-02-29"), "tsunagi: 2027-02-29 is not a day"),
        (("7", "--date", "2026-1-1"), "tsunagi: 2026-1-1 is not a day"),
        (
            ("41",),
            "tsunagi: there are no classic levels of size 41; the sizes are 4, 5, 6, 7, 8, 9, "
            "10, 11, 12, 13, 14, 15, 20, 25, 30, 40",
        ),
        (("seven",), "'seven' is not a board size (a whole number from 1 to 64)"),
    ],
)
def test_tsunagi_day_refusals(argv: tuple[str, ...], message: str) -> None:
    refused(("tsunagi", "day", *argv), message)


def test_suido_day() -> None:
    assert run("suido", "day", "7x7", "--date", "2026-10-06") == (0, "7x7 4\n", "")
    assert run("suido", "day", "7x7", "--date", "2026-10-07") == (0, "7x7 101\n", "")
    status, out, _ = run("suido", "day", "--date", "2026-10-06")
    assert status == 0
    expected = [f"{s} {suido.daily_level(s, '2026-10-06')}" for s in suido.SUIDO_SIZES]
    assert out.splitlines() == expected


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--date", "2026-02-30"), "suido: 2026-02-30 is not a day"),
        (
            ("7x8",),
            "No Suido at 7x8. The sizes with levels are 5x5, 6x6, 7x7, 8x8, 9x9, "
            "10x10, 11x11, 12x12, 13x13, 14x14, 5x7, 6x10, 8x14, 20x20, 28x28, 20x50.",
        ),
    ],
)
def test_suido_day_refusals(argv: tuple[str, ...], message: str) -> None:
    refused(("suido", "day", *argv), message)


def test_tsunagi_level(own: Path) -> None:
    layout = tsunagi.decode_layout(FIVE, 5)
    assert layout is not None
    status, out, err = run("tsunagi", "level", "5", "1", "--source", str(own))
    assert (status, err) == (0, "")
    assert out == (
        "tsunagi classic 5x5, level 1 of 1, mark 2, easy\nchallenges: none\n"
        + tsunagi.board_text(layout)
    )
    status, out, _ = run("tsunagi", "level", "5", "1", "--source", str(own), "--answer")
    assert status == 0
    assert out.endswith(tsunagi.board_text(layout, FIVE_ANSWER))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("5", "2"), "tsunagi: the classic set has levels 1 to 1 at size 5, not 2"),
        (("5", "0"), "'0' is not a level number (a whole number from 1)"),
        (("5", "x"), "'x' is not a level number (a whole number from 1)"),
        (("6", "1"), "tsunagi: the directory {own} has no classic-6.tsv"),
        (("5", "1", "--set", "portals"), "tsunagi: the directory {own} has no portals-5.tsv"),
        (
            ("4", "1", "--set", "portals"),
            "tsunagi: there are no portals levels of size 4; "
            "the sizes are 5, 6, 7, 8, 9, 10, 12, 15",
        ),
    ],
)
def test_tsunagi_level_refusals(own: Path, argv: tuple[str, ...], message: str) -> None:
    refused(("tsunagi", "level", *argv, "--source", str(own)), message.format(own=own.resolve()))


def test_level_without_a_set_installed(tmp_path: Path) -> None:
    status, out, err = run("tsunagi", "level", "5", "1", "--source", str(tmp_path / "none"))
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and "is not a directory" in err


def test_suido_level(own: Path) -> None:
    layout = suido.decode_layout(BOARD[0])
    assert layout is not None
    status, out, err = run("suido", "level", "5x5", "1", "--source", str(own))
    assert (status, err) == (0, "")
    assert out == "suido 5x5, level 1 of 1, mark 1, easy\ntwists: none\n" + suido.board_text(layout)
    status, out, _ = run("suido", "level", "5x5", "1", "--answer", "--source", str(own))
    assert status == 0
    assert "25 of 25 pieces wet, 0 open ends; solved" in out
    refused(
        ("suido", "level", "5x5", "2", "--source", str(own)), "suido: 5x5 has levels 1 to 1, not 2"
    )
    refused(
        ("suido", "level", "big", "1", "--source", str(own)),
        f"suido: the directory {own.resolve()} has no big.tsv",
    )
    refused(
        ("suido", "level", "5x6", "1"),
        "No Suido at 5x6. The sizes with levels are 5x5, "
        "6x6, 7x7, 8x8, 9x9, 10x10, 11x11, 12x12, 13x13, 14x14, 5x7, 6x10, 8x14, 20x20, "
        "28x28, 20x50.",
    )


def test_levels_from_the_corpus(tmp_path: Path) -> None:
    if not corpus_files("tsunagi") or not corpus_files("suido"):
        pytest.skip("the corpus is absent: ../shared/corpus")
    tsunagi_source(tmp_path)
    suido_source(tmp_path)
    status, out, _ = run("tsunagi", "level", "7", "31", "--source", str(tmp_path))
    assert status == 0
    assert out.splitlines()[:2] == [
        "tsunagi classic 7x7, level 31 of 256, mark 1, easy",
        "challenges: walls (teaches; new: walls)",
    ]
    status, out, _ = run(
        "tsunagi", "level", "9", "16", "--set", "portals", "--source", str(tmp_path)
    )
    assert status == 0
    assert out.splitlines()[:2] == [
        "tsunagi portals 9x9, level 16 of 32, mark 5, medium",
        "challenges: portals",
    ]
    status, out, _ = run("suido", "level", "7x7", "32", "--source", str(tmp_path))
    assert status == 0
    assert out.splitlines()[:2] == [
        "suido 7x7, level 32 of 256, mark 1, easy",
        "twists: drains (tests)",
    ]
    status, out, _ = run("suido", "level", "big", "15", "--answer", "--source", str(tmp_path))
    assert status == 0
    lines = out.splitlines()
    assert lines[:2] == [
        "suido big pieces (5x5), level 15 of 64, mark 2, score 23, easy",
        "twists: big-pieces, block-turns (teaches; new: block-turns)",
    ]
    assert "water: 25 of 25 pieces wet, 0 open ends; solved" in lines
