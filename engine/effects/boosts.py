"""Boost effects: playing more boosts, discarding them, and where a boost goes when it
leaves play.

One registered handler per effect type of ``engine.vocabulary.boosts``; each docstring is
the effect's reference entry in ``docs/effects.md``.
"""

from __future__ import annotations

from engine.cards import schema as c
from engine.cards.team import usable
from engine.core import events as ev
from engine.core.asking import choose, pay_force, select_cards
from engine.core.context import EffectCtx, Flow
from engine.core.decisions import CardPurpose, ChoiceOption
from engine.core.ids import Zone
from engine.effects.boost_play import (
    boost_left_play,
    boost_mid_strike,
    boost_zones,
    may_boost,
    play_additional_boost,
)
from engine.effects.registry import handler, resolve_all, seal_card
from engine.vocabulary.boosts import BoostOrRevealHand

_PASS = ChoiceOption(tag=c.effect_tag(c.Pass))


@handler(c.DiscardContinuousBoost)
def discard_continuous_boost(ctx: EffectCtx, e: c.DiscardContinuousBoost) -> Flow[None]:
    """Choose a continuous boost in play (either player's) and discard it. Example: Tech.

    ``mine``: only one of your own; ``overall_effect`` runs once a boost was discarded
    (Platinum's Mystique Momo, ``before: discard_continuous_boost mine (powerup 2)``:
    you may discard one of your boosts for +2 power).

    ``destination: owner_hand``: it returns to its owner's hand instead (it still
    leaves play: its ``discarded`` effects run). Example: Bang's Instant Ninpo
    (Bang-Style Shuriken boost), ``immediate: discard_continuous_boost {required,
    owner_hand}``.
    """
    table = ctx.table
    targets = [
        (who, card)
        for who in ((ctx.player,) if e.mine else (ctx.player, ctx.opponent))
        for card in table.p(who).boosts
        if card != ctx.source
    ]
    if not targets:
        return
    labels = [f"{who.label} {table.card(card).boost.name}" for who, card in targets]
    tag = c.effect_tag(c.DiscardContinuousBoost)
    options = [ChoiceOption(tag=tag, card=card) for _, card in targets]
    if not e.required:
        labels.append("pass")
        options.append(_PASS)
    index = yield from choose(table, ctx.player, labels, options)
    if index < len(targets):
        who, card = targets[index]
        dst = Zone.HAND if e.destination is c.LeftBoostDestination.OWNER_HAND else Zone.DISCARD
        table.move(who, card, Zone.BOOSTS, dst, ev.MoveReason.EFFECT)
        yield from boost_left_play(table, who, card)
        yield from resolve_all(ctx, e.overall_effect)


@handler(c.AddToGaugeBoostPlayCleanup)
def add_to_gauge_boost_play_cleanup(ctx: EffectCtx, e: c.AddToGaugeBoostPlayCleanup) -> None:
    """When this boost finishes resolving it goes to your gauge, not the discard pile.

    Example: Ki Charge.
    """
    ctx.scope.boost_to_gauge = True


