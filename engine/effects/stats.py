"""Attack statistic effects: power, speed, armor, guard and range for this strike.

One registered handler per effect type of ``engine.vocabulary.stats``; each docstring is
the effect's reference entry in ``docs/effects.md``.
"""

from __future__ import annotations

from engine.cards import schema as c
from engine.core import events as ev
from engine.core.asking import select_cards
from engine.core.attack_totals import printed_power, total_armor
from engine.core.context import EffectCtx, Flow
from engine.core.decisions import CardPurpose
from engine.core.state import (
    GAUGE_SPENT,
    LIGHTNING_ROD,
    POWER_SPEED_SWAPPED,
    Stat,
    saved_power,
    spent_gauge,
    strike_value,
)
from engine.effects.amounts import amount_value, opponent_speed
from engine.effects.registry import add_stat, attack_side, handler


@handler(c.Powerup)
def powerup(ctx: EffectCtx, e: c.Powerup) -> None:
    """+``amount`` power to your attack for this strike. Example: Fierce (Grasp boost).

    ``amount`` may be ``strike_x``, the X set earlier this strike (Dan's Koryuken), or a
    ``Count`` taken when it resolves: M. Bison's Psycho Power, ``during_strike: powerup
    {count: gauge, at_most: 5}``, +1 per gauge card, at most +5; Nehtali's Heaven's
    Punishment, ``before: powerup {count: opponent_gauge, times: 2}``, +2 per card in
    the opponent's gauge.
    """
    add_stat(ctx, Stat.POWER, amount_value(ctx, e.amount))


@handler(c.Speedup)
def speedup(ctx: EffectCtx, e: c.Speedup) -> None:
    """+``amount`` speed to your attack for this strike. Example: Light (Sweep boost).

    ``amount`` may be a ``Count`` taken when it resolves: Iron Tager's Spark Bolt,
    ``during_strike: speedup {count: gauge}``, +1 per card in his gauge (a snapshot;
    Vega's per-space bonus is live: ``speedup_by_spaces_modifier``).
    """
    add_stat(ctx, Stat.SPEED, amount_value(ctx, e.amount))


@handler(c.Armorup)
def armorup(ctx: EffectCtx, e: c.Armorup) -> None:
    """+``amount`` armor for this strike. Example: Defend (Spike boost).

    ``amount`` may be a ``Count``: Linne's Tenacious Mist, ``after: armorup {count:
    damage_dealt}`` (armor equal to the damage dealt this strike).
    """
    add_stat(ctx, Stat.ARMOR, amount_value(ctx, e.amount))


@handler(c.Guardup)
def guardup(ctx: EffectCtx, e: c.Guardup) -> None:
    """+``amount`` guard for this strike. Example: Defend (Spike boost).

    ``amount`` may be ``strike_x`` or a ``Count``: Enkidu's Three Precept Strike,
    ``guardup strike_x``.
    """
    add_stat(ctx, Stat.GUARD, amount_value(ctx, e.amount))


@handler(c.Rangeup)
def rangeup(ctx: EffectCtx, e: c.Rangeup) -> None:
    """+``amount`` to your minimum range and +``amount2`` to your maximum range.

    Example: Ken's Knee Bash, ``rangeup 0/1`` when initiating. Either may be a
    ``Count``, taken when it resolves: Nine's Emerald, ``before: rangeup 0/{count:
    sealed_normals}`` (+1 maximum range per Normal in her sealed area).
    """
    add_stat(ctx, Stat.MIN_RANGE, amount_value(ctx, e.amount))
    add_stat(ctx, Stat.MAX_RANGE, amount_value(ctx, e.amount2))


@handler(c.SetTotalPower)
def set_total_power(ctx: EffectCtx, e: c.SetTotalPower) -> None:
    """Your attack's total power is exactly ``amount``, ignoring bonuses (Block: 0)."""
    if attack_side(ctx) is not None:
        ctx.table.emit(ev.PowerSet(player=ctx.player, value=e.amount))


@handler(c.LoseAllArmor)
def lose_all_armor(ctx: EffectCtx, e: c.LoseAllArmor) -> None:
    """Your remaining armor for this strike drops to 0 (armor already used up stays
    used); later armor bonuses count again.

    Example: Sagat's Tiger Uppercut, ``after: lose_all_armor``.
    """
    side = attack_side(ctx)
    if side is None or side.card is None:
        return
    add_stat(ctx, Stat.ARMOR, -max(0, total_armor(ctx.table, side) - side.armor_used))


