"""An attack, activated (core rulebook, Resolving Strikes: "Resolve Attacks"): its
``before`` effects, the automatic misses and dodges, the range check (from the attacker,
the arena's center, or a buddy's space), on a hit its ``hit`` effects, the defender's
``when_hit`` effects and the damage (``engine.rules.strike.damage``), then its ``after``
effects and the mechanics' after-attack hooks. Also the extra attacks an effect asks for
(Dan's ``play_attack_from_hand``), resolved as attacks of their own."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards.schema import Timing
from engine.core import events as ev
from engine.core.asking import select_cards
from engine.core.attack_totals import total_armor, total_guard, total_speed
from engine.core.context import ActionScope, Flow, Table, rule
from engine.core.decisions import CardPurpose
from engine.core.ids import Player, Zone
from engine.core.state import (
    DODGE_SPEED,
    AttackBit,
    AttackFlag,
    Stat,
    included_ranges,
    strike_value,
)
from engine.effects.amounts import attack_origins, live_range, total_power
from engine.rules.strike.costs import pay_printed_cost, payable
from engine.rules.strike.damage import deal_damage, force_for_armor
from engine.rules.strike.timing import current_strike, run_during_strike, run_timing


@rule("attack")
def activate(table: Table, who: Player) -> Flow[None]:
    """One attack: before effects, range check, hit effects, the defender's ``when_hit``
    effects, damage (and the defender's ``on_stunned`` effects if it stuns them), after
    effects."""
    table.emit(ev.AttackActivated(player=who))
    yield from run_attack_timing(table, who, Timing.BEFORE)
    strike = current_strike(table)
    side = strike.sides[who]
    distance = abs(table.p(who).space - table.p(who.other).space)
    miss = miss_reason(table, who, distance)
    if miss is None:
        table.emit(ev.AttackHit(player=who, distance=distance))
        yield from run_attack_timing(table, who, Timing.HIT)
        yield from run_timing(table, who.other, Timing.WHEN_HIT)
        yield from force_for_armor(table, who.other)
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
    one a mechanic gives other origins (``range_origins``: a buddy's space) from those.
    An attack whose card has left the strike has no range and misses (``NO_RANGE``)
    before anything else is read, as the reference client's ``in_range`` does."""
    strike = current_strike(table)
    side, target = strike.sides[who], strike.sides[who.other]
    if side.left_strike:
        return ev.MissReason.NO_RANGE
    if side.flags & AttackBit.DOES_NOT_HIT:
        return ev.MissReason.DOES_NOT_HIT
    if target.flags & AttackBit.DODGE_ATTACKS:
        return ev.MissReason.DODGED
    dodges = dodge_ranges(table, who.other)
    if dodges and _dodged_at_range(table, who, distance, dodges):
        return ev.MissReason.DODGED_AT_RANGE
    if _dodged_by_speed(table, who):
        return ev.MissReason.DODGED
    if side.moved_past and side.flags & AttackBit.RANGE_IF_MOVED_PAST:
        return None
    reach = live_range(table, who)
    if reach is None:
        return ev.MissReason.NO_RANGE
    reached = _in_range(table, who, reach, distance)
    if side.flags & AttackBit.INVERT_RANGE:
        reached = not reached
    return None if reached else ev.MissReason.OUT_OF_RANGE


def origin_distances(table: Table, who: Player, distance: int) -> tuple[int, ...]:
    """The distances from ``who``'s attack's points of origin to the opponent
    (``attack_origins``: the spaces a mechanic names, such as a buddy's, none when it is
    not in play; else the arena's center for ``calculate_range_from_center``), else
    ``distance``, from ``who`` (core rulebook, FAQ: an attack coming from another source
    has its range measured from that source, its point of origin)."""
    origins = attack_origins(table, who)
    if origins is None:
        return (distance,)
    there = table.p(who.other).space
    return tuple(abs(o - there) for o in origins)


def dodge_ranges(table: Table, who: Player) -> Sequence[tuple[int, int]]:
    """The distances (low, high) from which an attack on ``who`` misses now: the
    strike's ``dodge_at_range`` ones, then those the mechanics give, read at this hit
    check (``dodge_ranges``: Arakune's overdrive count, which may have grown this
    strike). Without such a mechanic in the game, the strike's own, uncopied."""
    own = current_strike(table).sides[who].dodge_ranges
    if not table.hooks.dodge_ranges:
        return own
    found = list(own)
    for more in table.hooks.dodge_ranges:
        found.extend(more(table, who))
    return found


def _dodged_at_range(table: Table, who: Player, distance: int,
                     dodges: Sequence[tuple[int, int]]) -> bool:
    """The opponent's ``dodges`` (``dodge_ranges``) make ``who``'s attack miss: measured
    from the attack's point of origin (core rulebook, FAQ: "Attacks at range 1 do not
    hit you" effects measure from the other source's position), from each origin if
    several (an attack with no origin in play is left to the range check)."""
    found = origin_distances(table, who, distance)
    return bool(found) and all(
        any(low <= d <= high for low, high in dodges) for d in found)


def _in_range(table: Table, who: Player, reach: tuple[int, int], distance: int) -> bool:
    """The range check proper: the opponent is within ``reach`` of the attack's origin
    (``who``, the arena's center, or a mechanic's origins such as a buddy's space), or at
    a distance ``attack_includes_range`` added, or a mechanic says the attack reaches them
    anyway (``range_includes``: on one of the attacker's lightning rods)."""
    if any(includes(table, who) for includes in table.hooks.range_includes):
        return True
    included = included_ranges(table.state, who)
    return any(reach[0] <= d <= reach[1] or d in included
               for d in origin_distances(table, who, distance))


def _dodged_by_speed(table: Table, who: Player) -> bool:
    """``higher_speed_misses`` on the defender: ``who``'s attack is at least the named
    speed, or (no speed named) faster than the defender's. It ends once the defender's
    attack card has left the strike (the reference client clears it then)."""
    at_least = strike_value(table.state, DODGE_SPEED, who.other)
    sides = current_strike(table).sides
    if at_least is None or sides[who.other].left_strike:
        return False
    speed = total_speed(table, sides[who])
    if at_least < 0:
        return speed > total_speed(table, sides[who.other])
    return speed >= at_least


def run_attack_timing(table: Table, who: Player, timing: Timing) -> Flow[None]:
    """``timing``'s effects of ``who``'s attack; an extra attack one of them asks for
    is made as soon as that effect has resolved, before the next one (core rulebook,
    Timing: "you choose the order to activate each trigger, but you must activate and
    resolve each one individually": Kokonoe's Jamming Dark ordered before her Flame
    Cage's push makes its extra attack before the push)."""

    def extra_attacks(scope: ActionScope) -> Flow[None]:
        while scope.extra_attacks:
            scope.extra_attacks -= 1
            yield from extra_attack(table, who)

    yield from run_timing(table, who, timing, ActionScope(), extra_attacks)


def extra_attack(table: Table, who: Player) -> Flow[None]:
    """``play_attack_from_hand``: ``who`` may attack again with a card from hand they can
    pay for. It pays its cost, then resolves as an attack of its own (its during-strike
    bonuses, before, range, hit and damage, after); the main attack is set aside until
    it is over. At cleanup it goes to gauge if it hit, else to the discard pile.

    Put into play, it gives its player its armor and guard (printed and gained) and its
    defensive passives (``_KEPT_PASSIVES``: Focus's ``ignore_push_and_pull``, Block's
    force for armor; and its ``dodge_at_range``: Haoh Gadouken's) for the rest of the
    strike, on top of the main attack's: they
    protect the player from the opponent's attack that may follow (the reference
    client's steps of an extra attack: "Put it into play, gaining any Armor, Guard, and
    passive effects on it"; its ``continue_extra_attack`` adds them to the player's
    strike bonuses, kept until cleanup)."""
    options = [card for card in table.p(who).hand if payable(table, who, card)]
    picked = yield from select_cards(who, CardPurpose.EXTRA_ATTACK, options, 0, 1)
    if not picked:
        return
    card = picked[0]
    table.move(who, card, Zone.HAND, Zone.STRIKE, ev.MoveReason.EFFECT)
    table.emit(ev.ExtraAttackStarted(player=who, card=card))
    yield from pay_printed_cost(table, who, card, wild=False, extra=True)
    yield from run_during_strike(table, who)
    yield from activate(table, who)
    side = current_strike(table).sides[who]
    hit = side.hit or bool(side.flags & AttackBit.TO_GAUGE_AFTER_CLEANUP)
    armor, guard = total_armor(table, side), total_guard(table, side)
    passives = [flag for flag in _KEPT_PASSIVES if side.flags & flag]
    dodges = list(side.dodge_ranges)
    table.emit(ev.ExtraAttackEnded(player=who, to_gauge=hit and card in side.cards))
    main = current_strike(table).sides[who]
    for stat, amount in ((Stat.ARMOR, armor), (Stat.GUARD, guard)):
        if amount:
            table.emit(ev.StatModified(player=who, stat=stat, amount=amount))
    for flag in passives:
        if not main.flags & flag:
            table.emit(ev.AttackFlagged(player=who, flag=flag))
    for low, high in dodges:
        if (low, high) not in main.dodge_ranges:
            table.emit(ev.DodgeAtRangeGained(player=who, low=low, high=high))


_KEPT_PASSIVES = (AttackFlag.STUN_IMMUNE, AttackFlag.DODGE_ATTACKS,
                  AttackFlag.IGNORE_PUSH_PULL, AttackFlag.FORCE_FOR_ARMOR)
"""The defensive passives an extra attack gives its player that last for the rest of
the strike, as its armor and guard do (``extra_attack``): what protects the player from
the opponent's attack, not what its own attack did (does-not-hit, ignore armor...)."""
