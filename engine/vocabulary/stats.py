"""Attack statistic effects: power, speed, armor, guard and range for this strike.

The handlers are in ``engine.effects.stats``, under the same names in snake case.
"""

from __future__ import annotations

import enum

from engine.vocabulary.base import Count, EffectBase, SymbolicAmount


class Powerup(EffectBase, frozen=True, kw_only=True, tag="powerup"):
    """``amount`` may be ``"strike_x"`` (the X set earlier this strike) or a ``Count``."""

    amount: int | SymbolicAmount | Count


class Speedup(EffectBase, frozen=True, kw_only=True, tag="speedup"):
    """``amount`` may be a ``Count`` (Iron Tager's Spark Bolt: one per gauge card)."""

    amount: int | Count


class Armorup(EffectBase, frozen=True, kw_only=True, tag="armorup"):
    """``amount`` may be a ``Count`` (Linne's Tenacious Mist: the damage dealt)."""

    amount: int | Count


class Guardup(EffectBase, frozen=True, kw_only=True, tag="guardup"):
    """``amount`` may be ``"strike_x"`` or a ``Count``."""

    amount: int | SymbolicAmount | Count


class Rangeup(EffectBase, frozen=True, kw_only=True, tag="rangeup"):
    """``amount`` is added to the minimum range and ``amount2`` to the maximum; either
    may be a ``Count``."""

    amount: int | Count
    amount2: int | Count


class SetTotalPower(EffectBase, frozen=True, kw_only=True, tag="set_total_power"):
    amount: int


class LoseAllArmor(EffectBase, frozen=True, kw_only=True, tag="lose_all_armor"):
    pass


class MultiplyPositivePowerBonuses(
    EffectBase, frozen=True, kw_only=True, tag="multiply_positive_power_bonuses"
):
    amount: int


class PowerupBothPlayers(EffectBase, frozen=True, kw_only=True, tag="powerup_both_players"):
    amount: int


class PowerupOpponent(EffectBase, frozen=True, kw_only=True, tag="powerup_opponent"):
    amount: int


class RangeupPerBoostModifier(
    EffectBase, frozen=True, kw_only=True, tag="rangeup_per_boost_modifier"
):
    """Per continuous boost in play: ``amount`` to the minimum, ``amount2`` to the maximum."""

    amount: int
    amount2: int


class SpeedupBySpacesModifier(
    EffectBase, frozen=True, kw_only=True, tag="speedup_by_spaces_modifier"
):
    """Per empty space between the fighters, counted whenever the speed is read."""

    amount: int


class SpeedupPerBoostModifier(
    EffectBase, frozen=True, kw_only=True, tag="speedup_per_boost_modifier"
):
    """Per continuous boost in play (yours; ``all_boosts``: both players'), counted
    whenever the speed is read."""

    amount: int
    all_boosts: bool = False


class RangeupPerAnyBoostModifier(
    EffectBase, frozen=True, kw_only=True, tag="rangeup_per_any_boost_modifier"
):
    """Per continuous boost in play, both players' (upstream ``rangeup_per_boost_modifier
    {all_boosts}``): ``amount`` to the minimum, ``amount2`` to the maximum, counted at the
    range check."""

    amount: int
    amount2: int


class StrikeXSource(enum.StrEnum):
    """Where ``set_strike_x`` reads X from."""

    TOP_DISCARD_POWER = "top_discard_power"
    TOP_DECK_POWER = "top_deck_power"
    OPPONENT_SPEED = "opponent_speed"
    RANDOM_GAUGE_POWER = "random_gauge_power"
    COPIES_IN_GAUGE = "copies_in_gauge"
    """The copies of the card ``card`` in your gauge (Enkidu's Three Precept Strike)."""
    GAUGE_SPENT_BEFORE_STRIKE = "gauge_spent_before_strike"
    ULTRAS_USED_TO_PAY_GAUGE_COST = "ultras_used_to_pay_gauge_cost"
    """The ultras among the cards that paid your attack's gauge cost."""
    LIGHTNINGRODS_IN_OPPONENT_SPACE = "lightningrods_in_opponent_space"
    """Your lightning rods on the opponent's space (Rachel's Baden Baden Lily)."""


class SetStrikeX(EffectBase, frozen=True, kw_only=True, tag="set_strike_x"):
    """``card``: the card id a ``copies_in_gauge`` source counts."""

    source: StrikeXSource
    card: str | None = None


class UseTopDiscardAsPrintedPower(
    EffectBase, frozen=True, kw_only=True, tag="use_top_discard_as_printed_power"
):
    """Your attack's printed power becomes the power of your top discard (0 if none)."""


class MultiplyPowerBonuses(EffectBase, frozen=True, kw_only=True, tag="multiply_power_bonuses"):
    """Every power bonus on your attack, positive and negative, counts ``amount`` times."""

    amount: int


class SavePowerOfCardFromHand(
    EffectBase, frozen=True, kw_only=True, tag="save_power_of_card_from_hand"
):
    """Reveal a card of your hand; its printed power is saved for
    ``use_saved_power_as_printed_power``."""


class UseSavedPowerAsPrintedPower(
    EffectBase, frozen=True, kw_only=True, tag="use_saved_power_as_printed_power"
):
    """Your attack's printed power becomes the power saved by
    ``save_power_of_card_from_hand``."""


class PowerupPerArmorUsed(EffectBase, frozen=True, kw_only=True, tag="powerup_per_armor_used"):
    """``amount`` power per point of your armor used up by damage so far this strike
    (Londrekia's Frozen Spire: -1 per armor used)."""

    amount: int


class SwapPowerSpeed(EffectBase, frozen=True, kw_only=True, tag="swap_power_speed"):
    """This strike your total power and total speed trade places (Hilda's Masquerade)."""


class PowerupPerSpentGaugeMatchingRangeToOpponent(
    EffectBase, frozen=True, kw_only=True,
    tag="powerup_per_spent_gauge_matching_range_to_opponent",
):
    """+``amount`` power per gauge card spent on your attack's cost whose printed range
    includes the current range to the opponent (Hilda's Impalement)."""

    amount: int


class RangeupBothPlayers(EffectBase, frozen=True, kw_only=True, tag="rangeup_both_players"):
    """Both attacks get +``amount`` minimum and +``amount2`` maximum range."""

    amount: int = 0
    amount2: int = 0
