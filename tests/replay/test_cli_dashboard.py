"""``exceed dashboard``: the Streamlit command it runs, and one line when there is no index."""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

import pytest

from replay import cli_dashboard
from replay.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def test_app_path_is_found_without_importing_the_dashboard() -> None:
    assert cli_dashboard.app_path() == ROOT / "dashboard" / "app.py"


def test_missing_index_is_one_line_and_exit_2(tmp_path: Path) -> None:
    code, out, err = _run(["dashboard", "--db", str(tmp_path / "none.duckdb")])
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert "exceed index" in err and "make run" in err


def test_runs_streamlit_on_localhost_with_the_index(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "index.duckdb"
    code, _, err = _run(["index", str(ROOT / "sample_games"), "--db", str(db), "--jobs", "1"])
    assert code == 0, err
    ran: list[list[str]] = []
    monkeypatch.setattr(cli_dashboard, "run", lambda command: ran.append(command) or 0)
    code, out, _ = _run(["dashboard", "--db", str(db), "--port", "8642"])
    assert code == 0 and "http://127.0.0.1:8642" in out
    assert ran == [[sys.executable, "-m", "streamlit", "run", str(ROOT / "dashboard" / "app.py"),
                    "--server.address", "127.0.0.1", "--server.port", "8642",
                    "--server.headless", "true", "--browser.gatherUsageStats", "false",
                    "--", "--db", str(db.resolve())]]


@pytest.mark.parametrize("port", ["0", "70000", "http"])
def test_bad_port_is_a_usage_error(port: str) -> None:
    with pytest.raises(SystemExit) as caught:
        _run(["dashboard", "--port", port])
    assert caught.value.code == 2
