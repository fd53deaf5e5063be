"""The buddy effect handlers (``place_buddy_in_any_space``, ``remove_buddy``,
``move_to_buddy``, ``calculate_range_from_buddy``, ``opponent_cant_move_past_buddy``
and its removal) and the buddy conditions (``buddy_in_play``, ``not_buddy_in_play``,
``buddy_in_opponent_space``, ``buddy_space_unoccupied``, ``any_buddy_in_play``,
``any_buddy_in_opponent_space``, ``on_buddy_space``), and the boosts played onto a space
(``place_boost_in_space``, ``opponent_in_boost_space``: Rachel's).

Registered with ``engine.effects`` when ``engine.mechanics.effects`` loads them;
``docs/effects.md`` lists them with the others.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import schema as c
from engine.cards.schema import Condition, ConditionKind
from engine.core import movement
from engine.core.conditions import predicate
from engine.core.context import EffectCtx, Flow, Table, choose, choose_space
from engine.core.decisions import ChoiceOption
from engine.core.events.buddies import (
    BuddyImmuneToFlip,
    BuddyPlaced,
    BuddyPlacedFaceDown,
    BuddyRemoved,
    BuddySwapped,
    BuddyWallChanged,
    RangeFromBuddySet,
)
from engine.core.events.under_night import TrapPlaced
from engine.core.ids import ARENA_MAX, ARENA_MIN, Player
from engine.core.state import AttackFlag
from engine.effects.amounts import attack_reach
from engine.effects.registry import (
    add_flag,
    attack_side,
    handler,
    move_opponent,
    move_self,
    opponent_ignores_push_and_pull,
    resolve_all,
)
from engine.mechanics.buddies.state import buddy_id, buddy_spaces, buddy_strike, of, range_buddy
from engine.mechanics.under_night.state import of as under_night


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
def remove_buddy(ctx: EffectCtx, e: c.RemoveBuddy) -> None:
    """Take your buddy out of the arena (nothing if it is not in play); a wall it made
    goes with it.

    Examples: Chaos's ability, ``end_of_turn: remove_buddy``; his ultras' ``on_invalid``
    rule (an invalid Deep Revenance or Dissect Barrage takes Azhi away).
    """
    buddy = buddy_id(ctx.table, ctx.player, e.buddy)
    found = of(ctx.table.state)
    if buddy is not None and found is not None and buddy in found.spaces[ctx.player]:
        ctx.table.emit(BuddyRemoved(player=ctx.player, buddy=buddy))


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


@handler(c.CalculateRangeFromBuddy)
def calculate_range_from_buddy(ctx: EffectCtx, e: c.CalculateRangeFromBuddy) -> None:
    """This strike your attack's range is measured from your buddy's space instead of
    yours; with no such buddy in play when the range is checked, the attack misses.

    Example: Chaos's Cold Reflection, ``during_strike: [if used_character_bonus]
    calculate_range_from_buddy`` (range 1-2 from Azhi).
    """
    buddy = buddy_id(ctx.table, ctx.player, e.buddy)
    if attack_side(ctx) is not None and buddy is not None:
        ctx.table.emit(RangeFromBuddySet(player=ctx.player, buddy=buddy))


@handler(c.OpponentCantMovePastBuddy)
def opponent_cant_move_past_buddy(ctx: EffectCtx, e: c.OpponentCantMovePastBuddy) -> None:
    """Until removed (or the buddy leaves the arena), your buddy's space is a wall for
    the opponent's own movement: an advance, retreat, close or move that would pass it
    stops on it. Pushes and pulls are unaffected.

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


@predicate(ConditionKind.BUDDY_IN_PLAY)
def buddy_in_play(ctx: EffectCtx, cond: Condition) -> bool:
    """Your buddy (``card``: the one named; None: any of yours) is on an arena space.

    Example: Chaos's Repel, ``during_strike: [if buddy_in_play]
    opponent_cant_move_past_buddy``.
    """
    return bool(buddy_spaces(ctx.table, ctx.player, cond.card))


@predicate(ConditionKind.NOT_BUDDY_IN_PLAY)
def not_buddy_in_play(ctx: EffectCtx, cond: Condition) -> bool:
    """Your buddy (``card``: the one named; None: any of yours) is not in the arena.

    Example: Chaos's Cold Reflection, ``during_strike: [if not_buddy_in_play] speedup 2``.
    """
    return not buddy_spaces(ctx.table, ctx.player, cond.card)


