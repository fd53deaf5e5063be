"""Discard effects: cards leaving a hand for the discard pile (yours or the opponent's; at
random, chosen, or named) and revealed hands.

The handlers are in ``engine.effects.discards``, under the same names in snake case.
"""

from __future__ import annotations

from engine import cards
from engine.vocabulary.base import EffectBase


class OpponentDiscardRandom(EffectBase, frozen=True, kw_only=True, tag="opponent_discard_random"):
    amount: int


class OpponentDiscardHand(EffectBase, frozen=True, kw_only=True, tag="opponent_discard_hand"):
    pass


class OpponentDiscardChoose(EffectBase, frozen=True, kw_only=True, tag="opponent_discard_choose"):
    amount: int


class OpponentDiscardNormalsOrReveal(
    EffectBase, frozen=True, kw_only=True, tag="opponent_discard_normals_or_reveal"
):
    amount: int


class RevealHand(EffectBase, frozen=True, kw_only=True, tag="reveal_hand"):
    opponent: bool = False


class NameCardOpponentDiscards(
    EffectBase, frozen=True, kw_only=True, tag="name_card_opponent_discards"
):
    """``discard_effect`` runs only if the opponent discarded the named card."""

    discard_effect: tuple[cards.Effect, ...] = ()


class NameRange(EffectBase, frozen=True, kw_only=True, tag="name_range"):
    pass


class SelfDiscardChoose(EffectBase, frozen=True, kw_only=True, tag="self_discard_choose"):
    """Discard ``amount`` cards of your choice (``optional``: or none; ``any_number``:
    as many as you like, the data's ``-1``)."""

    amount: int = 1
    optional: bool = False
    any_number: bool = False


class DiscardTo(EffectBase, frozen=True, kw_only=True, tag="discard_to"):
    amount: int


class DiscardRandom(EffectBase, frozen=True, kw_only=True, tag="discard_random"):
    amount: int


class DiscardHand(EffectBase, frozen=True, kw_only=True, tag="discard_hand"):
    pass
