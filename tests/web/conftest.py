"""Fixtures for the web app's tests: a server over the corpus levels, an app, a client
(the corpus levels and Chromium are shared, in tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from itsutsu.web.levels import LevelStore


@pytest.fixture(scope="session")
def server(levels_dir: Path) -> Iterator[object]:
    """One ``itsutsu serve`` process over the corpus levels, for the tests that only play."""
    from web_browser import Server

    running = Server(levels_dir).start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def store(levels_dir: Path) -> LevelStore:
    """The levels the test server serves, read the way the app reads them."""
    return LevelStore(levels_dir)


@pytest.fixture
def desk(chromium: Any) -> Iterator[Any]:
    """A page in a desk-sized window of its own; fails the test on any error the page throws."""
    from web_browser import DESK

    context = chromium.new_context(viewport=DESK, device_scale_factor=1)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors
