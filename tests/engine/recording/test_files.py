"""``engine.recording.files``: a log file is opened only if it is a regular file."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from engine import NotRegularFile, open_regular, read_capped
from tests.fifo_kit import fifo, released


def test_a_regular_file_is_read_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "a.exlog"
    path.write_bytes(b"EXCEED")
    with open_regular(path) as stream:
        assert stream.read() == b"EXCEED"
    assert read_capped(path) == b"EXCEED"


def test_a_named_pipe_is_refused_at_once(tmp_path: Path) -> None:
    """Review item: ``open(path, "rb")`` of a named pipe waited for a writer, so
    ``exceed info pipe.exlog`` hung, as ``cat`` would."""
    pipe = fifo(tmp_path / "pipe.exlog")
    start = time.monotonic()
    with released(pipe), pytest.raises(NotRegularFile) as raised:
        read_capped(pipe)
    assert time.monotonic() - start < 4  # refused, not released by the guard
    assert isinstance(raised.value, OSError)
    assert raised.value.strerror == "not a regular file (a named pipe)"
    assert raised.value.filename == str(pipe)


@pytest.mark.parametrize(("where", "kind"), [
    ("folder", "a folder"),
    (os.devnull, "a character device"),
])
def test_a_folder_or_a_device_is_refused(tmp_path: Path, where: str, kind: str) -> None:
    path = Path(where) if os.path.isabs(where) else tmp_path
    with pytest.raises(NotRegularFile, match=rf"not a regular file \({kind}\)"):
        open_regular(path)
