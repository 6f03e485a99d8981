"""Squares: big pieces and blocks that turn (spec section 4)."""

from __future__ import annotations

from itsutsu.suido.code import decode_layout
from itsutsu.suido.squares import (
    Block,
    block_at,
    block_facings,
    block_info,
    block_quarters_between,
    can_turn_block,
    has_blocks,
    is_joined_inside,
    place_after,
    same_block,
    turn_block,
)


def test_block_info_merges_and_sorts() -> None:
    layout = decode_layout("4x4:2800000000000h01;l15;w4;b5;k0")
    assert layout is None  # b5 = 5, 6, 10, 9 and k0 = 0, 1, 5, 4 share cell 5
    layout = decode_layout("4x4:2800000000000h01;l15;w4;b6;k0")
    assert layout is not None
    info = block_info(layout)
    assert info.blocks == (
        Block(index=0, anchor=0, big=False, cells=(0, 1, 5, 4)),
        Block(index=1, anchor=6, big=True, cells=(6, 7, 11, 10)),
    )
    assert info.of == (0, 0, -1, -1, 0, 0, 1, 1, -1, -1, 1, 1, -1, -1, -1, -1)
    assert has_blocks(layout) and block_at(layout, 11) == info.blocks[1]
    assert block_at(layout, 2) is None and block_at(layout, 99) is None
    assert same_block(layout, 0, 5) and not same_block(layout, 0, 6)
    plain = decode_layout("2x2:h000")
    assert plain is not None and not has_blocks(plain) and block_info(plain).blocks == ()


def test_turning_a_square() -> None:
    block = Block(index=0, anchor=0, big=False, cells=(0, 1, 4, 3))
    masks = (1, 2, 9, 0, 0, 9, 9, 9, 9)  # TL 1, TR 2, BR 0, BL 0
    assert turn_block(masks, block, 1) == (0, 2, 9, 0, 4, 9, 9, 9, 9)
    assert turn_block(masks, block, -1) == turn_block(masks, block, 3)
    assert turn_block(masks, block, 3) == (1, 0, 9, 8, 0, 9, 9, 9, 9)
    assert block_facings(masks, block) == ((1, 2, 0, 0), (0, 2, 4, 0), (0, 0, 4, 8), (1, 0, 0, 8))
    assert block_quarters_between(masks, turn_block(masks, block, 2), block) == 2
    assert block_quarters_between(masks, (2, 2, 9, 0, 0, 9, 9, 9, 9), block) is None
    assert can_turn_block(masks, block)
    assert not can_turn_block((5, 10, 0, 10, 5), Block(0, 0, False, (0, 1, 4, 3)))
    assert len(block_facings((5, 0, 0, 0, 5), Block(0, 0, False, (0, 1, 4, 3)))) == 2
    assert [place_after(block, 0, q) for q in range(4)] == [0, 1, 4, 3]
    assert place_after(block, 3, 1) == 0 and place_after(block, 7, 2) == 7


def test_joined_inside() -> None:
    block = Block(index=0, anchor=0, big=True, cells=(0, 1, 3, 2))
    assert is_joined_inside((2, 8, 0, 0), block)
    assert not is_joined_inside((2, 0, 0, 0), block)
    assert is_joined_inside((6, 12, 3, 9), block)  # a ring agrees on every edge
    assert not is_joined_inside((4, 0, 0, 0), block)
    assert is_joined_inside((4, 0, 1, 0), block)
