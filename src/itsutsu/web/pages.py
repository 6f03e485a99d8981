"""The app's HTML pages: both puzzles, the sizes of each, the level picker and the play page.

Pages are written here from the words tables, in the player's language (the ``itsutsu-lang``
cookie, else the browser's ``Accept-Language``), with every value escaped. They hold no script
of their own: ``site.js`` marks solved and open levels from the browser's storage, and the
play page holds one ``<itsutsu-board>`` element, the same one other sites embed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from starlette.requests import Request

from itsutsu import suido, tsunagi
from itsutsu.common.svg import escape
from itsutsu.web.levels import (
    BLOCK,
    SUIDO_BIG,
    SUIDO_SIZES,
    TSUNAGI_PORTAL_SIZES,
    TSUNAGI_SIZES,
    LevelStore,
    suido_daily,
    tsunagi_daily,
)

LANG_COOKIE = "itsutsu-lang"

Say = Callable[[str, str, Mapping[str, object] | None], str]


def page_lang(request: Request) -> str:
    """Return the page's language: the remembered choice, else the browser's first choice."""
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in ("en", "ja"):
        return chosen
    header = request.headers.get("accept-language", "")
    first = header.split(",")[0].strip()
    return tsunagi.tsunagi_language_of(first)


def base_of(request: Request) -> str:
    """Return the path prefix the app is mounted at ('' at the root of a site)."""
    root = request.scope.get("root_path", "")
    return str(root).rstrip("/")


def _t(lang: str, key: str, values: Mapping[str, object] | None = None) -> str:
    return escape(tsunagi.tsunagi_say(lang, key, values))


def _s(lang: str, key: str, values: Mapping[str, object] | None = None) -> str:
    return escape(suido.suido_say(lang, key, values))


def _shell(request: Request, lang: str, title: str, body: str, puzzle: str | None = None) -> str:
    base = escape(base_of(request))
    other = "ja" if lang == "en" else "en"
    here = escape(request.url.path + (f"?{request.url.query}" if request.url.query else ""))
    switch_words = _t(lang, "otherLanguage")
    tsunagi_name, suido_name = _t(lang, "name"), _s(lang, "name")
    current = {"tsunagi": ' aria-current="page"' if puzzle == "tsunagi" else "",
               "suido": ' aria-current="page"' if puzzle == "suido" else ""}  # fmt: skip
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title>"
        f'<link rel="icon" href="{base}/static/icon.svg" type="image/svg+xml">'
        f'<link rel="stylesheet" href="{base}/static/site.css">'
        f'<link rel="stylesheet" href="{base}/static/board.css">'
        f'<link rel="stylesheet" href="{base}/style/tsunagi.css">'
        f'<link rel="stylesheet" href="{base}/style/suido.css">'
        f'<script type="module" src="{base}/static/site.js"></script>'
        f'</head><body data-base="{base}">'
        f'<header class="site"><a class="brand" href="{base}/">itsutsu</a>'
        f'<nav><a href="{base}/tsunagi"{current["tsunagi"]}>{tsunagi_name}</a>'
        f'<a href="{base}/suido"{current["suido"]}>{suido_name}</a></nav>'
        f'<a class="lang" lang="{other}" hreflang="{other}"'
        f' href="{base}/lang/{other}?next={here}">{switch_words}</a></header>'
        f"<main>{body}</main></body></html>"
    )


def home_page(request: Request, store: LevelStore) -> str:
    """Return the first page: the two puzzles, and today's level of each for a quick start."""
    lang = page_lang(request)
    base = escape(base_of(request))
    cards = []
    for puzzle, say in (("tsunagi", _t), ("suido", _s)):
        cards.append(
            f'<section class="puzzle" data-puzzle="{puzzle}"><h2><a href="{base}/{puzzle}">'
            f"{say(lang, 'name')}</a></h2><p>{say(lang, 'about')}</p>"
            f'<p><a class="button" href="{base}/{puzzle}">{say(lang, "pickSize")}</a></p>'
            "</section>"
        )
    return _shell(request, lang, "itsutsu", f'<div class="puzzles">{"".join(cards)}</div>')


def _size_card(href: str, label: str, count: int, today_href: str | None, today: str) -> str:
    today_link = f'<a class="today" href="{escape(today_href)}">{today}</a>' if today_href else ""
    return (
        f'<li class="size" data-count="{count}"><a class="pick" href="{escape(href)}">{label}'
        f'<span class="count">{count}</span></a>{today_link}</li>'
    )


