"""Boosts played onto an arena space, which cards name as buddies by their boost name:
Rachel's (``place_boost_in_space``, ``opponent_in_boost_space``) and Carmine's placed Trap
boosts (``boost_space_in_range_towards_opponent``, and an attack set from one measuring
its range from its space: ``calculate_range_from_set_from_boost_space``). They use the
Trap seam (``TrapPlaced``, ``engine.mechanics.under_night``).
"""

from __future__ import annotations

from engine.cards import schema as c
from engine.cards.schema import Condition, ConditionKind
from engine.core.asking import choose_space
from engine.core.conditions import predicate
from engine.core.context import EffectCtx, Flow
from engine.core.events.buddies import RangeFromBuddySet
from engine.core.events.under_night import TrapPlaced
from engine.core.ids import ARENA_MAX, ARENA_MIN
from engine.effects.amounts import attack_origins, attack_reach
from engine.effects.registry import attack_side, handler
from engine.mechanics.under_night.state import of as under_night


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
    """This Trap boost lies within your attack's range of its point of origin, and not
    behind it: on the origin's space (range 0) or towards the opponent from it (between
    it and them, on their space, or past them; from an origin on the opponent's space,
    either side). The origin is your space, or where your attack measures
    its range from this strike (``attack_origins``: the Dissolve Thrust! measures from;
    core rulebook, FAQ: an attack from another source has its range measured from that
    source, its point of origin).

    Example: Carmine's Dissolve, ``before: [if boost_space_in_range_towards_opponent]
    rangeup 0/1, powerup 2, add_boost_to_gauge_on_strike_cleanup``: Thrust! (range 0-1)
    measured from a Dissolve on 5 brings that Dissolve in range (0), whose +1 range
    brings one on 7 in range (2) when the opponent is past it (the reference client's
    test_carmine_thrust_dissolve_towards_opponent).
    """
    traps = under_night(ctx.table.state)
    side = attack_side(ctx)
    if ctx.source is None or traps is None or side is None:
        return False
    space = traps.traps.get(ctx.source)
    reach = attack_reach(ctx.table, side)
    if space is None or reach is None or ctx.source not in ctx.table.p(ctx.player).boosts:
        return False
    them = ctx.table.p(ctx.opponent).space
    origins = attack_origins(ctx.table, ctx.player)
    if origins is None:
        origins = (ctx.table.p(ctx.player).space,)
    return any(not _behind(space, o, them) and reach[0] <= abs(space - o) <= reach[1]
               for o in origins)


def _behind(space: int, origin: int, them: int) -> bool:
    """``space`` lies behind ``origin``, away from the opponent on ``them``: on the far
    side of the origin from them (an origin on the opponent's space has no behind)."""
    return (origin < them and space < origin) or (origin > them and space > origin)


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

    Own type: the UNI Trap rule (sustained while its owner is not stunned) does not
    apply to Rachel's placed boosts.
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
