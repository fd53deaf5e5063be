"""Critical's effect handler and conditions: ``critical`` makes the attack Critical;
``is_critical`` and ``is_not_critical`` ask whether it is.

Registered with ``engine.effects`` and ``engine.core.conditions`` as this module loads
(``engine.mechanics.builtin``); ``docs/effects.md`` lists them with the others.
"""

from __future__ import annotations

from engine.cards import schema as c
from engine.cards.schema import Condition, ConditionKind
from engine.core.conditions import predicate
from engine.core.context import EffectCtx
from engine.core.events.critical import AttackMadeCritical
from engine.effects.registry import attack_side, handler


@handler(c.Critical)
def critical(ctx: EffectCtx, e: c.Critical) -> None:
    """Your attack is Critical: ``[if is_critical]`` effects apply this strike.

    It changes nothing else (no extra damage). Example: the ``overall_effect`` of the
    Street Fighter ``set_strike: gauge_for_effect`` (1 gauge for Critical).
    """
    side = attack_side(ctx)
    if side is not None and not side.critical:
        ctx.table.emit(AttackMadeCritical(player=ctx.player))


@predicate(ConditionKind.IS_CRITICAL)
def is_critical(ctx: EffectCtx, _: Condition) -> bool:
    """Your attack was made Critical (1 gauge paid when it was set).

    Example: Ryu's Hadoken, ``during_strike: [if is_critical] speedup 2``.
    """
    side = attack_side(ctx)
    return side is not None and side.critical


@predicate(ConditionKind.IS_NOT_CRITICAL)
def is_not_critical(ctx: EffectCtx, _: Condition) -> bool:
    """Your attack is not (yet) Critical, e.g. no boost made it Critical for free.

    Example: Dan's ability, ``set_strike: [if is_not_critical] gauge_for_effect 1:
    critical`` (no gauge is asked for when Saikyo Glory already made it Critical).
    """
    side = attack_side(ctx)
    return side is not None and not side.critical
