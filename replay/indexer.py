"""The indexer: the only writer of the index, a DuckDB file projected from game logs.

Logs are hashed and decoded in worker processes (``multiprocessing``, fork context);
each worker turns a chunk of logs into columnar lists per table and the main process
inserts them as Arrow tables, one transaction per batch of whole games, on a
read-write connection opened for that batch only. ``<db>.lock`` (``flock``) serialises
indexers, and every opener, reader or writer, passes the ``<db>.turn`` turnstile so
neither side starves the other. The schema, the default location and the concurrency
design are described in ``docs/index.md``.
"""

from __future__ import annotations

import fcntl
import hashlib
import math
import multiprocessing
import multiprocessing.pool
import os
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import duckdb
import msgspec
import pyarrow as pa

from engine import events as ev
from engine.apply import apply
from engine.log import LogFormatError
from engine.record import GameLog, read_game_bytes
from engine.state import EndReason
from replay.strikes import StrikeSummary, summarise_strikes

SCHEMA_VERSION = 1
INDEX_ENV = "EXCEED_INDEX"
DEFAULT_INDEX = Path(".exceed") / "index.duckdb"
DEFAULT_BATCH = 2000
DEFAULT_WAIT = 60.0
CHUNK = 50  # logs per worker task
FLUSH_SECONDS = 5.0  # commit at least this often while indexing
T = TypeVar("T")
R = TypeVar("R")

# --- schema -------------------------------------------------------------------------------

Column = tuple[str, str]

GAMES: tuple[Column, ...] = (
    ("game_id", "VARCHAR PRIMARY KEY"), ("path", "VARCHAR"), ("seed", "UBIGINT"),
    ("p1", "VARCHAR"), ("p2", "VARCHAR"), ("agent1", "VARCHAR"), ("agent2", "VARCHAR"),
    ("first", "INTEGER"), ("winner", "INTEGER"), ("reason", "VARCHAR"),
    ("turns", "INTEGER"), ("strikes", "INTEGER"), ("decisions", "INTEGER"),
    ("events", "INTEGER"), ("p1_life", "INTEGER"), ("p2_life", "INTEGER"),
    ("sealed", "BOOLEAN"), ("damage", "VARCHAR"), ("card_data", "VARCHAR"),
    ("engine", "VARCHAR"), ("bucket", "VARCHAR"),
)


def _summary_type(annotation: object) -> str:
    if annotation in (bool, bool | None):
        return "BOOLEAN"
    if annotation in (int, int | None):
        return "INTEGER"
    return "VARCHAR"


_SUMMARY = msgspec.structs.fields(StrikeSummary)
STRIKES: tuple[Column, ...] = (
    ("game_id", "VARCHAR"),
    *((f.name, _summary_type(f.type)) for f in _SUMMARY[:7]),
    ("a_char", "VARCHAR"), ("d_char", "VARCHAR"),
    *((f.name, _summary_type(f.type)) for f in _SUMMARY[7:]),
    ("bucket", "VARCHAR"),
)
EVENTS: tuple[Column, ...] = (
    ("game_id", "VARCHAR"), ("bucket", "VARCHAR"), ("seq", "INTEGER"),
    ("decision", "INTEGER"), ("turn", "INTEGER"), ("type", "VARCHAR"),
    ("player", "INTEGER"), ("card", "VARCHAR"), ("data", "VARCHAR"),
)
DECISIONS: tuple[Column, ...] = (
    ("game_id", "VARCHAR"), ("bucket", "VARCHAR"), ("idx", "INTEGER"), ("turn", "INTEGER"),
    ("player", "INTEGER"), ("request", "VARCHAR"), ("decision", "VARCHAR"),
    ("data", "VARCHAR"),
)
TABLES: dict[str, tuple[Column, ...]] = {
    "games": GAMES, "strikes": STRIKES, "events": EVENTS, "decisions": DECISIONS,
}
"""Every table's columns in order, with their DuckDB types (also the Parquet views')."""

_ARROW = {"VARCHAR": pa.string(), "INTEGER": pa.int32(), "UBIGINT": pa.uint64(),
          "BOOLEAN": pa.bool_()}


