"""The per-strike, per-player values (``engine/core/state/strike_records.py``): one generic
record, ``StrikeValues``, stands in for the twelve one-struct-per-key records it replaced
(ten of the core's, two of BlazBlue's), and the state hash of every game must not change
(docs/log-format.md: every log records it).

The structs below are those records as they were encoded (fields in declaration order,
``strike`` first): the pinned format. For every key, each of its values is written by
folding its event, and the canonical bytes must equal those of the same state holding the
old struct with the same values."""

from __future__ import annotations

from collections.abc import Callable

import msgspec
import pytest
from conftest import P1, P2, position

from engine import events as ev
from engine.core.apply import apply
from engine.core.events.blazblue import AttackMarkedForOverdrive, RangeIncludesLightningRods
from engine.core.state import (
    MOVED,
    PRINTED_POWER,
    MechanicState,
    State,
    StrikeValues,
    canonical_bytes,
    current_strike_values,
    state_hash,
    strike_value,
)


class _Pinned(MechanicState, kw_only=True):
    strike: int = 0


class DiscardRecordState(_Pinned, kw_only=True):
    discarded: list[int] = msgspec.field(default_factory=lambda: [0, 0])


class StrikeModsState(_Pinned, kw_only=True):
    printed_power: list[int | None] = msgspec.field(default_factory=lambda: [None, None])
    dodge_speed: list[int | None] = msgspec.field(default_factory=lambda: [None, None])
    movement_bonus: list[int] = msgspec.field(default_factory=lambda: [0, 0])


class EffectBonusState(_Pinned, kw_only=True):
    push_pull_bonus: list[int] = msgspec.field(default_factory=lambda: [0, 0])
    draw_bonus: list[int] = msgspec.field(default_factory=lambda: [0, 0])


class SelfMoveState(_Pinned, kw_only=True):
    moved: list[bool] = msgspec.field(default_factory=lambda: [False, False])


class MoveState(_Pinned, kw_only=True):
    moved: list[bool] = msgspec.field(default_factory=lambda: [False, False])


class CleanupDiscardState(_Pinned, kw_only=True):
    to_discard: list[bool] = msgspec.field(default_factory=lambda: [False, False])


class AttackTradeState(_Pinned, kw_only=True):
    power_speed_swapped: list[bool] = msgspec.field(default_factory=lambda: [False, False])
    gauge_spent: list[list[int]] = msgspec.field(default_factory=lambda: [[], []])


class IncludedRangeState(_Pinned, kw_only=True):
    distances: list[list[int]] = msgspec.field(default_factory=lambda: [[], []])


class LifeFloorState(_Pinned, kw_only=True):
    floor: list[int] = msgspec.field(default_factory=lambda: [0, 0])


class CostModsState(_Pinned, kw_only=True):
    force_for_gauge: list[bool] = msgspec.field(default_factory=lambda: [False, False])
    invalidate_ultras: list[bool] = msgspec.field(default_factory=lambda: [False, False])


class LightningRodRange(_Pinned, kw_only=True):
    includes: list[bool] = msgspec.field(default_factory=lambda: [False, False])


class StrikeToOverdriveState(_Pinned, kw_only=True):
    marked: list[bool] = msgspec.field(default_factory=lambda: [False, False])


_Case = tuple[str, list[ev.Event], Callable[[int], MechanicState]]

