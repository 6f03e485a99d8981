"""Shared test helpers: where the originals' corpus lives, and how to read it."""

from __future__ import annotations

from collections.abc import Iterator
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


def require_corpus_files(puzzle: str) -> list[str]:
    """:func:`corpus_files`, skipping the test with a message where the corpus is absent."""
    names = corpus_files(puzzle)
    if not names:
        pytest.skip(f"the corpus {CORPUS / puzzle} is absent: the originals' levels are not here")
    return names


@pytest.fixture(scope="session")
def levels_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of level files converted from the corpus (the tests skip without it)."""
    from web_levels import write_levels

    if not (CORPUS / "tsunagi").is_dir() or not (CORPUS / "suido").is_dir():
        pytest.skip(f"the corpus {CORPUS} is absent: these tests play its levels")
    return write_levels(tmp_path_factory.mktemp("levels"))


@pytest.fixture(scope="session")
def chromium() -> Iterator[object]:
    """Debian's Chromium through Playwright (never a downloaded browser): one for the whole
    test process, since Playwright's sync API cannot run twice at once in one thread (the
    web and notebook tests share it)."""
    from web_browser import CHROMIUM, CHROMIUM_ARGS

    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is absent: .ci/run installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


# The items that take minutes on one core (each proves and measures a whole big level set)
# go first, so that each xdist worker starts on one and the short items fill in around them.
# Collected in file order they came last and ended the run on one worker each, several
# minutes after the rest.
LONGEST_FIRST = (
    "tests/tsunagi/test_level_sets.py::test_every_level_is_proved[classic-40]",
    "tests/tsunagi/test_level_sets.py::test_every_level_is_proved[classic-30]",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Put the longest items first (the others keep their order)."""
    rank = {nodeid: at for at, nodeid in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid, len(rank)))