@handler(c.MultiplyPositivePowerBonuses)
def multiply_positive_power_bonuses(ctx: EffectCtx, e: c.MultiplyPositivePowerBonuses) -> None:
    """Your positive power bonuses (EX's +1 included) count ``amount`` times; negative
    bonuses and printed power do not. Several multipliers do not stack: the largest wins.

    Example: Akuma's Demon Armageddon, ``during_strike: multiply_positive_power_bonuses 2``.

    Own type: it changes how the bonuses add up at the power total, which the strike
    rules read; no stat bonus can express a multiplier.
    """
    side = attack_side(ctx)
    if side is not None and e.amount > side.power_multiplier:
        ctx.table.emit(ev.PowerBonusesMultiplied(player=ctx.player, factor=e.amount))


@handler(c.PowerupBothPlayers)
def powerup_both_players(ctx: EffectCtx, e: c.PowerupBothPlayers) -> None:
    """Both attacks get +``amount`` power (yours first).

    Example: Akuma's Critical, which adds ``during_strike: powerup_both_players 2``.

    Own type: attacks gain it (Akuma's Critical); a target field on powerup would change
    how every added powerup encodes in the state hash.
    """
    if attack_side(ctx) is None or not e.amount:
        return
    for who in (ctx.player, ctx.opponent):
        ctx.table.emit(ev.StatModified(player=who, stat=Stat.POWER, amount=e.amount))


@handler(c.PowerupOpponent)
def powerup_opponent(ctx: EffectCtx, e: c.PowerupOpponent) -> None:
    """The opponent's attack gets +``amount`` power (negative: less) for this strike.

    Examples: C. Viper's Stylish (+3, the price of its draws); her Burning Kick,
    ``hit: [if is_critical] powerup_opponent -2``.

    Own type: a target field on powerup would change how every powerup that attacks gain
    encodes in the state hash, so the opponent's bonus keeps its tag.
    """
    if attack_side(ctx) is not None and e.amount:
        ctx.table.emit(ev.StatModified(player=ctx.opponent, stat=Stat.POWER, amount=e.amount))


@handler(c.RangeupPerBoostModifier)
def rangeup_per_boost_modifier(ctx: EffectCtx, e: c.RangeupPerBoostModifier) -> None:
    """Live modifier: +``amount`` minimum and +``amount2`` maximum range for each
    continuous boost you have in play, counted when the range is checked.

    Example: Chun-Li exceeded, ``set_strike`` adds ``during_strike:
    rangeup_per_boost_modifier 0/1``.

    Own type: a live modifier, counted at the range check rather than when it resolves,
    so it is not rangeup with a Count.
    """
    if attack_side(ctx) is not None:
        ctx.table.emit(
            ev.RangePerBoostGained(player=ctx.player, amount=e.amount, amount2=e.amount2)
        )


@handler(c.SpeedupBySpacesModifier)
def speedup_by_spaces_modifier(ctx: EffectCtx, e: c.SpeedupBySpacesModifier) -> None:
    """Live modifier: +``amount`` speed for each empty space between the fighters,
    counted whenever your attack's speed is read (the priority check, an opponent's
    ``higher_speed_misses`` at your hit check, their ``set_strike_x opponent_speed``), so
    it shrinks as you close in. Nothing outside a strike.

    Example: Vega's Rolling Crystal Flash (speed 2), ``during_strike:
    speedup_by_spaces_modifier 1``, ``before: close 5``: from 5 empty spaces away it
    is speed 7 at priority and speed 2 once it has closed to adjacent.

    Own type: a live modifier, counted when the speed is read rather than when it
    resolves, so it is not speedup with a Count.
    """
    if attack_side(ctx) is not None and e.amount:
        ctx.table.emit(ev.SpeedPerSpaceGained(player=ctx.player, amount=e.amount))


@handler(c.SpeedupPerBoostModifier)
def speedup_per_boost_modifier(ctx: EffectCtx, e: c.SpeedupPerBoostModifier) -> None:
    """Live modifier: +``amount`` speed for each continuous boost you have in play (with
    ``all_boosts``, both players'), counted whenever your attack's speed is read (the
    priority check, an opponent's ``higher_speed_misses`` at your hit check), so a
    boost that leaves play mid-strike no longer counts. Nothing outside a strike.

    Example: Linne's The Diviner, ``during_strike: speedup_per_boost_modifier 1
    {all_boosts}``.

    Own type: a live modifier, counted when the speed is read rather than when it
    resolves, so it is not speedup with a Count.
    """
    if attack_side(ctx) is not None and e.amount:
        ctx.table.emit(ev.SpeedPerBoostGained(player=ctx.player, amount=e.amount,
                                              all_boosts=e.all_boosts))


