"""Every mechanic's folds, collected for ``engine.apply``: the folds of the events a
mechanic brings (``APPLY``), and the folds it runs right after a core event's
(``ALSO``, keyed by the core event's tag).

Only the mechanics' ``events`` modules are imported here (they import the state and
the event base, never rules or effects), so ``engine.apply`` stays free of rules.
A new mechanic adds its ``events`` module to ``_MODULES``.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from engine.mechanics.critical import events as critical
from engine.mechanics.tag_team import events as tag_team

_MODULES: tuple[ModuleType, ...] = (critical, tag_team)


def mechanic_folds() -> dict[type, Callable[..., None]]:
    """Event type -> fold, for every event a mechanic brings."""
    folds: dict[type, Callable[..., None]] = {}
    for module in _MODULES:
        folds.update(module.APPLY)
    return folds


def after_folds() -> dict[str, list[Callable[..., None]]]:
    """Core event tag -> the mechanics' folds that run after the core fold, in order."""
    after: dict[str, list[Callable[..., None]]] = {}
    for module in _MODULES:
        for tag, fold in module.ALSO.items():
            after.setdefault(tag, []).append(fold)
    return after