def column_type(decl: str) -> str:
    """The bare type of a column declaration (``VARCHAR PRIMARY KEY`` -> ``VARCHAR``)."""
    return decl.split()[0]


ARROW_SCHEMAS = {
    table: pa.schema([(name, _ARROW[column_type(decl)]) for name, decl in columns])
    for table, columns in TABLES.items()
}


def default_index_path() -> Path:
    """``$EXCEED_INDEX`` if set, else ``.exceed/index.duckdb`` under the current directory."""
    env = os.environ.get(INDEX_ENV)
    return Path(env) if env else DEFAULT_INDEX


class IndexBusy(Exception):
    """The index stayed locked by another process past the wait. ``str()`` is one line."""


# --- connections --------------------------------------------------------------------------

_LOCK_ERRORS = (duckdb.IOException, duckdb.ConnectionException)


def connect_retrying(path: Path, *, read_only: bool, timeout: float) -> duckdb.DuckDBPyConnection:
    """Open ``path``, waiting (up to ``timeout`` seconds) while another process holds it.

    DuckDB locks the file: a writer excludes readers and readers exclude a writer, each
    only while their short-lived connection is open. Openers take turns through the
    ``<db>.turn`` turnstile, so a stream of readers cannot starve the indexer and a
    busy indexer cannot starve the readers.
    """
    deadline = time.monotonic() + timeout
    role = "read" if read_only else "write"
    busy = f"{path} is locked by another process; could not {role} it within {timeout:g} s"
    with _turnstile(path, deadline, busy):
        delay = 0.002
        while True:
            try:
                return duckdb.connect(str(path), read_only=read_only)
            except _LOCK_ERRORS as error:
                if "lock" not in str(error) and "different configuration" not in str(error):
                    raise
                if time.monotonic() >= deadline:
                    raise IndexBusy(busy) from None
            time.sleep(delay * (0.5 + random.random()))
            delay = min(delay * 2, 0.05)


@contextmanager
def _turnstile(path: Path, deadline: float, busy: str) -> Iterator[None]:
    """Hold ``<db>.turn`` while opening: whoever holds it gets the next chance at the file,
    because nobody else may start opening meanwhile."""
    try:
        fd = os.open(f"{path}.turn", os.O_RDWR | os.O_CREAT, 0o666)
    except OSError:  # e.g. a read-only directory: no turns, plain retries
        yield
        return
    try:
        while not _try_flock(fd):
            if time.monotonic() >= deadline:
                raise IndexBusy(busy)
            time.sleep(0.001 + 0.004 * random.random())
        yield
    finally:
        os.close(fd)


