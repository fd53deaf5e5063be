"""Loads the mechanics' effect handlers and condition predicates (they register
themselves with ``engine.effects.registry`` and ``engine.core.conditions``), when
``engine.mechanics.builtin`` is imported. A new mechanic with effects adds its
``effects`` module here."""

from __future__ import annotations

from engine.mechanics.blazblue import effects as blazblue
from engine.mechanics.buddies import effects as buddies
from engine.mechanics.critical import effects as critical
from engine.mechanics.under_night import effects as under_night

__all__ = ["blazblue", "buddies", "critical", "under_night"]
