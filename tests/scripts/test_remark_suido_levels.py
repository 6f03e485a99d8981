"""scripts/remark_suido_levels.py: marks recomputed from the measure, levels kept in place."""

from __future__ import annotations

import pytest

from script_files import load_script

remark = load_script("remark_suido_levels")


def test_the_published_marks_are_the_measures(capsys: pytest.CaptureFixture[str]) -> None:
    # a dry run writes nothing and finds every mark of the 5x5 set already the measure's
    assert remark.main(["--dry-run", "5x5"]) == 0
    out = capsys.readouterr().out
    assert "5x5: 256 levels, 0 marks changed\n" in out
    assert "out of order: none" in out


def test_a_block_easier_than_the_one_before_is_named() -> None:
    scores = [10.0] * 16 + [30.0] * 16 + [20.0] * 16 + [40.0] * 5
    assert remark.easier_blocks(scores) == [3]
    assert remark.easier_blocks([5.0] * 40) == []
