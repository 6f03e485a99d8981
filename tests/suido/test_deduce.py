"""Deductions (spec 7): hand-worked boards, a literal reference, and the corpus."""

from __future__ import annotations

import pytest

from conftest import corpus_files, corpus_rows
from itsutsu.suido.board import neighbours_of
from itsutsu.suido.code import Layout, decode_layout
from itsutsu.suido.difficulty.deduce import Deduction, deduce
from itsutsu.suido.pieces import rotations_of
from itsutsu.suido.rows import level_solution
from itsutsu.suido.solver.count import solve
from itsutsu.suido.squares import block_facings, block_info
from itsutsu.suido.water import flow_of
from suido_boards import _boards


def _board(code: str) -> Layout:
    layout = decode_layout(code)
    assert layout is not None, code
    return layout


# --- hand-worked boards ------------------------------------------------------------------------


def test_ring_of_elbows_is_seen_at_a_glance() -> None:
    # 2x2 network of elbows: in round 1 the rim leaves each corner one facing (TL opens E+S,
    # TR S+W, BL N+E, BR N+W). Round 2 changes nothing. Four pieces, all settled in one round.
    layout = _board("2x2:j333")
    assert deduce(layout, (6, 12, 3, 9)) == Deduction(pieces=4, glance=4, settled=4, rounds=1)


def test_network_needing_a_second_look() -> None:
    # 3x3 network      j 1 0     0 pump elbow, 1 end, 3 tee, 4 end, 6 end; 2, 5, 7, 8 blank.
    #                  7 1 0
    #                  1 0 0
    # Round 1 (neighbours may still open any way): 0 has the rim N and W -> E+S (6); 3 has the
    # rim W, so the tee is N+E+S (7); 6 has the rim W and S and a blank E -> N (1). Cell 1 has
    # the rim N and a blank E: S or W stay. Cell 4 has blanks E and S: N or W stay. glance 3.
    # Round 2: 0 opens E, so 1 must open W (8); 3 opens E, so 4 must open W (8). settled 5.
    # Round 3 changes nothing: two rounds.
    layout = _board("3x3:j10710100")
    answer = (6, 8, 0, 7, 8, 0, 1, 0, 0)
    assert deduce(layout, answer) == Deduction(pieces=5, glance=3, settled=5, rounds=2)
    result = solve(layout)
    assert result.solutions == (answer,) and result.forced == 5


def test_network_stops_when_a_piece_has_no_facing_left() -> None:
    # 3x2 network of six elbows has no answer. Round 1: the four corners are settled by the
    # rim (TL 6, TR 12, BL 3, BR 9); the middles keep two facings each (top S+E or S+W, bottom
    # N+E or N+W). Round 2: the top middle must open W (toward TL) and E (toward TR) at once,
    # which no elbow facing does, so looking stops there: 4 settled after 1 round.
    layout = _board("3x2:j33333")
    assert deduce(layout, layout.cells) == Deduction(pieces=6, glance=4, settled=4, rounds=1)


def test_drains_grow_from_the_pump_and_the_drain() -> None:
    # 3x3 drains board  h 5 B    pump end at 0, straight at 1, drain end at 2, a tee spare at
    #                   0 7 0    4, the rest blank. The answer runs 0 -> 1 -> 2; the tee stays
    #                   0 0 0    dry (3 wet pieces).
    # Round 1 looks only at seeds (0 and 2; nothing is faced yet so nothing else has water
    # coming in): 0 has the rim N and W and a blank S -> E; 2 has the rim N and E, blank S -> W.
    # Round 2: 1 has water coming in from W and E -> the straight lies E-W (10).
    # Round 3: the tee at 4 has no faced neighbour opening toward it: nothing more. 2 rounds.
    layout = _board("3x3d:h5B070000")
    answer = (2, 10, 8, 0, 7, 0, 0, 0, 0)
    assert deduce(layout, answer) == Deduction(pieces=3, glance=2, settled=3, rounds=2)


def test_inlet_outlet_with_nothing_settled_at_a_glance() -> None:
    # 3x2 inlet-outlet  h 3 7    pump end at 0, drain end at 5. Each end has two sides left
    #                   5 3 B    after the rim (0: E or S; 5: N or W) and unfaced neighbours
    # constrain nothing, so no round settles anything. (The solver still finds the one path
    # 0 -> 1 -> 4 -> 5 without guessing: its propagation also looks at unfaced pieces.)
    layout = _board("3x2i:h3753B")
    answer = (2, 12, 7, 5, 3, 8)
    assert deduce(layout, answer) == Deduction(pieces=4, glance=0, settled=0, rounds=0)
    assert solve(layout).branches == 0


def test_bad_input_is_refused() -> None:
    layout = Layout(2, 2, "drains", False, (1, 1, 1, 1), (0,), (3,), blocks=(0,))
    with pytest.raises(ValueError) as caught:
        deduce(layout, layout.cells)
    assert str(caught.value) == "Only a network can have big pieces or blocks that turn."
    with pytest.raises(ValueError, match="masks has 3 entries"):
        deduce(_board("2x2:j333"), (6, 12, 3))
    with pytest.raises(ValueError, match="not str"):
        deduce("2x2:j333", (6, 12, 3, 9))  # type: ignore[arg-type]