@handler(c.AddBoostToGaugeOnStrikeCleanup)
def add_boost_to_gauge_on_strike_cleanup(
    ctx: EffectCtx, e: c.AddBoostToGaugeOnStrikeCleanup
) -> Flow[None]:
    """This continuous boost leaves play into your gauge at once (its ``discarded``
    effects run as it goes; nothing if it has already left play). The stat bonuses its
    ``during_strike`` effects gave this strike (power, speed, armor, guard, range) and
    its dodge ranges end with it, as for any boost leaving play; its attack flags (stun
    immunity...) stay to the strike's end (``Table.end_boost_bonuses``, ``keep_flags``).

    Example: Ryu's Overhead, when its attack hits: ``hit: ignore_armor +
    add_boost_to_gauge_on_strike_cleanup``; Chun-Li's Faultless Focus keeps its stun
    immunity after her hit sends it to her gauge, and her Swift Attack (``during_strike:
    speedup 1``) no longer adds speed once its hit has sent it there.

    The reference (effects.md): "Move this boost from play into your gauge (immediately
    by default; ``not_immediate`` waits for cleanup)"; no card sets ``not_immediate``.
    Its client moves the boost with ``remove_from_continuous_boosts``, whose
    ``disable_boost_effects`` takes back the boost's during-strike ``powerup``,
    ``speedup``, ``armorup``, ``guardup``, ``rangeup``, ``dodge_at_range`` and
    ``attack_is_ex`` but no flag. Logs recorded before 2 Dec 2026 marked the boost for
    the gauge at cleanup (``BoostMarkedForGauge``, still folded); re-simulated now, they
    differ from there.
    """
    source = ctx.source
    if source is not None and source in ctx.table.p(ctx.player).boosts:
        ctx.table.move(ctx.player, source, Zone.BOOSTS, Zone.GAUGE, ev.MoveReason.EFFECT,
                       keep_flags=True)
        yield from boost_left_play(ctx.table, ctx.player, source)


@handler(c.ChooseSustainBoost)
def choose_sustain_boost(ctx: EffectCtx, e: c.ChooseSustainBoost) -> Flow[None]:
    """Decision: choose up to ``amount`` of your continuous boosts in play to sustain
    (they stay in play at this strike's cleanup); the first ``amount_min`` choices are
    required while you have a boost left to choose. A boost
    ``add_boost_to_gauge_on_strike_cleanup`` sent to your gauge is no longer in play to
    offer (one a log recorded before 2 Dec 2026 marked for the gauge is not offered
    either: no sustain keeps it).

    Example: Chun-Li's Lightning Legs, critical ``after``: return it to the deck, then
    ``choose_sustain_boost 1``.

    Own type: the choice among your boosts in play is a decision no other effect asks;
    sustain_this only keeps the boost that carries it.
    """
    table = ctx.table
    for count in range(e.amount):
        p = table.p(ctx.player)
        boosts = [b for b in p.boosts if p.may_sustain(b)]
        if not boosts:
            return
        labels = [f"sustain {table.card(b).boost.name}" for b in boosts]
        tag = c.effect_tag(c.ChooseSustainBoost)
        options = [ChoiceOption(tag=tag, card=b) for b in boosts]
        if count >= e.amount_min:
            labels.append("pass")
            options.append(_PASS)
        index = yield from choose(table, ctx.player, labels, options)
        if index == len(boosts):
            return
        table.emit(ev.BoostSustained(player=ctx.player, card=boosts[index]))


@handler(c.BoostAdditional)
def boost_additional(ctx: EffectCtx, e: c.BoostAdditional) -> Flow[None]:
    """You may play another boost from ``valid_zones`` (``hand``, ``discard``) whose kind
    matches ``limitation``, paying its force cost unless ``ignore_costs``. It resolves
    like a boost action (its now/immediate effects, then your boost hooks; played during
    an attack, a continuous one's ``during_strike`` effects then apply at once:
    Platinum's Miracle Jeanne); a strike it asks for starts when the outer boost has
    resolved.

    Examples: C. Viper's Cheater (a continuous boost from the discard pile); Vega's
    Retrieve, the same without paying its cost; Linne's exceeded action, a continuous
    boost from the gauge.

    ``boost_name``: only cards whose boost has that name (Byakuya's Menace: "boost
    Predator from your hand", ``boost_additional {boost_name: Predator}``).
    ``card_kind``: only cards of that kind (Carmine's Rein Blood: an ultra from the
    discard pile).
    """
    table, who = ctx.table, ctx.player
    candidates = {
        card: zone
        for source in e.valid_zones
        for zone, cards in boost_zones(table, who, source)
        for card in cards
        if may_boost(table, who, card, e)
    }
    picked = yield from select_cards(who, CardPurpose.BOOST, list(candidates), 0, 1)
    if picked:
        yield from play_additional_boost(ctx, picked[0], candidates[picked[0]], e.ignore_costs)


