"""Strike resolution, step by step as in the core rulebook ("Resolving Strikes").

Set (attacker, then defender, each followed by their ``set_strike`` effects such as
Critical) → reveal → costs (EX copy discarded, ultra gauge and force-special costs, the
invalid-attack wild swing chain) → during-strike bonuses → priority (higher speed,
ties to the attacker) → the active attack (before, range check from the origin, hit
effects, damage, after) → the reactive attack unless stunned → cleanup, attacker first.
"""

from __future__ import annotations

from engine import events as ev
from engine.cards import CardKind, Effect, Timing
from engine.context import EffectCtx, Flow, Table, pay_force, pay_gauge
from engine.decisions import Decision, SetAttack, SetAttackRequest, WildSwing
from engine.effects import resolve
from engine.ids import Player, Zone
from engine.state import AttackFlag, AttackSide, EndReason, Stat, StrikeState

# --- totals ------------------------------------------------------------------------


def _ex(side: AttackSide) -> int:
    return 1 if side.ex else 0


def total_power(table: Table, side: AttackSide) -> int:
    if side.set_power is not None:
        return side.set_power
    card = side.card
    if card is None:
        return 0
    return max(0, table.card(card).power + side.power + _ex(side))


def total_speed(table: Table, side: AttackSide) -> int:
    card = side.card
    return 0 if card is None else table.card(card).speed + side.speed + _ex(side)


def total_armor(table: Table, side: AttackSide) -> int:
    card = side.card
    return 0 if card is None else table.card(card).armor + side.armor + _ex(side)


def total_guard(table: Table, side: AttackSide) -> int:
    card = side.card
    return 0 if card is None else table.card(card).guard + side.guard + _ex(side)


def attack_range(table: Table, side: AttackSide) -> tuple[int, int] | None:
    card = side.card
    if card is None:
        return None
    printed = table.card(card).range
    if printed is None:
        return None
    return printed[0] + side.min_range, printed[1] + side.max_range


# --- timing ------------------------------------------------------------------------


def effects_at(table: Table, who: Player, timing: Timing) -> list[tuple[int | None, Effect]]:
    """Every effect of ``who`` at ``timing``: attack, continuous boosts, character, granted."""
    found: list[tuple[int | None, Effect]] = []
    strike = table.state.strike
    side = strike.sides[who] if strike is not None else None
    if side is not None and side.card is not None:
        found.extend((side.card, e) for e in table.card(side.card).effects if e.timing is timing)
    p = table.p(who)
    for boost in list(p.boosts):
        found.extend((boost, e) for e in table.card(boost).boost.effects if e.timing is timing)
    char = table.catalog.character(p.character)
    ability = char.exceed_ability if p.exceeded else char.ability
    found.extend((None, e) for e in ability if e.timing is timing)
    if side is not None:
        found.extend((side.card, e) for e in side.added if e.timing is timing)
    return found


def run_timing(table: Table, who: Player, timing: Timing) -> Flow[None]:
    for source, effect in effects_at(table, who, timing):
        yield from resolve(EffectCtx(table, who, source), effect)


# --- the strike ----------------------------------------------------------------------


def run_strike(table: Table, attacker: Player) -> Flow[None]:
    """Resolve a whole strike initiated by ``attacker``."""
    defender = attacker.other
    table.emit(ev.StrikeStarted(attacker=attacker))
    for who in (attacker, defender):
        yield from set_attack(table, who)
        yield from run_timing(table, who, Timing.SET_STRIKE)
    strike = _strike(table)
    table.emit(
        ev.AttacksRevealed(p1=tuple(strike.sides[0].cards), p2=tuple(strike.sides[1].cards))
    )
    for who in (attacker, defender):
        yield from pay_costs(table, who)
    for who in (attacker, defender):
        yield from run_timing(table, who, Timing.DURING_STRIKE)
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


def _strike(table: Table) -> StrikeState:
    strike = table.state.strike
    assert strike is not None
    return strike


def attack_options(table: Table, who: Player) -> list[Decision]:
    """The legal ways to set an attack, one per distinct card (plus EX pairs)."""
    p = table.p(who)
    by_id: dict[str, list[int]] = {}
    for card in p.hand:
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
    return options


def set_attack(table: Table, who: Player) -> Flow[None]:
    """Ask ``who`` to set an attack face-down (or wild swing) and put it in the strike."""
    options = attack_options(table, who)
    if len(options) == 1:
        decision: Decision = options[0]
    else:
        decision = yield SetAttackRequest(player=who, choices=tuple(options))
    if isinstance(decision, SetAttack):
        table.emit(ev.AttackSet(player=who, cards=decision.cards, wild=False))
    else:
        card = table.top_for_wild_swing(who)
        table.emit(ev.AttackSet(player=who, cards=(card,), wild=True))


