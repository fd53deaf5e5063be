"""Boost effects: playing more boosts, discarding them, and where a boost goes when it
leaves play.

The handlers are in ``engine.effects.boosts``, under the same names in snake case.
"""

from __future__ import annotations

import enum

from engine import vocabulary
from engine.vocabulary.base import BoostKind, CardKind, EffectBase


class BoostSource(enum.StrEnum):
    """A zone ``boost_additional`` may play a boost from."""

    HAND = "hand"
    DISCARD = "discard"
    GAUGE = "gauge"


class LeftBoostDestination(enum.StrEnum):
    """Where ``discard_continuous_boost`` sends the chosen boost."""

    DISCARD = "discard"
    OWNER_HAND = "owner_hand"
    """Its owner's hand (Bang's Instant Ninpo)."""


class DiscardContinuousBoost(EffectBase, frozen=True, kw_only=True, tag="discard_continuous_boost"):
    """``mine``: only one of your own boosts; ``overall_effect``: runs if one was
    discarded (Platinum's Mystique Momo)."""

    amount: int = 1
    required: bool = False
    mine: bool = False
    overall_effect: tuple[vocabulary.Effect, ...] = ()
    destination: LeftBoostDestination = LeftBoostDestination.DISCARD


class AddToGaugeBoostPlayCleanup(
    EffectBase, frozen=True, kw_only=True, tag="add_to_gauge_boost_play_cleanup"
):
    pass


class AddBoostToGaugeOnStrikeCleanup(
    EffectBase, frozen=True, kw_only=True, tag="add_boost_to_gauge_on_strike_cleanup"
):
    pass


class ChooseSustainBoost(EffectBase, frozen=True, kw_only=True, tag="choose_sustain_boost"):
    """Choose ``amount`` of your boosts to sustain; at least ``amount_min`` if you can."""

    amount: int = 1
    amount_min: int = 0


class BoostAdditional(EffectBase, frozen=True, kw_only=True, tag="boost_additional"):
    """Play another boost from ``valid_zones``; ``limitation`` restricts its kind."""

    limitation: BoostKind | None = None
    valid_zones: tuple[BoostSource, ...] = (BoostSource.HAND,)
    ignore_costs: bool = False
    boost_name: str | None = None
    """Only cards whose boost has this name (Byakuya's Menace: Predator)."""
    card_kind: CardKind | None = None
    """Only cards of this kind (Carmine's Rein Blood: an ultra)."""


class SustainThis(EffectBase, frozen=True, kw_only=True, tag="sustain_this"):
    pass


class AddToGaugeImmediately(EffectBase, frozen=True, kw_only=True, tag="add_to_gauge_immediately"):
    pass


class SetEndOfTurnBoostDelay(
    EffectBase, frozen=True, kw_only=True, tag="set_end_of_turn_boost_delay"
):
    pass


class DiscardThis(EffectBase, frozen=True, kw_only=True, tag="discard_this"):
    """``ignore_active_boost``: as printed in the card data; the boost leaves play at once
    either way (see the handler)."""

    ignore_active_boost: bool = False


class Passive(enum.StrEnum):
    """A named rule a boost grants its owner while it is in play (``add_passive``)."""

    DISCARD_2X_TOPDECK_INSTEAD_OF_DAMAGE = "discard_2x_topdeck_instead_of_damage"
    """Damage you would take is ignored; you discard twice that many cards from the top
    of your deck instead."""


class AddPassive(EffectBase, frozen=True, kw_only=True, tag="add_passive"):
    passive: Passive


class BoostThisThenSustain(EffectBase, frozen=True, kw_only=True, tag="boost_this_then_sustain"):
    """Your attack card leaves the strike and becomes a continuous boost in play,
    sustained at this strike's cleanup (Seth's Piercing Penetration); ``dont_sustain``:
    not sustained; ``boost_effect``: run with the new boost as source (Byakuya's webs)."""

    dont_sustain: bool = False
    boost_effect: tuple[vocabulary.Effect, ...] = ()


class SealThisBoost(EffectBase, frozen=True, kw_only=True, tag="seal_this_boost"):
    """This continuous boost leaves play into your sealed area (Seth's Soul's Oath)."""


class BoostThenSustain(EffectBase, frozen=True, kw_only=True, tag="boost_then_sustain"):
    """During a strike, play a boost from ``valid_zones`` whose card is of kind
    ``limitation``; it is sustained at this strike's cleanup (Seth's Captive Segment)."""

    valid_zones: tuple[BoostSource, ...] = (BoostSource.HAND,)
    limitation: CardKind | None = None
    ignore_costs: bool = False
    sustain: bool = True
    """False: a continuous boost played is not sustained (Byakuya's I'll Plant It)."""
    play_boost_effect: tuple[vocabulary.Effect, ...] = ()
    """Run once a boost has been played (Byakuya's I'll Plant It: gain advantage)."""


class AddBoostToGaugeOnMove(EffectBase, frozen=True, kw_only=True, tag="add_boost_to_gauge_on_move"):
    """This continuous boost leaves play into your gauge as soon as you move yourself."""


class ReturnThisBoostToHand(
    EffectBase, frozen=True, kw_only=True, tag="return_this_boost_to_hand"
):
    """This continuous boost leaves play into your hand."""


class AddToGaugeImmediatelyMidStrikeUndoEffects(
    EffectBase, frozen=True, kw_only=True, tag="add_to_gauge_immediately_mid_strike_undo_effects"
):
    """Like ``add_to_gauge_immediately`` during a strike: the boost's own stat bonuses
    stop applying to this strike."""


class BoostOrRevealHand(EffectBase, frozen=True, kw_only=True, tag="boost_or_reveal_hand"):
    """Play a boost of kind ``limitation`` from hand; if you have none, reveal your hand
    (Wagner's character action)."""

    limitation: BoostKind | None = None


class BoostThenSustainTopdiscard(
    EffectBase, frozen=True, kw_only=True, tag="boost_then_sustain_topdiscard"
):
    """During a strike, the topmost card of your discard pile with a boost of kind
    ``limitation`` (None: the top card) is played as a boost, ``amount`` times; a
    continuous one is sustained at this strike's cleanup unless ``sustain`` is false."""

    amount: int = 1
    limitation: BoostKind | None = BoostKind.CONTINUOUS
    sustain: bool = True


class BoostThenSustainTopdeck(
    EffectBase, frozen=True, kw_only=True, tag="boost_then_sustain_topdeck"
):
    """During a strike, the top card of your deck is played as a boost, ``amount``
    times; a continuous one is sustained at this strike's cleanup unless ``sustain`` is
    false; ``discard_if_not_continuous``: an immediate one is discarded instead."""

    amount: int = 1
    sustain: bool = True
    discard_if_not_continuous: bool = False


class SustainAllBoosts(EffectBase, frozen=True, kw_only=True, tag="sustain_all_boosts"):
    """Every continuous boost of yours in play is sustained at this strike's cleanup."""
