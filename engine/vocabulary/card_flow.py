"""Card flow effects: drawing, and cards moving between deck, hand, gauge and discard.

The handlers are in ``engine.effects.card_flow``, under the same names in snake case.
"""

from __future__ import annotations

import enum

from engine import cards
from engine.vocabulary.base import EffectBase


class TopDeckAction(enum.StrEnum):
    """What ``choose_cards_from_top_deck`` does with the chosen card."""

    ADD_TO_HAND = "add_to_hand"
    ADD_TO_GAUGE = "add_to_gauge"
    DISCARD = "discard"


class UnchosenDestination(enum.StrEnum):
    """Where ``choose_cards_from_top_deck`` leaves the cards not chosen."""

    TOPDECK = "topdeck"
    DISCARD = "discard"


class Draw(EffectBase, frozen=True, kw_only=True, tag="draw"):
    amount: int


class AddTopDiscardToGauge(EffectBase, frozen=True, kw_only=True, tag="add_top_discard_to_gauge"):
    amount: int = 1


class AddTopDeckToGauge(EffectBase, frozen=True, kw_only=True, tag="add_top_deck_to_gauge"):
    amount: int = 1


class DiscardTopdeck(EffectBase, frozen=True, kw_only=True, tag="discard_topdeck"):
    pass


class ShuffleDeck(EffectBase, frozen=True, kw_only=True, tag="shuffle_deck"):
    pass


class ChooseCardsFromTopDeck(
    EffectBase, frozen=True, kw_only=True, tag="choose_cards_from_top_deck"
):
    """Look at the top ``look_amount`` cards and pick one for one of ``action_choices``."""

    look_amount: int
    action_choices: tuple[TopDeckAction, ...] = (TopDeckAction.ADD_TO_HAND,)
    can_pass: bool = False
    destination_unchosen: UnchosenDestination = UnchosenDestination.TOPDECK


class GaugeFromHand(EffectBase, frozen=True, kw_only=True, tag="gauge_from_hand"):
    """Move ``min_amount``..``max_amount`` cards from hand to gauge; ``per_card_effect``
    runs once per card moved."""

    min_amount: int
    max_amount: int
    per_card_effect: tuple[cards.Effect, ...] = ()


class TopdeckFromHand(EffectBase, frozen=True, kw_only=True, tag="topdeck_from_hand"):
    min_amount: int
    max_amount: int
