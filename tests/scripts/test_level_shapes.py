"""level_shapes.py: the lesson plans and profiles as data, checked against the specs' rules and
the shape of the originals' published sets (the corpus, test data only)."""

from __future__ import annotations

import pytest

from conftest import corpus_rows
from itsutsu import tsunagi
from script_files import load_script

shapes = load_script("level_shapes")

_RULE_CHALLENGE = {"strokes": "strokes", "boom": "explosions", "blast": "explosions"}


def _shows(puzzle: str, slot: object) -> tuple[str, ...]:
    """The twists a level in ``slot`` shows (Tsunagi: its rule's challenge added)."""
    shows = shapes.profile_of(puzzle, slot.profile).shows
    if slot.rule is None:
        return shows
    extra = _RULE_CHALLENGE[slot.rule]
    return tuple(name for name in shapes.TSUNAGI_CHALLENGES if name in shows or name == extra)


def _twist_slots(puzzle: str, set: str, size: str) -> dict[int, tuple[str, ...]]:
    blocks, count = shapes.plan_of(puzzle, set, size)
    return {
        number: _shows(puzzle, slot)
        for number, slot in enumerate(shapes.slots_of(blocks, count), start=1)
        if _shows(puzzle, slot)
    }


def test_the_counts_are_the_issues() -> None:
    assert sum(shapes.TSUNAGI_CLASSIC_COUNTS.values()) == 2368 + 32
    assert shapes.TSUNAGI_CLASSIC_COUNTS[40] == 32
    assert sum(shapes.TSUNAGI_PORTAL_COUNTS.values()) == 256
    assert sum(shapes.SUIDO_COUNTS.values()) == 3520
    assert shapes.SUIDO_BIG_COUNT == 64


@pytest.mark.parametrize("size", sorted(shapes.TSUNAGI_CLASSIC_COUNTS))
def test_tsunagi_classic_plans_keep_the_rules_of_spec_6(size: int) -> None:
    blocks, count = shapes.plan_of("tsunagi", "classic", str(size))
    assert len(blocks) == count // 16
    slots = _twist_slots("tsunagi", "classic", str(size))
    assert all((number - 1) % 16 >= 14 for number in slots), "twists only at slots 15 and 16"
    seen = {name for shows in slots.values() for name in shows}
    assert ("sparse" in seen) == (5 <= size <= 9)
    assert ("hexagon" in seen) == (size in (5, 7, 9, 13, 15))  # 11x11 has four blocks
    assert "portals" not in seen or size >= 20
    for slot in shapes.slots_of(blocks, count):
        profile = shapes.profile_of("tsunagi", slot.profile)
        assert profile.sizes is None or str(size) in profile.sizes
        most = profile.options.get("pairs")
        if size <= 15 and "portals" not in profile.shows and slot.profile != "sparse":
            assert most is not None and most.draw(0.5, size * size) == 16
        if size > 15 and "portals" not in profile.shows:
            assert most is not None
            drawn = [most.draw(r, size * size) for r in (0.0, 0.5, 0.999)]
            assert drawn == {20: [32, 38, 44], 25: [50, 60, 69], 30: [72, 82, 82]}.get(
                size, [82, 82, 82]
            )


def _corpus_challenges(size: int) -> dict[int, tuple[str, ...]]:
    rows = corpus_rows("tsunagi", f"classic-{size}.tsv")
    return {
        int(row[0]): tsunagi.challenges_of(row[1]) for row in rows if tsunagi.challenges_of(row[1])
    }


@pytest.mark.parametrize("size", [6, 7, 8, 9, 20, 25, 30])
def test_tsunagi_plans_follow_the_originals_sets(size: int) -> None:
    assert _twist_slots("tsunagi", "classic", str(size)) == _corpus_challenges(size)


def test_the_4x4_plan_keeps_the_originals_slots_with_the_twists_we_can_make() -> None:
    """4x4 puts a twist where the original does, but only bridges, walls and wrap (with
    its stroke limits and explosions): waypoints and bridges beside walls are not needed on
    a 4x4 board our generator finds."""
    ours, theirs = _twist_slots("tsunagi", "classic", "4"), _corpus_challenges(4)
    assert set(ours) == set(theirs)
    made = {"bridges", "walls", "wrap", "strokes", "explosions"}
    assert all(set(shows) <= made for shows in ours.values())
    assert {shows for shows in ours.values()} >= {("bridges",), ("walls",), ("wrap",)}


