"""``itsutsu serve``: bad arguments print one line and exit 2 before anything is served."""

from __future__ import annotations

from pathlib import Path

import pytest

from itsutsu.cli import main


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--port", "0"], "itsutsu: --port 0 is not a port (1 to 65535)"),
        (["--workers", "0"], "itsutsu: --workers must be at least 1"),
        (["--levels", "/no/such/folder"], "itsutsu: --levels /no/such/folder is not a folder"),
        (["--allow-origin", "other.site"],
         "itsutsu: --allow-origin 'other.site' must be like https://example.org"),
        (["--sockets-per-client", "0"], "itsutsu: --sockets-per-client must be at least 1"),
    ],
)  # fmt: skip
def test_bad_arguments(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", *args]) == 2
    assert capsys.readouterr().err.strip() == message


def test_app_from_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from itsutsu.cli.serve import app_from_environment

    monkeypatch.setenv("ITSUTSU_LEVELS", str(tmp_path))
    monkeypatch.setenv("ITSUTSU_ORIGINS", "https://a.example https://b.example")
    monkeypatch.setenv("ITSUTSU_SOCKETS_PER_CLIENT", "300")
    app = app_from_environment()
    assert app.state.limits.sockets_per_client == 300  # type: ignore[attr-defined]
    assert app.state.levels.source == tmp_path  # type: ignore[attr-defined]
