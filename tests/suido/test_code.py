"""Suido board codes: every refusal of spec 2.3, the canonical encoding, and fuzzing."""

from __future__ import annotations

import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import corpus_files, corpus_rows
from itsutsu.suido.check import NOT_AN_ANSWER, check_answer
from itsutsu.suido.code import MAX_SIDE, Layout, decode_layout, encode_layout, with_masks
from itsutsu.suido.game import game_from_progress

# (refused code, a near-identical code that decodes): each pair isolates one rule of spec 2.3.
REFUSALS = {
    "2 pattern: trailing newline": ("2x2:h000\n", "2x2:h000"),
    "2 pattern: non-ASCII digit": ("٢x2:h000", "2x2:h000"),
    "2 pattern: three-digit size": ("002x2:h000", "02x2:h000"),
    "2 pattern: unknown flag": ("2x2x:h000", "2x2:h000"),
    "2 pattern: empty list": ("2x2:h111;l", "2x2:h111;l0"),
    "2 pattern: lists out of order": ("2x2:h000;w1;l0", "2x2:h000;l0;w1"),
    "2 pattern: list twice": ("2x2:h111;l0;l1", "2x2:h111;l0,1"),
    "3 width below 2": ("1x2:h0", "2x2:h000"),
    "3 height below 2": ("2x1:h0", "2x2:h000"),
    "3 width above 64": ("65x2:h" + "0" * 129, "64x2:h" + "0" * 127),
    "3 height above 64": ("2x65:h" + "0" * 129, "2x64:h" + "0" * 127),
    "3 body too short": ("2x2:h00", "2x2:h000"),
    "3 body too long": ("2x2:h0000", "2x2:h000"),
    "4 flag repeated": ("2x2dd:h000", "2x2d:h000"),
    "4 d and i": ("2x2di:hB00", "2x2i:hB00"),
    "4 w repeated": ("3x3ww:h00000000", "3x3w:h00000000"),
    "5 w not last": ("3x3wd:h00000000", "3x3dw:h00000000"),
    "5 w before i": ("3x3wi:hB0000000", "3x3iw:hB0000000"),
    "6 wrap narrower than 3": ("2x3w:h00000", "3x3w:h00000000"),
    "6 wrap lower than 3": ("3x2w:h00000", "3x3w:h00000000"),
    "7 locked not ascending": ("2x2:h111;l1,0", "2x2:h111;l0,1"),
    "7 locked repeated": ("2x2:h111;l1,1", "2x2:h111;l1"),
    "7 locked out of range": ("2x2:h111;l4", "2x2:h111;l3"),
    "7 locked leading comma": ("2x2:h111;l,1", "2x2:h111;l1"),
    "7 locked trailing comma": ("2x2:h111;l1,", "2x2:h111;l1"),
    "7 walls out of range": ("3x3w:h11111111;w18", "3x3w:h11111111;w17"),
    "7 walls not ascending": ("3x3w:h11111111;w3,1", "3x3w:h11111111;w1,3"),
    "7 bigs out of range": ("3x3:h00000000;b9", "3x3:h00000000;b4"),
    "7 blocks out of range": ("3x3:h00000000;k9", "3x3:h00000000;k4"),
    "7 blocks double comma": ("4x4:000000000000000h;k0,,2", "4x4:000000000000000h;k0,2"),
    "8 unknown character": ("2x2:h00x", "2x2:h00f"),
    "8 upper-case beyond P": ("2x2:h00Q", "2x2:h00P"),
    "8 pump on blank": ("2x2:hg00", "2x2:hh00"),
    "8 drain on blank": ("2x2:hA00", "2x2:hB00"),
    "9 no pump": ("2x2:1000", "2x2:h000"),
    "10 inlet-outlet without drain": ("2x2i:h100", "2x2i:hB00"),
    "10 inlet-outlet pump not an end": ("2x2i:jB00", "2x2i:hB00"),
    "10 inlet-outlet drain not an end": ("2x2i:hD00", "2x2i:hB00"),
    "10 inlet-outlet two drains": ("2x2i:hBB0", "2x2i:hB10"),
    "10 inlet-outlet two pumps": ("2x2i:hBh0", "2x2i:hB10"),
    "11 locked blank": ("2x2:h000;l1", "2x2:h100;l1"),
    "12 east wall on the rim": ("2x2:h111;w2", "2x2:h111;w0"),
    "12 south wall on the rim": ("2x2:h111;w5", "2x2:h111;w1"),
    "12 rim wall without wrap": ("3x3:h11111111;w4", "3x3w:h11111111;w4"),
    "13 square on drains kind": ("3x3d:h00000000;b4", "3x3:h00000000;b4"),
    "13 block on inlet-outlet": ("3x3i:hB0000000;k4", "3x3i:hB0000000"),
    "13 anchor in last column": ("3x3:h00000000;b2", "3x3:h00000000;b1"),
    "13 anchor in last row": ("3x3:h00000000;k6", "3x3:h00000000;k3"),
    "13 anchor in last column of a wrap": ("3x3w:h00000000;b5", "3x3w:h00000000;b4"),
    "13 bigs share a cell": ("4x4:000000000000000h;b0,1", "4x4:000000000000000h;b0,2"),
    "13 big and block share": ("4x4:000000000000000h;b4;k1", "4x4:000000000000000h;b8;k1"),
    "13 pump in a square": ("3x3:h00000000;b0", "3x3:h00000000;b4"),
    "13 drain in a square": ("3x3:B0000000h;b0", "3x3:10000000h;b0"),
    "13 lock in a square": ("3x3:1000000h0;l0;b0", "3x3:1000000h0;l0;b1"),
    "13 big not joined": ("3x3:2000000h0;b0", "3x3:2800000h0;b0"),
    "13 big not joined south": ("3x3:4000000h0;b0", "3x3:4001000h0;b0"),
    "13 wall inside a square": ("3x3:0000000h0;w0;b0", "3x3:0000000h0;w2;b0"),
    "13 south wall inside a block": ("3x3:0000000h0;w1;k0", "3x3:0000000h0;w5;k0"),
}


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_each_refusal_alone(name: str) -> None:
    refused, accepted = REFUSALS[name]
    assert decode_layout(refused) is None
    assert decode_layout(accepted) is not None


