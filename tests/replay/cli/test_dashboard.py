"""``exceed dashboard``: the Streamlit command it runs, one line when there is no index or
the port is busy (and no "serving" before it), what it says when Streamlit stops, and that
SIGTERM or a killed wrapper leaves no Streamlit behind."""

from __future__ import annotations

import contextlib
import io
import signal
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from proc_tree import Proc, alive, children, kill_all, needs_proc, wait_until

from replay.cli import dashboard as cli_dashboard
from replay.cli import main

ROOT = Path(__file__).resolve().parents[3]
HANG_GUARD = 300  # s: starting a command on a loaded machine is honest work, not timed


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def _kept(commands: list[list[str]]) -> Callable[[list[str], int, Path], int]:
    """A stand-in for ``cli_dashboard.run`` that keeps the command it was given and
    starts nothing (no Streamlit)."""
    def run(command: list[str], port: int, db: Path) -> int:
        commands.append(command)
        return 0
    return run


def test_app_path_is_found_without_importing_the_dashboard() -> None:
    assert cli_dashboard.app_path() == ROOT / "dashboard" / "app.py"


def test_missing_index_is_one_line_and_exit_2(tmp_path: Path) -> None:
    code, out, err = _run(["dashboard", "--db", str(tmp_path / "none.duckdb")])
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert "exceed index" in err and "make run" in err
    # the advice is given once (it said "run `exceed index LOGS...` first (or pass --db);
    # build one with `exceed index sample_games`")
    assert err == (f"exceed dashboard: no index at {tmp_path / 'none.duckdb'}: run `exceed "
                   "index LOGS...` first (or pass --db); for the sample games, `exceed index "
                   "sample_games` (or `make run`)\n")


