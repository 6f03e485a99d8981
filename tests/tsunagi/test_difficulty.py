"""Tsunagi difficulty: the deduction engine's soundness on small random boards with several
answers (against the brute force), the measure and score, hints and their words, refusals.

The corpus sweeps live in ``test_difficulty_corpus.py``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from itsutsu import tsunagi
from itsutsu.common.levels import mark_of
from itsutsu.tsunagi.check import check_answer, owners_of_answer
from itsutsu.tsunagi.difficulty.deduce import (
    RULES,
    Position,
    deduce,
    next_finding,
    start_position,
)
from itsutsu.tsunagi.difficulty.hints import cell_name, hint
from itsutsu.tsunagi.difficulty.measuring import (
    Measure,
    _pushed,
    difficulty_figure,
    forced_share,
    measure,
    order_by_difficulty,
    reference_quantiles,
    score,
)
from itsutsu.tsunagi.layout import decode_layout, encode_layout
from tsunagi_boards import brute_force, open_board, random_board

FIVE = "AB..B.CDEF.....A..E.C..DF"
FIVE_ANSWER = "ABBBBACDEFACDEFACDEFCCDDF"
SIX = "AB..CD..CD....A.EF.B.EG....G..H...HF"
SIX_ANSWER = "ABCCCDABCDDDABAEEFABAEGFAAAGGFHHHHHF"


def _valid_answers(layout: tsunagi.Layout, limit: int) -> list[tuple[int, ...]]:
    """The brute force's answers that the answer check accepts, as owners per cell."""
    code = encode_layout(layout)
    out = []
    for _, answer in brute_force(layout, limit):
        if check_answer(layout.size, code, answer).ok:
            out.append(owners_of_answer(layout, answer))
    return out


def test_never_rules_out_an_answer_on_random_boards() -> None:
    """On 1500 small boards, half with every twist and half open boards with a few random
    stones (many with several answers, some with none),
    nothing the rules or guesses settle or rule out contradicts any answer that exists; a
    board whose run ends solved has exactly the settled answer among its answers."""
    rng = random.Random(20261202)
    boards = several = solved = 0
    while boards < 1500:
        layout = random_board(rng) if boards % 2 else open_board(rng)
        if layout is None:
            continue
        boards += 1
        answers = _valid_answers(layout, 50)
        if len(answers) > 1:
            several += 1
        run = deduce(start_position(layout))
        for finding in run.findings:
            for cell, pair in finding.ruled_out:
                assert all(a[cell] != pair for a in answers), (encode_layout(layout), finding)
            for cell, pair in finding.settled:
                assert all(a[cell] == pair for a in answers), (encode_layout(layout), finding)
        if run.solved:
            solved += 1
            owners = tuple(run.position.settled(c) for c in range(len(layout.cells)))
            assert any(
                all(a[c] == owners[c] for c in range(len(owners)) if owners[c] >= 0)
                for a in answers
            )
        if not answers:
            assert not run.solved
    assert several >= 3 and solved >= 300, (several, solved)


def test_five_by_five_is_solved_by_looking_alone() -> None:
    layout = decode_layout(FIVE, 5)
    assert layout is not None
    run = deduce(start_position(layout))
    assert run.solved and not run.stuck
    assert {f.tier for f in run.findings} == {1}
    owners = owners_of_answer(layout, FIVE_ANSWER)
    assert all(run.position.settled(c) == owners[c] for c in range(25))
    first = run.findings[0]
    assert first.rule in dict(RULES) and first.settled and first.depth == 0


def test_findings_report_rule_cells_and_what_they_settle() -> None:
    layout = decode_layout(SIX, 6)
    assert layout is not None
    finding = next_finding(start_position(layout))
    assert finding is not None
    assert finding.tier == dict(RULES)[finding.rule]
    assert finding.settled and all(0 <= c < 36 for c, _ in finding.settled)
    assert finding.looked and finding.at >= 0


