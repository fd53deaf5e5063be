"""Where the index is read from: a DuckDB file or an exported Parquet dataset.

``Source`` is a small frozen value; every query opens a short-lived read-only connection
with ``Source.connect()`` (waiting while the indexer holds the file), runs within the
source's time limit (``execute``) and closes it. ``open_source`` finds the index at a
path. The errors a reader meets (``IndexMissing``, with ``NoIndexFile`` for nothing at
the path, ``QueryError``, ``QueryTimeout``,
``QueryOutOfMemory``, ``IndexBusy``) each print as one line.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Literal

import duckdb
import msgspec
from duckdb import DuckDBPyConnection as Connection

from engine import first_line as text_line
from replay.index import checksums
from replay.index.damage import damaged_file, is_damage, named_file, tables_named
from replay.index.locks import NotAnIndex, check_index_file, connect_retrying, quiet
from replay.index.schema import SCHEMA_VERSION, TABLES, column_type
from replay.index.writer import default_index_path
from replay.quoting import file_named, shortened

DEFAULT_TIMEOUT = 10.0
"""Seconds a reader waits while the indexer holds the DuckDB file."""
DEFAULT_LIMIT = 30.0
"""Seconds any one query may run before it is interrupted (``Source.limit``)."""
SQL_LIMIT = 5.0
"""The default time limit of ``exceed query --sql``."""
MAX_ROWS = 2**63 - 1
"""The largest row count a ``LIMIT`` or ``OFFSET`` takes (DuckDB binds it as a BIGINT).
No table holds more rows, so a larger count means the same: ``capped_rows`` clamps to it
(``exceed query games --limit 99999999999999999999`` was DuckDB's "Conversion Error",
blamed on the index)."""


def capped_rows(count: int) -> int:
    """``count`` as a ``LIMIT`` or ``OFFSET`` parameter: at most ``MAX_ROWS``."""
    return min(count, MAX_ROWS)


class IndexMissing(Exception):
    """There is no index where one was expected. ``str()`` is one line."""


class NoIndexFile(IndexMissing):
    """Nothing at all at the index's ``path`` (``str()``: one line saying what to run)."""

    def __init__(self, path: str) -> None:
        super().__init__(f"no index at {path}: run `exceed index LOGS...` first (or pass --db)")
        self.path = path


class QueryError(Exception):
    """A refused query or a bad filter value. ``str()`` is one line."""


class QueryLimit(QueryError):
    """A query was stopped by one of its limits (time or memory). ``str()`` is one line."""


class QueryTimeout(QueryLimit):
    """A query ran past its source's time limit and was interrupted. ``str()`` is one line."""


class QueryOutOfMemory(QueryLimit):
    """A query needed more memory than its limit and was stopped. ``str()`` is one line."""


class Source(msgspec.Struct, frozen=True, kw_only=True):
    """Where the index is read from: a DuckDB file, or a Parquet dataset from ``exceed export``.

    Sources are small frozen values (hashable, so a UI can cache on them); every query
    opens a short-lived read-only connection with ``connect()`` and closes it at once.
    ``timeout``: seconds to wait while the indexer holds the file; ``limit``: seconds a
    query may run before it is interrupted (``QueryTimeout``; 0 for no limit).
    """

    kind: Literal["duckdb", "parquet"]
    path: str
    timeout: float = DEFAULT_TIMEOUT
    limit: float = DEFAULT_LIMIT

    @classmethod
    def duckdb(cls, path: str | os.PathLike[str], timeout: float = DEFAULT_TIMEOUT,
               limit: float = DEFAULT_LIMIT) -> Source:
        return cls(kind="duckdb", path=os.fspath(path), timeout=timeout, limit=limit)

    @classmethod
    def parquet(cls, directory: str | os.PathLike[str], limit: float = DEFAULT_LIMIT) -> Source:
        return cls(kind="parquet", path=os.fspath(directory), limit=limit)

    def with_limit(self, limit: float) -> Source:
        """This source with another query time limit (seconds, 0 for none)."""
        return msgspec.structs.replace(self, limit=limit)

    @contextmanager
    def connect(self) -> Iterator[Connection]:
        """A read-only connection, closed on exit. A DuckDB file being written is waited
        for (up to ``timeout`` seconds, then ``IndexBusy``), never failed at once."""
        if self.kind == "duckdb":
            if not Path(self.path).is_file():
                raise NoIndexFile(self.path)
            _check_file(Path(self.path))
            try:
                con = connect_retrying(Path(self.path), read_only=True, timeout=self.timeout)
            except duckdb.Error as error:
                raise IndexMissing(f"{self.path} is not a DuckDB index: "
                                   f"{first_line(error)}") from None
            private = None
        else:
            # what a query past EXPORT_MEMORY spills goes to a directory of its own, not
            # DuckDB's default ``.tmp`` under the current directory
            private = tempfile.mkdtemp(prefix="exceed-export-")
            try:
                con = _parquet_connection(Path(self.path), private)
            except BaseException:
                shutil.rmtree(private, ignore_errors=True)
                raise
        try:
            # table names must never resolve to Python variables of the caller
            con.execute("SET python_enable_replacements = false")
            yield con
        finally:
            con.close()
            if private is not None:
                shutil.rmtree(private, ignore_errors=True)


