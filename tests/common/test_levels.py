"""Blocks, what is open, bands, marks and roles, and the shape of a level file."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from itsutsu.common import levels as lv
from itsutsu.common.levels import BlockRange, TwistRole


def test_blocks() -> None:
    assert [lv.block_of(n) for n in (1, 15, 16, 17, 32, 33, 256)] == [1, 1, 1, 2, 2, 3, 16]
    assert lv.block_range(1, 256) == BlockRange(1, 16)
    assert lv.block_range(2, 256) == BlockRange(17, 32)
    assert lv.block_range(16, 256) == BlockRange(241, 256)
    assert lv.block_range(12, 192) == BlockRange(177, 192)
    assert lv.block_range(1, 10) == BlockRange(1, 10)  # a short last block
    assert lv.block_range(3, 40) == BlockRange(33, 40)
    assert [lv.blocks_in(c) for c in (0, 1, 16, 17, 32, 64, 192, 256)] == [0, 1, 1, 2, 2, 4, 12, 16]


def test_open_levels_with_gaps() -> None:
    assert lv.open_levels(256, set()) == 16
    assert lv.open_levels(256, set(range(1, 16))) == 16  # level 16 unsolved
    assert lv.open_levels(256, set(range(2, 17))) == 16  # level 1 unsolved
    assert lv.open_levels(256, set(range(1, 17))) == 32
    assert lv.open_levels(256, set(range(1, 17)) | set(range(18, 33))) == 32  # 17 left
    assert lv.open_levels(256, set(range(1, 33))) == 48
    assert lv.open_levels(256, set(range(1, 17)) | set(range(33, 49))) == 32  # 33-48 ahead
    assert lv.open_levels(256, set(range(1, 257))) == 256
    assert lv.open_levels(40, set(range(1, 33))) == 40  # the last block is short
    assert lv.open_levels(10, set()) == 10
    assert lv.open_levels(0, {1, 2}) == 0
    assert lv.open_levels(64, [*range(1, 17), 999, -3]) == 32  # a list; strays ignored


def test_next_and_first_unsolved() -> None:
    gap = set(range(1, 17)) | set(range(18, 33))
    assert lv.next_level(256, gap) == 17
    assert lv.next_level(256, set()) == 1
    assert lv.next_level(256, set(range(1, 17))) == 17
    assert lv.next_level(16, set(range(1, 17))) == 16  # all solved: the last open level
    assert lv.next_level(0, set()) == 0
    assert lv.first_unsolved_level(256, gap) == 17
    assert lv.first_unsolved_level(256, set(range(1, 100))) == 100  # not open, but unsolved
    assert lv.first_unsolved_level(16, set(range(1, 17))) is None
    assert lv.first_unsolved_level(0, set()) is None


def test_solved_must_be_a_collection_of_numbers() -> None:
    with pytest.raises(ValueError, match="solved must be a set"):
        lv.open_levels(256, "123")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="solved must be a set"):
        lv.next_level(256, 5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="whole level numbers"):
        lv.first_unsolved_level(256, {"1"})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="count"):
        lv.open_levels(-1, set())


@given(st.integers(0, 300), st.sets(st.integers(1, 300)))
def test_open_levels_never_opens_past_an_unsolved_block(count: int, solved: set[int]) -> None:
    opened = lv.open_levels(count, solved)
    assert opened == min(lv.BLOCK, count) or opened > lv.BLOCK
    assert 0 <= opened <= count
    for block in range(2, lv.block_of(opened) + 1 if opened else 1):
        before = lv.block_range(block - 1, count)
        assert all(n in solved for n in range(before.first, before.last + 1))
    if opened < count:  # it stopped because the last open block is not all solved
        last = lv.block_range(lv.block_of(opened), count)
        assert not all(n in solved for n in range(last.first, last.last + 1))
    following = lv.next_level(count, solved)
    assert following <= opened
    assert following == opened or following not in solved


def test_bands() -> None:
    # 256 levels: thirds at 85.33 and 170.67 levels in.
    assert [lv.band(256, n) for n in (1, 16, 17, 86, 87, 171, 172, 256)] == [
        "easy",
        "easy",
        "easy",
        "easy",
        "medium",
        "medium",
        "hard",
        "hard",
    ]
    # 192 levels: level 65 is exactly a third in, and that is medium; 129 exactly two.
    assert [lv.band(192, n) for n in (64, 65, 128, 129)] == ["easy", "medium", "medium", "hard"]
    assert lv.band(32, 0) == "easy"  # the level's range is not checked
    assert lv.band(32, 99) == "hard"
    with pytest.raises(ValueError):
        lv.band(0, 1)


def test_marks() -> None:
    assert [lv.mark_of(s) for s in (0, 1, 19, 20, 39, 40, 59, 60, 79, 80, 99, 100)] == [
        1,
        1,
        1,
        2,
        2,
        3,
        3,
        4,
        4,
        5,
        5,
        5,
    ]
    for bad in (-1, 101):
        with pytest.raises(ValueError, match=r"score must be 0..100"):
            lv.mark_of(bad)
    with pytest.raises(ValueError, match="whole number"):
        lv.mark_of(50.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="whole number"):
        lv.mark_of(True)


def test_twist_role() -> None:
    lists: list[tuple[str, ...]] = [()] * 64
    lists[14] = ("walls",)
    lists[15] = ("walls",)
    lists[29] = ("walls", "wrap")
    lists[31] = ("bridges",)
    lists[40] = ("portals",)  # slot 9: never a role
    assert lv.twist_role(lists, 15) == TwistRole("teaches", ("walls",), ("walls",))
    assert lv.twist_role(lists, 16) == TwistRole("tests", ("walls",), ())
    assert lv.twist_role(lists, 30) is None  # slot 14
    assert lv.twist_role(lists, 31) is None  # slot 15 but plain
    assert lv.twist_role(lists, 32) == TwistRole("tests", ("bridges",), ("bridges",))
    assert lv.twist_role(lists, 41) is None
    lists[46] = ("portals", "wrap")
    role = lv.twist_role(lists, 47)
    assert role == TwistRole("teaches", ("portals", "wrap"), ())  # both seen before
    assert role is not None and role.challenges == role.twists
    assert lv.twist_role(lists, 0) is None
    assert lv.twist_role(lists, 65) is None
    assert lv.twist_role(lists, -1) is None
    with pytest.raises(ValueError):
        lv.twist_role(lists, "15")  # type: ignore[arg-type]


COLUMNS = ("a", "b")


def _read(fields: tuple[str, ...]) -> tuple[str, int]:
    if not fields[1].isdigit():
        raise ValueError(f"b must be digits, not {fields[1]!r}")
    return fields[0], int(fields[1])


def test_level_text_reads_and_writes_back(tmp_path: Path) -> None:
    text = lv.level_file_text(COLUMNS, [("#x", "1"), ("", "22")])
    assert text == "#a\tb\n#x\t1\n\t22\n"  # a field may start with '#' or be empty
    assert lv.parse_level_text(text, "t.tsv", COLUMNS, _read) == (("#x", 1), ("", 22))
    path = tmp_path / "t.tsv"
    lv.write_level_file(path, text)
    assert path.read_bytes() == text.encode()
    assert lv.read_level_file(path, COLUMNS, _read) == (("#x", 1), ("", 22))
    assert lv.parse_level_text("#a\tb", "t", COLUMNS, _read) == ()  # no newline, no rows


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "t.tsv line 1: the header must be '#a\\tb' (columns a, b), not nothing"),
        ("#a\tc\nx\t1\n", "t.tsv line 1: the header must be '#a\\tb' (columns a, b), not '#a\\tc'"),
        ("# a\tb\n", "t.tsv line 1: the header must be"),
        ("#a\tb\nx\t1\ny\n", "t.tsv line 3: 1 fields, not 2 (a, b, separated by tabs)"),
        ("#a\tb\nx\t1\t2\n", "t.tsv line 2: 3 fields, not 2"),
        ("#a\tb\nx\t1\n\n", "t.tsv line 3: 1 fields, not 2"),
        ("#a\tb\nx\tone\n", "t.tsv line 2: b must be digits, not 'one'"),
        ("#a\tb\r\nx\t1\r\n", "t.tsv line 1: the header must be"),
        ("#a\tb\nx\t1\r\n", "t.tsv line 2: a carriage return"),
    ],
)
def test_malformed_text_is_refused_with_its_line(text: str, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        lv.parse_level_text(text, "t.tsv", COLUMNS, _read)
    assert str(caught.value).startswith(message)


def test_bad_bytes_and_missing_files(tmp_path: Path) -> None:
    path = tmp_path / "bad.tsv"
    path.write_bytes(b"#a\tb\nx\t1\n\xff\t2\n")
    with pytest.raises(ValueError, match=r"bad.tsv line 3: not UTF-8 text"):
        lv.read_level_file(path, COLUMNS, _read)
    with pytest.raises(ValueError, match=r"gone.tsv: cannot be read"):
        lv.read_level_file(tmp_path / "gone.tsv", COLUMNS, _read)


def test_writer_refuses_what_would_not_read_back() -> None:
    with pytest.raises(ValueError, match="level 2 has 1 fields, not 2"):
        lv.level_file_text(COLUMNS, [("x", "1"), ("y",)])
    for field in ("a\tb", "a\nb", "a\rb"):
        with pytest.raises(ValueError, match="level 1: a field must be text without tabs"):
            lv.level_file_text(COLUMNS, [(field, "1")])
