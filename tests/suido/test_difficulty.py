"""Suido's deduction engine, measure, score and order: rules on hand-made boards, soundness on
random small boards against the brute force (several answers included), and the API's doors."""

from __future__ import annotations

import pytest

from itsutsu import suido
from itsutsu.suido import decode_layout
from itsutsu.suido.difficulty import DRY, RULES, Measure, measure, score, solve_by_rules
from itsutsu.suido.difficulty.engine import _run
from suido_boards import _boards, _brute_answers

LEVEL_1 = "5x5:j5a5C5I59Ib75f7a6CCa35aIC"
LEVEL_1_ANSWER = (
    6,
    10,
    10,
    10,
    8,
    5,
    2,
    10,
    12,
    4,
    7,
    14,
    10,
    15,
    13,
    5,
    3,
    8,
    1,
    5,
    3,
    10,
    10,
    8,
    1,
)


def _board(code: str) -> suido.Layout:
    layout = decode_layout(code)
    assert layout is not None, code
    return layout


def test_level_1_is_settled_by_glance_and_neighbours_alone() -> None:
    layout = _board(LEVEL_1)
    run = solve_by_rules(layout)
    assert run.solved and not run.stuck and not run.contradiction
    assert {step.rule for step in run.steps} <= {"edge", "ground", "neighbour"}
    assert tuple(option[0][0] for option in run.options) == LEVEL_1_ANSWER
    # The corner pump (an elbow) is settled at a glance: north and west are the rim.
    first = run.steps[0]
    assert (first.rule, first.tier, first.cells, first.settled) == ("edge", 1, (0,), (6,))
    assert first.removed == ((3,), (9,), (12,))


def test_every_step_reports_a_known_rule_and_its_tier() -> None:
    run = solve_by_rules(_board(LEVEL_1))
    for step in run.steps:
        assert RULES[step.rule] == step.tier
        assert step.removed
        assert step.depth == 0


def test_a_ring_of_elbows_is_settled_by_the_rim() -> None:
    # 2x2 ring: every elbow's only facing is away from the two rim sides.
    run = solve_by_rules(_board("2x2:m336"))
    assert run.solved
    assert tuple(o[0][0] for o in run.options) == (6, 12, 3, 9)


def test_a_spare_out_of_reach_stays_dry() -> None:
    # A drains board: pump, straight, drain in the top row; the elbow below the straight
    # can never be reached (the straight must lie east-west), so it stays dry.
    layout = _board("3x2d:i5I030")
    run = solve_by_rules(layout)
    assert run.solved
    dry = [at for at, options in enumerate(run.options) if options == ((DRY,),)]
    assert 4 in dry
    assert any(step.rule in ("spare", "ground", "neighbour") for step in run.steps)


def test_without_an_answer_a_run_stops_at_a_guess_and_with_one_it_goes_on() -> None:
    # The first random small board with several answers that the rules cannot settle.
    layout = next(
        b
        for b in _boards(0)
        if b.kind == "network" and len(_brute_answers(b)) > 1 and _run(b, None).stuck
    )
    alone = solve_by_rules(layout)
    assert alone.stuck and not alone.contradiction and not alone.solved
    found = suido.solve(layout, 1).solutions[0]
    guided = solve_by_rules(layout, found)
    assert guided.solved
    guesses = [s for s in guided.steps if s.rule == "guess"]
    assert guesses and all(s.tier == 5 and s.depth >= 1 for s in guesses)


