"""Placing, moving and removing a fighter's buddy tokens (Chaos's Azhi, Carl Clover's
Nirvana, Litchi's Mantenbo, Hazama's Ouroboros): ``place_buddy_in_any_space``,
``place_buddy_at_range``, ``place_buddy_in_attack_range``, ``place_buddy_onto_self``,
``place_buddy_onto_opponent``, ``move_buddy``, ``swap_buddy`` and ``remove_buddy``. A token
its character declares face down (``BuddyDef.shown_as``: Hazama's Ouroboros, the real one
and the fake) is placed so (``BuddyPlacedFaceDown``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import schema as c
from engine.core.asking import choose, choose_space
from engine.core.conditions import holds
from engine.core.context import EffectCtx, Flow, Table
from engine.core.decisions import ChoiceOption
from engine.core.events.buddies import (
    BuddyPlaced,
    BuddyPlacedFaceDown,
    BuddyRemoved,
    BuddySwapped,
)
from engine.core.ids import ARENA_MAX, ARENA_MIN, Player
from engine.effects.amounts import attack_reach
from engine.effects.registry import attack_side, handler, resolve
from engine.mechanics.buddies.state import buddy_id, of


def token_space(table: Table, who: Player, name: str | None) -> tuple[str, int | None] | None:
    """``who``'s buddy token ``name`` stands for (``buddy_id``) and its space (None: out
    of play); None if ``who``'s character declares no such token."""
    buddy = buddy_id(table, who, name)
    declared = table.catalog.character(table.p(who).character).buddies
    if buddy is None or all(b.id != buddy for b in declared):
        return None
    found = of(table.state)
    return buddy, None if found is None else found.spaces[who].get(buddy)


def place_buddy(ctx: EffectCtx, name: str | None, space: int) -> None:
    """Put ``ctx.player``'s buddy token ``name`` on ``space`` (a legal arena space), or
    move it there; nothing if it is already there or the character has no such token.
    A token its character declares face down (``BuddyDef.shown_as``) is placed so
    (``BuddyPlacedFaceDown``): the opponent sees which space, not which token."""
    token = token_space(ctx.table, ctx.player, name)
    if token is None or token[1] == space or not ARENA_MIN <= space <= ARENA_MAX:
        return
    declared = ctx.table.catalog.character(ctx.table.p(ctx.player).character).buddies
    shown_as = next(b.shown_as for b in declared if b.id == token[0])
    if shown_as is None:
        ctx.table.emit(BuddyPlaced(player=ctx.player, buddy=token[0], space=space))
    else:
        ctx.table.emit(BuddyPlacedFaceDown(player=ctx.player, buddy=token[0], space=space,
                                           shown_as=shown_as))


def place_buddy_at_distance(
    ctx: EffectCtx, name: str | None, low: int, high: int, optional: bool = False,
    exclude: Sequence[int] = (),
) -> Flow[int | None]:
    """Decision: put ``ctx.player``'s buddy token ``name`` on an arena space ``low`` to
    ``high`` spaces from them, either way, other than the spaces ``exclude`` (``optional``:
    the first option leaves it where it is). The request offers only arena spaces, so an
    answer off the arena is an ``IllegalDecision`` naming the space asked and those
    allowed. Returns the space chosen (None: no such token, or no space to offer). For
    ``place_buddy_in_attack_range`` here and Hazama's ``place_buddy_at_range``."""
    token = token_space(ctx.table, ctx.player, name)
    if token is None:
        return None
    me = ctx.table.p(ctx.player).space
    spaces = [s for s in range(ARENA_MIN, ARENA_MAX + 1)
              if low <= abs(s - me) <= high and s not in exclude]
    if optional and token[1] is not None and token[1] not in spaces:
        spaces = sorted([*spaces, token[1]])
    if not spaces:
        return None
    space = yield from choose_space(ctx.player, spaces)
    place_buddy(ctx, name, space)
    return space

