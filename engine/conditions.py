"""Condition predicates, one small registered function per ``ConditionKind``.

A condition gates an effect: when it is false the effect (and its ``then`` chain) is
skipped and its ``else`` branch runs instead. The meta-test checks that every kind used
in the card data has a predicate here, with a docstring and a test.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.cards import Condition, ConditionKind
from engine.context import EffectCtx
from engine.state import AttackSide

Predicate = Callable[[EffectCtx, Condition], bool]
PREDICATES: dict[ConditionKind, Predicate] = {}


def predicate(kind: ConditionKind) -> Callable[[Predicate], Predicate]:
    def register(fn: Predicate) -> Predicate:
        PREDICATES[kind] = fn
        return fn

    return register


def holds(ctx: EffectCtx, condition: Condition) -> bool:
    """Evaluate ``condition`` for the player resolving ``ctx``."""
    return PREDICATES[condition.kind](ctx, condition)


def _side(ctx: EffectCtx) -> AttackSide | None:
    strike = ctx.table.state.strike
    return strike.sides[ctx.player] if strike is not None else None


@predicate(ConditionKind.IS_CRITICAL)
def is_critical(ctx: EffectCtx, _: Condition) -> bool:
    """Your attack was made Critical (1 gauge paid when it was set).

    Example: Ryu's Hadoken, ``during_strike: [if is_critical] speedup 2``.
    """
    side = _side(ctx)
    return side is not None and side.critical


@predicate(ConditionKind.INITIATED_STRIKE)
def initiated_strike(ctx: EffectCtx, _: Condition) -> bool:
    """You are the attacker: you initiated this strike.

    Example: Ken's Knee Bash, ``during_strike: [if initiated_strike] rangeup 0/1``.
    """
    strike = ctx.table.state.strike
    return strike is not None and strike.attacker == ctx.player


@predicate(ConditionKind.NOT_INITIATED_STRIKE)
def not_initiated_strike(ctx: EffectCtx, _: Condition) -> bool:
    """You are the defender of this strike.

    Example: Ryu's Shoryuken, ``during_strike: [if not_initiated_strike] speedup 2``.
    """
    strike = ctx.table.state.strike
    return strike is not None and strike.attacker != ctx.player


@predicate(ConditionKind.HIT_OPPONENT)
def hit_opponent(ctx: EffectCtx, _: Condition) -> bool:
    """Your attack hit the opponent this strike.

    Example: Hadoken's ``after: [if hit_opponent] choice ...``.
    """
    side = _side(ctx)
    return side is not None and side.hit


@predicate(ConditionKind.ADVANCED_THROUGH)
def advanced_through(ctx: EffectCtx, _: Condition) -> bool:
    """The movement this effect is chained to ended on the opponent's far side.

    Example: Dive, ``before: advance 3, then [if advanced_through] dodge_attacks``.
    """
    return ctx.advanced_through


@predicate(ConditionKind.NOT_ADVANCED_THROUGH)
def not_advanced_through(ctx: EffectCtx, _: Condition) -> bool:
    """The movement this effect is chained to did not cross the opponent (a blocked
    advance counts as not crossing).

    Example: Ken's Guren Senpukyaku, ``advance 2, then [if not_advanced_through] powerup 3``.
    """
    return not ctx.advanced_through