def tsunagi_sizes_page(request: Request, store: LevelStore) -> str:
    """Return Tsunagi's sizes (classic and portals), each with its day's level."""
    lang = page_lang(request)
    base = base_of(request)
    sections = []
    for set_name, sizes, key in (
        ("classic", TSUNAGI_SIZES, "setClassic"),
        ("portals", TSUNAGI_PORTAL_SIZES, "setPortals"),
    ):
        cards = []
        for size in sizes:
            count = len(store.tsunagi_levels(size, set_name))
            if not count:
                continue
            today_href = f"{base}/tsunagi/classic/{size}/today" if set_name == "classic" else None
            cards.append(
                _size_card(
                    f"{base}/tsunagi/{set_name}/{size}",
                    _t(lang, "sizeOf", {"size": size}),
                    count,
                    today_href,
                    _t(lang, "todayOf"),
                )
            )
        if cards:
            sections.append(
                f'<section class="set" data-set="{set_name}"><h2>{_t(lang, key)}</h2>'
                f'<ul class="sizes">{"".join(cards)}</ul></section>'
            )
    if not sections:
        sections.append(f'<p class="empty" role="status">{_t(lang, "noLevelsAtAll")}</p>')
    body = f"<h1>{_t(lang, 'name')}</h1><p>{_t(lang, 'about')}</p>{''.join(sections)}"
    return _shell(request, lang, _t(lang, "name"), body, "tsunagi")


def suido_sizes_page(request: Request, store: LevelStore) -> str:
    """Return Suido's sizes (and the big-pieces set), each with its day's level."""
    lang = page_lang(request)
    base = base_of(request)
    cards = []
    for name in (*SUIDO_SIZES, SUIDO_BIG):
        count = len(store.suido_levels(name))
        if not count:
            continue
        if name == SUIDO_BIG:
            label = _s(lang, "setBig")
            today_href = None
        else:
            width, height = name.split("x")
            label = _s(lang, "sizeOf", {"width": width, "height": height})
            today_href = f"{base}/suido/{name}/today"
        cards.append(
            _size_card(f"{base}/suido/{name}", label, count, today_href, _s(lang, "todayOf"))
        )
    if cards:
        listing = f'<ul class="sizes">{"".join(cards)}</ul>'
    else:
        listing = f'<p class="empty" role="status">{_s(lang, "noLevelsAtAll")}</p>'
    body = f"<h1>{_s(lang, 'name')}</h1><p>{_s(lang, 'about')}</p>{listing}"
    return _shell(request, lang, _s(lang, "name"), body, "suido")


def _marks(mark: int | None, label: str) -> str:
    if mark is None:
        return ""
    dots = "●" * mark + "○" * (5 - mark)
    return f'<span class="mark" data-mark="{mark}" aria-label="{label}" role="img">{dots}</span>'


def picker_page(
    request: Request,
    lang: str,
    puzzle: str,
    key: str,
    title: str,
    levels: list[tuple[int, int | None, str]],
    say: Say,
    empty: str,
    prefix: str,
) -> str:
    """Return a level picker: blocks of 16 tiles, each with its thumbnail, number and mark.

    ``key`` names the level set in the browser's storage (``tsunagi:classic:7``); ``levels``
    are (number, mark, thumbnail url). ``site.js`` marks each tile solved, started, open or
    locked from what the browser keeps.
    """
    base = escape(base_of(request))
    count = len(levels)
    blocks = []
    for first in range(1, count + 1, BLOCK):
        last = min(count, first + BLOCK - 1)
        block = (first - 1) // BLOCK + 1
        tiles = []
        for number, mark, thumb in levels[first - 1 : last]:
            level_words = escape(say(lang, "levelN", {"n": number}))
            mark_words = escape(say(lang, "difficultyOf", {"mark": mark})) if mark else ""
            tiles.append(
                f'<li class="tile" data-level="{number}"><a href="{escape(prefix)}/{number}"'
                f' aria-label="{level_words}">'
                f'<img src="{escape(thumb)}" alt="" loading="lazy" width="96" height="96">'
                f'<span class="number">{number}</span>{_marks(mark, mark_words)}'
                '<span class="state" aria-hidden="true"></span></a></li>'
            )
        heading = escape(say(lang, "blockN", {"n": block, "first": first, "last": last}))
        blocks.append(
            f'<section class="block" data-block="{block}"><h2>{heading}</h2>'
            f'<ol class="tiles">{"".join(tiles)}</ol></section>'
        )
    if not blocks:
        blocks.append(f'<p class="empty" role="status">{escape(empty)}</p>')
    words = {
        "solved": say(lang, "levelSolved", None),
        "started": say(lang, "levelStarted", None),
        "locked": say(lang, "levelLocked", None),
        "helped": say(lang, "levelHelped", None)
        if puzzle == "tsunagi"
        else say(lang, "levelSolved", None),
    }
    data = " ".join(f'data-say-{k}="{escape(v)}"' for k, v in words.items())
    body = (
        f'<nav class="crumbs"><a href="{base}/{puzzle}">{escape(say(lang, "name", None))}</a></nav>'
        f'<h1>{escape(title)}</h1><div class="picker" data-key="{escape(key)}"'
        f' data-count="{count}" {data}>{"".join(blocks)}</div>'
    )
    return _shell(request, lang, escape(title), body, puzzle)


