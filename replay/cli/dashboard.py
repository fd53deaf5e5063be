"""``exceed dashboard``: serve the Streamlit dashboard over an index on 127.0.0.1.

The command checks that the index exists (else one line telling how to build it, exit
2) and that the port is free, by binding it itself (else one line naming the port and
``--port N``, exit 2), then runs ``python -m streamlit run dashboard/app.py -- --db
FILE`` as a child process. It says "serving" only once Streamlit accepts connections on
the port; if Streamlit stops before that, one line says so and the exit code is
Streamlit's (at least 1). Ctrl-C, SIGTERM and SIGHUP stop Streamlit too (exit 130, or
128 + the signal), and Streamlit gets SIGTERM if this process is killed. The app is
located without importing the ``dashboard`` package, so this command stays in the
replay layer.
"""

from __future__ import annotations

import argparse
import errno
import importlib.util
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from types import FrameType

from replay.cli import args as types
from replay.cli.errors import EXIT_USAGE
from replay.cli.output import printable
from replay.foreign_index import not_an_index
from replay.index.writer import DEFAULT_INDEX, INDEX_ENV
from replay.query import IndexMissing, open_source
from replay.workers import child_preexec

DEFAULT_PORT = 8501
PORT_ENV = "EXCEED_DASHBOARD_PORT"
MAKE_RUN = "make run PORT=N"
"""How ``make run`` takes a port: a newcomer told "--port N" typed ``make run --port N``,
which make reads as its own option."""
"""Sets the default ``--port`` of ``exceed dashboard`` and of ``exceed find``'s links."""
HOST = "127.0.0.1"
POLL_SECONDS = 0.1
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cmd = subparsers.add_parser(
        "dashboard", help="open the Streamlit dashboard over the index",
        description="Serve the dashboard on http://127.0.0.1:PORT over the index at --db "
                    f"(default: ${INDEX_ENV} if set, else {DEFAULT_INDEX}). Stop it with Ctrl-C.")
    cmd.add_argument("--db", type=types.index_path, metavar="FILE|DIR",
                     help=f"index file or exported Parquet directory (default: ${INDEX_ENV} "
                          f"if set, else {DEFAULT_INDEX} under the current directory)")
    cmd.add_argument("--port", type=types.port, default=port_default(),
                     help=f"port on 127.0.0.1 (default ${PORT_ENV} if set, else {DEFAULT_PORT})")
    cmd.set_defaults(func=cmd_dashboard)


def port_default() -> str:
    """``$EXCEED_DASHBOARD_PORT``, else 8501, as text: argparse checks a text default with
    the option's type, so a bad value is a usage line naming it and the variable
    (``types.FromEnv``)."""
    found = os.environ.get(PORT_ENV)
    return types.FromEnv(found, PORT_ENV) if found else str(DEFAULT_PORT)


def app_path() -> Path:
    """``dashboard/app.py`` of the installed package, found without importing it."""
    spec = importlib.util.find_spec("dashboard")
    if spec is None or spec.origin is None:
        raise FileNotFoundError("the dashboard package is not installed")
    return Path(spec.origin).resolve().parent / "app.py"


def streamlit_command(app: Path, db: Path, port: int) -> list[str]:
    """The ``streamlit run`` command line for ``app`` over ``db`` on 127.0.0.1:``port``."""
    return [sys.executable, "-m", "streamlit", "run", str(app),
            "--server.address", "127.0.0.1", "--server.port", str(port),
            "--server.headless", "true", "--browser.gatherUsageStats", "false",
            # The pages bind widgets to the URL through Session State and give them their
            # defaults too, on purpose (dashboard.urlstate); Streamlit would log a stack
            # trace the first time a link sets one.
            "--global.disableWidgetStateDuplicationWarning", "true",
            "--", "--db", str(db)]


