"""Bad input (house rule): every public function of both engines, fed wrong-typed arguments.

For each function in ``itsutsu.tsunagi.__all__`` and ``itsutsu.suido.__all__`` (classes and
constants left out), every parameter in turn gets each of a few wrong values while the other
arguments stay valid. The call must raise ``ValueError`` or return normally (functions that
return ``None`` or the unchanged value for bad input); any other exception fails, naming the
function, the parameter and the value. The valid arguments come from the tables below, keyed
by parameter name, with overrides where one name means different things in two functions.
"""

from __future__ import annotations

import inspect
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

import itsutsu.suido as suido
import itsutsu.tsunagi as tsunagi
from itsutsu.common.random import seeded_random
from itsutsu.suido.squares import block_info
from itsutsu.tsunagi.drawing.geometry import geometry as tsunagi_geometry
from itsutsu.tsunagi.explosions import EXPLOSION_CHOICES
from itsutsu.tsunagi.lines import NO_REACH, lines_of_answer
from itsutsu.tsunagi.lines_code import encode_lines
from itsutsu.tsunagi.portals import edge_key

HUGE = 10**30

# --- Tsunagi: a 5x5 level, its answer, half its lines, a game on it --------------------------

T_GIVENS = "AB..B.CDEF.....A..E.C..DF"
T_ANSWER = "ABBBBACDEFACDEFACDEFCCDDF"
T_LAYOUT = tsunagi.decode_layout(T_GIVENS, 5)
assert T_LAYOUT is not None
_T_FULL = lines_of_answer(T_LAYOUT, T_ANSWER)
assert _T_FULL is not None
T_LINES = (_T_FULL[0], *(line[:2] for line in _T_FULL[1:]))
T_GAME = tsunagi.new_game(T_GIVENS, 5, T_ANSWER)
assert T_GAME is not None

# Level files for the loaders: a directory kept for the whole run, removed at exit.
_LEVELS_DIR = tempfile.TemporaryDirectory(prefix="itsutsu-bad-input-")
LEVELS = Path(_LEVELS_DIR.name)
T_LEVEL_ROWS = [tsunagi.LevelRow(T_GIVENS, T_ANSWER, 1)] * 16
tsunagi.write_level_file(LEVELS / "classic-5.tsv", 5, T_LEVEL_ROWS)
T_LEVEL_FILE = LEVELS / "classic-5.tsv"
_T_LOADERS = {"source": LEVELS}

TSUNAGI_VALID: dict[str, Any] = {
    "layout": T_LAYOUT,
    "size": 5,
    "givens": T_GIVENS,
    "layout_code": T_GIVENS,
    "code": T_GIVENS,
    "answer": T_ANSWER,
    "lines": T_LINES,
    "answer_lines": _T_FULL,
    "game": T_GAME,
    "cell": 3,
    "finger": 3,
    "pair": 1,
    "reach": NO_REACH,
    "options": tsunagi.DrawOptions(),
    "geometry": tsunagi_geometry(T_LAYOUT),
    "x": 10.0,
    "y": 10.0,
    "a": 0,
    "b": 1,
    "at": 3,
    "by": 1,
    "turn": 1,
    "mirror": False,
    "wrap": False,
    "hexagon": False,
    "op": 1,
    "owners": tsunagi.owners_of_answer(T_LAYOUT, T_ANSWER),
    "pairs": ((0, 24),),
    "walls": frozenset({edge_key(0, 1)}),
    "stroke": 3,
    "strokes": 3,
    "salt": "salt",
    "n": 4,
    "rule": T_LAYOUT.explosions,
    "choice": EXPLOSION_CHOICES[0],
    "line": _T_FULL[1],
    "help_": "hint",
    "helps": (None, "hint"),
    "limit": 2,
    "budget": 100_000,
    "source": 0,
    "into": 1,
    "bridge": 0,
    "segment": "wrap",
    "id": "b",
    "explosions": "on",
    "cheats": False,
    "coordinates": False,
    "ghosts": True,
    "cells": T_GIVENS,
    "tag": "en",
    "lang": "en",
    "key": next(iter(tsunagi.TSUNAGI_STRINGS["en"])),
    "values": {},
    "level": 1,
    "block": 1,
    "count": 32,
    "score": 50,
    "seed": 1001,
    "set": "classic",
    "solved": frozenset({1, 2}),
    "date": "2026-10-01",
    "text": "2026-10-01",
    "layouts": (T_GIVENS,) * 16,
    "rows": T_LEVEL_ROWS,
    "file": T_LEVEL_FILE,
    "random": seeded_random(7),
    "longest": 8,
    "piece": 4,
    "most": 82,
}