@contextmanager
def writer_lock(db: Path, wait: float, say: Callable[[str], None]) -> Iterator[int]:
    """Hold ``<db>.lock`` exclusively (``flock``); yields its descriptor."""
    fd = os.open(f"{db}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        if not _try_flock(fd):
            say(f"another `exceed index` is writing {db}; waiting...")
            deadline = time.monotonic() + wait
            while not _try_flock(fd):
                if time.monotonic() >= deadline:
                    raise IndexBusy(f"another `exceed index` is still writing {db} after "
                                    f"{wait:g} s; giving up")
                time.sleep(0.1)
        yield fd
    finally:
        os.close(fd)


def _try_flock(fd: int) -> bool:
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _ensure_schema(con: duckdb.DuckDBPyConnection, say: Callable[[str], None]) -> None:
    tables = {row[0] for row in con.execute(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main'"
    ).fetchall()}
    stored: int | None = None
    if "schema_version" in tables:
        row = con.execute("SELECT max(version) FROM schema_version").fetchone()
        stored = None if row is None else row[0]
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


# --- decoding (runs in the workers) ---------------------------------------------------------

Columns = dict[str, list[object]]
_PLAYER_FIELDS = ("player", "target", "attacker", "winner", "first")


def _event_meta(cls: type) -> tuple[str, str | None, str | None]:
    fields = cls.__struct_fields__  # type: ignore[attr-defined]
    tag = cls.__struct_config__.tag  # type: ignore[attr-defined]
    player = next((f for f in _PLAYER_FIELDS if f in fields), None)
    card = "card" if "card" in fields else "cards" if "cards" in fields else None
    return tag, player, card


_EVENT_META = {cls: _event_meta(cls) for cls in ev.EVENT_TYPES}
_JSON = msgspec.json.Encoder()


def empty_columns() -> dict[str, Columns]:
    return {table: {name: [] for name, _ in columns} for table, columns in TABLES.items()}


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    """What became of one file: ``indexed`` (maybe unsealed) or ``skipped`` with ``reason``."""

    path: str
    game_id: str
    status: str
    reason: str | None = None
    sealed: bool = True


class Chunk(msgspec.Struct, kw_only=True):
    """A worker's result: the rows of its decoded games and an outcome per file."""

    columns: dict[str, Columns]
    outcomes: list[Outcome]


def hash_file(path: str) -> tuple[str, str | None, str | None]:
    """``(path, sha256 hex, None)``, or ``(path, None, why)`` if the file can't be read."""
    try:
        with open(path, "rb") as stream:
            return path, hashlib.sha256(stream.read()).hexdigest(), None
    except OSError as error:
        return path, None, f"cannot read: {error.strerror}"


def decode_chunk(files: Sequence[tuple[str, str]]) -> Chunk:
    """Decode ``(path, expected sha256)`` pairs into columnar rows for every table."""
    chunk = Chunk(columns=empty_columns(), outcomes=[])
    for path, game_id in files:
        try:
            with open(path, "rb") as stream:
                data = stream.read()
            if hashlib.sha256(data).hexdigest() != game_id:
                raise LogFormatError("changed while being indexed", path)
            log = read_game_bytes(data, path)
            game = _game_columns(log, game_id)
        except LogFormatError as error:
            chunk.outcomes.append(Outcome(path=path, game_id=game_id, status="skipped",
                                          reason=error.reason))
            continue
        except OSError as error:
            chunk.outcomes.append(Outcome(path=path, game_id=game_id, status="skipped",
                                          reason=f"cannot read: {error.strerror}"))
            continue
        except Exception as error:
            # e.g. a character or card this engine does not know: one bad log must not
            # stop the run, so it is skipped with the reason
            chunk.outcomes.append(Outcome(path=path, game_id=game_id, status="skipped",
                                          reason=f"cannot fold its events: "
                                                 f"{type(error).__name__}: {error}"))
            continue
        for table, columns in game.items():
            target = chunk.columns[table]
            for name, values in columns.items():
                target[name].extend(values)
        chunk.outcomes.append(Outcome(path=path, game_id=game_id, status="indexed",
                                      reason=_damage_text(log), sealed=log.sealed))
    return chunk


def _damage_text(log: GameLog) -> str | None:
    if log.damage is not None:
        d = log.damage
        where = f"byte {d.offset}" if d.offset >= 0 else "a payload"
        return f"stopped at {where} (frame {d.frame_index}): {d.reason}"
    if not log.sealed:
        return "no trailer: the game was not finished"
    return None


def _game_columns(log: GameLog, game_id: str) -> dict[str, Columns]:
    """All rows of one game, per table; raises if its events can't be folded."""
    cols = empty_columns()
    bucket = game_id[0]
    h = log.header
    chars = (h.p1, h.p2)
    initial = log.initial_state()
    state = initial.copy()
    defs = state.card_defs
    ev_cols, dec_cols = cols["events"], cols["decisions"]
    seq = 0
    for step in log.steps:
        if step.request is not None and step.decision is not None:
            _append(dec_cols, game_id, bucket, step.index, state.turn, int(step.request.player),
                    step.request.kind, step.decision.__struct_config__.tag,
                    _JSON.encode({"request": step.request, "decision": step.decision}).decode())
        for event in step.events:
            apply(state, event)
            tag, pfield, cfield = _EVENT_META[type(event)]
            player = getattr(event, pfield) if pfield is not None else None
            _append(ev_cols, game_id, bucket, seq, step.index, state.turn, tag,
                    None if player is None else int(player), _card_id(event, cfield, defs),
                    _JSON.encode(event).decode())
            seq += 1
    summaries = summarise_strikes(initial, log.events())
    _strike_columns(cols["strikes"], summaries, game_id, bucket, chars)
    t = log.trailer if log.sealed else None
    _append(cols["games"], game_id, os.path.abspath(log.name), h.seed, h.p1, h.p2,
            h.agents[0], h.agents[1], int(h.first), None if t is None else t.winner,
            None if t is None else EndReason(t.reason).name.lower(),
            state.turn if t is None else t.turns, len(summaries),
            sum(1 for s in log.steps if s.decision is not None), seq,
            state.players[0].life, state.players[1].life, log.sealed, _damage_text(log),
            h.card_data, h.engine, bucket)
    return cols


def _append(columns: Columns, *values: object) -> None:
    for target, value in zip(columns.values(), values, strict=True):
        target.append(value)


def _card_id(event: ev.Event, field: str | None, defs: dict[int, str]) -> str | None:
    """The card id an event names: its ``card``, or its ``cards`` if they share one id."""
    if field is None:
        return None
    value = getattr(event, field)
    if value is None:
        return None
    if field == "card":
        return defs[value]
    ids = {defs[ref] for ref in value}
    return ids.pop() if len(ids) == 1 else None


def _strike_columns(columns: Columns, summaries: list[StrikeSummary], game_id: str,
                    bucket: str, chars: tuple[str, str]) -> None:
    names = [f.name for f in _SUMMARY]
    for s in summaries:
        values = dict(zip(names, msgspec.structs.astuple(s), strict=True))
        values["game_id"] = game_id
        values["a_char"], values["d_char"] = chars[s.attacker], chars[s.defender]
        values["bucket"] = bucket
        for name, target in columns.items():
            target.append(values[name])


# --- writing (main process) ---------------------------------------------------------------


class IndexReport(msgspec.Struct, kw_only=True):
    """Counts of one ``exceed index`` run (``damaged`` ones are also ``indexed``)."""

    indexed: int = 0
    already: int = 0
    skipped: int = 0
    damaged: int = 0
    events: int = 0

    def summary(self) -> str:
        return (f"indexed {self.indexed} game(s), {self.already} already indexed, "
                f"{self.skipped} skipped, {self.damaged} damaged (indexed as unsealed)")


def scan_paths(paths: Iterable[Path]) -> tuple[list[str], list[str]]:
    """Files to index (directories scanned recursively for ``*.exlog``) and missing paths."""
    files: list[str] = []
    missing: list[str] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(str(p) for p in path.rglob("*.exlog") if p.is_file()))
        elif path.is_file():
            files.append(str(path))
        else:
            missing.append(str(path))
    return files, missing


