"""Suido words (spec 15.3): every key in both languages, counts, holes and language tags."""

from __future__ import annotations

import re

import pytest

from itsutsu.suido.words import SUIDO_STRINGS, suido_language_of, suido_say

TWISTS = ("Drains", "Pumps", "Locked", "Walls", "Wrap", "InletOutlet", "BigPieces", "BlockTurns")
KEYS = [
    "board",
    "restart",
    "hint",
    "turningClockwise",
    "turningAnticlockwise",
    "progressNetwork",
    "progressDrains",
    "progressPath",
    "progressPathNone",
    "leaks",
    "leaksOne",
    "leaksNone",
    "solved",
    "solvedOne",
    "solvedDrains",
    "solvedDrainsOne",
    "solvedPath",
    "solvedPathOne",
    "solvedBefore",
    "turns",
    "turnsOne",
    "par",
    "hints",
    "hintsOne",
    "zoomLabel",
    "zoomOut",
    "zoomIn",
    "zoomFit",
    "hinted",
    "noHint",
    "shapeBlank",
    "shapeEnd",
    "shapeStraight",
    "shapeElbow",
    "shapeTee",
    "shapeCross",
    "cell",
    "cellPump",
    "cellDrain",
    "cellLocked",
    "cellBig",
    "cellBlock",
    "cellWet",
    "plain",
    "plainSays",
] + [f"twist{name}{says}" for name in TWISTS for says in ("", "Says")]
# The web app's pages and play box add these (the original's site kept its own words).
HINT_KEYS = [
    "hintFace",
    "hintSquare",
    "hintCheat",
    "whyEdge",
    "whyGround",
    "whyPath",
    "whyNeighbour",
    "whySpare",
    "whyLoop",
    "whyReach",
    "whyTrial",
    "sideNorth",
    "sideEast",
    "sideSouth",
    "sideWest",
    "sidesAnd",
    "sidesNone",
]
APP_KEYS = [
    "name", "about", "sizeOf", "setBig", "pickSize", "today", "todayOf", "levelN",
    "levelOfSize", "blockN", "levelSolved", "levelStarted", "levelLocked", "noLevels",
    "noLevelsAtAll", "nextLevel", "allLevels", "home", "otherLanguage", "connecting",
    "reconnecting", "refused", "keysHelp", "difficulty", "difficultyOf", "difficultySays",
    "teaches", "teachesSays", "tests", "testsSays",
]  # fmt: skip


def test_english_has_exactly_the_spec_keys_and_the_apps() -> None:
    assert set(SUIDO_STRINGS["en"]) == set(KEYS) | set(APP_KEYS) | set(HINT_KEYS)
    assert len(KEYS) == 61
    assert not set(KEYS) & set(APP_KEYS)


def test_japanese_has_every_key_but_the_one_forms() -> None:
    every = KEYS + APP_KEYS + HINT_KEYS
    assert set(SUIDO_STRINGS["ja"]) == {key for key in every if not key.endswith("One")}
    for key, text in SUIDO_STRINGS["ja"].items():
        if key == "otherLanguage":  # the switch names the other language in its own words
            assert text == "English" and SUIDO_STRINGS["en"][key] == "日本語"
            continue
        assert re.search("[\u3040-\u30ff\u4e00-\u9fff]", text), key  # written in Japanese


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_holes_match_between_languages(lang: str) -> None:
    english = SUIDO_STRINGS["en"]
    for key, text in SUIDO_STRINGS[lang].items():
        holes = set(re.findall(r"\{(\w+)\}", text))
        base = key[:-3] if key.endswith("One") else key
        assert holes <= set(re.findall(r"\{(\w+)\}", english[base])), key


def test_say_fills_and_counts() -> None:
    assert suido_say("en", "board", {"width": 7, "height": 5}) == "Suido board, 7 by 5"
    assert suido_say("ja", "board", {"width": 7, "height": 5}) == "水道の盤面（横7×縦5）"
    assert suido_say("en", "turns", {"n": 1}) == "1 turn"
    assert suido_say("en", "turns", {"n": 12}) == "12 turns"
    assert suido_say("ja", "turns", {"n": 1}) == "1手"
    assert suido_say("en", "leaks", {"n": 2}) == "2 leaks"
    assert suido_say("en", "progressNetwork", {"wet": 3, "total": 25}) == (
        "3 of 25 pieces have water"
    )
    assert suido_say("en", "cell", {"row": 2}) == "Row 2, column {column}: {what}"
    assert suido_say("fr", "hint") == "Hint"
    assert suido_say("ja", "noSuchKey") == "noSuchKey"


@pytest.mark.parametrize(
    ("tag", "lang"),
    [
        ("ja", "ja"),
        ("JA-jp", "ja"),
        ("jav", "ja"),
        ("en-GB", "en"),
        ("", "en"),
        (None, "en"),
        (7, "en"),
    ],
)
def test_language_of(tag: object, lang: str) -> None:
    assert suido_language_of(tag) == lang
