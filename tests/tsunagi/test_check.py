"""The answer check (spec 3): every corpus answer passes, and answers broken on purpose fail
with the exact reason the spec's order predicts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import corpus_files, corpus_rows
from itsutsu.tsunagi import (
    CELL_BLOCKED,
    CELL_BRIDGE,
    CELL_EMPTY,
    PAIR_LETTERS,
    Check,
    Layout,
    check_answer,
    decode_layout,
    grid_fault,
    owners_of_answer,
)

FIVE = "AB..B.CDEF.....A..E.C..DF"
FIVE_ANSWER = "ABBBBACDEFACDEFACDEFCCDDF"


def test_spec_vector() -> None:
    assert check_answer(5, FIVE, FIVE_ANSWER) == Check(True, None)
    assert check_answer(5, FIVE, FIVE_ANSWER[:-1] + "D") == Check(False, "a stone is moved")
    assert check_answer(5, FIVE, "x" * 25) == Check(False, "a cell has no line through it")


@pytest.mark.parametrize(
    ("size", "layout", "answer", "reason"),
    [
        (5, "not a layout", FIVE_ANSWER, "the givens are not a Tsunagi layout"),
        (4, FIVE, FIVE_ANSWER, "the givens are not a Tsunagi layout"),
        (True, FIVE, FIVE_ANSWER, "the givens are not a Tsunagi layout"),
        (5.0, FIVE, FIVE_ANSWER, "the givens are not a Tsunagi layout"),
        ("5", FIVE, FIVE_ANSWER, "the givens are not a Tsunagi layout"),
        (-5, FIVE, FIVE_ANSWER, "the givens are not a Tsunagi layout"),
        (None, FIVE, FIVE_ANSWER, "the givens are not a Tsunagi layout"),
        (5, None, FIVE_ANSWER, "the givens are not a Tsunagi layout"),
        (5, ["A"], FIVE_ANSWER, "the givens are not a Tsunagi layout"),
        (5, FIVE, None, "not a grid of that size"),
        (5, FIVE, 12345, "not a grid of that size"),
        (5, FIVE, list(FIVE_ANSWER), "not a grid of that size"),
        (5, FIVE, FIVE_ANSWER[:-1], "not a grid of that size"),
        (5, FIVE, FIVE_ANSWER + "F", "not a grid of that size"),
        (5, FIVE, "", "not a grid of that size"),
        (5, FIVE, FIVE_ANSWER + "\n", "not a grid of that size"),
    ],
)
def test_bad_arguments_give_reasons(
    size: object, layout: object, answer: object, reason: str
) -> None:
    assert check_answer(size, layout, answer) == Check(False, reason)


def test_length_counts_utf16_units() -> None:
    # an emoji is two UTF-16 units: 23 letters and an emoji make 25 units
    assert check_answer(5, FIVE, FIVE_ANSWER[:23] + "😀") == Check(
        False, "a cell has no line through it"
    )
    assert check_answer(5, FIVE, FIVE_ANSWER[:24] + "😀") == Check(False, "not a grid of that size")
    assert check_answer(5, FIVE, "😀" * 12 + "A") == Check(False, "a cell has no line through it")
    # a lone surrogate is one unit
    assert check_answer(5, FIVE, FIVE_ANSWER[:24] + "\ud800") == Check(
        False, "a cell has no line through it"
    )
    # the emoji's units land on cells 2 and 3; a blocked cell at 2 is used by it
    blocked = "AB#.B.CDEF.....A..E.C..DF"
    assert check_answer(5, blocked, "AB😀B" + FIVE_ANSWER[5:]) == Check(
        False, "a blocked cell is used"
    )


def test_small_letters_are_not_lines_on_small_boards() -> None:
    assert check_answer(5, FIVE, "a" + FIVE_ANSWER[1:]) == Check(
        False, "a cell has no line through it"
    )
    assert check_answer(5, FIVE, FIVE_ANSWER[:3] + "G" + FIVE_ANSWER[4:]) == Check(
        False, "a cell has no line through it"
    )


def test_line_beside_itself_is_not_one_line() -> None:
    # B fills rows 1 and 2: its stone at 8 has two joining steps (4 and 9)
    code = "A..A" + "...." + "B..B" + "C..C"
    answer = "AAAA" + "BBBB" + "BBBB" + "CCCC"
    assert check_answer(4, code, answer) == Check(False, "line B is not one line")


def test_line_with_a_ring_apart_does_not_join_its_stones() -> None:
    # A runs along row 0 and also owns a ring 8-9-13-12: every count is right, no join
    code = "A..A" + "B..B" + "...." + "...."
    answer = "AAAA" + "BBBB" + "AABB" + "AABB"
    assert check_answer(4, code, answer) == Check(False, "line A does not join its stones")


def test_bridge_crossed_by_two_lines_passes() -> None:
    # A across the bridge at 12 on row 2, B down column 2
    code = "AABCCDD.EEF.+.FGG.HHIIBJJ"
    answer = "AABCCDDBEEFF+FFGGBHHIIBJJ"
    assert check_answer(5, code, answer) == Check(True, None)
    # B turned aside at 17 and 22 (its stone at 22 stays): the bridge's down pair breaks
    broken = answer[:17] + "G" + answer[18:]
    assert check_answer(5, code, broken) == Check(
        False, "a bridge is not crossed both ways by two lines"
    )
    assert check_answer(5, code, answer[:12] + "B" + answer[13:]) == Check(
        False, "a bridge is not a bridge"
    )


def test_bridge_needs_two_different_lines() -> None:
    code = "A...A" + "....." + "..+.." + "....." + "....."
    answer = "AAAAA" + "AAAAA" + "AA+AA" + "AAAAA" + "AAAAA"
    assert check_answer(5, code, answer) == Check(
        False, "a bridge is not crossed both ways by two lines"
    )


def test_bridge_between_blocked_cells_quirk() -> None:
    # blocked on all four sides: the across and down "owners" are equal, so it fails
    code = "A...A" + "..#.." + ".#+#." + "..#.." + "....."
    answer = "AAAAA" + "AA#AA" + "A#+#A" + "AA#AA" + "AAAAA"
    assert check_answer(5, code, answer) == Check(
        False, "a bridge is not crossed both ways by two lines"
    )
    # blocked across, a line down: the bridge passes and the lines are judged next
    code = "A.B.A" + "....." + ".#+#." + "....." + "..B.."
    answer = "AABAA" + "AABAA" + "A#+#A" + "AABAA" + "AABAA"
    assert check_answer(5, code, answer) == Check(False, "line A is not one line")


PORTAL_CODE = "A....A" + "B....B" + "C..D.D" + "EF.G.." + ".FC..." + "..E..G" + "|portals14-28"


def test_portal_gone_through_twice() -> None:
    # C runs 12, 13, (14, 28), 29, 23, 22, (28, 14), 20, 26: through the portal twice,
    # every count right and every cell reached
    answer = "AAAAAA" + "BBBBBB" + "CCCDDD" + "EFCGCC" + "EFCGCC" + "EEEGGG"
    assert check_answer(6, PORTAL_CODE, answer) == Check(
        False, "a portal is not gone through exactly once"
    )
    # one portal cell given to D
    split = answer[:28] + "D" + answer[29:]
    assert check_answer(6, PORTAL_CODE, split) == Check(
        False, "a portal's two cells are on different lines"
    )


# ---- the corpus --------------------------------------------------------------------------


def _levels(name: str) -> list[tuple[int, str, str]]:
    rows = corpus_rows("tsunagi", name)
    if name == "portals.tsv":
        return [(int(row[0]), row[2], row[3]) for row in rows]
    size = int(name.split("-")[1].split(".")[0])
    return [(size, row[1], row[2]) for row in rows]


FILES = corpus_files("tsunagi")


def test_corpus_is_all_there() -> None:
    if not FILES:
        pytest.skip("the Tsunagi corpus is absent")
    assert sum(len(_levels(name)) for name in FILES) == 2624


def _joins(layout: Layout, owners: list[int], pair: int, at: int) -> list[tuple[int, ...]]:
    """The joining steps of ``at`` for ``pair``, as (to, *through)."""
    return [
        (step.to, *step.through)
        for step in layout.steps[at]
        if owners[step.to] == pair and all(owners[t] == pair for t in step.through)
    ]


def _line_reason(layout: Layout, owners: list[int], pair: int) -> str | None:
    """What spec 3 step 6 says of ``pair``'s line (an oracle written apart from the check)."""
    letter = PAIR_LETTERS[pair]
    own = {at for at, owner in enumerate(owners) if owner == pair}
    for at in own:
        if layout.partner[at] < 0:
            want = 1 if layout.cells[at] >= 0 else 2
            if len(_joins(layout, owners, pair, at)) != want:
                return f"line {letter} is not one line"
    start, end = layout.ends[pair]
    reached = {start}
    todo = [start]
    while todo:
        at = todo.pop()
        if at == end:
            continue
        for to, *through in _joins(layout, owners, pair, at):
            reached.update(through)
            if to not in reached:
                reached.add(to)
                todo.append(to)
    if end not in reached or reached != own:
        return f"line {letter} does not join its stones"
    return None


