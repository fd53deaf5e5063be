"""Attack statistic effects: power, speed, armor, guard, range, and attack flags."""

from __future__ import annotations

from engine import cards as c
from engine import events as ev
from engine.context import EffectCtx
from engine.effects.registry import (
    add_flag,
    add_stat,
    amount_value,
    attack_side,
    handler,
)
from engine.state import AttackFlag, Stat


@handler(c.Powerup)
def powerup(ctx: EffectCtx, e: c.Powerup) -> None:
    """+``amount`` power to your attack for this strike. Example: Fierce (Grasp boost).

    ``amount`` may be ``strike_x``, the X set earlier this strike (Dan's Koryuken).
    """
    add_stat(ctx, Stat.POWER, amount_value(ctx, e.amount))


@handler(c.Speedup)
def speedup(ctx: EffectCtx, e: c.Speedup) -> None:
    """+``amount`` speed to your attack for this strike. Example: Light (Sweep boost)."""
    add_stat(ctx, Stat.SPEED, e.amount)


@handler(c.Armorup)
def armorup(ctx: EffectCtx, e: c.Armorup) -> None:
    """+``amount`` armor for this strike. Example: Defend (Spike boost)."""
    add_stat(ctx, Stat.ARMOR, e.amount)


@handler(c.Guardup)
def guardup(ctx: EffectCtx, e: c.Guardup) -> None:
    """+``amount`` guard for this strike. Example: Defend (Spike boost)."""
    add_stat(ctx, Stat.GUARD, e.amount)


@handler(c.Rangeup)
def rangeup(ctx: EffectCtx, e: c.Rangeup) -> None:
    """+``amount`` to your minimum range and +``amount2`` to your maximum range.

    Example: Ken's Knee Bash, ``rangeup 0/1`` when initiating.
    """
    add_stat(ctx, Stat.MIN_RANGE, e.amount)
    add_stat(ctx, Stat.MAX_RANGE, e.amount2)


@handler(c.SetTotalPower)
def set_total_power(ctx: EffectCtx, e: c.SetTotalPower) -> None:
    """Your attack's total power is exactly ``amount``, ignoring bonuses (Block: 0)."""
    if attack_side(ctx) is not None:
        ctx.table.emit(ev.PowerSet(player=ctx.player, value=e.amount))


@handler(c.IgnoreArmor)
def ignore_armor(ctx: EffectCtx, e: c.IgnoreArmor) -> None:
    """Your damage treats the opponent's armor as 0. Example: Spike."""
    add_flag(ctx, AttackFlag.IGNORE_ARMOR)


@handler(c.IgnoreGuard)
def ignore_guard(ctx: EffectCtx, e: c.IgnoreGuard) -> None:
    """The opponent's guard counts as 0 for stuns your attack causes. Example: Spike."""
    add_flag(ctx, AttackFlag.IGNORE_GUARD)


@handler(c.StunImmunity)
def stun_immunity(ctx: EffectCtx, e: c.StunImmunity) -> None:
    """You cannot be stunned this strike, however much damage you take.

    No Ryu, Ken or standard Normal card uses it yet (M. Bison's Unstoppable boost does).
    """
    add_flag(ctx, AttackFlag.STUN_IMMUNE)


@handler(c.DodgeAttacks)
def dodge_attacks(ctx: EffectCtx, e: c.DodgeAttacks) -> None:
    """The opponent's attack misses you this strike. Example: Dive after crossing."""
    add_flag(ctx, AttackFlag.DODGE_ATTACKS)


@handler(c.IgnorePushAndPull)
def ignore_push_and_pull(ctx: EffectCtx, e: c.IgnorePushAndPull) -> None:
    """The opponent's pushes and pulls do not move you this strike. Example: Focus."""
    add_flag(ctx, AttackFlag.IGNORE_PUSH_PULL)


@handler(c.AttackDoesNotHit)
def attack_does_not_hit(ctx: EffectCtx, e: c.AttackDoesNotHit) -> None:
    """Your attack (with ``opponent``: theirs) automatically misses. Example: Block."""
    add_flag(ctx, AttackFlag.DOES_NOT_HIT, ctx.opponent if e.opponent else ctx.player)


@handler(c.WhenHitForceForArmor)
def when_hit_force_for_armor(ctx: EffectCtx, e: c.WhenHitForceForArmor) -> None:
    """When you are hit, before damage, you may spend force for +2 armor per force.

    Example: Block. The printed amount is not read; 2 armor per force, as in the rules.
    """
    add_flag(ctx, AttackFlag.FORCE_FOR_ARMOR)
