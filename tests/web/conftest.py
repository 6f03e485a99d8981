"""Fixtures for the web app's tests: a server over the corpus levels, an app, a client
(the corpus levels and Chromium are shared, in tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def server(levels_dir: Path) -> Iterator[object]:
    """One ``itsutsu serve`` process over the corpus levels, for the tests that only play."""
    from web_browser import Server

    running = Server(levels_dir).start()
    yield running
    running.stop()
