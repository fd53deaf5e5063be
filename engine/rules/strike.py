"""Strike resolution, step by step as in the core rulebook ("Resolving Strikes").

Set (attacker, then defender, each followed by their ``set_strike`` effects such as
Critical; the defender first after Akuma's Fakeout) → reveal → costs (EX copy discarded,
ultra gauge and force-special costs, the invalid-attack wild swing chain) →
during-strike bonuses (failed conditions retried) → priority (higher speed, ties to the
attacker) → the active attack (before, automatic misses and dodges, range check from
the origin, hit effects, damage, after) → the reactive attack unless stunned → cleanup,
attacker first.

Season mechanics plug in through their hooks (``engine.core.hooks.mechanic``), called in a
loop at fixed points: attack options, setting an attack they offered, reveal, EX,
attack validity, after an attack, cleanup.
"""

from __future__ import annotations

import enum

from engine.cards.catalog import iter_effects
from engine.cards.schema import (
    CardKind,
    Effect,
    GaugeCostReduction,
    Passive,
    PowerupPerSpentGaugeMatchingRangeToOpponent,
    SetFromBoost,
    Timing,
    timed,
)
from engine.core import events as ev
from engine.core.conditions import holds
from engine.core.context import (
    ActionScope,
    AttackSetting,
    EffectCtx,
    Flow,
    Table,
    choose,
    pay_force,
    pay_gauge,
    plain_rule,
    rule,
    select_cards,
    total_armor,
    total_guard,
)
from engine.core.decisions import (
    CardPurpose,
    ChoiceOption,
    Decision,
    RuleOption,
    SetAttack,
    SetAttackRequest,
    WildSwing,
)
from engine.core.ids import ARENA_MAX, ARENA_MIN, Player, Zone
from engine.core.state import (
    DODGE_SPEED,
    AttackFlag,
    AttackSide,
    EndReason,
    Stat,
    StrikeState,
    discards_attack_at_cleanup,
    force_pays_gauge,
    gauge_cost_reduction,
    included_ranges,
    life_floor,
    named_area,
    strike_value,
    ultras_may_be_invalidated,
)
from engine.effects import resolve, resolve_all
from engine.effects.amounts import (
    attack_reach,
    own_power,
    power_speed_swapped,
    sealed_normals,
    total_power,
)
from engine.effects.boosts import boost_left_play, has_passive
from engine.effects.registry import seal_card
from engine.effects.strike_control import make_delayed_wild_swing
from engine.rules.effect_order import choose_order

# --- totals ------------------------------------------------------------------------


def _ex(side: AttackSide) -> int:
    return 1 if side.ex else 0


def total_speed(table: Table, side: AttackSide) -> int:
    """The attack's total speed (its total power once ``swap_power_speed`` swapped them)."""
    if power_speed_swapped(table, side):
        return own_power(table, side)
    card = side.card
    return 0 if card is None else table.card(card).speed + side.speed + _ex(side)




def live_range(table: Table, who: Player) -> tuple[int, int] | None:
    """``attack_reach`` plus the live per-boost modifiers, counted when the range is
    checked (Chun-Li exceeded: +0/+1 per continuous boost she has in play)."""
    side = _strike(table).sides[who]
    reach = attack_reach(table, side)
    if reach is None:
        return None
    boosts = len(table.p(who).boosts)
    low, high = side.range_per_boost
    return reach[0] + low * boosts, reach[1] + high * boosts


# --- timing ------------------------------------------------------------------------


def effects_at(table: Table, who: Player, timing: Timing) -> list[tuple[int | None, Effect]]:
    """Every effect of ``who`` at ``timing``: attack, continuous boosts, character, granted
    (at ``before``, last, the opponent's character's ``opponent_before`` effects)."""
    found: list[tuple[int | None, Effect]] = []
    strike = table.state.strike
    side = strike.sides[who] if strike is not None else None
    if side is not None and side.main is not None and side.card is not None:
        # an extra attack (play_attack_from_hand): only its own effects apply
        found.extend((side.card, e) for e in timed(table.card(side.card).effects, timing))
        found.extend((side.card, e) for e in side.added if e.timing is timing)
        return found
    if side is not None and side.card is not None:
        found.extend((side.card, e) for e in timed(table.card(side.card).effects, timing))
    p = table.p(who)
    for boost in list(p.boosts):
        found.extend((boost, e) for e in timed(table.card(boost).boost.effects, timing))
    char = table.catalog.character(p.character)
    ability = timed(char.exceed_ability if p.exceeded else char.ability, timing)
    if ability:
        found.extend((None, e) for e in ability)
    if side is not None and side.added:
        found.extend((side.card, e) for e in side.added if e.timing is timing)
    if timing is Timing.BEFORE:
        # what the opponent's character grants this attack (Carl Clover: flip Nirvana)
        them = table.p(who.other)
        theirs = table.catalog.character(them.character)
        granted = theirs.exceed_ability if them.exceeded else theirs.ability
        found.extend((None, e) for e in timed(granted, Timing.OPPONENT_BEFORE))
    return found


