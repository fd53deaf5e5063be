"""Attack trait effects: properties an attack gains for one strike (ignoring armor,
dodging, not hitting...), which the strike rules read.

One registered handler per effect type of ``engine.vocabulary.traits``; each docstring is
the effect's reference entry in ``docs/effects.md``.
"""

from __future__ import annotations

from engine.cards import schema as c
from engine.core import events as ev
from engine.core.context import EffectCtx
from engine.core.state import AttackFlag, Passive, holds_passive
from engine.effects.registry import add_flag, attack_side, handler


@handler(c.IgnoreArmor)
def ignore_armor(ctx: EffectCtx, e: c.IgnoreArmor) -> None:
    """Your damage treats the opponent's armor as 0. Example: Spike. With ``opponent``,
    the opponent's damage treats your armor as 0 (Londrekia's exceed ability)."""
    add_flag(ctx, AttackFlag.IGNORE_ARMOR, ctx.opponent if e.opponent else None)


@handler(c.IgnoreGuard)
def ignore_guard(ctx: EffectCtx, e: c.IgnoreGuard) -> None:
    """The opponent's guard counts as 0 for stuns your attack causes. Example: Spike.
    With ``opponent``, your guard counts as 0 against the opponent's attack (Londrekia's
    exceed ability)."""
    add_flag(ctx, AttackFlag.IGNORE_GUARD, ctx.opponent if e.opponent else None)


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


@handler(c.DodgeAtRange)
def dodge_at_range(ctx: EffectCtx, e: c.DodgeAtRange) -> None:
    """The opponent's attack misses you if, at its range check, the distance between you
    is within ``range_min``..``range_max`` (both inclusive).

    From an ``after`` effect it only helps against an attack that comes later.
    Example: Cammy's Dive Kick, ``after: dodge_at_range 1-1``.
    """
    if attack_side(ctx) is not None:
        ctx.table.emit(ev.DodgeAtRangeGained(player=ctx.player, low=e.range_min, high=e.range_max))


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


@handler(c.RangeIncludesIfMovedPast)
def range_includes_if_moved_past(ctx: EffectCtx, e: c.RangeIncludesIfMovedPast) -> None:
    """Your attack also hits the opponent, wherever they stand, if you moved past them
    this strike (before or after this effect). A card with no printed range (Chun-Li's
    Head Stomp, ``range: null``) hits only this way.

    Example: Head Stomp, ``before: range_includes_if_moved_past, then advance 3``.
    """
    add_flag(ctx, AttackFlag.RANGE_IF_MOVED_PAST)


@handler(c.IgnorePushAndPullPassiveBonus)
def ignore_push_and_pull_passive_bonus(
    ctx: EffectCtx, e: c.IgnorePushAndPullPassiveBonus
) -> None:
    """From now until a matching ``remove_ignore_push_and_pull_passive_bonus``, the
    opponent's pushes and pulls do not move you, in strikes and outside them. Two grants
    need two removes.

    Example: Vincent's Foundation (Phoenix Ascent boost), ``now:`` this; ``discarded:``
    the remove, so it lasts while the boost is in play.

    Own type: a lasting bonus held outside any strike (state of its own, not an attack
    flag), ended only by its remove.
    """
    ctx.table.emit(ev.PassiveGained(player=ctx.player, passive=Passive.IGNORE_PUSH_AND_PULL))


@handler(c.RemoveIgnorePushAndPullPassiveBonus)
def remove_ignore_push_and_pull_passive_bonus(
    ctx: EffectCtx, e: c.RemoveIgnorePushAndPullPassiveBonus
) -> None:
    """Ends one ``ignore_push_and_pull_passive_bonus`` you hold (nothing if you hold
    none). Example: Vincent's Foundation, ``discarded:`` when it leaves play.

    Own type: the end of the lasting bonus above, with its own event.
    """
    passive = Passive.IGNORE_PUSH_AND_PULL
    if holds_passive(ctx.table.state, ctx.player, passive):
        ctx.table.emit(ev.PassiveRemoved(player=ctx.player, passive=passive))


