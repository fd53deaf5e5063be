"""The background analysis worker the Game page starts (``dashboard.analysis_jobs``), and
the Insights page's batch of them (``dashboard.analysis_batch``).

    python -m dashboard.analysis_worker --db INDEX (--log FILE | --batch GAMES)
                                        --rollouts N --status FILE --parent PID
                                        [--first-look]

It analyses one log in ``JOBS`` processes (two where the machine has them, as the
``analysis.game`` bench row measures it) and stores the result in the index exactly as
the Analyze button did before it ran in the background (``replay.query.analyse_and_store``: the indexer's
writer side, under its lock), rewriting the status file after every analysed point.
With ``--first-look`` (the Analyze button) it first stores the game's first look, a
quick curve of truncated rollouts (``replay.query.first_look``: seconds, where the full
analysis takes minutes), which the Game page shows while the full analysis runs; the
status names the stage (``stage``) and how many analyses are stored (``stored``).
It exits as soon as its parent (the dashboard server) is gone: a watchdog thread checks
the parent every half second (``os.getppid`` changes when the parent dies; Linux's
PR_SET_PDEATHSIG would fire when the server's short-lived script thread that started
the worker ends, not the server). It imports no Streamlit.

With ``--batch`` it analyses the games listed in GAMES one after another, as
``dashboard.analysis_batch`` describes: a game analysed elsewhere meanwhile is skipped,
the game in progress has its own status file too, a game that cannot be analysed is
counted and the batch goes on, and the same watchdog ends the batch when the page asks
it to stop (``analysis_batch.stop_path``), saying so in the status.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from dashboard import analysis_batch, analysis_jobs
from dashboard.analysis_jobs import DONE, FAILED, FIRST_LOOK, FULL, RUNNING, write_status
from replay import query as q
from replay.query import LABEL_MIN_N

WATCH_SECONDS = 0.5
JOBS = max(1, min(2, os.cpu_count() or 1))
"""Processes an analysis uses: the rollouts of its points are shared out, and the result
is the same in any number (``replay.analysis.run``)."""
EXIT_PARENT_GONE = 3
ERRORS = (q.AnalysisRefused, q.LogFormatError, q.IndexBusy, q.NotAnIndex, q.QueryError,
          OSError)
"""What an analysis may meet, one line each: a log that cannot be analysed, an index that
cannot be written (busy, or not an index file: a Parquet export), an unreadable file."""


def watch_parent(parent: int, stop: threading.Event,
                 asked: tuple[Path, Callable[[], None]] | None = None) -> threading.Thread:
    """Start a daemon thread that ends this process when ``parent`` is no longer its
    parent (it died: the process was re-parented), until ``stop`` is set; with ``asked``
    (a file and what to do), also when that file appears, after doing it."""
    def watch() -> None:
        while not stop.wait(WATCH_SECONDS):
            if os.getppid() != parent:
                os._exit(EXIT_PARENT_GONE)  # nothing to clean up: nothing stored half-way
            if asked is not None and asked[0].exists():
                asked[1]()  # it ends the process

    thread = threading.Thread(target=watch, name="parent-watch", daemon=True)
    thread.start()
    return thread


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dashboard.analysis_worker")
    parser.add_argument("--db", required=True)
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--log")
    what.add_argument("--batch", type=Path)
    parser.add_argument("--rollouts", type=int, required=True)
    parser.add_argument("--status", type=Path, required=True)
    parser.add_argument("--parent", type=int, required=True)
    parser.add_argument("--first-look", action="store_true",
                        help="store the first look (a quick curve) before the analysis")
    args = parser.parse_args(argv)
    if os.getppid() != args.parent:  # the server died before this process started
        return EXIT_PARENT_GONE
    if args.batch is not None:
        return Batch(args).run()
    stop = threading.Event()
    watch_parent(args.parent, stop)
    try:
        return _run(args)
    finally:
        stop.set()


FIRST_LOOK_FROM = LABEL_MIN_N
"""With ``--first-look``, an analysis of this many rollouts per point or more stores its
first look (``replay.query.first_look``) before the full analysis; a rough one (the
Quick button's) is shown soon enough without."""


def passes(args: argparse.Namespace) -> list[tuple[str, q.Params]]:
    """The analyses the worker runs and stores, in order, each with its stage's name:
    the first look, then the full analysis (``--first-look``, ``FIRST_LOOK_FROM``
    rollouts or more), or the analysis alone."""
    full = q.Params(rollouts=args.rollouts)
    if args.first_look and args.rollouts >= FIRST_LOOK_FROM:
        return [(FIRST_LOOK, q.first_look(full)), (FULL, full)]
    return [("", full)]


def _run(args: argparse.Namespace) -> int:
    common: dict[str, object] = {"rollouts": args.rollouts, "pid": os.getpid()}
    done_total = [0, 0]

    def progress(done: int, total: int) -> None:
        done_total[:] = [done, total]
        write_status(args.status, state=RUNNING, done=done, total=total,
                     updated=time.time(), message="", **common)

    planned = passes(args)
    try:
        for stored, (stage, params) in enumerate(planned):
            common.update(rollouts=params.rollouts, started=time.time(), stage=stage,
                          stored=stored)
            progress(0, 0)
            q.analyse_and_store(args.log, Path(args.db), params, jobs=JOBS, progress=progress)
    except ERRORS as error:
        what, why = "Cannot analyse this game", q.first_line(error)
    except Exception as error:  # e.g. analysis tables of another shape: one line
        what, why = "The analysis could not be stored", q.first_line(error)
    else:
        common["stored"] = len(planned)
        write_status(args.status, state=DONE, done=done_total[0], total=done_total[1],
                     updated=time.time(), message="", **common)
        return 0
    if common["stored"]:  # the full analysis failed once the first look was stored
        what = "The full analysis was not stored; the first look is kept"
    write_status(args.status, state=FAILED, done=done_total[0], total=done_total[1],
                 updated=time.time(), message=f"{what}: {why}", **common)
    return 1


class Batch:
    """The ``--batch`` run: its counts, the status it writes (one writer at a time: the
    loop, or the watchdog that stops it) and the game in progress."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.db = str(args.db)
        self.lock = threading.Lock()
        self.counts = {"total": 0, "done": 0, "analysed": 0, "skipped": 0, "failed": 0,
                       "points_done": 0, "points_total": 0}
        self.failure = ""
        self.current: Path | None = None  # the game in progress's own status file
        self.common: dict[str, object] = {}

    def write(self, state: str, message: str = "") -> None:
        with self.lock:
            self._write(state, message)

    def _write(self, state: str, message: str) -> None:
        write_status(self.args.status, state=state, failure=self.failure,
                     updated=time.time(), message=message, **self.counts, **self.common)

    def stopped(self) -> None:
        """The page asked to stop (the watchdog's thread): say so and end the process
        holding the lock, so that nothing is written after; the game in progress is not
        stored and its own status file goes."""
        self.lock.acquire()
        if self.current is not None:
            self.current.unlink(missing_ok=True)
        analysis_batch.stop_path(self.db).unlink(missing_ok=True)
        c = self.counts
        kept = f"the {c['analysed']} analysed are kept, " if c["analysed"] else ""
        self._write(analysis_batch.STOPPED,
                    f"Stopped after {c['done']} of {c['total']} games; {kept}the game in "
                    "progress was not stored.")
        os._exit(0)

    def run(self) -> int:
        args = self.args
        started = time.time()
        previous = analysis_batch.read(args.status)
        label = previous[0].label if previous is not None else ""
        self.common = {"label": label, "rollouts": args.rollouts, "started": started,
                       "pid": os.getpid()}
        try:
            games = analysis_batch.read_games(args.batch)
        except (OSError, ValueError) as error:
            self.write(FAILED, f"Cannot read the batch's games: {q.first_line(error)}")
            return 1
        self.counts["total"] = len(games)
        self.write(RUNNING)
        stop = threading.Event()
        watch_parent(args.parent, stop, (analysis_batch.stop_path(self.db), self.stopped))
        try:
            for game_id, log in games:
                self.game(game_id, log)
                self.counts["done"] += 1
                self.counts["points_done"] = self.counts["points_total"] = 0
                self.write(RUNNING)
            stop.set()
            with self.lock:
                analysis_batch.stop_path(self.db).unlink(missing_ok=True)
            self.write(DONE)
        finally:
            stop.set()
        return 0

    def game(self, game_id: str, log: str) -> None:
        """Analyse one game of the batch (or skip it), with its own status file."""
        if self.analysed_elsewhere(game_id):
            self.counts["skipped"] += 1
            return
        own = analysis_jobs.status_path(self.db, game_id)
        started = time.time()
        mine = {"rollouts": self.args.rollouts, "started": started, "pid": os.getpid()}

        def progress(done: int, total: int) -> None:
            self.counts["points_done"], self.counts["points_total"] = done, total
            with self.lock:
                write_status(own, state=RUNNING, done=done, total=total,
                             updated=time.time(), message="", **mine)
            self.write(RUNNING)

        with self.lock:
            own.parent.mkdir(parents=True, exist_ok=True)
            self.current = own
        progress(0, 0)
        try:
            q.analyse_and_store(log, Path(self.db), q.Params(rollouts=self.args.rollouts),
                                jobs=JOBS, progress=progress)
        except ERRORS as error:
            line = q.first_line(error)
            message, why = f"Cannot analyse this game: {line}", line
        except Exception as error:  # e.g. analysis tables of another shape: one line
            line = q.first_line(error)
            message = f"The analysis could not be stored: {line}"
            why = f"the analysis could not be stored: {line}"
        else:
            self.counts["analysed"] += 1
            self.finish(own, DONE, "", mine)
            return
        self.counts["failed"] += 1
        if not self.failure:  # one line naming the file
            self.failure = why if log in why else f"{log}: {why}"
        self.finish(own, FAILED, message, mine)

    def finish(self, own: Path, state: str, message: str, mine: dict[str, object]) -> None:
        with self.lock:
            write_status(own, state=state, done=self.counts["points_done"],
                         total=self.counts["points_total"], updated=time.time(),
                         message=message, **mine)
            self.current = None

    def analysed_elsewhere(self, game_id: str) -> bool:
        """Stored by now (``exceed analyze``, the Game page; a curve alone, such as a
        first look, is no review), or being analysed by the Game page's own worker."""
        job = analysis_jobs.status(self.db, game_id)
        if job is not None and job.state == RUNNING:
            return True
        try:
            stored = q.game_analysis(q.open_source(Path(self.db)), game_id)
            return stored is not None and q.reviewed(stored.params)  # not a first look
        except ERRORS:
            return False  # the analysis itself will say what is wrong


if __name__ == "__main__":
    sys.exit(main())
