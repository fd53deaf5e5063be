"""A named pipe for the tests of files that are not regular files, with a guard so a
reader that wrongly opens it cannot hang the test run.

``fifo(path)`` makes the pipe; ``writer(path, chunks)`` feeds it as a shell's pipe or
process substitution does (held for writing before any reader comes); inside ``released(path)`` a background thread opens it for
writing (without blocking) every ``every`` seconds once ``after`` seconds have passed
and closes it at once, so a reader waiting in ``open`` or ``read`` gets an empty file and
the test fails on its assertion instead of hanging.
"""

from __future__ import annotations

import errno
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def fifo(path: Path) -> Path:
    """A named pipe at ``path``."""
    os.mkfifo(path)
    return path


@contextmanager
def released(path: Path, after: float = 5.0, every: float = 0.2) -> Iterator[None]:
    """Release any reader blocked on the pipe ``path`` while the block runs."""
    done = threading.Event()

    def release() -> None:
        if done.wait(after):
            return
        while not done.is_set():
            try:
                fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            except OSError as error:  # ENXIO: no reader has it open now
                if error.errno != errno.ENXIO:
                    return
            else:
                os.close(fd)
            done.wait(every)

    thread = threading.Thread(target=release, daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()


def writer(pipe: Path, chunks: list[bytes], pause: float = 0.0) -> threading.Thread:
    """A thread that writes ``chunks`` to ``pipe`` (``pause`` seconds before each) and
    closes it. The pipe is held for writing before this returns (as process
    substitution hands a command a pipe already held), and let go by the thread once its
    own end is open, so a reader never finds the pipe without a writer."""
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
    held = os.open(pipe, os.O_WRONLY)  # a reader is there: no wait
    os.close(reader)

    def write() -> None:
        with open(pipe, "wb") as stream:  # waits for the reader under test
            os.close(held)
            for chunk in chunks:
                time.sleep(pause)
                stream.write(chunk)
                stream.flush()

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread
