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
one machine have one each.
"""

from __future__ import annotations

import os
import threading
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

_PLACES = threading.BoundedSemaphore(MAX_SEARCHING)
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
def search_place(places: threading.BoundedSemaphore | None = None) -> Iterator[None]:
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


def places() -> threading.BoundedSemaphore:
    """This process's places (tests take them to see an answer wait)."""
    return _PLACES
