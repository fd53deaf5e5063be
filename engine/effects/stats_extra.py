"""Attack statistic effects of the Street Fighter fighters: losing armor, multiplied and
shared power bonuses, live range per boost, dodging by distance, and reaching an
opponent you have moved past.
"""

from __future__ import annotations

from engine import cards as c
from engine import events as ev
from engine.context import EffectCtx
from engine.effects.registry import add_flag, add_stat, attack_side, handler
from engine.state import AttackFlag, Stat


@handler(c.LoseAllArmor)
def lose_all_armor(ctx: EffectCtx, e: c.LoseAllArmor) -> None:
    """Your remaining armor for this strike drops to 0 (armor already used up stays
    used); later armor bonuses count again.

    Example: Sagat's Tiger Uppercut, ``after: lose_all_armor``.
    """
    side = attack_side(ctx)
    if side is None or side.card is None:
        return
    total = ctx.table.card(side.card).armor + side.armor + (1 if side.ex else 0)
    add_stat(ctx, Stat.ARMOR, -max(0, total - side.armor_used))


@handler(c.MultiplyPositivePowerBonuses)
def multiply_positive_power_bonuses(ctx: EffectCtx, e: c.MultiplyPositivePowerBonuses) -> None:
    """Your positive power bonuses (EX's +1 included) count ``amount`` times; negative
    bonuses and printed power do not. Several multipliers do not stack: the largest wins.

    Example: Akuma's Demon Armageddon, ``during_strike: multiply_positive_power_bonuses 2``.
    """
    side = attack_side(ctx)
    if side is not None and e.amount > side.power_multiplier:
        ctx.table.emit(ev.PowerBonusesMultiplied(player=ctx.player, factor=e.amount))


@handler(c.PowerupBothPlayers)
def powerup_both_players(ctx: EffectCtx, e: c.PowerupBothPlayers) -> None:
    """Both attacks get +``amount`` power (yours first).

    Example: Akuma's Critical, which adds ``during_strike: powerup_both_players 2``.
    """
    if attack_side(ctx) is None or not e.amount:
        return
    for who in (ctx.player, ctx.opponent):
        ctx.table.emit(ev.StatModified(player=who, stat=Stat.POWER, amount=e.amount))


@handler(c.RangeupPerBoostModifier)
def rangeup_per_boost_modifier(ctx: EffectCtx, e: c.RangeupPerBoostModifier) -> None:
    """Live modifier: +``amount`` minimum and +``amount2`` maximum range for each
    continuous boost you have in play, counted when the range is checked.

    Example: Chun-Li exceeded, ``set_strike`` adds ``during_strike:
    rangeup_per_boost_modifier 0/1``.
    """
    if attack_side(ctx) is not None:
        ctx.table.emit(
            ev.RangePerBoostGained(player=ctx.player, amount=e.amount, amount2=e.amount2)
        )


@handler(c.DodgeAtRange)
def dodge_at_range(ctx: EffectCtx, e: c.DodgeAtRange) -> None:
    """The opponent's attack misses you if, at its range check, the distance between you
    is within ``range_min``..``range_max`` (both inclusive).

    From an ``after`` effect it only helps against an attack that comes later.
    Example: Cammy's Dive Kick, ``after: dodge_at_range 1-1``.
    """
    if attack_side(ctx) is not None:
        ctx.table.emit(ev.DodgeAtRangeGained(player=ctx.player, low=e.range_min, high=e.range_max))


@handler(c.RangeIncludesIfMovedPast)
def range_includes_if_moved_past(ctx: EffectCtx, e: c.RangeIncludesIfMovedPast) -> None:
    """Your attack also hits the opponent, wherever they stand, if you moved past them
    this strike (before or after this effect). A card with no printed range (Chun-Li's
    Head Stomp, ``range: null``) hits only this way.

    Example: Head Stomp, ``before: range_includes_if_moved_past, then advance 3``.
    """
    add_flag(ctx, AttackFlag.RANGE_IF_MOVED_PAST)