def _check_file(path: Path) -> None:
    """Refuse a file that is not a DuckDB database before anything is created beside it."""
    try:
        check_index_file(path)
    except NotAnIndex as error:
        raise IndexMissing(str(error)) from None


def open_source(path: str | os.PathLike[str] | None = None,
                timeout: float = DEFAULT_TIMEOUT, limit: float = DEFAULT_LIMIT) -> Source:
    """The source at ``path`` (default: ``default_index_path()``): a directory holding
    ``games/`` is a Parquet dataset, anything else a DuckDB file (which must exist and
    be a DuckDB database: anything else raises ``IndexMissing`` before any file is
    created beside it)."""
    where = Path(path) if path is not None else default_index_path()
    if where.is_dir():
        if (where / "games").is_dir():
            return Source.parquet(where, limit)
        raise IndexMissing(f"{where} is a directory but not an exported index (no games/ in it)")
    if not where.exists():
        raise NoIndexFile(os.fspath(where))
    _check_file(where)  # a named pipe or a device: one line saying so
    return Source.duckdb(where, timeout, limit)


def _sql_string(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


EXPORT_MEMORY = 512 * 2**20
"""DuckDB's ``memory_limit`` on a connection over an exported index: a Parquet page past
it (a file of a few KiB can declare a 300 MB string) is refused before it is inflated.
An export's pages hold at most ``DATA_VALUE`` bytes a value, so a real one never
nears it."""
TEXT_VALUE = 16 * 1024
"""Bytes a text value of an exported index may hold (ids, names, paths, damage lines:
a path is at most 4,096), unless ``VALUE_CAPS`` says otherwise. A longer one is refused
as it is read, before a query's rows reach Python (500 rows of 300 MB each took
7.8 GB and two minutes)."""
DATA_VALUE = 1024 * 1024
"""Bytes an event's or a decision's ``data`` (its JSON) may hold: ``MAX_STRING`` of the
log format; a real one is under a kilobyte."""
VALUE_CAPS: dict[tuple[str, str], int] = {("events", "data"): DATA_VALUE,
                                          ("decisions", "data"): DATA_VALUE}
OVER_CAP = "an exported index value may hold"
"""The words that end a refused value's message (``execute`` drops DuckDB's prefix)."""


def _capped(directory: Path, table: str, name: str) -> str:
    """The view's expression for text column ``name`` of ``table``: the value, or an error
    naming the export, the column and the value's size past its cap."""
    cap = VALUE_CAPS.get((table, name), TEXT_VALUE)
    value = f'CAST("{name}" AS VARCHAR)'
    said = _sql_string(f"{file_named(directory)}: {table}.{name} holds a value of ")
    tail = _sql_string(f" bytes, over the {cap:,} {OVER_CAP}")
    return (f"CASE WHEN strlen({value}) > {cap} THEN "
            f"error({said} || strlen({value}) || {tail}) "
            f'ELSE {value} END AS "{name}"')


PARTITIONS = "bucket=*"
"""The partition directories of a table in an export (``replay.index.export``); only
their ``*.parquet`` files are read, so a stray file beside them (``games/x.parquet``, or
one in another directory) is ignored rather than breaking every query."""


def glob_literal(path: str) -> str:
    """``path`` as a DuckDB glob matching that path alone: each ``*``, ``?`` and ``[``
    in a class of its own (``[[]``), so an export in a folder named ``x[1]`` is read
    (it was "No files found that match the pattern") and one named ``q?`` is not read
    with its neighbour ``qa``."""
    return "".join(f"[{c}]" if c in "*?[" else c for c in path)


def _parquet_connection(directory: Path, spill: str) -> duckdb.DuckDBPyConnection:
    """An in-memory connection with one view per table over its partitions'
    ``<dir>/<table>/bucket=*/*.parquet`` files, within ``EXPORT_MEMORY`` (spilling to
    the directory ``spill``), each text value checked against its cap as it is read
    (``_capped``). A dataset DuckDB cannot read (such as a partition file that is not
    Parquet) is ``IndexMissing``, one line naming the file."""
    for table in TABLES:
        if not (directory / table).is_dir():
            raise IndexMissing(f"{directory} is not an exported index: {table}/ is missing "
                               f"(run `exceed export --parquet {directory}`)")
    con = quiet(duckdb.connect())
    try:
        con.execute(f"SET memory_limit = '{EXPORT_MEMORY}B'")
        con.execute(f"SET temp_directory = {_sql_string(spill)}")
        for table, columns in TABLES.items():
            files = _sql_string(f"{glob_literal(str(directory.resolve() / table))}/"
                                f"{PARTITIONS}/*.parquet")
            source = (f"read_parquet({files}, hive_partitioning = true, "
                      "hive_types = {'bucket': VARCHAR})")
            select = ", ".join(
                _capped(directory, table, n) if column_type(d) == "VARCHAR"
                else f'CAST("{n}" AS {column_type(d)}) AS "{n}"' for n, d in columns)
            try:
                con.execute(f"CREATE VIEW {table} AS SELECT {select} FROM {source}")
            except duckdb.BinderException:
                present = {row[0] for row in con.execute(f"DESCRIBE SELECT * FROM {source}")
                           .fetchall()}
                missing = [name for name, _ in columns if name not in present]
                if not missing:
                    raise
                damaged = checksums.unlike_listed(directory.resolve(), [table])
                if damaged is not None:  # another table's file, or any other Parquet, in
                    raise IndexMissing(_named(directory, damaged)) from None  # its place
                raise IndexMissing(
                    f"{directory} was exported by an older exceed-replay (its {table} lack "
                    f"{', '.join(missing)}): export the index again with `exceed export "
                    f"--parquet {directory}`") from None
    except duckdb.Error as error:
        con.close()
        raise IndexMissing(_unreadable(directory, error)) from None
    except BaseException:
        con.close()
        raise
    return con


def lock_down(src: Source, con: duckdb.DuckDBPyConnection, private: str) -> None:
    """No file access beyond the dataset itself for user SQL.

    DuckDB keeps its temporary directory readable even without external access (by
    default ``.tmp/`` under the current directory, or ``<db>.tmp/`` beside an index
    file), following symlinks in it; so it is pinned first to ``private``, a fresh
    private directory (the caller's, removed afterwards) which nobody else can fill.
    Known extensions are neither installed nor loaded on demand: a function of one
    (``sqlite_scan``) is then one line saying it does not exist, where DuckDB's
    "automatically install" message had its reason on a second line. The caller locks
    the configuration once it has set its own limits (``sandbox``).
    """
    con.execute(f"SET temp_directory = {_sql_string(private)}")
    if src.kind == "parquet":
        # The views read the export through its glob-literal form (``st[*]r`` for a
        # folder ``st*r``), which DuckDB checks as written: allowed too, or every query
        # of such an export was "file system operations are disabled". (A sibling
        # folder literally named ``st[*]r`` is then readable as well; ``..`` is not.)
        literal = str(Path(src.path).resolve()) + os.sep
        allowed = ", ".join(_sql_string(d) for d in dict.fromkeys(
            (literal, glob_literal(literal))))
        con.execute(f"SET allowed_directories = [{allowed}]")
    con.execute("SET autoinstall_known_extensions = false")
    con.execute("SET autoload_known_extensions = false")
    con.execute("SET enable_external_access = false")


@contextmanager
def locked_down(src: Source, con: duckdb.DuckDBPyConnection) -> Iterator[None]:
    """``lock_down`` with a fresh private temporary directory, removed on exit."""
    private = tempfile.mkdtemp(prefix="exceed-sql-")
    try:
        lock_down(src, con, private)
        yield
    finally:
        shutil.rmtree(private, ignore_errors=True)


def timeout_message(limit: float) -> str:
    """The one line of a query stopped at its time limit."""
    return (f"the query ran longer than {limit:g} s and was interrupted (give a longer "
            "time limit, or a narrower query)")


@contextmanager
def _time_limit(src: Source, con: duckdb.DuckDBPyConnection) -> Iterator[None]:
    """Interrupt ``con``'s query once it has run ``src.limit`` seconds (``QueryTimeout``)."""
    if src.limit <= 0:
        yield
        return
    guard = threading.Lock()
    state = {"open": True, "fired": False}

    def interrupt() -> None:
        with guard:
            if state["open"]:
                state["fired"] = True
                con.interrupt()

    timer = threading.Timer(src.limit, interrupt)
    timer.daemon = True
    timer.start()
    try:
        yield
    except duckdb.InterruptException:
        if state["fired"]:
            raise QueryTimeout(timeout_message(src.limit)) from None
        raise
    finally:
        with guard:
            state["open"] = False
        timer.cancel()
        # cancel() only wakes the timer's thread: joined, no thread of an ended query is
        # left (a loaded machine ran the next lines before it exited)
        timer.join()


def execute(src: Source, con: duckdb.DuckDBPyConnection, sql: str,
             params: Sequence[object] | None, where: str | None, *, own: bool = False
             ) -> tuple[list[str], list[tuple[object, ...]]]:
    """Run one query within ``src``'s time limit: ``(column names, rows)``. A DuckDB
    error becomes a one-line ``QueryError`` (prefixed by ``where``, if given).

    A missing table or column on a DuckDB file that is not an index is that file's
    fault for a query of this project: the error says it is not an exceed index. For
    ``own`` SQL (a person's, ``exceed query --sql``) it is the query's first: DuckDB's
    first line, then, as a second clause, that the file does not look like an exceed
    index. DuckDB's line is always ``shortened``: it echoes the query's names and the
    values given to it."""
    if src.kind == "parquet":  # a file damaged since the export: named before it is read
        _check_listed(src, sql)
    try:
        with _time_limit(src, con):
            cursor = con.execute(sql, None if params is None else list(params))
            names = [d[0] for d in cursor.description]
            return names, [tuple(row) for row in cursor.fetchall()]
    except QueryError:
        raise
    except duckdb.OutOfMemoryException as error:
        message = first_line(error)
        if src.kind == "parquet":  # what spills never fails: a single allocation did
            where = file_named(src.path) if where is None else where
            message = (f"{message}: a query over an exported index "
                       f"may use {EXPORT_MEMORY // 2**20} MiB of memory, and no page "
                       "`exceed export` writes comes near it (its values are capped), so a "
                       "Parquet file there was written by something else")
        raise QueryOutOfMemory(message if where is None else f"{where}: {message}") from None
    except duckdb.Error as error:
        message = shortened(first_line(error))  # it may echo a value given to a query
        if isinstance(error, duckdb.InvalidInputException) and OVER_CAP in message:
            # an exported value past its cap (``_capped``): the export's fault, said as
            # the view says it, without DuckDB's "Invalid Input Error: "
            said = re.sub(r"holds a value of (\d+) bytes",
                          lambda found: f"holds a value of {int(found[1]):,} bytes",
                          message.partition(": ")[2])
            raise QueryError(said) from None
        if src.kind == "parquet" and is_damage(error):
            raise QueryError(_damage_message(src, sql, message)) from None
        if src.kind == "duckdb" and isinstance(error, duckdb.IOException) and any(
                word in message for word in _UNREADABLE_FILE):
            # a file cut short or damaged past what opening it reads (it was "FILE: IO
            # Error: Could not read enough bytes ..."): said as a file cut shorter is
            # when it is opened (``Source.connect``, ``exceed dashboard``)
            raise QueryError(f"{src.path} is not a DuckDB index: {message}") from None
        version = (_stored_version(con) if isinstance(error, _MISSING) and src.kind == "duckdb"
                   else None)
        if version == 0:
            if own:
                raise QueryError(f"{message}; {src.path} does not look like an exceed index "
                                 "(it has no schema_version table)") from None
            raise QueryError(f"{src.path} is not an exceed index (a DuckDB database without "
                             f"its schema_version table): {message}") from None
        if version is not None and version < SCHEMA_VERSION:
            older = older_index_message(src.path, version)
            raise QueryError(f"{message}; {older}" if own else older) from None
        raise QueryError(message if where is None else f"{where}: {message}") from None


def _check_listed(src: Source, sql: str) -> None:
    """Refuse ``sql`` with one line when a partition file of a table it names is not as
    the export's checksum list says (``replay.index.checksums``)."""
    base = Path(src.path).resolve()
    found = checksums.unlike_listed(base, tables_named(sql, list(TABLES)))
    if found is not None:
        raise QueryError(_named(Path(src.path), found))


def _damage_message(src: Source, sql: str, message: str) -> str:
    """The one line for a partition file of ``src`` DuckDB failed to decode while it
    ran ``sql``: the file DuckDB named, or else the first of the tables ``sql`` names
    that cannot be read whole (``replay.index.damage``); DuckDB's own words otherwise."""
    base = Path(src.path).resolve()
    named = _named_damage(message)
    if named is not None:
        file, why = named
    else:
        found = damaged_file(base, tables_named(sql, list(TABLES)), f"{EXPORT_MEMORY}B",
                             src.limit)
        if found is None:
            return (f"{file_named(src.path)}: a Parquet file of this exported index is "
                    f"damaged ({message}); export the index again")
        file, why = found
    return _named(Path(src.path), (file, f"damaged Parquet file, it cannot be read ({why})"))


def _named_damage(message: str) -> tuple[Path, str] | None:
    """The Parquet file DuckDB's ``message`` names, and its words without the name."""
    named = named_file(message)
    if named is None:
        return None
    return Path(named), message.split(": ", 2)[-1].replace(f" '{named}'", "").replace(
        f' "{named}"', "")


def _unreadable(directory: Path, error: duckdb.Error) -> str:
    """The one line for an export whose views cannot be made (DuckDB reads a table's
    first partition file to make its view): a partition file unlike its table's
    checksum list, or the damaged file DuckDB names, as a query names them (a file cut
    short there read "is not a readable exported index: Invalid Input Error: No magic
    bytes ..."); DuckDB's own first line otherwise."""
    base = directory.resolve()
    message = first_line(error)
    found = checksums.unlike_listed(base, list(TABLES))
    if found is None and is_damage(error) and (named := _named_damage(message)) is not None:
        found = named[0], f"damaged Parquet file, it cannot be read ({named[1]})"
    if found is None:
        return f"{directory} is not a readable exported index: {message}"
    return _named(directory, found)


def _named(directory: Path, found: tuple[Path, str]) -> str:
    """The one line naming the partition file ``found`` (its path and what is wrong,
    ``checksums.unlike_listed``'s) under the export ``directory`` as the user wrote it."""
    file, what = found
    base = directory.resolve()
    shown = directory / file.relative_to(base) if file.is_relative_to(base) else file
    return f"{file_named(shown)}: {what}; export the index again"


_UNREADABLE_FILE = ("Could not read", "checksum", "Corrupt")
"""Words of DuckDB's IO errors reading an index file cut short or damaged (not, say,
"Failed to create directory" for a spilled query's temporary files)."""

_MISSING = (duckdb.CatalogException, duckdb.BinderException)
"""What DuckDB raises for a table or column it does not have: on a file without the
index's ``schema_version`` table, the file is another DuckDB database, and says so; on an
index of an older schema version, the columns added since are missing, and it says that."""


def older_index_message(path: str, version: int) -> str:
    """The one line for an index built by an older ``exceed index``: it lacks columns
    this code reads until it is rebuilt."""
    return (f"{path} was built by an older `exceed index` (schema version {version}, this "
            f"exceed-replay reads {SCHEMA_VERSION}): run `exceed index LOGS...` on it again "
            "to rebuild it")


def _stored_version(con: duckdb.DuckDBPyConnection) -> int | None:
    """The schema version ``con``'s index records; 0 when the database has no
    ``schema_version`` table (not an exceed index); None when it cannot tell (keep
    DuckDB's own message)."""
    try:
        row = con.execute("SELECT count(*) FROM information_schema.tables "
                          "WHERE table_name = 'schema_version'").fetchone()
        if not (row and row[0]):
            return 0
        stored = con.execute("SELECT max(version) FROM schema_version").fetchone()
    except duckdb.Error:
        return None
    value = None if stored is None else stored[0]
    return value if isinstance(value, int) and value > 0 else None



def first_line(error: BaseException) -> str:
    """The first line of ``error``'s text (``engine.first_line``), or its type's name
    when it has none: a DuckDB error in one line."""
    return text_line(error) or type(error).__name__

