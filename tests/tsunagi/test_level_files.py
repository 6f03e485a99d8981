"""Tsunagi level files and loaders: the format, its refusals, and the corpus read as a source."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import corpus_files, corpus_rows
from corpus_levels import tsunagi_source
from itsutsu import tsunagi
from itsutsu.common import levels as common
from itsutsu.tsunagi.levels import loading

FIVE = "AB..B.CDEF.....A..E.C..DF"
FIVE_ANSWER = "ABBBBACDEFACDEFACDEFCCDDF"
ROW = f"{FIVE}\t{FIVE_ANSWER}\t1"
HEADER = "#layout\tanswer\tmark"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not corpus_files("tsunagi"):
        pytest.skip("the Tsunagi corpus is absent: ../shared/corpus/tsunagi")
    return tsunagi_source(tmp_path_factory.mktemp("tsunagi-corpus"))


def _file(folder: Path, name: str, *lines: str) -> Path:
    path = folder / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_names_and_columns() -> None:
    assert tsunagi.LEVEL_COLUMNS == ("layout", "answer", "mark")
    assert tsunagi.level_file_name(7) == "classic-7.tsv"
    assert tsunagi.level_file_name(7, "portals") == "portals-7.tsv"


def test_round_trip(tmp_path: Path) -> None:
    rows = [
        tsunagi.LevelRow(FIVE, FIVE_ANSWER, 1),
        tsunagi.LevelRow("A...B...............A...B", "AAAABAAAABAAAABAAAABAAAAB", 5),
    ]
    text = tsunagi.level_file_text(5, rows)
    assert text == f"{HEADER}\n{ROW}\n{rows[1].layout}\t{rows[1].answer}\t5\n"
    path = tmp_path / "classic-5.tsv"
    tsunagi.write_level_file(path, 5, rows)
    assert path.read_text(encoding="utf-8") == text
    assert tsunagi.read_level_file(path, 5) == tuple(rows)
    assert tsunagi.levels_of(5, source=tmp_path) == tuple(rows)


def test_writer_refuses_rows_the_reader_would(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="level 1: the mark must be one digit 1 to 5, not '6'"):
        tsunagi.level_file_text(5, [tsunagi.LevelRow(FIVE, FIVE_ANSWER, 6)])
    with pytest.raises(ValueError, match=r"level 2: the layout 'AB..' is not a 5x5"):
        tsunagi.level_file_text(
            5, [tsunagi.LevelRow(FIVE, FIVE_ANSWER, 1), tsunagi.LevelRow("AB..", "AB", 1)]
        )
    with pytest.raises(ValueError, match="must be a LevelRow"):
        tsunagi.level_file_text(5, [(FIVE, FIVE_ANSWER, "1")])  # type: ignore[list-item]
    assert not (tmp_path / "x.tsv").exists()


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (("#level\tlayout\tanswer\tmark", ROW), "line 1: the header must be"),
        ((HEADER, ROW, f"{FIVE}\t{FIVE_ANSWER}"), "line 3: 2 fields, not 3"),
        ((HEADER, ROW, ROW + "\t"), "line 3: 4 fields, not 3"),
        ((HEADER, ROW, f"{FIVE[:-1]}\t{FIVE_ANSWER}\t1"), "line 3: the layout 'AB..B.CDEF"),
        ((HEADER, f"{FIVE.replace('C', 'A')}\t{FIVE_ANSWER}\t1"), "line 2: the layout"),
        ((HEADER, f"{FIVE}\t{FIVE_ANSWER[:-1]}\t1"), "line 2: the answer 'ABBBB"),
        ((HEADER, f"{FIVE}\t{'x' * 25}\t1"), "a cell has no line through it"),
        ((HEADER, ROW, ROW, f"{FIVE}\t{FIVE_ANSWER}\t0"), "line 4: the mark must be one digit"),
        ((HEADER, f"{FIVE}\t{FIVE_ANSWER}\t6"), "line 2: the mark must be one digit 1 to 5"),
        ((HEADER, f"{FIVE}\t{FIVE_ANSWER}\t 1"), "line 2: the mark"),
        ((HEADER, ROW, ""), "line 3: 1 fields, not 3"),
    ],
)
def test_bad_rows_are_refused_with_their_line(
    tmp_path: Path, lines: tuple[str, ...], message: str
) -> None:
    path = _file(tmp_path, "classic-5.tsv", *lines)
    with pytest.raises(ValueError) as caught:
        tsunagi.read_level_file(path, 5)
    assert str(caught.value).startswith(str(path))
    assert message in str(caught.value)
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        tsunagi.levels_of(5, source=tmp_path)


def test_a_refused_file_is_not_kept(tmp_path: Path) -> None:
    _file(tmp_path, "classic-5.tsv", HEADER, ROW, "junk")
    with pytest.raises(ValueError, match="line 3"):
        tsunagi.levels_of(5, source=tmp_path)
    _file(tmp_path, "classic-5.tsv", HEADER, ROW)  # mended: read again, in full
    assert tsunagi.levels_of(5, source=tmp_path) == (tsunagi.LevelRow(FIVE, FIVE_ANSWER, 1),)


def test_unknown_sizes_and_missing_files(tmp_path: Path) -> None:
    with pytest.raises(ValueError) as caught:
        tsunagi.levels_of(41)
    assert str(caught.value) == (
        "tsunagi: there are no classic levels of size 41; "
        "the sizes are 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 20, 25, 30, 40"
    )
    with pytest.raises(ValueError, match="no portals levels of size 4; the sizes are 5, 6, 7"):
        tsunagi.levels_of(4, "portals")
    with pytest.raises(ValueError, match="set must be 'classic' or 'portals', not 'big'"):
        tsunagi.levels_of(7, "big")
    with pytest.raises(ValueError, match="size must be a whole number"):
        tsunagi.levels_of("7")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=f"the directory {tmp_path.resolve()} has no classic-7"):
        tsunagi.levels_of(7, source=tmp_path)
    with pytest.raises(ValueError, match="is not a directory"):
        tsunagi.levels_of(7, source=tmp_path / "nowhere")
    with pytest.raises(ValueError, match="source must be a directory path"):
        tsunagi.levels_of(7, source=7)  # type: ignore[arg-type]


def test_a_size_not_in_the_package_yet(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # Point the package's own files at an empty folder, whatever this installation holds.
    monkeypatch.setattr(loading, "files", lambda _package: tmp_path)
    loading._load.cache_clear()
    try:
        with pytest.raises(ValueError) as caught:
            tsunagi.levels_of(40)
    finally:
        loading._load.cache_clear()
    assert str(caught.value) == (
        "tsunagi: the classic level set for size 40 is not in this installation yet "
        "(no classic-40.tsv in itsutsu/tsunagi/levels/data); pass source=DIR "
        "(--source DIR to the command), a directory holding classic-40.tsv in the "
        "level-file format"
    )


def test_loading_one_size_opens_no_other_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _file(tmp_path, "classic-5.tsv", HEADER, ROW)
    for name in ("classic-4.tsv", "classic-6.tsv", "portals-5.tsv"):
        _file(tmp_path, name, "not a level file")
    opened: list[str] = []
    reader = common._read_bytes

    def watched(file: common.LevelFile) -> bytes:
        opened.append(Path(str(file)).name)
        return reader(file)

    monkeypatch.setattr(common, "_read_bytes", watched)
    rows = tsunagi.levels_of(5, source=tmp_path)
    assert tsunagi.level(5, 1, source=tmp_path) == rows[0]
    assert tsunagi.level_of(5, FIVE, source=tmp_path) == 1
    assert tsunagi.layouts(5, source=tmp_path) == (FIVE,)
    assert tsunagi.marks(5, 1, source=tmp_path) == 1
    assert tsunagi.role(5, 1, source=tmp_path) is None
    assert opened == ["classic-5.tsv"]  # read once, and no other size's file
    with pytest.raises(ValueError, match=r"classic-6.tsv line 1: the header"):
        tsunagi.levels_of(6, source=tmp_path)


def test_lookups_outside_the_set(tmp_path: Path) -> None:
    _file(tmp_path, "classic-5.tsv", HEADER, ROW)
    with pytest.raises(ValueError, match="levels 1 to 1 at size 5, not 2"):
        tsunagi.level(5, 2, source=tmp_path)
    with pytest.raises(ValueError, match="not 0"):
        tsunagi.level(5, 0, source=tmp_path)
    assert tsunagi.level_of(5, FIVE + "|wrap", source=tmp_path) is None
    assert tsunagi.marks(5, 2, source=tmp_path) is None  # a level of 5x5, not in this file
    assert tsunagi.marks(5, 300) is None  # no such level: nothing is read
    assert tsunagi.marks(41, 1) is None
    assert tsunagi.role(41, 15) is None
    assert tsunagi.role(5, 0, "portals") is None
    with pytest.raises(ValueError):
        tsunagi.level_of(5, 5, source=tmp_path)  # type: ignore[arg-type]


def _corpus_levels(name: str) -> dict[int, list[tuple[str, str, int]]]:
    out: dict[int, list[tuple[str, str, int]]] = {}
    for row in corpus_rows("tsunagi", name):
        if name == "portals.tsv":
            out.setdefault(int(row[0]), []).append((row[2], row[3], int(row[4])))
        else:
            out.setdefault(int(name[8:-4]), []).append((row[1], row[2], int(row[3])))
    return out


@pytest.mark.parametrize("name", corpus_files("tsunagi") or ["classic-4.tsv"])
def test_the_corpus_reads_as_a_source(corpus: Path, name: str) -> None:
    kind = "portals" if name == "portals.tsv" else "classic"
    for size, expected in _corpus_levels(name).items():
        rows = tsunagi.levels_of(size, kind, corpus)
        assert rows is tsunagi.levels_of(size, kind, str(corpus))  # read once, kept
        assert [tuple(row) for row in rows] == expected
        assert len(rows) == tsunagi.level_count(size, kind)
        assert tsunagi.layouts(size, kind, corpus) == tuple(r[0] for r in expected)
        for number, (layout, _answer, mark) in enumerate(expected, start=1):
            first = next(n for n, r in enumerate(expected, start=1) if r[0] == layout)
            assert tsunagi.level_of(size, layout, kind, corpus) == first
            if first != number:  # the original's one repeated layout: 4x4 levels 172, 181
                assert (size, first, number) == (4, 172, 181)
            assert tsunagi.marks(size, number, kind, corpus) == mark
            role = tsunagi.role(size, number, kind, corpus)
            twists = tsunagi.challenges_of(layout)
            slot = (number - 1) % 16 + 1
            if kind == "portals":
                assert role is None and twists == ("portals",)
            elif slot < 15:
                assert role is None and twists == (), (size, number)  # twists only at 15/16
            else:
                assert (role is None) == (twists == ())
                if role is not None:
                    assert role.role == ("teaches" if slot == 15 else "tests")
                    assert role.challenges == twists
                    earlier = {
                        t for r in expected[: number - 1] for t in tsunagi.challenges_of(r[0])
                    }
                    assert role.new_ones == tuple(t for t in twists if t not in earlier)


def test_corpus_roles_pinned(corpus: Path) -> None:
    assert tsunagi.role(7, 31, source=corpus) == tsunagi.TwistRole(
        "teaches", ("walls",), ("walls",)
    )
    assert tsunagi.role(7, 32, source=corpus) == tsunagi.TwistRole("tests", ("walls",), ())
    assert tsunagi.role(7, 30, source=corpus) is None
    bridges = tsunagi.TwistRole("teaches", ("bridges",), ("bridges",))
    assert tsunagi.role(7, 15, source=corpus) == bridges  # every block of 7x7 has a twist
    assert tsunagi.role(7, 16, "portals", corpus) is None
    teaching = [n for n in range(1, 257) if tsunagi.role(7, n, source=corpus) is not None]
    assert len(teaching) == 32 and all((n - 1) % 16 >= 14 for n in teaching)


def test_corpus_round_trips_through_the_writer(corpus: Path, tmp_path: Path) -> None:
    for path in sorted(corpus.glob("*.tsv")):
        kind, size = path.stem.split("-")
        rows = tsunagi.levels_of(int(size), kind, corpus)
        assert tsunagi.level_file_text(int(size), rows) == path.read_text(encoding="utf-8")


def test_writer_paths(tmp_path: Path) -> None:
    rows = [tsunagi.LevelRow(FIVE, FIVE_ANSWER, 1)]
    with pytest.raises(ValueError, match="path must be a path, not NoneType"):
        tsunagi.write_level_file(None, 5, rows)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="cannot be written"):
        tsunagi.write_level_file(tmp_path, 5, rows)  # a directory
    with pytest.raises(ValueError, match="rows must be a list"):
        tsunagi.write_level_file(tmp_path / "classic-5.tsv", 5, None)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []
    tsunagi.write_level_file(str(tmp_path / "classic-5.tsv"), 5, iter(rows))  # text, iterator
    assert tsunagi.read_level_file(str(tmp_path / "classic-5.tsv"), 5) == tuple(rows)
