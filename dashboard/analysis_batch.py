"""Many analyses in the background: the Insights page's "analyse the rest".

``start(db, label, games, rollouts)`` writes the games (game id and log path, in the
order to analyse them) beside the index and runs ``python -m dashboard.analysis_worker
--batch`` over them; the page polls ``status`` for a ``Batch`` (games done of the total,
the game in progress and its points, an ETA, the games that could not be analysed).
The worker analyses one game after another exactly as the Game page's Analyze button
does (``replay.query.analyse_and_store``, in ``analysis_worker.JOBS`` processes), and:

- skips a game that has an analysis stored by the time it comes to it (``exceed
  analyze``, or the Game page meanwhile) or whose own analysis is running elsewhere;
- writes the game in progress's own status file (``analysis_jobs.status_path``), so its
  Game page shows that analysis running and does not start a second one;
- goes on past a game that cannot be analysed (a damaged or foreign log), counting it,
  and keeps the first such line, which names the file.

One batch runs per index at a time (``<index folder>/analyses/batch.json``): a second
start, from any page or browser, finds the running one. ``stop`` asks the worker to end
(a file it watches); the games stored before are kept, the game in progress is not
stored, and the status says so. Like the single analysis's, the worker exits when the
dashboard server that started it dies.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from dashboard import analysis_jobs
from dashboard.analysis_jobs import DONE, FAILED, RUNNING, duration, write_status

STOPPED = "stopped"
MAX_GAMES_FILE = 4 * 1024 * 1024
"""The games file is ours, but it lives beside the index: read no more than this."""


@dataclass(frozen=True)
class Batch:
    """A background batch of analyses as its status file says."""

    state: str  # RUNNING, DONE, STOPPED or FAILED
    label: str  # whose games: the player and filters, as the page named them
    rollouts: int
    total: int  # games in the batch
    done: int  # games finished: analysed, skipped or failed
    analysed: int
    skipped: int  # analysed elsewhere by the time the batch came to them
    failed: int
    failure: str  # the first game that could not be analysed: one line naming its file
    points_done: int  # of the game in progress
    points_total: int
    started: float  # wall-clock seconds
    updated: float
    message: str  # STOPPED / FAILED: one line

    def eta(self, now: float) -> float | None:
        """Seconds left, from the pace so far: the games done, the game in progress
        counted by its points (None before anything is done)."""
        if self.state != RUNNING or self.total <= 0:
            return None
        part = self.points_done / self.points_total if self.points_total > 0 else 0.0
        progress = self.done + part
        if progress <= 0:
            return None
        return max(0.0, now - self.started) / progress * (self.total - progress)

    def progress_text(self, now: float) -> str:
        """``analysing game 3 of 12 (points 10 of 40, 200 rollouts each) · 9 min 10 s so
        far · about 31 min 05 s left``."""
        current = min(self.done + 1, self.total)
        points = (f"points {self.points_done} of {self.points_total}, "
                  if self.points_total > 0 else "")
        text = (f"analysing game {current} of {self.total} ({points}{self.rollouts} "
                f"rollouts each) · {duration(now - self.started)} so far")
        left = self.eta(now)
        return text + ("" if left is None else f" · about {duration(left)} left")

    def summary(self) -> str:
        """What a finished batch did, one line: ``12 of 12 games analysed (1 already
        analysed elsewhere, 1 could not be analysed)``."""
        parts = []
        if self.skipped:
            parts.append(f"{self.skipped} already analysed elsewhere")
        if self.failed:
            parts.append(f"{self.failed} could not be analysed")
        rest = f" ({', '.join(parts)})" if parts else ""
        return f"{self.analysed} of {self.total} games analysed{rest}"


def folder(db: str) -> Path:
    return Path(db).resolve().parent / "analyses"


def status_path(db: str) -> Path:
    """Where the batch over the index at ``db`` writes its status."""
    return folder(db) / "batch.json"


def games_path(db: str) -> Path:
    """Where ``start`` writes the batch's games for the worker."""
    return folder(db) / "batch-games.json"


def stop_path(db: str) -> Path:
    """The file whose presence asks the running batch to stop."""
    return folder(db) / "batch.stop"


def read(path: Path) -> tuple[Batch, int] | None:
    try:
        raw: dict[str, Any] = analysis_jobs.load_status(path)
        batch = Batch(state=str(raw["state"]), label=str(raw.get("label", "")),
                      rollouts=int(raw["rollouts"]), total=int(raw.get("total", 0)),
                      done=int(raw.get("done", 0)), analysed=int(raw.get("analysed", 0)),
                      skipped=int(raw.get("skipped", 0)), failed=int(raw.get("failed", 0)),
                      failure=str(raw.get("failure", "")),
                      points_done=int(raw.get("points_done", 0)),
                      points_total=int(raw.get("points_total", 0)),
                      started=float(raw["started"]), updated=float(raw.get("updated", 0.0)),
                      message=str(raw.get("message", "")))
        return batch, int(raw["pid"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def status(db: str) -> Batch | None:
    """The batch over the index at ``db`` (running or the last one), or None if none was
    started (or its file cannot be read)."""
    return analysis_jobs.settled(status_path(db), read, lambda batch: replace(
        batch, state=FAILED, message=f"The batch stopped after {batch.done} of {batch.total} "
                                     "games (its worker process exited); the games analysed "
                                     "before are kept."))


def start(db: str, label: str, games: Sequence[tuple[str, str]], rollouts: int) -> Batch:
    """Start a batch analysing ``games`` (game id, log path) with ``rollouts`` per point
    over the index at ``db``, unless one is running (then that one is returned).
    ``OSError`` if the folder beside the index cannot be written."""
    running = status(db)
    if running is not None and running.state == RUNNING:
        return running
    path = status_path(db)
    path.parent.mkdir(parents=True, exist_ok=True)
    stop_path(db).unlink(missing_ok=True)
    listed = games_path(db)
    part = listed.with_suffix(f".{os.getpid()}.part")
    part.write_text(json.dumps([[g, p] for g, p in games]), encoding="utf-8")
    os.replace(part, listed)
    now = time.time()
    fields = {"state": RUNNING, "label": label, "rollouts": rollouts, "total": len(games),
              "done": 0, "analysed": 0, "skipped": 0, "failed": 0, "failure": "",
              "points_done": 0, "points_total": 0, "started": now, "updated": now,
              "message": ""}
    write_status(path, pid=os.getpid(), **fields)  # the worker takes it over
    analysis_jobs.spawn(path, ["--db", str(Path(db).resolve()), "--batch", str(listed),
                               "--rollouts", str(rollouts), "--status", str(path),
                               "--parent", str(os.getpid())])
    found = read(path)
    assert found is not None
    return found[0]


def stop(db: str) -> None:
    """Ask the running batch to stop (it does within a second; ``OSError`` if the
    request cannot be written)."""
    batch = status(db)
    if batch is not None and batch.state == RUNNING:
        stop_path(db).touch()


def read_games(path: Path) -> list[tuple[str, str]]:
    """The games ``start`` wrote (``ValueError`` if the file is not such a list)."""
    games = json.loads(analysis_jobs.read_small(path, MAX_GAMES_FILE))
    if not isinstance(games, list) or not all(
            isinstance(g, list) and len(g) == 2 and all(isinstance(v, str) for v in g)
            for g in games):
        raise ValueError(f"{path}: not a list of [game id, log path]")
    return [(g, p) for g, p in games]


__all__ = ["DONE", "FAILED", "RUNNING", "STOPPED", "Batch", "read", "read_games", "start", "status",
           "status_path", "stop", "stop_path"]
