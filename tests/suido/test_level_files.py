"""Suido level files and loaders: the format, its refusals, and the corpus read as a source."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import corpus_files, corpus_rows
from corpus_levels import suido_source
from itsutsu import suido
from itsutsu.common import levels as common
from itsutsu.common.levels import TwistRole
from itsutsu.suido.levels import loading

PLAIN = ("5x5:j5a5C5I59Ib75f7a6CCa35aIC", "1101202133111021323101003", "")
WALLS = ("5x5:CB3E99577cBBrfEea6aB65Ecc;w4,34,36", "1123311311212013021231121", "walls")
BIG = ("5x5:Bm16966295dadca7I6d735EEC;b2", "1110302000203110033201123", "big-pieces")
HEADER = "#board\tturns\ttwists\tmark"
BIG_HEADER = "#board\tturns\ttwists\tmark\tsize\tscore\tpieces"


def _line(*fields: str) -> str:
    return "\t".join(fields)


ROW = _line(*PLAIN, "1")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not corpus_files("suido"):
        pytest.skip("the Suido corpus is absent: ../shared/corpus/suido")
    return suido_source(tmp_path_factory.mktemp("suido-corpus"))


def _file(folder: Path, name: str, *lines: str) -> Path:
    path = folder / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_names_and_columns() -> None:
    assert suido.LEVEL_COLUMNS == ("board", "turns", "twists", "mark")
    assert (*suido.LEVEL_COLUMNS, "size", "score", "pieces") == suido.BIG_COLUMNS
    assert suido.level_file_name("7x7") == "7x7.tsv"
    assert suido.BIG_FILE == "big.tsv"
    with pytest.raises(ValueError):
        suido.level_file_name("../7x7")


def test_round_trip(tmp_path: Path) -> None:
    rows = [suido.LevelRow(*PLAIN, 1), suido.LevelRow(*WALLS, 3)]
    text = suido.level_file_text("5x5", rows)
    assert text == f"{HEADER}\n{ROW}\n{_line(*WALLS, '3')}\n"
    suido.write_level_file(tmp_path / "5x5.tsv", "5x5", rows)
    assert (tmp_path / "5x5.tsv").read_text(encoding="utf-8") == text
    assert suido.read_level_file(tmp_path / "5x5.tsv", "5x5") == tuple(rows)
    assert suido.levels_of("5x5", source=tmp_path) == tuple(rows)
    # The rows are level rows: the row functions read them as they are.
    assert suido.level_answer(rows[0]) == suido.level_answer(PLAIN)
    assert suido.declared_twists(rows[1]) == ("walls",)


def test_big_round_trip(tmp_path: Path) -> None:
    rows = [suido.BigLevelRow(*BIG, 1, "5x5", 4, 1)]
    text = suido.big_file_text(rows)
    assert text == f"{BIG_HEADER}\n{_line(*BIG, '1', '5x5', '4', '1')}\n"
    suido.write_big_file(tmp_path / "big.tsv", rows)
    assert suido.read_big_file(tmp_path / "big.tsv") == tuple(rows)
    assert suido.big_levels(source=tmp_path) == tuple(rows)
    assert suido.big_pieces(1, source=tmp_path) == suido.BigPieces(1, 4 / 25)
    assert suido.big_size(1, source=tmp_path) == "5x5"
    assert suido.big_score(1, source=tmp_path) == 4
    assert suido.big_marks(1, source=tmp_path) == 1
    assert suido.big_twists(1, source=tmp_path) == ("big-pieces",)
    assert suido.big_level_of(BIG[0], source=tmp_path) == 1
    assert suido.big_layouts(source=tmp_path) == (BIG[0],)
    assert suido.big_size(2, source=tmp_path) is None  # in 1..64 but not in this file
    assert suido.big_score(65) is None and suido.big_role(0) is None  # no file is read


def test_writer_refuses_rows_the_reader_would() -> None:
    with pytest.raises(ValueError, match="level 1: the mark must be one digit 1 to 5, not '0'"):
        suido.level_file_text("5x5", [suido.LevelRow(*PLAIN, 0)])
    with pytest.raises(ValueError, match="level 2: the twists must be the board's own, 'walls'"):
        suido.level_file_text(
            "5x5", [suido.LevelRow(*PLAIN, 1), suido.LevelRow(WALLS[0], WALLS[1], "", 1)]
        )
    with pytest.raises(ValueError, match="level 1: the board is 5x5, not 7x7"):
        suido.level_file_text("7x7", [suido.LevelRow(*PLAIN, 1)])
    with pytest.raises(ValueError, match="level 1: the mark must be the score's, 3, not 1"):
        suido.big_file_text([suido.BigLevelRow(*BIG, 1, "5x5", 40, 1)])
    with pytest.raises(ValueError, match="must be a LevelRow"):
        suido.level_file_text("5x5", [PLAIN])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (("# level\tcode\tturns\ttwists\tmark", ROW), "line 1: the header must be"),
        ((HEADER, ROW, _line(*PLAIN)), "line 3: 3 fields, not 4"),
        ((HEADER, _line("5x5:zz", PLAIN[1], "", "1")), "line 2: the board '5x5:zz' is not a"),
        ((HEADER, _line(PLAIN[0], PLAIN[1][:-1], "", "1")), "line 2: the turns must be one digit"),
        ((HEADER, _line(PLAIN[0], "4" * 25, "", "1")), "for each of the board's 25 cells"),
        ((HEADER, ROW, _line(*PLAIN[:2], "walls", "1")), "line 3: the twists must be the board's"),
        ((HEADER, _line(*WALLS[:2], "walls ", "1")), "line 2: the twists must be the board's"),
        ((HEADER, ROW, ROW, _line(*PLAIN, "6")), "line 4: the mark must be one digit 1 to 5"),
        ((HEADER, _line(*PLAIN, "")), "line 2: the mark"),
    ],
)
def test_bad_rows_are_refused_with_their_line(
    tmp_path: Path, lines: tuple[str, ...], message: str
) -> None:
    path = _file(tmp_path, "5x5.tsv", *lines)
    with pytest.raises(ValueError) as caught:
        suido.read_level_file(path, "5x5")
    assert str(caught.value).startswith(str(path))
    assert message in str(caught.value)
    with pytest.raises(ValueError, match="line"):
        suido.levels_of("5x5", source=tmp_path)


def test_the_board_must_be_the_files_size(tmp_path: Path) -> None:
    path = _file(tmp_path, "6x6.tsv", HEADER, ROW)
    with pytest.raises(ValueError, match=r"6x6.tsv line 2: the board is 5x5, not 6x6"):
        suido.levels_of("6x6", source=tmp_path)
    assert path.exists()


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (("5x7", "4", "1"), "the size must be the board's, '5x5', not '5x7'"),
        (("5x5", "0", "1"), "the score must be a whole number 1 to 100, not '0'"),
        (("5x5", "101", "5"), "the score must be a whole number 1 to 100, not '101'"),
        (("5x5", "04", "1"), "the score must be a whole number 1 to 100, not '04'"),
        (("5x5", "4", "2"), "the pieces must be the board's big pieces, 1, not '2'"),
        (("5x5", "4", "01"), "the pieces must be the board's big pieces, 1, not '01'"),
    ],
)
def test_bad_big_rows(tmp_path: Path, fields: tuple[str, ...], message: str) -> None:
    path = _file(tmp_path, "big.tsv", BIG_HEADER, _line(*BIG, "1", *fields))
    with pytest.raises(ValueError) as caught:
        suido.read_big_file(path)
    assert str(caught.value) == f"{path} line 2: {message}"


def test_unknown_sizes_and_missing_files(tmp_path: Path) -> None:
    with pytest.raises(ValueError) as caught:
        suido.levels_of("7x8")
    assert str(caught.value) == (
        "No Suido at 7x8. The sizes with levels are 5x5, 6x6, 7x7, 8x8, 9x9, 10x10, 11x11, "
        "12x12, 13x13, 14x14, 5x7, 6x10, 8x14, 20x20, 28x28, 20x50."
    )
    with pytest.raises(ValueError, match="No Suido at 07x07"):
        suido.levels_of("07x07")
    with pytest.raises(ValueError, match="size must be text such as '7x7', not int"):
        suido.levels_of(7)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"has no 7x7.tsv"):
        suido.levels_of("7x7", source=tmp_path)
    with pytest.raises(ValueError, match=r"has no big.tsv"):
        suido.big_levels(source=tmp_path)
    with pytest.raises(ValueError, match="is not a directory"):
        suido.levels_of("7x7", source=tmp_path / "nowhere")


def test_a_size_not_in_the_package_yet(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(loading, "files", lambda _package: tmp_path)
    loading._load.cache_clear()
    loading._load_big.cache_clear()
    try:
        with pytest.raises(ValueError) as caught:
            suido.levels_of("7x7")
        with pytest.raises(ValueError, match="the level set for the big pieces is not in"):
            suido.big_levels()
    finally:
        loading._load.cache_clear()
        loading._load_big.cache_clear()
    assert str(caught.value) == (
        "suido: the level set for 7x7 is not in this installation yet (no 7x7.tsv in "
        "itsutsu/suido/levels/data); pass source=DIR (--source DIR to the command), "
        "a directory holding 7x7.tsv in the level-file format"
    )


def test_loading_one_size_opens_no_other_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _file(tmp_path, "5x5.tsv", HEADER, ROW)
    for name in ("6x6.tsv", "5x7.tsv", "big.tsv"):
        _file(tmp_path, name, "not a level file")
    opened: list[str] = []
    reader = common._read_bytes

    def watched(file: common.LevelFile) -> bytes:
        opened.append(Path(str(file)).name)
        return reader(file)

    monkeypatch.setattr(common, "_read_bytes", watched)
    rows = suido.levels_of("5x5", source=tmp_path)
    assert suido.level("5x5", 1, source=tmp_path) == rows[0]
    assert suido.level_of("5x5", PLAIN[0], source=tmp_path) == 1
    assert suido.level_of("5x5", WALLS[0], source=tmp_path) is None
    assert suido.layouts("5x5", source=tmp_path) == (PLAIN[0],)
    assert suido.marks("5x5", 1, source=tmp_path) == 1
    assert suido.role("5x5", 1, source=tmp_path) is None
    assert suido.marks("5x5", 2, source=tmp_path) is None
    assert opened == ["5x5.tsv"]
    with pytest.raises(ValueError, match="levels 1 to 1, not 2"):
        suido.level("5x5", 2, source=tmp_path)
    with pytest.raises(ValueError, match=r"big.tsv line 1: the header"):
        suido.big_levels(source=tmp_path)


@pytest.mark.parametrize("name", corpus_files("suido") or ["5x5.tsv"])
def test_the_corpus_reads_as_a_source(corpus: Path, name: str) -> None:
    rows = corpus_rows("suido", name)
    if name == "big.tsv":
        big = suido.big_levels(corpus)
        assert big is suido.big_levels(str(corpus))
        assert len(big) == suido.SUIDO_BIG_COUNT
        for number, (row, corpus_row) in enumerate(zip(big, rows, strict=True), start=1):
            _, board, turns, twists, size, score, pieces = corpus_row
            assert row[:3] == (board, turns, twists)
            assert (row.size, row.score, row.pieces) == (size, int(score), int(pieces))
            assert suido.big_level_of(board, corpus) == number
            assert suido.big_twists(number, corpus) == tuple(twists.split(" "))
            assert "big-pieces" in twists.split(" ")
            role = suido.big_role(number, corpus)
            slot = (number - 1) % 16 + 1
            assert (role is not None) == (slot >= 15)  # every level shows big pieces
            if role is not None:
                assert role.role == ("teaches" if slot == 15 else "tests")
                assert role.twists == suido.big_twists(number, corpus)
        return
    size = name[:-4]
    loaded = suido.levels_of(size, corpus)
    assert loaded is suido.levels_of(size, corpus)
    assert len(loaded) == suido.level_count(size)
    assert suido.layouts(size, corpus) == tuple(row[1] for row in rows)
    seen: set[str] = set()
    for number, (row, corpus_row) in enumerate(zip(loaded, rows, strict=True), start=1):
        _, board, turns, twists, mark = corpus_row
        assert tuple(row) == (board, turns, twists, int(mark))
        assert suido.level_of(size, board, corpus) == number
        assert suido.marks(size, number, corpus) == int(mark)
        declared = tuple(twists.split(" ")) if twists else ()
        assert suido.declared_twists(row) == declared
        role = suido.role(size, number, corpus)
        slot = (number - 1) % 16 + 1
        if slot >= 15 and declared:
            assert role == TwistRole(
                "teaches" if slot == 15 else "tests",
                declared,
                tuple(t for t in declared if t not in seen),
            )
        else:
            assert role is None
        if number > 16 and slot >= 15:  # from block 2 on, every 15th and 16th has a twist
            assert declared, (size, number)
        seen.update(declared)


def test_corpus_lesson_plan(corpus: Path) -> None:
    """The roles at the first twist levels follow the lesson plan the original's data keeps."""
    lessons = ["drains", "pumps", "locked", "walls", "wrap", "inlet-outlet"]
    for block, twist in enumerate(lessons, start=2):
        teach = suido.role("7x7", block * 16 - 1, corpus)
        test = suido.role("7x7", block * 16, corpus)
        assert teach == TwistRole("teaches", (twist,), (twist,)), block
        assert test == TwistRole("tests", (twist,), ())
    for block, twist in enumerate(["drains", "pumps", "wrap"], start=2):
        assert suido.role("28x28", block * 16 - 1, corpus) == TwistRole(
            "teaches", (twist,), (twist,)
        )
    assert suido.role("7x7", 15, corpus) is None  # block 1 is plain


def test_corpus_round_trips_through_the_writer(corpus: Path) -> None:
    for path in sorted(corpus.glob("*.tsv")):
        if path.name == "big.tsv":
            text = suido.big_file_text(suido.big_levels(corpus))
        else:
            text = suido.level_file_text(path.stem, suido.levels_of(path.stem, corpus))
        assert text == path.read_text(encoding="utf-8"), path.name


def test_writer_paths(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="path must be a path, not int"):
        suido.write_big_file(5, [])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="cannot be written"):
        suido.write_level_file(tmp_path, "5x5", [suido.LevelRow(*PLAIN, 1)])
    with pytest.raises(ValueError, match="rows must be a list"):
        suido.write_level_file(tmp_path / "5x5.tsv", "5x5", "rows")  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []
    suido.write_big_file(tmp_path / "big.tsv", [])
    assert suido.read_big_file(tmp_path / "big.tsv") == ()