def tsunagi_picker(request: Request, store: LevelStore, set_name: str, size: int) -> str:
    """Return the Tsunagi picker of one size and set."""
    lang = page_lang(request)
    base = base_of(request)
    levels = [
        (lv.number, lv.mark, f"{base}/thumb/tsunagi/{set_name}/{size}/{lv.number}.svg")
        for lv in store.tsunagi_levels(size, set_name)
    ]
    set_words = tsunagi.tsunagi_say(lang, "setClassic" if set_name == "classic" else "setPortals")
    title = f"{tsunagi.tsunagi_say(lang, 'sizeOf', {'size': size})} · {set_words}"
    return picker_page(
        request, lang, "tsunagi", f"tsunagi:{set_name}:{size}", title, levels,
        tsunagi.tsunagi_say, tsunagi.tsunagi_say(lang, "noLevels"),
        f"{base}/tsunagi/{set_name}/{size}",
    )  # fmt: skip


def suido_picker(request: Request, store: LevelStore, name: str) -> str:
    """Return the Suido picker of one size (or of the big-pieces set)."""
    lang = page_lang(request)
    base = base_of(request)
    levels = [
        (lv.number, lv.mark, f"{base}/thumb/suido/{name}/{lv.number}.svg")
        for lv in store.suido_levels(name)
    ]
    if name == SUIDO_BIG:
        title = suido.suido_say(lang, "setBig")
    else:
        width, height = name.split("x")
        title = suido.suido_say(lang, "sizeOf", {"width": width, "height": height})
    return picker_page(
        request, lang, "suido", f"suido:{name}", title, levels, suido.suido_say,
        suido.suido_say(lang, "noLevels"), f"{base}/suido/{name}",
    )  # fmt: skip


def play_page(
    request: Request,
    puzzle: str,
    attributes: dict[str, str],
    title: str,
    count: int,
    key: str,
    back: str,
) -> str:
    """Return a play page: the level's title, the board element and the way on after a solve."""
    lang = page_lang(request)
    say = tsunagi.tsunagi_say if puzzle == "tsunagi" else suido.suido_say
    attrs = "".join(f' {name}="{escape(value)}"' for name, value in attributes.items())
    body = (
        f'<nav class="crumbs"><a href="{escape(back)}">{escape(say(lang, "allLevels", None))}</a>'
        f"</nav><h1>{escape(title)}</h1>"
        f'<itsutsu-board puzzle="{puzzle}" lang="{lang}"{attrs} chips hints keep'
        f' data-count="{count}" data-key="{escape(key)}"></itsutsu-board>'
        f'<p class="onward"><a class="next button" hidden href="">'
        f"{escape(say(lang, 'nextLevel', None))}</a></p>"
    )
    return _shell(request, lang, escape(title), body, puzzle)


def tsunagi_today(store: LevelStore, size: int, day: str) -> int | None:
    """Return the day's classic Tsunagi level of a size, or None when none are installed."""
    return tsunagi_daily(size, day, len(store.tsunagi_levels(size)))


def suido_today(store: LevelStore, name: str, day: str) -> int | None:
    """Return the day's Suido level of a size, or None when none are installed."""
    return suido_daily(name, day, len(store.suido_levels(name)))


_NOT_FOUND = {
    "en": ("Page not found", "There is no page at this address.", "Back to the puzzles"),
    "ja": ("ページが見つかりません", "このアドレスにはページがありません。", "パズルの一覧へ"),
}


def not_found_page(request: Request) -> str:
    """Return the page for an address with nothing there (sent with status 404)."""
    lang = page_lang(request)
    base = escape(base_of(request))
    title, says, back = (escape(text) for text in _NOT_FOUND[lang])
    body = (
        f'<section class="missing"><p class="code" aria-hidden="true">404</p>'
        f"<h1>{title}</h1><p>{says}</p>"
        f'<p><a class="button" href="{base}/">{back}</a></p></section>'
    )
    return _shell(request, lang, f"{title} · itsutsu", body)