CASES: list[_Case] = [
    ("discard_record", [ev.DiscardsRecorded(player=P2, amount=2),
                        ev.DiscardsRecorded(player=P2, amount=1)],
     lambda n: DiscardRecordState(strike=n, discarded=[0, 3])),
    ("strike_mods", [ev.PrintedPowerSet(player=P1, value=6)],
     lambda n: StrikeModsState(strike=n, printed_power=[6, None])),
    ("strike_mods", [ev.PrintedPowerSet(player=P1, value=6),
                     ev.HigherSpeedMissesGained(player=P2),
                     ev.MovementEffectsIncreased(player=P1, amount=1),
                     ev.MovementEffectsIncreased(player=P1, amount=1)],
     lambda n: StrikeModsState(strike=n, printed_power=[6, None], dodge_speed=[None, -1],
                               movement_bonus=[2, 0])),
    ("strike_mods", [ev.HigherSpeedMissesGained(player=P1, at_least=5)],
     lambda n: StrikeModsState(strike=n, dodge_speed=[5, None])),
    ("effect_bonuses", [ev.MoveOpponentEffectsIncreased(player=P2, amount=1),
                        ev.DrawEffectsIncreased(player=P1, amount=2)],
     lambda n: EffectBonusState(strike=n, push_pull_bonus=[0, 1], draw_bonus=[2, 0])),
    ("self_moves", [ev.SelfMoveNoted(player=P2)],
     lambda n: SelfMoveState(strike=n, moved=[False, True])),
    ("moves", [ev.MoveNoted(player=P1), ev.MoveNoted(player=P2)],
     lambda n: MoveState(strike=n, moved=[True, True])),
    ("cleanup_discards", [ev.AttackDiscardedAtCleanup(player=P1)],
     lambda n: CleanupDiscardState(strike=n, to_discard=[True, False])),
    ("attack_trades", [ev.AttackGaugeSpentNoted(player=P1, cards=(3, 7)),
                       ev.PowerSpeedSwapped(player=P2)],
     lambda n: AttackTradeState(strike=n, power_speed_swapped=[False, True],
                                gauge_spent=[[3, 7], []])),
    ("included_ranges", [ev.RangeIncluded(player=P2, distance=1),
                         ev.RangeIncluded(player=P2, distance=4)],
     lambda n: IncludedRangeState(strike=n, distances=[[], [1, 4]])),
    ("life_floors", [ev.LifeFloorSet(player=P1, amount=1)],
     lambda n: LifeFloorState(strike=n, floor=[1, 0])),
    ("cost_mods", [ev.UltrasMayBeInvalidated(player=P2),
                   ev.GaugeCostsPaidWithForce(player=P1)],
     lambda n: CostModsState(strike=n, force_for_gauge=[True, False],
                             invalidate_ultras=[False, True])),
    # BlazBlue's two (engine/mechanics/blazblue/state.py), declared by the mechanic
    ("lightning_rod_range", [RangeIncludesLightningRods(player=P2)],
     lambda n: LightningRodRange(strike=n, includes=[False, True])),
    ("strike_to_overdrive", [AttackMarkedForOverdrive(player=P1)],
     lambda n: StrikeToOverdriveState(strike=n, marked=[True, False])),
]


def _in_a_strike() -> State:
    """Ryu and Ken between turns, then a strike started (strike number 1)."""
    d = position(p1=dict(space=3, hand=["assault"]), p2=dict(space=5, hand=["spike"]))
    state = d.game.state.copy()
    apply(state, ev.StrikeStarted(attacker=P1))
    return state


@pytest.mark.parametrize(("key", "events", "pinned"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_the_generic_record_encodes_byte_for_byte_as_the_struct_it_replaced(
        key: str, events: list[ev.Event], pinned: Callable[[int], MechanicState]) -> None:
    """Log format P.6 (the state hash): folding the key's events leaves canonical bytes
    equal to those of the same state holding the old struct, every value in its place."""
    state = _in_a_strike()
    for event in events:
        apply(state, event)
    record = state.mechanics[key]
    assert isinstance(record, StrikeValues)
    old = state.copy()
    old.mechanics[key] = pinned(state.strikes)
    assert canonical_bytes(state) == canonical_bytes(old)
    assert state_hash(state) == state_hash(old)
    assert msgspec.msgpack.encode(record.hash_form()) == msgspec.msgpack.encode(old.mechanics[key])


def test_a_copy_keeps_the_record_and_its_hash() -> None:
    """``State.copy`` (keyframes, views) round-trips the generic record: equal, same hash,
    and its own lists (a fold on the copy leaves the original alone)."""
    state = _in_a_strike()
    apply(state, ev.RangeIncluded(player=P1, distance=2))
    clone = state.copy()
    assert clone == state and state_hash(clone) == state_hash(state)
    apply(clone, ev.RangeIncluded(player=P1, distance=3))
    assert clone.mechanics["included_ranges"] != state.mechanics["included_ranges"]


def test_values_read_their_default_outside_a_strike_and_after_it() -> None:
    """A record of an earlier strike counts as none: Ryu's printed power 6 noted in strike
    1 reads as the default (None) once it ended and in strike 2; the first write in strike
    2 starts a fresh record (every value at its default)."""
    state = _in_a_strike()
    apply(state, ev.PrintedPowerSet(player=P1, value=6))
    apply(state, ev.MoveNoted(player=P2))
    assert strike_value(state, PRINTED_POWER, P1) == 6
    assert strike_value(state, PRINTED_POWER, P2) is None
    apply(state, ev.StrikeEnded())
    assert strike_value(state, PRINTED_POWER, P1) is None
    apply(state, ev.StrikeStarted(attacker=P2))
    assert strike_value(state, PRINTED_POWER, P1) is None
    assert strike_value(state, MOVED, P2) is False
    current_strike_values(state, PRINTED_POWER)[P2] = 4
    record = state.mechanics["strike_mods"]
    assert isinstance(record, StrikeValues)
    assert record.strike == 2
    assert record.values == {"printed_power": [None, 4], "dodge_speed": [None, None],
                             "movement_bonus": [0, 0]}
