"""Card flow effects: drawing, and cards moving between deck, hand, gauge and discard
(those taken back from the discard pile are in ``discards``).

The handlers are in ``engine.effects.card_flow``, under the same names in snake case.
"""

from __future__ import annotations

import enum

from engine import vocabulary
from engine.vocabulary.base import Count, EffectBase, SymbolicAmount


class TopDeckAction(enum.StrEnum):
    """What ``choose_cards_from_top_deck`` does with the chosen card."""

    ADD_TO_HAND = "add_to_hand"
    ADD_TO_GAUGE = "add_to_gauge"
    DISCARD = "discard"
    ADD_TO_TOPDECK_UNDER = "add_to_topdeck_under"
    """Back on the deck under one other looked-at card (second from the top)."""
    ADD_TO_TOPDECK_UNDER_2 = "add_to_topdeck_under_2"
    """Back on the deck under two other looked-at cards (third from the top)."""
    ADD_TO_SEALED = "add_to_sealed"
    """Into your sealed area (face down if it is secret: Arakune's)."""


class UnchosenDestination(enum.StrEnum):
    """Where ``choose_cards_from_top_deck`` leaves the cards not chosen."""

    TOPDECK = "topdeck"
    DISCARD = "discard"


class Draw(EffectBase, frozen=True, kw_only=True, tag="draw"):
    """``amount`` may be a ``Count`` (a negative value draws nothing) or ``strike_x``;
    ``opponent``: the opponent draws instead."""

    amount: int | SymbolicAmount | Count
    opponent: bool = False


class Pile(enum.StrEnum):
    """A pile whose top cards ``move_top_cards`` takes (the deck's top is its first card,
    the discard pile's its last)."""

    DECK = "deck"
    DISCARD = "discard"


class PileDestination(enum.StrEnum):
    """Where ``move_top_cards`` puts the cards it takes."""

    GAUGE = "gauge"
    DISCARD = "discard"
    SEALED = "sealed"
    """Your sealed area (face down if it is secret: Arakune's ``seal_topdeck``)."""


class MoveTopCards(EffectBase, frozen=True, kw_only=True, tag="move_top_cards"):
    """The top ``amount`` cards of your ``source`` pile go to ``destination``
    (``opponent``: the opponent's pile, to their own ``destination``)."""

    source: Pile
    destination: PileDestination
    amount: int = 1
    opponent: bool = False


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


class HandDestination(enum.StrEnum):
    """Where ``cards_from_hand`` puts the cards chosen from hand."""

    GAUGE = "gauge"
    TOP_OF_DECK = "top_of_deck"
    DISCARD = "discard"
    SEALED = "sealed"
    """Your sealed area (Nine's Heliodor of Humility: ``self_discard_choose`` to sealed)."""


class CardsFromHand(EffectBase, frozen=True, kw_only=True, tag="cards_from_hand"):
    """Move ``min_amount``..``max_amount`` chosen cards from hand to ``destination``;
    ``per_card_effect`` runs once per card moved; ``from_last_cards``: only among the
    last that many cards put into your hand; ``opponent``: the opponent does it."""

    destination: HandDestination
    min_amount: int | Count
    max_amount: int | Count
    per_card_effect: tuple[vocabulary.Effect, ...] = ()
    from_last_cards: int | None = None
    opponent: bool = False
    """The opponent chooses from their own hand, into their own zone."""


class GainLife(EffectBase, frozen=True, kw_only=True, tag="gain_life"):
    """Gain ``amount`` life, never above the maximum life."""

    amount: int


class IncreaseDrawEffects(EffectBase, frozen=True, kw_only=True, tag="increase_draw_effects"):
    """This strike, your draw effects draw ``amount`` more cards."""

    amount: int


class RevealTopdeck(EffectBase, frozen=True, kw_only=True, tag="reveal_topdeck"):
    """Reveal the top card of your deck to both players (it stays there)."""


class CopySource(enum.StrEnum):
    """The zone ``move_card_copies`` takes copies from."""

    GAUGE = "gauge"
    DISCARD = "discard"


class CopyDestination(enum.StrEnum):
    """The zone ``move_card_copies`` puts the copies into."""

    HAND = "hand"
    SEALED = "sealed"


class MoveCardCopies(EffectBase, frozen=True, kw_only=True, tag="move_card_copies"):
    """Move ``min_amount``..``max_amount`` copies of the card ``card`` from your
    ``source`` zone to ``destination`` (as many as there are, if fewer);
    ``per_card_effect`` runs once per copy moved."""

    card: str
    source: CopySource
    destination: CopyDestination
    min_amount: int = 0
    max_amount: int = 1
    per_card_effect: tuple[vocabulary.Effect, ...] = ()


class RevealCopy(EffectBase, frozen=True, kw_only=True, tag="reveal_copy"):
    """Reveal a copy of the card ``card`` from your hand, if you hold one; then
    ``reveal_effect`` runs (only if you revealed one)."""

    card: str
    reveal_effect: tuple[vocabulary.Effect, ...] = ()


class RevealCopiesFromHand(
    EffectBase, frozen=True, kw_only=True, tag="reveal_copies_from_hand"
):
    """Reveal any number of copies of your attack's card from hand; ``per_card_effect``
    once per card, then ``revealed_effect`` once if any (Byakuya's How Shall I Cook You?)."""

    per_card_effect: tuple[vocabulary.Effect, ...] = ()
    revealed_effect: tuple[vocabulary.Effect, ...] = ()


class AddSetAsideCardToDeck(
    EffectBase, frozen=True, kw_only=True, tag="add_set_aside_card_to_deck"
):
    """Your set-aside card ``id`` goes on top of your deck (BlazBlue: each fighter's
    Astral Heat, after a manual reshuffle)."""

    id: str


class ReshuffleDiscardIntoDeck(
    EffectBase, frozen=True, kw_only=True, tag="reshuffle_discard_into_deck"
):
    """Shuffle your discard pile into your deck without using your one reshuffle."""
class ReturnSealedWithSameSpeed(
    EffectBase, frozen=True, kw_only=True, tag="return_sealed_with_same_speed"
):
    """(``on_seal``) A card of your sealed area with the printed speed of the card just
    sealed returns to your hand (Nine's ability: a swap)."""


class ShuffleHandToDeck(EffectBase, frozen=True, kw_only=True, tag="shuffle_hand_to_deck"):
    """Your whole hand goes into your deck, then the deck is shuffled (Nu-13's Broken
    Weapon)."""


class DrawAnyNumber(EffectBase, frozen=True, kw_only=True, tag="draw_any_number"):
    """Choose how many cards to draw, 0 up to what you could draw (Kokonoe's Ultimate
    Impact)."""