@pytest.mark.parametrize("size", [10, 11, 12, 13, 14, 15])
def test_tsunagi_middle_plans_fill_the_blocks_the_original_left_plain(size: int) -> None:
    ours, theirs = _twist_slots("tsunagi", "classic", str(size)), _corpus_challenges(size)
    assert {n: ours[n] for n in theirs} == theirs
    extra = {n: ours[n] for n in ours if n not in theirs}
    assert set(extra) <= {63, 64, 127, 128}
    assert all(shows == ("wrap",) for shows in extra.values())


def test_the_tsunagi_portal_set_has_one_portal_then_two_or_three() -> None:
    blocks, count = shapes.plan_of("tsunagi", "portals", "7")
    slots = shapes.slots_of(blocks, count)
    assert {slot.profile for slot in slots[:16]} == {"portal-1"}
    assert {slot.profile for slot in slots[16:]} == {"portals-2-3"}
    assert shapes.TSUNAGI_PROFILES["portals-2-3"].limits == {"portals": (2, 3)}


@pytest.mark.parametrize("size", sorted(shapes.SUIDO_COUNTS))
def test_suido_plans_are_spec_13_3(size: str) -> None:
    rows = corpus_rows("suido", f"{size}.tsv")
    theirs = {int(row[0]): tuple(row[3].split()) for row in rows if row[3]}
    ours = _twist_slots("suido", "levels", size)
    assert {n: ours[n] for n in theirs} == theirs
    # Where the original found no board for an extra twist slot it left it plain; ours
    # asks for one there too (and falls back the same way when a pool has none).
    left_plain = set(ours) - set(theirs)
    assert left_plain <= {238, 252, 253}
    assert all((n - 1) % 16 + 1 < 15 for n in left_plain)


def test_suido_combinations_draw_every_parts_options() -> None:
    profile = shapes.suido_profile("drains+pumps+wrap")
    assert profile.shows == ("drains", "pumps", "wrap")
    assert set(profile.options) == {"kind", "spares", "sources", "wrap"}
    with pytest.raises(KeyError, match="fixed order"):
        shapes.suido_profile("wrap+drains")
    with pytest.raises(KeyError):
        shapes.suido_profile("plain+wrap")


def test_draws_are_what_they_say() -> None:
    assert [shapes.Whole(1, 3).draw(r, 0) for r in (0.0, 0.34, 0.67, 0.999)] == [1, 2, 3, 3]
    assert shapes.Between(0.3, 0.8).draw(0.5, 0) == 0.55
    share = shapes.Share(0.02, 0.2, power=2)
    assert share.draw(0.0, 49) == 1 and share.draw(0.999, 400) == 80
    assert shapes.Share(0.0, 0.03, least=2, most=3).draw(0.99, 400) == 3
    assert shapes.UpToCells(16, 225).draw(0.1, 226) is None
    above = shapes.UpToCells(16, 225, shapes.Share(0.1, 0.2))
    assert above.draw(0.5, 225) == 16 and above.draw(0.5, 400) == 60


def test_pools_want_enough_of_every_kind() -> None:
    wanted = shapes.wanted_boards("tsunagi", "30")
    assert wanted == {
        "plain": 2 * 58, "walls": 24, "wrap": 24, "portal-1": 24, "portals-2-3": 24
    }  # fmt: skip
    big = shapes.wanted_boards("suido", "20x20")
    assert big["big-pieces"] == 4 * 56 // 4 and big["wrap+big-pieces"] == 24  # a quarter each
    assert "big-pieces" not in shapes.wanted_boards("suido", "28x28")
    assert shapes.wanted_boards("tsunagi", "40")["plain"] == 45  # 30 levels, 1.5 each
    assert shapes.wanted_boards("tsunagi", "15")["plain"] == 4 * 116


def test_the_rules_give_every_explosion_and_stroke_limit_of_the_originals_sets() -> None:
    checked = 0
    for size in sorted(shapes.TSUNAGI_CLASSIC_COUNTS):
        if size == 40:
            continue
        for row in corpus_rows("tsunagi", f"classic-{size}.tsv"):
            layout = tsunagi.decode_layout(row[1], size)
            teaching = (int(row[0]) - 1) % 16 + 1 == 15
            if layout.explosions is not None:
                assert layout.explosions.every == shapes.explosion_every(layout.pairs, teaching)
                checked += 1
            if layout.strokes is not None:
                assert not layout.wrap  # so the fewest strokes are one per line
                room = shapes.STROKES_TEACHING_ROOM if teaching else 0
                assert layout.strokes == layout.pairs + room
                checked += 1
    assert checked == 50 + 32
