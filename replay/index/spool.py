"""The indexer's worker processes and how their decoded rows reach it.

``_workers`` starts the run's processes (fork context, ``replay.workers``: they end
with the indexer) and its spool directory; a worker's result is a ``Chunk``: an
``Outcome`` per file and its Arrow tables, handed over as IPC streams in a spool file
(``Spooled``) rather than through the pool's pipe. Only ``replay.index.rows`` (the
worker side) and ``replay.index.writer`` (the main process) use this module.
"""

from __future__ import annotations

import hashlib
import multiprocessing.pool
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from itertools import count
from pathlib import Path
from typing import TypeVar

import msgspec
import pyarrow as pa

from replay import workers

T = TypeVar("T")
R = TypeVar("R")


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    """What became of one file: ``indexed`` (maybe unsealed) or ``skipped`` with ``reason``."""

    path: str
    game_id: str
    status: str
    reason: str | None = None
    sealed: bool = True
    damaged: bool = False
    """Unsealed because reading stopped at damage (else, when unsealed: an unfinished
    game, which is not damage: docs/log-format.md section 7)."""


class Spooled:
    """A chunk's tables as a worker hands them over: Arrow IPC streams, one per table,
    back to back in a file of the run's spool directory (``layout``: each table's name
    and byte length), so that megabytes of rows do not go through a pipe (a worker
    waits until the main process has read all of it, and a ``multiprocessing.Pool``
    spins meanwhile). Unpickling it in the main process maps the file into memory (no
    copy), each table's stream on its own (so the pages of a table the main process has
    copied and dropped, the events it merges, are released at once, not kept by the
    other tables), and removes it at once; it never raises there (the pool's result
    thread must not die), an error is raised by ``tables()`` instead."""

    def __init__(self, path: str, layout: list[tuple[str, int]],
                 buffers: list[pa.Buffer] | None = None, error: str | None = None) -> None:
        self.path, self.layout, self.buffers, self.error = path, layout, buffers, error

    def __reduce__(self) -> tuple[object, ...]:
        return _receive, (self.path, self.layout)

    def tables(self) -> dict[str, pa.Table]:
        buffers, error = self.buffers, self.error
        if buffers is None and error is None:  # not sent: read in this process
            received = _receive(self.path, self.layout)
            buffers, error = received.buffers, received.error
        if buffers is None:
            raise OSError(f"lost the decoded rows of a chunk ({self.path}): {error}")
        return {name: pa.ipc.open_stream(buffer).read_all()
                for (name, _), buffer in zip(self.layout, buffers, strict=True)}


def _receive(path: str, layout: list[tuple[str, int]]) -> Spooled:
    try:
        buffers = []
        start = 0
        for _, size in layout:  # one mapping per table
            with pa.memory_map(path) as mapped:
                mapped.seek(start)
                buffers.append(mapped.read_buffer(size))
            start += size
        os.unlink(path)  # the mappings keep the pages until the tables are freed
    except OSError as error:
        return Spooled(path, layout, error=str(error))
    return Spooled(path, layout, buffers)


class Chunk(msgspec.Struct, kw_only=True):
    """A worker's result: an outcome per file and the rows of the games it decoded, as
    Arrow tables (cheap to send and to read back, unlike pickled Python rows): handed
    over as they are in-process (``--jobs 1``), ``spooled`` from a worker process, or
    pickled (Arrow tables pickle as their buffers) if the spool file can't be written."""

    outcomes: list[Outcome]
    games: int
    tables: dict[str, pa.Table] | None = None
    spooled: Spooled | None = None

    def read_tables(self) -> dict[str, pa.Table]:
        if self.spooled is not None:
            return self.spooled.tables()
        assert self.tables is not None
        return self.tables


_SPOOLED = count()
_PARENT: int | None = None  # in a worker process: the indexer's pid


def _start_worker(lock_fd: int, parent: int) -> None:
    """Worker initializer: drop the copy of the writer lock (so a killed indexer's lock
    dies with it, not with its orphaned workers), note the indexer's pid, and build the
    Arrow tables with the system allocator (which gives a chunk's memory back once it is
    spooled; Arrow's default pool keeps it)."""
    global _PARENT
    os.close(lock_fd)
    _PARENT = parent
    pa.set_memory_pool(pa.system_memory_pool())


def _orphaned() -> bool:
    return _PARENT is not None and os.getppid() != _PARENT


def _pack(tables: dict[str, pa.Table], spool: str | None,
          outcomes: list[Outcome], games: int) -> Chunk:
    """A worker's ``Chunk``: its tables spooled to a file if there is a spool directory."""
    if _orphaned():
        os._exit(1)
    if spool is not None:
        path = os.path.join(spool, f"{os.getpid()}-{next(_SPOOLED)}.arrow")
        try:
            with pa.OSFile(path, "wb") as sink:
                layout = _write_streams(tables, sink)
            return Chunk(outcomes=outcomes, games=games, spooled=Spooled(path, layout))
        except OSError:  # e.g. a full or vanished temporary directory: pickle them
            with suppress(OSError):
                os.unlink(path)
    return Chunk(outcomes=outcomes, games=games, tables=tables)


def _write_streams(tables: dict[str, pa.Table], sink: pa.NativeFile) -> list[tuple[str, int]]:
    layout = []
    for name, table in tables.items():
        start = sink.tell()
        with pa.ipc.new_stream(sink, table.schema) as writer:
            writer.write_table(table)
        layout.append((name, sink.tell() - start))
    return layout


class _Workers:
    """Maps over worker processes (fork context), or in-process for ``--jobs 1``; with
    processes, ``spool`` is the directory the decoded tables are handed over in (see
    ``Chunk``). Results must stay small: a ``multiprocessing.Pool`` also watches its
    result pipe from its worker-handler thread, which spins while a large result is
    being read.
    """

    def __init__(self, pool: multiprocessing.pool.Pool | None, spool: str | None) -> None:
        self.pool = pool
        self.spool = spool

    def map(self, fn: Callable[[T], R], items: Sequence[T], chunksize: int,
            ordered: bool = False) -> Iterator[R]:
        if self.pool is None or not items:
            return map(fn, items)
        if ordered:
            return self.pool.imap(fn, items, chunksize=chunksize)
        return self.pool.imap_unordered(fn, items, chunksize=chunksize)


@contextmanager
def _workers(jobs: int, lock_fd: int, db: Path) -> Iterator[_Workers]:
    """The run's workers; the caller holds ``db``'s writer lock."""
    if jobs <= 1:
        yield _Workers(None, None)
        return
    # The workers hand their tables over in files here (see Spooled), each removed as
    # soon as it is received; the directory goes when the run ends. One named after
    # the index and left by a killed run (holding a chunk in flight) goes now: only
    # the holder of the writer lock uses such directories.
    prefix = f"exceed-index-{hashlib.sha256(str(db.resolve()).encode()).hexdigest()[:12]}-"
    for stale in Path(tempfile.gettempdir()).glob(prefix + "*"):
        shutil.rmtree(stale, ignore_errors=True)
    try:
        spool: str | None = tempfile.mkdtemp(prefix=prefix)
    except OSError:
        spool = None
    try:
        # the workers end with the indexer, even a SIGKILLed one (replay.workers)
        with workers.pool(jobs, _start_worker, (lock_fd, os.getpid())) as pool:
            yield _Workers(pool, spool)
    finally:
        if spool is not None:
            shutil.rmtree(spool, ignore_errors=True)
