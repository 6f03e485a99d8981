"""The Tsunagi word tables: every key in both languages, the One forms, filling and fallbacks."""

from __future__ import annotations

import re

from itsutsu.tsunagi.words import TSUNAGI_STRINGS, tsunagi_language_of, tsunagi_say

SPEC_KEYS = {
    "board", "boardHex", "marble", "portal",
    "undo", "restart", "check", "cheat", "cheatTitle", "hint",
    "progress", "fullButEmpty", "fullButEmptyOne", "solved", "strokesLeft", "strokesLeftOne",
    "outOfStrokes", "boomIn", "boomNext", "boom", "blast", "checkMissing", "checkMissingOne",
    "checkEmpty", "checkEmptyOne",
    "helpExplosionsOff", "helpExplosionsSoft", "helpCheated",
    "zoomLabel", "zoomIn", "zoomOut", "fit", "up", "down", "left", "right",
    "difficulty", "difficultyOf", "difficultySays", "teaches", "teachesSays", "tests",
    "testsSays",
}  # fmt: skip
CHALLENGES = (
    "bridges", "walls", "waypoints", "wrap", "portals", "explosions", "strokes", "hexagon",
    "sparse",
)  # fmt: skip


def test_english_has_every_spec_key_and_each_challenge() -> None:
    english = set(TSUNAGI_STRINGS["en"])
    assert english >= SPEC_KEYS
    for name in CHALLENGES:
        assert name in english and name + "Says" in english


def test_japanese_has_every_key_but_the_one_forms() -> None:
    english, japanese = set(TSUNAGI_STRINGS["en"]), set(TSUNAGI_STRINGS["ja"])
    assert japanese == {k for k in english if not k.endswith("One")}
    assert not any(k.endswith("One") for k in japanese)
    for key, text in TSUNAGI_STRINGS["ja"].items():
        assert text and text != TSUNAGI_STRINGS["en"][key], key


def test_one_forms_have_a_plain_form_and_same_holes() -> None:
    english = TSUNAGI_STRINGS["en"]
    for key in english:
        if key.endswith("One"):
            assert key[:-3] in english
    for lang in ("en", "ja"):
        for key, text in TSUNAGI_STRINGS[lang].items():
            plain = TSUNAGI_STRINGS["en"][key.removesuffix("One")]
            holes = set(re.findall(r"\{(\w+)\}", text))
            assert holes <= set(re.findall(r"\{(\w+)\}", plain)) | {"n"}, (lang, key)


def test_say() -> None:
    assert tsunagi_say("en", "strokesLeft", {"n": 1}) == "One stroke left"
    assert tsunagi_say("en", "strokesLeft", {"n": 3}) == "3 strokes left"
    assert tsunagi_say("ja", "strokesLeft", {"n": 1}) == "残り1筆"
    assert tsunagi_say("en", "marble", {"n": 2, "row": 3, "col": 4}) == "marble 2, row 3, column 4"
    assert tsunagi_say("ja", "marble", {"n": 2, "row": 3, "col": 4}) == "ビー玉2、3行4列"
    assert tsunagi_say("en", "marble", {"n": 2}) == "marble 2, row {row}, column {col}"
    assert tsunagi_say("en", "checkEmpty", {"n": 1}) == "One cell has no line through it"
    assert tsunagi_say("fr", "solved") == "Solved!"
    assert tsunagi_say("ja", "noSuchKey") == "noSuchKey"
    assert tsunagi_say("en", "progress", {"percent": 42.5}) == "42.5% of the board filled"


def test_language_of() -> None:
    assert tsunagi_language_of("ja-JP") == "ja"
    assert tsunagi_language_of("JA") == "ja"
    assert tsunagi_language_of("en-GB") == "en"
    assert tsunagi_language_of(None) == "en"
