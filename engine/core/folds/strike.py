"""Folds of the strike in progress: the attacks set, revealed, invalid or replaced, their
stat bonuses and flags, priority, hits and stuns, extra attacks, and the strike's end."""

from __future__ import annotations

from engine.core import events as ev
from engine.core.folds.base import Fold, registrar, side_of
from engine.core.state import (
    AttackFlag,
    AttackSide,
    Stat,
    State,
    StrikeState,
)

FOLDS: dict[type, Fold] = {}
on = registrar(FOLDS)


@on(ev.StrikeStarted)
def _strike_started(state: State, e: ev.StrikeStarted) -> None:
    state.strike = StrikeState(attacker=e.attacker, sides=[AttackSide(), AttackSide()])
    state.strikes += 1


@on(ev.AttackSet)
def _attack_set(state: State, e: ev.AttackSet) -> None:
    p = state.players[e.player]
    src = p.deck if e.wild else p.hand
    for card in e.cards:
        src.remove(card)
    side = side_of(state, e.player)
    side.cards.extend(e.cards)
    side.attack = e.cards[0]
    side.wild = e.wild
    side.ex = len(e.cards) >= 2  # 2: EX, 3: Double EX (Tag Team)


@on(ev.AttacksRevealed)
def _revealed(state: State, e: ev.AttacksRevealed) -> None:
    assert state.strike is not None
    for side in state.strike.sides:
        side.revealed = True


@on(ev.AttackInvalid)
def _invalid(state: State, e: ev.AttackInvalid) -> None:
    side = side_of(state, e.player)
    side.attack = None
    side.ex = False
    side.wild = False
    side.flags &= ~int(AttackFlag.SET_FROM_BOOSTS)
    if e.card in side.cards:  # an ``on_invalid`` rule may have sent it elsewhere
        side.cards.remove(e.card)
        state.players[e.player].discard.append(e.card)


@on(ev.WildSwingRevealed)
def _wild_swing(state: State, e: ev.WildSwingRevealed) -> None:
    state.players[e.player].deck.remove(e.card)
    side = side_of(state, e.player)
    side.cards.append(e.card)
    side.attack = e.card
    side.wild = True


_STAT_FIELDS = {
    Stat.POWER: "power",
    Stat.SPEED: "speed",
    Stat.ARMOR: "armor",
    Stat.GUARD: "guard",
    Stat.MIN_RANGE: "min_range",
    Stat.MAX_RANGE: "max_range",
}


@on(ev.StatModified)
def _stat(state: State, e: ev.StatModified) -> None:
    side = side_of(state, e.player)
    name = _STAT_FIELDS[e.stat]
    setattr(side, name, getattr(side, name) + e.amount)
    if e.stat is Stat.POWER and e.amount > 0:
        side.power_positive += e.amount


@on(ev.PowerSet)
def _power_set(state: State, e: ev.PowerSet) -> None:
    side_of(state, e.player).set_power = e.value


@on(ev.AttackFlagged)
def _flag(state: State, e: ev.AttackFlagged) -> None:
    side = side_of(state, e.player)
    side.flags |= int(e.flag)


@on(ev.AttackEffectAdded)
def _effect_added(state: State, e: ev.AttackEffectAdded) -> None:
    side_of(state, e.player).added.append(e.effect)


@on(ev.PowerBonusesMultiplied)
def _power_multiplied(state: State, e: ev.PowerBonusesMultiplied) -> None:
    side = side_of(state, e.player)
    side.power_multiplier = max(side.power_multiplier, e.factor)


@on(ev.DodgeAtRangeGained)
def _dodge_at_range(state: State, e: ev.DodgeAtRangeGained) -> None:
    side_of(state, e.player).dodge_ranges.append((e.low, e.high))


@on(ev.StatBonusEnded)
def _stat_ended(state: State, e: ev.StatBonusEnded) -> None:
    side = side_of(state, e.player)
    name = _STAT_FIELDS[e.stat]
    setattr(side, name, getattr(side, name) - e.amount)
    if e.stat is Stat.POWER and e.amount > 0:
        side.power_positive -= e.amount


@on(ev.AttackFlagCleared)
def _flag_cleared(state: State, e: ev.AttackFlagCleared) -> None:
    side = side_of(state, e.player)
    side.flags &= ~int(e.flag)


@on(ev.DodgeAtRangeEnded)
def _dodge_at_range_ended(state: State, e: ev.DodgeAtRangeEnded) -> None:
    ranges = side_of(state, e.player).dodge_ranges
    if (e.low, e.high) in ranges:
        ranges.remove((e.low, e.high))


