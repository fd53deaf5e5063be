"""Attack trait effects: properties an attack gains for one strike (ignoring armor,
dodging, not hitting...), which the strike rules read.

The handlers are in ``engine.effects.traits``, under the same names in snake case.
"""

from __future__ import annotations

from engine.vocabulary.base import EffectBase


class IgnoreArmor(EffectBase, frozen=True, kw_only=True, tag="ignore_armor"):
    """``opponent``: the opponent's attack ignores your armor instead."""

    opponent: bool = False


class IgnoreGuard(EffectBase, frozen=True, kw_only=True, tag="ignore_guard"):
    """``opponent``: the opponent's attack ignores your guard instead."""

    opponent: bool = False


class StunImmunity(EffectBase, frozen=True, kw_only=True, tag="stun_immunity"):
    pass


class DodgeAttacks(EffectBase, frozen=True, kw_only=True, tag="dodge_attacks"):
    pass


class DodgeAtRange(EffectBase, frozen=True, kw_only=True, tag="dodge_at_range"):
    """Attacks from a distance in ``range_min``..``range_max`` miss you."""

    range_min: int
    range_max: int


class IgnorePushAndPull(EffectBase, frozen=True, kw_only=True, tag="ignore_push_and_pull"):
    pass


class AttackDoesNotHit(EffectBase, frozen=True, kw_only=True, tag="attack_does_not_hit"):
    opponent: bool = False


class Critical(EffectBase, frozen=True, kw_only=True, tag="critical"):
    pass


class WhenHitForceForArmor(EffectBase, frozen=True, kw_only=True, tag="when_hit_force_for_armor"):
    amount: int


class RangeIncludesIfMovedPast(
    EffectBase, frozen=True, kw_only=True, tag="range_includes_if_moved_past"
):
    pass


class IgnorePushAndPullPassiveBonus(
    EffectBase, frozen=True, kw_only=True, tag="ignore_push_and_pull_passive_bonus"
):
    """Until a matching remove, the opponent's pushes and pulls do not move you."""


class RemoveIgnorePushAndPullPassiveBonus(
    EffectBase, frozen=True, kw_only=True, tag="remove_ignore_push_and_pull_passive_bonus"
):
    """Ends one ``ignore_push_and_pull_passive_bonus``."""


class CannotStun(EffectBase, frozen=True, kw_only=True, tag="cannot_stun"):
    """Your attack cannot stun the opponent this strike (Seth's Kerykeion)."""


class NonlethalAttack(EffectBase, frozen=True, kw_only=True, tag="nonlethal_attack"):
    """Your attack's damage cannot take the opponent below 1 life (Seth's Kerykeion)."""


class HigherSpeedMisses(EffectBase, frozen=True, kw_only=True, tag="higher_speed_misses"):
    """Attacks faster than yours miss you; with ``dodge_at_speed_greater_or_equal``,
    attacks of at least that speed."""

    dodge_at_speed_greater_or_equal: int | None = None


class CalculateRangeFromCenter(
    EffectBase, frozen=True, kw_only=True, tag="calculate_range_from_center"
):
    """Your attack's range is measured from the center space of the arena (Mika's
    Galaxy)."""


class AttackIncludesRange(EffectBase, frozen=True, kw_only=True, tag="attack_includes_range"):
    """Your attack also hits an opponent exactly ``amount`` spaces away, whatever its
    range (Merkava's Dark Bite)."""

    amount: int


class InvertRange(EffectBase, frozen=True, kw_only=True, tag="invert_range"):
    """This strike your attack hits an opponent out of its range and misses one in it
    (Hilda's Paradox)."""


class CannotGoBelowLife(EffectBase, frozen=True, kw_only=True, tag="cannot_go_below_life"):
    """This strike, attack damage cannot take you below ``amount`` life."""

    amount: int = 1
