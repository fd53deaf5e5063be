"""Processes seen through ``/proc`` (Linux), for the tests that kill a parent and check
that none of its children is left (issue 27 item 11).

A process is named by ``(pid, start time)`` so a pid re-used after it died is not taken
for it; a zombie counts as gone (it runs nothing; its new parent reaps it when it will).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest

PROC = Path("/proc")
Proc = tuple[int, str]

needs_proc = pytest.mark.skipif(not (PROC / "self" / "stat").exists(),
                                reason="needs Linux /proc")


def _stat(pid: int) -> list[str] | None:
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    # the command name (field 2) is in parentheses and may hold spaces
    return text[text.rindex(")") + 2:].split()


def children(pid: int) -> list[Proc]:
    """The live children of ``pid``, each as ``(pid, start time)``."""
    found = []
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            # fields[0] is the state, [1] the parent pid, [19] the start time
            if fields is not None and fields[1] == str(pid) and fields[0] != "Z":
                found.append((int(entry.name), fields[19]))
    return found


def alive(proc: Proc) -> bool:
    fields = _stat(proc[0])
    return fields is not None and fields[19] == proc[1] and fields[0] != "Z"


def wait_until(condition: Callable[[], bool], seconds: float) -> bool:
    """Poll ``condition`` every 0.1 s for up to ``seconds``; whether it came true."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def kill_all(procs: list[Proc]) -> None:
    """Clean up after a failing test: SIGKILL whatever of ``procs`` is still alive."""
    for proc in procs:
        if alive(proc):
            os.kill(proc[0], 9)
