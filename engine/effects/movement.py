"""Movement effects: advance, retreat, close, push and pull."""

from __future__ import annotations

from engine import cards as c
from engine import movement
from engine.context import EffectCtx
from engine.effects.registry import (
    handler,
    move_opponent,
    move_self,
)


@handler(c.Advance)
def advance(ctx: EffectCtx, e: c.Advance) -> None:
    """Move ``amount`` spaces toward the opponent, crossing them if there is room.

    The opponent's space is not counted and a wall stops you. Chained effects can test
    ``advanced_through``. Example: Dive's ``before: advance 3``.
    """
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    move_self(ctx, movement.advance_to(me, them, e.amount))


@handler(c.Retreat)
def retreat(ctx: EffectCtx, e: c.Retreat) -> None:
    """Move ``amount`` spaces directly away from the opponent; the edge stops you.

    Example: Cross's ``after: retreat 3``.
    """
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    move_self(ctx, movement.retreat_to(me, them, e.amount))


@handler(c.Close)
def close(ctx: EffectCtx, e: c.Close) -> None:
    """Move up to ``amount`` spaces toward the opponent, stopping adjacent.

    Example: Assault's ``before: close 2``.
    """
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    move_self(ctx, movement.close_to(me, them, e.amount))


@handler(c.Push)
def push(ctx: EffectCtx, e: c.Push) -> None:
    """Move the opponent ``amount`` spaces away from you (as if they retreated).

    No effect on an opponent who ignores push and pull (Focus). Example: Grasp's hit.
    """
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    move_opponent(ctx, movement.retreat_to(them, me, e.amount))


@handler(c.Pull)
def pull(ctx: EffectCtx, e: c.Pull) -> None:
    """Move the opponent ``amount`` spaces toward you (as if they advanced); they may
    be pulled past you. No effect on an opponent who ignores push and pull.

    Example: Grasp's hit, ``pull 1`` from adjacent carries the opponent to your far side.
    """
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    move_opponent(ctx, movement.advance_to(them, me, e.amount))