def cmd_dashboard(args: argparse.Namespace) -> int:
    try:
        source = open_source(args.db)
    except IndexMissing as error:  # its line says how to build one: add the samples'
        print(f"exceed dashboard: {printable(str(error))}; for the sample games, "
              "`exceed index sample_games` (or `make run`)", file=sys.stderr)
        return EXIT_USAGE
    foreign = not_an_index(source)
    if foreign is not None:
        refusing = "" if " is not a DuckDB index: " in foreign else "; refusing to serve it"
        print(f"exceed dashboard: {printable(foreign)}{refusing}; build one with "
              "`exceed index sample_games` (or `make run`)", file=sys.stderr)
        return EXIT_USAGE
    try:
        app = app_path()
    except FileNotFoundError as error:
        print(f"exceed dashboard: {printable(str(error))}", file=sys.stderr)
        return EXIT_USAGE
    busy = port_problem(args.port)
    if busy is not None:
        print(f"exceed dashboard: {busy}", file=sys.stderr)
        return EXIT_USAGE
    db = Path(source.path).resolve()
    return run(streamlit_command(app, db, args.port), args.port, db)


def port_problem(port: int, host: str = HOST) -> str | None:
    """Why ``port`` on ``host`` cannot be served on (one line), or None when it is free.

    The port is bound the way Streamlit's web server binds it, with SO_REUSEADDR,
    so a port left in TIME_WAIT counts as free and one with a listener as busy."""
    try:
        _bind(host, port)
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            spare = free_port_after(port, host)
            hint = f", e.g. --port {spare}" if spare is not None else ""
            return (f"port {port} on {host} is already in use (another dashboard?); "
                    f"choose another with --port N ({MAKE_RUN}){hint}")
        return (f"cannot serve on port {port} of {host}: {error.strerror}; "
                f"choose another with --port N ({MAKE_RUN})")
    return None


def _bind(host: str, port: int) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))


def free_port_after(port: int, host: str = HOST, tries: int = 20) -> int | None:
    """The first port after ``port`` (within ``tries``) that binds now, or None."""
    for candidate in range(port + 1, min(port + 1 + tries, 65536)):
        try:
            _bind(host, candidate)
        except OSError:
            continue
        return candidate
    return None


def run(command: list[str], port: int, db: Path) -> int:
    """Run Streamlit (``command``) as a child; say "serving" once it listens on ``port``,
    then wait for it. Streamlit stopping first is one line and a non-zero exit; SIGTERM or
    SIGHUP stops it and returns 128 + the signal."""
    sys.stdout.flush()
    sys.stderr.flush()
    child = subprocess.Popen(command, preexec_fn=child_preexec())
    previous = {sig: signal.signal(sig, _raise_stopped) for sig in STOP_SIGNALS}
    try:
        if not _wait_listening(child, port):
            code = child.wait()
            print(f"exceed dashboard: Streamlit stopped (exit code {code}) before serving on "
                  f"http://{HOST}:{port}; its own messages are above", file=sys.stderr)
            return code if code > 0 else 1
        print(f"exceed dashboard: serving {printable(str(db))} on http://{HOST}:{port} (Ctrl-C stops it)",
              flush=True)
        return child.wait()
    except _Stopped as stop:
        _ignore_stop_signals()
        _terminate(child)
        return 128 + stop.signum
    except KeyboardInterrupt:
        _ignore_stop_signals()
        _terminate(child)
        raise
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


class _Stopped(Exception):
    """SIGTERM or SIGHUP arrived (raised by the handler, like KeyboardInterrupt)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _raise_stopped(signum: int, frame: FrameType | None) -> None:
    """The SIGTERM/SIGHUP handler. It only raises: stopping Streamlit happens in ``run``,
    outside the handler, because the handler may interrupt ``child.wait()`` while that
    holds the child's wait lock, and waiting again inside it would deadlock."""
    raise _Stopped(signum)


def _ignore_stop_signals() -> None:
    """While Streamlit is being stopped, a second SIGTERM/SIGHUP must not cut it short."""
    for sig in STOP_SIGNALS:
        signal.signal(sig, signal.SIG_IGN)


def _wait_listening(child: subprocess.Popen[bytes], port: int) -> bool:
    """Poll until ``port`` accepts a connection (True) or ``child`` exits (False). The
    port was free just before ``child`` started, so the listener is taken to be it."""
    while child.poll() is None:
        try:
            with socket.create_connection((HOST, port), timeout=1):
                return True
        except OSError:
            time.sleep(POLL_SECONDS)
    return False


def _terminate(child: subprocess.Popen[bytes]) -> None:
    """Stop Streamlit: SIGTERM, then SIGKILL if it has not exited within 10 s."""
    if child.poll() is not None:
        return
    child.terminate()
    try:
        child.wait(timeout=10)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
