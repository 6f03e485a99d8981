"""scripts/reference_sets.py: seeded sets from our generator, written as a module of quantiles."""

from __future__ import annotations

import runpy
from pathlib import Path

from itsutsu.suido.difficulty import reference
from script_files import load_script

reference_sets = load_script("reference_sets")


def _sets(path: Path) -> dict[str, object]:
    return runpy.run_path(str(path))


def test_a_small_run_writes_the_same_quantiles_twice(tmp_path: Path) -> None:
    first, second = tmp_path / "a.py", tmp_path / "b.py"
    assert reference_sets.main(["--boards", "4", "--sides", "4", "--out", str(first)]) == 0
    assert reference_sets.main(["--boards", "4", "--sides", "4", "--out", str(second)]) == 0
    assert first.read_text() == second.read_text()
    names = _sets(first)
    assert names["REFERENCE_SOURCE"] == "make_unscored"
    sets = names["REFERENCE"]
    assert isinstance(sets, dict) and set(sets) == {"4", "4w", "4d", "4dw", "4i"}
    for figures in sets.values():
        assert len(figures["blend"]) == 101 and len(figures["rounds"]) == 21
        assert list(figures["blend"]) == sorted(figures["blend"])


def test_the_package_sets_come_from_our_generator() -> None:
    assert reference.REFERENCE_SOURCE == "make_unscored"
    for side in reference.REFERENCE_SIDES:
        for suffix in ("", "w", "d", "dw", "i"):
            assert f"{side}{suffix}" in reference.REFERENCE
