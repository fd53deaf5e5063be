"""Cost effects: optional payments of gauge, force or life that run other effects.

One registered handler per effect type of ``engine.vocabulary.costs``; each docstring is
the effect's reference entry in ``docs/effects.md``.
"""

from __future__ import annotations

import msgspec

from engine.cards import schema as c
from engine.core import events as ev
from engine.core.asking import choose, pay_force, pay_gauge
from engine.core.attack_totals import total_armor, total_guard
from engine.core.context import EffectCtx, Flow
from engine.core.decisions import ChoiceOption
from engine.core.ids import Player, Zone
from engine.core.state import (
    AttackBit,
    EndReason,
    Stat,
    force_pays_gauge,
    gauge_cost_reduction,
    ultras_may_be_invalidated,
)
from engine.effects.boost_play import damage_as_discards, has_passive
from engine.effects.movement import spaces_after_moves
from engine.effects.registry import attack_side, effects_at, handler, resolve, resolve_all


@handler(c.GaugeForEffect)
def gauge_for_effect(ctx: EffectCtx, e: c.GaugeForEffect) -> Flow[None]:
    """You may spend exactly ``gauge_max`` gauge to run ``overall_effect``.

    Not offered when you cannot afford it. Street Fighter Critical is this effect at
    ``set_strike`` timing: 1 gauge for ``critical``. ``required``: you may not decline
    when you can pay (Hakumen's Enma, ``before: gauge_for_effect 1 {required}: close 1``).

    With ``per_gauge_effect`` instead: choose to spend 0..``gauge_max`` gauge (as much as
    you have) and run it once per card spent. Example: Vatista's Autonomic Nerve (Lateus
    Orbis boost), ``hit:`` up to 6 gauge for +1 power each.

    Your gauge costs reduced (``gauge_costs_reduced_passive``) lower what you pay: an
    ``overall_effect`` whose cost falls to 0 runs without payment (asked first unless
    ``required``); that many ``per_gauge_effect`` runs are free, the rest still cost 1.

    While ``may_generate_gauge_with_force`` holds for you this strike, the payment is
    made in force (hand or gauge cards, an ultra worth 2) instead.
    """
    if force_pays_gauge(ctx.table.state, ctx.player):
        yield from _gauge_for_effect_as_force(ctx, e)
        return
    table = ctx.table
    reduction = gauge_cost_reduction(table.state, ctx.player)
    if e.per_gauge_effect:
        free = min(reduction, e.gauge_max)
        for _ in range(free):
            yield from resolve_all(ctx, e.per_gauge_effect)
        most = min(e.gauge_max - free, len(table.p(ctx.player).gauge))
        most = _worth_spending(ctx, e.per_gauge_effect, False, most)
        if most == 0:
            return
        labels = [f"spend {n} gauge" for n in range(most + 1)]
        tag = c.effect_tag(c.GaugeForEffect)
        options = [ChoiceOption(tag=tag, amounts=(n,)) for n in range(most + 1)]
        spent = yield from choose(table, ctx.player, labels, options)
        if spent and (yield from pay_gauge(table, ctx.player, spent)):
            for _ in range(spent):
                yield from resolve_all(ctx, e.per_gauge_effect)
        return
    if not e.required and not _worth_spending(ctx, e.overall_effect, False, 1):
        return  # a movement that cannot move: not worth any gauge
    cost = max(0, e.gauge_max - reduction)
    if cost == 0 and e.gauge_max > 0:
        if not e.required:
            tag = c.effect_tag(c.GaugeForEffect)
            options = [ChoiceOption(tag=tag, amounts=(n,)) for n in (0, 1)]
            labels = ["use it for free", "decline"]
            if (yield from choose(table, ctx.player, labels, options)) != 0:
                return
        yield from resolve_all(ctx, e.overall_effect)
        return
    if (yield from pay_gauge(table, ctx.player, cost, optional=not e.required)):
        yield from resolve_all(ctx, e.overall_effect)