def _unit_option(kind: str, answer: tuple[int, ...], cells: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(answer[c] for c in cells)


@pytest.mark.parametrize("chunk", range(4))
def test_rules_never_settle_against_any_answer_of_small_random_boards(chunk: int) -> None:
    several = 0
    for layout in _boards(chunk):
        answers = _brute_answers(layout)
        several += len(answers) > 1
        run = _run(layout, None)
        for answer in answers:
            for cells, options in zip(run.units, run.options, strict=True):
                wanted = _unit_option(layout.kind, answer, cells)
                if layout.kind != "network":
                    wanted = tuple(DRY if v < 0 else v for v in wanted)
                    if all(layout.cells[c] == 0 for c in cells):
                        wanted = (DRY,) * len(cells)
                assert wanted in options, (suido.encode_layout(layout), cells, options, wanted)
        if run.solved:
            settled = tuple(
                v for cells, options in zip(run.units, run.options, strict=True) for v in options[0]
            )
            assert answers, suido.encode_layout(layout)
            assert len(answers) == 1 or layout.kind != "network", suido.encode_layout(layout)
            assert settled, suido.encode_layout(layout)
        if run.contradiction and answers:
            raise AssertionError(f"a contradiction on a board with answers: {layout}")
    assert several > 0


def test_measure_counts_steps_per_tier_and_features() -> None:
    layout = _board(LEVEL_1)
    m = measure(layout, LEVEL_1_ANSWER)
    assert isinstance(m, Measure)
    assert (m.width, m.height, m.kind, m.wrap, m.pieces) == (5, 5, "network", False, 25)
    assert m.steps[0] > 0 and m.steps[1] > 0 and m.steps[3:] == (0, 0)
    assert m.hardest in (1, 2, 3)
    assert (m.guesses, m.depth, m.spares) == (0, 0, 0.0)
    assert m.rounds >= 1 and 0 <= m.obscure <= 1 and m.unsettled == 0.0
    assert m.turns == sum(1 for v in LEVEL_1_ANSWER if v not in (5, 10) and v.bit_count() in (2, 3))
    assert 1 <= score(m) <= 100


def test_measure_and_score_refuse_bad_arguments() -> None:
    layout = _board(LEVEL_1)
    with pytest.raises(ValueError, match="Layout"):
        measure(LEVEL_1, LEVEL_1_ANSWER)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        measure(layout, LEVEL_1_ANSWER[:-1])
    with pytest.raises(ValueError, match="Measure"):
        score("hard")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Layout"):
        solve_by_rules(None)  # type: ignore[arg-type]


def test_order_by_difficulty_puts_a_harder_board_later() -> None:
    easy = _board(LEVEL_1)
    rows = [
        line.split("\t")
        for line in (
            "7x7:I6E59E6Cf5I9aeBfa7aeeEas6B5Bbc59f9IC63aBE7C6I7aa6\t"
            "2131331001010110010010132200110200330310320223002",
        )
    ]
    harder = _board(rows[0][0])
    harder_answer = suido.level_solution([rows[0][0], rows[0][1], ""])
    assert harder_answer is not None
    order = suido.order_by_difficulty([(harder, harder_answer), (easy, LEVEL_1_ANSWER)])
    assert sorted(order) == [0, 1]
    with pytest.raises(ValueError, match="pair"):
        suido.order_by_difficulty([easy])  # type: ignore[list-item]


def test_big_score_grows_with_the_pieces_in_the_water() -> None:
    small = measure(_board(LEVEL_1), LEVEL_1_ANSWER)
    assert 1 <= suido.big_score_of(small) <= 100
    assert suido.exact_big_score(small) <= 1 + 99 * 0.5 * 1 + 99 * 0.5
    assert (
        suido.exact_big_score(small)
        == pytest.approx(1 + 99 * 0.5 * (suido.exact_score(small) - 1) / 99, abs=1e-9)
        or small.pieces > 25
    )


def test_the_loop_rule_rules_out_a_turn_that_closes_pipes_off() -> None:
    # A turning block on a 2x4 network: one of its turns would close its pipes into a group
    # that can never join the pump's; the rule takes it away and the block is settled.
    layout = _board("2x4:4479543m;k2")
    run = solve_by_rules(layout)
    loops = [step for step in run.steps if step.rule == "loop"]
    assert loops and loops[0].tier == 3 and loops[0].cells == (2, 3, 5, 4)
    assert loops[0].removed == ((1, 5, 13, 6),) and loops[0].settled == (7, 9, 4, 5)
    answers = _brute_answers(layout)
    assert answers and all(tuple(a[c] for c in (2, 3, 5, 4)) == (7, 9, 4, 5) for a in answers)