# --- a literal reading of spec 7, judging every piece every round -----------------------------


def _reference(layout: Layout, solution: tuple[int, ...]) -> Deduction:
    near = neighbours_of(layout)
    size = len(layout.cells)
    if layout.kind == "network":
        info = block_info(layout)
        locked = set(layout.locked or ())
        units: list[tuple[tuple[int, ...], list[tuple[int, ...]]]] = []
        for cell, mask in enumerate(layout.cells):
            if info.of[cell] < 0:
                masks = (mask,) if cell in locked else rotations_of(mask)
                units.append(((cell,), [(m,) for m in masks]))
            elif info.blocks[info.of[cell]].anchor == cell:
                block = info.blocks[info.of[cell]]
                units.append((block.cells, list(block_facings(layout.cells, block))))

        def sets(live: list[list[int]]) -> tuple[list[int], list[int]]:
            opens, shuts = [0] * size, [0] * size
            for (cells, facings), alive in zip(units, live, strict=True):
                for i in alive:
                    for cell, mask in zip(cells, facings[i], strict=True):
                        opens[cell] |= mask
                        shuts[cell] |= 15 ^ mask
            return opens, shuts

        def holds(
            cells: tuple[int, ...], facing: tuple[int, ...], opens: list[int], shuts: list[int]
        ) -> bool:
            for i, cell in enumerate(cells):
                for side in range(4):
                    other = near[cell * 4 + side]
                    back = 1 << ((side + 2) & 3)
                    is_open = bool(facing[i] >> side & 1)
                    if other in cells:
                        ok = is_open == bool(facing[cells.index(other)] & back)
                    elif is_open:
                        ok = other >= 0 and bool(opens[other] & back)
                    else:
                        ok = other < 0 or bool(shuts[other] & back)
                    if not ok:
                        return False
            return True

        def forced(opens: list[int], shuts: list[int]) -> int:
            return sum(1 for o, s in zip(opens, shuts, strict=True) if o and not o & s)

        live = [list(range(len(facings))) for _cells, facings in units]
        opens, shuts = sets(live)
        glance, rounds = forced(opens, shuts), 0
        pieces = sum(1 for m in layout.cells if m)
        while True:
            after = []
            for (cells, facings), alive in zip(units, live, strict=True):
                kept = [i for i in alive if holds(cells, facings[i], opens, shuts)]
                if not kept:
                    return Deduction(pieces, glance, forced(opens, shuts), rounds)
                after.append(kept)
            if after == live:
                return Deduction(pieces, glance, forced(opens, shuts), rounds)
            live = after
            opens, shuts = sets(live)
            rounds += 1
            if rounds == 1:
                glance = forced(opens, shuts)
    seeds = set(layout.sources) | set(layout.drains)
    locked = set(layout.locked or ())
    faced = [-1] * size
    settled = glance = rounds = 0
    while True:
        found = []
        for cell, mask in enumerate(layout.cells):
            if faced[cell] >= 0 or mask == 0:
                continue
            need = bar = 0
            for side in range(4):
                other = near[cell * 4 + side]
                back = 1 << ((side + 2) & 3)
                if other < 0 or layout.cells[other] == 0:
                    bar |= 1 << side
                elif faced[other] >= 0:
                    if faced[other] & back:
                        need |= 1 << side
                    else:
                        bar |= 1 << side
            if cell not in seeds and not need:
                continue
            masks = (mask,) if cell in locked else rotations_of(mask)
            keep = [
                m
                for m in masks
                if m & need == need
                and not m & bar
                and (layout.kind != "inlet-outlet" or bin(m).count("1") <= 2)
            ]
            if len(keep) == 1:
                found.append((cell, keep[0]))
        if not found:
            break
        for cell, mask in found:
            faced[cell] = mask
        settled += len(found)
        rounds += 1
        if rounds == 1:
            glance = settled
    return Deduction(flow_of(layout, solution).wet_pieces, glance, settled, rounds)


def test_deduce_matches_a_literal_reading_on_random_boards() -> None:
    boards = _boards(0) + _boards(1)
    for layout in boards:
        answer = solve(layout, limit=1).solutions
        masks = answer[0] if answer else layout.cells
        looked = deduce(layout, masks)
        assert looked == _reference(layout, masks)
        if layout.kind == "network" and answer:
            assert solve(layout, limit=1).forced == looked.settled


@pytest.mark.parametrize("name", corpus_files("suido"))
def test_corpus_deductions(name: str) -> None:
    rows = corpus_rows("suido", name)
    whole = 0
    for index, row in enumerate(rows):
        layout = _board(row[1])
        solution = level_solution(row[1:])
        assert solution is not None
        looked = deduce(layout, solution)
        assert 0 <= looked.glance <= looked.settled <= looked.pieces, (name, row[0])
        assert looked.rounds >= (1 if looked.settled else 0)
        found = solve(layout)
        if layout.kind == "network":
            # The solver's root propagation reaches the same fixed point as the rounds.
            assert found.forced == looked.settled, (name, row[0])
        if looked.settled == looked.pieces:
            whole += 1
            assert found.branches == 0, (name, row[0])
        if index % 16 == 0 and len(layout.cells) <= 200:
            assert looked == _reference(layout, solution), (name, row[0])
    assert whole > 0