def _gauge_for_effect_as_force(ctx: EffectCtx, e: c.GaugeForEffect) -> Flow[None]:
    """``gauge_for_effect`` paid in force (``may_generate_gauge_with_force``)."""
    table = ctx.table
    if e.per_gauge_effect:
        most = min(e.gauge_max, table.available_force(ctx.player))
        most = _worth_spending(ctx, e.per_gauge_effect, False, most)
        if most == 0:
            return
        labels = [f"spend {n} force" for n in range(most + 1)]
        tag = c.effect_tag(c.GaugeForEffect)
        options = [ChoiceOption(tag=tag, amounts=(n,)) for n in range(most + 1)]
        wanted = yield from choose(table, ctx.player, labels, options)
        paid = (yield from pay_force(table, ctx.player, wanted)) if wanted else 0
        for _ in range(min(paid, wanted)):
            yield from resolve_all(ctx, e.per_gauge_effect)
        return
    if table.available_force(ctx.player) < e.gauge_max:
        return
    if not e.required and not _worth_spending(ctx, e.overall_effect, False, 1):
        return
    if (yield from pay_force(table, ctx.player, e.gauge_max,
                             optional=not e.required)) >= e.gauge_max:
        yield from resolve_all(ctx, e.overall_effect)


@handler(c.MayGenerateGaugeWithForce)
def may_generate_gauge_with_force(ctx: EffectCtx, e: c.MayGenerateGaugeWithForce) -> None:
    """For the rest of this strike your gauge costs are paid with force instead (hand or
    gauge cards; an ultra is worth 2): your attack's gauge cost and ``gauge_for_effect``
    (``GaugeCostsPaidWithForce``). Nothing outside a strike.

    Example: Kokonoe's exceed ability, ``on_strike_reveal: may_generate_gauge_with_force``
    (after the reveal, before the costs are paid).

    Own type: it changes how the strike's costs are paid.
    """
    if attack_side(ctx) is not None and not force_pays_gauge(ctx.table.state, ctx.player):
        ctx.table.emit(ev.GaugeCostsPaidWithForce(player=ctx.player))


@handler(c.MayInvalidateUltras)
def may_invalidate_ultras(ctx: EffectCtx, e: c.MayInvalidateUltras) -> None:
    """For the rest of this strike you may decline to pay for your revealed Ultra: it is
    then an invalid attack (its ``on_invalid`` rule runs) and you wild swing
    (``UltrasMayBeInvalidated``). Nothing outside a strike.

    Example: Kokonoe's exceed ability, ``on_strike_reveal: may_invalidate_ultras``; her
    Ultimate Impact, invalid, goes to gauge (``on_invalid: replace_wild_swing {gauge}``).

    Own type: it makes an Ultra's cost optional.
    """
    if attack_side(ctx) is not None and not ultras_may_be_invalidated(
            ctx.table.state, ctx.player):
        ctx.table.emit(ev.UltrasMayBeInvalidated(player=ctx.player))


@handler(c.ForceForEffect)
def force_for_effect(ctx: EffectCtx, e: c.ForceForEffect) -> Flow[None]:
    """You may spend force (hand or gauge cards; an ultra is worth 1 or 2): with
    ``per_force_effect``, choose 0..``force_max`` and run it once per force; with
    ``overall_effect``, pay exactly ``force_max`` (or decline) to run it once.

    Examples: C. Viper's Temple Massage, ``hit: force_for_effect`` up to 4 for +1 power
    each; Vega's Mask, ``cleanup: [if not_stunned]`` 1 force to ``sustain_this``.

    ``combined``: ``per_force_effect`` runs once with every printed amount in it (its
    ``then`` chains too) multiplied by the force spent, one bonus rather than N (Vincent's
    ability, up to 3 force for ``guardup 2`` each: 3 force is one +6 guard).

    ``other_player``: the opponent pays (their decision; the effects stay yours);
    ``required``: with ``overall_effect``, the payer may not decline and pays
    ``force_max``, or all the force they have if less (then ``overall_effect`` does not
    run). Example: Gordeau's exceeded action, 1 gauge: ``bonus_action`` and
    ``force_for_effect 1, other_player, required`` (the opponent must spend 1 force).

    Not asked when the force would buy nothing: a movement that cannot move anyone
    (core rulebook, Move: no over-spending), or the sealing of an attack that has
    already left the strike (exceeded Nine's cleanup ``seal_this`` after Navy Pressure
    put her attack back on her deck).
    """
    table = ctx.table
    who = ctx.opponent if e.other_player else ctx.player
    most = min(e.force_max, table.force_for_costs(who))
    if e.overall_effect:
        if e.required:
            paid = yield from pay_force(table, who, most)
            if most == e.force_max and paid:
                yield from resolve_all(ctx, e.overall_effect)
            return
        if not _worth_spending(ctx, e.overall_effect, False, 1):
            return  # a movement that cannot move: not worth any force
        if _attack_gone(ctx, e.overall_effect):
            return  # nothing left to seal: not worth any force
        if most == e.force_max and (yield from pay_force(table, who, most, optional=True)):
            yield from resolve_all(ctx, e.overall_effect)
        return
    most = _worth_spending(ctx, e.per_force_effect, e.combined, most)
    if most == 0:
        return
    labels = [f"spend {n} force" for n in range(most + 1)]
    tag = c.effect_tag(c.ForceForEffect)
    options = [ChoiceOption(tag=tag, amounts=(n,)) for n in range(most + 1)]
    spent = yield from choose(table, who, labels, options)
    if spent:
        yield from pay_force(table, who, spent)
    if e.combined and spent:
        yield from resolve_all(ctx, _times(e.per_force_effect, spent))
        return
    for _ in range(spent):
        yield from resolve_all(ctx, e.per_force_effect)


