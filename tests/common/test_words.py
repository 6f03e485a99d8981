"""The shared word tables: picking a sentence, the ``…One`` form, holes, the language of a tag."""

from __future__ import annotations

import pytest

from itsutsu.common.words import LANGUAGES, language_of, say

TABLE = {
    "en": {
        "left": "{n} moves left",
        "leftOne": "one move left",
        "hello": "hello {name}",
        "onlyEnglish": "English only {n}",
        "pair": "{a} and {b}",
    },
    "ja": {"left": "残り{n}手", "hello": "{name}さん、こんにちは"},
}


def test_languages() -> None:
    assert LANGUAGES == ("en", "ja")


def test_one_form_used_only_for_exactly_one() -> None:
    assert say(TABLE, "en", "left", {"n": 1}) == "one move left"
    assert say(TABLE, "en", "left", {"n": 1.0}) == "one move left"
    assert say(TABLE, "en", "left", {"n": 2}) == "2 moves left"
    assert say(TABLE, "en", "left", {"n": 0}) == "0 moves left"
    assert say(TABLE, "en", "left", {"n": True}) == "true moves left"
    assert say(TABLE, "en", "left", {"n": "1"}) == "1 moves left"


def test_japanese_has_no_one_form() -> None:
    assert say(TABLE, "ja", "left", {"n": 1}) == "残り1手"


def test_fallbacks() -> None:
    assert say(TABLE, "ja", "onlyEnglish", {"n": 4}) == "English only 4"
    assert say(TABLE, "fr", "left", {"n": 3}) == "3 moves left"
    assert say(TABLE, "en", "missingKey") == "missingKey"
    assert say(TABLE, "ja", "missingKey", {"n": 1}) == "missingKey"


def test_holes_filled_only_when_given() -> None:
    assert say(TABLE, "en", "hello") == "hello {name}"
    assert say(TABLE, "en", "hello", {"name": "Ann"}) == "hello Ann"
    assert say(TABLE, "en", "pair", {"a": 1.5}) == "1.5 and {b}"
    assert say(TABLE, "en", "pair", {"a": 2.0, "b": None}) == "2 and None"
    assert say(TABLE, "ja", "hello", {"name": "{name}"}) == "{name}さん、こんにちは"


@pytest.mark.parametrize(
    ("tag", "lang"),
    [
        ("ja", "ja"),
        ("ja-JP", "ja"),
        ("JA", "ja"),
        ("Jap", "ja"),
        ("en", "en"),
        ("en-GB", "en"),
        ("fr", "en"),
        ("", "en"),
        (None, "en"),
        (42, "en"),
        (" ja", "en"),
    ],
)
def test_language_of(tag: object, lang: str) -> None:
    assert language_of(tag) == lang
