"""choose_levels.py on small pools of real boards made by stand-in job functions: files the
level readers read, in block order, with the twist slots, rules and roles right, no board
twice under the symmetries, the same files from the same pools, and published levels kept."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from itsutsu import suido, tsunagi
from itsutsu.common.levels import mark_of
from script_files import load_script

choose_levels = load_script("choose_levels")
pool_jobs = load_script("pool_jobs")
pool_file = load_script("pool_file")
shapes = load_script("level_shapes")

import pool_fakes  # noqa: E402  (needs the scripts' folder on the path, set above)

Block, Slot = shapes.Block, shapes.Slot

TSUNAGI_PLAN = (
    Block(teaches=Slot("walls"), tests=Slot("walls")),
    Block(teaches=Slot("walls", "strokes"), tests=Slot("waypoints", "strokes")),
    Block(teaches=Slot("plain", "boom"), tests=Slot("waypoints", "blast")),
)
SUIDO_PLAN = (
    Block(),
    Block(teaches=Slot("wrap"), tests=Slot("wrap")),
    Block(teaches=Slot("locked"), tests=Slot("locked+wrap"), extra={14: Slot("wrap")}),
)


def _pool(path: Path, maker: str, puzzle: str, size: str, jobs: dict[str, int]) -> Path:
    """A pool made in this process: ``jobs[profile]`` jobs of each profile."""
    with pool_file.PoolFile(path) as pool:
        for profile, count in jobs.items():
            for number in range(count):
                pool.record(pool_jobs.run_job(maker, (puzzle, size, profile, number)))
    return path


@pytest.fixture(scope="module")
def tsunagi_pool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("tsunagi-pool")
    jobs = {"plain": 24, "walls": 3, "waypoints": 8}
    return _pool(folder / "pool.sqlite", "pool_fakes:tsunagi_job", "tsunagi", "5", jobs)


@pytest.fixture(scope="module")
def suido_pool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("suido-pool")
    jobs = {"plain": 16, "wrap": 6, "locked": 4, "locked+wrap": 5}
    return _pool(folder / "pool.sqlite", "pool_fakes:suido_job", "suido", "5x5", jobs)


def _tsunagi_spec(count: int = 48) -> object:
    return choose_levels.spec_of("tsunagi", "classic", "5", TSUNAGI_PLAN, count)


def test_tsunagi_levels_read_back_in_order_with_their_twists(
    tsunagi_pool: Path, tmp_path: Path
) -> None:
    spec = _tsunagi_spec()
    lines = choose_levels.make_set(spec, [tsunagi_pool], tmp_path)
    assert lines[0].startswith("tsunagi classic 5: 48 levels (0 kept) from ")
    rows = tsunagi.levels_of(5, source=tmp_path)
    assert len(rows) == 48
    boards = {
        b.layout: b for b in pool_file.PoolFile(tsunagi_pool, readonly=True).boards("tsunagi")
    }
    layouts = [row.layout for row in rows]
    bases = [choose_levels.base_layout(layout) for layout in layouts]
    scores = [boards[base].score for base in bases]

    # The pool holds boards that are turns or mirrors of one another; the set does not.
    keys = [b.key for b in boards.values()]
    assert len(set(keys)) < len(keys)
    assert len({tsunagi.symmetry_key(base, 5) for base in bases}) == 48

    # Twists only where the plan puts them, rules written as spec 6 says.
    for number, (row, base) in enumerate(zip(rows, bases, strict=True), start=1):
        shown = tsunagi.challenges_of(row.layout)
        if number not in (15, 16, 31, 32, 47, 48):
            assert shown == (), number
        decoded = tsunagi.decode_layout(row.layout, 5)
        assert decoded is not None
        result = tsunagi.count_solutions_of_level(decoded, row.answer)
        assert result.unique and result.answers == (row.answer,)
        assert row.mark == mark_of(round(boards[base].score))
    assert [tsunagi.challenges_of(layouts[n - 1]) for n in (15, 16, 31, 32, 47, 48)] == [
        ("walls",),
        ("walls",),
        ("walls", "strokes"),
        ("waypoints", "strokes"),
        ("explosions",),
        ("waypoints", "explosions"),
    ]
    pairs = {n: tsunagi.decode_layout(layouts[n - 1], 5).pairs for n in (31, 32, 47, 48)}
    assert layouts[30].endswith(f"|strokes{pairs[31] + 3}")  # teaches: the fewest + 3
    assert layouts[31].endswith(f"|strokes{pairs[32]}")  # tests: the fewest
    assert layouts[46].endswith(f"|boom{max(2, pairs[47] - 1)}")  # teaches: every pairs - 1
    assert layouts[47].endswith(f"|blast{max(2, -(-pairs[48] // 2))}")  # tests: ceil(pairs/2)

    # Roles: 15 teaches, 16 tests, new twists named once.
    role = tsunagi.twist_role(layouts, 15)
    assert (role.role, role.challenges, role.new_ones) == ("teaches", ("walls",), ("walls",))
    role = tsunagi.twist_role(layouts, 32)
    assert (role.role, role.new_ones) == ("tests", ("waypoints",))
    assert tsunagi.twist_role(layouts, 14) is None

    # Ordinary levels never get easier; no block is easier on average than the one before.
    plain = [s for n, s in enumerate(scores, start=1) if n not in (15, 16, 31, 32, 47, 48)]
    assert plain == sorted(plain)
    means = [sum(scores[b * 16 : b * 16 + 16]) / 16 for b in range(3)]
    assert means == sorted(means)


def test_the_same_pools_give_the_same_files(tsunagi_pool: Path, tmp_path: Path) -> None:
    spec = _tsunagi_spec()
    first, second, other = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    choose_levels.make_set(spec, [tsunagi_pool], first, seed=1)
    choose_levels.make_set(spec, [tsunagi_pool], second, seed=1)
    name = spec.file_name()
    assert (first / name).read_bytes() == (second / name).read_bytes()
    choose_levels.make_set(spec, [tsunagi_pool], other, seed=2)
    assert tsunagi.levels_of(5, source=other) != ()


def test_a_grown_size_keeps_its_published_levels(tsunagi_pool: Path, tmp_path: Path) -> None:
    # The first 32 levels were published from a pool of the easier boards alone; growing
    # the size takes its new levels from the harder boards made since.
    boards = choose_levels.read_pools([tsunagi_pool], "tsunagi", ["5"])
    easier = [board for board in boards if board.score < 70]
    small = _tsunagi_spec(32)
    choose_levels.write_levels(small, choose_levels.choose(small, easier), tmp_path)
    published = (tmp_path / "classic-5.tsv").read_text().splitlines()
    assert len(published) == 33
    lines = choose_levels.make_set(_tsunagi_spec(48), [tsunagi_pool], tmp_path)
    assert "(32 kept)" in lines[0]
    grown = (tmp_path / "classic-5.tsv").read_text().splitlines()
    assert grown[:33] == published and len(grown) == 49
    rows = tsunagi.levels_of(5, source=tmp_path)
    scores = {b.layout: b.score for b in boards}
    order = [scores[choose_levels.base_layout(row.layout)] for row in rows]
    plain = [s for n, s in enumerate(order, start=1) if n not in (15, 16, 31, 32, 47, 48)]
    assert plain == sorted(plain) and max(plain[:28]) < 70 <= max(plain)
    again = choose_levels.make_set(_tsunagi_spec(48), [tsunagi_pool], tmp_path)
    assert again == ["tsunagi classic 5: all 48 levels already published; nothing to do"]


def test_a_reordered_size_says_where_each_level_went(tsunagi_pool: Path, tmp_path: Path) -> None:
    spec = _tsunagi_spec()
    choose_levels.make_set(spec, [tsunagi_pool], tmp_path)
    path = tmp_path / "classic-5.tsv"
    ordered = path.read_text().splitlines()
    swapped = list(ordered)
    swapped[1], swapped[2] = ordered[2], ordered[1]  # levels 1 and 2 (both plain)
    swapped[15], swapped[16] = ordered[16], ordered[15]  # levels 15 and 16 (both walls)
    path.write_text("\n".join(swapped) + "\n")
    lines = choose_levels.make_set(spec, [tsunagi_pool], tmp_path, resort=True)
    assert (
        lines[0] == "tsunagi classic 5: 4 of 48 published levels moved (renumbered/classic-5.tsv)"
    )
    assert path.read_text().splitlines() == ordered
    table = pool_fakes.adapters.read_table(
        tmp_path / "renumbered" / "classic-5.tsv", ("old", "new")
    )
    moves = {int(old): int(new) for old, new in table}
    assert moves == {n: n for n in range(1, 49)} | {1: 2, 2: 1, 15: 16, 16: 15}


def test_a_plan_changed_under_a_published_set_is_refused(
    tsunagi_pool: Path, tmp_path: Path
) -> None:
    choose_levels.make_set(_tsunagi_spec(32), [tsunagi_pool], tmp_path)
    changed = (Block(teaches=Slot("waypoints"), tests=Slot("waypoints")), *TSUNAGI_PLAN[1:])
    spec = choose_levels.spec_of("tsunagi", "classic", "5", changed, 48)
    with pytest.raises(choose_levels.ShortPool, match="published level 15 shows walls"):
        choose_levels.make_set(spec, [tsunagi_pool], tmp_path)


def test_a_short_pool_says_what_to_make(tsunagi_pool: Path, tmp_path: Path) -> None:
    plan = (Block(teaches=Slot("wrap"), tests=Slot("wrap")),)
    spec = choose_levels.spec_of("tsunagi", "classic", "5", plan, 16)
    with pytest.raises(choose_levels.ShortPool, match="no wrap board left for level 15"):
        choose_levels.make_set(spec, [tsunagi_pool], tmp_path)
    assert not (tmp_path / "classic-5.tsv").exists()


def test_a_block_chain_runs_easiest_first_within_each_block(
    tsunagi_pool: Path, tmp_path: Path
) -> None:
    spec = choose_levels.spec_of("tsunagi", "portals", "5", (Block(), Block("waypoints")), 32)
    assert spec.chain == choose_levels.CHAIN_BLOCK
    spec = dataclasses.replace(spec, fill=(True,) * 32)
    boards = choose_levels.read_pools([tsunagi_pool], "tsunagi", ["5"])
    levels = choose_levels.choose(spec, boards)
    first, second = [level.order for level in levels[:16]], [level.order for level in levels[16:]]
    assert first == sorted(first) and second == sorted(second)
    assert sum(second) >= sum(first)
    assert all(level.board.shows == ("waypoints",) for level in levels[16:])


def test_suido_levels_never_get_easier_and_declare_their_twists(
    suido_pool: Path, tmp_path: Path
) -> None:
    spec = choose_levels.spec_of("suido", "levels", "5x5", SUIDO_PLAN, 48, choose_levels.CHAIN_ALL)
    lines = choose_levels.make_set(spec, [suido_pool], tmp_path)
    assert lines[0].startswith("suido levels 5x5: 48 levels (0 kept)")
    rows = suido.levels_of("5x5", source=tmp_path)
    assert len(rows) == 48
    boards = {b.layout: b for b in pool_file.PoolFile(suido_pool, readonly=True).boards("suido")}
    scores = [boards[row.board].score for row in rows]
    assert scores == sorted(scores)
    keys = set()
    for number, row in enumerate(rows, start=1):
        board = suido.decode_layout(row.board)
        answer = suido.level_answer(row)
        assert suido.check_answer(row.board, answer).ok
        result = suido.count_solutions_of_level(board, answer)
        assert result.unique
        assert row.twists == " ".join(suido.twists_of(board))
        assert row.mark == mark_of(round(boards[row.board].score))
        keys.add(suido.symmetry_key(board, suido.decode_layout(answer).cells))
        want = {31: "wrap", 32: "wrap", 46: "wrap", 47: "locked", 48: "locked wrap"}
        assert row.twists == want.get(number, ""), number
    assert len(keys) == 48
    assert "easier than the level before" not in lines[0]
    role = suido.twist_role(rows, 48)
    assert (role.role, role.twists, role.new_ones) == ("tests", ("locked", "wrap"), ())


def test_suido_sets_keep_their_ordinary_levels_in_order(suido_pool: Path, tmp_path: Path) -> None:
    spec = choose_levels.spec_of("suido", "levels", "5x5", SUIDO_PLAN, 48)
    assert spec.chain == choose_levels.CHAIN_FILL
    choose_levels.make_set(spec, [suido_pool], tmp_path)
    rows = suido.levels_of("5x5", source=tmp_path)
    boards = {b.layout: b for b in pool_file.PoolFile(suido_pool, readonly=True).boards("suido")}
    ordinary = [boards[row.board].score for row in rows if not row.twists]
    assert len(ordinary) == 43 and ordinary == sorted(ordinary)
    means = [sum(boards[r.board].score for r in rows[b * 16 : b * 16 + 16]) for b in range(3)]
    assert means == sorted(means)


def test_the_real_plans_fit_the_sets() -> None:
    for puzzle in shapes.PUZZLES:
        for set, size in shapes.sets_of(puzzle):
            spec = choose_levels.spec_of(puzzle, set, size)
            assert spec.count % 16 == 0 and spec.count == len(spec.slots)
            for slot, size_of_board in ((s, b) for s in spec.slots for b in spec.sizes):
                profile = shapes.profile_of(puzzle, slot.profile)
                assert profile.sizes is None or size_of_board in profile.sizes, (set, size, slot)


def test_a_thin_pool_breaks_the_order_only_where_it_must_and_says_so(suido_pool: Path) -> None:
    spec = choose_levels.spec_of("suido", "levels", "5x5", SUIDO_PLAN, 48, choose_levels.CHAIN_ALL)
    boards = choose_levels.read_pools([suido_pool], "suido", ["5x5"])
    # Only easy boards that lock and wrap: the last level (it tests them) cannot be as hard
    # as the one before it, and the set says where it had to give way.
    thin = [b for b in boards if b.profile != "locked+wrap" or b.score < 40]
    levels = choose_levels.choose(spec, thin)
    assert choose_levels.order_breaks(spec, levels) == [48]
    assert levels[47].board.profile == "locked+wrap" and levels[47].order < 40
    assert max(level.order for level in levels[:47]) == levels[46].order
    means = [sum(level.order for level in levels[b * 16 : b * 16 + 16]) for b in range(3)]
    assert means == sorted(means)
    # Only easy wrap boards: the 15th and 16th wrap levels are chosen together, in order,
    # and the extra wrap slot of block 3 (level 46) falls back to a plain board.
    thin = [b for b in boards if b.profile != "wrap" or b.score < 40]
    levels = choose_levels.choose(spec, thin)
    assert choose_levels.order_breaks(spec, levels) == []
    assert levels[30].order <= levels[31].order < 40
    assert levels[45].slot == shapes.Slot("plain") and levels[45].board.profile == "plain"


def test_the_command_line_names_a_short_pool(
    tsunagi_pool: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    command = ["--puzzle", "tsunagi", "--pool", str(tsunagi_pool), "--size", "5", "--out"]
    assert choose_levels.main([*command, str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "choose_levels: tsunagi classic 5: no bridges board left for level 15" in err
    assert "choose_levels: tsunagi portals 5: no portal-1 board left for level 1" in err
    assert list(tmp_path.iterdir()) == []
    assert choose_levels.main(["--puzzle", "suido", "--pool", str(tmp_path / "none")]) == 2


def test_an_easier_block_takes_the_hardest_free_board_when_none_is_above_its_top() -> None:
    # Block 2's boards all sit below block 1's average, and no free board is above block 2's
    # hardest; the hardest free board that beats the easiest is swapped in until it holds.
    plan = (Block(fill="portal-1"), Block(fill="portals-2-3"))
    spec = choose_levels.spec_of("tsunagi", "portals", "5", plan, 32)

    def board(profile: str, number: int, score: float) -> object:
        return pool_file.PoolBoard(
            "tsunagi", "5", profile, number, 0, number, f"{profile}{number}", "", (),
            f"{profile}{number}", score, {}, {}, 0,
        )  # fmt: skip

    first = [board("portal-1", n, 60.0) for n in range(16)]
    second = [board("portals-2-3", n, 40.0 + n) for n in range(15)]
    second.append(board("portals-2-3", 15, 100.0))
    levels = [
        choose_levels.Level(n + 1, spec.slots[n], b, b.score, b.layout)
        for n, b in enumerate(first + second)
    ]
    scores = (70.0, 80.0, 85.0, 86.0, 87.0, 88.0, 89.0)  # all below block 2's hardest
    free = {"portals-2-3": [(x, 0, board("portals-2-3", 20 + i, x)) for i, x in enumerate(scores)]}
    choose_levels._even_out(spec, levels, free, 1)
    orders = [level.order for level in levels[16:]]
    assert sum(orders) / 16 >= 60.0
    assert orders == sorted(orders)
    # The four easiest went, for the four hardest free boards, hardest first.
    assert orders[:4] == [44.0, 45.0, 46.0, 47.0] and {86.0, 87.0, 88.0, 89.0} <= set(orders)
    assert [item[0] for item in free["portals-2-3"]] == [70.0, 80.0, 85.0]


def _with_orders(levels: list, orders: dict[int, float]) -> list:
    return [dataclasses.replace(level, order=orders[level.number]) for level in levels]


def test_reordering_mends_a_block_left_easier_by_its_twists(
    tsunagi_pool: Path, tmp_path: Path
) -> None:
    # Block 1's twist levels are so hard that block 2, its ordinary levels sorted after
    # block 1's, is easier on average; its easiest ordinary levels trade places with block
    # 3's hardest until it is not, and block 3 still is not easier than block 2.
    spec = _tsunagi_spec()
    choose_levels.make_set(spec, [tsunagi_pool], tmp_path)
    boards = list(pool_file.PoolFile(tsunagi_pool, readonly=True).boards("tsunagi"))
    kept = choose_levels.published(spec, tmp_path, boards)
    orders = {n: float(n) for n in range(1, 49)} | {15: 200.0, 16: 200.0}
    levels = _with_orders(kept, orders)
    choose_levels._mend_blocks(spec, levels, {})
    by_number = [level.order for level in levels]
    assert by_number[16:30] == [*range(22, 31), *range(42, 47)]
    assert by_number[32:46] == [*range(17, 22), *range(33, 42)]
    assert by_number[:16] == [orders[n] for n in range(1, 17)] and by_number[30:32] == [31, 32]
    means = [sum(by_number[at : at + 16]) / 16 for at in (0, 16, 32)]
    assert means == sorted(means)
    assert sorted(level.board.key for level in levels) == sorted(level.board.key for level in kept)
    assert [level.number for level in levels] == list(range(1, 49))

    # The last block has no later block to trade with: a harder pool board of its kind
    # replaces its easiest ordinary level, or, with none, the set is refused.
    orders = {n: float(n) for n in range(1, 49)} | {31: 900.0, 32: 900.0}
    with pytest.raises(choose_levels.ShortPool, match="block 3 is easier on average"):
        choose_levels._mend_blocks(spec, _with_orders(kept, orders), {})
    fresh = dataclasses.replace(kept[0].board, key="fresh-board")
    levels = _with_orders(kept, orders)
    gap = sum(orders[n] for n in range(17, 33)) - sum(orders[n] for n in range(33, 49))
    free = {"plain": [(33.0 + gap, 0, fresh)]}
    choose_levels._mend_blocks(spec, levels, free)
    assert free == {"plain": []}
    assert levels[45].board.key == "fresh-board" and not levels[45].kept
    assert [level.order for level in levels[32:46]] == [*range(34, 47), 33.0 + gap]