def _worth_spending(
    ctx: EffectCtx, effects: tuple[c.Effect, ...], combined: bool, most: int
) -> int:
    """At most ``most``, the force (or gauge) a per-force (per-gauge) ``effects`` of plain
    movement may take: each one spent must move someone further (core rulebook, Move:
    "You may not over-spend on movement effects. (For example, if you are [at] the edge
    of the arena, you may not spend Force to move farther into the edge of the arena)").
    Rachel's action at the edge: no force for ``retreat 1`` each; 1 at most for ``close
    1`` each 2 spaces away. ``combined``: the effects run once, amounts times the spend.
    With ``most`` 1, an ``overall_effect``: 0 if it would move no one. Effects that are
    not all movement keep ``most``."""
    if most == 0:
        return 0
    last = spaces_after_moves(ctx, effects, 0)
    if last is None:
        return most
    for spent in range(1, most + 1):
        if combined:
            now = spaces_after_moves(ctx, _times(effects, spent), 1)
        else:
            now = spaces_after_moves(ctx, effects, spent)
        if now == last:
            return spent - 1
        last = now
    return most


def _attack_gone(ctx: EffectCtx, effects: tuple[c.Effect, ...]) -> bool:
    """``effects`` only seal the attack card at cleanup (``seal_this``) and that card has
    already left the strike (Navy Pressure's ``return_attack_to_top_of_deck``): buying
    them would buy nothing, so exceeded Nine's cleanup force is not asked then."""
    if not effects or not all(type(x) is c.SealThis and not x.then for x in effects):
        return False
    side = attack_side(ctx)
    return side is None or side.card is None or side.card not in side.cards


def _times(effects: tuple[c.Effect, ...], factor: int) -> tuple[c.Effect, ...]:
    """``effects`` with each printed (integer) ``amount`` multiplied by ``factor``."""
    scaled = []
    for effect in effects:
        amount = getattr(effect, "amount", None)
        changes: dict[str, object] = {"then": _times(effect.then, factor)}
        if isinstance(amount, int) and not isinstance(amount, bool):
            changes["amount"] = amount * factor
        scaled.append(msgspec.structs.replace(effect, **changes))
    return tuple(scaled)


@handler(c.SpendLife)
def spend_life(ctx: EffectCtx, e: c.SpendLife) -> None:
    """Lose ``amount`` life as a cost. It is not damage (no armor, no stun) and it can
    reduce you to 0 (life never goes below 0), losing the game.

    Example: Akuma's Demon Illusion, ``now: choice spend_life 1, then draw 1 | ...``.

    Own type: a cost paid in life: not damage (no armor, no stun), with its own event
    and loss check.
    """
    life = ctx.table.p(ctx.player).life
    ctx.table.emit(ev.LifeSpent(player=ctx.player, amount=min(e.amount, life)))
    if ctx.table.p(ctx.player).life <= 0:
        ctx.table.lose(ctx.player, EndReason.LIFE)


