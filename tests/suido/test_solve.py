"""The Suido solver (spec 6): corpus proofs, brute force on small boards, limits and budgets."""

from __future__ import annotations

from collections import Counter

import pytest

from conftest import corpus_files, corpus_rows
from itsutsu.cli import main
from itsutsu.suido.code import KINDS, Layout, decode_layout, encode_layout, with_masks
from itsutsu.suido.rows import level_solution
from itsutsu.suido.solver.count import SolveResult, count_solutions, solve
from itsutsu.suido.water import flow_of
from suido_boards import (
    BRUTE_CHUNKS,
    BRUTE_PER_CHUNK,
    _boards,
    _check_against_brute_force,
    _traits,
)

SQUARES_MESSAGE = "Only a network can have big pieces or blocks that turn."


def _board(code: str) -> Layout:
    layout = decode_layout(code)
    assert layout is not None, code
    return layout


# --- hand-made boards -------------------------------------------------------------------------


def test_ring_of_elbows_has_one_answer_settled_at_the_root() -> None:
    # Four elbows on a 2x2 network: the rim leaves each corner one facing, a ring.
    result = solve(_board("2x2:j333"))
    assert result == SolveResult(
        count=1,
        answers=("2x2:mc39",),
        complete=True,
        solutions=((6, 12, 3, 9),),
        positions=1,
        branches=0,
        forced=4,
    )
    assert (result.nodes, result.gave_up, result.answer, result.unique) == (
        1,
        False,
        "2x2:mc39",
        True,
    )


def test_dry_spares_keep_their_given_masks_and_make_no_extra_answers() -> None:
    # Pump and drain face each other along the top; the two straights below stay dry and may
    # face either way, which is still one answer, recorded with the spares as given.
    result = solve(_board("2x2d:hB55"), limit=50)
    assert (result.count, result.solutions, result.complete) == (1, ((2, 8, 5, 5),), True)
    assert result.forced == 2
    # On a network the same straights must be wet, which they cannot be.
    assert solve(_board("2x2:hB55")).count == 0


def test_inlet_outlet_decoys_stay_as_given() -> None:
    # Pump (0) -> elbow (1) -> elbow (4) -> drain (5); the tee (2) and straight (3) are decoys.
    result = solve(_board("3x2i:h3753B"), limit=50)
    assert result.solutions == ((2, 12, 7, 5, 3, 8),)
    assert (result.count, result.forced, result.branches) == (1, 4, 0)


def test_loops_are_allowed() -> None:
    # A 3x3 wrap board of crosses is one answer: every piece wet, every side met, all loops.
    result = solve(_board("3x3w:vffffffff"))
    assert (result.count, result.solutions, result.forced) == (1, ((15,) * 9,), 9)
    # Elbows in the corners and straights between, round a blank centre: the rim turns them
    # into one ring, a loop, and that is the one answer.
    ring = solve(_board("3x3:j53505353"), limit=50)
    assert (ring.count, ring.branches) == (1, 0)
    assert ring.solutions == ((6, 10, 12, 5, 0, 5, 3, 10, 9),)


# A 4x4 wrap board of elbows: 64 answers (every piece wet, nothing leaking).
MANY = "4x4w:j333333333333333"


def test_several_answers_are_all_listed_in_order_found_and_capped_by_limit() -> None:
    layout = _board(MANY)
    every = solve(layout, limit=1000)
    assert (every.count, every.complete) == (64, True)
    assert len(set(every.solutions)) == 64
    for masks in every.solutions:
        assert flow_of(layout, masks).solved
    two = solve(layout)
    assert (two.count, two.complete) == (2, True)
    assert two.solutions == every.solutions[:2]
    one = solve(layout, limit=1)
    assert (one.count, one.solutions) == (1, every.solutions[:1])
    assert one.nodes < every.nodes
    assert count_solutions(layout, limit=5).count == 5
    assert count_solutions(layout, limit=64).count == 64
    assert count_solutions(layout, limit=65).count == 64


def test_tiny_budget_gives_up_without_a_wrong_count() -> None:
    layout = _board(MANY)
    full = solve(layout, limit=1000)
    assert full.nodes > 5
    for budget in (0, 1, 2, 5):
        cut = solve(layout, limit=1000, budget=budget)
        assert cut.complete is False
        assert cut.nodes == budget + 1
        assert cut.count <= full.count
        assert set(cut.solutions) <= set(full.solutions)
    assert solve(layout, limit=1000, budget=full.nodes).complete


def test_squares_off_a_network_are_refused() -> None:
    for kind in ("drains", "inlet-outlet"):
        layout = Layout(
            width=2,
            height=2,
            kind=kind,
            wrap=False,
            cells=(1, 1, 1, 1),
            sources=(0,),
            drains=(3,),
            blocks=(0,),
        )
        with pytest.raises(ValueError, match=r"^Only a network can have big pieces"):
            solve(layout)
        with pytest.raises(ValueError) as caught:
            count_solutions(layout)
        assert str(caught.value) == SQUARES_MESSAGE


def test_bad_arguments_are_refused() -> None:
    layout = _board("2x2:j333")
    with pytest.raises(ValueError, match="not str"):
        solve("2x2:j333")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="limit must be a whole number at least 1"):
        solve(layout, limit=0)
    with pytest.raises(ValueError, match="budget must be a whole number at least 0"):
        solve(layout, budget=-1)
    with pytest.raises(ValueError, match="masks has 3 entries"):
        solve(Layout(2, 2, "network", False, (1, 2, 3), (0,), ()))
    with pytest.raises(ValueError, match="unknown Suido kind 'pipes'"):
        solve(Layout(2, 2, "pipes", False, (1, 2, 3, 4), (0,), ()))
    with pytest.raises(ValueError, match=r"a source cell must be a cell number 0\.\.3, not 4"):
        solve(Layout(2, 2, "network", False, (1, 2, 3, 4), (4,), ()))