@handler(c.SustainThis)
def sustain_this(ctx: EffectCtx, e: c.SustainThis) -> None:
    """This continuous boost stays in play at this strike's cleanup (until the next).

    Example: Guile's Shades of Glory, ``cleanup: [if not_stunned] sustain_this``.
    """
    p = ctx.table.p(ctx.player)
    source = ctx.source
    if source is not None and source in p.boosts and source not in p.sustained:
        ctx.table.emit(ev.BoostSustained(player=ctx.player, card=source))


@handler(c.AddToGaugeImmediately)
def add_to_gauge_immediately(ctx: EffectCtx, e: c.AddToGaugeImmediately) -> Flow[None]:
    """This continuous boost leaves play into your gauge now.

    Example: Guile's Sonic Force, ``end_of_turn: add_to_gauge_immediately`` (delayed one
    turn by ``set_end_of_turn_boost_delay``).
    """
    source = ctx.source
    if source is not None and source in ctx.table.p(ctx.player).boosts:
        ctx.table.move(ctx.player, source, Zone.BOOSTS, Zone.GAUGE, ev.MoveReason.EFFECT)
        yield from boost_left_play(ctx.table, ctx.player, source)


@handler(c.SetEndOfTurnBoostDelay)
def set_end_of_turn_boost_delay(ctx: EffectCtx, e: c.SetEndOfTurnBoostDelay) -> None:
    """This boost's ``end_of_turn`` effects skip the end of the current turn and fire at
    your next one (if it is still in play then).

    Example: Guile's Patience, ``now: set_end_of_turn_boost_delay``: it goes to gauge
    at the end of Guile's next turn unless a strike has used it up.
    """
    p = ctx.table.p(ctx.player)
    source = ctx.source
    if source is not None and source in p.boosts and source not in p.delayed_boosts:
        ctx.table.emit(ev.BoostDelayed(player=ctx.player, card=source))


@handler(c.DiscardThis)
def discard_this(ctx: EffectCtx, e: c.DiscardThis) -> None:
    """This continuous boost leaves play now and goes to your discard pile (nothing
    happens if it has already left). Mid-strike, the bonuses it gave this strike stop
    counting (``Table.end_boost_bonuses``).

    ``ignore_active_boost`` is kept from the card data: it matters only for a boost
    still being played, and this engine discards at once either way. Example: Super
    Skull Man's Fear Not, Citizen!, ``opponent_moved_past: discard_this``.

    Own type: a boost removing itself from play on a trigger; ``discard_continuous_boost``
    is a chosen discard of another boost, and no existing type names "this boost".
    """
    source = ctx.source
    if source is not None and source in ctx.table.p(ctx.player).boosts:
        ctx.table.move(ctx.player, source, Zone.BOOSTS, Zone.DISCARD, ev.MoveReason.EFFECT)


@handler(c.AddPassive)
def add_passive(ctx: EffectCtx, e: c.AddPassive) -> None:
    """Grants you the named ``passive`` for as long as this continuous boost stays in
    play; the rules read it from your boosts in play (``has_passive``), so playing the
    boost is all this does and its leaving play ends the passive.

    ``discard_2x_topdeck_instead_of_damage``: damage you would take (after armor) is
    ignored, and you discard twice that many cards from the top of your deck instead
    (fewer if it runs out; an empty deck is not reshuffled); so it cannot stun you.
    Example: Super Skull Man's Burning Justice, ``now: add_passive``.

    Own type: a rule that replaces how damage is taken, held by a boost in play; no
    existing effect changes damage into another cost.
    """