@handler(c.SpendAllForce)
def spend_all_force(ctx: EffectCtx, e: c.SpendAllForce) -> None:
    """Discard your whole hand and gauge as force (an ultra makes 2, any other card 1);
    ``save_as_strike_x``: the force made becomes your X this strike (0 with no cards).

    Example: Vatista's Lateus Orbis, ``hit: spend_all_force {save_as_strike_x}, then
    powerup strike_x, then force_for_armor_now 1 {opponent}``.

    Own type: a forced payment of everything, no decision and no amount to choose.
    """
    table = ctx.table
    p = table.p(ctx.player)
    made = 0
    for zone, cards in ((Zone.HAND, list(p.hand)), (Zone.GAUGE, list(p.gauge))):
        for card in cards:
            made += table.force_value(card)
            table.move(ctx.player, card, zone, Zone.DISCARD, ev.MoveReason.FORCE)
    if e.save_as_strike_x and attack_side(ctx) is not None:
        table.emit(ev.StrikeXSet(player=ctx.player, value=made))


@handler(c.ForceForArmorNow)
def force_for_armor_now(ctx: EffectCtx, e: c.ForceForArmorNow) -> Flow[None]:
    """At once, you (``opponent``: the opponent, who decides) may spend any force for
    ``amount`` armor per force this strike. Not offered with no force or outside a strike.

    Example: Vatista's Lateus Orbis, ``hit: ... force_for_armor_now 1 {opponent}``: the
    opponent may spend force for +1 armor each against the hit.

    Own type: a force payment whose armor goes to the player who pays, who may be the
    opponent; ``when_hit_force_for_armor`` only marks your own attack for later.
    """
    table = ctx.table
    who = ctx.opponent if e.opponent else ctx.player
    if table.state.strike is None or table.force_for_costs(who) == 0:
        return
    force = yield from pay_force(table, who, None, optional=True)
    if force:
        table.emit(ev.StatModified(player=who, stat=Stat.ARMOR, amount=e.amount * force))


@handler(c.SpendAllGaugeAndSaveAmount)
def spend_all_gauge_and_save_amount(ctx: EffectCtx, e: c.SpendAllGaugeAndSaveAmount) -> None:
    """Your whole gauge goes to your discard pile (no decision; none with an empty
    gauge), and the number of cards spent is saved (``GaugeSpentSaved``, 0 with an empty
    gauge): ``set_strike_x gauge_spent_before_strike`` reads it, in this strike or the
    one the effect starts.

    Examples: Londrekia's character action, ``spend_all_gauge_and_save_amount, then
    strike`` (his ability sets X from it when he sets his attack); his Dare Glacial
    (Cocytus Ice Prison boost), ``hit: spend_all_gauge_and_save_amount, then
    set_strike_x gauge_spent_before_strike, then powerup strike_x``.

    Own type: a forced spending of the whole gauge whose count outlives the effect (it is
    read when a later strike sets X); ``spend_all_force`` spends hand and gauge as force.
    """
    table = ctx.table
    cards = list(table.p(ctx.player).gauge)
    for card in cards:
        table.move(ctx.player, card, Zone.GAUGE, Zone.DISCARD, ev.MoveReason.GAUGE_SPENT)
    table.emit(ev.GaugeSpentSaved(player=ctx.player, amount=len(cards)))


