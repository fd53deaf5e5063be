"""``exceed dashboard``: serve the Streamlit dashboard over an index on 127.0.0.1.

The command checks that the index exists (else one line telling how to build it, exit
2), then execs ``python -m streamlit run dashboard/app.py -- --db FILE``: this process
becomes Streamlit, so Ctrl-C and signals reach it directly. The app is located without
importing the ``dashboard`` package, so this command stays in the replay layer.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from pathlib import Path

from replay.indexer import DEFAULT_INDEX, INDEX_ENV
from replay.query import IndexMissing, open_source

EXIT_USAGE = 2
DEFAULT_PORT = 8501


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cmd = subparsers.add_parser(
        "dashboard", help="open the Streamlit dashboard over the index",
        description="Serve the dashboard on http://127.0.0.1:PORT over the index at --db "
                    f"(default: ${INDEX_ENV} if set, else {DEFAULT_INDEX}). Stop it with Ctrl-C.")
    cmd.add_argument("--db", type=Path, metavar="FILE|DIR",
                     help="index file or exported Parquet directory")
    cmd.add_argument("--port", type=_port, default=DEFAULT_PORT,
                     help=f"port on 127.0.0.1 (default {DEFAULT_PORT})")
    cmd.set_defaults(func=cmd_dashboard)


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, got {text!r}") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port in 1..65535, got {value}")
    return value


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
            "--", "--db", str(db)]


def cmd_dashboard(args: argparse.Namespace) -> int:
    try:
        source = open_source(args.db)
    except IndexMissing as error:
        print(f"exceed dashboard: {error}; build one with `exceed index sample_games` "
              "(or `make run`)", file=sys.stderr)
        return EXIT_USAGE
    try:
        app = app_path()
    except FileNotFoundError as error:
        print(f"exceed dashboard: {error}", file=sys.stderr)
        return EXIT_USAGE
    db = Path(source.path).resolve()
    print(f"exceed dashboard: serving {db} on http://127.0.0.1:{args.port} (Ctrl-C stops it)",
          flush=True)
    return run(streamlit_command(app, db, args.port))


def run(command: list[str]) -> int:
    """Replace this process with ``command`` (so signals reach Streamlit directly)."""
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(command[0], command)