def test_measure_counts_steps_and_board_features() -> None:
    layout = decode_layout(SIX, 6)
    assert layout is not None
    m = measure(layout, SIX_ANSWER)
    assert isinstance(m, Measure)
    assert (m.size, m.pairs, m.cells) == (6, 8, 36)
    assert len(m.steps) == 4 and sum(m.steps) > 0
    assert m.hardest == max(t + 1 for t, n in enumerate(m.steps) if n)
    assert m.longest == 9  # line A covers nine cells
    assert m.turns > 0
    assert 0.0 <= m.glance <= 1.0
    assert difficulty_figure(m) > 0
    s = score(m)
    assert 1 <= s <= 100 and 1 <= mark_of(s) <= 5


def test_forced_share_pushes_line_ends_with_one_way_on() -> None:
    # FIVE: every empty cell is reached by pushing ends that have one way on (13 of 13); the
    # ends stop where their line could close (A at B1-A4 stays open after two pushes down).
    five = decode_layout(FIVE, 5)
    assert five is not None
    assert forced_share(five) == 1.0
    assert measure(five, FIVE_ANSWER).forced == 1.0
    # Two stones in opposite corners: each end has two ways, nothing is pushed.
    corners = decode_layout("A..............A", 4)
    assert corners is not None and forced_share(corners) == 0.0
    # A's end at the top left has one way down; the cell after it has two (right, down), and
    # B's ends each have two (B may step beside its own other end).
    corridor = decode_layout("AB.B........A...", 4)
    assert corridor is not None
    owner, total, filled = _pushed(corridor)
    assert (total, filled) == (12, 1)
    assert (owner[4], owner[2], owner[5]) == (0, -1, -1)
    with pytest.raises(ValueError, match="Layout"):
        forced_share(FIVE)  # type: ignore[arg-type]


def test_measure_refuses_a_wrong_answer_and_non_layouts() -> None:
    layout = decode_layout(SIX, 6)
    with pytest.raises(ValueError, match="does not solve"):
        measure(layout, SIX_ANSWER[::-1])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Layout"):
        measure(SIX, SIX_ANSWER)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Measure"):
        score("x")  # type: ignore[arg-type]


def test_order_by_difficulty_puts_the_easy_board_first() -> None:
    order = order_by_difficulty([(SIX, SIX_ANSWER, 6), (FIVE, FIVE_ANSWER, 5)])
    figures = [
        difficulty_figure(measure(decode_layout(SIX, 6), SIX_ANSWER)),  # type: ignore[arg-type]
        difficulty_figure(measure(decode_layout(FIVE, 5), FIVE_ANSWER)),  # type: ignore[arg-type]
    ]
    assert order == ((0, 1) if figures[0] <= figures[1] else (1, 0))
    with pytest.raises(ValueError, match="level 0"):
        order_by_difficulty([("junk", SIX_ANSWER, 6)])


def test_reference_quantiles_ascend_and_say_when_provisional() -> None:
    points, provisional = reference_quantiles(6)
    assert len(points) == 101 and list(points) == sorted(points)
    assert isinstance(provisional, bool)


def test_sides_from_15_up_are_scored_among_their_own_size_not_14x14s() -> None:
    from itsutsu.tsunagi.difficulty.measuring import _reference

    made = _reference()["sizes"]
    assert isinstance(made, dict)
    assert {"4", "14", "15", "20", "25", "30"} <= set(made)
    assert reference_quantiles(15) == (tuple(made["15"]), False)
    assert reference_quantiles(15)[0] != reference_quantiles(14)[0]
    # a side with no set borrows the nearest one's (ties to the smaller)
    sides = sorted(int(k) for k in made)
    for side in (16, 17, 18, 25, 40):
        nearest = min(sides, key=lambda s: (abs(s - side), s))
        assert reference_quantiles(side)[0] == tuple(made[str(nearest)])
    assert reference_quantiles(16)[0] == tuple(made["15"])


def test_hint_from_the_start_is_a_correct_step_with_words() -> None:
    layout = decode_layout(SIX, 6)
    assert layout is not None
    owners = owners_of_answer(layout, SIX_ANSWER)
    en = hint(layout)
    ja = hint(layout, None, "ja")
    assert en.rule == ja.rule and en.rule in dict(RULES)
    assert en.settled and all(owners[c] == p for c, p in en.settled)
    cell, pair = en.settled[0]
    assert f"so {cell_name(layout, cell)} is line {pair + 1}." in en.words
    assert f"{cell_name(layout, cell)}は{pair + 1}番の線です" in ja.words