def pay_costs(table: Table, who: Player) -> Flow[None]:
    """Discard an EX copy, pay ultra/force-special costs, and wild swing while invalid."""
    side = _strike(table).sides[who]
    if side.ex:
        table.move(who, side.cards[1], Zone.STRIKE, Zone.DISCARD, ev.MoveReason.EX_COPY)
    while True:
        card = side.card
        assert card is not None
        if (yield from _paid(table, who, card, side.wild)):
            return
        table.emit(ev.AttackInvalid(player=who, card=card))
        swing = table.top_for_wild_swing(who)
        table.emit(ev.WildSwingRevealed(player=who, card=swing))


def _paid(table: Table, who: Player, card: int, wild: bool) -> Flow[bool]:
    """Pay ``card``'s printed cost; a wild-swung card's cost may be declined."""
    definition = table.card(card)
    if definition.kind is CardKind.ULTRA and definition.gauge_cost:
        if len(table.p(who).gauge) < definition.gauge_cost:
            return False
        return (yield from pay_gauge(table, who, definition.gauge_cost, optional=wild))
    if definition.force_cost:
        if table.available_force(who) < definition.force_cost:
            return False
        paid = yield from pay_force(table, who, definition.force_cost, optional=wild)
        return paid > 0
    return True


def activate(table: Table, who: Player) -> Flow[None]:
    """One attack: before effects, range check, hit effects and damage, after effects."""
    table.emit(ev.AttackActivated(player=who))
    yield from run_timing(table, who, Timing.BEFORE)
    strike = _strike(table)
    side, target = strike.sides[who], strike.sides[who.other]
    distance = abs(table.p(who).space - table.p(who.other).space)
    reach = attack_range(table, side)
    miss: ev.MissReason | None = None
    if side.flags & AttackFlag.DOES_NOT_HIT:
        miss = ev.MissReason.DOES_NOT_HIT
    elif target.flags & AttackFlag.DODGE_ATTACKS:
        miss = ev.MissReason.DODGED
    elif reach is None:
        miss = ev.MissReason.NO_RANGE
    elif not reach[0] <= distance <= reach[1]:
        miss = ev.MissReason.OUT_OF_RANGE
    if miss is None:
        table.emit(ev.AttackHit(player=who, distance=distance))
        yield from run_timing(table, who, Timing.HIT)
        yield from _force_for_armor(table, who.other)
        deal_damage(table, who, total_power(table, side))
    else:
        table.emit(ev.AttackMissed(player=who, reason=miss, distance=distance))
    yield from run_timing(table, who, Timing.AFTER)


def _force_for_armor(table: Table, defender: Player) -> Flow[None]:
    """Block: when hit, the defender may spend force for +2 armor per force."""
    side = _strike(table).sides[defender]
    if not side.flags & AttackFlag.FORCE_FOR_ARMOR or table.available_force(defender) == 0:
        return
    force = yield from pay_force(table, defender, None, optional=True)
    if force:
        table.emit(ev.StatModified(player=defender, stat=Stat.ARMOR, amount=2 * force))


def deal_damage(table: Table, attacker: Player, power: int) -> None:
    """Damage after armor; stun when the strike's total damage exceeds guard."""
    strike = _strike(table)
    side, target = strike.sides[attacker], strike.sides[attacker.other]
    armor_left = 0
    if not side.flags & AttackFlag.IGNORE_ARMOR:
        armor_left = max(0, total_armor(table, target) - target.armor_used)
    absorbed = min(power, armor_left)
    life = table.p(attacker.other).life
    table.emit(ev.DamageDealt(target=attacker.other, amount=min(power - absorbed, life),
                              absorbed=absorbed))
    if table.p(attacker.other).life <= 0:
        table.lose(attacker.other, EndReason.LIFE)
    guard = 0 if side.flags & AttackFlag.IGNORE_GUARD else total_guard(table, target)
    if (
        target.damage_taken > guard
        and not target.stunned
        and not target.flags & AttackFlag.STUN_IMMUNE
    ):
        table.emit(ev.PlayerStunned(player=attacker.other))


def cleanup(table: Table, who: Player) -> Flow[None]:
    """Cleanup triggers, then continuous boosts leave play, then the attack card goes
    to gauge (if it hit, or Block's rule) or to the discard pile.
    """
    yield from run_timing(table, who, Timing.CLEANUP)
    p = table.p(who)
    for boost in list(p.boosts):
        if boost in p.sustained:
            continue
        dst = Zone.GAUGE if boost in p.boosts_to_gauge else Zone.DISCARD
        table.move(who, boost, Zone.BOOSTS, dst, ev.MoveReason.CLEANUP)
    side = _strike(table).sides[who]
    to_gauge = side.hit or bool(side.flags & AttackFlag.TO_GAUGE_AFTER_CLEANUP)
    for card in list(side.cards):
        dst = Zone.GAUGE if to_gauge else Zone.DISCARD
        table.move(who, card, Zone.STRIKE, dst, ev.MoveReason.CLEANUP)