def run_timing(
    table: Table, who: Player, timing: Timing, scope: ActionScope | None = None
) -> Flow[None]:
    """``timing``'s effects of ``who``, in the order ``who`` chooses when it can matter
    (``engine.rules.effect_order``), else as printed; those of a continuous boost that
    has left play since they were gathered do not run (its effects last only while it
    is in play)."""
    boosts = set(table.p(who).boosts)
    found = effects_at(table, who, timing)
    if len(found) > 1:
        found = yield from choose_order(table, who, timing, found)
    for source, effect in found:
        if source in boosts and source not in table.p(who).boosts:
            continue
        yield from resolve(EffectCtx(table, who, source, scope), effect)


def run_during_strike(table: Table, who: Player) -> Flow[None]:
    """``during_strike`` effects; those whose condition fails are retried while others
    still succeed, so a bonus that needs another bonus (Akuma's Instant Hell Murder) does
    not depend on the order of the cards. What still fails runs its ``else`` at the end."""
    waiting = effects_at(table, who, Timing.DURING_STRIKE)
    boosts = set(table.p(who).boosts)
    while True:
        failed = []
        for source, effect in waiting:
            if source in boosts and source not in table.p(who).boosts:
                continue  # the boost has left play: its effects no longer apply
            ctx = EffectCtx(table, who, source)
            if effect.condition is not None and not holds(ctx, effect.condition):
                failed.append((source, effect))
            else:
                yield from _resolve_noted(table, ctx, effect, source in boosts)
        if len(failed) == len(waiting):
            break
        waiting = failed
    for source, effect in failed:
        if source in boosts and source not in table.p(who).boosts:
            continue
        yield from _resolve_noted(table, EffectCtx(table, who, source), effect, source in boosts)


def _resolve_noted(table: Table, ctx: EffectCtx, effect: Effect, boost: bool) -> Flow[None]:
    """Resolve a ``during_strike`` effect; a continuous boost's has what it gives the
    strike noted, to end if the boost leaves play mid-strike (``Table.end_boost_bonuses``)."""
    start = len(table.events)
    yield from resolve(ctx, effect)
    if boost and ctx.source is not None:
        table.note_boost_bonuses(ctx.source, start)


# --- the strike ----------------------------------------------------------------------


class StrikeStep(enum.IntEnum):
    """The points a strike can be entered at (a built position, or the rules asked again
    after an edit): each names what comes next."""

    FIRST_SETS = 0
    """The first player (the attacker, unless the defender sets first) sets an attack."""
    SECOND_SETS = 1
    """The other player sets an attack."""
    REVEAL = 2
    """Both attacks are set; they are revealed next."""
    PAY_COSTS = 3
    """The attacks are revealed (and the reveal's decisions taken); costs are paid next."""


def strike_step(strike: StrikeState) -> StrikeStep:
    """Where the strike in ``strike`` stands, read from its sides (the attacker sets
    first)."""
    attacker, defender = strike.sides[strike.attacker], strike.sides[strike.defender]
    if not attacker.cards:
        return StrikeStep.FIRST_SETS
    if not defender.cards:
        return StrikeStep.SECOND_SETS
    return StrikeStep.PAY_COSTS if attacker.revealed else StrikeStep.REVEAL


def run_strike(
    table: Table,
    attacker: Player,
    defender_sets_first: bool = False,
    forced_wild: frozenset[Player] = frozenset(),
    setting: AttackSetting | None = None,
) -> Flow[None]:
    """Resolve a whole strike initiated by ``attacker`` (Akuma's Fakeout: the defender
    sets, with their set effects, before the attacker; ``forced_wild``: the players who
    must wild swing, Morathi's Fates Crossing; ``setting``: how the attacker sets, Hyde's
    face-up or from-gauge strikes)."""
    table.boost_bonuses.clear()
    table.emit(ev.StrikeStarted(attacker=attacker))
    yield from strike_from(
        table, StrikeStep.FIRST_SETS, defender_sets_first, forced_wild, setting
    )


