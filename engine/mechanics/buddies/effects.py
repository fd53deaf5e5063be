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

from engine import cards as c
from engine.cards import Condition, ConditionKind
from engine.conditions import predicate
from engine.context import EffectCtx, Flow, choose, choose_space
from engine.decisions import ChoiceOption
from engine.effects.amounts import attack_reach
from engine.effects.registry import attack_side, handler, move_self
from engine.events.buddies import BuddyPlaced, BuddyRemoved, BuddyWallChanged, RangeFromBuddySet
from engine.events.under_night import TrapPlaced
from engine.ids import ARENA_MAX, ARENA_MIN
from engine.mechanics.buddies.state import buddy_id, buddy_spaces, of
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