def _swap_case(layout: Layout, answer: str) -> tuple[str, str] | None:
    """Swap the first two neighbouring plain cells on different lines (no stone, waypoint or
    portal, not beside a bridge); return the broken answer and the reason to expect."""
    cells = layout.cells
    bridges = set(layout.bridges)

    def plain(at: int) -> bool:
        return (
            cells[at] == CELL_EMPTY
            and layout.keeper[at] < 0
            and layout.partner[at] < 0
            and not any(n in bridges for n in layout.neighbours[at])
            and all(b not in bridges for b in _around(layout, at))
        )

    for u in range(len(cells)):
        if not plain(u):
            continue
        for v in layout.neighbours[u]:
            if v > u and plain(v) and answer[u] != answer[v]:
                text = list(answer)
                text[u], text[v] = text[v], text[u]
                broken = "".join(text)
                owners = list(owners_of_answer(layout, broken))
                first, second = sorted((owners[u], owners[v]))
                reason = _line_reason(layout, owners, first) or _line_reason(layout, owners, second)
                assert reason is not None, "a swap gave a second answer"
                return broken, reason
    return None


def _around(layout: Layout, at: int) -> list[int]:
    size = layout.size
    return [at + by for by in (-size, 1, size, -1) if 0 <= at + by < size * size]