@handler(c.PlaceBuddyInAnySpace)
def place_buddy_in_any_space(ctx: EffectCtx, e: c.PlaceBuddyInAnySpace) -> Flow[None]:
    """Decision: put your buddy onto any arena space (a fighter's space included), or
    move it there if it is already in play. ``optional``: you are first asked whether
    to place it at all.

    Example: Chaos's ability, ``set_strike: [if used_character_bonus]
    place_buddy_in_any_space`` (Azhi goes where his attack will be measured from).
    """
    buddy = buddy_id(ctx.table, ctx.player, e.buddy)
    if buddy is None:
        return
    if e.optional:
        labels = ["place buddy", "pass"]
        options = [ChoiceOption(tag=c.effect_tag(c.PlaceBuddyInAnySpace)),
                   ChoiceOption(tag=c.effect_tag(c.Pass))]
        if (yield from choose(ctx.table, ctx.player, labels, options)) == 1:
            return
    space = yield from choose_space(ctx.player, range(ARENA_MIN, ARENA_MAX + 1))
    ctx.table.emit(BuddyPlaced(player=ctx.player, buddy=buddy, space=space))


@handler(c.RemoveBuddy)
def remove_buddy(ctx: EffectCtx, e: c.RemoveBuddy) -> Flow[None]:
    """Take your buddy out of the arena (nothing if it is not in play); a wall it made
    goes with it. Mid-strike, once the strike's ``during_strike`` bonuses have applied,
    your character's ``during_strike`` bonuses that need the buddy out of play
    (``not_buddy_in_play``) and did not hold apply now (effects.md, ``remove_buddy``:
    "mid-strike, buddy-dependent character bonuses are re-evaluated"): Litchi's "while
    Mantenbo is not in play" -1 speed, +0~1 range once Reach: Robbing the Kong's
    ``before: move_to_buddy + remove_buddy`` has taken her staff away.

    Examples: Chaos's ability, ``end_of_turn: remove_buddy``; his ultras' ``on_invalid``
    rule (an invalid Deep Revenance or Dissect Barrage takes Azhi away).
    """
    buddy = buddy_id(ctx.table, ctx.player, e.buddy)
    found = of(ctx.table.state)
    if buddy is not None and found is not None and buddy in found.spaces[ctx.player]:
        due = _absent_buddy_bonuses(ctx)
        ctx.table.emit(BuddyRemoved(player=ctx.player, buddy=buddy))
        for effect in due:
            yield from resolve(EffectCtx(ctx.table, ctx.player, None), effect)


def _absent_buddy_bonuses(ctx: EffectCtx) -> list[c.Effect]:
    """``ctx.player``'s character ``during_strike`` effects (current side) that need a
    buddy out of play and do not hold now, if the strike's ``during_strike`` bonuses
    have already applied (its priority is determined) and ``ctx.player``'s attack has
    not hit yet (what they give, speed and range, no longer matters then: Litchi's own
    ``hit`` choice taking Mantenbo away changes nothing); none otherwise."""
    strike = ctx.table.state.strike
    if strike is None or strike.first is None or strike.sides[ctx.player].hit:
        return []
    p = ctx.table.p(ctx.player)
    char = ctx.table.catalog.character(p.character)
    ability = char.exceed_ability if p.exceeded else char.ability
    check = EffectCtx(ctx.table, ctx.player, None)
    return [effect for effect in c.timed(ability, c.Timing.DURING_STRIKE)
            if effect.condition is not None
            and effect.condition.kind is c.ConditionKind.NOT_BUDDY_IN_PLAY
            and not holds(check, effect.condition)]

@handler(c.MoveBuddy)
def move_buddy(ctx: EffectCtx, e: c.MoveBuddy) -> Flow[None]:
    """Decision: move your buddy, if it is in play, ``amount`` to ``amount2`` spaces
    (``amount2`` omitted: exactly ``amount``) toward either side, onto any arena space
    (a fighter's included); an amount of 0 (or ``optional``) lets it stay where it is.
    The spaces offered are only arena spaces: an answer off the arena is an
    ``IllegalDecision``. Nothing if it is out of play.

    Examples: Carl Clover's character action, ``move_buddy 1 {nirvana_active}`` (then
    ``strike`` when exceeded); his Cantabile's ``after: [if buddy_in_play] move_buddy
    0/1``; Litchi's Kote Gaeshi, ``move_buddy 1/3 {optional}``.
    """
    token = token_space(ctx.table, ctx.player, e.buddy)
    if token is None or token[1] is None:
        return
    here = token[1]
    high = e.amount if e.amount2 is None else e.amount2
    low = 0 if e.optional else e.amount
    spaces = [s for s in range(ARENA_MIN, ARENA_MAX + 1) if low <= abs(s - here) <= high]
    if not spaces:
        return
    space = yield from choose_space(ctx.player, spaces)
    place_buddy(ctx, e.buddy, space)