@handler(c.RangeupPerAnyBoostModifier)
def rangeup_per_any_boost_modifier(ctx: EffectCtx, e: c.RangeupPerAnyBoostModifier) -> None:
    """Live modifier: +``amount`` minimum and +``amount2`` maximum range for each
    continuous boost in play, both players' (upstream ``rangeup_per_boost_modifier
    {all_boosts}``), counted when the range is checked: a boost that leaves play before
    then (Platinum's Mystique Momo discarding hers) no longer counts.

    Example: Linne's The Diviner, ``during_strike: rangeup_per_any_boost_modifier 0/1``.

    Own type: ``rangeup_per_boost_modifier`` counts only your own boosts, and a field
    on it would change how Chun-Li's encodes in the card data's fingerprint.
    """
    if attack_side(ctx) is not None and (e.amount or e.amount2):
        ctx.table.emit(
            ev.RangePerAnyBoostGained(player=ctx.player, amount=e.amount, amount2=e.amount2))


@handler(c.SetStrikeX)
def set_strike_x(ctx: EffectCtx, e: c.SetStrikeX) -> None:
    """Set X for your attack this strike from ``source``: ``top_discard_power`` (the
    printed power of your discard pile's top card) or ``top_deck_power``, 0 when that
    pile is empty; or ``opponent_speed``, the opponent's attack's current total speed
    (printed speed, bonuses and EX; 0 with no attack); or ``random_gauge_power``, the
    printed power of a card picked at random from your gauge (0 if it is empty:
    Yuzuriha's Over Here!); or ``copies_in_gauge``, the copies of the card ``card`` in
    your gauge (Enkidu's Three Precept Strike: +X power and guard per Three Precept
    Strike in gauge); or ``ultras_used_to_pay_gauge_cost``, the ultras among the cards
    that paid your attack's gauge cost (Carmine's Be Devoured!); or
    ``lightningrods_in_opponent_space``, your lightning rods on the opponent's space
    (Rachel's Baden Baden Lily, ``hit: set_strike_x lightningrods_in_opponent_space,
    then powerup strike_x``). ``powerup strike_x`` then adds X. A printed power that is
    the range to the opponent (Merkava's I, Defile) is read as the distance between the
    fighters then.

    Examples: Dan's Koryuken (power 0) gains the power of the card it discards; Hyde's
    Dead Set Daze (power X), ``before: set_strike_x opponent_speed, then powerup
    strike_x``. Outside a strike X holds for the rest of the action's effects (Merkava's
    character action: ``reveal_topdeck, then set_strike_x top_deck_power, then choice
    advance strike_x | retreat strike_x``).

    Own type: it sets the strike's X from a pile, the named quantity powerup strike_x
    reads.
    """
    table = ctx.table
    p = table.p(ctx.player)
    if e.source is c.StrikeXSource.OPPONENT_SPEED:
        value = opponent_speed(ctx)
    elif e.source is c.StrikeXSource.RANDOM_GAUGE_POWER:
        drawn = bool(p.gauge) and attack_side(ctx) is not None  # outside a strike: no pick
        picked = [p.gauge[table.rng.randbelow(len(p.gauge))]] if drawn else []
        value = max(0, printed_power(table, picked[0])) if picked else 0
    elif e.source is c.StrikeXSource.COPIES_IN_GAUGE:
        value = sum(table.state.card_defs[card] == e.card for card in p.gauge)
    elif e.source is c.StrikeXSource.GAUGE_SPENT_BEFORE_STRIKE:
        value = spent_gauge(table.state, ctx.player)
    elif e.source is c.StrikeXSource.ULTRAS_USED_TO_PAY_GAUGE_COST:
        value = _ultras_paid(ctx)
    elif e.source is c.StrikeXSource.LIGHTNINGRODS_IN_OPPONENT_SPACE:
        value = _rods_under_opponent(ctx)
    else:
        pile = p.discard[-1:] if e.source is c.StrikeXSource.TOP_DISCARD_POWER else p.deck[:1]
        value = max(0, printed_power(table, pile[0])) if pile else 0
    if attack_side(ctx) is not None:
        table.emit(ev.StrikeXSet(player=ctx.player, value=value))
    else:
        ctx.scope.strike_x = value


