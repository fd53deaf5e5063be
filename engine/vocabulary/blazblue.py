"""BlazBlue effects: the season's own effect types (the overdrive area), kept apart from
the core domains because only BlazBlue cards use them.

The handlers are in ``engine.mechanics.blazblue.effects``, under the same names in snake
case; they register when the mechanic is attached (``engine.mechanics.builtin``).
"""

from __future__ import annotations

import enum

from engine import vocabulary
from engine.vocabulary.base import Count, EffectBase


class AddTopDiscardToOverdrive(
    EffectBase, frozen=True, kw_only=True, tag="add_top_discard_to_overdrive"
):
    """The top ``amount`` cards of your discard pile enter your overdrive area (Arakune)."""

    amount: int = 1


class OverdriveDestination(enum.StrEnum):
    """Where ``cards_from_overdrive`` puts the cards it takes (the owner's zone)."""

    DISCARD = "discard"
    HAND = "hand"
    GAUGE = "gauge"
    TOP_OF_DECK = "top_of_deck"
    BOTTOM_OF_DECK = "bottom_of_deck"
    SEALED = "sealed"


class CardsFromOverdrive(EffectBase, frozen=True, kw_only=True, tag="cards_from_overdrive"):
    """Choose ``min_amount``..``max_amount`` cards of an overdrive area (yours, or the
    opponent's with ``opponent``) and move each to its owner's ``destination``;
    ``per_card_effect`` runs after each card moved (upstream ``choose_discard
    {source: overdrive}`` with its ``discard_effect``)."""

    destination: OverdriveDestination
    min_amount: int | Count = 1
    max_amount: int | Count = 1
    per_card_effect: tuple[vocabulary.Effect, ...] = ()
    opponent: bool = False
    """Take from the opponent's overdrive area (still your choice: it is open)."""