@rule("strike")
def strike_from(
    table: Table,
    step: StrikeStep,
    defender_sets_first: bool = False,
    forced_wild: frozenset[Player] = frozenset(),
    setting: AttackSetting | None = None,
) -> Flow[None]:
    """The strike in progress, from ``step`` to its end (core rulebook, Strikes: set,
    reveal (then the mechanics' reveal hooks and both players' ``on_strike_reveal``
    effects, attacker first), pay costs, during-strike effects, priority, the two
    attacks, cleanup).

    A fighter with ``delayed_wild_swing`` (Morathi) who chooses to wild swing turns the
    top card over only after their set effects (unless one of them does it first:
    ``strike_wild auto_delayed_strike``)."""
    strike = _strike(table)
    attacker, defender = strike.attacker, strike.defender
    setters = (defender, attacker) if defender_sets_first else (attacker, defender)
    for who in setters if step <= StrikeStep.SECOND_SETS else ():
        side = strike.sides[who]
        if not side.cards and not side.wild:  # entered at the second setter: one has set
            how = setting if who == attacker else None
            yield from set_attack(table, who, who in forced_wild, how)
            yield from run_timing(table, who, Timing.SET_STRIKE)
            yield from _opponent_set_strike(table, who.other)
        make_delayed_wild_swing(table, who)
    if step <= StrikeStep.REVEAL:
        table.emit(
            ev.AttacksRevealed(p1=tuple(strike.sides[0].cards), p2=tuple(strike.sides[1].cards))
        )
        for reveal in table.hooks.reveal:
            yield from reveal(table)
        for who in (attacker, defender):
            yield from run_timing(table, who, Timing.ON_STRIKE_REVEAL)
    for who in (attacker, defender):
        yield from pay_costs(table, who)
    for who in (attacker, defender):
        yield from run_during_strike(table, who)
    speeds = [total_speed(table, side) for side in strike.sides]
    first = attacker if speeds[attacker] >= speeds[defender] else defender
    table.emit(ev.PriorityDetermined(first=first, speed_p1=speeds[0], speed_p2=speeds[1]))
    yield from activate(table, first)
    second = first.other
    if strike.sides[second].stunned:
        table.emit(ev.AttackSkipped(player=second))
    else:
        yield from activate(table, second)
    for who in (attacker, defender):
        yield from cleanup(table, who)
    table.emit(ev.StrikeEnded())


def _opponent_set_strike(table: Table, owner: Player) -> Flow[None]:
    """``owner``'s opponent has set their attack: the ``opponent_set_strike`` effects
    of ``owner``'s continuous boosts run, for ``owner`` (Byakuya's Disrespect)."""
    for boost in list(table.p(owner).boosts):
        for effect in table.card(boost).boost.effects:
            if effect.timing is Timing.OPPONENT_SET_STRIKE and boost in table.p(owner).boosts:
                yield from resolve(EffectCtx(table, owner, boost), effect)


def _strike(table: Table) -> StrikeState:
    strike = table.state.strike
    assert strike is not None
    return strike


def attack_options(table: Table, who: Player) -> list[Decision]:
    """The legal ways to set an attack, one per distinct card (plus EX pairs). A card
    whose ``set_from_boost`` rule is ``must`` is no legal attack from hand; one of
    ``who``'s continuous boosts in play with a ``set_from_boost`` rule may be set (one
    option per distinct card, never EX), unless ``who`` must set a Reading's card."""
    p = table.p(who)
    by_id: dict[str, list[int]] = {}
    for card in p.hand:
        if table.card(card).set_from_boost is SetFromBoost.MUST:
            continue
        by_id.setdefault(table.state.card_defs[card], []).append(card)
    reading = p.reading if _strike(table).attacker != who else None
    if reading is not None:
        named = {cid: refs for cid, refs in by_id.items() if table.card(refs[0]).name == reading}
        if named:
            by_id = named
        else:
            table.emit(ev.HandRevealed(player=who, cards=tuple(p.hand)))
            reading = None
    options: list[Decision] = []
    for refs in by_id.values():
        options.append(SetAttack(cards=(refs[0],)))
        if len(refs) >= 2:
            options.append(SetAttack(cards=(refs[0], refs[1])))
    if reading is None or not options:
        options.append(WildSwing())
    for extra in table.hooks.attack_options:
        options.extend(extra(table, who, by_id, options))
    if reading is None:
        options.extend(SetAttack(cards=(card,)) for card in _settable_boosts(table, who))
    return options


