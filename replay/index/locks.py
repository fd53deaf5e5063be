"""Opening the index: what may be opened, the writer lock, and connections that wait.

``check_index_file`` refuses a ``--db`` that is not a DuckDB database file before
anything is created beside it. ``<db>.lock`` (``flock``, ``writer_lock``) serialises
indexers, and every opener, reader or writer, passes the ``<db>.turn`` turnstile
(``connect_retrying``) so neither side starves the other (``docs/index.md``,
Concurrency). A read-write connection opens with ``WRITE_CONFIG``.
"""

from __future__ import annotations

import fcntl
import os
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import duckdb

from engine import open_regular
from replay.quoting import file_named

WRITE_THREADS = 2
"""DuckDB worker threads of a read-write connection (its default is one per core). Each
DuckDB thread costs address space before it does anything (an 8 MiB stack and a 64 MiB
malloc arena), and so do the 8 threads of DuckDB's asynchronous I/O pool, which serves
Parquet and CSV reads only: with the defaults, opening the index took 650 MiB of address
space, so ``exceed index`` failed under a 1 GiB ``RLIMIT_AS``. A writer opens with this
many threads and no I/O pool (``WRITE_CONFIG``)."""
WRITE_CONFIG: dict[str, str | int | bool] = {"threads": WRITE_THREADS, "async_threads": 0}
"""The DuckDB configuration a read-write connection opens with (see ``WRITE_THREADS``)."""


def quiet(con: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyConnection:
    """``con`` with DuckDB's progress bar off, explicitly: drawn on standard output once
    a query runs past two seconds, it went into the CSV or JSON of ``exceed query`` (a
    clean-clone CI run of stop 55 read it in the output of a query stopped at its memory
    limit; what turned it on there is not found). Set per connection, so the database's
    configuration (``WRITE_CONFIG``) is unchanged."""
    con.execute("SET enable_progress_bar = false")
    return con


class IndexBusy(Exception):
    """The index stayed locked by another process past the wait. ``str()`` is one line."""


class NotAnIndex(Exception):
    """``--db`` names something that is not an index. ``str()`` is one line."""


_DUCKDB_MAGIC = (8, b"DUCK")  # offset and bytes of a DuckDB database file's magic


def check_index_file(db: Path, *, may_be_new: bool = False) -> None:
    """Refuse an existing ``db`` that is not a DuckDB database file (an ``.exlog``, a
    directory, an empty file...) before anything is created beside it; a path that does
    not exist yet passes (the indexer creates it), and so does an empty file when
    ``may_be_new`` (an indexer may be creating it right now)."""
    if not os.path.lexists(db):
        return
    if db.is_dir():
        raise NotAnIndex(f"{db} is a directory; --db takes the index file")
    offset, magic = _DUCKDB_MAGIC
    try:
        with open_regular(db) as stream:  # a named pipe would block: NotRegularFile
            head = stream.read(offset + len(magic))
    except OSError as error:
        raise NotAnIndex(f"{file_named(db)}: cannot read: {error.strerror or error}") from None
    if head[offset:] != magic and not (may_be_new and not head):
        raise NotAnIndex(f"{db} is not an exceed index (not a DuckDB database file); "
                         "refusing to use it")


# --- connections --------------------------------------------------------------------------

_LOCK_ERRORS = (duckdb.IOException, duckdb.ConnectionException)


def connect_retrying(path: Path, *, read_only: bool, timeout: float) -> duckdb.DuckDBPyConnection:
    """Open ``path``, waiting (up to ``timeout`` seconds) while another process holds it.

    DuckDB locks the file: a writer excludes readers and readers exclude a writer, each
    only while their short-lived connection is open. Openers take turns through the
    ``<db>.turn`` turnstile, so a stream of readers cannot starve the indexer and a
    busy indexer cannot starve the readers. A writer opens with ``WRITE_CONFIG``.
    """
    deadline = time.monotonic() + timeout
    role = "read" if read_only else "write"
    busy = f"{path} is locked by another process; could not {role} it within {timeout:g} s"
    with _turnstile(path, deadline, busy):
        delay = 0.002
        while True:
            try:
                if read_only:
                    return quiet(duckdb.connect(str(path), read_only=True))
                return quiet(duckdb.connect(str(path), config=dict(WRITE_CONFIG)))
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