@predicate(ConditionKind.BUDDY_IN_OPPONENT_SPACE)
def buddy_in_opponent_space(ctx: EffectCtx, cond: Condition) -> bool:
    """Your buddy (``card``: the one named; None: any of yours) is on the opponent's
    space.

    Example: Chaos's That's Your Prey, ``hit: [if buddy_in_opponent_space] powerup 2``.
    """
    there = ctx.table.p(ctx.opponent).space
    return there in buddy_spaces(ctx.table, ctx.player, cond.card)


@predicate(ConditionKind.BUDDY_SPACE_UNOCCUPIED)
def buddy_space_unoccupied(ctx: EffectCtx, cond: Condition) -> bool:
    """Your buddy (``card``: the one named; None: any of yours) is on a space neither
    fighter occupies.

    Example: Hilda's Condensity Gloom.
    """
    taken = {ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space}
    return any(s not in taken for s in buddy_spaces(ctx.table, ctx.player, cond.card))


@predicate(ConditionKind.ANY_BUDDY_IN_PLAY)
def any_buddy_in_play(ctx: EffectCtx, cond: Condition) -> bool:
    """At least one of your buddies (tokens or placed Trap boosts) is in the arena.

    Example: Carmine's Thrust.
    """
    return bool(buddy_spaces(ctx.table, ctx.player))


@predicate(ConditionKind.ANY_BUDDY_IN_OPPONENT_SPACE)
def any_buddy_in_opponent_space(ctx: EffectCtx, cond: Condition) -> bool:
    """One of your buddies (tokens or placed Trap boosts) is on the opponent's space.

    Example: Carmine's Give Me That.
    """
    return ctx.table.p(ctx.opponent).space in buddy_spaces(ctx.table, ctx.player)


@predicate(ConditionKind.ON_BUDDY_SPACE)
def on_buddy_space(ctx: EffectCtx, cond: Condition) -> bool:
    """You stand on your buddy's space (``card``: the one named; None: any of yours).

    Example: Kokonoe's Solid Wheel.
    """
    return ctx.table.p(ctx.player).space in buddy_spaces(ctx.table, ctx.player, cond.card)


@handler(c.ChooseCalculateRangeFromBuddy)
def choose_calculate_range_from_buddy(
    ctx: EffectCtx, e: c.ChooseCalculateRangeFromBuddy
) -> Flow[None]:
    """Decision: pick the space of one of your buddies named ``buddy`` in play (a Trap
    boost by its boost name: each placed one is its own buddy); this strike your
    attack's range is measured from it (it misses if that buddy leaves play).
    ``optional``: you may pass and measure from yourself. Nothing with none in play.

    Example: Carmine's Thrust!, ``before: [if any_buddy_in_play] choose_calculate_range_
    from_buddy {Dissolve, optional}``.
    """
    if attack_side(ctx) is None:
        return
    table, who = ctx.table, ctx.player
    choices: dict[int, str] = {}
    traps = under_night(table.state)
    for card in table.p(who).boosts:
        space = None if traps is None else traps.traps.get(card)
        if space is not None and e.buddy in (None, table.card(card).boost.name):
            choices.setdefault(space, f"#{card}")
    token = buddy_id(table, who, e.buddy)
    found = of(table.state)
    if found is not None and token is not None and token in found.spaces[who]:
        choices.setdefault(found.spaces[who][token], token)
    if not choices:
        return
    if e.optional:
        labels = ["measure range from a buddy", "pass"]
        options = [ChoiceOption(tag=c.effect_tag(c.ChooseCalculateRangeFromBuddy)),
                   ChoiceOption(tag=c.effect_tag(c.Pass))]
        if (yield from choose(table, who, labels, options)) == 1:
            return
    space = yield from choose_space(who, sorted(choices))
    table.emit(RangeFromBuddySet(player=who, buddy=choices[space]))


@handler(c.CalculateRangeFromSetFromBoostSpace)
def calculate_range_from_set_from_boost_space(
    ctx: EffectCtx, e: c.CalculateRangeFromSetFromBoostSpace
) -> None:
    """Your attack, set from your boost area where it lay as a Trap boost, measures its
    range this strike from the space it lay on. Nothing if it was not a placed Trap.

    Example: Carmine's "You Shit! This is the END!", ``set_strike: [if
    was_set_from_boosts] calculate_range_from_set_from_boost_space``.
    """
    side = attack_side(ctx)
    traps = under_night(ctx.table.state)
    if side is None or side.card is None or traps is None or side.card not in traps.traps:
        return
    ctx.table.emit(RangeFromBuddySet(player=ctx.player, buddy=f"#{side.card}"))


