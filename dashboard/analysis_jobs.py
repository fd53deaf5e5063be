"""Analyses in the background: the Game page's Analyze button starts a worker process and
the page polls its progress, so the page stays usable and the analysis goes on while the
viewer moves or another page is open.

``start`` runs ``python -m dashboard.analysis_worker`` (the same store as ``exceed
analyze``: ``replay.query.analyse_and_store``, through the indexer's writer side) with a
status file in ``<index folder>/analyses/<game id>.json``; the worker rewrites it after
every analysed point. ``status`` reads it back (a ``Job``: running with its points done
of the total and an ETA, done, or failed with one line). One analysis runs per game: a
second click, from any page or browser, finds the running one. The worker exits when
the dashboard server that started it dies (it watches its parent), and a worker found
dead while its file says running is reported as stopped.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol, TypeVar

RUNNING, DONE, FAILED = "running", "done", "failed"
FIRST_LOOK, FULL = "first look", "full analysis"
"""The stages of an analysis started with its first look (``analysis_worker --first-look``);
an analysis alone has no stage ("")."""
_CHILDREN: dict[str, subprocess.Popen[bytes]] = {}
"""Workers started by this server process by status file, kept so that a finished one is
reaped and one that died before writing its status is noticed."""


@dataclass(frozen=True)
class Job:
    """A background analysis of one game as its status file says."""

    state: str  # RUNNING, DONE or FAILED
    rollouts: int
    done: int
    total: int
    started: float  # wall-clock seconds
    updated: float
    message: str  # FAILED: one line
    stage: str = ""  # FIRST_LOOK or FULL after a first look, else ""
    stored: int = 0  # analyses of this job stored so far (the first look: 1)

    def eta(self, now: float) -> float | None:
        """Seconds left, from the pace so far (None before the first point is done)."""
        if self.state != RUNNING or self.done <= 0 or self.total <= 0:
            return None
        elapsed = max(0.0, now - self.started)
        return elapsed / self.done * (self.total - self.done)

    def progress_text(self, now: float) -> str:
        """``analysing: 12 of 40 points (200 rollouts each) · 1 min 40 s so far · about 3
        min 10 s left``; a stage first when there is one (``first look: ...``, ``full
        analysis: ...``), the time counted from the stage's start."""
        what = f"{self.stage}: " if self.stage else "analysing: "
        each = (f"{self.rollouts} truncated rollouts each" if self.stage == FIRST_LOOK
                else f"{self.rollouts} rollouts each")
        if self.total <= 0:
            return (f"{what}starting…" if self.stage
                    else f"analysing with {self.rollouts} rollouts per point: starting…")
        text = (f"{what}{self.done} of {self.total} points ({each}) · "
                f"{duration(now - self.started)} so far")
        left = self.eta(now)
        return text + ("" if left is None else f" · about {duration(left)} left")


def duration(seconds: float) -> str:
    """``45 s``, ``3 min 10 s``, ``1 h 02 min``, ``3 days`` (from two days on: a Play
    page gone for days read "29942516 min 59 s")."""
    whole = max(0, round(seconds))
    if whole < 60:
        return f"{whole} s"
    minutes, secs = divmod(whole, 60)
    if minutes < 60:
        return f"{minutes} min {secs:02d} s"
    hours, minutes = divmod(minutes, 60)
    if hours >= 48:
        return f"{hours // 24} days"
    return f"{hours} h {minutes:02d} min"


def status_path(db: str, game_id: str) -> Path:
    """Where the worker for ``game_id`` over the index at ``db`` writes its status."""
    return Path(db).resolve().parent / "analyses" / f"{game_id}.json"


MAX_STATUS = 64 * 1024
"""The largest status file read, in bytes (a worker writes a few hundred)."""