TSUNAGI_OVERRIDES: dict[str, dict[str, Any]] = {
    "solve": {"rule": "check"},
    "count_solutions": {"rule": "check"},
    "count_solutions_of_level": {"rule": "check"},
    "deduce": {"position": tsunagi.start_position(T_LAYOUT)},
    "next_finding": {"position": tsunagi.start_position(T_LAYOUT)},
    "difficulty_figure": {"m": tsunagi.measure(T_LAYOUT, T_ANSWER)},
    "score": {"m": tsunagi.measure(T_LAYOUT, T_ANSWER)},
    "order_by_difficulty": {"levels": [(T_LAYOUT, T_ANSWER)]},
    "decode_lines": {"code": encode_lines(T_LAYOUT, T_LINES)},
    "lines_code_fits": {"code": encode_lines(T_LAYOUT, T_LINES)},
    "game_from_code": {"code": encode_lines(T_LAYOUT, T_LINES)},
    "draw_marble": {"pair": 1},
    "symmetry_key": {"code": T_GIVENS},
    "twist_role": {"level": 15},
    "layouts": _T_LOADERS,
    "level": _T_LOADERS,
    "level_of": {**_T_LOADERS, "layout": T_GIVENS},
    "levels_of": _T_LOADERS,
    "marks": _T_LOADERS,
    "role": _T_LOADERS,
}

# --- Suido: a 5x5 board, its answer, a game, and a 4x4 board with two blocks ------------------

S_BOARD = "5x5:Eba3C3c9955C6abcdc3ckac3I"
S_ANSWER_CODE = "5x5:CeacE696955E3ad3bc69ia93I"
S_LAYOUT = suido.decode_layout(S_BOARD)
_S_ANSWER_LAYOUT = suido.decode_layout(S_ANSWER_CODE)
assert S_LAYOUT is not None and _S_ANSWER_LAYOUT is not None
S_ANSWER = _S_ANSWER_LAYOUT.cells
S_GAME = suido.new_game(S_BOARD)
assert S_GAME is not None
S_BLOCKS = suido.decode_layout("4x4:2800000000000h01;l15;w4;b6;k0")
assert S_BLOCKS is not None
S_BLOCK = block_info(S_BLOCKS).blocks[0]
_S_TURNS = suido.turns_of(S_LAYOUT, S_ANSWER)
assert _S_TURNS is not None
S_ROW = (S_BOARD, _S_TURNS, "")
S_LEVEL_ROWS = [suido.LevelRow(S_BOARD, _S_TURNS, "", 1)] * 16
suido.write_level_file(LEVELS / "5x5.tsv", "5x5", S_LEVEL_ROWS)
S_BIG_ROWS = [
    suido.BigLevelRow(
        "5x5:Bm16966295dadca7I6d735EEC;b2",
        "1110302000203110033201123",
        "big-pieces",
        1,
        "5x5",
        4,
        1,
    )
] * 16
suido.write_big_file(LEVELS / "big.tsv", S_BIG_ROWS)