@predicate(ConditionKind.BOOST_SPACE_IN_RANGE_TOWARDS_OPPONENT)
def boost_space_in_range_towards_opponent(ctx: EffectCtx, cond: Condition) -> bool:
    """This Trap boost lies on a space towards the opponent (between you and them, on
    their space, or past them) at a distance from you within your attack's range.

    Example: Carmine's Dissolve, ``before: [if boost_space_in_range_towards_opponent]
    rangeup 0/1, powerup 2, add_boost_to_gauge_on_strike_cleanup``.
    """
    traps = under_night(ctx.table.state)
    side = attack_side(ctx)
    if ctx.source is None or traps is None or side is None:
        return False
    space = traps.traps.get(ctx.source)
    reach = attack_reach(ctx.table, side)
    if space is None or reach is None or ctx.source not in ctx.table.p(ctx.player).boosts:
        return False
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    return (space - me) * (them - me) > 0 and reach[0] <= abs(space - me) <= reach[1]


@handler(c.PlaceBoostInSpace)
def place_boost_in_space(ctx: EffectCtx, e: c.PlaceBoostInSpace) -> Flow[None]:
    """Decision: you play this continuous boost onto any arena space, a fighter's
    included (``TrapPlaced``, the Trap seam: boards show it on its space, and it is a
    buddy by its boost name to ``buddy_spaces``). Unlike a UNI Trap (``place_trap``) it
    is not sustained by being placed: it leaves play at cleanup as any boost does unless
    an effect sustains it. Any other space is an illegal decision naming the nine.

    Example: Rachel's Ivy Blossom (Electric Chair's boost), ``now: place_boost_in_space,
    then draw 1``; ``cleanup: [if opponent_in_boost_space] take_damage 1 {opponent,
    nonlethal}, then sustain_this``.

    Own type: the UNI Trap rules (sustained while not stunned, one per space, never
    under a fighter) do not apply to Rachel's placed boosts.
    """
    card = ctx.source
    if card is None or card not in ctx.table.p(ctx.player).boosts:
        return
    space = yield from choose_space(ctx.player, range(ARENA_MIN, ARENA_MAX + 1))
    ctx.table.emit(TrapPlaced(player=ctx.player, card=card, space=space))


@predicate(ConditionKind.OPPONENT_IN_BOOST_SPACE)
def opponent_in_boost_space(ctx: EffectCtx, cond: Condition) -> bool:
    """The opponent stands on the space this effect's boost was placed on
    (``place_boost_in_space``, or a Trap's ``place_trap``).

    Example: Rachel's George XIII (Tempest Dahlia's boost), ``after: [if
    opponent_in_boost_space] take_damage 3 {opponent, nonlethal}``.
    """
    traps = under_night(ctx.table.state)
    space = None if traps is None or ctx.source is None else traps.traps.get(ctx.source)
    return space is not None and space == ctx.table.p(ctx.opponent).space


# --- placing and moving a token (Carl Clover's Nirvana, Litchi's Mantenbo) ---------------


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


@handler(c.FlipBuddyMissGetGauge)
def flip_buddy_miss_get_gauge(ctx: EffectCtx, e: c.FlipBuddyMissGetGauge) -> None:
    """Run by the opponent of the buddy's owner (an ``opponent_before`` effect): the
    opponent's buddy ``buddy_to_remove`` is flipped to ``buddy_to_place`` on its space,
    and your attack does not hit but still goes to your gauge at cleanup. Nothing if
    that buddy is not in play.

    Example: Carl Clover's ability, ``opponent_before: [if opponent_buddy_in_range
    nirvana_active] ... choice flip_buddy_miss_get_gauge | pass``.

    Own type: it acts on the opponent's buddy and on your attack at once.
    """
    old = token_space(ctx.table, ctx.opponent, e.buddy_to_remove)
    new = token_space(ctx.table, ctx.opponent, e.buddy_to_place)
    if old is None or new is None or old[1] is None:
        return
    ctx.table.emit(BuddySwapped(player=ctx.opponent, removed=old[0], placed=new[0]))
    add_flag(ctx, AttackFlag.DOES_NOT_HIT)
    add_flag(ctx, AttackFlag.TO_GAUGE_AFTER_CLEANUP)