def read_small(path: Path, limit: int = MAX_STATUS) -> bytes:
    """The bytes of the file ``path`` (a status file, the batch's games): opened without
    waiting and refused unless a regular file (``OSError``), ``ValueError`` past
    ``limit`` bytes. A pipe put in a status file's place held the page's run for good (the
    Game page, or the Insights page at every view), as ``/dev/zero`` linked there would
    have read without end."""
    with open(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as stream:
        if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        raw = stream.read(limit + 1)
    if len(raw) > limit:
        raise ValueError(f"{path}: more than {limit} bytes")
    return raw


MAX_NUMBER = 2 ** 53
"""The largest number a status file may hold (a count, a time, a pid): past it, or not
finite, the file is unreadable, as one of another shape is."""


def _not_held(text: str) -> ValueError:
    """The refusal of a number no status file holds, named by its first 20 characters
    (a number of thousands of digits is not written out)."""
    return ValueError(f"{text[:20]} is not a number a status file holds")


def _number(text: str) -> float:
    value = float(text)
    if not abs(value) <= MAX_NUMBER:  # NaN too
        raise _not_held(text)
    return value


def _whole(text: str) -> int:
    if len(text) > 20 or abs(value := int(text)) > MAX_NUMBER:
        raise _not_held(text)
    return value


def _no_constant(text: str) -> object:
    raise _not_held(text)  # NaN, Infinity, -Infinity


def load_status(path: Path) -> dict[str, object]:
    """The status file at ``path`` (``read_small``) as a JSON object, ``ValueError``
    unless one of finite numbers within ``MAX_NUMBER``: a status file whose time was
    ``NaN``, ``Infinity`` or ``1e400``, or whose pid was 20 digits long, stopped the
    Game and Insights pages with a traceback (``round``, ``int`` and ``os.kill`` refuse
    them) where an unreadable one is started again."""
    raw = json.loads(read_small(path), parse_float=_number, parse_int=_whole,
                     parse_constant=_no_constant)
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: not a JSON object")
    return raw


def write_status(path: Path, **fields: object) -> None:
    """Replace the status file at ``path`` in one step (readers never see half of it)."""
    part = path.with_suffix(f".{os.getpid()}.part")
    part.write_text(json.dumps(fields), encoding="utf-8")
    os.replace(part, path)


def alive(path: Path, pid: int) -> bool:
    """Is the worker writing ``path`` alive? This server's own worker by its process
    handle (reaped once it exited), another's by its pid."""
    child = _CHILDREN.get(str(path))
    if child is not None:
        if child.poll() is None:
            return True
        del _CHILDREN[str(path)]  # reaped
        if pid in (child.pid, os.getpid()):
            return False
        # the file is another worker's now (a batch analysing this game): by its pid
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _read(path: Path) -> tuple[Job, int] | None:
    try:
        raw: dict[str, Any] = load_status(path)
        job = Job(state=str(raw["state"]), rollouts=int(raw["rollouts"]),
                  done=int(raw.get("done", 0)), total=int(raw.get("total", 0)),
                  started=float(raw["started"]), updated=float(raw.get("updated", 0.0)),
                  message=str(raw.get("message", "")),
                  stage=str(raw.get("stage", "")), stored=int(raw.get("stored", 0)))
        return job, int(raw["pid"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def status(db: str, game_id: str) -> Job | None:
    """The background analysis of ``game_id``, or None if none was started (or its file
    cannot be read: it is started again)."""
    return settled(status_path(db, game_id), _read, stopped)


def stopped(job: Job) -> Job:
    """``job``, whose worker died while it said running, as failed in one line: what
    stopped and what is kept (its first look, once stored, stays in the index)."""
    if job.stored:
        return replace(job, state=FAILED, message=(
            f"The full analysis stopped after {job.done} of {job.total} points (its worker "
            "process exited): it was not stored; the first look is kept."))
    return replace(job, state=FAILED, message=f"The analysis stopped after {job.done} of "
                   f"{job.total} points (its worker process exited); nothing was stored.")


class _Stated(Protocol):
    @property
    def state(self) -> str: ...


S = TypeVar("S", bound=_Stated)


def settled(path: Path, read: Callable[[Path], tuple[S, int] | None],
            dead: Callable[[S], S]) -> S | None:
    """The status file at ``path`` as ``read`` reads it (with its writer's pid); one
    that says running while its worker is gone (``alive``) is read once more, as it may
    have just finished, and otherwise given as ``dead`` words it. A pid of 0 or less is
    no worker's, and the file unreadable (None), as one holding a number no worker
    writes is (``load_status``): ``os.kill`` of 0 or -1 asks this process group or every
    process, which answer, and the job read as running until the file was replaced."""
    found = read(path)
    if found is None or found[1] <= 0:
        return None
    job, pid = found
    if job.state == RUNNING and not alive(path, pid):
        again = read(path)
        if again is not None and again[0].state != RUNNING:
            return again[0]
        return dead(job)
    return job


def start(db: str, game_id: str, log: str, rollouts: int, first_look: bool = False) -> Job:
    """Start the background analysis of the log at ``log`` (unless one is running for
    this game) and return its job; ``first_look``: store the game's first look first
    (``analysis_worker --first-look``). ``OSError`` if the status folder cannot be
    written."""
    running = status(db, game_id)
    if running is not None and running.state == RUNNING:
        return running
    path = status_path(db, game_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    now = time.time()
    write_status(path, state=RUNNING, rollouts=rollouts, done=0, total=0, started=now,
                 updated=now, pid=os.getpid(), message="")  # the worker takes it over
    spawn(path, ["--db", str(Path(db).resolve()), "--log", log, "--rollouts", str(rollouts),
                 "--status", str(path), "--parent", str(os.getpid()),
                 *(["--first-look"] if first_look else [])])
    return Job(state=RUNNING, rollouts=rollouts, done=0, total=0, started=now, updated=now,
               message="")


def spawn(path: Path, args: list[str]) -> None:
    """Run ``python -m dashboard.analysis_worker`` with ``args``, writing the status file
    at ``path`` (kept by this server so that it is reaped once done)."""
    child = subprocess.Popen(
        [sys.executable, "-m", "dashboard.analysis_worker", *args],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": _root_path()})
    _CHILDREN[str(path)] = child  # the worker writes its own pid with its first progress


def _root_path() -> str:
    """``PYTHONPATH`` for the worker: this checkout first, so it runs the same code."""
    root = str(Path(__file__).resolve().parents[1])
    rest = os.environ.get("PYTHONPATH", "")
    return root + (os.pathsep + rest if rest else "")


def forget(db: str, game_id: str) -> None:
    """Remove a finished or failed job's status file (a new analysis may start)."""
    job = status(db, game_id)
    if job is not None and job.state != RUNNING:
        status_path(db, game_id).unlink(missing_ok=True)