def to_arrow(columns: dict[str, Columns]) -> dict[str, pa.Table]:
    """A chunk's columnar lists as one Arrow table per index table."""
    return {table: pa.Table.from_pydict(columns[table], schema=schema)
            for table, schema in ARROW_SCHEMAS.items()}


def insert_arrow(con: duckdb.DuckDBPyConnection, tables: dict[str, pa.Table]) -> None:
    """Insert whole games' rows into every table from Arrow, in one transaction."""
    con.execute("BEGIN")
    for table, arrow in tables.items():
        con.register("_exceed_batch", arrow)
        con.execute(f"INSERT INTO {table} BY NAME SELECT * FROM _exceed_batch")
        con.unregister("_exceed_batch")
    con.execute("COMMIT")


class Indexer:
    """One ``exceed index`` run against ``db``; ``say`` receives the one-line messages."""

    def __init__(self, db: Path, *, jobs: int, batch: int = DEFAULT_BATCH,
                 wait: float = DEFAULT_WAIT, say: Callable[[str], None] = print,
                 progress: Callable[[int, int], None] | None = None) -> None:
        self.db, self.jobs, self.batch, self.wait = db, jobs, batch, wait
        self.say = say
        self.progress = progress
        self.report = IndexReport()

    def run(self, paths: Iterable[Path]) -> IndexReport:
        files, missing = scan_paths(paths)
        for path in missing:
            self._skip(path, "no such file or directory")
        self.db.parent.mkdir(parents=True, exist_ok=True)
        with writer_lock(self.db, self.wait, self.say) as lock_fd:
            con = connect_retrying(self.db, read_only=False, timeout=self.wait)
            try:
                _ensure_schema(con, self.say)
                known = {r[0] for r in con.execute("SELECT game_id FROM games").fetchall()}
            finally:
                con.close()
            with _workers(self.jobs, lock_fd) as workers:
                # in scan order, so of two identical files the first path is the one kept
                todo = self._dedupe(workers.map(hash_file, files, 64, ordered=True), known)
                self._ingest(workers.map(decode_chunk, self._chunks(todo), 1), len(files))
        return self.report

    def _skip(self, path: str, reason: str) -> None:
        self.say(f"{path}: skipped: {reason}")
        self.report.skipped += 1

    def _dedupe(self, hashed: Iterable[tuple[str, str | None, str | None]],
                known: set[str]) -> list[tuple[str, str]]:
        todo: list[tuple[str, str]] = []
        for path, game_id, why in hashed:
            if game_id is None:
                self._skip(path, why or "unreadable")
            elif game_id in known:
                self.report.already += 1
            else:
                known.add(game_id)
                todo.append((path, game_id))
        return todo

    def _chunks(self, todo: list[tuple[str, str]]) -> list[list[tuple[str, str]]]:
        size = max(1, min(self.batch, CHUNK, math.ceil(len(todo) / (self.jobs * 4))))
        return [todo[i:i + size] for i in range(0, len(todo), size)]

    def _ingest(self, chunks: Iterable[Chunk], total: int) -> None:
        """Commit decoded chunks in batches of about ``batch`` games (or every
        ``FLUSH_SECONDS``, so readers see progress), counting outcomes once committed."""
        done = self.report.already + self.report.skipped
        pending: list[tuple[dict[str, pa.Table], list[Outcome]]] = []
        games = 0
        last = time.monotonic()
        for chunk in chunks:
            pending.append((to_arrow(chunk.columns), chunk.outcomes))
            games += len(chunk.columns["games"]["game_id"])
            done += len(chunk.outcomes)
            if self.progress is not None:
                self.progress(done, total)
            if games >= self.batch or time.monotonic() - last >= FLUSH_SECONDS:
                self._commit(pending)
                pending, games, last = [], 0, time.monotonic()
        self._commit(pending)

    def _commit(self, pending: list[tuple[dict[str, pa.Table], list[Outcome]]]) -> None:
        tables = {t: pa.concat_tables([p[0][t] for p in pending], promote_options="none")
                  for t in TABLES} if pending else {}
        if tables and tables["games"].num_rows:
            # the file is open only for the insert and commit of this batch
            con = connect_retrying(self.db, read_only=False, timeout=self.wait)
            try:
                insert_arrow(con, tables)
            finally:
                con.close()
            self.report.events += tables["events"].num_rows
        for _, outcomes in pending:
            for outcome in outcomes:
                self._count(outcome)

    def _count(self, outcome: Outcome) -> None:
        if outcome.status == "skipped":
            self._skip(outcome.path, outcome.reason or "not a log")
            return
        self.report.indexed += 1
        if not outcome.sealed:
            self.report.damaged += 1
            self.say(f"{outcome.path}: damaged: {outcome.reason}; indexed its complete "
                     "prefix as unsealed")


class _Workers:
    """Maps over worker processes (fork context), or in-process for ``--jobs 1``."""

    def __init__(self, pool: multiprocessing.pool.Pool | None) -> None:
        self.pool = pool

    def map(self, fn: Callable[[T], R], items: Sequence[T], chunksize: int,
            ordered: bool = False) -> Iterator[R]:
        if self.pool is None or not items:
            return map(fn, items)
        if ordered:
            return self.pool.imap(fn, items, chunksize=chunksize)
        return self.pool.imap_unordered(fn, items, chunksize=chunksize)


@contextmanager
def _workers(jobs: int, lock_fd: int) -> Iterator[_Workers]:
    if jobs <= 1:
        yield _Workers(None)
        return
    ctx = multiprocessing.get_context("fork")
    # workers drop their copy of the lock descriptor, so a killed indexer's lock dies
    # with it and not with its orphaned workers
    with ctx.Pool(jobs, initializer=os.close, initargs=(lock_fd,)) as pool:
        yield _Workers(pool)