@handler(c.TakeDamage)
def take_damage(ctx: EffectCtx, e: c.TakeDamage) -> Flow[None]:
    """You (``opponent``: the opponent) take ``amount`` damage from an effect; reaching 0
    life loses the game. ``nonlethal``: it stops at 1 life. Inside a strike (effects.md,
    ``take_damage``; Armor is a pool consumed by damage) the target's remaining armor
    absorbs it first and is used up, and it counts toward the strike's damage taken, so
    it stuns when that total exceeds the target's guard (then the target's ``on_stunned``
    effects run, as when an attack's damage stuns them: effects.md, Timings,
    ``on_stunned``, "when you become stunned"); ``nonlethal`` damage the 1-life
    floor holds back still counts toward that total where the season's rules say so
    (``nonlethal_in_full``: UNI and BlazBlue rulebooks, Glossary, Non-lethal damage).
    It is not attack damage: a
    ``cannot_go_below_life`` floor does not hold against it. It is damage all the same:
    Burning Justice's passive (``add_passive``) takes it (after armor, before the
    ``nonlethal`` cap) as twice that many cards discarded from the top of the deck, not
    as life, so it neither costs life nor counts toward a stun.

    Examples: Carmine's Blood Spike, ``immediate: [if any_buddy_in_opponent_space]
    take_damage 2 {opponent, nonlethal}``; Rachel's George XIII, ``after: [if
    opponent_in_boost_space] take_damage 3 {opponent, nonlethal}`` (armor 2 left: 1).

    Own type: damage (unlike ``spend_life``, a cost), taken at once.
    """
    target = ctx.opponent if e.opponent else ctx.player
    table = ctx.table
    strike = table.state.strike
    side = None if strike is None else strike.sides[target]
    card = None if side is None else side.card  # no attack (yet): no armor or guard
    absorbed = 0
    if side is not None and card is not None:
        absorbed = min(e.amount, max(0, total_armor(table, side) - side.armor_used))
    life = table.p(target).life
    amount = max(0, min(e.amount - absorbed, life - 1 if e.nonlethal else life))
    held = 0
    if (e.nonlethal and side is not None and card is not None
            and any(counts(table) for counts in table.hooks.nonlethal_in_full)):
        held = e.amount - absorbed - amount
    if e.amount > absorbed and has_passive(
            table, target, c.Passive.DISCARD_2X_TOPDECK_INSTEAD_OF_DAMAGE):
        amount = held = damage_as_discards(table, target, e.amount - absorbed)
    if amount <= 0 and absorbed <= 0 and held <= 0:
        return
    if amount > 0 or absorbed > 0:
        table.emit(ev.DamageDealt(target=target, amount=amount, absorbed=absorbed))
    if table.p(target).life <= 0:
        table.lose(target, EndReason.LIFE)
        return
    if side is None or card is None:
        return
    if held > 0:
        table.emit(ev.DamageCounted(target=target, amount=held))
    if side.damage_taken > total_guard(table, side) and not side.stunned and not side.flags & AttackBit.STUN_IMMUNE:
        table.emit(ev.PlayerStunned(player=target))
        yield from _on_stunned(ctx, target)


def _on_stunned(ctx: EffectCtx, target: Player) -> Flow[None]:
    """``target``, just stunned by an effect's damage: their ``on_stunned`` effects, their
    attack's, continuous boosts' and character card's (Londrekia exceeded: spend all
    gauge, draw that many, revert), gathered as the strike rules gather them after an
    attack's (``effects_at``), in printed order."""
    for source, effect in effects_at(ctx.table, target, c.Timing.ON_STUNNED):
        yield from resolve(EffectCtx(ctx.table, target, source), effect)


@handler(c.GaugeCostsReducedPassive)
def gauge_costs_reduced_passive(ctx: EffectCtx, e: c.GaugeCostsReducedPassive) -> None:
    """From now on your gauge costs are ``amount`` lower, never below 0 (99: free), until
    a ``remove`` of that amount: your attacks' gauge costs and the gauge you spend for
    ``gauge_for_effect``. It lasts across turns (a lasting state, not a strike's).

    Example: Hakumen's kicker (``on_exceed``), ``reshuffle_discard_into_deck, then
    gauge_costs_reduced_passive 99``, and his ``on_revert``,
    ``gauge_costs_reduced_passive 99 {remove}``: in Overdrive his ultras and his
    specials' "spend 1 gauge" effects are free.

    Own type: a lasting change of what gauge costs, which no cost-rule of a card
    (``gauge_cost_reduction``) nor any strike-long effect can say.
    """
    amount = -e.amount if e.remove else e.amount
    ctx.table.emit(ev.GaugeCostsReduced(player=ctx.player, amount=amount))


@handler(c.ForceCostsReducedPassive)
def force_costs_reduced_passive(ctx: EffectCtx, e: c.ForceCostsReducedPassive) -> None:
    """While the continuous boost that carries it is in play, every force payment you
    make gets ``amount`` free force (several such boosts add up). A fixed cost is that
    much less: an attack's or a boost's force cost, a ``force_for_effect`` payment, the
    Move action's force and a character action's; a cost the reduction covers is paid
    with no card, and an optional one is still a yes/no. Buying with any amount of force
    gets it on top of the cards paid, which may then be none: Change Cards of one card
    draws 2 (of none, 1), a Block's force for armor gives 2 armor for no card (the
    reference client's test_hazama.gd agrees). The effect does nothing as it resolves: the rule
    is read from the boosts in play (``Table.force_discount``), so it ends when the
    boost leaves play.

    Example: Hazama's Hungry Coils (Serpent's Benediction boost), ``now:
    force_costs_reduced_passive 1``.

    Own type: a standing cost rule of a boost in play; no other effect changes what a
    force cost asks for.
    """
