"""The buddy conditions: a buddy in or out of play, on the opponent's space, on an empty
space or the fighter's own (``buddy_in_play``, ``not_buddy_in_play``,
``buddy_in_opponent_space``, ``buddy_space_unoccupied``, ``any_buddy_in_play``,
``any_buddy_in_opponent_space``, ``on_buddy_space``), the opponent between a fighter and
their buddy, and Carl Clover's Nirvana (``is_buddy_special_or_ultra_attack``,
``opponent_buddy_in_range``, ``opponent_buddy_not_immune_to_flip``,
``buddy_not_entered_play_this_strike``).
"""

from __future__ import annotations

from engine.cards import schema as c
from engine.cards.schema import Condition, ConditionKind
from engine.core.conditions import predicate
from engine.core.context import EffectCtx
from engine.effects.amounts import attack_origins, live_range
from engine.effects.registry import attack_side
from engine.mechanics.buddies.state import buddy_id, buddy_spaces, buddy_strike


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

    Example: Carl Clover's ability, ``set_strike: [if opponent_between_buddy]
    add_attack_effect ([if is_buddy_special_or_ultra_attack nirvana_active] powerup 1,
    then speedup 1)``: read during the strike, once his attack is face-up, so setting it
    tells the opponent nothing of its kind.

    Own type: Carl's character card gates on both at once.
    """
    side = attack_side(ctx)
    if side is None or side.card is None or not buddy_spaces(ctx.table, ctx.player, cond.card):
        return False
    return ctx.table.card(side.card).kind in (c.CardKind.SPECIAL, c.CardKind.ULTRA)


@predicate(ConditionKind.OPPONENT_BUDDY_IN_RANGE)
def opponent_buddy_in_range(ctx: EffectCtx, cond: Condition) -> bool:
    """The opponent's buddy (``card``: a token of theirs by id or name) is in play, on
    your space or within your attack's current range (its live per-boost modifiers
    included) of your attack's point of origin: you, or the buddy or space it measures
    its range from (``attack_origins``; core rulebook, FAQ: "the range is measured from
    the other source's position").

    Example: Carl Clover's ability granted to his opponent, ``opponent_before: [if
    opponent_buddy_in_range nirvana_active] ...``: Nirvana in range can be flipped.

    Own type: Nirvana is the only buddy an opponent can act on.
    """
    table = ctx.table
    reach = live_range(table, ctx.player)
    me = table.p(ctx.player).space
    origins = attack_origins(table, ctx.player)
    if origins is None:
        origins = (me,)
    for space in buddy_spaces(table, ctx.opponent, cond.card):
        if space == me or (reach is not None and any(
                reach[0] <= abs(space - origin) <= reach[1] for origin in origins)):
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