def test_hint_reads_a_game_and_ignores_wrongly_drawn_cells() -> None:
    layout = decode_layout(SIX, 6)
    assert layout is not None
    game = tsunagi.new_game(SIX, 6, SIX_ANSWER)
    got = hint(layout, game)
    assert got.settled and got.rule is not None
    solved = tsunagi.new_game(SIX, 6, SIX_ANSWER)
    lines = tsunagi.lines_of_answer(layout, SIX_ANSWER)
    done = hint(layout, lines, "en", SIX_ANSWER)
    assert done.rule is None and done.words == tsunagi.tsunagi_say("en", "hintNothing")
    with pytest.raises(ValueError, match="progress"):
        hint(layout, 12)
    assert solved.answer == SIX_ANSWER


def test_a_hint_with_no_rule_and_no_answer_says_so() -> None:
    # Two pairs on an open 4x4: no cell of the bare board follows from any rule, and with
    # no answer there is no cheat line; the words say that, not "every line is already
    # where the answer has it" (which the cheat says once nothing is left to show).
    layout = decode_layout(".A.AB........B..", 4)
    assert layout is not None
    assert next_finding(start_position(layout)) is None
    for lang in ("en", "ja"):
        stuck = hint(layout, None, lang)
        assert (stuck.rule, stuck.cells, stuck.settled) == (None, (), ())
        assert stuck.words == tsunagi.tsunagi_say(lang, "hintStuck")
    assert tsunagi.tsunagi_say("en", "hintStuck").startswith("No cell follows from the rules")


def test_cell_names_follow_the_board_coordinates() -> None:
    layout = decode_layout(SIX, 6)
    assert layout is not None
    assert cell_name(layout, 0) == "A1" and cell_name(layout, 7) == "B2"
    assert cell_name(layout, 35) == "F6"
    with pytest.raises(ValueError):
        cell_name(layout, 36)


def test_positions_and_deduce_refuse_wrong_arguments() -> None:
    with pytest.raises(ValueError):
        deduce("x")  # type: ignore[arg-type]
    layout = decode_layout(SIX, 6)
    assert layout is not None
    with pytest.raises(ValueError, match="depth"):
        deduce(start_position(layout), depth=-1)
    assert isinstance(start_position(layout), Position)


def _run_of(tables: object, answer: tuple[int, ...] | None, depth: int) -> tuple[object, ...]:
    from itsutsu.tsunagi.difficulty.deduce import _Contradiction, _Run

    run = _Run(tables, list(tables.start), True)  # type: ignore[attr-defined, arg-type]
    try:
        run.settle(depth, answer, None)
        ended = "standstill"
    except _Contradiction:
        ended = "contradiction"
    return ended, tuple(run.findings), tuple(run.m), run.work, run.rounds


def _general(tables: Any) -> Any:
    """The same tables forced onto the general rules (the ones portal boards take)."""
    import dataclasses

    return dataclasses.replace(tables, plain=False, straight=(False,) * len(tables.straight))


def test_the_quick_rules_find_exactly_what_the_general_rules_find() -> None:
    """Boards without portals take bit-set paths (tier 1 for all pairs at once, the region rule
    by flood and one block search); forced onto the general code, every finding, mask, work
    count and round must come out the same, on random twisted boards and published levels."""
    from pathlib import Path

    from itsutsu.tsunagi.difficulty.deduce import _tables

    rng = random.Random(14)
    compared = 0
    while compared < 300:
        layout = random_board(rng) if compared % 2 else open_board(rng)
        if layout is None:
            continue
        tables = _tables(layout)
        if not tables.plain:
            continue
        compared += 1
        general = _general(tables)
        assert _run_of(tables, None, 2) == _run_of(general, None, 2), encode_layout(layout)
    data = Path(__file__).resolve().parents[2] / "src/itsutsu/tsunagi/levels/data"
    rows = [r.split("\t") for r in (data / "classic-12.tsv").read_text().splitlines()[1:4]]
    for code, answer, _ in rows:
        layout = decode_layout(code, 12)
        assert layout is not None
        owners = owners_of_answer(layout, answer)
        tables = _tables(layout)
        assert tables.plain
        general = _general(tables)
        assert _run_of(tables, owners, 1) == _run_of(general, owners, 1), code


