"""Folds of the per-strike, per-player records kept beside the attack
(``engine.core.state.strike_records``): printed power and speed rules, movement and effect
bonuses, moves noted, cost rules, cleanup discards, trades, included ranges, life floors and
recorded discards."""

from __future__ import annotations

from engine.core import events as ev
from engine.core.folds.base import Fold, registrar
from engine.core.state import (
    ATTACK_TRADES,
    CLEANUP_DISCARDS,
    COST_MODS,
    DISCARD_RECORD,
    EFFECT_BONUSES,
    INCLUDED_RANGES,
    LIFE_FLOORS,
    MOVES,
    SELF_MOVES,
    STRIKE_MODS,
    AttackTradeState,
    CleanupDiscardState,
    CostModsState,
    DiscardRecordState,
    EffectBonusState,
    IncludedRangeState,
    LifeFloorState,
    MoveState,
    SelfMoveState,
    State,
    StrikeModsState,
    current_strike_record,
)

FOLDS: dict[type, Fold] = {}
on = registrar(FOLDS)


@on(ev.DiscardsRecorded)
def _discards_recorded(state: State, e: ev.DiscardsRecorded) -> None:
    current_strike_record(state, DISCARD_RECORD, DiscardRecordState).discarded[e.player] += (
        e.amount)


def _strike_mods(state: State) -> StrikeModsState:
    return current_strike_record(state, STRIKE_MODS, StrikeModsState)


@on(ev.PrintedPowerSet)
def _printed_power_set(state: State, e: ev.PrintedPowerSet) -> None:
    _strike_mods(state).printed_power[e.player] = e.value


@on(ev.HigherSpeedMissesGained)
def _higher_speed_misses(state: State, e: ev.HigherSpeedMissesGained) -> None:
    _strike_mods(state).dodge_speed[e.player] = -1 if e.at_least is None else e.at_least


@on(ev.MovementEffectsIncreased)
def _movement_increased(state: State, e: ev.MovementEffectsIncreased) -> None:
    _strike_mods(state).movement_bonus[e.player] += e.amount


def _effect_bonuses(state: State) -> EffectBonusState:
    return current_strike_record(state, EFFECT_BONUSES, EffectBonusState)


@on(ev.MoveOpponentEffectsIncreased)
def _move_opponent_increased(state: State, e: ev.MoveOpponentEffectsIncreased) -> None:
    _effect_bonuses(state).push_pull_bonus[e.player] += e.amount


@on(ev.DrawEffectsIncreased)
def _draw_increased(state: State, e: ev.DrawEffectsIncreased) -> None:
    _effect_bonuses(state).draw_bonus[e.player] += e.amount


@on(ev.SelfMoveNoted)
def _self_move_noted(state: State, e: ev.SelfMoveNoted) -> None:
    current_strike_record(state, SELF_MOVES, SelfMoveState).moved[e.player] = True


@on(ev.MoveNoted)
def _move_noted(state: State, e: ev.MoveNoted) -> None:
    current_strike_record(state, MOVES, MoveState).moved[e.player] = True


@on(ev.GaugeCostsPaidWithForce)
def _gauge_costs_paid_with_force(state: State, e: ev.GaugeCostsPaidWithForce) -> None:
    current_strike_record(state, COST_MODS, CostModsState).force_for_gauge[e.player] = True


@on(ev.UltrasMayBeInvalidated)
def _ultras_may_be_invalidated(state: State, e: ev.UltrasMayBeInvalidated) -> None:
    current_strike_record(state, COST_MODS, CostModsState).invalidate_ultras[e.player] = True


@on(ev.AttackDiscardedAtCleanup)
def _attack_discarded_at_cleanup(state: State, e: ev.AttackDiscardedAtCleanup) -> None:
    current_strike_record(state, CLEANUP_DISCARDS, CleanupDiscardState).to_discard[
        e.player] = True


@on(ev.RangeIncluded)
def _range_included(state: State, e: ev.RangeIncluded) -> None:
    current_strike_record(state, INCLUDED_RANGES, IncludedRangeState).distances[
        e.player].append(e.distance)


@on(ev.PowerSpeedSwapped)
def _power_speed_swapped(state: State, e: ev.PowerSpeedSwapped) -> None:
    current_strike_record(state, ATTACK_TRADES, AttackTradeState).power_speed_swapped[
        e.player] = True


@on(ev.AttackGaugeSpentNoted)
def _attack_gauge_spent_noted(state: State, e: ev.AttackGaugeSpentNoted) -> None:
    current_strike_record(state, ATTACK_TRADES, AttackTradeState).gauge_spent[
        e.player].extend(e.cards)


@on(ev.LifeFloorSet)
def _life_floor_set(state: State, e: ev.LifeFloorSet) -> None:
    current_strike_record(state, LIFE_FLOORS, LifeFloorState).floor[e.player] = e.amount
