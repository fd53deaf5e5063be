"""Which fighter of a Tag Team may use a card, whether a seat may switch, and the
Cross costs (Street Fighter rulebook, "VARIANT: TAG TEAM").

A single fighter (``partner`` None) may use every card of its deck; these helpers
answer for it as the core rules would.
"""

from __future__ import annotations

from typing import Final

from engine.cards.catalog import Catalog
from engine.cards.team import card_owners, usable
from engine.core.state import PlayerState

__all__ = ["CROSS_BOOST_GAUGE", "CROSS_STRIKE_GAUGE", "can_switch", "partners_card", "usable"]

CROSS_STRIKE_GAUGE: Final = 2
"""Cross Strike: spend 2 gauge as you set to tag in your other fighter."""
CROSS_BOOST_GAUGE: Final = 1
"""Cross Boost: spend 1 gauge (plus the boost's force cost) to boost a partner's card."""


def partners_card(catalog: Catalog, p: PlayerState, card_id: str) -> bool:
    """``card_id`` is a special or ultra of ``p``'s tagged-out fighter."""
    return p.partner is not None and card_owners(catalog).get(card_id) == p.partner


def can_switch(p: PlayerState) -> bool:
    """``p`` has a partner and no Ejection lock keeps them from swapping."""
    return p.partner is not None and p.switch_locked_until == 0
