"""How the level scripts' tests import the scripts: as files, from ``scripts/``.

The scripts import one another by name (``import pool_jobs``), as they do when run as
``python scripts/make_pool.py``, so importing this module puts their folder on the path
(and ``tests/``, for the stand-in job functions of ``pool_fakes``); worker processes started
by the tests inherit it.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "scripts"
TESTS = ROOT / "tests"

for folder in (SCRIPTS, TESTS):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))


def load_script(name: str) -> ModuleType:
    """Import ``scripts/<name>.py`` as a file (once; later calls give the same module)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
