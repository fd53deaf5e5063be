"""Installs every mechanic's folds into ``engine.core.apply``: the folds of the events a
mechanic brings (``APPLY``), and the folds it runs right after a core event's (``ALSO``,
keyed by the core event's tag).

``engine.core.apply`` imports no mechanic: the mechanics add their folds to it (inversion of
the dependency), when ``engine.mechanics.builtin`` is imported, which ``engine``'s
``__init__`` does before anything can fold. A new mechanic adds its ``folds`` module to
``_MODULES``.
"""

from __future__ import annotations

from types import ModuleType

from engine.core.apply import add_folds
from engine.mechanics.blazblue import folds as blazblue
from engine.mechanics.buddies import folds as buddies
from engine.mechanics.critical import folds as critical
from engine.mechanics.tag_team import folds as tag_team
from engine.mechanics.under_night import folds as under_night

_MODULES: tuple[ModuleType, ...] = (critical, tag_team, under_night, buddies, blazblue)


def install() -> None:
    """Add every mechanic's folds to ``engine.core.apply``'s table, in ``_MODULES`` order."""
    for module in _MODULES:
        add_folds(module.APPLY, module.ALSO)
