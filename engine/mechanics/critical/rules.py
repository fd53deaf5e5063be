"""The Critical mechanic: attached by the Street Fighter season. It needs no rule hook:
the card data pays for it (``set_strike: gauge_for_effect 1: critical``), its handler
and conditions are in ``effects``, its event and folds in ``events``."""

from __future__ import annotations

from typing import Final

from engine.cards.schema import Season
from engine.cards.seasons import SeasonDef
from engine.core.hooks.mechanic import Mechanic
from engine.mechanics.critical.words import WORDS

STREET_FIGHTER: Final = SeasonDef(id=Season.STREET_FIGHTER, number=3, deck_size=30,
                                  ruleset="street_fighter")
"""Season 3, Street Fighter: 30-card decks (core rulebook, Setup) and Critical. Declared
once (``engine.cards.seasons``; ``cards.Season`` is append-only, its order is log format)."""


class Critical(Mechanic):
    """Critical: state ``AttackSide.critical``; no hooks."""

    name = "critical"
    season = STREET_FIGHTER
    seasons = frozenset({STREET_FIGHTER.id})
    words = WORDS