def _settable_boosts(table: Table, who: Player) -> list[int]:
    """``who``'s continuous boosts in play that a ``set_from_boost`` rule lets them set
    as their attack, one per distinct card."""
    by_id: dict[str, int] = {}
    for card in table.p(who).boosts:
        if table.card(card).set_from_boost is not None:
            by_id.setdefault(table.state.card_defs[card], card)
    return list(by_id.values())


def set_attack(
    table: Table, who: Player, forced_wild: bool = False, setting: AttackSetting | None = None
) -> Flow[None]:
    """Ask ``who`` to set an attack face-down (or wild swing; only that if
    ``forced_wild``) and put it in the strike. ``setting`` ``FACEUP``: one card from
    hand, no EX pair, no wild swing (unless the hand is empty), turned face-up at once;
    ``FROM_GAUGE``: a card from the gauge, face-up (a wild swing if the gauge is empty);
    ``RANDOM_FROM_GAUGE``: the same, the card picked at random."""
    if setting is AttackSetting.RANDOM_FROM_GAUGE and not forced_wild:
        _set_random_from_gauge(table, who)
        return
    if setting is AttackSetting.FROM_GAUGE and not forced_wild:
        yield from _set_from_gauge(table, who)
        return
    options: list[Decision] = [WildSwing()] if forced_wild else attack_options(table, who)
    if setting is AttackSetting.FACEUP and not forced_wild:
        singles = [o for o in options if isinstance(o, SetAttack) and len(o.cards) == 1]
        options = list(singles) or options
    if setting is AttackSetting.EX and not forced_wild:
        pairs = [o for o in options if isinstance(o, SetAttack) and len(o.cards) == 2]
        settable = [o for o in options if isinstance(o, SetAttack)]
        options = list(pairs or settable) or options
    if len(options) == 1:
        decision: Decision = options[0]
    else:
        decision = yield SetAttackRequest(player=who, choices=tuple(options))
    if isinstance(decision, SetAttack) and decision.cards[0] in table.p(who).boosts:
        table.emit(ev.AttackSetFromBoosts(player=who, card=decision.cards[0]))
    elif isinstance(decision, SetAttack):
        table.emit(ev.AttackSet(player=who, cards=decision.cards, wild=False))
        if setting is AttackSetting.FACEUP:
            table.emit(ev.AttackTurnedFaceUp(player=who, cards=decision.cards))
    elif isinstance(decision, WildSwing):
        if table.catalog.character(table.p(who).character).delayed_wild_swing:
            table.emit(ev.WildSwingDelayed(player=who))
            return
        card = table.top_for_wild_swing(who)
        table.emit(ev.AttackSet(player=who, cards=(card,), wild=True))
    else:
        cards = yield from _mechanic_set(table, who, decision)
        table.emit(ev.AttackSet(player=who, cards=cards, wild=False))


def _set_from_gauge(table: Table, who: Player) -> Flow[None]:
    """``who`` sets a card from their gauge (one option per distinct card), face-up; with
    an empty gauge, a wild swing."""
    by_id: dict[str, int] = {}
    for card in table.p(who).gauge:
        by_id.setdefault(table.state.card_defs[card], card)
    options: list[Decision] = [SetAttack(cards=(card,)) for card in by_id.values()]
    if not options:
        card = table.top_for_wild_swing(who)
        table.emit(ev.AttackSet(player=who, cards=(card,), wild=True))
        return
    if len(options) == 1:
        decision: Decision = options[0]
    else:
        decision = yield SetAttackRequest(player=who, choices=tuple(options))
    assert isinstance(decision, SetAttack)
    table.emit(ev.AttackSetFromGauge(player=who, card=decision.cards[0]))


def _set_random_from_gauge(table: Table, who: Player) -> None:
    """As ``_set_from_gauge``, the card picked at random by the engine (each card of the
    gauge alike; the event names it); with an empty gauge, a wild swing (Under Night
    In-Birth FAQ: "Strike with a Wild Swing instead")."""
    gauge = table.p(who).gauge
    if not gauge:
        table.emit(ev.AttackSet(player=who, cards=(table.top_for_wild_swing(who),), wild=True))
        return
    table.emit(ev.AttackSetFromGauge(player=who, card=gauge[table.rng.randbelow(len(gauge))]))


def _mechanic_set(table: Table, who: Player, decision: Decision) -> Flow[tuple[int, ...]]:
    """A way of setting that a mechanic offered (Tag Team's Cross Strike)."""
    for set_by in table.hooks.set_attack:
        flow = set_by(table, who, decision)
        if flow is not None:
            return (yield from flow)
    raise AssertionError(f"no mechanic sets an attack for {decision!r}")


