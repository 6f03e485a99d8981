"""The Suido solver (spec 6): corpus proofs, brute force on small boards, limits and budgets."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from conftest import corpus_files, corpus_rows
from itsutsu.cli import main
from itsutsu.suido.board import neighbours_of
from itsutsu.suido.code import KINDS, Layout, decode_layout, encode_layout, with_masks
from itsutsu.suido.pieces import turn
from itsutsu.suido.rows import level_solution
from itsutsu.suido.solve import SolveResult, count_solutions, solve
from itsutsu.suido.squares import block_info, turn_block
from itsutsu.suido.water import Flow, flow_of

SQUARES_MESSAGE = "Only a network can have big pieces or blocks that turn."


def _board(code: str) -> Layout:
    layout = decode_layout(code)
    assert layout is not None, code
    return layout


def _key(layout: Layout, masks: tuple[int, ...], flow: Flow) -> tuple[int, ...]:
    """An answer as the rules see it: on a network every mask; otherwise the wet cells only."""
    if layout.kind == "network":
        return masks
    return tuple(mask if wet else -1 for mask, wet in zip(masks, flow.wet, strict=True))


# --- hand-made boards -------------------------------------------------------------------------


def test_ring_of_elbows_has_one_answer_settled_at_the_root() -> None:
    # Four elbows on a 2x2 network: the rim leaves each corner one facing, a ring.
    result = solve(_board("2x2:j333"))
    assert result == SolveResult(
        count=1, solutions=((6, 12, 3, 9),), nodes=1, branches=0, forced=4, complete=True
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
    assert count_solutions(layout, limit=5) == 5
    assert count_solutions(layout, limit=64) == 64
    assert count_solutions(layout, limit=65) == 64


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
    assert main(["suido", "solve", "2x2:hB55"]) == 0
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
    assert main(["suido", "solve", MANY, "--limit", "100", "--budget", "0"]) == 1
    assert capsys.readouterr().out == "at least 0 answers\ngave up after 0 positions\n"


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["nonsense"], "'nonsense' is not a Suido board code"),
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

MAX_COMBINATIONS = 1024


def _brute_answers(layout: Layout) -> set[tuple[int, ...]]:
    """Every answer by the rules: try every facing of every piece (and turn of every square)."""
    info = block_info(layout)
    locked = set(layout.locked or ())
    units: list[tuple[tuple[int, ...], list[tuple[int, ...]]]] = []
    for cell, mask in enumerate(layout.cells):
        at = info.of[cell]
        if at < 0:
            faces = {mask} if cell in locked else {turn(mask, q) for q in range(4)}
            units.append(((cell,), [(face,) for face in sorted(faces)]))
        elif info.blocks[at].anchor == cell:
            block = info.blocks[at]
            turned = {
                tuple(turn_block(layout.cells, block, q)[c] for c in block.cells) for q in range(4)
            }
            units.append((block.cells, sorted(turned)))
    answers = set()
    masks = list(layout.cells)
    for choice in itertools.product(*(faces for _cells, faces in units)):
        for (cells, _faces), facing in zip(units, choice, strict=True):
            for cell, face in zip(cells, facing, strict=True):
                masks[cell] = face
        flow = flow_of(layout, masks)
        if flow.solved:
            answers.add(_key(layout, tuple(masks), flow))
    return answers


def _combinations(layout: Layout) -> int:
    info = block_info(layout)
    locked = set(layout.locked or ())
    total = 1
    for cell, mask in enumerate(layout.cells):
        if info.of[cell] < 0 and cell not in locked:
            total *= len({turn(mask, q) for q in range(4)})
    return total << (2 * len(info.blocks))


def _link(masks: list[int], near: tuple[int, ...], a: int, b: int) -> None:
    for side in range(4):
        if near[a * 4 + side] == b:
            masks[a] |= 1 << side
            masks[b] |= 1 << ((side + 2) & 3)
            return


def _random_piece(rng: random.Random) -> int:
    return rng.choice([0, 1, 1, 5, 5, 3, 3, 7, 15])


def _twins_board(rng: random.Random) -> Layout | None:
    """A wrap network of tees with two answers close together, all else locked to one of them.

    Networks with several answers are rare among small boards; this makes them on purpose
    (the solver only shapes the sample: the brute force still judges every board).
    """
    width, height = rng.choice([(4, 3), (3, 4), (4, 4)])
    size = width * height
    source = rng.randrange(size)
    tees = Layout(width, height, "network", True, (7,) * size, (source,), ())
    answers = solve(tees, limit=60).solutions
    pairs = [
        (a, b)
        for a, b in itertools.combinations(answers, 2)
        if sum(1 for x, y in zip(a, b, strict=True) if x != y) <= 5
    ]
    if not pairs:
        return None
    first, second = rng.choice(pairs)
    free = {cell for cell in range(size) if first[cell] != second[cell]}
    if len(free) < 5:
        free.add(rng.randrange(size))
    given = tuple(turn(first[c], rng.randrange(4)) if c in free else first[c] for c in range(size))
    locked = tuple(c for c in range(size) if c not in free)
    return Layout(width, height, "network", True, given, (source,), (), locked=locked or None)


def _random_board(rng: random.Random) -> Layout | None:
    """A random small board: mostly scrambled answers (a forest or path), sometimes spoiled."""
    kind = rng.choice(KINDS)
    if kind == "network" and rng.random() < 0.15:
        return _twins_board(rng)
    width, height = rng.randint(2, 4), rng.randint(2, 4)
    size = width * height
    wrap = width >= 3 and height >= 3 and rng.random() < 0.3
    walls: list[int] = []
    if rng.random() < 0.3:
        for cell in range(size):
            if (wrap or cell % width < width - 1) and rng.random() < 0.15:
                walls.append(2 * cell)
            if (wrap or cell // width < height - 1) and rng.random() < 0.15:
                walls.append(2 * cell + 1)
    plain = Layout(width, height, kind, wrap, (15,) * size, (0,), (), walls=tuple(walls) or None)
    near = neighbours_of(plain)
    masks = [0] * size
    drains: list[int] = []
    if kind == "inlet-outlet":
        path = [rng.randrange(size)]
        for _ in range(rng.randint(1, size)):
            steps = [n for n in near[path[-1] * 4 : path[-1] * 4 + 4] if n >= 0 and n not in path]
            if not steps:
                break
            path.append(rng.choice(steps))
        if len(path) < 2:
            return None
        for a, b in itertools.pairwise(path):
            _link(masks, near, a, b)
        sources, drains = [path[0]], [path[-1]]
        for cell in range(size):
            if cell not in path and rng.random() < 0.6:
                masks[cell] = turn(_random_piece(rng), rng.randrange(4))
    else:
        sources = rng.sample(range(size), rng.choice([1, 1, 1, 2, 2, 3]))
        reached = set(sources)
        goal = rng.uniform(0.3, 1.0) * size if kind == "network" else rng.uniform(0.1, 0.8) * size
        while len(reached) < goal:
            edges = [
                (a, b)
                for a in reached
                for b in near[a * 4 : a * 4 + 4]
                if b >= 0 and b not in reached
            ]
            if not edges:
                break
            a, b = rng.choice(sorted(edges))
            _link(masks, near, a, b)
            reached.add(b)
        for _ in range(rng.choice([0, 0, 1, 2, 4, 8])):
            a = rng.choice(sorted(reached))
            b = near[a * 4 + rng.randrange(4)]
            if b in reached:
                _link(masks, near, a, b)
        if any(masks[s] == 0 for s in sources):
            return None
        others = [c for c in sorted(reached) if c not in sources and masks[c]]
        if kind == "drains":
            drains = sorted(rng.sample(others, min(len(others), rng.choice([0, 0, 0, 1, 1, 2, 3]))))
            # Spares that are mostly ends give the water several ways to close up.
            endy = rng.random() < 0.3
            for cell in range(size):
                if cell not in reached and rng.random() < 0.6:
                    piece = rng.choice([1, 1, 1, 3, 5]) if endy else _random_piece(rng)
                    masks[cell] = turn(piece, rng.randrange(4))
        elif others and rng.random() < 0.1:
            drains = [rng.choice(others)]
    if rng.random() < 0.25:
        # Spoil a wet piece: most such boards have no answer left.
        wet = [c for c in range(size) if masks[c] and c not in sources and c not in drains]
        if wet:
            masks[rng.choice(wet)] = _random_piece(rng)
    special = set(sources) | set(drains)
    locked = []
    if rng.random() < 0.25:
        candidates = [c for c in range(size) if masks[c] and c not in special]
        locked = sorted(rng.sample(candidates, min(len(candidates), rng.randint(1, 3))))
    bigs: list[int] = []
    blocks: list[int] = []
    if kind == "network" and rng.random() < 0.5:
        taken = special | set(locked)
        for anchor in rng.sample(range(size), size):
            if anchor % width == width - 1 or anchor // width == height - 1:
                continue
            square = {anchor, anchor + 1, anchor + width, anchor + width + 1}
            if square & taken:
                continue
            (bigs if rng.random() < 0.5 else blocks).append(anchor)
            taken |= square
            if rng.random() < 0.6:
                break
    given = list(masks)
    for cell in range(size):
        if cell not in locked:
            given[cell] = turn(masks[cell], rng.randrange(4))
    for anchor in sorted(bigs + blocks):
        cells = (anchor, anchor + 1, anchor + width + 1, anchor + width)
        for cell in cells:
            given[cell] = masks[cell]
        block = next(
            b for b in block_info(_with_squares(plain, bigs, blocks)).blocks if b.anchor == anchor
        )
        given = list(turn_block(given, block, rng.randrange(4)))
    board = Layout(
        width,
        height,
        kind,
        wrap,
        tuple(given),
        tuple(sorted(sources)),
        tuple(drains),
        locked=tuple(locked) or None,
        walls=tuple(walls) or None,
        bigs=tuple(sorted(bigs)) or None,
        blocks=tuple(sorted(blocks)) or None,
    )
    if any(given[c] == 0 for c in special):
        return None
    decoded = decode_layout(encode_layout(board))
    if decoded is None or _combinations(decoded) > MAX_COMBINATIONS:
        return None
    return decoded


def _with_squares(plain: Layout, bigs: list[int], blocks: list[int]) -> Layout:
    return Layout(
        plain.width,
        plain.height,
        "network",
        plain.wrap,
        plain.cells,
        plain.sources,
        (),
        bigs=tuple(sorted(bigs)) or None,
        blocks=tuple(sorted(blocks)) or None,
    )


def _traits(layout: Layout) -> set[str]:
    traits = {layout.kind}
    for name, present in (
        ("wrap", layout.wrap),
        ("walls", layout.walls),
        ("locked", layout.locked),
        ("pumps", len(layout.sources) > 1),
        ("bigs", layout.bigs),
        ("blocks", layout.blocks),
    ):
        if present:
            traits.add(name)
    return traits


BRUTE_CHUNKS = 8
BRUTE_PER_CHUNK = 256


def _check_against_brute_force(layout: Layout) -> int:
    expected = _brute_answers(layout)
    result = solve(layout, limit=50)
    assert result.complete, encode_layout(layout)
    keys = []
    for masks in result.solutions:
        flow = flow_of(layout, masks)
        assert flow.solved, encode_layout(layout)
        for cell, wet in enumerate(flow.wet):
            if not wet and layout.kind != "network":
                assert masks[cell] == layout.cells[cell]
        keys.append(_key(layout, masks, flow))
    assert len(set(keys)) == len(keys), encode_layout(layout)
    assert result.count == min(len(expected), 50), encode_layout(layout)
    if len(expected) < 50:
        assert set(keys) == expected, encode_layout(layout)
    else:
        assert set(keys) <= expected
    return len(expected)


def _boards(chunk: int) -> list[Layout]:
    """The random boards of one chunk (the same every run)."""
    rng = random.Random(20260 + chunk)
    boards: list[Layout] = []
    while len(boards) < BRUTE_PER_CHUNK:
        layout = _random_board(rng)
        if layout is not None:
            boards.append(layout)
    return boards


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
            count = count_solutions(layout)
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
