"""Movement effects of the Street Fighter fighters: moving the opponent to a chosen space
(Cammy's CQC and Gyro Driver Smasher) and Zangief's wall (the opponent cannot move past).
"""

from __future__ import annotations

from engine import cards as c
from engine import events as ev
from engine import movement
from engine.context import EffectCtx, Flow, choose
from engine.effects.registry import add_stat, attack_side, handler, move_opponent
from engine.ids import ARENA_MAX, ARENA_MIN
from engine.state import AttackFlag, Stat


def _immune(ctx: EffectCtx) -> bool:
    """The opponent ignores pushes and pulls this strike (Focus, Double Lariat)."""
    side = attack_side(ctx, ctx.opponent)
    return side is not None and bool(side.flags & AttackFlag.IGNORE_PUSH_PULL)


@handler(c.PushOrPullToAnySpace)
def push_or_pull_to_any_space(ctx: EffectCtx, e: c.PushOrPullToAnySpace) -> Flow[None]:
    """Decision: move the opponent to any space except yours and theirs (a push or a
    pull, as needed; they may end on your other side), or pass.

    Not offered to an opponent who ignores push and pull. Example: Cammy's CQC, ``hit``.
    """
    if _immune(ctx):
        return
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    spaces = [s for s in range(ARENA_MIN, ARENA_MAX + 1) if s not in (me, them)]
    labels = [f"move opponent to space {s}" for s in spaces] + ["pass"]
    index = yield from choose(ctx.table, ctx.player, labels)
    if index < len(spaces):
        move_opponent(ctx, spaces[index])


@handler(c.PullAnyNumberOfSpacesAndGainPower)
def pull_any_number_of_spaces_and_gain_power(
    ctx: EffectCtx, e: c.PullAnyNumberOfSpacesAndGainPower
) -> Flow[None]:
    """Decision: pull the opponent any number of spaces (each option is a distinct
    landing space, past you if there is room), or pass; +1 power per space they moved.

    Your space is skipped and not counted, as for any pull. An opponent who ignores push
    and pull is not moved and gives no power. Example: Cammy's Gyro Driver Smasher, ``hit``.
    """
    if _immune(ctx):
        return
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    amounts: list[int] = []
    landed = {them}
    for amount in range(1, ARENA_MAX):
        dst = movement.advance_to(them, me, amount)
        if dst in landed:
            break
        landed.add(dst)
        amounts.append(amount)
    labels = ["pass"] + [f"pull {amount}" for amount in amounts]
    index = yield from choose(ctx.table, ctx.player, labels)
    if index == 0:
        return
    move_opponent(ctx, movement.advance_to(them, me, amounts[index - 1]))
    after = ctx.table.p(ctx.opponent).space
    add_stat(ctx, Stat.POWER, abs(after - them) - (1 if movement.crossed(them, after, me) else 0))


@handler(c.OpponentCantMovePast)
def opponent_cant_move_past(ctx: EffectCtx, e: c.OpponentCantMovePast) -> None:
    """Until removed, the opponent cannot move past you by their own movement: an
    advance stops adjacent, and the Move action cannot reach your far side. Pushes and
    pulls are unaffected.

    Example: Zangief's Siberian Blizzard (``during_strike``; removed at ``cleanup``).
    """
    if not ctx.table.p(ctx.player).blocks_passing:
        ctx.table.emit(ev.PassingBlocked(player=ctx.player, blocked=True))


@handler(c.RemoveOpponentCantMovePast)
def remove_opponent_cant_move_past(ctx: EffectCtx, e: c.RemoveOpponentCantMovePast) -> None:
    """Lifts ``opponent_cant_move_past``. Example: Siberian Blizzard's ``cleanup``."""
    if ctx.table.p(ctx.player).blocks_passing:
        ctx.table.emit(ev.PassingBlocked(player=ctx.player, blocked=False))
