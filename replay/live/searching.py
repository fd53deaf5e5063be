"""How many search-agent answers one dashboard process computes at once.

Each answer of the search agent takes up to its time budget of CPU (60 s at most), and
the Play page let a visitor start any number of games against it: a few of them playing
at once took every core, and every page of the dashboard waited behind them. Each
search-agent answer now takes one of ``MAX_SEARCHING`` places (the process's cores less
one, at least one: a core is left for the pages); an answer that finds them all taken
waits for one, in turn, and says so first (``queued``), so its page can tell the person
that their move is queued rather than seem stuck. Its time budget runs from when it
starts searching, so a wait costs it no search time. Only a search waits: the other
agents answer at once and cheaply, and so does the search agent where it searches
nothing (its mulligan, a payment, a single option: ``would_search`` in
``table._append``), so Start and a rematch, which play at most its mulligan, never wait. The cap is one process's: two dashboards on
one machine have one each. The places are given in the order the answers asked for them
(``Places``): a later answer never takes a freed place before one that waits.
"""

from __future__ import annotations

import os
import threading
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # no affinity outside Linux
        return os.cpu_count() or 1


MAX_SEARCHING = max(1, _cores() - 1)
"""How many search-agent answers this process computes at once."""


class Places:
    """``count`` places given first come, first served. A semaphore lets an answer that
    arrives as a place is freed take it before the answers already waiting (whichever
    thread runs first wins), so under a steady load one person's move could be passed
    over again and again; here a free place goes to the longest waiting answer, and a
    newcomer finds none while any answer waits."""

    def __init__(self, count: int) -> None:
        self._free = count
        self._count = count
        self._turns: deque[object] = deque()
        self._changed = threading.Condition()

    def acquire(self, blocking: bool = True) -> bool:
        """Take a place: at once if one is free and no answer waits (False if not
        ``blocking``), else when this answer's turn comes and a place is free."""
        with self._changed:
            if self._free and not self._turns:
                self._free -= 1
                return True
            if not blocking:
                return False
            turn = object()
            self._turns.append(turn)
            self._changed.notify_all()  # a test may wait for an answer to be in line
            try:
                while self._turns[0] is not turn or not self._free:
                    self._changed.wait()
            except BaseException:  # interrupted in line: the answers behind it move up
                self._turns.remove(turn)
                self._changed.notify_all()
                raise
            self._turns.popleft()
            self._free -= 1
            self._changed.notify_all()  # the next in line may have a place too
            return True

    def release(self) -> None:
        """Give a place back (to the longest waiting answer, if any)."""
        with self._changed:
            if self._free >= self._count:
                raise ValueError("a place released more often than taken")
            self._free += 1
            self._changed.notify_all()

    def waiting(self) -> int:
        """How many answers wait for a place."""
        with self._changed:
            return len(self._turns)

    def wait_for_waiting(self, count: int, timeout: float) -> bool:
        """Block until ``count`` answers wait (tests line answers up in a known order);
        False if ``timeout`` seconds passed first."""
        with self._changed:
            return self._changed.wait_for(lambda: len(self._turns) >= count, timeout)


_PLACES = Places(MAX_SEARCHING)
_ON_QUEUED = threading.local()


@contextmanager
def when_queued(said: Callable[[], Any]) -> Iterator[None]:
    """Within it, a search-agent answer of this thread (a page's script run) that must
    wait for a place calls ``said`` once before it waits (the page draws its line)."""
    before = getattr(_ON_QUEUED, "said", None)
    _ON_QUEUED.said = said
    try:
        yield
    finally:
        _ON_QUEUED.said = before


@contextmanager
def search_place(places: Places | None = None) -> Iterator[None]:
    """Hold one place while a search-agent answer is computed; wait for one when all
    are taken, after telling ``when_queued``'s listener."""
    gate = places if places is not None else _PLACES
    if not gate.acquire(blocking=False):
        said = getattr(_ON_QUEUED, "said", None)
        if said is not None:
            said()
        gate.acquire()
    try:
        yield
    finally:
        gate.release()


def places() -> Places:
    """This process's places (tests take them to see an answer wait)."""
    return _PLACES