SUIDO_VALID: dict[str, Any] = {
    "layout": S_LAYOUT,
    "masks": S_LAYOUT.cells,
    "game": S_GAME,
    "block": S_BLOCK,
    "answer": S_ANSWER,
    "solution": S_ANSWER,
    "given": S_LAYOUT.cells,
    "board": S_BOARD,
    "code": S_BOARD,
    "kept": S_ANSWER_CODE,
    "progress": "0001000000000000000000000:1",
    "row": S_ROW,
    "cell": 3,
    "side": 1,
    "mask": 5,
    "quarters": 1,
    "start": 1,
    "end": 2,
    "both": True,
    "by": 1,
    "q": 1,
    "a": 0,
    "b": 1,
    "op": 1,
    "width": 3,
    "height": 2,
    "role": "plain",
    "wet": False,
    "label": "a board",
    "style": False,
    "water": True,
    "options": suido.DrawOptions(),
    "flow": suido.flow_of(S_LAYOUT),
    "traced": suido.traced_flow_of(S_LAYOUT),
    "deepest": 4,
    "limit": 2,
    "budget": 10_000,
    "cells": (2, 8, 0, 0),
    "tag": "en",
    "lang": "en",
    "key": next(iter(suido.SUIDO_STRINGS["en"])),
    "values": {},
    "size": "5x5",
    "n": 1,
    "level": 1,
    "count": 32,
    "score": 50,
    "solved": frozenset({1, 2}),
    "date": "2026-10-01",
    "text": "2026-10-01",
    "source": LEVELS,
    "rows": S_LEVEL_ROWS,
    "file": LEVELS / "5x5.tsv",
    "m": suido.measure(S_LAYOUT, S_ANSWER),
    "levels": [(S_LAYOUT, S_ANSWER)],
    "kind": "network",
    "wrap": False,
}

_BLOCK_MASKS = S_BLOCKS.cells
SUIDO_OVERRIDES: dict[str, dict[str, Any]] = {
    "block_facings": {"masks": _BLOCK_MASKS},
    "can_turn_block": {"masks": _BLOCK_MASKS},
    "is_joined_inside": {"masks": _BLOCK_MASKS},
    "turn_block": {"masks": _BLOCK_MASKS},
    "block_quarters_between": {"start": _BLOCK_MASKS, "end": _BLOCK_MASKS},
    "cell_states": {"quarters": (0,) * len(S_LAYOUT.cells)},
    "paint_state": {"quarters": (0,) * len(S_LAYOUT.cells)},
    "game_from_code": {"code": S_BOARD, "kept": S_ANSWER_CODE},
    "count_solutions_of_level": {"answer": S_ANSWER_CODE},
    "block_at": {"layout": S_BLOCKS, "cell": 5},
    "same_block": {"layout": S_BLOCKS},
    "block_range": {"block": 1},
    "twist_role": {"rows": [S_ROW] * 16, "level": 15},
    "big_file_text": {"rows": S_BIG_ROWS},
    "read_big_file": {"file": LEVELS / "big.tsv"},
    "lay": {"options": suido.MakeOptions(size=4, seed=1)},
    "make": {"options": suido.MakeOptions(size=4, seed=1)},
    "make_unscored": {"options": suido.MakeOptions(size=4, seed=1)},
    "flow_after_turn": {
        "before": S_GAME,
        "traced": suido.traced_flow_of_game(S_GAME),
        "after": S_GAME,
    },
}

# Functions whose valid arguments cannot be built here, with the reason. Keep this short.
_WRITES = "writes a file, and a wrong path text is a real path; test_level_files covers it"
CANNOT_BUILD: dict[str, str] = {
    "itsutsu.tsunagi.write_level_file": _WRITES,
    "itsutsu.suido.write_level_file": _WRITES,
    "itsutsu.suido.write_big_file": _WRITES,
}

WRONG: tuple[object, ...] = (None, "x", 3.5, [], object())
WRONG_INT: tuple[object, ...] = (HUGE, -1, -HUGE)


