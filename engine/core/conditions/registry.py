"""The condition registry: one predicate per ``ConditionKind``, and ``holds``, which the
rules and effects call to evaluate a condition; plus the attack sides most predicates
read."""

from __future__ import annotations

from collections.abc import Callable

from engine.cards.schema import Condition, ConditionKind
from engine.core.context import EffectCtx
from engine.core.state import AttackSide

Predicate = Callable[[EffectCtx, Condition], bool]
PREDICATES: dict[ConditionKind, Predicate] = {}


def predicate(kind: ConditionKind) -> Callable[[Predicate], Predicate]:
    """Register the decorated function as ``kind``'s predicate (a season mechanic's too)."""

    def register(fn: Predicate) -> Predicate:
        PREDICATES[kind] = fn
        return fn

    return register


def holds(ctx: EffectCtx, condition: Condition) -> bool:
    """Evaluate ``condition`` for the player resolving ``ctx``."""
    return PREDICATES[condition.kind](ctx, condition)


def own_side(ctx: EffectCtx) -> AttackSide | None:
    """The attack of the player resolving ``ctx`` (None outside a strike)."""
    strike = ctx.table.state.strike
    return strike.sides[ctx.player] if strike is not None else None


def opponent_side(ctx: EffectCtx) -> AttackSide | None:
    """The opponent's attack (None outside a strike)."""
    strike = ctx.table.state.strike
    return strike.sides[ctx.opponent] if strike is not None else None
