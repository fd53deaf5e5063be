"""Boosts played by an effect rather than by the Boost action: another boost
(``boost_additional`` and the like), one played during a strike and what it does on
arrival, and the character card's boost hooks they run; what a boost in play does for
the rules beside its effects (a passive it grants, a boost leaving play). The handlers
that use them are in ``engine.effects.boosts``.
"""

from __future__ import annotations

from engine.cards import schema as c
from engine.cards.team import usable
from engine.core import events as ev
from engine.core.asking import pay_force
from engine.core.context import ActionScope, EffectCtx, Flow, Table
from engine.core.ids import Player, Zone
from engine.effects.registry import resolve, resolve_all


def play_additional_boost(ctx: EffectCtx, card: int, zone: Zone, ignore_costs: bool) -> Flow[None]:
    """Play ``card`` from ``zone`` as a boost as ``boost_additional`` does."""
    table, who = ctx.table, ctx.player
    boost = table.card(card).boost
    if not ignore_costs:
        yield from pay_force(table, who, boost.force_cost, exclude=(card,))
    table.move(who, card, zone, Zone.BOOSTS, ev.MoveReason.BOOST)
    inner = ActionScope()
    continuous = boost.kind is c.BoostKind.CONTINUOUS
    timing = c.Timing.NOW if continuous else c.Timing.IMMEDIATE
    effects = [x for x in boost.effects if x.timing is timing]
    yield from resolve_all(EffectCtx(table, who, card, inner), effects)
    hooks = (c.Timing.ON_ANY_BOOST, c.Timing.ON_CONTINUOUS_BOOST)
    yield from run_character_timing(table, who, hooks if continuous else hooks[:1], inner)
    yield from arrived_mid_strike(table, who, card)
    if not continuous and card in table.p(who).boosts:
        dst = Zone.GAUGE if inner.boost_to_gauge else Zone.DISCARD
        table.move(who, card, Zone.BOOSTS, dst, ev.MoveReason.BOOST_DONE)
    ctx.scope.strike_requested |= inner.strike_requested
    ctx.scope.opponent_sets_first |= inner.opponent_sets_first
    ctx.scope.wild_swing |= inner.wild_swing
    ctx.scope.opponent_wild_swing |= inner.opponent_wild_swing
    ctx.scope.attack_setting = inner.attack_setting or ctx.scope.attack_setting


def boost_zones(table: Table, who: Player, source: c.BoostSource) -> list[tuple[Zone, list[int]]]:
    p = table.p(who)
    zones = {c.BoostSource.HAND: (Zone.HAND, p.hand), c.BoostSource.DISCARD:
             (Zone.DISCARD, p.discard), c.BoostSource.GAUGE: (Zone.GAUGE, p.gauge)}
    return [zones[source]]


def may_boost(table: Table, who: Player, card: int, e: c.BoostAdditional) -> bool:
    if not usable(table.catalog, table.p(who), table.card(card).id):
        return False  # Tag Team: the tagged-out fighter's boosts need a Cross Boost
    boost = table.card(card).boost
    if e.limitation is not None and boost.kind is not e.limitation:
        return False
    if e.boost_name is not None and boost.name != e.boost_name:
        return False
    if e.card_kind is not None and table.card(card).kind is not e.card_kind:
        return False
    return e.ignore_costs or boost.force_cost <= table.force_for_costs(who, exclude=(card,))


def run_character_timing(
    table: Table, who: Player, timings: tuple[c.Timing, ...], scope: ActionScope
) -> Flow[None]:
    """Run the effects at ``timings`` on ``who``'s character card (its current side)."""
    p = table.p(who)
    char = table.catalog.character(p.character)
    ability = char.exceed_ability if p.exceeded else char.ability
    effects = [x for x in ability if x.timing in timings]
    yield from resolve_all(EffectCtx(table, who, None, scope), effects)


