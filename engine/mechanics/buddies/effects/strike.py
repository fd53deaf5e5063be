"""A buddy in a strike: an attack's range measured from a buddy's space
(``calculate_range_from_buddy``, ``choose_calculate_range_from_buddy``: a token or a placed
Trap boost), and Carl Clover's Nirvana flipped by the opponent's attack
(``flip_buddy_miss_get_gauge``) unless made immune (``buddy_immune_to_flip``).
"""

from __future__ import annotations

from engine.cards import schema as c
from engine.core.asking import choose, choose_space
from engine.core.context import EffectCtx, Flow
from engine.core.decisions import ChoiceOption
from engine.core.events.buddies import BuddyImmuneToFlip, BuddySwapped, RangeFromBuddySet
from engine.core.state import AttackFlag
from engine.effects.registry import add_flag, attack_side, handler
from engine.mechanics.buddies.effects.tokens import token_space
from engine.mechanics.buddies.state import buddy_id, buddy_strike, of
from engine.mechanics.under_night.state import of as under_night


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
