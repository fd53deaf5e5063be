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
    RANGE_PER_ANY_BOOST,
    SPEED_PER_ANY_BOOST,
    SPEED_PER_BOOST,
    SPEED_PER_SPACE,
    TO_DISCARD,
    State,
    StrikeValue,
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


@on(ev.PrintedPowerEnded)
def _printed_power_ended(state: State, e: ev.PrintedPowerEnded) -> None:
    current_strike_values(state, PRINTED_POWER)[e.player] = None


@on(ev.PowerSpeedSwapEnded)
def _power_speed_swap_ended(state: State, e: ev.PowerSpeedSwapEnded) -> None:
    current_strike_values(state, POWER_SPEED_SWAPPED)[e.player] = False


@on(ev.HigherSpeedMissesGained)
def _higher_speed_misses(state: State, e: ev.HigherSpeedMissesGained) -> None:
    current_strike_values(state, DODGE_SPEED)[e.player] = (
        -1 if e.at_least is None else e.at_least)


@on(ev.SpeedPerSpaceGained)
def _speed_per_space(state: State, e: ev.SpeedPerSpaceGained) -> None:
    current_strike_values(state, SPEED_PER_SPACE)[e.player] += e.amount


@on(ev.SpeedPerBoostGained)
def _speed_per_boost(state: State, e: ev.SpeedPerBoostGained) -> None:
    current_strike_values(state, SPEED_PER_ANY_BOOST if e.all_boosts else SPEED_PER_BOOST)[
        e.player] += e.amount


@on(ev.RangePerAnyBoostGained)
def _range_per_any_boost(state: State, e: ev.RangePerAnyBoostGained) -> None:
    values = current_strike_values(state, RANGE_PER_ANY_BOOST)
    low, high = values[e.player]
    values[e.player] = [low + e.amount, high + e.amount2]


@on(ev.MovementEffectsIncreased)
def _movement_increased(state: State, e: ev.MovementEffectsIncreased) -> None:
    current_strike_values(state, MOVEMENT_BONUS)[e.player] += e.amount


@on(ev.MoveOpponentEffectsIncreased)
def _move_opponent_increased(state: State, e: ev.MoveOpponentEffectsIncreased) -> None:
    current_strike_values(state, PUSH_PULL_BONUS)[e.player] += e.amount


@on(ev.DrawEffectsIncreased)
def _draw_increased(state: State, e: ev.DrawEffectsIncreased) -> None:
    current_strike_values(state, DRAW_BONUS)[e.player] += e.amount


@on(ev.RangeIncluded)
def _range_included(state: State, e: ev.RangeIncluded) -> None:
    current_strike_values(state, INCLUDED_DISTANCES)[e.player].append(e.distance)


@on(ev.IncludedRangeEnded)
def _included_range_ended(state: State, e: ev.IncludedRangeEnded) -> None:
    distances = current_strike_values(state, INCLUDED_DISTANCES)[e.player]
    if e.distance in distances:
        distances.remove(e.distance)


@on(ev.AttackGaugeSpentNoted)
def _attack_gauge_spent_noted(state: State, e: ev.AttackGaugeSpentNoted) -> None:
    current_strike_values(state, GAUGE_SPENT)[e.player].extend(e.cards)


@on(ev.LifeFloorSet)
def _life_floor_set(state: State, e: ev.LifeFloorSet) -> None:
    current_strike_values(state, LIFE_FLOOR)[e.player] = e.amount


# --- notes: the event only says that, this strike, something happened for its player ------

_NOTED: dict[type, StrikeValue[bool]] = {
    ev.SelfMoveNoted: MOVED_SELF,
    ev.MoveNoted: MOVED,
    ev.GaugeCostsPaidWithForce: FORCE_FOR_GAUGE,
    ev.UltrasMayBeInvalidated: INVALIDATE_ULTRAS,
    ev.AttackDiscardedAtCleanup: TO_DISCARD,
    ev.PowerSpeedSwapped: POWER_SPEED_SWAPPED,
}


def _noting(value: StrikeValue[bool]) -> Fold:
    def fold(state: State, e: ev.Event) -> None:
        current_strike_values(state, value)[e.player] = True  # type: ignore[union-attr]
    return fold


FOLDS.update({kind: _noting(value) for kind, value in _NOTED.items()})