def _reach_by_sets(tables: Any, masks: list[int], p: int) -> set[int] | None:
    """What a line's first stone reaches, the obvious way: every way whose cells (the one it
    leads to and any it passes through) may all take the line, the cells passed through
    counted as reached; None when the other stone is out of reach."""
    bit = 1 << p
    a, b = tables.ends[p]
    seen = {a}
    todo = [a]
    while todo:
        at = todo.pop()
        for to, through in tables.ways[at]:
            if masks[to] & bit and all(masks[x] & bit for x in through):
                seen.update(through)
                if to not in seen:
                    seen.add(to)
                    todo.append(to)
    return seen if b in seen else None


def test_reach_through_portals_and_bridges_counts_every_usable_way() -> None:
    """The region rule inside guesses floods by bits, portals and bridges included: a portal
    cell is reached whenever a way through it is usable, however the flood came to the cells
    at its two ends (an earlier version missed it when both ends were reached first)."""
    from itsutsu.tsunagi.difficulty.deduce import _Contradiction, _Run, _tables

    rng = random.Random(31)
    through_boards = 0
    for _ in range(3000):
        layout = random_board(rng)
        if layout is None:
            continue
        tables = _tables(layout)
        through_boards += not tables.plain
        masks = list(tables.start)
        for c in tables.open_cells:  # take lines off cells at random, as play would
            if tables.need[c] == 2 and rng.random() < 0.3:
                keep = masks[c] & ~(1 << rng.randrange(tables.pairs))
                masks[c] = keep or masks[c]
        run = _Run(tables, list(masks), False, True)
        for p in range(tables.pairs):
            want = _reach_by_sets(tables, masks, p)
            try:
                bits = run._reach(p, 1 << p)
                got: set[int] | None = {c for c in range(len(masks)) if bits >> c & 1}
            except _Contradiction:
                got = None
            assert got == want, (encode_layout(layout), p)
    assert through_boards > 60


def _on_a_path_by_brute_force(nbrs: Any, free: set[int], a: int, b: int) -> set[int] | None:
    """Cells on some simple path from ``a`` to ``b`` inside ``free``, by trying every path."""
    on: set[int] = set()
    found = False

    def walk(at: int, path: list[int]) -> None:
        nonlocal found
        if at == b:
            found = True
            on.update(path)
            return
        for to in nbrs[at]:
            if to in free and to not in path:
                path.append(to)
                walk(to, path)
                path.pop()

    walk(a, [a])
    return on if found else None


def test_the_block_chain_holds_exactly_the_cells_on_a_simple_path() -> None:
    """The region rule's block search (and the chain it keeps between calls, searching only
    blocks that lost a cell) against every simple path, on 5x5 boards whose cells drop out
    one by one: after each drop, the kept chain's cells are the brute force's."""
    from itsutsu.tsunagi.difficulty.deduce import _chain, _Contradiction, _Run, _tables

    rng = random.Random(7)
    layout = decode_layout("A...B" + "." * 15 + "B...A", 5)
    assert layout is not None
    tables = _tables(layout)
    nbrs = tables.nbrs
    compared = 0
    for _ in range(150):
        free = set(range(25)) - {4, 20}
        run = _Run(tables, list(tables.start), False)
        while True:
            want = _on_a_path_by_brute_force(nbrs, free, 0, 24)
            fresh_bits = sum(1 << c for c in free)
            run.cells_of[0] = fresh_bits
            try:
                kept = run._on_paths_plain(0, 1)
            except _Contradiction:
                assert want is None
                break
            assert want is not None
            assert {c for c in range(25) if kept >> c & 1} == want
            fresh = 0
            for cells, _, _ in _chain(nbrs, fresh_bits, 0, 24, 25):
                fresh |= cells
            assert fresh == kept
            compared += 1
            free &= want  # the rule cuts what is off every path
            inner = sorted(free - {0, 24})  # A's stones stay
            if not inner:
                break
            free.discard(rng.choice(inner))
    assert compared > 900
