"""Strike control effects: advantage, starting strikes, extra actions and attacks, and
what happens to the attack card.

The handlers are in ``engine.effects.strike_control``, under the same names in snake case.
"""

from __future__ import annotations

import enum
from typing import ClassVar

from engine import vocabulary
from engine.vocabulary.base import EffectBase


class GainAdvantage(EffectBase, frozen=True, kw_only=True, tag="gain_advantage"):
    pass


class Strike(EffectBase, frozen=True, kw_only=True, tag="strike"):
    """``opponent_sets_first``: the opponent sets their attack before you set yours."""

    starts_strike: ClassVar[bool] = True

    opponent_sets_first: bool = False


class BonusAction(EffectBase, frozen=True, kw_only=True, tag="bonus_action"):
    """``no_strike``: the bonus action cannot be the Strike action."""

    no_strike: bool = False


class AddAttackEffect(EffectBase, frozen=True, kw_only=True, tag="add_attack_effect"):
    added_effect: vocabulary.Effect


class AddStrikeToGaugeAfterCleanup(
    EffectBase, frozen=True, kw_only=True, tag="add_strike_to_gauge_after_cleanup"
):
    pass


class ReturnAttackToTopOfDeck(
    EffectBase, frozen=True, kw_only=True, tag="return_attack_to_top_of_deck"
):
    pass


class ReadingNormal(EffectBase, frozen=True, kw_only=True, tag="reading_normal"):
    pass


class RevealStrike(EffectBase, frozen=True, kw_only=True, tag="reveal_strike"):
    pass


class PlayAttackFromHand(EffectBase, frozen=True, kw_only=True, tag="play_attack_from_hand"):
    pass


class StrikeWild(EffectBase, frozen=True, kw_only=True, tag="strike_wild"):
    """Outside a strike: strike with a wild swing (``opponent_forced_wild``: the opponent
    must wild swing too). During your set effects (``auto_delayed_strike``): make the
    wild swing your character delays until now."""

    starts_strike: ClassVar[bool] = True

    opponent_forced_wild: bool = False
    auto_delayed_strike: bool = False


class InvalidAttackDestination(enum.StrEnum):
    """Where ``replace_wild_swing`` sends the invalid attack card."""

    HAND = "hand"
    GAUGE = "gauge"
    DISCARD = "discard"


class ReplaceWildSwing(EffectBase, frozen=True, kw_only=True, tag="replace_wild_swing"):
    """An ``on_invalid`` card rule: the invalid attack card goes to
    ``previous_attack_to`` instead of the discard pile."""

    previous_attack_to: InvalidAttackDestination


class SealThis(EffectBase, frozen=True, kw_only=True, tag="seal_this"):
    """Your attack card goes to your sealed area at cleanup instead of gauge or discard
    (Under Night In-Birth: Hyde's Gyro Vortex)."""


class StrikeFaceup(EffectBase, frozen=True, kw_only=True, tag="strike_faceup"):
    """Strike; your attack is set face-up at once (``disable_wild_swing``: no wild swing;
    ``disable_ex``: no EX pair)."""

    starts_strike: ClassVar[bool] = True

    disable_wild_swing: bool = False
    disable_ex: bool = False


class StrikeFromGauge(EffectBase, frozen=True, kw_only=True, tag="strike_from_gauge"):
    """Strike; you set your attack from your gauge, face-up (wild swing if it is empty)."""

    starts_strike: ClassVar[bool] = True


class StrikeRandomFromGauge(
    EffectBase, frozen=True, kw_only=True, tag="strike_random_from_gauge"
):
    """Strike; the opponent sets first, then your attack is a random card from your
    gauge (wild swing if it is empty)."""

    starts_strike: ClassVar[bool] = True


class DiscardStrikeAfterCleanup(
    EffectBase, frozen=True, kw_only=True, tag="discard_strike_after_cleanup"
):
    """Your attack card goes to your discard pile at cleanup, even if it hit."""


class ReturnAttackToHand(EffectBase, frozen=True, kw_only=True, tag="return_attack_to_hand"):
    """Your attack card leaves the strike and goes back to your hand."""


class StrikeWithEx(EffectBase, frozen=True, kw_only=True, tag="strike_with_ex"):
    """Strike now with an EX attack (Byakuya's exceeded action)."""

    starts_strike: ClassVar[bool] = True