def boost_mid_strike(ctx: EffectCtx, card: int, zone: Zone, sustain: bool) -> Flow[None]:
    """``card`` leaves ``zone`` and is played as a boost during a strike (its costs
    already settled): its now/immediate effects, the boost hooks, then a continuous
    one's during_strike effects (``arrived_mid_strike``); an immediate one then goes to
    the discard pile, a continuous one stays and is sustained at cleanup if ``sustain``."""
    table, who = ctx.table, ctx.player
    boost = table.card(card).boost
    table.move(who, card, zone, Zone.BOOSTS, ev.MoveReason.BOOST)
    continuous = boost.kind is c.BoostKind.CONTINUOUS
    timing = c.Timing.NOW if continuous else c.Timing.IMMEDIATE
    effects = [x for x in boost.effects if x.timing is timing]
    yield from resolve_all(EffectCtx(table, who, card, ctx.scope), effects)
    hooks = (c.Timing.ON_ANY_BOOST, c.Timing.ON_CONTINUOUS_BOOST)
    yield from run_character_timing(table, who, hooks if continuous else hooks[:1], ctx.scope)
    yield from arrived_mid_strike(table, who, card)
    p = table.p(who)
    if card in p.boosts and not continuous:
        table.move(who, card, Zone.BOOSTS, Zone.DISCARD, ev.MoveReason.BOOST_DONE)
    elif card in p.boosts and card not in p.sustained and sustain:
        table.emit(ev.BoostSustained(player=who, card=card))


def arrived_mid_strike(table: Table, who: Player, card: int) -> Flow[None]:
    """A continuous boost played mid-strike applies its during_strike effects on arrival
    (effects.md, ``during_strike``): ``card``, just played during an attack (before,
    hit, after), has them resolve now, noted as what it gives the strike
    (``Table.end_boost_bonuses``). Played earlier, the during-strike step gathers them;
    at cleanup (Platinum's ability) the attacks are over: nothing to apply them to.
    Example: Bang's Shuriken playing Fierce (``during_strike: powerup 2``) in its before."""
    boost = table.card(card).boost
    if boost.kind is not c.BoostKind.CONTINUOUS or not table.in_rule("attack"):
        return
    for effect in c.timed(boost.effects, c.Timing.DURING_STRIKE):
        if card not in table.p(who).boosts:
            return
        start = len(table.events)
        yield from resolve(EffectCtx(table, who, card), effect)
        table.note_boost_bonuses(card, start)


def has_passive(table: Table, who: Player, passive: c.Passive) -> bool:
    """``who`` has a continuous boost in play that grants ``passive`` (``add_passive``)."""
    return any(
        isinstance(effect, c.AddPassive) and effect.passive is passive
        for boost in table.p(who).boosts
        for effect in table.card(boost).boost.effects
    )


def damage_as_discards(table: Table, target: Player, damage: int) -> int:
    """Burning Justice's passive, for attack and effect damage alike: the ``damage`` is
    ignored and ``target`` discards twice that many cards from the top of their deck
    (fewer if it runs out; no reshuffle). Returns the life lost: none."""
    deck = table.p(target).deck
    discarded = min(2 * damage, len(deck))
    table.emit(ev.DamageTakenAsDiscards(target=target, amount=damage, discarded=discarded))
    for _ in range(discarded):
        table.move(target, deck[0], Zone.DECK, Zone.DISCARD, ev.MoveReason.EFFECT)
    return 0


def boost_left_play(table: Table, who: Player, card: int) -> Flow[None]:
    """The ``discarded`` effects of ``who``'s continuous boost ``card``, which has just
    left play (discarded at cleanup or by an effect, or put into gauge); ``who``, its
    owner, runs them. Example: Vincent's Foundation ends its push/pull immunity."""
    effects = [x for x in table.card(card).boost.effects if x.timing is c.Timing.DISCARDED]
    yield from resolve_all(EffectCtx(table, who, card), effects)