def pay_costs(table: Table, who: Player) -> Flow[None]:
    """Discard the EX copy (two for a Tag Team's Double EX, whose ``ex`` hook adds its
    extra +1s), pay ultra/force-special costs, and wild swing while invalid. An invalid
    card's ``on_invalid`` rule runs before it would be discarded (it may send the card
    elsewhere)."""
    side = _strike(table).sides[who]
    if side.ex:
        copies = side.cards[1:3]
        for copy in copies:
            table.move(who, copy, Zone.STRIKE, Zone.DISCARD, ev.MoveReason.EX_COPY)
        for ex in table.hooks.ex:
            ex(table, who, len(copies))
    while True:
        card = side.card
        assert card is not None
        if (yield from _paid(table, who, card, side.wild)):
            return
        rule = table.card(card).on_invalid
        if rule:
            yield from resolve_all(EffectCtx(table, who, card), rule)
        table.emit(ev.AttackInvalid(player=who, card=card))
        swing = table.top_for_wild_swing(who)
        table.emit(ev.WildSwingRevealed(player=who, card=swing))


def _paid(table: Table, who: Player, card: int, wild: bool) -> Flow[bool]:
    """Pay ``card``'s printed cost; a wild-swung card's cost may be declined, and so may
    an Ultra's when ``may_invalidate_ultras`` holds; with ``may_generate_gauge_with_force``
    an Ultra's gauge cost is paid with force (hand or gauge). A card a mechanic makes invalid (Tag Team: the tagged-out fighter's special or ultra) cannot
    be paid for (Invalid Attack)."""
    if table.hooks.attack_valid and not _valid(table, who, card):
        return False
    if not _set_as_its_rule_requires(table, who, card):
        return False
    definition = table.card(card)
    if definition.kind is CardKind.ULTRA and definition.gauge_cost:
        cost = gauge_cost(table, who, card)
        if cost == 0:
            return (yield from _accept_free(table, who, card, wild))
        optional = wild or ultras_may_be_invalidated(table.state, who)
        if force_pays_gauge(table.state, who):
            if table.available_force(who) < cost:
                return False
            return (yield from pay_force(table, who, cost, optional=optional)) > 0
        if len(table.p(who).gauge) < cost:
            return False
        before = list(table.p(who).gauge)
        spent_ok = yield from pay_gauge(table, who, cost, optional=optional)
        if spent_ok and any(isinstance(e, PowerupPerSpentGaugeMatchingRangeToOpponent)
                        for e in iter_effects(definition.effects)):
            spent = tuple(c for c in before if c not in table.p(who).gauge)
            table.emit(ev.AttackGaugeSpentNoted(player=who, cards=spent))
        return spent_ok
    if definition.force_cost:
        if table.force_for_costs(who) < definition.force_cost:
            return False
        paid = yield from pay_force(table, who, definition.force_cost, optional=wild)
        return paid > 0
    return True


@rule("attack")
def activate(table: Table, who: Player) -> Flow[None]:
    """One attack: before effects, range check, hit effects, the defender's ``when_hit``
    effects, damage (and the defender's ``on_stunned`` effects if it stuns them), after
    effects."""
    table.emit(ev.AttackActivated(player=who))
    yield from run_attack_timing(table, who, Timing.BEFORE)
    strike = _strike(table)
    side = strike.sides[who]
    distance = abs(table.p(who).space - table.p(who.other).space)
    miss = miss_reason(table, who, distance)
    if miss is None:
        table.emit(ev.AttackHit(player=who, distance=distance))
        yield from run_attack_timing(table, who, Timing.HIT)
        yield from run_timing(table, who.other, Timing.WHEN_HIT)
        yield from _force_for_armor(table, who.other)
        was_stunned = strike.sides[who.other].stunned
        deal_damage(table, who, total_power(table, side))
        if strike.sides[who.other].stunned and not was_stunned:
            yield from run_timing(table, who.other, Timing.ON_STUNNED)
    else:
        table.emit(ev.AttackMissed(player=who, reason=miss, distance=distance))
    yield from run_attack_timing(table, who, Timing.AFTER)
    for after in table.hooks.after_attack:
        yield from after(table, who)