@handler(c.BoostThisThenSustain)
def boost_this_then_sustain(ctx: EffectCtx, e: c.BoostThisThenSustain) -> Flow[None]:
    """Your attack card leaves the strike (it no longer goes to gauge or discard at
    cleanup; its stats become invalid, as for ``return_attack_to_top_of_deck``: total
    power and speed 0, no range, printed armor and guard gone, bonuses kept) and goes
    into your boost area as a continuous boost, sustained at this
    strike's cleanup; it was not played as a boost, so none of its boost effects run now
    (its ``during_strike`` / ``before`` ones apply from the next strike). Nothing happens
    if the attack card has already left the strike.

    Example: Seth's Piercing Penetration, ``after: [if hit_opponent]
    add_top_deck_to_gauge + boost_this_then_sustain``.

    Own type: the attack card itself moves from the strike into play as a boost; no
    other effect puts a card into the boost area without playing it.

    ``dont_sustain``: not sustained (it leaves play at this cleanup unless something
    else keeps it); ``boost_effect``: run at once with the new boost as source.
    Example: Byakuya's Endless Nightmare, ``after: ... boost_this_then_sustain
    {dont_sustain, boost_effect: place_trap}`` (a Trap sustains itself).
    """
    strike = ctx.table.state.strike
    if strike is None:
        return
    side = strike.sides[ctx.player]
    card = side.card
    if card is None or card not in side.cards:
        return
    ctx.table.move(ctx.player, card, Zone.STRIKE, Zone.BOOSTS, ev.MoveReason.EFFECT)
    if not e.dont_sustain:
        ctx.table.emit(ev.BoostSustained(player=ctx.player, card=card))
    if e.boost_effect:
        yield from resolve_all(EffectCtx(ctx.table, ctx.player, card, ctx.scope), e.boost_effect)


@handler(c.SealThisBoost)
def seal_this_boost(ctx: EffectCtx, e: c.SealThisBoost) -> Flow[None]:
    """This continuous boost leaves play into your sealed area now (its ``discarded``
    effects run as it goes); nothing happens if it has already left play.

    Example: Seth's Soul's Oath, ``before: advance 1 + seal_this_boost``.

    Own type: a boost removing itself into the sealed area (UNI), which neither
    ``discard_this`` nor ``add_to_gauge_immediately`` reaches.
    """
    source = ctx.source
    if source is not None and source in ctx.table.p(ctx.player).boosts:
        yield from seal_card(ctx.table, ctx.player, source, Zone.BOOSTS, ev.MoveReason.EFFECT)
        yield from boost_left_play(ctx.table, ctx.player, source)


@handler(c.BoostThenSustain)
def boost_then_sustain(ctx: EffectCtx, e: c.BoostThenSustain) -> Flow[None]:
    """Decision: during a strike you may play a boost from ``valid_zones`` (``hand``,
    ``discard``) whose card is of kind ``limitation`` (``ultra``...), paying its force
    cost unless ``ignore_costs`` (none offered: nothing happens). It resolves as
    ``boost_additional`` does (its now/immediate effects, then your boost hooks, then a
    continuous one's ``during_strike`` effects, which apply at once to this strike); a
    continuous one is then sustained at this strike's cleanup, an immediate one goes to
    the discard pile. Outside a strike nothing happens.

    Example: Seth's Captive Segment, ``before: choice <boost_then_sustain {hand,
    ultra} | pass>``. The boost's own ``before`` effects join this before timing (they
    run once the ones gathered when it began have: Stitched Segment's push or pull comes
    before Captive Segment's range check; ``engine.rules.strike.timing``).

    ``sustain`` false: a continuous one is not sustained; ``play_boost_effect`` runs
    once a boost has been played (Byakuya's I'll Plant It Somewhere Over Here, ``after:
    choice <boost_then_sustain {hand, gauge; ultra; sustain false; gain_advantage} |
    pass>``).

    Own type: a boost played mid-strike and sustained, filtered by card kind;
    ``boost_additional`` plays one outside a strike, filtered by boost kind, and is
    not sustained.
    """
    table, who = ctx.table, ctx.player
    if table.state.strike is None:
        return
    candidates = {
        card: zone
        for source in e.valid_zones
        for zone, cards in boost_zones(table, who, source)
        for card in cards
        if (e.limitation is None or table.card(card).kind is e.limitation)
        and usable(table.catalog, table.p(who), table.card(card).id)
        and (e.ignore_costs
             or table.card(card).boost.force_cost <= table.force_for_costs(who, exclude=(card,)))
    }
    picked = yield from select_cards(who, CardPurpose.BOOST, list(candidates), 0, 1)
    if not picked:
        return
    card = picked[0]
    if not e.ignore_costs:
        yield from pay_force(table, who, table.card(card).boost.force_cost, exclude=(card,))
    yield from boost_mid_strike(ctx, card, candidates[card], e.sustain)
    yield from resolve_all(ctx, e.play_boost_effect)


