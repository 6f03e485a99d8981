"""Words shown to people, in English and Japanese, and how a sentence is picked and filled in.

A puzzle keeps its own table (:data:`Words`: language -> key -> text); :func:`say` picks the
text for a key, with the ``…One`` form when a count is exactly one, and fills ``{name}`` holes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from itsutsu.common.svg import js_number

Words = Mapping[str, Mapping[str, str]]
"""A table of words: language -> key -> text with ``{name}`` holes."""

LANGUAGES = ("en", "ja")
"""The languages every table is written in; English is the fallback."""

_HOLE = re.compile(r"\{([A-Za-z0-9_]+)\}")


def _written(value: object) -> str:
    """Write one value into a sentence: numbers and booleans as JavaScript writes them."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return js_number(value)
    return str(value)


def _is_one(value: object) -> bool:
    """True when ``value`` is the number 1 (JavaScript's ``=== 1``: not ``True``, not ``"1"``)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and value == 1


def say(words: Words, lang: str, key: str, values: Mapping[str, object] | None = None) -> str:
    """Return the text for ``key`` in ``lang`` with ``values`` filled in.

    When ``values["n"]`` is 1 and the chosen language's table has ``key + "One"``, that form is
    used. The text comes from the language's table, else English, else is the key itself.
    A ``{name}`` hole is filled only when ``name`` is in ``values``.

    >>> table = {"en": {"left": "{n} moves left", "leftOne": "one move left"}, "ja": {}}
    >>> say(table, "en", "left", {"n": 1}), say(table, "ja", "left", {"n": 3})
    ('one move left', '3 moves left')
    """
    if not isinstance(lang, str) or not isinstance(key, str):
        raise ValueError(f"say needs a language and a key as text, not {lang!r:.30}, {key!r:.30}")
    if values is not None and not isinstance(values, Mapping):
        raise ValueError(f"say needs values as a mapping of names, not {type(values).__name__}")
    english = words.get("en", {})
    table = words.get(lang, english)
    if values is not None and _is_one(values.get("n")) and key + "One" in table:
        key = key + "One"
    text = table.get(key)
    if text is None:
        text = english.get(key, key)
    if not values:
        return text

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        return _written(values[name]) if name in values else match.group(0)

    return _HOLE.sub(fill, text)


def language_of(tag: str | None) -> str:
    """Return ``"ja"`` for a language tag starting with ``ja`` (any case), else ``"en"``.

    >>> language_of("ja-JP"), language_of("JA"), language_of("en-GB"), language_of(None)
    ('ja', 'ja', 'en', 'en')
    """
    if isinstance(tag, str) and tag[:2].lower() == "ja":
        return "ja"
    return "en"


def check_language(value: object) -> str:
    """Return ``value`` if it is a language the words tables have (``en`` or ``ja``), else
    raise ValueError. For a browser's language tag (``ja-JP``) use :func:`language_of`."""
    if value not in LANGUAGES:
        raise ValueError(f"language {value!r:.40} is not one of {', '.join(LANGUAGES)}")
    assert isinstance(value, str)
    return value
