"""The installed command behaves as a Unix tool: a closed pipe, a full disk and Ctrl-C end
it with a status and at most one line, never a traceback; ``--version``; plain ``--help``;
codes read from standard input with ``-`` and trimmed."""

from __future__ import annotations

import os
import signal
import subprocess
import time

import pytest

from installed_cli import (
    FIVE,
    FIVE_ANSWER,
    HARD_30,
    SUIDO,
    SUIDO_ANSWER,
    command,
    itsutsu,
)
from itsutsu.cli import version


def closed_pipe(*argv: str) -> tuple[int, str]:
    """Run the command with its standard output a pipe nobody reads (closed at once)."""
    process = subprocess.Popen(
        [*command(), *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # A test run started in the background (`make test &`) ignores SIGINT, and so would
        # the command it starts: Python leaves an ignored SIGINT ignored. Ctrl-C at a
        # terminal reaches a command that takes it.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    err = process.stderr.read()
    return process.wait(timeout=60), err


@pytest.mark.parametrize(
    "argv",
    [
        ("suido", "solve", SUIDO),
        ("tsunagi", "count", "5", FIVE),
        ("tsunagi", "draw", "30", "A" + "." * 898 + "A"),
        ("suido", "show", SUIDO, SUIDO_ANSWER),
    ],
)
def test_a_closed_pipe_ends_quietly(argv: tuple[str, ...]) -> None:
    assert closed_pipe(*argv) == (141, "")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
@pytest.mark.parametrize(
    "argv",
    [("tsunagi", "show", "5", FIVE), ("suido", "draw", SUIDO)],
)
def test_a_full_disk_is_one_line_and_status_2(argv: tuple[str, ...]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([*command(), *argv], stdout=full, stderr=subprocess.PIPE, text=True)
    assert done.returncode == 2
    assert done.stderr == "itsutsu: cannot write the output: No space left on device\n"


def interrupted(*argv: str) -> tuple[int, str, str]:
    """Start the command, let it get into its work, then press Ctrl-C (SIGINT)."""
    process = subprocess.Popen(
        [*command(), *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # A test run started in the background (`make test &`) ignores SIGINT, and so would
        # the command it starts: Python leaves an ignored SIGINT ignored. Ctrl-C at a
        # terminal reaches a command that takes it.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(4)  # past the imports and into the search, even on a loaded machine
    assert process.poll() is None, "the search ended before it could be interrupted"
    process.send_signal(signal.SIGINT)
    try:
        out, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()  # a failed test must not leave a search running on the machine
        process.communicate()
        raise
    return process.returncode, out, err


def test_ctrl_c_in_the_sat_solver_exits_130() -> None:
    # pysolvers turns SIGINT into "pysolvers.error: Caught keyboard interrupt"
    assert interrupted("tsunagi", "solve", "30", HARD_30, "--budget", "2000000000") == (
        130,
        "",
        "itsutsu: interrupted\n",
    )


def test_ctrl_c_in_the_suido_search_exits_130() -> None:
    board = "64x64w:h" + "7" * (64 * 64 - 1)  # each position costs milliseconds
    assert interrupted("suido", "solve", board, "--budget", "2000000000") == (
        130,
        "",
        "itsutsu: interrupted\n",
    )


def test_version() -> None:
    assert itsutsu("--version") == (0, f"itsutsu {version()}\n", "")
    assert version()[0].isdigit()


@pytest.mark.parametrize(
    "argv",
    [(), ("tsunagi",), ("suido",), ("tsunagi", "solve"), ("suido", "draw"), ("serve",)],
)
def test_help_is_plain_text_with_the_exit_statuses(argv: tuple[str, ...]) -> None:
    status, out, err = itsutsu(*argv, "--help")
    assert (status, err) == (0, "")
    assert "``" not in out and ":mod:" not in out and ":func:" not in out
    assert "exit status:\n  0  success" in out
    assert "  3  gave up: the search ran out of its budget" in out


@pytest.mark.parametrize(
    ("argv", "stdin"),
    [
        (("tsunagi", "check", "5", "-", FIVE_ANSWER), f"  {FIVE}\n"),
        (("tsunagi", "check", "5", FIVE, "-"), f"\n{FIVE_ANSWER}\n\n"),
        (("tsunagi", "check", "5", "-", "-"), f"{FIVE}\n{FIVE_ANSWER}\n"),
        (("tsunagi", "check", "5", f" {FIVE}\t", f"{FIVE_ANSWER}\n"), ""),
        (("suido", "check", "-", SUIDO_ANSWER), SUIDO + "\r\n"),
        (("suido", "check", " " + SUIDO, "-"), SUIDO_ANSWER),
    ],
)
def test_codes_from_standard_input_and_trimmed(argv: tuple[str, ...], stdin: str) -> None:
    assert itsutsu(*argv, stdin=stdin) == (0, "ok\n", "")


def test_standard_input_without_a_code_is_bad_input() -> None:
    assert itsutsu("suido", "show", "-", stdin="\n  \n") == (
        2,
        "",
        "itsutsu: standard input holds no BOARD code (one a line)\n",
    )
