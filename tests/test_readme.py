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
