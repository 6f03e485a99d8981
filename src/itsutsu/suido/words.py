"""Words a Suido board shows people, in English and Japanese.

Holes a caller fills: ``board`` {width} {height}; ``progressNetwork`` and ``progressDrains``
{wet} {total}; ``progressPath``, ``leaks``, ``solved``, ``solvedDrains``, ``solvedPath``,
``turns``, ``par`` and ``hints`` {n}; ``cell`` {row} {column} {what}. A ``…One`` form is used
when ``n`` is exactly 1 (English only: Japanese does not change with the count).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from itsutsu.common.words import Words, language_of, say

_ENGLISH: Final[dict[str, str]] = {
    "board": "Suido board, {width} by {height}",
    "restart": "Restart",
    "hint": "Hint",
    "turningClockwise": "Turning clockwise",
    "turningAnticlockwise": "Turning anticlockwise",
    "progressNetwork": "{wet} of {total} pieces have water",
    "progressDrains": "{wet} of {total} drains have water",
    "progressPath": "The water runs through {n} pieces",
    "progressPathNone": "The water has not left the inlet yet",
    "leaks": "{n} leaks",
    "leaksOne": "1 leak",
    "leaksNone": "no leaks",
    "solved": "Solved in {n} turns: every piece has water",
    "solvedOne": "Solved in 1 turn: every piece has water",
    "solvedDrains": "Solved in {n} turns: every drain has water",
    "solvedDrainsOne": "Solved in 1 turn: every drain has water",
    "solvedPath": "Solved in {n} turns: the water runs from the inlet to the outlet",
    "solvedPathOne": "Solved in 1 turn: the water runs from the inlet to the outlet",
    "solvedBefore": "This is the answer: the board is shown solved",
    "turns": "{n} turns",
    "turnsOne": "1 turn",
    "par": "par {n}",
    "hints": "{n} hints",
    "hintsOne": "1 hint",
    "zoomLabel": "Zoom",
    "zoomOut": "Zoom out",
    "zoomIn": "Zoom in",
    "zoomFit": "Show the whole board",
    "hinted": "Turn the lit piece next.",
    "noHint": "Every piece already faces the right way.",
    # explained hints (itsutsu.suido.difficulty.hint)
    "hintFace": "Row {row}, column {column}: this {what} must open {sides}: {why}.",
    "hintSquare": "Row {row}, column {column}: this square can face only one way: {why}.",
    "hintCheat": "Row {row}, column {column}: no rule settles a piece now; turn this one.",
    "whyEdge": "the edge or a wall lies to its {blocked}",
    "whyGround": "empty ground lies to its {blocked}",
    "whyPath": "the one path can neither branch nor end here",
    "whyNeighbour": "its neighbours leave it no other way",
    "whySpare": "no water can reach it",
    "whyLoop": "any other way closes pipes off from the water",
    "whyReach": "any other way cuts pieces off from the water",
    "whyTrial": "any other way runs into a contradiction a few pieces on",
    "sideNorth": "north",
    "sideEast": "east",
    "sideSouth": "south",
    "sideWest": "west",
    "sidesAnd": "{first} and {last}",
    "sidesNone": "nowhere",
    "shapeBlank": "empty ground",
    "shapeEnd": "end piece",
    "shapeStraight": "straight pipe",
    "shapeElbow": "elbow",
    "shapeTee": "tee",
    "shapeCross": "cross",
    "cell": "Row {row}, column {column}: {what}",
    "cellPump": "pump",
    "cellDrain": "drain",
    "cellLocked": "locked",
    "cellBig": "part of a big piece",
    "cellBlock": "part of a turning block",
    "cellWet": "has water",
    "plain": "Plain",
    "plainSays": "Turn the pieces so that water from the pump reaches every one, with no leaks.",
    "twistDrains": "Drains",
    "twistDrainsSays": "Only the drains need water; pieces left over may stay dry.",
    "twistPumps": "Pumps",
    "twistPumpsSays": "Water comes from more than one pump.",
    "twistLocked": "Locked",
    "twistLockedSays": "A padlocked piece cannot be turned.",
    "twistWalls": "Walls",
    "twistWallsSays": "Water cannot pass through a wall.",
    "twistWrap": "Wrap",
    "twistWrapSays": "The edges join: a pipe leaving one side comes back in on the opposite side.",
    "twistInletOutlet": "Inlet and outlet",
    "twistInletOutletSays": (
        "Lay one pipe without branches from the inlet to the outlet; other pieces may stay dry."
    ),
    "twistBigPieces": "Big pieces",
    "twistBigPiecesSays": "A big piece fills four cells and turns as one.",
    "twistBlockTurns": "Turning blocks",
    "twistBlockTurnsSays": "The four pieces on a plate turn together, round its centre.",
    # the web app's pages and play box
    "name": "Suido",
    "about": "Turn the pipe pieces until the water from the pumps reaches everything.",
    "sizeOf": "{width} by {height}",
    "setBig": "Big pieces",
    "pickSize": "Choose a size",
    "today": "Today's levels",
    "todayOf": "Today's level",
    "levelN": "Level {n}",
    "levelOfSize": "Level {n}, {width} by {height}",
    "blockN": "Block {n}: levels {first} to {last}",
    "levelSolved": "solved",
    "levelStarted": "started",
    "levelLocked": "locked: solve the block before to open it",
    "noLevels": (
        "No levels are installed for this size yet. Choose another size, or serve a "
        "level set with itsutsu serve --levels DIR."
    ),
    "noLevelsAtAll": (
        "No Suido levels are installed yet. Serve a level set with itsutsu serve --levels DIR."
    ),
    "nextLevel": "Next level",
    "allLevels": "All levels",
    "home": "Both puzzles",
    "otherLanguage": "日本語",
    "connecting": "Connecting to the server…",
    "reconnecting": "The connection was lost: reconnecting…",
    "refused": "The server refused: {reason}",
    "keysHelp": (
        "Arrow keys move between pieces; Space or Enter turns one, with Shift the other way."
    ),
    "difficulty": "Difficulty",
    "difficultyOf": "Difficulty {mark} of 5",
    "difficultySays": "How hard this level is, from 1 (gentle) to 5 (fiendish).",
    "teaches": "New",
    "teachesSays": "This level introduces a new twist: {names}.",
    "tests": "Test",
    "testsSays": "This level tests what you have learned: {names}.",
}

_JAPANESE: Final[dict[str, str]] = {
    "board": "水道の盤面（横{width}×縦{height}）",
    "restart": "やり直す",
    "hint": "ヒント",
    "turningClockwise": "時計回りに回す",
    "turningAnticlockwise": "反時計回りに回す",
    "progressNetwork": "水が届いたパイプ：{total}個中{wet}個",
    "progressDrains": "水が届いた排水口：{total}個中{wet}個",
    "progressPath": "水は{n}個のパイプを流れています",
    "progressPathNone": "水はまだ入口から出ていません",
    "leaks": "水漏れ{n}か所",
    "leaksNone": "水漏れなし",
    "solved": "{n}手で完成！すべてのパイプに水が届きました",
    "solvedDrains": "{n}手で完成！すべての排水口に水が届きました",
    "solvedPath": "{n}手で完成！入口から出口まで水が流れました",
    "solvedBefore": "解答を表示しています",
    "turns": "{n}手",
    "par": "目安{n}手",
    "hints": "ヒント{n}回",
    "zoomLabel": "拡大・縮小",
    "zoomOut": "縮小",
    "zoomIn": "拡大",
    "zoomFit": "盤面全体を表示",
    "hinted": "光っているパイプを回しましょう。",
    "noHint": "どのパイプも、もう正しい向きです。",
    "hintFace": "{row}行{column}列：この{what}は{sides}に開きます。{why}。",
    "hintSquare": "{row}行{column}列：このブロックの向きは一つに決まります。{why}。",
    "hintCheat": "{row}行{column}列：今は決め手がありません。このパイプを回しましょう。",
    "whyEdge": "{blocked}は盤の端か壁に向いています",
    "whyGround": "{blocked}は空き地に向いています",
    "whyPath": "一本道はここで分かれることも終わることもできません",
    "whyNeighbour": "となりのパイプから、ほかの向きはありえません",
    "whySpare": "水はここまで届きません",
    "whyLoop": "ほかの向きでは、水の届かない閉じたパイプができます",
    "whyReach": "ほかの向きでは、水の届かないパイプが残ります",
    "whyTrial": "ほかの向きでは、少し先で行き詰まります",
    "sideNorth": "上",
    "sideEast": "右",
    "sideSouth": "下",
    "sideWest": "左",
    "sidesAnd": "{first}と{last}",
    "sidesNone": "どこにも",
    "shapeBlank": "空き地",
    "shapeEnd": "行き止まり",
    "shapeStraight": "まっすぐなパイプ",
    "shapeElbow": "曲がったパイプ",
    "shapeTee": "T字のパイプ",
    "shapeCross": "十字のパイプ",
    "cell": "{row}行{column}列：{what}",
    "cellPump": "ポンプ",
    "cellDrain": "排水口",
    "cellLocked": "固定",
    "cellBig": "大きなパイプの一部",
    "cellBlock": "一緒に回るブロックの一部",
    "cellWet": "水あり",
    "plain": "基本",
    "plainSays": "パイプを回して、ポンプの水を漏らさずすべてのパイプに届けましょう。",
    "twistDrains": "排水口",
    "twistDrainsSays": "水を届けるのは排水口だけ。余ったパイプは乾いたままでかまいません。",
    "twistPumps": "複数のポンプ",
    "twistPumpsSays": "水は二つ以上のポンプから流れ出します。",
    "twistLocked": "固定",
    "twistLockedSays": "鍵のかかったパイプは回せません。",
    "twistWalls": "壁",
    "twistWallsSays": "水は壁を通り抜けられません。",
    "twistWrap": "つながる端",
    "twistWrapSays": "盤の端はつながっています。片側から出たパイプは反対側から入ります。",
    "twistInletOutlet": "入口と出口",
    "twistInletOutletSays": (
        "入口から出口まで、枝分かれのない一本の管をつなぎましょう。ほかのパイプは乾いたままでかまいません。"
    ),
    "twistBigPieces": "大きなパイプ",
    "twistBigPiecesSays": "大きなパイプは四マスを占め、ひとかたまりで回ります。",
    "twistBlockTurns": "回転ブロック",
    "twistBlockTurnsSays": "台に載った四つのパイプは、台の中心を軸に一緒に回ります。",
    "name": "水道",
    "about": "パイプを回して、ポンプの水をすべてに届けましょう。",
    "sizeOf": "横{width}×縦{height}",
    "setBig": "大きなパイプ",
    "pickSize": "大きさを選んでください",
    "today": "今日のレベル",
    "todayOf": "今日のレベル",
    "levelN": "レベル{n}",
    "levelOfSize": "レベル{n}(横{width}×縦{height})",
    "blockN": "ブロック{n}:レベル{first}〜{last}",
    "levelSolved": "クリア済み",
    "levelStarted": "途中",
    "levelLocked": "未開放:前のブロックをクリアすると開きます",
    "noLevels": (
        "この大きさのレベルはまだ入っていません。ほかの大きさを選ぶか、itsutsu "
        "serve --levels DIR でレベル集を配信してください。"
    ),
    "noLevelsAtAll": (
        "水道のレベルはまだ入っていません。itsutsu serve --levels DIR "
        "でレベル集を配信してください。"
    ),
    "nextLevel": "次のレベル",
    "allLevels": "レベル一覧",
    "home": "パズル一覧",
    "otherLanguage": "English",
    "connecting": "サーバーに接続しています…",
    "reconnecting": "接続が切れました。再接続しています…",
    "refused": "サーバーが受け付けませんでした:{reason}",
    "keysHelp": (
        "矢印キーでパイプを移り、スペースかEnterで回します。Shiftを押しながらだと逆向きに回ります。"
    ),
    "difficulty": "難しさ",
    "difficultyOf": "難しさ {mark}/5",
    "difficultySays": "このレベルの難しさです。1(やさしい)から5(手ごわい)まで。",
    "teaches": "新要素",
    "teachesSays": "このレベルで新しい仕掛けが登場します:{names}。",
    "tests": "腕試し",
    "testsSays": "これまでに覚えた仕掛けを試すレベルです:{names}。",
}

SUIDO_STRINGS: Final[Mapping[str, Mapping[str, str]]] = {"en": _ENGLISH, "ja": _JAPANESE}
"""Every word a Suido board shows, by language (``en``, ``ja``) and key."""


def suido_say(lang: str, key: str, values: Mapping[str, object] | None = None) -> str:
    """Return the Suido text for ``key`` in ``lang`` with ``values`` filled in.

    The ``…One`` form when ``values["n"]`` is 1 and the language has it; otherwise the
    language's text, else the English, else the key itself. Unknown holes stay as written.
    """
    words: Words = SUIDO_STRINGS
    return say(words, lang, key, values)


def suido_language_of(tag: str | None) -> str:
    """Return ``"ja"`` for a language tag starting with ``ja`` (any case), else ``"en"``."""
    return language_of(tag)