def test_block_need_not_be_joined_inside() -> None:
    assert decode_layout("3x3:2000000h0;k0") is not None
    assert decode_layout("3x3:2000000h0;b0") is None


@pytest.mark.parametrize("value", [None, 5, 2.5, b"2x2:h000", ["2x2:h000"], object()])
def test_non_strings_are_refused(value: object) -> None:
    assert decode_layout(value) is None


def test_decoded_fields() -> None:
    layout = decode_layout("5x5:CB3E99577cBBrfEea6aB65Ecc;w4,34,36")
    assert layout == Layout(
        width=5,
        height=5,
        kind="network",
        wrap=False,
        cells=(2, 1, 3, 4, 9, 9, 5, 7, 7, 12, 1, 1, 11, 15, 4, 14, 10, 6, 10, 1, 6, 5, 4, 12, 12),
        sources=(12,),
        drains=(0, 1, 3, 10, 11, 14, 19, 22),
        locked=None,
        walls=(4, 34, 36),
        bigs=None,
        blocks=None,
    )


def test_kinds_and_flags() -> None:
    drains = decode_layout("4x4dw:b00a0iB643bE4049")
    assert drains is not None and (drains.kind, drains.wrap) == ("drains", True)
    assert drains.sources == (5,) and drains.drains == (6, 11)
    path = decode_layout("5x5i:k0ca9c5305330050d2335ef6C")
    assert path is not None and (path.kind, path.wrap) == ("inlet-outlet", False)
    assert path.sources == (0,) and path.drains == (24,)


def test_accepted_oddities() -> None:
    # spec 2.3 "not refused": drains board without drains, drains on a network, iw, many pumps
    assert decode_layout("2x2d:h000") is not None
    assert decode_layout("2x2:hB00") is not None
    assert decode_layout("3x3iw:hB0000000") is not None
    assert decode_layout("2x2:hhhh") is not None


def test_leading_zeros_are_normalised() -> None:
    layout = decode_layout("05x05:j5a5C5I59Ib75f7a6CCa35aIC;l01,2")
    assert layout is not None and layout.locked == (1, 2)
    assert encode_layout(layout) == "5x5:j5a5C5I59Ib75f7a6CCa35aIC;l1,2"


