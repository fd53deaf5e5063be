"""The one mutator: ``apply(state, event)`` folds a single event into the state.

There is one small function per event type, registered in ``_APPLY``; the events a
season mechanic brings are folded by its own functions, which the mechanic adds here
with ``add_folds`` (``engine.mechanics.folds``; this module imports no mechanic), and a
mechanic may add a fold that runs right after a core event's. Nothing here
runs a rule or makes a choice, so a log's events replay on any later engine even if
the rules have changed since it was recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar, cast

from engine.core import events as ev
from engine.core.ids import FIRST_PLAYER_SPACE, SECOND_PLAYER_SPACE, Player, Zone
from engine.core.movement import crossed
from engine.core.state import (
    ATTACK_TRADES,
    CHARACTER_ACTIONS,
    CLEANUP_DISCARDS,
    COST_MODS,
    DISCARD_RECORD,
    EFFECT_BONUSES,
    GAUGE_COST_REDUCTIONS,
    INCLUDED_RANGES,
    LIFE_FLOORS,
    MOVES,
    NO_STRIKE_BONUS,
    PASSIVES,
    POSITION,
    SAVED_POWER,
    SECRET_SEALED,
    SELF_MOVES,
    SET_ASIDE,
    SPENT_GAUGE,
    STRIKE_MODS,
    AttackFlag,
    AttackSide,
    AttackTradeState,
    CharacterActionState,
    CleanupDiscardState,
    CostModsState,
    DiscardRecordState,
    EffectBonusState,
    EndReason,
    GaugeCostReductionState,
    IncludedRangeState,
    LifeFloorState,
    MoveState,
    NoStrikeBonusState,
    PassiveState,
    Phase,
    PlayerState,
    PositionState,
    SavedPowerState,
    SecretSealedState,
    SelfMoveState,
    SetAsideState,
    SpentGaugeState,
    Stat,
    State,
    StrikeModsState,
    StrikeState,
    current_strike_record,
    game_record,
)

E = TypeVar("E")
_Mutator = Callable[[State, ev.Event], None]
_APPLY: dict[type, _Mutator] = {}


def _on(event_type: type[E]) -> Callable[[Callable[[State, E], None]], Callable[[State, E], None]]:
    def register(fn: Callable[[State, E], None]) -> Callable[[State, E], None]:
        _APPLY[event_type] = cast(_Mutator, fn)
        return fn

    return register


def apply(state: State, event: ev.Event) -> None:
    """Fold ``event`` into ``state`` in place."""
    _APPLY[type(event)](state, event)


def fold_table() -> dict[type, Callable[[State, ev.Event], None]]:
    """The fold of each event type (``apply`` looks its event up here): for a hot loop
    that folds many events, such as ``Table.emit``. Read it, never change it (the
    mechanics add their folds through ``add_folds``, at import)."""
    return _APPLY


def fold(state: State, events: list[ev.Event]) -> State:
    """Apply ``events`` in order to ``state`` and return it."""
    table = _APPLY
    for event in events:
        table[type(event)](state, event)
    return state


_ZONE_FIELDS: dict[Zone, str] = {
    Zone.DECK: "deck",
    Zone.HAND: "hand",
    Zone.DISCARD: "discard",
    Zone.GAUGE: "gauge",
    Zone.BOOSTS: "boosts",
    Zone.SEALED: "sealed",
}


def zone_list(p: PlayerState, zone: Zone) -> list[int]:
    """The list holding ``zone`` for player ``p`` (the strike zone has none)."""
    field = _ZONE_FIELDS.get(zone)
    if field is None:
        raise ValueError(f"zone {zone.name} has no list")
    cards: list[int] = getattr(p, field)
    return cards


def _side(state: State, player: Player) -> AttackSide:
    assert state.strike is not None, "strike event outside a strike"
    return state.strike.sides[player]


@_on(ev.GameStarted)
def _game_started(state: State, e: ev.GameStarted) -> None:
    state.phase = Phase.PLAYING
    state.first_player = e.first
    state.active = e.first
    state.players[e.first].space = FIRST_PLAYER_SPACE
    state.players[e.first.other].space = SECOND_PLAYER_SPACE


@_on(ev.DeckShuffled)
def _deck_shuffled(state: State, e: ev.DeckShuffled) -> None:
    state.players[e.player].deck = list(e.order)


@_on(ev.DeckReshuffled)
def _deck_reshuffled(state: State, e: ev.DeckReshuffled) -> None:
    p = state.players[e.player]
    p.deck = list(e.order)
    p.discard = []
    p.reshuffled = True


def take_from(state: State, player: Player, zone: Zone, card: int) -> None:
    """Remove ``card`` from ``player``'s ``zone`` (their attack, for the strike zone),
    and a boost leaving play from the boost marks (a fold's first half)."""
    p = state.players[player]
    if zone is Zone.STRIKE:
        _side(state, player).cards.remove(card)
        return
    getattr(p, _ZONE_FIELDS[zone]).remove(card)
    if zone is Zone.BOOSTS:
        for marks in (p.sustained, p.boosts_to_gauge, p.delayed_boosts):
            if card in marks:
                marks.remove(card)


def put_into(state: State, player: Player, zone: Zone, card: int, bottom: bool = False) -> None:
    """Add ``card`` to ``player``'s ``zone``: the top of the deck unless ``bottom``, the
    end of any other pile (a fold's second half)."""
    p = state.players[player]
    if zone is Zone.STRIKE:
        _side(state, player).cards.append(card)
    elif zone is Zone.DECK:
        if bottom:
            p.deck.append(card)
        else:
            p.deck.insert(0, card)
    else:
        getattr(p, _ZONE_FIELDS[zone]).append(card)


@_on(ev.CardMoved)
def _card_moved(state: State, e: ev.CardMoved) -> None:
    take_from(state, e.player, e.src, e.card)
    put_into(state, e.player, e.dst, e.card, e.bottom)


@_on(ev.MulliganTaken)
def _mulligan(state: State, e: ev.MulliganTaken) -> None:
    pass


@_on(ev.TurnStarted)
def _turn_started(state: State, e: ev.TurnStarted) -> None:
    state.turn = e.turn
    state.active = e.player
    state.next_player = None
    state.bonus_actions = 0
    for p in state.players:
        p.used_character_bonus = False
        p.skip_end_of_turn_draw = False


@_on(ev.ActionTaken)
def _action(state: State, e: ev.ActionTaken) -> None:
    if state.bonus_actions > 0 and e.player == state.active:
        state.bonus_actions -= 1


@_on(ev.BonusActionGranted)
def _bonus(state: State, e: ev.BonusActionGranted) -> None:
    state.bonus_actions += 1


@_on(ev.PlayerMoved)
def _moved(state: State, e: ev.PlayerMoved) -> None:
    state.players[e.player].space = e.dst
    # "moved past" is positional: advancing, or being pulled (as if advancing), across.
    if state.strike is not None and crossed(e.src, e.dst, state.players[e.player.other].space):
        state.strike.sides[e.player].moved_past = True


@_on(ev.Exceeded)
def _exceeded(state: State, e: ev.Exceeded) -> None:
    state.players[e.player].exceeded = True


@_on(ev.BoostSustained)
def _sustained(state: State, e: ev.BoostSustained) -> None:
    state.players[e.player].sustained.append(e.card)


@_on(ev.BoostMarkedForGauge)
def _boost_to_gauge(state: State, e: ev.BoostMarkedForGauge) -> None:
    state.players[e.player].boosts_to_gauge.append(e.card)


@_on(ev.StrikeStarted)
def _strike_started(state: State, e: ev.StrikeStarted) -> None:
    state.strike = StrikeState(attacker=e.attacker, sides=[AttackSide(), AttackSide()])
    state.strikes += 1


@_on(ev.AttackSet)
def _attack_set(state: State, e: ev.AttackSet) -> None:
    p = state.players[e.player]
    src = p.deck if e.wild else p.hand
    for card in e.cards:
        src.remove(card)
    side = _side(state, e.player)
    side.cards.extend(e.cards)
    side.attack = e.cards[0]
    side.wild = e.wild
    side.ex = len(e.cards) >= 2  # 2: EX, 3: Double EX (Tag Team)


@_on(ev.AttacksRevealed)
def _revealed(state: State, e: ev.AttacksRevealed) -> None:
    assert state.strike is not None
    for side in state.strike.sides:
        side.revealed = True


@_on(ev.AttackInvalid)
def _invalid(state: State, e: ev.AttackInvalid) -> None:
    side = _side(state, e.player)
    side.attack = None
    side.ex = False
    side.wild = False
    side.flags &= ~int(AttackFlag.SET_FROM_BOOSTS)
    if e.card in side.cards:  # an ``on_invalid`` rule may have sent it elsewhere
        side.cards.remove(e.card)
        state.players[e.player].discard.append(e.card)


@_on(ev.WildSwingRevealed)
def _wild_swing(state: State, e: ev.WildSwingRevealed) -> None:
    state.players[e.player].deck.remove(e.card)
    side = _side(state, e.player)
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


@_on(ev.StatModified)
def _stat(state: State, e: ev.StatModified) -> None:
    side = _side(state, e.player)
    name = _STAT_FIELDS[e.stat]
    setattr(side, name, getattr(side, name) + e.amount)
    if e.stat is Stat.POWER and e.amount > 0:
        side.power_positive += e.amount


@_on(ev.PowerSet)
def _power_set(state: State, e: ev.PowerSet) -> None:
    _side(state, e.player).set_power = e.value


@_on(ev.AttackFlagged)
def _flag(state: State, e: ev.AttackFlagged) -> None:
    side = _side(state, e.player)
    side.flags |= int(e.flag)


@_on(ev.AttackEffectAdded)
def _effect_added(state: State, e: ev.AttackEffectAdded) -> None:
    _side(state, e.player).added.append(e.effect)


@_on(ev.PowerBonusesMultiplied)
def _power_multiplied(state: State, e: ev.PowerBonusesMultiplied) -> None:
    side = _side(state, e.player)
    side.power_multiplier = max(side.power_multiplier, e.factor)


@_on(ev.DodgeAtRangeGained)
def _dodge_at_range(state: State, e: ev.DodgeAtRangeGained) -> None:
    _side(state, e.player).dodge_ranges.append((e.low, e.high))


@_on(ev.StatBonusEnded)
def _stat_ended(state: State, e: ev.StatBonusEnded) -> None:
    side = _side(state, e.player)
    name = _STAT_FIELDS[e.stat]
    setattr(side, name, getattr(side, name) - e.amount)
    if e.stat is Stat.POWER and e.amount > 0:
        side.power_positive -= e.amount


@_on(ev.AttackFlagCleared)
def _flag_cleared(state: State, e: ev.AttackFlagCleared) -> None:
    side = _side(state, e.player)
    side.flags &= ~int(e.flag)


@_on(ev.DodgeAtRangeEnded)
def _dodge_at_range_ended(state: State, e: ev.DodgeAtRangeEnded) -> None:
    ranges = _side(state, e.player).dodge_ranges
    if (e.low, e.high) in ranges:
        ranges.remove((e.low, e.high))


@_on(ev.RangePerBoostGained)
def _range_per_boost(state: State, e: ev.RangePerBoostGained) -> None:
    side = _side(state, e.player)
    low, high = side.range_per_boost
    side.range_per_boost = (low + e.amount, high + e.amount2)


@_on(ev.AttackTurnedFaceUp)
def _face_up(state: State, e: ev.AttackTurnedFaceUp) -> None:
    _side(state, e.player).revealed = True


@_on(ev.PassingBlocked)
def _passing_blocked(state: State, e: ev.PassingBlocked) -> None:
    state.players[e.player].blocks_passing = e.blocked


@_on(ev.PriorityDetermined)
def _priority(state: State, e: ev.PriorityDetermined) -> None:
    assert state.strike is not None
    state.strike.first = e.first


@_on(ev.AttackActivated)
def _activated(state: State, e: ev.AttackActivated) -> None:
    _side(state, e.player).activated = True


@_on(ev.AttackSkipped)
def _skipped(state: State, e: ev.AttackSkipped) -> None:
    pass


@_on(ev.AttackHit)
def _hit(state: State, e: ev.AttackHit) -> None:
    _side(state, e.player).hit = True


@_on(ev.AttackMissed)
def _missed(state: State, e: ev.AttackMissed) -> None:
    pass


@_on(ev.DamageDealt)
def _damage(state: State, e: ev.DamageDealt) -> None:
    target = state.players[e.target]
    target.life -= e.amount
    if state.strike is not None:
        side = state.strike.sides[e.target]
        side.damage_taken += e.amount
        side.armor_used += e.absorbed


@_on(ev.PlayerStunned)
def _stunned(state: State, e: ev.PlayerStunned) -> None:
    _side(state, e.player).stunned = True


@_on(ev.AdvantageGained)
def _advantage(state: State, e: ev.AdvantageGained) -> None:
    state.next_player = e.player


@_on(ev.StrikeEnded)
def _strike_ended(state: State, e: ev.StrikeEnded) -> None:
    state.strike = None
    for p in state.players:
        p.reading = None
        p.sustained = []
        p.boosts_to_gauge = []


@_on(ev.HandRevealed)
def _hand_revealed(state: State, e: ev.HandRevealed) -> None:
    pass


@_on(ev.LifeSpent)
def _life_spent(state: State, e: ev.LifeSpent) -> None:
    state.players[e.player].life -= e.amount


@_on(ev.RangeNamed)
def _range_named(state: State, e: ev.RangeNamed) -> None:
    pass


@_on(ev.CardNamed)
def _card_named(state: State, e: ev.CardNamed) -> None:
    if e.reading:
        state.players[e.player.other].reading = e.name


@_on(ev.TurnEnded)
def _turn_ended(state: State, e: ev.TurnEnded) -> None:
    state.active = e.next_player
    state.next_player = None


@_on(ev.GameEnded)
def _game_ended(state: State, e: ev.GameEnded) -> None:
    state.phase = Phase.OVER
    state.winner = e.winner
    state.end_reason = EndReason(e.reason)


@_on(ev.StrikeXSet)
def _strike_x(state: State, e: ev.StrikeXSet) -> None:
    _side(state, e.player).strike_x = e.value


@_on(ev.CharacterBonusUsed)
def _character_bonus(state: State, e: ev.CharacterBonusUsed) -> None:
    state.players[e.player].used_character_bonus = True


@_on(ev.EndOfTurnDrawSkipped)
def _draw_skipped(state: State, e: ev.EndOfTurnDrawSkipped) -> None:
    state.players[e.player].skip_end_of_turn_draw = True


@_on(ev.DrawChoiceGranted)
def _draw_choice(state: State, e: ev.DrawChoiceGranted) -> None:
    state.players[e.player].draw_from_bottom = True


@_on(ev.BoostDelayed)
def _boost_delayed(state: State, e: ev.BoostDelayed) -> None:
    state.players[e.player].delayed_boosts.append(e.card)


@_on(ev.BoostDelayEnded)
def _boost_delay_ended(state: State, e: ev.BoostDelayEnded) -> None:
    state.players[e.player].delayed_boosts.remove(e.card)


@_on(ev.ExtraAttackStarted)
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


@_on(ev.ExtraAttackEnded)
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


def add_folds(folds: Mapping[type, Callable[..., None]],
              after: Mapping[str, Callable[..., None]]) -> None:
    """A mechanic's folds: ``folds`` for the events it brings, and ``after``, core event
    tag -> a fold run right after that core event's (after those added before)."""
    _APPLY.update(folds)
    by_tag = {t.__struct_config__.tag: t for t in ev.EVENT_TYPES}
    for tag, extra in after.items():
        event_type = by_tag[tag]
        _APPLY[event_type] = _chain(_APPLY[event_type], (extra,))


def _chain(core: _Mutator, extra: tuple[Callable[..., None], ...]) -> _Mutator:
    def folded(state: State, event: ev.Event) -> None:
        core(state, event)
        for fold_ in extra:
            fold_(state, event)

    return folded


def check_complete() -> None:
    """Raise ``RuntimeError`` naming every event type without a fold (called once the
    mechanics have added theirs: ``engine.mechanics.builtin``)."""
    missing = [t.__name__ for t in ev.EVENT_TYPES if t not in _APPLY]
    if missing:
        raise RuntimeError(f"events without an apply function: {missing}")


# --- a built position (engine.core.events.position): referee facts, never a rule's ----------


def _position(state: State) -> PositionState:
    return game_record(state, POSITION, PositionState)


@_on(ev.CardsCreated)
def _cards_created(state: State, e: ev.CardsCreated) -> None:
    # a new dict: copies of the state share ``card_defs`` (see ``State.copy``)
    state.card_defs = {**state.card_defs, **dict(zip(e.cards, e.card_ids, strict=True))}
    _position(state).created.extend(e.cards)


def _set_zone(p: PlayerState, zone: Zone, cards: tuple[int, ...]) -> None:
    zone_list(p, zone)[:] = cards
    if zone is Zone.BOOSTS:
        kept = set(cards)
        for marks in (p.sustained, p.boosts_to_gauge, p.delayed_boosts):
            marks[:] = [card for card in marks if card in kept]


_EDITS: dict[ev.EditKind, Callable[[PlayerState, int], None]] = {
    ev.EditKind.SPACE: lambda p, v: setattr(p, "space", v),
    ev.EditKind.LIFE: lambda p, v: setattr(p, "life", v),
    ev.EditKind.EXCEEDED: lambda p, v: setattr(p, "exceeded", bool(v)),
    # core rulebook, Reshuffle: once per game, so none left means reshuffled
    ev.EditKind.RESHUFFLES_LEFT: lambda p, v: setattr(p, "reshuffled", v == 0),
    ev.EditKind.PARTNER_LIFE: lambda p, v: setattr(p, "partner_life", v),
    ev.EditKind.PARTNER_EXCEEDED: lambda p, v: setattr(p, "partner_exceeded", bool(v)),
    ev.EditKind.SWITCH_LOCKED_UNTIL: lambda p, v: setattr(p, "switch_locked_until", v),
}


@_on(ev.PositionEdited)
def _position_edited(state: State, e: ev.PositionEdited) -> None:
    p = state.players[e.player]
    if e.kind is ev.EditKind.ZONE:
        _set_zone(p, e.zone, e.cards)
    elif e.kind is ev.EditKind.NEXT_TURN:
        state.phase = Phase.PLAYING
        state.active = state.first_player = e.player
        state.turn = e.value
    else:
        _EDITS[e.kind](p, e.value)


@_on(ev.DamageTakenAsDiscards)
def _damage_as_discards(state: State, e: ev.DamageTakenAsDiscards) -> None:
    pass  # a marker: the discards are their own CardMoved events


@_on(ev.WildSwingDelayed)
def _wild_swing_delayed(state: State, e: ev.WildSwingDelayed) -> None:
    _side(state, e.player).wild = True


@_on(ev.DiscardsRecorded)
def _discards_recorded(state: State, e: ev.DiscardsRecorded) -> None:
    current_strike_record(state, DISCARD_RECORD, DiscardRecordState).discarded[e.player] += (
        e.amount)


# --- life gained and passive bonuses (appended) -------------------------------------------


@_on(ev.LifeGained)
def _life_gained(state: State, e: ev.LifeGained) -> None:
    state.players[e.player].life += e.amount


def _passives(state: State) -> PassiveState:
    return game_record(state, PASSIVES, PassiveState)


@_on(ev.PassiveGained)
def _passive_gained(state: State, e: ev.PassiveGained) -> None:
    _passives(state).held[e.player].append(int(e.passive))


@_on(ev.PassiveRemoved)
def _passive_removed(state: State, e: ev.PassiveRemoved) -> None:
    _passives(state).held[e.player].remove(int(e.passive))


# --- character actions recorded and strike modifiers (appended) ----------------------------


@_on(ev.CharacterActionRecorded)
def _character_action_recorded(state: State, e: ev.CharacterActionRecorded) -> None:
    record = state.mechanics.get(CHARACTER_ACTIONS)
    if not isinstance(record, CharacterActionState) or record.turn != state.turn:
        record = state.mechanics[CHARACTER_ACTIONS] = CharacterActionState(turn=state.turn)
    record.used[e.player] = [int(e.exceeded), e.index]


def _strike_mods(state: State) -> StrikeModsState:
    return current_strike_record(state, STRIKE_MODS, StrikeModsState)


@_on(ev.PrintedPowerSet)
def _printed_power_set(state: State, e: ev.PrintedPowerSet) -> None:
    _strike_mods(state).printed_power[e.player] = e.value


@_on(ev.HigherSpeedMissesGained)
def _higher_speed_misses(state: State, e: ev.HigherSpeedMissesGained) -> None:
    _strike_mods(state).dodge_speed[e.player] = -1 if e.at_least is None else e.at_least


@_on(ev.MovementEffectsIncreased)
def _movement_increased(state: State, e: ev.MovementEffectsIncreased) -> None:
    _strike_mods(state).movement_bonus[e.player] += e.amount


@_on(ev.AttackSetFromGauge)
def _attack_set_from_gauge(state: State, e: ev.AttackSetFromGauge) -> None:
    state.players[e.player].gauge.remove(e.card)
    side = _side(state, e.player)
    side.cards.append(e.card)
    side.attack = e.card
    side.wild = False
    side.ex = False
    side.revealed = True
    side.flags |= AttackFlag.FROM_GAUGE


def _effect_bonuses(state: State) -> EffectBonusState:
    return current_strike_record(state, EFFECT_BONUSES, EffectBonusState)


@_on(ev.MoveOpponentEffectsIncreased)
def _move_opponent_increased(state: State, e: ev.MoveOpponentEffectsIncreased) -> None:
    _effect_bonuses(state).push_pull_bonus[e.player] += e.amount


@_on(ev.DrawEffectsIncreased)
def _draw_increased(state: State, e: ev.DrawEffectsIncreased) -> None:
    _effect_bonuses(state).draw_bonus[e.player] += e.amount


@_on(ev.TopDeckRevealed)
def _top_deck_revealed(state: State, e: ev.TopDeckRevealed) -> None:
    pass


@_on(ev.SelfMoveNoted)
def _self_move_noted(state: State, e: ev.SelfMoveNoted) -> None:
    current_strike_record(state, SELF_MOVES, SelfMoveState).moved[e.player] = True


@_on(ev.MoveNoted)
def _move_noted(state: State, e: ev.MoveNoted) -> None:
    current_strike_record(state, MOVES, MoveState).moved[e.player] = True


@_on(ev.GaugeCostsPaidWithForce)
def _gauge_costs_paid_with_force(state: State, e: ev.GaugeCostsPaidWithForce) -> None:
    current_strike_record(state, COST_MODS, CostModsState).force_for_gauge[e.player] = True


@_on(ev.UltrasMayBeInvalidated)
def _ultras_may_be_invalidated(state: State, e: ev.UltrasMayBeInvalidated) -> None:
    current_strike_record(state, COST_MODS, CostModsState).invalidate_ultras[e.player] = True


@_on(ev.AttackDiscardedAtCleanup)
def _attack_discarded_at_cleanup(state: State, e: ev.AttackDiscardedAtCleanup) -> None:
    current_strike_record(state, CLEANUP_DISCARDS, CleanupDiscardState).to_discard[
        e.player] = True


@_on(ev.PowerSaved)
def _power_saved(state: State, e: ev.PowerSaved) -> None:
    game_record(state, SAVED_POWER, SavedPowerState).power[e.player] = e.value


# --- bonus actions that cannot strike (appended) -----------------------------------------


@_on(ev.BonusStrikeForbidden)
def _bonus_strike_forbidden(state: State, e: ev.BonusStrikeForbidden) -> None:
    state.mechanics[NO_STRIKE_BONUS] = NoStrikeBonusState(turn=state.turn)


# --- attacks set from the boost area (appended) ------------------------------------------


@_on(ev.AttackSetFromBoosts)
def _attack_set_from_boosts(state: State, e: ev.AttackSetFromBoosts) -> None:
    p = state.players[e.player]
    p.boosts.remove(e.card)
    for kept in (p.sustained, p.boosts_to_gauge, p.delayed_boosts):
        if e.card in kept:
            kept.remove(e.card)
    side = _side(state, e.player)
    side.cards.append(e.card)
    side.attack = e.card
    side.wild = False
    side.ex = False
    side.revealed = True
    side.flags |= int(AttackFlag.SET_FROM_BOOSTS)


@_on(ev.RangeIncluded)
def _range_included(state: State, e: ev.RangeIncluded) -> None:
    current_strike_record(state, INCLUDED_RANGES, IncludedRangeState).distances[
        e.player].append(e.distance)


@_on(ev.GaugeSpentSaved)
def _gauge_spent_saved(state: State, e: ev.GaugeSpentSaved) -> None:
    game_record(state, SPENT_GAUGE, SpentGaugeState).spent[e.player] = e.amount


# --- stat trades (appended) --------------------------------------------------------------


@_on(ev.PowerSpeedSwapped)
def _power_speed_swapped(state: State, e: ev.PowerSpeedSwapped) -> None:
    current_strike_record(state, ATTACK_TRADES, AttackTradeState).power_speed_swapped[
        e.player] = True


@_on(ev.AttackGaugeSpentNoted)
def _attack_gauge_spent_noted(state: State, e: ev.AttackGaugeSpentNoted) -> None:
    current_strike_record(state, ATTACK_TRADES, AttackTradeState).gauge_spent[
        e.player].extend(e.cards)


# --- set-aside cards (appended) -------------------------------------------------------------


@_on(ev.CardsSetAside)
def _cards_set_aside(state: State, e: ev.CardsSetAside) -> None:
    p = state.players[e.player]
    for card in e.cards:
        p.deck.remove(card)
    game_record(state, SET_ASIDE, SetAsideState).cards[e.player].extend(e.cards)


@_on(ev.SetAsideCardAdded)
def _set_aside_card_added(state: State, e: ev.SetAsideCardAdded) -> None:
    game_record(state, SET_ASIDE, SetAsideState).cards[e.player].remove(e.card)
    state.players[e.player].deck.insert(0, e.card)


# --- cost reductions, free reshuffles, life floors (appended) -------------------------------


@_on(ev.GaugeCostsReduced)
def _gauge_costs_reduced(state: State, e: ev.GaugeCostsReduced) -> None:
    game_record(state, GAUGE_COST_REDUCTIONS, GaugeCostReductionState).reduction[
        e.player] += e.amount


@_on(ev.DiscardShuffledIntoDeck)
def _discard_shuffled_into_deck(state: State, e: ev.DiscardShuffledIntoDeck) -> None:
    p = state.players[e.player]
    p.deck = list(e.order)
    p.discard = []


@_on(ev.LifeFloorSet)
def _life_floor_set(state: State, e: ev.LifeFloorSet) -> None:
    current_strike_record(state, LIFE_FLOORS, LifeFloorState).floor[e.player] = e.amount


@_on(ev.CardSealedFaceDown)
def _card_sealed_face_down(state: State, e: ev.CardSealedFaceDown) -> None:
    take_from(state, e.player, e.src, e.card)
    put_into(state, e.player, Zone.SEALED, e.card)
    game_record(state, SECRET_SEALED, SecretSealedState).cards[e.player].append(e.card)