def _rods_under_opponent(ctx: EffectCtx) -> int:
    """Your lightning rods on the opponent's space: the arena objects of kind
    ``lightning_rod`` a mechanic keeps (``MechanicState.space_objects``)."""
    state = ctx.table.state
    there = ctx.table.p(ctx.opponent).space
    return sum(obj.kind == LIGHTNING_ROD and obj.owner == ctx.player and obj.space == there
               for found in state.mechanics.values() for obj in found.space_objects(state))


@handler(c.UseTopDiscardAsPrintedPower)
def use_top_discard_as_printed_power(ctx: EffectCtx, e: c.UseTopDiscardAsPrintedPower) -> None:
    """Your attack's printed power becomes the printed power of the top card of your
    discard pile (0 if it is empty); its power bonuses still count.

    Example: Orie's exceed ability, after her 1-gauge character action strike: ``hit:
    use_top_discard_as_printed_power`` (read as the hit effect resolves, before damage).

    Own type: it replaces the printed power itself (bonuses keep counting), which neither
    ``powerup`` nor ``set_total_power`` (that ignores bonuses) can say.
    """
    if attack_side(ctx) is None:
        return
    discard = ctx.table.p(ctx.player).discard
    value = printed_power(ctx.table, discard[-1]) if discard else 0
    ctx.table.emit(ev.PrintedPowerSet(player=ctx.player, value=value))


@handler(c.MultiplyPowerBonuses)
def multiply_power_bonuses(ctx: EffectCtx, e: c.MultiplyPowerBonuses) -> None:
    """Every power bonus on your attack counts ``amount`` times, the negative ones as well
    as the positive ones (EX's +1 included); the printed power does not. The positive
    bonuses use the multiplier ``multiply_positive_power_bonuses`` sets (the largest
    wins, and bonuses gained later are multiplied too); the negative bonuses taken so far
    are multiplied when it resolves.

    Example: Phonon's Complete Servitude, ``hit: multiply_power_bonuses 2``.

    Own type: it multiplies the negative bonuses too, which Akuma's
    ``multiply_positive_power_bonuses`` leaves alone.
    """
    side = attack_side(ctx)
    if side is None:
        return
    if e.amount > side.power_multiplier:
        ctx.table.emit(ev.PowerBonusesMultiplied(player=ctx.player, factor=e.amount))
    negative = side.power - side.power_positive
    if negative < 0 and e.amount > 1:
        add_stat(ctx, Stat.POWER, negative * (e.amount - 1))


@handler(c.SavePowerOfCardFromHand)
def save_power_of_card_from_hand(ctx: EffectCtx, e: c.SavePowerOfCardFromHand) -> Flow[None]:
    """Decision: reveal a card of your hand (it stays there); its printed power is saved
    for a later ``use_saved_power_as_printed_power``. With an empty hand there is no
    card to reveal and the power saved is 0 (the reference client's ``self_discard_choose``
    with nothing to reveal: ``saved_power = 0``).

    Example: Phonon's Muniel (Complete Servitude boost), ``now:
    save_power_of_card_from_hand``, ``during_strike: use_saved_power_as_printed_power``,
    ``now: strike``: boosted as her last card, her wild swing's printed power is 0.

    Own type: it keeps a number for a later strike, which no stat bonus can hold.
    """
    hand = ctx.table.p(ctx.player).hand
    picked = yield from select_cards(ctx.player, CardPurpose.REVEAL, hand, 1, 1)
    if not picked:
        ctx.table.emit(ev.PowerSaved(player=ctx.player, value=0))
        return
    card = picked[0]
    value = printed_power(ctx.table, card)
    ctx.table.emit(ev.PowerSaved(player=ctx.player, card=card, value=value))


@handler(c.UseSavedPowerAsPrintedPower)
def use_saved_power_as_printed_power(
    ctx: EffectCtx, e: c.UseSavedPowerAsPrintedPower
) -> None:
    """Your attack's printed power becomes the power ``save_power_of_card_from_hand``
    saved (0 if there was no card to reveal; nothing happens if no power was saved in
    this game: a log recorded before that rule cleared it); its power bonuses still
    count.

    Example: Phonon's Muniel (Complete Servitude boost), ``during_strike:
    use_saved_power_as_printed_power``.

    Own type: it reads the saved number, not the discard pile that
    ``use_top_discard_as_printed_power`` reads.
    """
    value = saved_power(ctx.table.state, ctx.player)
    if attack_side(ctx) is not None and value is not None:
        ctx.table.emit(ev.PrintedPowerSet(player=ctx.player, value=value))


