"""The README's Python example runs and says what it claims."""

from __future__ import annotations

import re

from conftest import ROOT


def test_readme_python_example_runs() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks, "the README has a Python example"
    names: dict[str, object] = {}
    exec(compile(blocks[0], "README.md", "exec"), names)
    tsunagi = names["tsunagi"]
    game = names["game"]
    assert tsunagi.progress(game).joined == 1  # type: ignore[attr-defined]
    assert tsunagi.count_solutions(names["layout"]).count == 1  # type: ignore[attr-defined]


def _layout_block() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## Layout of the code")
    return re.findall(r"```\n(.*?)```", text[start:], re.S)[0]


def test_the_code_layout_names_what_exists_and_every_subpackage() -> None:
    block = _layout_block()
    named = set(re.findall(r"^ *([a-z_]+/(?:[a-z_]+/)?)", block, re.M))
    for entry in named:
        top = entry.split("/")[0]
        outside = top in ("scripts", "tests", "bench", "src", "examples", "docs")
        path = ROOT / entry if outside else ROOT / "src" / "itsutsu" / entry
        assert path.is_dir(), f"the README's code layout names {entry}, which is not there"
    package = ROOT / "src" / "itsutsu"
    for init in package.glob("*/*/__init__.py"):
        entry = f"{init.parent.parent.name}/{init.parent.name}/"
        assert entry in named, f"the README's code layout leaves out {entry}"


def test_the_package_description_claims_only_what_exists() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    description = re.search(r'^description = "(.*)"$', text, re.M)
    assert description is not None
    package = ROOT / "src" / "itsutsu"
    makers = any(package.glob("*/makers/__init__.py"))
    assert ("generators" in description.group(1)) == makers
    for word, folder in (("web app", "web"), ("command line", "cli"), ("level sets", "*/levels")):
        assert word in description.group(1) and any(package.glob(folder))
