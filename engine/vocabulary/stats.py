"""Attack statistic effects: power, speed, armor, guard and range for this strike.

The handlers are in ``engine.effects.stats``, under the same names in snake case.
"""

from __future__ import annotations

import enum

from engine.vocabulary.base import EffectBase, SymbolicAmount


class Powerup(EffectBase, frozen=True, kw_only=True, tag="powerup"):
    """``amount`` may be ``"strike_x"``: the X set earlier this strike (Dan's Koryuken)."""

    amount: int | SymbolicAmount


class Speedup(EffectBase, frozen=True, kw_only=True, tag="speedup"):
    amount: int


class Armorup(EffectBase, frozen=True, kw_only=True, tag="armorup"):
    amount: int


class Guardup(EffectBase, frozen=True, kw_only=True, tag="guardup"):
    amount: int


class Rangeup(EffectBase, frozen=True, kw_only=True, tag="rangeup"):
    """``amount`` is added to the minimum range and ``amount2`` to the maximum."""

    amount: int
    amount2: int


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


class PowerupPerGauge(EffectBase, frozen=True, kw_only=True, tag="powerup_per_gauge"):
    """``amount`` power per card in your gauge; the bonus is capped at ``amount_max``."""

    amount: int
    amount_max: int | None = None


class SpeedupBySpacesModifier(
    EffectBase, frozen=True, kw_only=True, tag="speedup_by_spaces_modifier"
):
    amount: int


class RangeupPerBoostModifier(
    EffectBase, frozen=True, kw_only=True, tag="rangeup_per_boost_modifier"
):
    """Per continuous boost in play: ``amount`` to the minimum, ``amount2`` to the maximum."""

    amount: int
    amount2: int


class StrikeXSource(enum.StrEnum):
    """Where ``set_strike_x`` reads X from."""

    TOP_DISCARD_POWER = "top_discard_power"
    TOP_DECK_POWER = "top_deck_power"


class SetStrikeX(EffectBase, frozen=True, kw_only=True, tag="set_strike_x"):
    source: StrikeXSource