def _set(answer: str, at: int, ch: str) -> str:
    return answer[:at] + ch + answer[at + 1 :]


def _other_letter(layout: Layout, answer: str, at: int) -> str:
    own = PAIR_LETTERS.index(answer[at])
    return PAIR_LETTERS[(own + 1) % layout.pairs]


@pytest.mark.parametrize("name", FILES)
def test_corpus_answers_pass_and_broken_ones_fail(name: str) -> None:
    tally = {
        "swap": 0,
        "cut": 0,
        "stone": 0,
        "bridge": 0,
        "blocked": 0,
        "portal": 0,
        "waypoint": 0,
    }
    for size, code, answer in _levels(name):
        assert check_answer(size, code, answer) == Check(True, None), code
        layout = decode_layout(code, size)
        assert layout is not None
        cells = layout.cells
        assert layout.pairs >= 2

        cases: list[tuple[str, str, str]] = []

        swap = _swap_case(layout, answer)
        if swap is not None:
            cases.append((*swap, "swap"))
        last_open = max(at for at, v in enumerate(cells) if v == CELL_EMPTY)
        cases.append((_set(answer, last_open, "."), "a cell has no line through it", "cut"))
        stone = layout.ends[-1][1]
        cases.append(
            (_set(answer, stone, _other_letter(layout, answer, stone)), "a stone is moved", "stone")
        )
        for bridge in layout.bridges[:1]:
            cases.append(
                (_set(answer, bridge, answer[bridge - 1]), "a bridge is not a bridge", "bridge")
            )
        blocked = [at for at, v in enumerate(cells) if v == CELL_BLOCKED]
        for at in blocked[-1:]:
            cases.append((_set(answer, at, "A"), "a blocked cell is used", "blocked"))
        for _, at in layout.portal_pairs[-1:]:
            cases.append(
                (
                    _set(answer, at, _other_letter(layout, answer, at)),
                    "a portal's two cells are on different lines",
                    "portal",
                )
            )
        for at, _ in layout.waypoints[:1]:
            cases.append(
                (
                    _set(answer, at, _other_letter(layout, answer, at)),
                    "a waypoint is passed by another line",
                    "waypoint",
                )
            )
        for broken, reason, kind in cases:
            assert check_answer(size, code, broken) == Check(False, reason), (code, broken)
            tally[kind] += 1
    levels = len(_levels(name))
    assert tally["cut"] == tally["stone"] == levels
    assert tally["swap"] >= levels * 9 // 10
    if name == "portals.tsv":
        assert tally["portal"] == levels


