"""``engine.recording.files``: a log file is opened only if it is a regular file, and a
pipe is read only while a writer holds it."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine import NotRegularFile, open_regular, read_capped, read_limited
from tests.fifo_kit import fifo, released, writer


def test_a_regular_file_is_read_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "a.exlog"
    path.write_bytes(b"EXCEED")
    with open_regular(path) as stream:
        assert stream.read() == b"EXCEED"
    assert read_capped(path) == b"EXCEED"


def test_a_named_pipe_nothing_writes_to_is_refused_at_once(tmp_path: Path) -> None:
    """Review item: ``open(path, "rb")`` of a named pipe waited for a writer, so
    ``exceed info pipe.exlog`` hung, as ``cat`` would. A read without blocking finds a
    pipe no writer holds at its end: refused before the guard releases it."""
    pipe = fifo(tmp_path / "pipe.exlog")
    start = time.monotonic()
    with released(pipe), pytest.raises(NotRegularFile) as raised:
        read_capped(pipe)
    assert time.monotonic() - start < 4  # refused, not released by the guard
    assert isinstance(raised.value, OSError)
    assert raised.value.strerror == "a pipe with nothing written to it"
    assert raised.value.filename == str(pipe)


def test_a_pipe_a_writer_holds_is_read_to_its_end(tmp_path: Path) -> None:
    """``exceed info <(zstdcat game.exlog.zst)`` and ``cat game.exlog | exceed info
    /dev/stdin`` hand the command a pipe with a writer: read whole, in pieces sent
    apart, until the writer closes it (the guard of the first change refused them)."""
    pipe = fifo(tmp_path / "pipe.exlog")
    data = bytes(range(256)) * 1000  # 256,000 bytes: several of the pipe's buffers
    thread = writer(pipe, [data[:100], data[100:]], pause=0.05)
    with released(pipe, after=30):
        assert read_capped(pipe) == data
    thread.join()


def test_a_pipe_is_read_no_further_than_its_limit(tmp_path: Path) -> None:
    """The cap is kept on a pipe, whose size nothing states: ``limit + 1`` bytes at most
    are read, so the caller sees the cap passed (``read_capped`` refuses past
    ``MAX_FILE`` the same way)."""
    pipe = fifo(tmp_path / "pipe.json")
    thread = writer(pipe, [b"x" * 5000])
    with released(pipe, after=30):
        assert read_limited(pipe, 1000) == b"x" * 1001
    thread.join()


def test_a_silent_writer_is_given_up(tmp_path: Path) -> None:
    """A writer that holds the pipe and sends nothing does not hold the command: after
    ``idle`` seconds without a byte the read is refused in words."""
    pipe = fifo(tmp_path / "pipe.exlog")
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
    held = os.open(pipe, os.O_WRONLY)  # held, and nothing ever written
    os.close(reader)
    try:
        with pytest.raises(NotRegularFile) as raised:
            read_limited(pipe, 1000, idle=0.2)
    finally:
        os.close(held)
    assert raised.value.strerror == "a pipe that sent nothing for 0.2 s"
    assert raised.value.filename == str(pipe)


@pytest.mark.parametrize(("where", "kind"), [
    ("folder", "a folder"),
    (os.devnull, "a character device"),
])
def test_a_folder_or_a_device_is_refused(tmp_path: Path, where: str, kind: str) -> None:
    path = Path(where) if os.path.isabs(where) else tmp_path
    with pytest.raises(NotRegularFile, match=rf"not a regular file \({kind}\)"):
        open_regular(path)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_a_pipe_is_held_once_in_memory(tmp_path: Path) -> None:
    """A pipe read in pieces joined at the end held the file twice: a 128 MiB pipe
    peaked at about 280 MiB (the interpreter and engine are 26). One buffer, handed
    over without a copy, holds it once. Measured in a fresh process (VmHWM, its own)."""
    probe = (
        "import os, re, sys\n"
        "from engine import read_limited\n"
        "r, w = os.pipe()\n"
        "if os.fork() == 0:\n"
        "    os.close(r)\n"
        "    block = b'z' * (1 << 20)\n"
        "    for _ in range(128):\n"
        "        os.write(w, block)\n"
        "    os._exit(0)\n"
        "os.close(w)\n"
        "data = read_limited(f'/dev/fd/{r}', 256 << 20)\n"
        "status = open('/proc/self/status').read()\n"
        "print(len(data), re.search(r'VmHWM:\\s*(\\d+) kB', status).group(1))\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[3], timeout=600)
    size, peak = map(int, done.stdout.split())
    assert size == 128 << 20
    assert peak < 200 << 10, f"peak {peak >> 10} MiB"  # KiB: the 128 MiB once, plus 72
