"""Every word a Tsunagi board shows or reads out, in English and Japanese.

Keys ending in ``One`` are the English forms for a count of exactly one; Japanese needs none.
:func:`tsunagi_say` picks and fills a sentence, :func:`tsunagi_language_of` reads a language tag.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from itsutsu.common.words import language_of, say

_EN = {
    # screen reader
    "board": "Tsunagi board, {size} by {size}, {pairs} pairs of marbles",
    "boardHex": "Hexagonal Tsunagi board, {pairs} pairs of marbles",
    "marble": "marble {n}, row {row}, column {col}",
    "portal": "portal {glyph}, row {row}, column {col}",
    # buttons
    "undo": "Undo",
    "restart": "Start again",
    "check": "Check",
    "cheat": "Show answer",
    "cheatTitle": "Show the answer (this level will not count as solved by you)",
    "hint": "Hint",
    # status
    "progress": "{percent}% of the board filled",
    "fullButEmpty": "Every pair is joined, but {n} cells are still empty",
    "fullButEmptyOne": "Every pair is joined, but one cell is still empty",
    "besideItself": (
        "Line {line} runs beside itself at row {row}, column {column}: touching cells of one "
        "line must follow each other along it, so the board is not solved yet"
    ),
    "solved": "Solved!",
    "strokesLeft": "{n} strokes left",
    "strokesLeftOne": "One stroke left",
    "outOfStrokes": "Out of strokes: undo or start again",
    "boomIn": "Explosion in {n} strokes",
    "boomInOne": "Explosion after the next stroke",
    "boomNext": "The next stroke sets off an explosion",
    "boom": "Boom! A line was cut in half",
    "blast": "Blast! A line and half its neighbour were wiped",
    "checkMissing": "{n} pairs are not joined yet",
    "checkMissingOne": "One pair is not joined yet",
    "checkEmpty": "{n} cells have no line through them",
    "checkEmptyOne": "One cell has no line through it",
    # help
    "helpExplosionsOff": "Explosions are switched off for this game.",
    "helpExplosionsSoft": "Explosions are gentle: a line is shortened, never wiped.",
    "helpCheated": "You looked at the answer, so this level is not marked as solved.",
    # zoom pad
    "zoomLabel": "Zoom and move the board",
    "zoomIn": "Zoom in",
    "zoomOut": "Zoom out",
    "fit": "Fit the whole board",
    "up": "Move up",
    "down": "Move down",
    "left": "Move left",
    "right": "Move right",
    # chips
    "difficulty": "Difficulty",
    "difficultyOf": "Difficulty {mark} of 5",
    "difficultySays": "How hard this level is, from 1 (gentle) to 5 (fiendish).",
    "teaches": "New",
    "teachesSays": "This level introduces a new twist: {names}.",
    "tests": "Test",
    "testsSays": "This level tests what you have learned: {names}.",
    "bridges": "Bridges",
    "bridgesSays": "Two lines cross at a bridge: one goes over it, the other passes under.",
    "walls": "Walls",
    "wallsSays": "No line may cross a wall, and dark squares take no line at all.",
    "waypoints": "Waypoints",
    "waypointsSays": "A ringed cell must be passed by the line of its own colour.",
    "wrap": "Wrap",
    "wrapSays": "The edges join: a line leaving one side comes back on the other.",
    "portals": "Portals",
    "portalsSays": "A line entering a portal leaves from its twin, going the same way.",
    "explosions": "Explosions",
    "explosionsSays": "Every few strokes an explosion cuts a line short.",
    "strokes": "Strokes",
    "strokesSays": "You have a limited number of strokes to draw every line.",
    "hexagon": "Hexagon",
    "hexagonSays": "The cells are hexagons: each has six neighbours.",
    "sparse": "Sparse",
    "sparseSays": "Only a few pairs, so the lines must wander to fill the board.",
    # the web app's pages and play box
    "name": "Tsunagi",
    "about": "Join each pair of marbles with its own line until the lines fill the board.",
    "setClassic": "Classic",
    "setPortals": "Portals",
    "sizeOf": "{size} by {size}",
    "pickSize": "Choose a size",
    "today": "Today's levels",
    "todayOf": "Today's level",
    "levelN": "Level {n}",
    "levelOfSize": "Level {n}, {size} by {size}",
    "blockN": "Block {n}: levels {first} to {last}",
    "levelSolved": "solved",
    "levelHelped": "solved with help",
    "levelStarted": "started",
    "levelLocked": "locked: solve the block before to open it",
    "noLevels": (
        "No levels are installed for this size yet. Choose another size, or serve a "
        "level set with itsutsu serve --levels DIR."
    ),
    "noLevelsAtAll": (
        "No Tsunagi levels are installed yet. Serve a level set with itsutsu serve --levels DIR."
    ),
    "nextLevel": "Next level",
    "allLevels": "All levels",
    "home": "Both puzzles",
    "otherLanguage": "日本語",
    "look": "Look",
    "marksColours": "Colours",
    "marksNumbers": "Numbers",
    "fillMarbles": "Beads",
    "fillLines": "Lines",
    "coloursMarble": "Marble",
    "coloursBright": "Bright",
    "coloursColourBlind": "Colour-blind",
    "coloursSoft": "Soft",
    "boardPaper": "Paper",
    "boardWood": "Wood",
    "boardGreen": "Green felt",
    "boardBlue": "Blue felt",
    "boardRed": "Red felt",
    "boardBlack": "Black felt",
    "coordinates": "Coordinates",
    "explosionsChoice": "Explosions",
    "explosionsOn": "On",
    "explosionsSoft": "Gentle",
    "explosionsOff": "Off",
    "connecting": "Connecting to the server…",
    "reconnecting": "The connection was lost: reconnecting…",
    "refused": "The server refused: {reason}",
    "hintPair": "Hint: pair {n} next; its line passes row {row}, column {col}.",
    "noHintLeft": "Every line is already where the answer has it.",
    # explained hints: a reason, then what it settles
    "whyOneWay": "Line {n} has only one way on from {cell}",
    "whyTwoWays": "{cell} can be entered only two ways, so its line takes both",
    "whyJoined": (
        "Line {n} already has all its joins at {cell}, and two touching cells of one line "
        "are always joined"
    ),
    "whyDeadEnd": "Line {n} could not go on from {cell}: it would be a dead end",
    "whyCrowded": "{cell} would touch line {n} on too many sides",
    "whyBridge": (
        "The cells either side of the bridge at {cell} are on one line, and the other way "
        "over is another line"
    ),
    "whyPortal": "The line through the portal at {cell} must come in and go out by one passage",
    "whyLoop": "Line {n} on {cell} would close a ring",
    "whyRegion": "Line {n} cannot reach {cell} on its way from one marble to the other",
    "whyGuess": "Suppose line {n} passed {cell}: following on leads to a contradiction",
    "whyBlind": "No deduction is left here, so take the answer's line for {cell}",
    "hintSettles": "{why}, so {to} is line {m}.",
    "hintNothing": "No deduction is left: every cell is settled.",
    "hintStuck": (
        "No cell follows from the rules here, and with no answer known no line can be shown."
    ),
    "keysHelp": (
        "Arrow keys move the ring; Space or Enter starts a line at a marble or a line's "
        "end, arrows draw it, and Space or Enter ends it."
    ),
    "cellAt": "row {row}, column {col}: {what}",
    "cellEmpty": "empty",
    "cellBlocked": "blocked",
    "cellBridge": "bridge",
    "cellLine": "line {n}",
    "cellDrawing": "drawing line {n}",
}

_JA = {
    "board": "つなぎの盤面、{size}×{size}、ビー玉{pairs}組",
    "boardHex": "六角形のつなぎの盤面、ビー玉{pairs}組",
    "marble": "ビー玉{n}、{row}行{col}列",
    "portal": "ワープ{glyph}、{row}行{col}列",
    "undo": "元に戻す",
    "restart": "最初から",
    "check": "確認",
    "cheat": "答えを見る",
    "cheatTitle": "答えを表示します(このレベルはクリア扱いになりません)",
    "hint": "ヒント",
    "progress": "盤面の{percent}%が埋まりました",
    "fullButEmpty": "すべての組はつながりましたが、まだ{n}マス空いています",
    "besideItself": (
        "線{line}が{row}行{column}列で自分自身と隣り合っています。同じ線の隣り合うマスは"
        "線の上で続いていなければならないので、まだクリアではありません"
    ),
    "solved": "クリア!",
    "strokesLeft": "残り{n}筆",
    "outOfStrokes": "筆数を使い切りました。元に戻すか、最初からやり直してください",
    "boomIn": "あと{n}筆で爆発します",
    "boomNext": "次の一筆で爆発します",
    "boom": "ドカン!線が半分に切れました",
    "blast": "ドカーン!線が一本と、隣の線の半分が消えました",
    "checkMissing": "まだつながっていない組が{n}組あります",
    "checkEmpty": "線の通っていないマスが{n}マスあります",
    "helpExplosionsOff": "このゲームでは爆発は起きません。",
    "helpExplosionsSoft": "爆発はやさしめです。線は短くなるだけで、消えはしません。",
    "helpCheated": "答えを見たので、このレベルはクリア扱いになりません。",
    "zoomLabel": "盤面の拡大と移動",
    "zoomIn": "拡大",
    "zoomOut": "縮小",
    "fit": "盤面全体を表示",
    "up": "上へ",
    "down": "下へ",
    "left": "左へ",
    "right": "右へ",
    "difficulty": "難しさ",
    "difficultyOf": "難しさ {mark}/5",
    "difficultySays": "このレベルの難しさです。1(やさしい)から5(手ごわい)まで。",
    "teaches": "新要素",
    "teachesSays": "このレベルで新しい仕掛けが登場します:{names}。",
    "tests": "腕試し",
    "testsSays": "これまでに覚えた仕掛けを試すレベルです:{names}。",
    "bridges": "橋",
    "bridgesSays": "橋では二本の線が交差します。一本は橋の上を、もう一本は下をくぐります。",
    "walls": "壁",
    "wallsSays": "線は壁を越えられません。黒いマスには線を引けません。",
    "waypoints": "経由点",
    "waypointsSays": "輪のついたマスは、同じ色の線が必ず通ります。",
    "wrap": "ループ",
    "wrapSays": "盤の端はつながっています。片側から出た線は反対側から戻ってきます。",
    "portals": "ワープ",
    "portalsSays": "ワープに入った線は、対になるワープから同じ向きに出てきます。",
    "explosions": "爆発",
    "explosionsSays": "何筆かごとに爆発が起き、線が短くなります。",
    "strokes": "筆数制限",
    "strokesSays": "線を引ける回数に限りがあります。",
    "hexagon": "六角形",
    "hexagonSays": "マスは六角形で、それぞれ六つのマスと隣り合っています。",
    "sparse": "まばら",
    "sparseSays": "組が少ないので、線は遠回りして盤面を埋めなければなりません。",
    "name": "つなぎ",
    "about": "同じ色のビー玉どうしを線でつなぎ、盤面をすべて線で埋めましょう。",
    "setClassic": "クラシック",
    "setPortals": "ワープ面",
    "sizeOf": "{size}×{size}マス",
    "pickSize": "大きさを選んでください",
    "today": "今日のレベル",
    "todayOf": "今日のレベル",
    "levelN": "レベル{n}",
    "levelOfSize": "レベル{n}({size}×{size}マス)",
    "blockN": "ブロック{n}:レベル{first}〜{last}",
    "levelSolved": "クリア済み",
    "levelHelped": "助けを借りてクリア",
    "levelStarted": "途中",
    "levelLocked": "未開放:前のブロックをクリアすると開きます",
    "noLevels": (
        "この大きさのレベルはまだ入っていません。ほかの大きさを選ぶか、itsutsu "
        "serve --levels DIR でレベル集を配信してください。"
    ),
    "noLevelsAtAll": (
        "つなぎのレベルはまだ入っていません。itsutsu serve --levels DIR "
        "でレベル集を配信してください。"
    ),
    "nextLevel": "次のレベル",
    "allLevels": "レベル一覧",
    "home": "パズル一覧",
    "otherLanguage": "English",
    "look": "見た目",
    "marksColours": "色",
    "marksNumbers": "数字",
    "fillMarbles": "玉",
    "fillLines": "線だけ",
    "coloursMarble": "ビー玉",
    "coloursBright": "あざやか",
    "coloursColourBlind": "色覚に配慮",
    "coloursSoft": "やわらか",
    "boardPaper": "紙",
    "boardWood": "木",
    "boardGreen": "緑のフェルト",
    "boardBlue": "青のフェルト",
    "boardRed": "赤のフェルト",
    "boardBlack": "黒のフェルト",
    "coordinates": "座標",
    "explosionsChoice": "爆発",
    "explosionsOn": "あり",
    "explosionsSoft": "やさしめ",
    "explosionsOff": "なし",
    "connecting": "サーバーに接続しています…",
    "reconnecting": "接続が切れました。再接続しています…",
    "refused": "サーバーが受け付けませんでした:{reason}",
    "hintPair": "ヒント:次は{n}番の組です。線は{row}行{col}列を通ります。",
    "noHintLeft": "どの線も、もう答えのとおりです。",
    "whyOneWay": "{n}番の線は{cell}から一方向にしか進めません",
    "whyTwoWays": "{cell}には二方向からしか入れないので、線はその両方を通ります",
    "whyJoined": (
        "{n}番の線は{cell}でつながりが埋まっていて、同じ線の隣り合うマスは必ずつながります"
    ),
    "whyDeadEnd": "{n}番の線は{cell}から先に進めず、行き止まりになります",
    "whyCrowded": "{cell}は{n}番の線と接する辺が多すぎます",
    "whyBridge": "{cell}の橋の両側は同じ線で、もう一方の向きは別の線です",
    "whyPortal": "{cell}のワープを通る線は、一つの通り道で入って出なければなりません",
    "whyLoop": "{n}番の線が{cell}を通ると輪ができてしまいます",
    "whyRegion": "{n}番の線は、ビー玉からビー玉への道の途中で{cell}に届きません",
    "whyGuess": "{n}番の線が{cell}を通ると仮定すると、矛盾に行き着きます",
    "whyBlind": "ここで使える推理はもうないので、{cell}は答えの線にします",
    "hintSettles": "{why}。だから{to}は{m}番の線です。",
    "hintNothing": "推理できることはもうありません。すべてのマスが決まっています。",
    "hintStuck": "ここから決まるマスはなく、答えがないので線を示せません。",
    "keysHelp": (
        "矢印キーで輪を動かし、"
        "ビー玉か線の端でスペースかEnterを押すと線を引き始めます。"
        "矢印で線を伸ばし、もう一度スペースかEnterで終わります。"
    ),
    "cellAt": "{row}行{col}列:{what}",
    "cellEmpty": "空き",
    "cellBlocked": "通れないマス",
    "cellBridge": "橋",
    "cellLine": "{n}番の線",
    "cellDrawing": "{n}番の線を引いています",
}

TSUNAGI_STRINGS: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {"en": MappingProxyType(_EN), "ja": MappingProxyType(_JA)}
)
"""Every Tsunagi string: language -> key -> text with ``{name}`` holes."""


def tsunagi_say(lang: str, key: str, values: Mapping[str, object] | None = None) -> str:
    """Return Tsunagi string ``key`` in ``lang`` (``en`` or ``ja``; others read as English),
    with ``values`` filled in and the ``…One`` form for a count of one.

    >>> tsunagi_say("en", "strokesLeft", {"n": 1}), tsunagi_say("ja", "strokesLeft", {"n": 1})
    ('One stroke left', '残り1筆')
    """
    return say(TSUNAGI_STRINGS, lang, key, values)


def tsunagi_language_of(tag: str | None) -> str:
    """Return ``"ja"`` for a tag starting with ``ja`` (any case), else ``"en"``."""
    return language_of(tag)
