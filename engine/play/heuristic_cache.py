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
"""

from __future__ import annotations

from typing import Any, TypeVar

from engine.cards.catalog import Catalog

_Cache = TypeVar("_Cache", bound=dict[Any, Any])

_CACHES: list[dict[Any, Any]] = []
_followed: list[Catalog | None] = [None]
"""The catalog the caches were last checked against (a one-slot box)."""
_filled_under: list[str | None] = [None]
"""The content hash of the catalog the caches hold entries of."""


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