@handler(c.CannotStun)
def cannot_stun(ctx: EffectCtx, e: c.CannotStun) -> None:
    """Your attack cannot stun the opponent this strike, however much damage it deals
    (their own ``stun_immunity`` is the defender's side of the same rule).

    Example: Seth's Kerykeion boost, ``during_strike: cannot_stun``.

    Own type: it limits what the attacker's damage does to the defender;
    ``stun_immunity`` is a property of the one stunned.
    """
    add_flag(ctx, AttackFlag.CANNOT_STUN)


@handler(c.NonlethalAttack)
def nonlethal_attack(ctx: EffectCtx, e: c.NonlethalAttack) -> None:
    """Your attack's damage cannot take the opponent below 1 life this strike: damage
    after armor is capped at their life less 1 (a stun still counts that capped damage).

    Example: Seth's Kerykeion boost, ``during_strike: nonlethal_attack``.

    Own type: a cap on the attacker's damage by the defender's life; no other effect
    bounds damage.
    """
    add_flag(ctx, AttackFlag.NONLETHAL)


@handler(c.HigherSpeedMisses)
def higher_speed_misses(ctx: EffectCtx, e: c.HigherSpeedMisses) -> None:
    """The opponent's attack misses you if it is faster than yours, or with
    ``dodge_at_speed_greater_or_equal`` if its speed is at least that (read at its hit
    check, among the automatic misses).

    Example: Orie's Sacred Arrow, ``during_strike: higher_speed_misses
    {dodge_at_speed_greater_or_equal: 5}``.

    Own type: an automatic miss decided by the attacker's speed, which neither
    ``dodge_attacks`` nor ``dodge_at_range`` can say.
    """
    if attack_side(ctx) is not None:
        ctx.table.emit(ev.HigherSpeedMissesGained(
            player=ctx.player, at_least=e.dodge_at_speed_greater_or_equal))


@handler(c.CalculateRangeFromCenter)
def calculate_range_from_center(ctx: EffectCtx, e: c.CalculateRangeFromCenter) -> None:
    """Your attack's range check this strike measures the distance from the arena's
    center space to the opponent, not from you (an opponent on the center is at
    range 0).

    Example: Mika's Galaxy, ``during_strike: calculate_range_from_center`` (range 0-1).

    Own type: it moves the origin of the range check, which no stat change can say.
    """
    add_flag(ctx, AttackFlag.RANGE_FROM_CENTER)


@handler(c.AttackIncludesRange)
def attack_includes_range(ctx: EffectCtx, e: c.AttackIncludesRange) -> None:
    """This strike your attack also hits an opponent exactly ``amount`` spaces away (from
    where its range is measured), whatever its range; the automatic misses (dodges,
    does-not-hit) still apply.

    Example: Merkava's Dark Bite (I, Defile boost), ``now: strike``, ``during_strike:
    attack_includes_range 1``.

    Own type: it adds one distance to the range check without widening the range, which
    ``rangeup`` cannot say.
    """
    if attack_side(ctx) is not None:
        ctx.table.emit(ev.RangeIncluded(player=ctx.player, distance=e.amount))
@handler(c.InvertRange)
def invert_range(ctx: EffectCtx, e: c.InvertRange) -> None:
    """This strike your attack's range check is turned over: it hits an opponent out of
    its range and misses one in it (automatic misses, dodges and an attack with no range
    still miss).

    Example: Hilda's Paradox (Impalement boost), ``during_strike: powerup -1,
    invert_range``.

    Own type: it negates the range check's answer, which no range change can say.
    """
    add_flag(ctx, AttackFlag.INVERT_RANGE)


@handler(c.CannotGoBelowLife)
def cannot_go_below_life(ctx: EffectCtx, e: c.CannotGoBelowLife) -> None:
    """This strike, attack damage cannot take you below ``amount`` life: each hit's
    damage after armor is capped at your life less ``amount`` (a stun still counts the
    capped damage). Effect damage (``take_damage``) is not attack damage.

    Example: Hakumen's Kokuujin: Yukikaze, ``during_strike: stun_immunity,
    cannot_go_below_life 1``.

    Own type: a floor on the life of the one hit, read by the damage step; ``nonlethal_attack``
    is the attacker's cap on the opponent.
    """
    ctx.table.emit(ev.LifeFloorSet(player=ctx.player, amount=e.amount))
