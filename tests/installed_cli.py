"""Running the installed ``itsutsu`` command in a subprocess, as a user's shell does."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

_BESIDE = Path(sys.executable).parent / "itsutsu"
COMMAND = str(_BESIDE) if _BESIDE.exists() else shutil.which("itsutsu")


def command() -> list[str]:
    """Return the argv prefix of the installed command, or skip when it is not installed."""
    if COMMAND is None:
        pytest.skip("the itsutsu command is not installed (make .venv/.installed)")
    return [COMMAND]


def itsutsu(*argv: str, stdin: str | None = None, timeout: float = 60) -> tuple[int, str, str]:
    """Run ``itsutsu ARGV`` and return its exit status, standard output and standard error."""
    done = subprocess.run(
        [*command(), *argv],
        input=stdin if stdin is not None else "",
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    return done.returncode, done.stdout, done.stderr


FIVE = "AB..B.CDEF.....A..E.C..DF"
FIVE_ANSWER = "ABBBBACDEFACDEFACDEFCCDDF"
SUIDO = "5x5:Eba3C3c9955C6abcdc3ckac3I"
SUIDO_ANSWER = "5x5:CeacE696955E3ad3bc69ia93I"
CORNERS_30 = "A" + "." * 898 + "A"
"""One pair in opposite corners of an empty 30x30: no answer (the chessboard colouring)."""
HARD_30 = "A" + "." * 898 + "A|portals100-554"
"""The same with a portal the colouring cannot see through: a long search for the solver."""