@handler(c.BuddyImmuneToFlip)
def buddy_immune_to_flip(ctx: EffectCtx, e: c.BuddyImmuneToFlip) -> None:
    """This strike the opponent may not flip your buddy
    (``opponent_buddy_not_immune_to_flip`` is false for them).

    Example: Carl Clover's Rhapsody of Memories, ``during_strike: buddy_immune_to_flip
    {nirvana_active}``.

    Own type: only Nirvana can be flipped.
    """
    buddy = buddy_id(ctx.table, ctx.player, e.buddy)
    found = buddy_strike(ctx.table.state)
    if attack_side(ctx) is None or buddy is None:
        return
    if found is None or buddy not in found.immune[ctx.player]:
        ctx.table.emit(BuddyImmuneToFlip(player=ctx.player, buddy=buddy))


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


# --- conditions --------------------------------------------------------------------------


@predicate(ConditionKind.OPPONENT_BETWEEN_BUDDY)
def opponent_between_buddy(ctx: EffectCtx, cond: Condition) -> bool:
    """The opponent stands strictly between you and your buddy (``card``: the one named;
    None: any of yours), or with ``include_buddy_space`` on the buddy's space.

    Examples: Carl Clover's ability (``include_buddy_space``: his Special or Ultra
    gains +1 power and speed); Litchi's Unarmed Lunge, ``before: [if
    opponent_between_buddy] close 3``.
    """
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    return any(
        min(me, space) < them < max(me, space) or (cond.include_buddy_space and them == space)
        for space in buddy_spaces(ctx.table, ctx.player, cond.card)
    )


@predicate(ConditionKind.IS_BUDDY_SPECIAL_OR_ULTRA_ATTACK)
def is_buddy_special_or_ultra_attack(ctx: EffectCtx, cond: Condition) -> bool:
    """Your buddy (``card``) is in play and your attack is a Special or an Ultra.

    Example: Carl Clover's ability, ``set_strike: [if is_buddy_special_or_ultra_attack
    nirvana_active] ...``.

    Own type: Carl's character card gates on both at once.
    """
    side = attack_side(ctx)
    if side is None or side.card is None or not buddy_spaces(ctx.table, ctx.player, cond.card):
        return False
    return ctx.table.card(side.card).kind in (c.CardKind.SPECIAL, c.CardKind.ULTRA)


@predicate(ConditionKind.OPPONENT_BUDDY_IN_RANGE)
def opponent_buddy_in_range(ctx: EffectCtx, cond: Condition) -> bool:
    """The opponent's buddy (``card``: a token of theirs by id or name) is in play, on
    your space or at a distance from you within your attack's current range.

    Example: Carl Clover's ability granted to his opponent, ``opponent_before: [if
    opponent_buddy_in_range nirvana_active] ...``: Nirvana in range can be flipped.

    Own type: Nirvana is the only buddy an opponent can act on.
    """
    side = attack_side(ctx)
    reach = None if side is None else attack_reach(ctx.table, side)
    me = ctx.table.p(ctx.player).space
    for space in buddy_spaces(ctx.table, ctx.opponent, cond.card):
        if space == me or (reach is not None and reach[0] <= abs(space - me) <= reach[1]):
            return True
    return False


@predicate(ConditionKind.OPPONENT_BUDDY_NOT_IMMUNE_TO_FLIP)
def opponent_buddy_not_immune_to_flip(ctx: EffectCtx, cond: Condition) -> bool:
    """The opponent did not make their buddy (``card``) immune to flipping this strike
    (``buddy_immune_to_flip``).

    Example: Carl Clover's ability granted to his opponent (Deus Ex Machina and Rhapsody
    of Memories make Nirvana immune).

    Own type: only Nirvana can be flipped.
    """
    buddy = buddy_id(ctx.table, ctx.opponent, cond.card)
    found = buddy_strike(ctx.table.state)
    return found is None or buddy not in found.immune[ctx.opponent]


@predicate(ConditionKind.BUDDY_NOT_ENTERED_PLAY_THIS_STRIKE)
def buddy_not_entered_play_this_strike(ctx: EffectCtx, cond: Condition) -> bool:
    """Your buddy (``card``) did not enter play this strike by a swap or flip (always
    true outside a strike).

    Example: Carl Clover's ability, ``cleanup``: a Nirvana flipped to Disabled this
    strike stays Disabled until a later cleanup.

    Own type: only Nirvana changes state mid-strike.
    """
    buddy = buddy_id(ctx.table, ctx.player, cond.card)
    found = buddy_strike(ctx.table.state)
    return found is None or buddy not in found.entered[ctx.player]


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
