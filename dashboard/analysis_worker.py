"""The background analysis worker the Game page starts (``dashboard.analysis_jobs``).

    python -m dashboard.analysis_worker --db INDEX --log FILE --rollouts N --status FILE
                                        --parent PID

It analyses one log in ``JOBS`` processes (two where the machine has them, as the
``analysis.game`` bench row measures it) and stores the result in the index exactly as
the Analyze button did before it ran in the background (``replay.query.analyse_and_store``: the indexer's
writer side, under its lock), rewriting the status file after every analysed point.
It exits as soon as its parent (the dashboard server) is gone: a watchdog thread checks
the parent every half second (``os.getppid`` changes when the parent dies; Linux's
PR_SET_PDEATHSIG would fire when the server's short-lived script thread that started
the worker ends, not the server). It imports no Streamlit.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from pathlib import Path

from dashboard.analysis_jobs import DONE, FAILED, RUNNING, write_status
from replay import query as q

WATCH_SECONDS = 0.5
JOBS = max(1, min(2, os.cpu_count() or 1))
"""Processes an analysis uses: the rollouts of its points are shared out, and the result
is the same in any number (``replay.analysis.run``)."""
EXIT_PARENT_GONE = 3
ERRORS = (q.AnalysisRefused, q.LogFormatError, q.IndexBusy, q.NotAnIndex, q.QueryError,
          OSError)
"""What an analysis may meet, one line each: a log that cannot be analysed, an index that
cannot be written (busy, or not an index file: a Parquet export), an unreadable file."""


def watch_parent(parent: int, stop: threading.Event) -> threading.Thread:
    """Start a daemon thread that ends this process when ``parent`` is no longer its
    parent (it died: the process was re-parented), until ``stop`` is set."""
    def watch() -> None:
        while not stop.wait(WATCH_SECONDS):
            if os.getppid() != parent:
                os._exit(EXIT_PARENT_GONE)  # nothing to clean up: nothing stored half-way

    thread = threading.Thread(target=watch, name="parent-watch", daemon=True)
    thread.start()
    return thread


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dashboard.analysis_worker")
    parser.add_argument("--db", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--rollouts", type=int, required=True)
    parser.add_argument("--status", type=Path, required=True)
    parser.add_argument("--parent", type=int, required=True)
    args = parser.parse_args(argv)
    if os.getppid() != args.parent:  # the server died before this process started
        return EXIT_PARENT_GONE
    stop = threading.Event()
    watch_parent(args.parent, stop)
    try:
        return _run(args)
    finally:
        stop.set()


def _run(args: argparse.Namespace) -> int:
    started = time.time()
    common = {"rollouts": args.rollouts, "started": started, "pid": os.getpid()}

    def progress(done: int, total: int) -> None:
        write_status(args.status, state=RUNNING, done=done, total=total,
                     updated=time.time(), message="", **common)

    progress(0, 0)
    done_total = [0, 0]

    def counted(done: int, total: int) -> None:
        done_total[:] = [done, total]
        progress(done, total)

    try:
        q.analyse_and_store(args.log, Path(args.db), q.Params(rollouts=args.rollouts),
                            jobs=JOBS, progress=counted)
    except ERRORS as error:
        message = f"Cannot analyse this game: {error}"
    except Exception as error:  # e.g. analysis tables of another shape: one line
        first = next((line for line in str(error).splitlines() if line.strip()),
                     type(error).__name__)
        message = f"The analysis could not be stored: {first}"
    else:
        write_status(args.status, state=DONE, done=done_total[0], total=done_total[1],
                     updated=time.time(), message="", **common)
        return 0
    write_status(args.status, state=FAILED, done=done_total[0], total=done_total[1],
                 updated=time.time(), message=message.splitlines()[0] if message else "",
                 **common)
    return 1


if __name__ == "__main__":
    sys.exit(main())
