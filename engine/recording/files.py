"""Opening a log file for reading, refusing anything that is not a regular file.

``open(path, "rb")`` of a named pipe waits until something writes to it, as ``cat``
would, and a character device (``/dev/zero``) never ends: ``exceed info pipe.exlog`` hung.
``open_regular`` looks before it opens (so a device is never opened) and again at what
it opened (a path swapped meanwhile), opening without blocking; anything else is a
``NotRegularFile``, an ``OSError`` whose ``strerror`` says what it is, so every caller
that already reports "cannot read: ..." names it in one line.
"""

from __future__ import annotations

import errno
import os
import stat
from typing import BinaryIO

_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)


class NotRegularFile(OSError):
    """A path that names a folder, a named pipe, a device or a socket, not a file."""


def not_regular(mode: int) -> str | None:
    """What a ``st_mode`` that is not a regular file's is (``a named pipe``), else None."""
    if stat.S_ISREG(mode):
        return None
    return next((kind for test, kind in _KINDS if test(mode)), "not a file")


def _refuse(kind: str, name: str) -> NotRegularFile:
    code = errno.EISDIR if kind == "a folder" else errno.EINVAL
    return NotRegularFile(code, f"not a regular file ({kind})", name)


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
