"""The heuristic agent's module-level caches, kept true to one catalog at a time.

The heuristic agent reads printed card and character data once and keeps what it read
in module-level caches keyed by card or character id (``heuristic_clash``,
``heuristic_first``, ``heuristic_reach``). An id names one card only within one catalog:
a game log may carry its own definitions (``engine.recording.definitions``), in which
Ryu's Shoryuken is not the current one, and the analysis of such a log runs in the same
process as games on the current catalog. So every such cache is registered here
(``register``), and ``follow`` empties them all whenever the catalog the agent reads is
not the one they were filled under: checked by identity first (one comparison per
decision), then by ``Catalog.content_hash`` (two catalog objects with the same content
share the caches). Caches keyed by ``id()`` of an object they also keep and compare
(``known[0] is obj``) are safe without this and are not registered.

Threads take turns: a decision (``decide``) holds the module's lock from the catalog
check to its answer, so a decision in another thread (two people playing on the
dashboard, one of them in a fork of an old log with its own definitions) cannot empty
or refill the caches under it. A decision inside a decision re-enters the lock.

Also here: what one decision reads of its view more than once (``decide``, ``reading``:
the opponent's shares), and the catalog's card owners (``owners``) for Tag Team checks.
None of it changes a decision: each cache returns what the computation it saves would.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Protocol, TypeVar

from engine.cards.catalog import Catalog
from engine.cards.team import card_owners
from engine.core.state import State


class _Clearable(Protocol):
    """A cache: all this module does with one is empty it."""

    def clear(self) -> None: ...


_Cache = TypeVar("_Cache", bound=_Clearable)
_Request = TypeVar("_Request")
_Decision = TypeVar("_Decision")

_CACHES: list[_Clearable] = []
_followed: list[Catalog | None] = [None]
"""The catalog the caches were last checked against (a one-slot box)."""
_filled_under: list[str | None] = [None]
"""The content hash of the catalog the caches hold entries of."""
_LOCK = threading.RLock()
"""Held by a decision (``decide``) from its catalog check to its answer."""


def register(cache: _Cache) -> _Cache:
    """``cache``, registered to be emptied when the catalog changes."""
    _CACHES.append(cache)
    return cache


def follow(catalog: Catalog) -> None:
    """Empty every registered cache if ``catalog``'s content differs from the catalog
    they were filled under (a cheap identity check when it is the same object)."""
    if catalog is _followed[0]:
        return
    content = catalog.content_hash
    if content != _filled_under[0]:
        for cache in _CACHES:
            cache.clear()
        _filled_under[0] = content
    _followed[0] = catalog


class Reader(Protocol):
    """An agent that reads a catalog and keeps what a decision reads of its view (the
    heuristic agent)."""

    catalog: Catalog
    viewing: State | None
    """The view of the decision in progress (``decide``), else None."""
    read: dict[str, tuple[float, ...]]
    """What that decision has read of it so far, by name (``reading``: the opponent's
    shares)."""


def decide(agent: Reader, view: State, handler: Callable[[State, _Request], _Decision],
           request: _Request) -> _Decision:
    """``handler``'s decision for ``request`` from ``view`` for the heuristic ``agent``
    (whose ``catalog`` the caches ``follow``), under the module's lock. What the
    decision reads of ``view`` more than once (``reading``) is kept on the agent until it
    returns: the agent never changes the view while it decides, and a view is valid for
    one decision only."""
    with _LOCK:
        follow(agent.catalog)
        if agent.viewing is not None:  # a decision inside a decision: nothing kept
            return handler(view, request)
        agent.viewing = view
        try:
            return handler(view, request)
        finally:
            agent.viewing = None
            agent.read.clear()


def reading(agent: Reader, view: State) -> dict[str, tuple[float, ...]] | None:
    """Where to keep what ``agent``'s decision in progress reads of ``view`` (by name),
    or None outside it (a direct call: nothing is kept)."""
    return agent.read if agent.viewing is view else None


_OWNERS_OF: list[Catalog | None] = [None]
"""The catalog last asked of ``owners`` (a one-slot box)."""
_OWNERS: list[Mapping[str, str]] = [{}]
"""Its ``card_owners``."""


def owners(catalog: Catalog) -> Mapping[str, str]:
    """``engine.cards.team.card_owners`` of ``catalog``, read once per catalog object (a
    Tag Team's every card validity check asked it anew)."""
    if _OWNERS_OF[0] is not catalog:
        _OWNERS_OF[0], _OWNERS[0] = catalog, card_owners(catalog)
    return _OWNERS[0]
