"""scripts/reference_sets.py: seeded sets from our generator, written as the package's JSON
data file of quantiles; --update remakes chosen sets and keeps the rest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from itsutsu.suido.difficulty.reference import parse_reference, reference_sets
from script_files import load_script

reference_sets_script = load_script("reference_sets")


def test_a_small_run_writes_the_same_quantiles_twice(tmp_path: Path) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    assert reference_sets_script.main(["--boards", "4", "--sides", "4", "--out", str(first)]) == 0
    assert reference_sets_script.main(["--boards", "4", "--sides", "4", "--out", str(second)]) == 0
    assert first.read_text() == second.read_text()
    sets = parse_reference(first.read_text())
    assert sets.source == "make_unscored"
    assert sets.sides == (4,)
    assert set(sets.sets) == {"4", "4w", "4d", "4dw", "4i"}
    assert dict(sets.boards) == dict.fromkeys(sets.sets, 4)
    for figures in sets.sets.values():
        assert len(figures["blend"]) == 101 and len(figures["rounds"]) == 21
        assert list(figures["blend"]) == sorted(figures["blend"])


def test_update_remakes_the_chosen_sets_and_keeps_the_rest(tmp_path: Path) -> None:
    out = tmp_path / "ref.json"
    assert reference_sets_script.main(["--boards", "3", "--sides", "4,5", "--out", str(out)]) == 0
    before = json.loads(out.read_text())
    argv = ["--update", "--boards", "6", "--sides", "5", "--kinds", "d,dw", "--out", str(out)]
    assert reference_sets_script.main(argv) == 0
    after = json.loads(out.read_text())
    assert after["sides"] == [4, 5]
    assert after["boards"] == {**before["boards"], "5d": 6, "5dw": 6}
    for key in ("4", "4w", "4d", "4dw", "4i", "5", "5w", "5i"):
        assert after["sets"][key] == before["sets"][key], key
    assert after["sets"]["5d"] != before["sets"]["5d"]
    # the same sets made afresh at 6 boards are what the update wrote
    fresh = tmp_path / "fresh.json"
    argv = ["--boards", "6", "--sides", "5", "--kinds", "d,dw", "--out", str(fresh)]
    assert reference_sets_script.main(argv) == 0
    made = json.loads(fresh.read_text())
    assert made["sets"] == {k: after["sets"][k] for k in ("5d", "5dw")}


def test_an_unknown_kind_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "ref.json"
    assert reference_sets_script.main(["--boards", "2", "--kinds", "x", "--out", str(out)]) == 2
    assert not out.exists()


def test_the_data_file_reads_back_every_quantile_exactly() -> None:
    ref = reference_sets()
    text = reference_sets_script._data_text(
        ref.source, ref.sides, {k: dict(v) for k, v in ref.sets.items()}, dict(ref.boards)
    )
    again = parse_reference(text)
    assert again.source == ref.source and again.sides == ref.sides
    assert {k: dict(v) for k, v in again.sets.items()} == {k: dict(v) for k, v in ref.sets.items()}


def test_the_package_sets_come_from_our_generator() -> None:
    ref = reference_sets()
    assert ref.source == "make_unscored"
    assert ref.sides == reference_sets_script.SIDES
    for side in ref.sides:
        for suffix in reference_sets_script.SUFFIXES:
            key = f"{side}{suffix}"
            assert key in ref.sets
            assert ref.boards[key] >= 16


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[", "not JSON"),
        ("[]", "one JSON object"),
        ('{"source": 1, "sides": [], "boards": {}, "sets": {}}', "'source' must be text"),
        ('{"source": "s", "sides": [0], "boards": {}, "sets": {}}', "'sides'"),
        ('{"source": "s", "sides": [4], "boards": {"4": "x"}, "sets": {}}', "'boards'"),
        ('{"source": "s", "sides": [4], "boards": {}, "sets": {"4": {"r": [2, 1]}}}', "ascending"),
        ('{"source": "s", "sides": [4], "boards": {}, "sets": {"4": {"r": ["a"]}}}', "numbers"),
    ],
)
def test_a_damaged_file_is_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        parse_reference(text)