# --- the command: itsutsu suido solve ------------------------------------------------------------


def test_cli_solve_prints_count_and_first_answer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["suido", "solve", "5x5:j5a5C5I59Ib75f7a6CCa35aIC"]) == 0
    assert capsys.readouterr().out == "1 answer\n5x5:maaaI5CacE7eafd53IB53aaIB\n"
    assert main(["suido", "solve", "2x2:hB55"]) == 1  # no answer
    assert capsys.readouterr().out == "0 answers\n"
    first = encode_layout(with_masks(_board(MANY), solve(_board(MANY)).solutions[0]))
    assert main(["suido", "solve", MANY]) == 0
    assert capsys.readouterr().out == f"at least 2 answers\n{first}\n"
    assert main(["suido", "solve", MANY, "--limit", "64"]) == 0
    assert capsys.readouterr().out == f"at least 64 answers\n{first}\n"
    assert main(["suido", "solve", MANY, "--limit", "100"]) == 0
    assert capsys.readouterr().out == f"64 answers\n{first}\n"
    assert main(["suido", "solve", MANY, "--limit", "1"]) == 0
    assert capsys.readouterr().out == f"at least 1 answer\n{first}\n"


def test_cli_solve_that_gives_up(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["suido", "solve", MANY, "--limit", "100", "--budget", "0"]) == 3
    assert capsys.readouterr().out == (
        "no answer found yet\ngave up after 0 positions; try a larger --budget\n"
    )


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (
            ["nonsense"],
            "'nonsense' is not a Suido board code: a Suido code starts WIDTHxHEIGHT, any flags "
            "d, i, w, then ':' (like 5x5:...)",
        ),
        ([MANY, "--limit", "0"], "--limit must be a whole number at least 1, not '0'"),
        ([MANY, "--budget", "-3"], "--budget must be a whole number at least 0, not '-3'"),
        ([MANY, "--budget", "lots"], "--budget must be a whole number at least 0, not 'lots'"),
    ],
)
def test_cli_solve_refusals(
    capsys: pytest.CaptureFixture[str], argv: list[str], reason: str
) -> None:
    assert main(["suido", "solve", *argv]) == 2
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", f"itsutsu: {reason}\n")


# --- the corpus: every level has exactly its stored answer -------------------------------------


@pytest.mark.parametrize("name", corpus_files("suido"))
def test_corpus_levels_have_exactly_the_stored_answer(name: str) -> None:
    rows = corpus_rows("suido", name)
    assert rows
    for row in rows:
        layout = _board(row[1])
        stored = level_solution(row[1:])
        assert stored is not None
        result = solve(layout)
        assert (result.count, result.complete) == (1, True), (name, row[0])
        found = result.solutions[0]
        wet = flow_of(layout, stored).wet
        assert flow_of(layout, found).wet == wet, (name, row[0])
        for cell, is_wet in enumerate(wet):
            assert found[cell] == (stored[cell] if is_wet else layout.cells[cell]), (name, row[0])


def test_tiny_budget_on_a_big_level_gives_up_early() -> None:
    # 28x28 level 32 needs a few hundred positions to prove its answer unique.
    row = next(r for r in corpus_rows("suido", "28x28.tsv") if r[0] == "32")
    layout = _board(row[1])
    full = solve(layout)
    assert (full.count, full.complete) == (1, True) and full.nodes > 20
    cut = solve(layout, budget=20)
    assert (cut.complete, cut.nodes) == (False, 21)
    assert cut.count <= 1 and set(cut.solutions) <= set(full.solutions)
    assert cut.forced == full.forced
    one = solve(layout, limit=1)
    assert one.solutions == full.solutions and one.nodes <= full.nodes


# --- brute force on small random boards --------------------------------------------------------


@pytest.mark.parametrize("chunk", range(BRUTE_CHUNKS))
def test_solver_agrees_with_brute_force(chunk: int) -> None:
    for layout in _boards(chunk):
        _check_against_brute_force(layout)


def test_random_boards_cover_every_kind_verdict_and_twist() -> None:
    # The brute-force boards above, tallied: the solver's verdicts on them are the brute
    # force's (that is what the test above checks), so they can be counted quickly here.
    seen: Counter[str] = Counter()
    for chunk in range(BRUTE_CHUNKS):
        for layout in _boards(chunk):
            count = count_solutions(layout).count
            verdict = "none" if count == 0 else "one" if count == 1 else "many"
            seen[verdict] += 1
            for trait in _traits(layout):
                seen[trait] += 1
                seen[f"{trait} {verdict}"] += 1
    assert sum(seen[v] for v in ("none", "one", "many")) == BRUTE_CHUNKS * BRUTE_PER_CHUNK
    assert seen["none"] >= 120 and seen["one"] >= 900 and seen["many"] >= 250, seen
    for verdict in ("none", "one", "many"):
        for kind in KINDS:
            assert seen[f"{kind} {verdict}"] >= 20, seen
        for trait in ("wrap", "walls", "locked", "pumps", "bigs", "blocks"):
            assert seen[f"{trait} {verdict}"] >= 2, seen
    for trait in ("wrap", "walls", "locked", "pumps", "bigs", "blocks"):
        assert seen[trait] >= 70, seen