@on(ev.RangePerBoostGained)
def _range_per_boost(state: State, e: ev.RangePerBoostGained) -> None:
    side = side_of(state, e.player)
    low, high = side.range_per_boost
    side.range_per_boost = (low + e.amount, high + e.amount2)


@on(ev.AttackTurnedFaceUp)
def _face_up(state: State, e: ev.AttackTurnedFaceUp) -> None:
    side_of(state, e.player).revealed = True


@on(ev.PriorityDetermined)
def _priority(state: State, e: ev.PriorityDetermined) -> None:
    assert state.strike is not None
    state.strike.first = e.first


@on(ev.AttackActivated)
def _activated(state: State, e: ev.AttackActivated) -> None:
    side_of(state, e.player).activated = True


@on(ev.AttackSkipped)
def _skipped(state: State, e: ev.AttackSkipped) -> None:
    pass


@on(ev.AttackHit)
def _hit(state: State, e: ev.AttackHit) -> None:
    side = side_of(state, e.player)
    side.hit = True
    while side.main is not None:  # an extra attack: the attacks it was made from
        side = side.main
        side.extra_hit = True


@on(ev.AttackMissed)
def _missed(state: State, e: ev.AttackMissed) -> None:
    pass


@on(ev.DamageCounted)
def _damage_counted(state: State, e: ev.DamageCounted) -> None:
    side_of(state, e.target).damage_taken += e.amount


@on(ev.PlayerStunned)
def _stunned(state: State, e: ev.PlayerStunned) -> None:
    side_of(state, e.player).stunned = True


@on(ev.StrikeEnded)
def _strike_ended(state: State, e: ev.StrikeEnded) -> None:
    state.strike = None
    for p in state.players:
        p.reading = None
        p.sustained = []
        p.boosts_to_gauge = []


@on(ev.StrikeXSet)
def _strike_x(state: State, e: ev.StrikeXSet) -> None:
    side_of(state, e.player).strike_x = e.value


@on(ev.ExtraAttackStarted)
def _extra_attack(state: State, e: ev.ExtraAttackStarted) -> None:
    """A fresh side for the extra attack; what belongs to the player, not to the attack
    (cards in the strike, damage taken, stun; a mechanic's, such as Critical, by its
    own fold), carries over."""
    assert state.strike is not None
    main = state.strike.sides[e.player]
    state.strike.sides[e.player] = AttackSide(
        cards=main.cards, attack=e.card, revealed=True,
        armor_used=main.armor_used, damage_taken=main.damage_taken, activated=True,
        stunned=main.stunned, extra_cards=[*main.extra_cards, e.card],
        extra_to_gauge=main.extra_to_gauge, main=main,
    )
    if main.hit or main.extra_hit is True:
        state.strike.sides[e.player].extra_hit = True


@on(ev.ExtraAttackEnded)
def _extra_attack_ended(state: State, e: ev.ExtraAttackEnded) -> None:
    assert state.strike is not None
    extra = state.strike.sides[e.player]
    main = extra.main
    assert main is not None, "extra attack ended without one in progress"
    main.cards = extra.cards
    main.armor_used, main.damage_taken = extra.armor_used, extra.damage_taken
    main.stunned = extra.stunned
    main.extra_cards = extra.extra_cards
    main.extra_to_gauge = extra.extra_to_gauge
    if e.to_gauge and extra.attack is not None:
        main.extra_to_gauge = [*extra.extra_to_gauge, extra.attack]
    state.strike.sides[e.player] = main


@on(ev.AttackSetFromGauge)
def _attack_set_from_gauge(state: State, e: ev.AttackSetFromGauge) -> None:
    state.players[e.player].gauge.remove(e.card)
    side = side_of(state, e.player)
    side.cards.append(e.card)
    side.attack = e.card
    side.wild = False
    side.ex = False
    side.revealed = True
    side.flags |= AttackFlag.FROM_GAUGE


@on(ev.AttackSetFromBoosts)
def _attack_set_from_boosts(state: State, e: ev.AttackSetFromBoosts) -> None:
    p = state.players[e.player]
    p.boosts.remove(e.card)
    for kept in (p.sustained, p.boosts_to_gauge, p.delayed_boosts):
        if e.card in kept:
            kept.remove(e.card)
    side = side_of(state, e.player)
    side.cards.append(e.card)
    side.attack = e.card
    side.wild = False
    side.ex = False
    side.revealed = True
    side.flags |= int(AttackFlag.SET_FROM_BOOSTS)


@on(ev.WildSwingDelayed)
def _wild_swing_delayed(state: State, e: ev.WildSwingDelayed) -> None:
    side_of(state, e.player).wild = True


@on(ev.DamageTakenAsDiscards)
def _damage_as_discards(state: State, e: ev.DamageTakenAsDiscards) -> None:
    pass  # a marker: the discards are their own CardMoved events
