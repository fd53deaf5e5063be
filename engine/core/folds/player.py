"""Folds of a player's standing: position, Exceed, life lost and gained, passive
bonuses, and the game-long amounts saved (powers, spent gauge, gauge-cost reductions)."""

from __future__ import annotations

from engine.core import events as ev
from engine.core.folds.base import Fold, registrar
from engine.core.movement import crossed
from engine.core.state import (
    GAUGE_COST_REDUCTIONS,
    PASSIVES,
    SAVED_POWER,
    SPENT_GAUGE,
    GaugeCostReductionState,
    PassiveState,
    SavedPowerState,
    SpentGaugeState,
    State,
    game_record,
)

FOLDS: dict[type, Fold] = {}
on = registrar(FOLDS)


@on(ev.PlayerMoved)
def _moved(state: State, e: ev.PlayerMoved) -> None:
    state.players[e.player].space = e.dst
    # "moved past" is positional: advancing, or being pulled (as if advancing), across.
    if state.strike is not None and crossed(e.src, e.dst, state.players[e.player.other].space):
        state.strike.sides[e.player].moved_past = True


@on(ev.Exceeded)
def _exceeded(state: State, e: ev.Exceeded) -> None:
    state.players[e.player].exceeded = True


@on(ev.DamageDealt)
def _damage(state: State, e: ev.DamageDealt) -> None:
    target = state.players[e.target]
    target.life -= e.amount
    if state.strike is not None:
        side = state.strike.sides[e.target]
        side.damage_taken += e.amount
        side.armor_used += e.absorbed


@on(ev.LifeSpent)
def _life_spent(state: State, e: ev.LifeSpent) -> None:
    state.players[e.player].life -= e.amount


@on(ev.LifeGained)
def _life_gained(state: State, e: ev.LifeGained) -> None:
    state.players[e.player].life += e.amount


def _passives(state: State) -> PassiveState:
    return game_record(state, PASSIVES, PassiveState)


@on(ev.PassiveGained)
def _passive_gained(state: State, e: ev.PassiveGained) -> None:
    _passives(state).held[e.player].append(int(e.passive))


@on(ev.PassiveRemoved)
def _passive_removed(state: State, e: ev.PassiveRemoved) -> None:
    _passives(state).held[e.player].remove(int(e.passive))


@on(ev.PowerSaved)
def _power_saved(state: State, e: ev.PowerSaved) -> None:
    game_record(state, SAVED_POWER, SavedPowerState).power[e.player] = e.value


@on(ev.GaugeSpentSaved)
def _gauge_spent_saved(state: State, e: ev.GaugeSpentSaved) -> None:
    game_record(state, SPENT_GAUGE, SpentGaugeState).spent[e.player] = e.amount


@on(ev.GaugeCostsReduced)
def _gauge_costs_reduced(state: State, e: ev.GaugeCostsReduced) -> None:
    game_record(state, GAUGE_COST_REDUCTIONS, GaugeCostReductionState).reduction[
        e.player] += e.amount
