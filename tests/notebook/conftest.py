"""Fixtures for the notebook tests: the corpus's levels as level files, and Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from web_levels import CORPUS, write_levels


@pytest.fixture(scope="session")
def levels_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of level files converted from the corpus (the tests skip without it)."""
    if not (CORPUS / "tsunagi").is_dir() or not (CORPUS / "suido").is_dir():
        pytest.skip(f"the corpus {CORPUS} is absent: these tests play its levels")
    return write_levels(tmp_path_factory.mktemp("levels"))


@pytest.fixture(scope="session")
def chromium() -> Iterator[object]:
    """Debian's Chromium through Playwright (never a downloaded browser)."""
    from web_browser import CHROMIUM, CHROMIUM_ARGS

    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is absent: .ci/run installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