@handler(c.PowerupPerArmorUsed)
def powerup_per_armor_used(ctx: EffectCtx, e: c.PowerupPerArmorUsed) -> None:
    """``amount`` power (negative: less power) per point of your armor that damage has
    used up so far this strike; nothing outside a strike or with no armor used.

    Example: Londrekia's Frozen Spire (armor 4, speed 1), ``before:
    powerup_per_armor_used -1``: each point of armor the faster attack broke costs it a
    point of power.

    Own type: the amount counts the armor already consumed, which no ``Count`` reads.
    """
    side = attack_side(ctx)
    if side is not None and side.armor_used:
        add_stat(ctx, Stat.POWER, e.amount * side.armor_used)


@handler(c.SwapPowerSpeed)
def swap_power_speed(ctx: EffectCtx, e: c.SwapPowerSpeed) -> None:
    """This strike your attack's total power is its total speed and its total speed its
    total power (each computed as usual with all its bonuses, then traded).

    Example: Hilda's Masquerade (In The Darkness boost), ``during_strike:
    swap_power_speed``.

    Own type: it trades two totals after every bonus, which no bonus to either can say.
    """
    done = strike_value(ctx.table.state, POWER_SPEED_SWAPPED, ctx.player)
    if attack_side(ctx) is not None and not done:
        ctx.table.emit(ev.PowerSpeedSwapped(player=ctx.player))


@handler(c.PowerupPerSpentGaugeMatchingRangeToOpponent)
def powerup_per_spent_gauge_matching_range_to_opponent(
    ctx: EffectCtx, e: c.PowerupPerSpentGaugeMatchingRangeToOpponent
) -> None:
    """+``amount`` power for each card you spent from gauge on this attack's cost whose
    printed range includes the current range between the fighters (a card with no
    range never does). The rules note the spent cards when they are paid, only for an
    attack that carries this effect.

    Example: Hilda's Impalement (2 gauge), ``hit: powerup_per_spent_gauge_matching_range_
    to_opponent 2``: at range 4, paying with Revenant Pillar (3-5) and Skewer (1-8) gives
    +4 power.

    Own type: it reads which cards paid the attack's cost, which no ``Count`` counts.
    """
    gap = abs(ctx.table.p(ctx.player).space - ctx.table.p(ctx.opponent).space)
    matching = 0
    for card in strike_value(ctx.table.state, GAUGE_SPENT, ctx.player):
        reach = ctx.table.card(card).range
        if reach is not None and reach[0] <= gap <= reach[1]:
            matching += 1
    add_stat(ctx, Stat.POWER, e.amount * matching)


def _ultras_paid(ctx: EffectCtx) -> int:
    """The ultras among the cards that paid your attack's gauge cost: the top cards of
    your discard pile, as many as the cost (the cost is paid just before the attack's
    effects, into the discard pile; 0 outside a strike or for a free attack)."""
    side = attack_side(ctx)
    if side is None or side.card is None:
        return 0
    table = ctx.table
    cost = table.card(side.card).gauge_cost
    paid = table.p(ctx.player).discard[-cost:] if cost > 0 else []
    return sum(table.card(card).kind is c.CardKind.ULTRA for card in paid)


@handler(c.RangeupBothPlayers)
def rangeup_both_players(ctx: EffectCtx, e: c.RangeupBothPlayers) -> None:
    """Both attacks get +``amount`` minimum and +``amount2`` maximum range (yours
    first). Nothing outside a strike.

    Example: Arakune's Irrationality (y, two-dash boost), ``during_strike:
    rangeup_both_players 1/1, powerup_both_players -1``.

    Own type: like ``powerup_both_players``, a target field on rangeup would change how
    every rangeup encodes in the state hash.
    """
    if attack_side(ctx) is None:
        return
    for who in (ctx.player, ctx.opponent):
        for stat, amount in ((Stat.MIN_RANGE, e.amount), (Stat.MAX_RANGE, e.amount2)):
            if amount:
                ctx.table.emit(ev.StatModified(player=who, stat=stat, amount=amount))
