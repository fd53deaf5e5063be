"""The Critical mechanic: attached by the Street Fighter season. It needs no rule hook:
the card data pays for it (``set_strike: gauge_for_effect 1: critical``), its handler
and conditions are in ``effects``, its event and folds in ``events``."""

from __future__ import annotations

from typing import Final

from engine.cards.schema import Season
from engine.cards.seasons import SeasonDef
from engine.core.hooks.mechanic import Mechanic
from engine.core.ids import Player
from engine.core.state import State
from engine.mechanics.critical.words import WORDS

CRITICAL_COST = 1
"""Street Fighter rulebook, Critical: 1 gauge, paid as the attack is set."""
CRITICAL_AVAILABLE = "critical available"
"""The counter of a Street Fighter seat: 1 while its gauge can pay for a Critical."""

STREET_FIGHTER: Final = SeasonDef(id=Season.STREET_FIGHTER, number=3, deck_size=30,
                                  ruleset="street_fighter")
"""Season 3, Street Fighter: 30-card decks (core rulebook, Setup) and Critical. Declared
once (``engine.cards.seasons``; ``schema.Season`` is append-only, its order is log format)."""


class Critical(Mechanic):
    """Critical: state ``AttackSide.critical``; no hooks."""

    name = "critical"
    season = STREET_FIGHTER
    seasons = frozenset({STREET_FIGHTER.id})
    words = WORDS

    def counters(self, state: State, who: Player) -> dict[str, int]:
        """1 while ``who``'s gauge holds the Critical cost (Street Fighter rulebook,
        Critical), else 0."""
        return {CRITICAL_AVAILABLE: int(len(state.players[who].gauge) >= CRITICAL_COST)}
