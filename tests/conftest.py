"""Shared test helpers: where the originals' corpus lives, and how to read it."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "corpus"


def corpus_rows(puzzle: str, name: str) -> list[list[str]]:
    """Return the rows of ``../shared/corpus/<puzzle>/<name>`` (header dropped), or skip the test.

    The corpus is test data kept beside the project; where it is absent the tests that need it
    skip with a message saying so instead of failing.
    """
    path = CORPUS / puzzle / name
    if not path.exists():
        pytest.skip(f"corpus file {path} is absent: the originals' levels are not here")
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        rows.append(line.split("\t"))
    return rows


def corpus_files(puzzle: str) -> list[str]:
    """Return the names of the corpus's ``.tsv`` files for ``puzzle`` (empty where absent)."""
    folder = CORPUS / puzzle
    if not folder.exists():
        return []
    return sorted(p.name for p in folder.glob("*.tsv"))