def test_owners_of_answer() -> None:
    layout = decode_layout(FIVE, 5)
    assert layout is not None
    assert owners_of_answer(layout, FIVE_ANSWER)[:6] == (0, 1, 1, 1, 1, 0)
    assert owners_of_answer(layout, "#+.a" + FIVE_ANSWER[4:])[:4] == (
        CELL_BLOCKED,
        CELL_BRIDGE,
        CELL_EMPTY,
        CELL_EMPTY,
    )
    with pytest.raises(ValueError, match="25 characters"):
        owners_of_answer(layout, "AB")
    with pytest.raises(ValueError, match="string"):
        owners_of_answer(layout, None)  # type: ignore[arg-type]


def test_grid_fault() -> None:
    layout = decode_layout(FIVE, 5)
    assert layout is not None
    assert grid_fault(layout, FIVE_ANSWER) is None
    # a full grid with a moved stone is still a full grid
    assert grid_fault(layout, FIVE_ANSWER[:-1] + "D") is None
    assert grid_fault(layout, FIVE_ANSWER[:-1]) == "not a grid of that size"
    assert grid_fault(layout, 7) == "not a grid of that size"
    assert grid_fault(layout, "B" + FIVE_ANSWER[1:-1] + ".") == "a cell has no line through it"


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30), st.sampled_from([FIVE, "A..AB..BC..CD..D", "x", ""]))
def test_random_answers_never_raise(answer: str, code: str) -> None:
    verdict = check_answer(5, code, answer)
    assert isinstance(verdict, Check)
    assert verdict.ok == (code == FIVE and answer == FIVE_ANSWER)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ABCDEF.#+x", min_size=25, max_size=25))
def test_random_grids_never_raise(answer: str) -> None:
    verdict = check_answer(5, FIVE, answer)
    assert verdict.ok == (answer == FIVE_ANSWER)
    assert verdict.reason is None or isinstance(verdict.reason, str)


def test_the_line_rule_reads_boards_past_the_alphabet() -> None:
    # The makers' join boards on big boards hold hundreds of short pieces, more than there
    # are pair letters (82); the line rule reads them and names such a line by number.
    from itsutsu.tsunagi.check import _line_fault
    from itsutsu.tsunagi.layout import Layout

    size, piece = 20, 4
    owners = [at // piece for at in range(size * size)]  # 100 pieces of 4 cells in rows
    ends = tuple((pair * piece, pair * piece + piece - 1) for pair in range(100))
    cells = [-1] * (size * size)
    for pair, (start, end) in enumerate(ends):
        cells[start] = cells[end] = pair
    layout = Layout(size, tuple(cells), ends)
    assert _line_fault(layout, owners) is None
    broken = owners[:]
    broken[90 * piece + 1], broken[90 * piece + 2] = broken[90 * piece + 2], 91
    assert _line_fault(layout, broken) == "line #91 is not one line"
