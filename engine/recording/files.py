"""Opening a log file for reading, refusing anything that is neither a regular file nor
a pipe something is writing to.

``open(path, "rb")`` of a named pipe waits until something writes to it, as ``cat``
would, and a character device (``/dev/zero``) never ends: ``exceed info pipe.exlog`` hung.
``open_regular`` looks before it opens (so a device is never opened) and again at what
it opened (a path swapped meanwhile), opening without blocking; anything else is a
``NotRegularFile``, an ``OSError`` whose ``strerror`` says what it is, so every caller
that already reports "cannot read: ..." names it in one line.

``read_limited`` reads a pipe too when a writer holds it: process substitution
(``exceed info <(zstdcat game.exlog.zst)``) and a shell pipe named as ``/dev/stdin``
(``cat game.exlog | exceed info /dev/stdin``). A named pipe nothing writes to is
refused at once (a read without blocking finds it at its end), and a writer that sends
nothing for ``PIPE_IDLE`` seconds is given up, so no pipe makes a command wait forever.
"""

from __future__ import annotations

import errno
import io
import os
import select
import stat
from typing import BinaryIO, Final

_PIPE = "a named pipe"

_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, _PIPE),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)

PIPE_IDLE: Final = 30.0
"""Seconds a pipe's writer may send nothing before the read gives it up."""

READ_CHUNK: Final = 64 * 1024
"""Bytes asked at a time of a pipe, or of a file past the size it had when opened."""

_NO_WRITER = "a pipe with nothing written to it"


class NotRegularFile(OSError):
    """A path that names a folder, a named pipe, a device or a socket, not a file."""


def not_regular(mode: int) -> str | None:
    """What a ``st_mode`` that is not a regular file's is (``a named pipe``), else None."""
    if stat.S_ISREG(mode):
        return None
    return next((kind for test, kind in _KINDS if test(mode)), "not a file")


def not_regular_reason(kind: str) -> str:
    """The words every reader says of a path that is ``kind`` (``a named pipe``)."""
    return f"not a regular file ({kind})"


def _refuse(kind: str, name: str) -> NotRegularFile:
    code = errno.EISDIR if kind == "a folder" else errno.EINVAL
    return NotRegularFile(code, not_regular_reason(kind), name)


def open_regular(path: str | os.PathLike[str]) -> BinaryIO:
    """``path`` opened for binary reading; ``NotRegularFile`` (an ``OSError``) when it is
    not a regular file, without ever waiting on it."""
    name = os.fspath(path)
    kind = not_regular(os.stat(name).st_mode)
    if kind is not None:
        raise _refuse(kind, name)
    fd = os.open(name, _FLAGS)
    try:
        kind = not_regular(os.fstat(fd).st_mode)  # replaced since it was looked at
        if kind is not None:
            raise _refuse(kind, name)
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def is_pipe(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` names a pipe (a named pipe, or ``/dev/fd/N`` of one)."""
    return stat.S_ISFIFO(os.stat(path).st_mode)


def read_limited(path: str | os.PathLike[str], limit: int, idle: float = PIPE_IDLE,
                 pipes: bool = True) -> bytes:
    """The bytes of ``path``, at most ``limit + 1`` of them (one more than ``limit`` says
    the caller's cap was passed): a regular file, read by its size (then anything it grew
    by meanwhile, in ``READ_CHUNK`` pieces), so memory follows the file, not the limit;
    or, unless ``pipes`` is false, a pipe a writer holds (process substitution,
    ``/dev/stdin`` fed by a shell pipe), read until the writer closes it.
    ``NotRegularFile`` for anything else, for a pipe with nothing written to it (a named
    pipe nothing writes to: at once), and for a writer silent for ``idle`` seconds."""
    name = os.fspath(path)
    if not (pipes and is_pipe(name) and hasattr(select, "poll")):
        with open_regular(name) as stream:  # a pipe, a device, a folder: NotRegularFile
            return _read_file(stream, limit)
    fd = os.open(name, _FLAGS)
    try:
        kind = not_regular(os.fstat(fd).st_mode)
        if kind != _PIPE:  # replaced since it was looked at
            raise _refuse(kind or "replaced while opened", name)
        return _read_pipe(fd, name, limit, idle)
    finally:
        os.close(fd)


def _read_file(stream: BinaryIO, limit: int) -> bytes:
    """At most ``limit + 1`` bytes of the regular file ``stream``: its size in one call,
    then anything it grew by since, in pieces."""
    size = os.fstat(stream.fileno()).st_size
    parts = [stream.read(min(size, limit) + 1)]
    total = len(parts[0])
    while parts[-1] and total <= limit:
        chunk = stream.read(min(READ_CHUNK, limit + 1 - total))
        if not chunk:
            break
        parts.append(chunk)
        total += len(chunk)
    return parts[0] if len(parts) == 1 else b"".join(parts)


def _read_pipe(fd: int, name: str, limit: int, idle: float) -> bytes:
    """Read the pipe ``fd`` (opened without blocking) to its end, at most ``limit + 1``
    bytes, waiting at most ``idle`` seconds for each piece."""
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    # gathered in one growing buffer, whose bytes getvalue() hands over without a copy:
    # a list of pieces joined at the end held the file twice (400 MiB for a 200 MiB pipe)
    gathered = io.BytesIO()
    total = 0
    while total <= limit:
        try:
            chunk = os.read(fd, min(READ_CHUNK, limit + 1 - total))
        except BlockingIOError:  # a writer holds it and has sent nothing yet
            if not poller.poll(int(idle * 1000)):
                raise NotRegularFile(errno.ETIMEDOUT, f"a pipe that sent nothing for "
                                     f"{idle:g} s", name) from None
            continue
        if not chunk:  # its end: the writer closed it, or none ever opened it
            break
        gathered.write(chunk)
        total += len(chunk)
    if not total:
        raise NotRegularFile(errno.EINVAL, _NO_WRITER, name)
    return gathered.getvalue()