def _functions(module: Any) -> list[tuple[str, Callable[..., Any]]]:
    out = []
    for name in module.__all__:
        value = getattr(module, name)
        if callable(value) and inspect.isfunction(inspect.unwrap(value)):
            out.append((name, value))
    return out


CASES = [
    pytest.param(module, name, id=f"{module.__name__.rsplit('.', 1)[1]}.{name}")
    for module in (tsunagi, suido)
    for name, _ in _functions(module)
]


def _valid_args(module: Any, name: str) -> dict[str, Any]:
    """Return a valid argument for every parameter of ``module.name``, by name."""
    table: Mapping[str, Any]
    if module is tsunagi:
        table = {**TSUNAGI_VALID, **TSUNAGI_OVERRIDES.get(name, {})}
    else:
        table = {**SUIDO_VALID, **SUIDO_OVERRIDES.get(name, {})}
    func = getattr(module, name)
    args = {}
    for param in inspect.signature(func).parameters.values():
        if param.kind is inspect.Parameter.VAR_KEYWORD:
            continue  # the options as keywords: test_draw_options_as_keywords covers them
        if param.name in table:
            args[param.name] = table[param.name]
        elif param.default is inspect.Parameter.empty:
            raise LookupError(f"no valid value for {name}({param.name}) in the table")
    return args


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@pytest.mark.parametrize(("module", "name"), CASES)
def test_wrong_arguments_raise_value_error_or_return(module: Any, name: str) -> None:
    qualified = f"{module.__name__}.{name}"
    if qualified in CANNOT_BUILD:
        pytest.skip(f"{qualified}: {CANNOT_BUILD[qualified]}")
    func = getattr(module, name)
    valid = _valid_args(module, name)
    func(**valid)  # the table is honest: the valid call itself succeeds
    failures = []
    for param, good in valid.items():
        wrongs = WRONG + (WRONG_INT if _is_int(good) else ())
        for wrong in wrongs:
            try:
                func(**{**valid, param: wrong})
            except ValueError as error:
                assert str(error), f"{qualified}({param}={wrong!r}) raised an empty ValueError"
            except Exception as error:
                failures.append(f"{param}={wrong!r:.30}: {type(error).__name__}: {error}")
    assert not failures, f"{qualified} crashed on bad input:\n" + "\n".join(failures)


def test_every_function_is_covered() -> None:
    """Every public function is either in the cases or listed with a reason (and exists)."""
    names = {f"{m.__name__}.{n}" for m in (tsunagi, suido) for n, _ in _functions(m)}
    assert set(CANNOT_BUILD) <= names
    assert len(CASES) == len(names)
    assert len(names) > 140


@pytest.mark.parametrize(
    ("draw", "layout", "good"),
    [
        (tsunagi.draw, T_LAYOUT, {"marks": "numbers", "board": "wood", "language": "ja"}),
        (suido.draw, S_LAYOUT, {"style": True, "water": False, "language": "ja"}),
    ],
    ids=["tsunagi", "suido"],
)
def test_draw_options_as_keywords(draw: Any, layout: Any, good: dict[str, Any]) -> None:
    """Options by keyword mean what the same DrawOptions means; a wrong name or value, or
    options of the wrong type, raise ValueError saying what is wrong."""
    assert draw(layout)  # the defaults draw
    kind = tsunagi.DrawOptions if draw is tsunagi.draw else suido.DrawOptions
    assert draw(layout, **good) == draw(layout, kind(**good))
    assert draw(layout, kind(language="ja"), style=True) == draw(
        layout, kind(language="ja", style=True)
    )
    with pytest.raises(ValueError, match="no option named 'colour'; the options are"):
        draw(layout, colour="red")
    with pytest.raises(ValueError, match="language 'fr' is not one of en, ja"):
        draw(layout, language="fr")
    with pytest.raises(ValueError, match="options must be DrawOptions or None, not dict"):
        draw(layout, good)
