"""The indexer: the only writer of the index, a DuckDB file projected from game logs.

Logs are hashed and decoded in worker processes (``multiprocessing``, fork
context; ``replay.index.rows``); each worker folds a chunk of logs once and builds
their rows column by column as Arrow tables, which reach the main process as Arrow IPC
streams in a spool file; the main process inserts them (``replay.index.batch``), one
transaction per batch of whole games, on a read-write connection opened for that batch only. ``<db>.lock`` (``flock``) serialises
indexers, and every opener, reader or writer, passes the ``<db>.turn`` turnstile so
neither side starves the other (``replay.index.locks``); the worker processes and their
hand-over are ``replay.index.spool``'s, a rewritten log's replacement
``replay.index.replace``'s. The schema, the default location and the concurrency design
are described in ``docs/index.md``.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import TypeVar

import duckdb
import msgspec

from replay.analysis.stored import ANALYSIS_TABLES
from replay.folders import NO_LOGS, folder_counts
from replay.index.batch import Batch
from replay.index.batch import insert_arrow as insert_arrow  # the bench and a test wrap it here
from replay.index.files import scan_paths, text_name
from replay.index.locks import (
    NotAnIndex,
    check_index_file,
    connect_retrying,
    writer_lock,
)
from replay.index.replace import Replaced, replace_games
from replay.index.rows import decode_chunk, hash_file
from replay.index.schema import (
    SCHEMA_VERSION,
    TABLES,
)
from replay.index.spool import Chunk, Outcome, _workers

INDEX_ENV = "EXCEED_INDEX"
DEFAULT_INDEX = Path(".exceed") / "index.duckdb"
DEFAULT_BATCH = 1000
DEFAULT_WAIT = 60.0
CHUNK = 50  # logs per worker task
FLUSH_SECONDS = 5.0  # commit at least this often while indexing
WRITE_MEMORY = 64 * 2**20
"""DuckDB's memory limit on the indexer's connection, in bytes, for the batch: past it,
DuckDB writes blocks out (to the file, or beside it in ``<db>.tmp``) instead of holding
them; its default, 80% of the machine's memory, let a 10,000-game run grow to 440 MiB,
mostly at the checkpoint that closes each batch (64 MB: 278 MiB in all, as fast as
128 MB). ``write_memory`` adds what the games already indexed need."""
KEY_MEMORY = 256
"""Bytes per indexed game added to ``WRITE_MEMORY``: inserting a batch checks its game
ids against the ``games`` primary key, whose index (DuckDB's ART) must then be in memory
and cannot be written out. It took 108 bytes a game at 492,000 games (53 MB), so a fixed
64 MB failed there with "Out of Memory"; 256 leaves more than twice that."""
T = TypeVar("T")
R = TypeVar("R")

def default_index_path() -> Path:
    """``$EXCEED_INDEX`` if set, else ``.exceed/index.duckdb`` under the current directory."""
    env = os.environ.get(INDEX_ENV)
    return Path(env) if env else DEFAULT_INDEX


def checked_tables(con: duckdb.DuckDBPyConnection, db: Path | str) -> tuple[set[str], int | None]:
    """The tables of the database ``con`` holds and its stored schema version (None: none
    stored), or ``NotAnIndex`` (one line) when it must not be changed: a DuckDB database
    with tables of its own but no ``schema_version`` (a file holding only stored analyses,
    which ``exceed analyze`` writes into a new ``--db``, is an index still to be built),
    or an index of a newer schema version than this code's."""
    tables = {row[0] for row in con.execute(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main'"
    ).fetchall()}
    stored: int | None = None
    if tables and "schema_version" not in tables and not tables <= set(ANALYSIS_TABLES):
        raise NotAnIndex(f"{db} is a DuckDB database but not an exceed index (it has no "
                         "schema_version table); refusing to change it")
    if "schema_version" in tables:
        row = con.execute("SELECT max(version) FROM schema_version").fetchone()
        stored = None if row is None else row[0]
    if isinstance(stored, int) and stored > SCHEMA_VERSION:
        raise NotAnIndex(f"{db} is an index of schema version {stored}, newer than this "
                         f"indexer's {SCHEMA_VERSION} (built by a newer exceed-replay); "
                         "refusing to change it: upgrade exceed-replay, or give another --db")
    return tables, stored


def check_writable(con: duckdb.DuckDBPyConnection, db: Path | str) -> None:
    """Before analyses are stored into ``db`` (``con``, held under the writer lock):
    ``NotAnIndex`` as ``exceed index`` refuses it (another DuckDB database, an index of
    a newer schema version), and a new, empty database is made an empty index first, so
    ``exceed index`` and ``query`` take it as one."""
    tables, _ = checked_tables(con, db)
    if not tables & {"schema_version", *TABLES}:
        _ensure_schema(con, lambda _line: None, db)


def _ensure_schema(con: duckdb.DuckDBPyConnection, say: Callable[[str], None],
                   db: Path | str = "the index") -> None:
    tables, stored = checked_tables(con, db)
    if stored == SCHEMA_VERSION and set(TABLES) <= tables:
        return
    con.execute("BEGIN")
    if tables & {"schema_version", *TABLES}:
        why = (f"schema version {stored} differs from this indexer's {SCHEMA_VERSION}"
               if stored != SCHEMA_VERSION else "some of its tables are missing")
        say(f"index {why}: rebuilding the tables (every log will be indexed again)")
    for table in ("schema_version", *TABLES):
        con.execute(f"DROP TABLE IF EXISTS {table}")
    for table, columns in TABLES.items():
        body = ", ".join(f'"{name}" {decl}' for name, decl in columns)
        con.execute(f"CREATE TABLE {table} ({body})")
    con.execute("CREATE TABLE schema_version (version INTEGER)")
    con.execute("INSERT INTO schema_version VALUES (?)", [SCHEMA_VERSION])
    con.execute("COMMIT")


# --- writing (main process) ---------------------------------------------------------------


class IndexReport(msgspec.Struct, kw_only=True):
    """Counts of one ``exceed index`` run, one count per file: ``indexed`` (``damaged``
    ones are also ``indexed``), ``already`` in the index at the same or another live
    path, ``moved`` (in the index under a path that is gone: the path is updated),
    ``copies`` (the same bytes as another file of this run, whose game was indexed) and
    ``skipped`` (not indexed: not a readable log, or a copy of one). Of the indexed,
    ``damaged`` stopped at damage and ``unfinished`` have no trailer (a recorder stopped,
    a live game left or abandoned): both are indexed unsealed. ``replaced``: files whose
    path held another game before (its content changed), which is removed; such a file
    is also counted as ``indexed`` (or ``already``/``moved``: its new bytes are a game
    the index holds). ``empty``: folders named that hold no log; ``unreadable_folders``:
    folders (or subfolders) that could not be read (neither is a file skipped)."""

    indexed: int = 0
    already: int = 0
    replaced: int = 0
    moved: int = 0
    copies: int = 0
    skipped: int = 0
    damaged: int = 0
    unfinished: int = 0
    empty: int = 0
    unreadable_folders: int = 0
    events: int = 0

    def summary(self) -> str:
        parts = [f"indexed {self.indexed} game(s)", f"{self.already} already indexed"]
        if self.replaced:
            parts.append(f"replaced {self.replaced} (a rewritten log's old game removed)")
        if self.moved:
            parts.append(f"{self.moved} moved (path updated)")
        if self.copies:
            parts.append(f"{self.copies} copy(ies) of a file indexed in this run")
        parts += [f"{self.skipped} skipped", f"{self.damaged} damaged (indexed as unsealed)"]
        if self.unfinished:
            parts.append(f"{self.unfinished} unfinished (indexed as unsealed)")
        return ", ".join(parts + folder_counts(self.unreadable_folders, self.empty))


def write_memory(games: int) -> int:
    """The memory limit (bytes) of the connection that adds a batch to an index already
    holding ``games`` games: the batch's share plus the primary key's (``KEY_MEMORY``)."""
    return WRITE_MEMORY + KEY_MEMORY * games


def _games_held(con: duckdb.DuckDBPyConnection) -> int:
    row = con.execute("SELECT count(*) FROM games").fetchone()
    return int(row[0]) if row else 0


class Indexer:
    """One ``exceed index`` run against ``db``; ``say`` receives the one-line messages."""

    def __init__(self, db: Path, *, jobs: int, batch: int = DEFAULT_BATCH,
                 wait: float = DEFAULT_WAIT, say: Callable[[str], None] = print,
                 progress: Callable[[int, int], None] | None = None) -> None:
        self.db, self.jobs, self.batch, self.wait = db, jobs, batch, wait
        self.say = say
        self.progress = progress
        self.report = IndexReport()
        self.copies: list[tuple[str, str, str]] = []  # (path, game id, first path)
        self.outcomes: dict[str, Outcome] = {}  # by game id, of the games with copies
        self.copied: set[str] = set()  # their ids (a million outcomes would be 400 MB)
        # new id -> (old id, path) of each path of the new game whose old game goes
        self.replaces: dict[str, list[tuple[str, str]]] = {}
        self.replaced: dict[str, list[Replaced]] = {}  # by new id, once committed
        self.drops: list[Replaced] = []  # old games of paths now holding a known game

    def run(self, paths: Iterable[Path]) -> IndexReport:
        """Index ``paths``; raises ``NotAnIndex`` (before creating anything) when ``db``
        exists but is not an index, ``IndexBusy`` past the wait."""
        # an empty file beside our lock may be an index another indexer is creating:
        # checked again once the lock is ours
        check_index_file(self.db, may_be_new=os.path.exists(f"{self.db}.lock"))
        files, refused, folders, notes = scan_paths(paths)
        for path, why in refused:
            self._skip(path, why)
        for path, why in folders:  # named as info and verify name it: no file skipped
            self.say(f"{path}: {why}")
            if why == NO_LOGS:
                self.report.empty += 1
            else:
                self.report.unreadable_folders += 1
        for path, why in notes:
            self.say(f"{path}: {why}")
        named = []
        for path in files:
            if text_name(path):
                named.append(path)
            else:
                self._skip(path, "its name is not valid UTF-8 text, which the index stores "
                                 "names as; rename the file to index it")
        files = named
        self.db.parent.mkdir(parents=True, exist_ok=True)
        with (writer_lock(self.db, self.wait, self.say) as lock_fd,
              _workers(self.jobs, lock_fd, self.db) as workers):
            check_index_file(self.db)
            # the workers hash the files (in scan order, so of two identical files the
            # first path is the one kept) while the schema is checked
            hashed = workers.map(hash_file, files, 64, ordered=True)
            con = connect_retrying(self.db, read_only=False, timeout=self.wait)
            try:
                _ensure_schema(con, self.say, self.db)
                known = dict(con.execute("SELECT game_id, path FROM games").fetchall())
            finally:
                con.close()
            todo, moves = self._dedupe(hashed, known)
            self._move(moves)
            self._drop()
            decode = partial(decode_chunk, spool=workers.spool)
            self._ingest(workers.map(decode, self._chunks(todo), 1), len(files))
        self._report_copies()
        return self.report

    def _skip(self, path: str, reason: str) -> None:
        self.say(f"{path}: skipped: {reason}")
        self.report.skipped += 1

    def _dedupe(self, hashed: Iterable[tuple[str, str | None, str | None]],
                known: dict[str, str]) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        """The ``(path, game id)`` pairs to decode, and the ``(game id, new path)`` of
        known games whose indexed path is gone or holds other bytes now. A file with the
        same bytes as an earlier one of this run waits in ``copies`` until that one's
        fate is known. A new game at the path of a known game whose bytes no file of the
        run holds any more replaces it (``replaces``, done when the new game is
        committed). Only the files not at their indexed path are kept in memory past
        the scan (a second run over a million indexed files keeps none)."""
        todo: list[tuple[str, str]] = []
        elsewhere: list[tuple[str, str, str]] = []  # known games at another path
        here: dict[str, str | None] = {}  # such files' and new files' ids, by path
        first: dict[str, str] = {}
        by_path: dict[str, str] | None = None  # built for the first unreadable file only
        for path, game_id, why in hashed:
            where = os.path.abspath(path)
            if game_id is None:
                if by_path is None:
                    by_path = {stored: gid for gid, stored in known.items()}
                old = by_path.get(where)
                self._skip(path, (why or "unreadable") + ("" if old is None else
                                  f"; the game indexed from this path before ({old[:12]}) "
                                  "is kept"))
                continue
            if game_id in known:
                if known[game_id] == where:
                    self.report.already += 1
                    continue
                elsewhere.append((path, game_id, where))
            elif game_id in first:
                self.copies.append((path, game_id, first[game_id]))
                self.copied.add(game_id)
            else:
                first[game_id] = path
                todo.append((path, game_id))
            here[where] = game_id
        new = [*todo, *((path, game_id) for path, game_id, _ in self.copies)]
        fresh = {os.path.abspath(path) for path, _ in new} | {w for _, _, w in elsewhere}
        held = {path: game_id for game_id, path in known.items() if path in fresh}
        present = set(here.values())
        for path, game_id in new:  # a copy's path too: its old game goes with the first's
            old = held.get(os.path.abspath(path))
            if old is not None and old not in present:
                self.replaces.setdefault(game_id, []).append((old, path))
        for path, game_id, where in elsewhere:  # now the bytes of a game indexed already
            old = held.get(where)
            if old is not None and old != game_id and old not in present:
                self.drops.append(Replaced(path=path, old=old, new=game_id))
        return todo, self._moves(elsewhere, known, here)

    def _moves(self, elsewhere: list[tuple[str, str, str]], known: dict[str, str],
               here: dict[str, str | None]) -> list[tuple[str, str]]:
        """The ``(game id, new path)`` of the known games found at another path whose
        indexed path is gone, or holds other bytes in this run; the rest are already
        indexed (the same bytes under two live paths are one game)."""
        moves: list[tuple[str, str]] = []
        for path, game_id, where in elsewhere:
            stored = known[game_id]
            gone = not os.path.isfile(stored)
            if stored != where and (gone or here.get(stored, game_id) != game_id):
                was = "gone" if gone else "rewritten"
                self.say(f"{path}: moved: indexed as {stored}, which is {was}; path updated")
                moves.append((game_id, where))
                known[game_id] = where
                self.report.moved += 1
            else:
                self.report.already += 1
        return moves

    def _move(self, moves: list[tuple[str, str]]) -> None:
        """Point moved games at their new paths, in one transaction."""
        if not moves:
            return
        con = connect_retrying(self.db, read_only=False, timeout=self.wait)
        try:
            con.execute("BEGIN")
            con.executemany("UPDATE games SET path = ? WHERE game_id = ?",
                            [[where, game_id] for game_id, where in moves])
            con.execute("COMMIT")
        finally:
            con.close()

    def _drop(self) -> None:
        """Remove, in one transaction, the games of paths that now hold the bytes of a
        game indexed already (``drops``): no other file of the run holds theirs."""
        if not self.drops:
            return
        con = connect_retrying(self.db, read_only=False, timeout=self.wait)
        try:
            con.execute("BEGIN")
            dropped = replace_games(con, self.drops)
            con.execute("COMMIT")
        finally:
            con.close()
        for done in dropped:
            self.report.replaced += 1
            self._replaced(done)

    def _replaced(self, done: Replaced) -> None:
        carried = (f"; its analyses ({done.analyses} point(s)) now belong to the new one, "
                   "the same game further on" if done.analyses else "")
        self.say(f"{done.path}: replaced: its content changed; the game indexed from it "
                 f"before ({done.old[:12]}) is removed{carried}")

    def _report_copies(self) -> None:
        """Each copy of a file indexed in this run is counted once; a copy of a skipped
        file is skipped with the same reason, on a line of its own."""
        for path, game_id, original in self.copies:
            outcome = self.outcomes.get(game_id)
            if outcome is None or outcome.status == "skipped":
                reason = outcome.reason if outcome is not None else None
                self._skip(path, reason or "not a log")
            else:
                self.report.copies += 1
                self.say(f"{path}: same bytes as {original}; indexed once")

    def _chunks(self, todo: list[tuple[str, str]]) -> list[list[tuple[str, str]]]:
        size = max(1, min(self.batch, CHUNK, math.ceil(len(todo) / (self.jobs * 4))))
        return [todo[i:i + size] for i in range(0, len(todo), size)]

    def _ingest(self, chunks: Iterable[Chunk], total: int) -> None:
        """Commit decoded chunks in batches of about ``batch`` games (or every
        ``FLUSH_SECONDS``, so readers see progress), counting outcomes once committed."""
        done = (self.report.already + self.report.moved + self.report.skipped
                + len(self.copies))
        pending = Batch()
        last = time.monotonic()
        for chunk in chunks:
            pending.add(chunk.read_tables(), chunk.outcomes, chunk.games)
            done += len(chunk.outcomes)
            if self.progress is not None:
                self.progress(done, total)
            if pending.games >= self.batch or time.monotonic() - last >= FLUSH_SECONDS:
                self._commit(pending)
                pending, last = Batch(), time.monotonic()
        self._commit(pending)

    def _commit(self, pending: Batch) -> None:
        if pending.games:
            tables = pending.tables()
            events = tables["events"].num_rows
            # the file is open only for the insert and commit of this batch
            replaced = [Replaced(path=path, old=old, new=o.game_id)
                        for o in pending.outcomes if o.status == "indexed"
                        for old, path in self.replaces.get(o.game_id, [])]
            con = connect_retrying(self.db, read_only=False, timeout=self.wait)
            try:
                con.execute(f"SET memory_limit = '{write_memory(_games_held(con))}B'")
                for done in insert_arrow(con, tables, replaced):
                    self.replaced.setdefault(done.new, []).append(done)
            finally:
                con.close()
            self.report.events += events
        for outcome in pending.outcomes:
            self._count(outcome)

    def _count(self, outcome: Outcome) -> None:
        if outcome.game_id in self.copied:
            self.outcomes[outcome.game_id] = outcome
        if outcome.status == "skipped":
            held = {path: old for old, path in self.replaces.get(outcome.game_id, [])}
            old = held.get(outcome.path)
            kept = ("" if old is None else f"; the game indexed from this path before "
                    f"({old[:12]}) is kept")
            self._skip(outcome.path, (outcome.reason or "not a log") + kept)
            return
        self.report.indexed += 1
        for done in self.replaced.get(outcome.game_id, []):
            self.report.replaced += 1
            self._replaced(done)
        if outcome.damaged:
            self.report.damaged += 1
            self.say(f"{outcome.path}: damaged: {outcome.reason}; indexed its complete "
                     "prefix as unsealed")
        elif not outcome.sealed:  # not damage: a game nobody finished (or left)
            self.report.unfinished += 1
            self.say(f"{outcome.path}: {outcome.reason}; indexed as unsealed")
