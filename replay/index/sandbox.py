"""User SQL (``exceed query --sql``, ``run_sql``) in a child process with hard limits.

DuckDB's interrupt is only seen between chunks of work, and its ``memory_limit`` only
covers the memory its buffer manager hands out: one call of a scalar function is
neither. ``SELECT max(length(repeat('x', 1000000000)))`` ran past 120 s at 4 GB against a
5 s limit, ``damerau_levenshtein`` of two long strings or ``list_sort`` of a huge list
for seconds past it. So a user query runs in a forked child that

- opens its own read-only connection, locked down as ``source.locked_down`` describes,
  with ``memory_limit = SQL_MEMORY`` and ``max_temp_directory_size = SQL_TEMP``;
- then caps its own address space (``RLIMIT_AS``) at what it maps once connected plus
  ``SQL_ADDRESS``, so any allocation past that fails (a one-line ``QueryOutOfMemory``);
- is interrupted (``con.interrupt()``) at the time limit, and killed by the parent
  ``GRACE`` seconds later if it has not stopped; an ``alarm`` ends it too, should the
  parent be gone.

The parent makes and removes the child's private temporary directory, so a killed
child leaves nothing behind.
"""

from __future__ import annotations

import math
import multiprocessing
import multiprocessing.connection
import resource
import shutil
import signal
import tempfile

import duckdb

from replay.index.locks import IndexBusy
from replay.index.source import (
    IndexMissing,
    QueryError,
    QueryOutOfMemory,
    QueryTimeout,
    Source,
    execute,
    first_line,
    lock_down,
    timeout_message,
)
from replay.quoting import file_named, shortened

SQL_MEMORY = 512 * 2**20
"""DuckDB's ``memory_limit`` for user SQL, in bytes (past it, DuckDB spills to disk or
stops the query)."""
SQL_TEMP = 1 * 2**30
"""DuckDB's ``max_temp_directory_size`` for user SQL: what it may spill to disk."""
SQL_ADDRESS = 1 * 2**30
"""Address space the query's process may map beyond what it maps once connected."""
GRACE = 1.0
"""Seconds past the time limit before a query that ignored its interrupt is killed."""
STARTUP = 30.0
"""Seconds the child may take to start, beyond the wait for a busy index."""

_Message = tuple[str, object, object]
_PASSED = (QueryError, IndexMissing, IndexBusy)


def memory_message(src: Source) -> str:
    """The one line of a query stopped at its memory limit. Over an exported index it
    names the export too: a Parquet file someone else wrote there can hold one value
    that inflates past the limit (``exceed export`` keeps every page far below it)."""
    said = (f"the query needed more than its memory limit ({SQL_MEMORY >> 20} MiB in "
            f"memory, {SQL_TEMP >> 30} GiB spilled to disk) and was stopped (give a "
            "narrower query, or aggregate in SQL)")
    if src.kind != "parquet":
        return said
    return (f"{file_named(src.path)}: {said}; if a narrow query stops too, a Parquet "
            "file in that export was written by something other than `exceed export`, "
            "whose pages never come near the limit")


def _cap_address_space() -> None:
    with open("/proc/self/status", encoding="ascii") as status:
        mapped = next(int(line.split()[1]) * 1024 for line in status
                      if line.startswith("VmSize:"))
    cap = mapped + SQL_ADDRESS
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    if soft == resource.RLIM_INFINITY or cap < soft:
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


def _child(src: Source, sql: str, private: str,
           out: multiprocessing.connection.Connection) -> None:
    """Run ``sql`` and send ``("rows", names, rows)`` or ``("error", exception, None)``,
    after ``("ready", None, None)`` once connected."""
    signal.alarm(math.ceil(src.timeout + STARTUP))
    # an export's own spill folder (``Source.connect``) goes inside ``private``, which
    # the parent removes: a child killed at its time limit left ``exceed-export-*`` in
    # the system's temporary folder (found by a fuzz helper)
    tempfile.tempdir = private
    message: _Message
    try:
        with src.connect() as con:
            lock_down(src, con, private)
            con.execute(f"SET memory_limit = '{SQL_MEMORY}B'")
            con.execute(f"SET max_temp_directory_size = '{SQL_TEMP}B'")
            con.execute("SET lock_configuration = true")  # no SET can undo the above
            try:
                _cap_address_space()
            except (OSError, StopIteration):  # no /proc: the limits above still hold
                pass
            # from here the parent keeps time; the alarm is a backstop should it be gone
            signal.alarm(math.ceil(src.limit + 2 * GRACE) if src.limit > 0 else 0)
            out.send(("ready", None, None))
            names, rows = execute(src, con, sql, None, None, own=True)
        message = ("rows", names, rows)
        out.send(message)
    except (QueryOutOfMemory, MemoryError):
        out.send(("error", QueryOutOfMemory(memory_message(src)), None))
    except _PASSED as error:
        out.send(("error", type(error)(str(error)), None))
    except duckdb.Error as error:
        out.send(("error", QueryError(shortened(first_line(error))), None))


def _receive(reader: multiprocessing.connection.Connection, wait: float | None) -> _Message:
    """The child's next message; ``TimeoutError`` when none came within ``wait`` seconds,
    ``EOFError`` when the child ended without one."""
    if not reader.poll(wait):
        raise TimeoutError
    message: _Message = reader.recv()
    return message


def run_isolated(src: Source, sql: str) -> tuple[list[str], list[tuple[object, ...]]]:
    """Run one already-checked SELECT in a child process within the limits above:
    ``(column names, rows)``; ``QueryTimeout`` past ``src.limit``, ``QueryOutOfMemory``
    past the memory limits, else the errors of any query."""
    ctx = multiprocessing.get_context("fork")
    reader, writer = ctx.Pipe(duplex=False)
    private = tempfile.mkdtemp(prefix="exceed-sql-")
    child = ctx.Process(target=_child, args=(src, sql, private, writer), daemon=True)
    try:
        child.start()
    except BaseException:
        reader.close()
        writer.close()
        shutil.rmtree(private, ignore_errors=True)
        raise
    writer.close()
    try:
        try:
            kind, first, second = _receive(reader, src.timeout + STARTUP)
            if kind == "ready":
                wait = src.limit + GRACE if src.limit > 0 else None
                kind, first, second = _receive(reader, wait)
        except TimeoutError:
            raise QueryTimeout(timeout_message(src.limit)) from None
        except EOFError:
            child.join(GRACE)
            code = child.exitcode
            if code is not None and -code == signal.SIGALRM:
                raise QueryTimeout(timeout_message(src.limit)) from None
            raise QueryError(f"the query's process ended without an answer (exit code {code}); "
                             "if it was killed for memory, give a narrower query") from None
        if kind == "error":
            assert isinstance(first, Exception)
            raise first
        assert isinstance(first, list) and isinstance(second, list)
        return first, second
    finally:
        reader.close()
        if child.is_alive():
            child.kill()
        child.join()
        child.close()
        shutil.rmtree(private, ignore_errors=True)
