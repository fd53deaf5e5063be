"""Forks made from the dashboard: a game played on from another option, written beside
the index and indexed at once, so the Game page can open it.

``fork_into_index(parent, at, choose, db)`` forks with ``replay.fork.fork_game`` (the
heuristic agent on both seats) into ``<index folder>/forks/`` and indexes the new log
with the indexer, the index's only writer. The same fork asked again is the same game
(the agents and seeds are the parent's), so an existing file is indexed again rather
than refused, and the same game id comes back.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from replay.fork import ForkError, default_out, fork_game
from replay.index.writer import Indexer


def forks_folder(db: Path) -> Path:
    """Where the dashboard's forks of games in the index at ``db`` are written."""
    return db.parent / "forks"


def fork_into_index(parent: str, at: int, choose: int, db: Path) -> str:
    """Fork the game at ``parent`` at decision ``at`` with option ``choose``, index the
    new log into ``db`` and return its game id. ``ForkError`` (one line) if it cannot be
    forked; the indexer's one-line errors if the index cannot be written."""
    folder = forks_folder(db)
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / default_out(Path(parent), at, choose).name
    if not out.exists():
        fork_game(Path(parent), at, choose, out=out)
    problems: list[str] = []
    report = Indexer(db, jobs=1, say=problems.append).run([out])
    if report.skipped:
        raise ForkError(f"{out}: written but not indexed: {'; '.join(problems)}")
    return hashlib.sha256(out.read_bytes()).hexdigest()