@handler(c.AddBoostToGaugeOnMove)
def add_boost_to_gauge_on_move(ctx: EffectCtx, e: c.AddBoostToGaugeOnMove) -> None:
    """This continuous boost leaves play into your gauge as soon as you move yourself (a
    Move action or your own movement effect; pushes and pulls do not count). The effect
    itself does nothing when it resolves: the rule is read from the boost's data by
    ``boosts_to_gauge_on_self_move`` each time you move. A boost that leaves this way
    runs no ``discarded`` effects; leaving mid-strike, its bonuses stop counting
    (``Table.end_boost_bonuses``): Hyde's Assault, ``before: close 2``, moves him, and
    Charged Attack's +2 power is gone before the attack hits.

    Example: Hyde's Charged Attack (Red-Clad Craver boost), ``during_strike: powerup 2``
    and ``now: add_boost_to_gauge_on_move``.

    Own type: a continuous boost that ends when its owner moves, a boost lifetime of its
    own.
    """


@handler(c.ReturnThisBoostToHand)
def return_this_boost_to_hand(ctx: EffectCtx, e: c.ReturnThisBoostToHand) -> None:
    """This continuous boost leaves play into your hand (nothing happens if it has
    already left). Mid-strike, the bonuses it gave this strike stop counting
    (``Table.end_boost_bonuses``).

    Example: Waldstein's The Destroyers (Werfen Erschlagen boost), ``after: [if
    not_hit_opponent] return_this_boost_to_hand``.

    Own type: a boost returning itself to hand; ``discard_this`` and
    ``add_to_gauge_immediately`` send it to the discard pile and the gauge.
    """
    source = ctx.source
    if source is not None and source in ctx.table.p(ctx.player).boosts:
        ctx.table.move(ctx.player, source, Zone.BOOSTS, Zone.HAND, ev.MoveReason.EFFECT)


@handler(c.AddToGaugeImmediatelyMidStrikeUndoEffects)
def add_to_gauge_immediately_mid_strike_undo_effects(
    ctx: EffectCtx, e: c.AddToGaugeImmediatelyMidStrikeUndoEffects
) -> Flow[None]:
    """This continuous boost leaves play into your gauge now, mid-strike; what it gave
    the strike (its ``during_strike`` stat bonuses among them) stops counting, as for
    every continuous boost that leaves play mid-strike (``Table.end_boost_bonuses``).

    Example: Nanase's Chain Shift (Ange's Invitation boost), ``during_strike: speedup
    1``, ``now: strike``, ``after: add_to_gauge_immediately_mid_strike_undo_effects``.

    Own type: kept from the card data (Enkidu's Gale Edge uses it too); since every
    boost leaving play mid-strike ends its bonuses, it now does what
    ``add_to_gauge_immediately`` does.
    """
    source = ctx.source
    if source is None or source not in ctx.table.p(ctx.player).boosts:
        return
    ctx.table.move(ctx.player, source, Zone.BOOSTS, Zone.GAUGE, ev.MoveReason.EFFECT)
    yield from boost_left_play(ctx.table, ctx.player, source)


