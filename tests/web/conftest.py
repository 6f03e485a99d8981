"""Fixtures for the web app's tests: level sets made from the corpus, an app, a client."""

from __future__ import annotations

from pathlib import Path

import pytest
from web_levels import CORPUS, write_levels


@pytest.fixture(scope="session")
def levels_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of level files converted from the corpus (the tests skip without it)."""
    if not (CORPUS / "tsunagi").is_dir() or not (CORPUS / "suido").is_dir():
        pytest.skip(f"the corpus {CORPUS} is absent: the web tests need its levels")
    return write_levels(tmp_path_factory.mktemp("levels"))
