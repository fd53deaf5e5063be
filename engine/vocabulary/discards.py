"""Discard effects: cards leaving a hand for the discard pile (yours or the opponent's; at
random, chosen, or named), revealed hands, and cards taken back from the discard pile (chosen,
from its bottom, or every copy of its top card).

The handlers are in ``engine.effects.discards``, under the same names in snake case.
"""

from __future__ import annotations

import enum

from engine import vocabulary
from engine.vocabulary.base import CardKind, EffectBase, SymbolicAmount


class OpponentDiscardRandom(EffectBase, frozen=True, kw_only=True, tag="opponent_discard_random"):
    amount: int


class OpponentDiscardChoose(EffectBase, frozen=True, kw_only=True, tag="opponent_discard_choose"):
    """The opponent discards ``amount`` cards of their choice, only of ``card_kind`` if
    given; ``reveal_if_fewer``: holding fewer such cards, they also reveal their hand.
    ``amount`` may be symbolic (``cards_discarded_this_strike``); ``per_discard_effect``
    runs once per card discarded."""

    amount: int | SymbolicAmount
    card_kind: CardKind | None = None
    reveal_if_fewer: bool = False
    per_discard_effect: tuple[vocabulary.Effect, ...] = ()
    """Runs once (for you) per card the opponent discarded."""


class RevealHand(EffectBase, frozen=True, kw_only=True, tag="reveal_hand"):
    opponent: bool = False


class NameCardOpponentDiscards(
    EffectBase, frozen=True, kw_only=True, tag="name_card_opponent_discards"
):
    """``discard_effect`` runs only if the opponent discarded the named card;
    ``discard_all_copies``: every copy they hold goes; ``reveal_hand_after``: they
    reveal their hand even when they held it."""

    discard_effect: tuple[vocabulary.Effect, ...] = ()
    discard_all_copies: bool = False
    reveal_hand_after: bool = False


class NameCardsOpponentDiscards(
    EffectBase, frozen=True, kw_only=True, tag="name_cards_opponent_discards"
):
    """Name ``amount`` cards, all before any is discarded; the opponent then discards
    every copy (``discard_all_copies``; else one) of each they hold, and reveals their
    hand once: always with ``reveal_hand_after``, else if a named card was not held."""

    amount: int = 2
    discard_all_copies: bool = False
    reveal_hand_after: bool = False


class NameRange(EffectBase, frozen=True, kw_only=True, tag="name_range"):
    pass


class DiscardRandom(EffectBase, frozen=True, kw_only=True, tag="discard_random"):
    """``record_discarded_amount``: the cards discarded count towards this strike's
    ``cards_discarded_this_strike``."""

    amount: int
    record_discarded_amount: bool = False


class DiscardHand(EffectBase, frozen=True, kw_only=True, tag="discard_hand"):
    """Discard your whole hand (``opponent``: the opponent discards theirs);
    ``save_as_strike_x``: the number of cards discarded becomes your X this strike."""

    opponent: bool = False
    save_as_strike_x: bool = False


class DiscardFromGauge(EffectBase, frozen=True, kw_only=True, tag="discard_from_gauge"):
    """Choose ``amount`` cards of your gauge (``opponent``: the opponent chooses from
    theirs); they go to their owner's discard pile."""

    amount: int = 1
    opponent: bool = False


class ChooseOpponentCardToDiscard(
    EffectBase, frozen=True, kw_only=True, tag="choose_opponent_card_to_discard"
):
    """You pick a card of the opponent's hand; they discard it."""


class DiscardPickDestination(enum.StrEnum):
    """Where ``cards_from_discard`` puts the cards chosen from the discard pile."""

    HAND = "hand"
    GAUGE = "gauge"
    SEALED = "sealed"
    TOP_OF_DECK = "top_of_deck"
    """On top of your deck (Platinum's Cure Dot Typhoon)."""


class CardsFromDiscard(EffectBase, frozen=True, kw_only=True, tag="cards_from_discard"):
    """Move ``min_amount``..``max_amount`` chosen cards of a kind in ``limitation``
    (any kind if empty) from your discard pile into your hand (Wagner's Recover), your
    gauge (``destination: gauge``: Bang's Infinite Chaos-Fist of the Void) or your sealed
    area (``destination: sealed``: Nine's Seamoss Gate)."""

    limitation: tuple[CardKind, ...] = ()
    min_amount: int = 0
    max_amount: int = 1
    destination: DiscardPickDestination = DiscardPickDestination.HAND


class AddBottomDiscardToGauge(
    EffectBase, frozen=True, kw_only=True, tag="add_bottom_discard_to_gauge"
):
    """The bottom card of your discard pile goes to your gauge."""


class AddBottomDiscardToHand(
    EffectBase, frozen=True, kw_only=True, tag="add_bottom_discard_to_hand"
):
    """The bottom card of your discard pile goes to your hand."""


class ReturnAllCopiesOfTopDiscardToHand(
    EffectBase, frozen=True, kw_only=True, tag="return_all_copies_of_top_discard_to_hand"
):
    """Every copy of the card on top of your discard pile (it included) goes to your
    hand (Bang's overdrive effect)."""