@handler(BoostOrRevealHand)
def boost_or_reveal_hand(ctx: EffectCtx, e: BoostOrRevealHand) -> Flow[None]:
    """Decision: play a boost from your hand whose kind matches ``limitation``, paying
    its force cost; it resolves as with ``boost_additional``. If you have none you can
    play, you reveal your hand instead.

    Example: Wagner's character action, ``choice <close 1 | retreat 1>, then
    boost_or_reveal_hand {continuous}``.

    Own type: the boost is required when possible, and failing it reveals the hand;
    ``boost_additional`` is optional and does nothing when no boost is possible.
    """
    table, who = ctx.table, ctx.player
    allowed = c.BoostAdditional(limitation=e.limitation)
    candidates = [card for card in table.p(who).hand if may_boost(table, who, card, allowed)]
    if not candidates:
        ctx.table.emit(ev.HandRevealed(player=who, cards=tuple(table.p(who).hand)))
        return
    picked = yield from select_cards(who, CardPurpose.BOOST, candidates, 1, 1)
    yield from play_additional_boost(ctx, picked[0], Zone.HAND, False)


@handler(c.BoostThenSustainTopdiscard)
def boost_then_sustain_topdiscard(
    ctx: EffectCtx, e: c.BoostThenSustainTopdiscard
) -> Flow[None]:
    """During a strike, the topmost card of your discard pile whose boost is of kind
    ``limitation`` (continuous by default; None: the top card) is played as a boost at
    no cost, as ``boost_then_sustain`` plays one (its now effects, your boost hooks, its
    ``during_strike`` effects: played in the hit step, a power bonus counts in that
    hit's damage); a continuous one is sustained at this strike's cleanup unless
    ``sustain`` is false.
    ``amount`` times, each taking the new topmost such card; nothing when there is none
    or outside a strike.

    Example: Hazama's Rising Fang (Vengeful Viper boost), ``hit: choice
    <boost_then_sustain_topdiscard 1 | pass>``.

    Own type: the boost is not chosen: it is the pile's topmost one of its kind.
    """
    table, who = ctx.table, ctx.player
    if table.state.strike is None:
        return
    for _ in range(e.amount):
        found = [card for card in reversed(table.p(who).discard)
                 if e.limitation is None or table.card(card).boost.kind is e.limitation]
        if not found:
            return
        yield from boost_mid_strike(ctx, found[0], Zone.DISCARD, e.sustain)


@handler(c.BoostThenSustainTopdeck)
def boost_then_sustain_topdeck(ctx: EffectCtx, e: c.BoostThenSustainTopdeck) -> Flow[None]:
    """During a strike, the top card of your deck is played as a boost at no cost, as
    ``boost_then_sustain`` plays one; a continuous one is sustained at this strike's
    cleanup unless ``sustain`` is false. ``discard_if_not_continuous``: a card whose
    boost is immediate goes to your discard pile instead, unplayed. ``amount`` times;
    nothing with an empty deck or outside a strike.

    Example: Platinum's ability, ``cleanup: choice <boost_then_sustain_topdeck 1
    discard_if_not_continuous | pass>``.

    Own type: the boost is the unseen top card of the deck, not a chosen one.
    """
    table, who = ctx.table, ctx.player
    if table.state.strike is None:
        return
    for _ in range(e.amount):
        deck = table.p(who).deck
        if not deck:
            return
        card = deck[0]
        if e.discard_if_not_continuous and table.card(card).boost.kind is not c.BoostKind.CONTINUOUS:
            table.move(who, card, Zone.DECK, Zone.DISCARD, ev.MoveReason.EFFECT)
            continue
        yield from boost_mid_strike(ctx, card, Zone.DECK, e.sustain)


@handler(c.SustainAllBoosts)
def sustain_all_boosts(ctx: EffectCtx, e: c.SustainAllBoosts) -> None:
    """Every continuous boost of yours in play (not yet sustained) is sustained: it
    stays in play at this strike's cleanup. Nothing outside a strike.

    Example: Platinum's Miracle Jeanne, ``after: sustain_all_boosts`` (after playing up
    to two continuous boosts from the discard pile before it).

    Own type: ``sustain_this`` and ``choose_sustain_boost`` sustain one boost.
    """
    table = ctx.table
    if table.state.strike is None:
        return
    p = table.p(ctx.player)
    for card in list(p.boosts):
        if card not in p.sustained and table.card(card).boost.kind is c.BoostKind.CONTINUOUS:
            table.emit(ev.BoostSustained(player=ctx.player, card=card))
