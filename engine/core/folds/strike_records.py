"""Folds of the per-strike, per-player values kept beside the attack
(``engine.core.state.strike_records``): printed power and speed rules, movement and effect
bonuses, moves noted, cost rules, cleanup discards, trades, included ranges, life floors and
recorded discards. Each writes one ``StrikeValue`` through ``current_strike_values``."""

from __future__ import annotations

from engine.core import events as ev
from engine.core.folds.base import Fold, registrar
from engine.core.state import (
    DISCARDED,
    DODGE_SPEED,
    DRAW_BONUS,
    FORCE_FOR_GAUGE,
    GAUGE_SPENT,
    INCLUDED_DISTANCES,
    INVALIDATE_ULTRAS,
    LIFE_FLOOR,
    MOVED,
    MOVED_SELF,
    MOVEMENT_BONUS,
    POWER_SPEED_SWAPPED,
    PRINTED_POWER,
    PUSH_PULL_BONUS,
    TO_DISCARD,
    State,
    current_strike_values,
)

FOLDS: dict[type, Fold] = {}
on = registrar(FOLDS)


@on(ev.DiscardsRecorded)
def _discards_recorded(state: State, e: ev.DiscardsRecorded) -> None:
    current_strike_values(state, DISCARDED)[e.player] += e.amount


@on(ev.PrintedPowerSet)
def _printed_power_set(state: State, e: ev.PrintedPowerSet) -> None:
    current_strike_values(state, PRINTED_POWER)[e.player] = e.value


@on(ev.HigherSpeedMissesGained)
def _higher_speed_misses(state: State, e: ev.HigherSpeedMissesGained) -> None:
    current_strike_values(state, DODGE_SPEED)[e.player] = (
        -1 if e.at_least is None else e.at_least)


@on(ev.MovementEffectsIncreased)
def _movement_increased(state: State, e: ev.MovementEffectsIncreased) -> None:
    current_strike_values(state, MOVEMENT_BONUS)[e.player] += e.amount


@on(ev.MoveOpponentEffectsIncreased)
def _move_opponent_increased(state: State, e: ev.MoveOpponentEffectsIncreased) -> None:
    current_strike_values(state, PUSH_PULL_BONUS)[e.player] += e.amount


@on(ev.DrawEffectsIncreased)
def _draw_increased(state: State, e: ev.DrawEffectsIncreased) -> None:
    current_strike_values(state, DRAW_BONUS)[e.player] += e.amount


@on(ev.SelfMoveNoted)
def _self_move_noted(state: State, e: ev.SelfMoveNoted) -> None:
    current_strike_values(state, MOVED_SELF)[e.player] = True


@on(ev.MoveNoted)
def _move_noted(state: State, e: ev.MoveNoted) -> None:
    current_strike_values(state, MOVED)[e.player] = True


@on(ev.GaugeCostsPaidWithForce)
def _gauge_costs_paid_with_force(state: State, e: ev.GaugeCostsPaidWithForce) -> None:
    current_strike_values(state, FORCE_FOR_GAUGE)[e.player] = True


@on(ev.UltrasMayBeInvalidated)
def _ultras_may_be_invalidated(state: State, e: ev.UltrasMayBeInvalidated) -> None:
    current_strike_values(state, INVALIDATE_ULTRAS)[e.player] = True


@on(ev.AttackDiscardedAtCleanup)
def _attack_discarded_at_cleanup(state: State, e: ev.AttackDiscardedAtCleanup) -> None:
    current_strike_values(state, TO_DISCARD)[e.player] = True


@on(ev.RangeIncluded)
def _range_included(state: State, e: ev.RangeIncluded) -> None:
    current_strike_values(state, INCLUDED_DISTANCES)[e.player].append(e.distance)


@on(ev.PowerSpeedSwapped)
def _power_speed_swapped(state: State, e: ev.PowerSpeedSwapped) -> None:
    current_strike_values(state, POWER_SPEED_SWAPPED)[e.player] = True


@on(ev.AttackGaugeSpentNoted)
def _attack_gauge_spent_noted(state: State, e: ev.AttackGaugeSpentNoted) -> None:
    current_strike_values(state, GAUGE_SPENT)[e.player].extend(e.cards)


@on(ev.LifeFloorSet)
def _life_floor_set(state: State, e: ev.LifeFloorSet) -> None:
    current_strike_values(state, LIFE_FLOOR)[e.player] = e.amount
