"""BlazBlue effects: the season's own effect types (the overdrive area, Rachel's
lightning rods), kept apart from
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
class LightningRodSource(enum.StrEnum):
    """Which card ``place_lightningrod`` turns into a lightning rod."""

    TOP_DISCARD = "top_discard"
    """The top card of your discard pile."""
    THIS_ATTACK_CARD = "this_attack_card"
    """Your attack card, taken out of the strike."""
    DISCARD = "discard"
    """A card of your choice from your discard pile."""


class PlaceLightningrod(EffectBase, frozen=True, kw_only=True, tag="place_lightningrod"):
    """Turn a card (``source``) into one of your lightning rods on an arena space: any
    space, or (``attack_range``) one your attack's range reaches from you (Rachel)."""

    source: LightningRodSource = LightningRodSource.TOP_DISCARD
    attack_range: bool = False


class LightningRodStrike(EffectBase, frozen=True, kw_only=True, tag="lightning_rod_strike"):
    """The lightning rod this effect is carried by may strike the opponent standing on
    its space: it returns to your hand and deals them 2 nonlethal damage (Rachel's
    character card). No card prints it: the BlazBlue mechanic adds one for each of your
    rods to your attack's after triggers (``after_triggers``)."""


class MoveToLightningrods(EffectBase, frozen=True, kw_only=True, tag="move_to_lightningrods"):
    """Move onto a space holding one of your lightning rods (Rachel's Sylpheed Flight)."""


class RangeIncludesLightningrods(
    EffectBase, frozen=True, kw_only=True, tag="range_includes_lightningrods"
):
    """This strike your attack reaches an opponent standing on one of your lightning rods
    (Rachel's Baden Baden Lily)."""


class BoostDiscardedOverdrive(
    EffectBase, frozen=True, kw_only=True, tag="boost_discarded_overdrive"
):
    """The card just discarded from your overdrive area (the top of your discard pile)
    is played as a continuous boost (Platinum's overdrive effect)."""


class AddBoostToOverdriveDuringStrikeImmediately(
    EffectBase, frozen=True, kw_only=True, tag="add_boost_to_overdrive_during_strike_immediately"
):
    """This continuous boost leaves play at once into your overdrive area (Arakune)."""


class AddStrikeToOverdriveAfterCleanup(
    EffectBase, frozen=True, kw_only=True, tag="add_strike_to_overdrive_after_cleanup"
):
    """Your attack card goes into your overdrive area at cleanup (Arakune's If p, then q)."""


class DodgeAtRangeOverdriveCount(
    EffectBase, frozen=True, kw_only=True, tag="dodge_at_range_overdrive_count"
):
    """Attacks from exactly as far as your overdrive area holds cards miss you (upstream
    ``dodge_at_range {special_range: OVERDRIVE_COUNT}``)."""


class OpponentDiscardRandomToOverdrive(
    EffectBase, frozen=True, kw_only=True, tag="opponent_discard_random_to_overdrive"
):
    """``amount`` random cards of the opponent's hand enter your overdrive area (upstream
    ``opponent_discard_random {destination: overdrive}``)."""

    amount: int = 1


class OverdriveSource(enum.StrEnum):
    """Where ``cards_to_overdrive`` takes its cards from."""

    HAND = "hand"
    DISCARD = "discard"


class CardsToOverdrive(EffectBase, frozen=True, kw_only=True, tag="cards_to_overdrive"):
    """Choose ``min_amount``..``max_amount`` cards of your ``source`` (hand or discard
    pile) into your overdrive area, or the opponent's with ``to_opponent`` (upstream
    ``choose_discard {destination: overdrive}``, ``self_discard_choose {destination:
    opponent_overdrive}``)."""

    source: OverdriveSource
    min_amount: int = 0
    max_amount: int = 1
    to_opponent: bool = False


class TopDeckCardToOverdrive(
    EffectBase, frozen=True, kw_only=True, tag="top_deck_card_to_overdrive"
):
    """Look at your top ``look_amount`` cards and put one of them into your overdrive area
    (upstream ``choose_cards_from_top_deck {action_choices: [add_to_overdrive]}``)."""

    look_amount: int


class ZeroVector(EffectBase, frozen=True, kw_only=True, tag="zero_vector"):
    """Name a card: attacks of that name are invalid for both players this turn."""
