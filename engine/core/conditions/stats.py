"""Conditions on the attacks' totals: guard, positive power bonuses and speed."""

from __future__ import annotations

from engine.cards.schema import Condition, ConditionKind
from engine.core.attack_totals import total_guard, total_speed
from engine.core.conditions.registry import opponent_side, own_side, predicate
from engine.core.context import EffectCtx
from engine.core.state import (
    AttackSide,
)


@predicate(ConditionKind.OPPONENT_TOTAL_GUARD_GREATER_OR_EQUAL)
def opponent_total_guard_greater_or_equal(ctx: EffectCtx, cond: Condition) -> bool:
    """The opponent's current total guard (printed, bonuses, EX) is at least ``amount``.

    Example: Akuma's Zugaihasatsu, ``hit: [if opponent_total_guard_greater_or_equal 4]
    powerup 2``.
    """
    side = opponent_side(ctx)
    if side is None or side.card is None:
        return False
    return total_guard(ctx.table, side) >= (cond.amount or 0)


@predicate(ConditionKind.TOTAL_POWERUP_GREATER_OR_EQUAL)
def total_powerup_greater_or_equal(ctx: EffectCtx, cond: Condition) -> bool:
    """The positive power bonuses on your attack (EX included, after any multiplier) add
    up to at least ``amount``; negative bonuses are not subtracted.

    Example: Akuma's Instant Hell Murder, ``during_strike: [if
    total_powerup_greater_or_equal 3] speedup 3``.
    """
    side = own_side(ctx)
    return side is not None and side.positive_power_bonus >= (cond.amount or 0)


@predicate(ConditionKind.SPEED_GREATER_THAN)
def speed_greater_than(ctx: EffectCtx, cond: Condition) -> bool:
    """Your attack's total speed is greater than ``amount``; without ``amount``, greater
    than the opponent's attack's total speed (false outside a strike).

    Example: Nanase's Lumiere of the Dawn, ``before: [if speed_greater_than]
    attack_does_not_hit, then lose_all_armor``.
    """
    mine, theirs = own_side(ctx), opponent_side(ctx)
    if mine is None or theirs is None or mine.card is None:
        return False
    bar = _total_speed(ctx, theirs) if cond.amount is None else cond.amount
    return _total_speed(ctx, mine) > bar


@predicate(ConditionKind.OPPONENT_SPEED_LESS_OR_EQUAL)
def opponent_speed_less_or_equal(ctx: EffectCtx, cond: Condition) -> bool:
    """The opponent's attack's total speed (printed, modifiers, +1 if EX) is at most
    ``amount`` (false outside a strike or before they have an attack).

    Example: Byakuya's Caught You!, ``before: [if opponent_speed_less_or_equal 4]
    attack_does_not_hit``.
    """
    side = opponent_side(ctx)
    if side is None or side.card is None or cond.amount is None:
        return False
    return _total_speed(ctx, side) <= cond.amount


def _total_speed(ctx: EffectCtx, side: AttackSide) -> int:
    """The attack's total speed as the priority check reads it (``total_speed``: the
    live modifiers, and its power once ``swap_power_speed`` traded them)."""
    return total_speed(ctx.table, side)
