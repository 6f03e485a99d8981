"""Strings measured in UTF-16 code units, as the original's codes are."""

from itsutsu.common.utf16 import utf16_chars, utf16_units


def test_ascii_and_bmp_are_one_unit_a_character() -> None:
    assert utf16_units("A.#") == [65, 46, 35]
    assert utf16_units("水é") == [0x6C34, 0xE9]
    assert utf16_chars("AB") == ["A", "B"]


def test_astral_characters_are_two_units() -> None:
    assert utf16_units("😀") == [0xD83D, 0xDE00]
    assert utf16_chars("A😀") == ["A", "\ud83d", "\ude00"]
    assert len(utf16_units("x" * 23 + "😀")) == 25


def test_a_lone_surrogate_is_one_unit() -> None:
    assert utf16_units("\ud800A") == [0xD800, 65]