@handler(c.SwapBuddy)
def swap_buddy(ctx: EffectCtx, e: c.SwapBuddy) -> None:
    """Your buddy ``buddy_to_remove``, if in play, is replaced on its space by your
    buddy ``buddy_to_place`` (during a strike, it counts as having entered play this
    strike: ``buddy_not_entered_play_this_strike``). Nothing if it is out of play.

    Example: Carl Clover's ability, ``cleanup: [if buddy_in_play nirvana_disabled]
    ... swap_buddy {nirvana_disabled -> nirvana_active}``: Nirvana is Active again.
    """
    old = token_space(ctx.table, ctx.player, e.buddy_to_remove)
    new = token_space(ctx.table, ctx.player, e.buddy_to_place)
    if old is not None and new is not None and old[1] is not None and old[0] != new[0]:
        ctx.table.emit(BuddySwapped(player=ctx.player, removed=old[0], placed=new[0]))


@handler(c.PlaceBuddyOntoSelf)
def place_buddy_onto_self(ctx: EffectCtx, e: c.PlaceBuddyOntoSelf) -> None:
    """Put your buddy on your own space (from out of play, or moved there).

    Examples: Carl Clover's La Campanella, ``immediate: [if buddy_in_play]
    place_buddy_onto_self``; Litchi's action, summoning Mantenbo.
    """
    place_buddy(ctx, e.buddy, ctx.table.p(ctx.player).space)


@handler(c.PlaceBuddyOntoOpponent)
def place_buddy_onto_opponent(ctx: EffectCtx, e: c.PlaceBuddyOntoOpponent) -> None:
    """Put your buddy on the opponent's space (from out of play, or moved there).

    Example: Litchi's Tsubame Gaeshi, ``after: [if hit_opponent]
    place_buddy_onto_opponent``.
    """
    place_buddy(ctx, e.buddy, ctx.table.p(ctx.opponent).space)


@handler(c.PlaceBuddyInAttackRange)
def place_buddy_in_attack_range(ctx: EffectCtx, e: c.PlaceBuddyInAttackRange) -> Flow[None]:
    """Decision: put your buddy (or move it) on an arena space whose distance from you
    is within your attack's current range, on either side. Nothing outside a strike or
    for an attack with no range.

    Example: Litchi's Renchan (range 2-3), ``after: place_buddy_in_attack_range``.
    """
    side = attack_side(ctx)
    reach = None if side is None else attack_reach(ctx.table, side)
    if reach is not None:
        yield from place_buddy_at_distance(ctx, e.buddy, reach[0], reach[1])

@handler(c.PlaceBuddyAtRange)
def place_buddy_at_range(ctx: EffectCtx, e: c.PlaceBuddyAtRange) -> Flow[None]:
    """Decision: put your buddy ``buddy`` on an arena space ``range_min``..``range_max``
    spaces away from you (0: your own space; the opponent's space counts like any
    other), or move it there if it is already in play. ``other_buddy``: then put that
    buddy on a different space within the same distances. A space outside those is an
    illegal answer.

    Example: Hazama's ability, ``set_strike: [if initiated_strike] force_for_effect 1
    <place_buddy_at_range ouroboros_nothing 1-1 | place_buddy_at_range ouroboros_move
    1-1>`` (Ouroboros, the fake or the one he moves to at the reveal); exceeded, 0-2
    with ``other_buddy``, both at once.

    Own type: ``place_buddy_in_any_space`` offers every space; this one is measured
    from you.
    """
    used: list[int] = []
    for name in (e.buddy, e.other_buddy) if e.other_buddy is not None else (e.buddy,):
        space = yield from place_buddy_at_distance(ctx, name, e.range_min, e.range_max,
                                                   exclude=used)
        if space is None:
            return
        used.append(space)
