"""Movement measured from a buddy: the fighter moves to their buddy (``move_to_buddy``),
the buddy's space is a wall for the opponent (``opponent_cant_move_past_buddy`` and its
removal), and the opponent is pushed or pulled from or toward it (``push_from_source``,
``pull_to_buddy``).
"""

from __future__ import annotations

from engine.cards import schema as c
from engine.core import movement
from engine.core.asking import choose
from engine.core.context import EffectCtx, Flow
from engine.core.decisions import ChoiceOption
from engine.core.events.buddies import BuddyWallChanged
from engine.effects.registry import (
    handler,
    move_opponent,
    move_self,
    opponent_ignores_push_and_pull,
    resolve_all,
)
from engine.mechanics.buddies.state import buddy_id, buddy_spaces, of, range_buddy


@handler(c.MoveToBuddy)
def move_to_buddy(ctx: EffectCtx, e: c.MoveToBuddy) -> None:
    """You move to your buddy's space; if the opponent stands there, to the space next
    to it on your side. Your own movement (a wall or an opponent you cannot move past
    stops it). Nothing if the buddy is not in play.

    Example: Chaos's Dissect Barrage, ``after: [if buddy_in_play] move_to_buddy``.
    """
    spaces = buddy_spaces(ctx.table, ctx.player, e.buddy)
    if not spaces:
        return
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    target = spaces[0]
    if target == them:
        target = them + (1 if me > them else -1)
    move_self(ctx, target)

@handler(c.OpponentCantMovePastBuddy)
def opponent_cant_move_past_buddy(ctx: EffectCtx, e: c.OpponentCantMovePastBuddy) -> None:
    """Until removed (or the buddy leaves the arena), your buddy's space is a wall for
    the opponent's own movement: an advance, retreat, close or move that would enter or
    pass it stops on the space before it (one further back if you stand there; none if
    they are next to it), and their Move action cannot go onto it or beyond. A buddy on
    their own space does not hold them there. Pushes and pulls are unaffected. (Repel's
    card, as the reference client quotes it: "the opponent cannot advance or retreat
    into that space".)

    Example: Chaos's Repel, ``during_strike: [if buddy_in_play]
    opponent_cant_move_past_buddy`` (and its removal at ``cleanup``).
    """
    buddy = buddy_id(ctx.table, ctx.player, e.buddy)
    found = of(ctx.table.state)
    if buddy is not None and (found is None or buddy not in found.walls[ctx.player]):
        ctx.table.emit(BuddyWallChanged(player=ctx.player, buddy=buddy, blocks=True))


@handler(c.RemoveOpponentCantMovePastBuddy)
def remove_opponent_cant_move_past_buddy(
    ctx: EffectCtx, e: c.RemoveOpponentCantMovePastBuddy
) -> None:
    """Your buddy's space is no longer a wall for the opponent (nothing if it was not).

    Example: Chaos's Repel, ``cleanup: [if buddy_in_play]
    remove_opponent_cant_move_past_buddy``.
    """
    buddy = buddy_id(ctx.table, ctx.player, e.buddy)
    found = of(ctx.table.state)
    if buddy is not None and found is not None and buddy in found.walls[ctx.player]:
        ctx.table.emit(BuddyWallChanged(player=ctx.player, buddy=buddy, blocks=False))

@handler(c.PushFromSource)
def push_from_source(ctx: EffectCtx, e: c.PushFromSource) -> Flow[None]:
    """Push the opponent ``amount`` spaces away from your attack's origin: the space of
    the buddy its range is measured from this strike (``calculate_range_from_buddy``),
    else your own. Toward you they are carried past you as a pull would; on the
    origin's space you choose the way (push: away from you, or pull). No effect on an
    opponent who ignores push and pull.

    Example: Carl Clover's Con Brio (range 0-1 from Nirvana), ``hit: push_from_source 2``.

    Own type: the way is set by the buddy's space, not the pusher's.
    """
    table = ctx.table
    name = range_buddy(table.state, ctx.player)
    origins = [] if name is None else buddy_spaces(table, ctx.player, name)
    me, them = table.p(ctx.player).space, table.p(ctx.opponent).space
    origin = origins[0] if origins else me
    if opponent_ignores_push_and_pull(ctx):
        return
    if origin == them:
        labels = [f"push {e.amount}", f"pull {e.amount}"]
        options = [ChoiceOption(tag=c.effect_tag(c.Push), amounts=(e.amount,)),
                   ChoiceOption(tag=c.effect_tag(c.Pull), amounts=(e.amount,))]
        away = (yield from choose(table, ctx.player, labels, options)) == 0
    else:
        away = (them - origin) * (them - me) > 0 or origin == me
    if away:
        move_opponent(ctx, movement.retreat_to(them, me, e.amount))
    else:
        move_opponent(ctx, movement.advance_to(them, me, e.amount))

@handler(c.PullToBuddy)
def pull_to_buddy(ctx: EffectCtx, e: c.PullToBuddy) -> Flow[None]:
    """The opponent moves ``amount`` spaces toward your buddy: a pull when the buddy is
    on your side of them, a push when it is beyond them, and your choice of push or pull
    when they stand on it. Nothing without the buddy in play.

    Example: Kokonoe's ability, ``set_strike: [if buddy_in_play] force_for_effect 1 for
    add_attack_effect {before: pull_to_buddy 1 {Gravitron}}``.

    Own type: the direction depends on where the buddy lies.
    """
    spaces = buddy_spaces(ctx.table, ctx.player, e.buddy)
    if not spaces:
        return
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    buddy = spaces[0]
    move: c.Effect
    if buddy == them:
        labels = [f"push {e.amount}", f"pull {e.amount}"]
        options = [ChoiceOption(tag=c.effect_tag(c.Push), amounts=(e.amount,)),
                   ChoiceOption(tag=c.effect_tag(c.Pull), amounts=(e.amount,))]
        pick = yield from choose(ctx.table, ctx.player, labels, options)
        move = c.Push(amount=e.amount) if pick == 0 else c.Pull(amount=e.amount)
    elif (buddy - them) * (me - them) > 0:
        move = c.Pull(amount=e.amount)
    else:
        move = c.Push(amount=e.amount)
    yield from resolve_all(ctx, (move,))