def miss_reason(table: Table, who: Player, distance: int) -> ev.MissReason | None:
    """Why ``who``'s attack misses at ``distance`` (None: it hits). Automatic misses come
    first (does-not-hit, dodges, dodge at range), then the range check, where an attack
    with ``range_includes_if_moved_past`` also reaches an opponent it has moved past and
    one with ``calculate_range_from_center`` measures from the arena's center space, and
    one a mechanic gives other origins (``range_origins``: a buddy's space) from those."""
    strike = _strike(table)
    side, target = strike.sides[who], strike.sides[who.other]
    if side.flags & AttackFlag.DOES_NOT_HIT:
        return ev.MissReason.DOES_NOT_HIT
    if target.flags & AttackFlag.DODGE_ATTACKS:
        return ev.MissReason.DODGED
    if any(low <= distance <= high for low, high in target.dodge_ranges):
        return ev.MissReason.DODGED_AT_RANGE
    if _dodged_by_speed(table, who):
        return ev.MissReason.DODGED
    if side.moved_past and side.flags & AttackFlag.RANGE_IF_MOVED_PAST:
        return None
    reach = live_range(table, who)
    if reach is None:
        return ev.MissReason.NO_RANGE
    reached = _in_range(table, who, reach, distance)
    if side.flags & AttackFlag.INVERT_RANGE:
        reached = not reached
    return None if reached else ev.MissReason.OUT_OF_RANGE