def test_present_lists_and_absent_lists() -> None:
    layout = decode_layout("4x4:2800000000000h01;l15;w4;b0;k6")
    assert layout is not None
    assert (layout.locked, layout.walls, layout.bigs, layout.blocks) == ((15,), (4,), (0,), (6,))
    bare = decode_layout("4x4:2800000000000h00")
    assert bare is not None
    assert (bare.locked, bare.walls, bare.bigs, bare.blocks) == (None, None, None, None)


def test_largest_board() -> None:
    code = f"{MAX_SIDE}x{MAX_SIDE}:h" + "5" * (MAX_SIDE * MAX_SIDE - 1)
    layout = decode_layout(code)
    assert layout is not None and len(layout.cells) == 4096
    assert encode_layout(layout) == code


def test_encode_writes_pump_before_drain_and_skips_empty_lists() -> None:
    layout = Layout(2, 2, "network", False, (1, 2, 4, 8), (0,), (0, 3), (), None, (), None)
    assert encode_layout(layout) == "2x2:h24I"


def test_encode_refuses_non_layouts() -> None:
    with pytest.raises(ValueError, match="encode_layout needs a Suido Layout"):
        encode_layout("2x2:h000")  # type: ignore[arg-type]


def test_with_masks() -> None:
    layout = decode_layout("2x2:h111;l3")
    assert layout is not None
    turned = with_masks(layout, (2, 4, 8, 1))
    assert encode_layout(turned) == "2x2:i481;l3"
    with pytest.raises(ValueError, match="has 3 entries"):
        with_masks(layout, (1, 2, 3))
    with pytest.raises(ValueError, match=r"0\.\.15"):
        with_masks(layout, (1, 2, 3, 16))


def test_every_corpus_code_round_trips() -> None:
    count = 0
    for name in corpus_files("suido"):
        for row in corpus_rows("suido", name):
            layout = decode_layout(row[1])
            assert layout is not None, row[1]
            assert encode_layout(layout) == row[1]
            count += 1
    assert count in (0, 3584)


@functools.lru_cache(maxsize=1)
def _sample_codes() -> tuple[str, ...]:
    codes = []
    for name in corpus_files("suido"):
        codes += [row[1] for row in corpus_rows("suido", name)[::37]]
    return tuple(codes) or ("5x5:Eba3C3c9955C6abcdc3ckac3I",)


_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ:;,x\n٢"


def _round_trip(code: str) -> None:
    layout = decode_layout(code)
    if layout is None:
        return
    again = encode_layout(layout)
    assert decode_layout(again) == layout
    assert encode_layout(decode_layout(again)) == again  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=_ALPHABET, max_size=40))
def test_random_text_never_raises(code: str) -> None:
    _round_trip(code)


@settings(max_examples=200, deadline=None)
@given(st.from_regex(r"[0-9]{1,2}x[0-9]{1,2}[diw]{0,3}:[0-9a-vA-P]{4,30}(;[lwbk][0-9,]{1,6}){0,3}"))
def test_code_shaped_text_never_raises(code: str) -> None:
    _round_trip(code)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_corpus_codes(data: st.DataObject) -> None:
    original = code = data.draw(st.sampled_from(_sample_codes()))
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.integers(0, len(code)))
        how = data.draw(st.sampled_from(["replace", "insert", "delete"]))
        char = data.draw(st.sampled_from(_ALPHABET))
        if how == "replace":
            code = code[:where] + char + code[where + 1 :]
        elif how == "insert":
            code = code[:where] + char + code[where:]
        else:
            code = code[:where] + code[where + 1 :]
    _round_trip(code)
    # the checker and the progress reader take the same mutants without raising
    verdict = check_answer(original, code)
    assert verdict.ok == (verdict.reason is None)
    assert check_answer(code, original).reason != NOT_AN_ANSWER
    layout = decode_layout(code)
    size = 0 if layout is None else len(layout.cells)
    game = game_from_progress(code, "0" * size + ":7")
    assert (game is None) == (layout is None)
    assert game_from_progress(original, code) is None
