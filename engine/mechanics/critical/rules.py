"""The Critical mechanic: attached by the Street Fighter season. It needs no rule hook:
the card data pays for it (``set_strike: gauge_for_effect 1: critical``), its handler
and conditions are in ``effects``, its event and folds in ``events``."""

from __future__ import annotations

from engine.cards import Season
from engine.hooks.mechanic import Mechanic


class Critical(Mechanic):
    """Critical: state ``AttackSide.critical``; no hooks."""

    name = "critical"
    seasons = frozenset({Season.STREET_FIGHTER})
