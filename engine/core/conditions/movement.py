"""Conditions on the arena: the range between the fighters, the edges, and the moves made
(advancing through or past, pushes, moves noted this strike)."""

from __future__ import annotations

from engine.cards.schema import Condition, ConditionKind
from engine.core.conditions.registry import own_side, predicate
from engine.core.context import EffectCtx
from engine.core.ids import ARENA_MAX, ARENA_MIN
from engine.core.movement import distance
from engine.core.state import (
    moved_self_this_strike,
    moved_this_strike,
)


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


@predicate(ConditionKind.MOVED_PAST)
def moved_past(ctx: EffectCtx, _: Condition) -> bool:
    """You ended a move on the opponent's far side at some point this strike (advancing,
    or being pulled, which the rules treat as advancing; the opponent crossing you does
    not count).

    Example: Chun-Li's Spinning Bird Kick, ``hit: [if moved_past] choice push 2 | pull 2``.
    """
    side = own_side(ctx)
    return side is not None and side.moved_past


@predicate(ConditionKind.NOT_MOVED_SELF_THIS_STRIKE)
def not_moved_self_this_strike(ctx: EffectCtx, _: Condition) -> bool:
    """You have not moved yourself during this strike (your own movement effects; being
    pushed or pulled does not count). False outside a strike.

    Example: Linne's Flying Swallow, ``after: [if not_moved_self_this_strike] advance 3,
    then draw 1``: if she did not take the ``before`` advance, she advances after.
    """
    return (ctx.table.state.strike is not None
            and not moved_self_this_strike(ctx.table.state, ctx.player))


@predicate(ConditionKind.OPPONENT_MOVED_OR_WAS_MOVED)
def opponent_moved_or_was_moved(ctx: EffectCtx, _: Condition) -> bool:
    """The opponent has changed space during this strike: by their own movement, or
    pushed or pulled (noted as ``MoveNoted`` in games where a card reads this). False
    outside a strike.

    Example: Platinum's Dream Sally, ``hit: [if opponent_moved_or_was_moved] powerup 2``.
    """
    return (ctx.table.state.strike is not None
            and moved_this_strike(ctx.table.state, ctx.opponent))


@predicate(ConditionKind.PUSHED_MIN_SPACES)
def pushed_min_spaces(ctx: EffectCtx, cond: Condition) -> bool:
    """The ``push`` this effect is chained to moved the opponent at least ``amount``
    spaces (a wall, or Focus, may keep them from moving).

    Example: Nine's Amethyst of Annihilation, ``hit: push 2, then [if pushed_min_spaces
    1] gain_advantage``: against an opponent cornered on space 9 there is no advantage.
    """
    return ctx.pushed >= (cond.amount or 0)


@predicate(ConditionKind.RANGE)
def range_(ctx: EffectCtx, cond: Condition) -> bool:
    """The opponent is exactly ``amount`` spaces away (in or out of a strike).

    Example: Cammy's Ejection Kick (Spiral Arrow boost), ``immediate: [if range 1] push 3``.
    """
    table = ctx.table
    return distance(table.p(ctx.player).space, table.p(ctx.opponent).space) == cond.amount


@predicate(ConditionKind.RANGE_GREATER_OR_EQUAL)
def range_greater_or_equal(ctx: EffectCtx, cond: Condition) -> bool:
    """The opponent is at least ``amount`` spaces away.

    Example: Guile's Roll, ``immediate: close 2; [if range_greater_or_equal 2]
    bonus_action``.
    """
    table = ctx.table
    return distance(table.p(ctx.player).space, table.p(ctx.opponent).space) >= (
        cond.amount or 0
    )


@predicate(ConditionKind.RANGE_MULTIPLE)
def range_multiple(ctx: EffectCtx, cond: Condition) -> bool:
    """The opponent is ``amount`` to ``amount_max`` spaces away (in or out of a strike).

    Example: Hakumen's Kokuujin: Shippu, ``hit: [if range_multiple 1..2] powerup 4``.
    """
    table = ctx.table
    spaces = distance(table.p(ctx.player).space, table.p(ctx.opponent).space)
    least = cond.amount or 0
    return least <= spaces <= (least if cond.amount_max is None else cond.amount_max)


@predicate(ConditionKind.AT_EDGE_OF_ARENA)
def at_edge_of_arena(ctx: EffectCtx, _: Condition) -> bool:
    """You stand on space 1 or 9.

    Example: Vega's Repel Leap, ``immediate: [if at_edge_of_arena]
    set_mode used_character_bonus, then move_to_any_space, then strike``.
    """
    return ctx.table.p(ctx.player).space in (ARENA_MIN, ARENA_MAX)


@predicate(ConditionKind.OPPONENT_AT_EDGE_OF_ARENA)
def opponent_at_edge_of_arena(ctx: EffectCtx, _: Condition) -> bool:
    """The opponent stands on space 1 or 9.

    Example: Cammy's Razor's Edge Slicer, ``hit: [if opponent_at_edge_of_arena] powerup 2``.
    """
    return ctx.table.p(ctx.opponent).space in (ARENA_MIN, ARENA_MAX)


@predicate(ConditionKind.MIN_SPACES_BEHIND_OPPONENT)
def min_spaces_behind_opponent(ctx: EffectCtx, cond: Condition) -> bool:
    """At least ``amount`` spaces lie behind the opponent (between them and the edge on
    their far side from you).

    Example: Vega's Bloody High Claw, ``before: [if min_spaces_behind_opponent 3]
    powerup 3``.
    """
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    behind = ARENA_MAX - them if them > me else them - ARENA_MIN
    return behind >= (cond.amount or 0)