def _in_range(table: Table, who: Player, reach: tuple[int, int], distance: int) -> bool:
    """The range check proper: the opponent is within ``reach`` of the attack's origin
    (``who``, the arena's center, or a mechanic's origins such as a buddy's space), or at
    a distance ``attack_includes_range`` added, or a mechanic says the attack reaches them
    anyway (``range_includes``: on one of the attacker's lightning rods)."""
    if any(includes(table, who) for includes in table.hooks.range_includes):
        return True
    side = _strike(table).sides[who]
    if side.flags & AttackFlag.RANGE_FROM_CENTER:
        distance = abs((ARENA_MIN + ARENA_MAX) // 2 - table.p(who.other).space)
    included = included_ranges(table.state, who)
    for origins_of in table.hooks.range_origins:
        origins = origins_of(table, who)
        if origins is not None:
            there = table.p(who.other).space
            return any(reach[0] <= abs(o - there) <= reach[1] or abs(o - there) in included
                       for o in origins)
    return reach[0] <= distance <= reach[1] or distance in included


def _dodged_by_speed(table: Table, who: Player) -> bool:
    """``higher_speed_misses`` on the defender: ``who``'s attack is at least the named
    speed, or (no speed named) faster than the defender's."""
    at_least = strike_value(table.state, DODGE_SPEED, who.other)
    if at_least is None:
        return False
    sides = _strike(table).sides
    speed = total_speed(table, sides[who])
    if at_least < 0:
        return speed > total_speed(table, sides[who.other])
    return speed >= at_least


def _force_for_armor(table: Table, defender: Player) -> Flow[None]:
    """Block: when hit, the defender may spend force for +2 armor per force."""
    side = _strike(table).sides[defender]
    if not side.flags & AttackFlag.FORCE_FOR_ARMOR or table.available_force(defender) == 0:
        return
    force = yield from pay_force(table, defender, None, optional=True)
    if force:
        table.emit(ev.StatModified(player=defender, stat=Stat.ARMOR, amount=2 * force))


@plain_rule("damage")
def deal_damage(table: Table, attacker: Player, power: int) -> None:
    """Damage after armor; stun when the strike's total damage exceeds guard.
    ``nonlethal_attack`` caps the damage at the target's life less 1, the target's
    ``cannot_go_below_life`` at their life less that floor (before the
    discards-instead passive); ``cannot_stun`` means no stun at all."""
    strike = _strike(table)
    side, target = strike.sides[attacker], strike.sides[attacker.other]
    armor_left = 0
    if not side.flags & AttackFlag.IGNORE_ARMOR:
        armor_left = max(0, total_armor(table, target) - target.armor_used)
    absorbed = min(power, armor_left)
    life = table.p(attacker.other).life
    damage = min(power - absorbed, life)
    if side.flags & AttackFlag.NONLETHAL:
        damage = max(0, min(damage, life - 1))
    floor = life_floor(table.state, attacker.other)
    if floor:
        damage = max(0, min(damage, life - floor))
    if damage and has_passive(table, attacker.other, Passive.DISCARD_2X_TOPDECK_INSTEAD_OF_DAMAGE):
        damage = _damage_as_discards(table, attacker.other, power - absorbed)
    table.emit(ev.DamageDealt(target=attacker.other, amount=damage, absorbed=absorbed))
    if table.p(attacker.other).life <= 0:
        table.lose(attacker.other, EndReason.LIFE)
    guard = 0 if side.flags & AttackFlag.IGNORE_GUARD else total_guard(table, target)
    if (
        target.damage_taken > guard
        and not target.stunned
        and not target.flags & AttackFlag.STUN_IMMUNE
        and not side.flags & AttackFlag.CANNOT_STUN
    ):
        table.emit(ev.PlayerStunned(player=attacker.other))


def _damage_as_discards(table: Table, target: Player, damage: int) -> int:
    """Burning Justice's passive: the damage is ignored and ``target`` discards twice
    that many cards from the top of their deck (fewer if it runs out; no reshuffle).
    Returns the life lost: none."""
    deck = table.p(target).deck
    discarded = min(2 * damage, len(deck))
    table.emit(ev.DamageTakenAsDiscards(target=target, amount=damage, discarded=discarded))
    for _ in range(discarded):
        table.move(target, deck[0], Zone.DECK, Zone.DISCARD, ev.MoveReason.EFFECT)
    return 0


@rule("cleanup")
def cleanup(table: Table, who: Player) -> Flow[None]:
    """Cleanup triggers, then continuous boosts leave play (each one's ``discarded``
    effects run as it goes), then the attack card goes to gauge (if it hit, or Block's
    rule) or to the discard pile; an attack that seals itself (``seal_this``) goes to
    the sealed area instead.
    """
    yield from run_timing(table, who, Timing.CLEANUP)
    for hook in table.hooks.cleanup:
        yield from hook(table, who)
    p = table.p(who)
    for boost in list(p.boosts):
        if boost in p.sustained:
            continue
        dst = Zone.GAUGE if boost in p.boosts_to_gauge else Zone.DISCARD
        table.move(who, boost, Zone.BOOSTS, dst, ev.MoveReason.CLEANUP)
        yield from boost_left_play(table, who, boost)
    side = _strike(table).sides[who]
    to_gauge = side.hit or bool(side.flags & AttackFlag.TO_GAUGE_AFTER_CLEANUP)
    if discards_attack_at_cleanup(table.state, who):
        to_gauge = False
    for card in list(side.cards):
        hit = card in side.extra_to_gauge if card in side.extra_cards else to_gauge
        dst = Zone.GAUGE if hit else Zone.DISCARD
        if card == side.card and side.flags & AttackFlag.SEALED_AFTER_CLEANUP:
            yield from seal_card(table, who, card, Zone.STRIKE, ev.MoveReason.CLEANUP)
            continue
        table.move(who, card, Zone.STRIKE, dst, ev.MoveReason.CLEANUP)


# --- costs with card rules, and extra attacks (Dan) ---------------------------------------


def gauge_cost(table: Table, who: Player, card: int) -> int:
    """``card``'s gauge cost after its card rule: ``free_if_no_cards_in_hand`` costs
    nothing when ``who`` holds no card other than ``card`` itself (Dan's ultras);
    ``free_if_wild`` costs nothing when ``card`` is ``who``'s wild-swung attack (Super
    Skull Man's Zing! Zing! Zing!); ``per_card_copy_in_gauge`` costs 1 less per copy
    of ``gauge_cost_reduction_card_id`` in ``who``'s gauge (Enkidu's Demon Seal:
    Abyssal Force, per Three Precept Strike); ``set_to_range_to_opponent`` costs the
    distance between the fighters, at most the printed cost (Merkava's I, Defile);
    ``free_if_4_specials_in_overdrive`` costs nothing while ``who``'s overdrive area
    holds 4 Specials (Bang's Hyper Shadowstep Strike); ``per_sealed_normal`` costs 1 less
    per Normal in ``who``'s sealed area (Nine's Colorless Void). Then ``who``'s lasting
    reduction (``gauge_costs_reduced_passive``) lowers it."""
    return max(0, _card_gauge_cost(table, who, card)
               - gauge_cost_reduction(table.state, who))


def _card_gauge_cost(table: Table, who: Player, card: int) -> int:
    """``card``'s gauge cost after its own card rule (see ``gauge_cost``)."""
    definition = table.card(card)
    if definition.gauge_cost_exceeded is not None and table.p(who).exceeded:
        return definition.gauge_cost_exceeded
    if definition.gauge_cost_reduction is GaugeCostReduction.FREE_IF_NO_CARDS_IN_HAND:
        if all(other == card for other in table.p(who).hand):
            return 0
    if definition.gauge_cost_reduction is GaugeCostReduction.FREE_IF_WILD:
        strike = table.state.strike
        side = strike.sides[who] if strike is not None else None
        if side is not None and side.wild and side.card == card:
            return 0
    if definition.gauge_cost_reduction is GaugeCostReduction.PER_CARD_COPY_IN_GAUGE:
        copy_id = definition.gauge_cost_reduction_card_id
        copies = sum(table.state.card_defs[ref] == copy_id for ref in table.p(who).gauge)
        return max(0, definition.gauge_cost - copies)
    if definition.gauge_cost_reduction is GaugeCostReduction.SET_TO_RANGE_TO_OPPONENT:
        spaces = abs(table.p(who).space - table.p(who.other).space)
        return min(definition.gauge_cost, spaces)
    if definition.gauge_cost_reduction is GaugeCostReduction.FREE_IF_4_SPECIALS_IN_OVERDRIVE:
        overdrive = named_area(table.state, who, "overdrive")
        if sum(table.card(ref).kind is CardKind.SPECIAL for ref in overdrive) >= 4:
            return 0
    if definition.gauge_cost_reduction is GaugeCostReduction.PER_SEALED_NORMAL:
        return max(0, definition.gauge_cost - sealed_normals(table, who))
    return definition.gauge_cost


def _accept_free(table: Table, who: Player, card: int, wild: bool) -> Flow[bool]:
    """A free ultra is valid; a wild-swung one may still be declined (made invalid)."""
    if not wild:
        return True
    name = table.card(card).name
    labels = [f"use {name} for free", "make it invalid"]
    options = [
        ChoiceOption(tag=RuleOption.USE_FOR_FREE, card=card),
        ChoiceOption(tag=RuleOption.MAKE_INVALID, card=card),
    ]
    return (yield from choose(table, who, labels, options)) == 0


def run_attack_timing(table: Table, who: Player, timing: Timing) -> Flow[None]:
    """``timing``'s effects of ``who``'s attack, then the extra attacks they asked for."""
    scope = ActionScope()
    yield from run_timing(table, who, timing, scope)
    for _ in range(scope.extra_attacks):
        yield from extra_attack(table, who)


def extra_attack(table: Table, who: Player) -> Flow[None]:
    """``play_attack_from_hand``: ``who`` may attack again with a card from hand they can
    pay for. It pays its cost, then resolves as an attack of its own (its during-strike
    bonuses, before, range, hit and damage, after); the main attack is set aside until
    it is over. At cleanup it goes to gauge if it hit, else to the discard pile."""
    options = [card for card in table.p(who).hand if _payable(table, who, card)]
    picked = yield from select_cards(who, CardPurpose.EXTRA_ATTACK, options, 0, 1)
    if not picked:
        return
    card = picked[0]
    table.move(who, card, Zone.HAND, Zone.STRIKE, ev.MoveReason.EFFECT)
    table.emit(ev.ExtraAttackStarted(player=who, card=card))
    yield from _paid(table, who, card, wild=False)
    yield from run_during_strike(table, who)
    yield from activate(table, who)
    side = _strike(table).sides[who]
    hit = side.hit or bool(side.flags & AttackFlag.TO_GAUGE_AFTER_CLEANUP)
    table.emit(ev.ExtraAttackEnded(player=who, to_gauge=hit and card in side.cards))


def _valid(table: Table, who: Player, card: int) -> bool:
    """No attached mechanic makes ``card`` an invalid attack for ``who``."""
    for valid in table.hooks.attack_valid:
        if not valid(table, who, card):
            return False
    return True


def _payable(table: Table, who: Player, card: int) -> bool:
    if table.hooks.attack_valid and not _valid(table, who, card):
        return False
    if table.card(card).set_from_boost is SetFromBoost.MUST:  # only from the boost area
        return False
    definition = table.card(card)
    if definition.kind is CardKind.ULTRA:
        if force_pays_gauge(table.state, who):
            return table.available_force(who, exclude=(card,)) >= gauge_cost(table, who, card)
        return len(table.p(who).gauge) >= gauge_cost(table, who, card)
    return table.force_for_costs(who, exclude=(card,)) >= definition.force_cost


def _set_as_its_rule_requires(table: Table, who: Player, card: int) -> bool:
    """A card whose ``set_from_boost`` rule is ``must`` is a valid attack only when it
    was set from the boost area; set any other way (a wild swing, from the gauge) it is
    an Invalid Attack (effects.md, strike step 8: must-set-from-boost)."""
    if table.card(card).set_from_boost is not SetFromBoost.MUST:
        return True
    side = _strike(table).sides[who]
    return bool(side.flags & AttackFlag.SET_FROM_BOOSTS) and side.card == card