def test_a_duckdb_file_that_is_not_an_index_is_one_line_and_exit_2(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another program's DuckDB database was served: Streamlit started and every page
    said the file is not an exceed index; now the command refuses it at once, as
    ``exceed query`` and ``exceed index`` do, and leaves it as it was."""
    import duckdb

    served: list[list[str]] = []
    monkeypatch.setattr(cli_dashboard, "run", _kept(served))  # no Streamlit

    db = tmp_path / "mine.duckdb"
    con = duckdb.connect(str(db))
    con.execute("CREATE TABLE mydata AS SELECT 42 AS a")
    con.close()
    before = db.read_bytes()
    code, out, err = _run(["dashboard", "--db", str(db), "--port", str(_free_port())])
    assert (code, out) == (2, "")
    assert err == (f"exceed dashboard: {db} is a DuckDB database but not an exceed index "
                   "(it has no schema_version table); refusing to serve it; build one with "
                   "`exceed index sample_games` (or `make run`)\n")
    assert served == [] and db.read_bytes() == before


def test_a_duckdb_file_cut_short_is_one_line_and_exit_2(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An index cut short (a copy that stopped, a full disk) was an internal error, exit
    70 (``IOException: ... Could not read enough bytes``), where ``exceed query`` and
    ``exceed find`` refuse it in one line: now the dashboard does too, before Streamlit."""
    served: list[list[str]] = []
    monkeypatch.setattr(cli_dashboard, "run", _kept(served))  # no Streamlit
    whole = tmp_path / "whole.duckdb"
    game = ROOT / "sample_games" / "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"
    code, _, err = _run(["index", str(game), "--db", str(whole), "--jobs", "1"])
    assert code == 0, err
    db = tmp_path / "cut.duckdb"
    db.write_bytes(whole.read_bytes()[:5000])
    code, out, err = _run(["dashboard", "--db", str(db), "--port", str(_free_port())])
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1, err
    assert err.startswith(f"exceed dashboard: {db} is not a DuckDB index: IO Error: "), err
    assert err.endswith("; build one with `exceed index sample_games` (or `make run`)\n")
    assert served == []
    code, _, query_err = _run(["query", "games", "--db", str(db)])
    assert code == 2 and query_err.startswith(f"exceed query: {db} is not a DuckDB index: ")


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("index") / "index.duckdb"
    code, _, err = _run(["index", str(ROOT / "sample_games"), "--db", str(db), "--jobs", "1"])
    assert code == 0, err
    return db


@pytest.fixture
def listener() -> Iterator[int]:
    """A port on 127.0.0.1 that something is already listening on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield int(sock.getsockname()[1])


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_runs_streamlit_on_localhost_with_the_index(index: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[list[str]] = []
    port = _free_port()
    monkeypatch.setattr(cli_dashboard, "run", _kept(ran))
    code, _, _ = _run(["dashboard", "--db", str(index), "--port", str(port)])
    assert code == 0
    assert ran == [[sys.executable, "-m", "streamlit", "run", str(ROOT / "dashboard" / "app.py"),
                    "--server.address", "127.0.0.1", "--server.port", str(port),
                    "--server.headless", "true", "--browser.gatherUsageStats", "false",
                    "--global.disableWidgetStateDuplicationWarning", "true",
                    "--", "--db", str(index.resolve())]]


def test_busy_port_is_one_line_naming_it_and_never_says_serving(
    index: Path, listener: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    ran: list[list[str]] = []
    monkeypatch.setattr(cli_dashboard, "run", _kept(ran))
    code, out, err = _run(["dashboard", "--db", str(index), "--port", str(listener)])
    assert code == 2 and out == "" and ran == []  # Streamlit is never started
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"exceed dashboard: port {listener} on 127.0.0.1 is already in use")
    assert "choose another with --port N (make run PORT=N), e.g. --port " in lines[0]
    suggested = int(lines[0].rsplit("--port ", 1)[1])
    assert suggested > listener and cli_dashboard.port_problem(suggested) is None


def test_busy_port_as_a_real_command(index: Path, listener: int) -> None:
    """The installed ``exceed`` script, end to end: exit 2, one line, nothing on stdout."""
    exceed = Path(sys.executable).parent / "exceed"
    done = subprocess.run([str(exceed), "dashboard", "--db", str(index), "--port", str(listener)],
                          capture_output=True, text=True, timeout=HANG_GUARD)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and f"port {listener}" in done.stderr
    assert "serving" not in done.stderr and "Traceback" not in done.stderr


def test_a_port_that_cannot_be_bound_is_one_line(index: Path) -> None:
    """A privileged port (unless root) or any other bind failure names the port."""
    message = cli_dashboard.port_problem(80)
    if message is None:
        pytest.skip("running as root: port 80 binds")
    assert message.startswith("cannot serve on port 80 of 127.0.0.1: ")
    assert message.endswith("choose another with --port N (make run PORT=N)")


def test_streamlit_stopping_before_it_serves_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    port = _free_port()
    code = cli_dashboard.run([sys.executable, "-c", "raise SystemExit(3)"], port, tmp_path)
    out, err = capsys.readouterr()
    assert code == 3 and out == ""
    assert err.splitlines() == [
        f"exceed dashboard: Streamlit stopped (exit code 3) before serving on "
        f"http://127.0.0.1:{port}; its own messages are above"]


def test_serving_is_said_once_the_port_accepts_connections(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A stand-in server that listens after a delay, accepts one connection and exits 0."""
    port = _free_port()
    server = (f"import socket, time; time.sleep(0.5); s = socket.socket(); "
              f"s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); "
              f"s.bind(('127.0.0.1', {port})); s.listen(); s.accept()[0].close()")
    code = cli_dashboard.run([sys.executable, "-c", server], port, tmp_path / "i.duckdb")
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert out.splitlines() == [f"exceed dashboard: serving {tmp_path / 'i.duckdb'} on "
                                f"http://127.0.0.1:{port} (Ctrl-C stops it)"]


@pytest.mark.parametrize("port", ["0", "70000", "http"])
def test_bad_port_is_a_usage_error(port: str) -> None:
    with pytest.raises(SystemExit) as caught:
        _run(["dashboard", "--port", port])
    assert caught.value.code == 2


# --- stopping (issue 27 item 11): the wrapper exits 128 + signal, and no child is left ---

def _serving_dashboard(index: Path, tmp_path: Path) -> tuple[subprocess.Popen[bytes], list[Proc]]:
    """``exceed dashboard`` as a real command, once Streamlit (its child) listens."""
    exceed = Path(sys.executable).parent / "exceed"
    port = _free_port()
    with open(tmp_path / "out.txt", "wb") as out:
        wrapper = subprocess.Popen([str(exceed), "dashboard", "--db", str(index), "--port",
                                    str(port)], stdout=out, stderr=subprocess.STDOUT)

    def listening() -> bool:
        assert wrapper.poll() is None, (tmp_path / "out.txt").read_text()
        return b"serving" in (tmp_path / "out.txt").read_bytes()

    assert wait_until(listening, HANG_GUARD)
    streamlit = children(wrapper.pid)
    assert len(streamlit) == 1
    return wrapper, streamlit


@needs_proc
def test_sigterm_stops_streamlit_and_exits_128_plus_the_signal(index: Path,
                                                               tmp_path: Path) -> None:
    """docs/cli.md `exceed dashboard`: "128 + the signal when stopped by SIGTERM"."""
    wrapper, streamlit = _serving_dashboard(index, tmp_path)
    try:
        wrapper.send_signal(signal.SIGTERM)
        assert wait_until(lambda: wrapper.poll() is not None, 30), "the wrapper hung"
        assert wrapper.returncode == 128 + signal.SIGTERM
        assert wait_until(lambda: not any(map(alive, streamlit)), 30)
    finally:
        wrapper.kill()
        kill_all(streamlit)


@needs_proc
def test_a_killed_wrapper_leaves_no_streamlit_behind(index: Path, tmp_path: Path) -> None:
    wrapper, streamlit = _serving_dashboard(index, tmp_path)
    try:
        wrapper.send_signal(signal.SIGKILL)
        wrapper.wait()
        assert wait_until(lambda: not any(map(alive, streamlit)), 30), "Streamlit orphaned"
    finally:
        kill_all(streamlit)
