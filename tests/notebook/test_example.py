"""The example notebook runs end to end in a real kernel, its outputs holding the drawings."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")
pytest.importorskip("anywidget")

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "itsutsu.ipynb"
SVG = "{http://www.w3.org/2000/svg}svg"


_RUN = """
import sys
import nbclient, nbformat
notebook = nbformat.read(sys.argv[1], as_version=4)
client = nbclient.NotebookClient(
    notebook, timeout=180, kernel_name="python3", resources={"metadata": {"path": sys.argv[3]}}
)
client.execute()
nbformat.write(notebook, sys.argv[2])
"""


@pytest.fixture(scope="module")
def executed(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The notebook run by nbclient in a process of its own: nbclient leaves an asyncio loop
    behind it, which the browser tests (Playwright's sync API) refuse to share a process
    with."""
    home = tmp_path_factory.mktemp("jupyter")
    out = home / "executed.ipynb"
    env = {
        **os.environ,
        # The kernel's connection file and IPython's profile go in a folder of this run.
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "IPYTHONDIR": str(home / "ipython"),
    }
    run = tmp_path_factory.mktemp("run")
    done = subprocess.run(
        [sys.executable, "-c", _RUN, str(NOTEBOOK), str(out), str(run)],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]  # the first cell that failed, and why
    return nbformat.read(out, as_version=4)


def outputs(notebook: Any) -> list[tuple[int, dict[str, Any]]]:
    return [
        (index, output)
        for index, cell in enumerate(notebook.cells)
        if cell.cell_type == "code"
        for output in cell.outputs
    ]


def test_no_cell_fails(executed: Any) -> None:
    for _, output in outputs(executed):
        assert output["output_type"] != "error", output
        if output["output_type"] == "stream":
            assert output["name"] == "stdout", output["text"]


def test_the_values_show_as_drawings(executed: Any) -> None:
    pictures = [
        ET.fromstring(output["data"]["image/svg+xml"])
        for _, output in outputs(executed)
        if "image/svg+xml" in output.get("data", {})
    ]
    # layout, Suido board, draw, draw_thumb, two counts, the game (at the least).
    assert len(pictures) >= 7
    assert all(picture.tag == SVG for picture in pictures)
    classes = [picture.attrib["class"] for picture in pictures]
    assert classes.count("tsunagi") >= 4 and "suido sd-thumb" in classes
    ids = [
        node.attrib["id"] for picture in pictures for node in picture.iter() if "id" in node.attrib
    ]
    assert len(ids) == len(set(ids)), "two drawings share an id"
    texts = [output.get("data", {}).get("text/plain", "") for _, output in outputs(executed)]
    assert any(text.startswith("<Tsunagi count: Exactly one answer") for text in texts)
    assert any(text.startswith("<Suido layout 5x5 network") for text in texts)


def test_the_play_cells_show_widgets(executed: Any) -> None:
    views = [
        output["data"]["application/vnd.jupyter.widget-view+json"]
        for _, output in outputs(executed)
        if "application/vnd.jupyter.widget-view+json" in output.get("data", {})
    ]
    assert len(views) == 2 and all(view["model_id"] for view in views)
    state = [
        output["data"]["text/plain"]
        for _, output in outputs(executed)
        if output.get("data", {}).get("text/plain", "").startswith("{'puzzle': 'tsunagi'")
    ]
    assert state and "'solved': False" in state[0]
