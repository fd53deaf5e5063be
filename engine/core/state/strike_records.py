"""Per-strike records: what each player's attack gained for the strike in progress beyond
``AttackSide`` (modifiers, effect bonuses, moves noted, cleanup and cost rules, trades,
included ranges, life floors, recorded discards).

They are all one generic record, ``StrikeValues``: under a ``State.mechanics`` key, the
number of the strike it belongs to and named per-player values (``[P1's, P2's]``). Each
value is declared once as a ``StrikeValue`` handle (its key, name and default); the rules
read one with ``strike_value`` and a fold writes through ``current_strike_values``. A
record of an earlier strike counts as none, and a game that never notes a value under a
key has no record there, so it hashes as before. A season mechanic declares its own values the
same way (BlazBlue's ``REACHES_RODS`` and ``TO_OVERDRIVE``).

The state hash encodes a record as ``{"strike": n, <name>: [P1's, P2's], ...}`` with the
names in declaration order and every declared value present (``StrikeValues.hash_form``):
byte for byte what the one-struct-per-key records this replaced encoded. So a key's
values are append-only, in declaration order, and never renamed.
"""


from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import msgspec

from engine.core.state.mechanic import StrikeRecord, strike_record
from engine.core.state.table import State

T = TypeVar("T")


class StrikeValues(StrikeRecord, kw_only=True):
    """Named per-player values of strike number ``strike``: value name -> ``[P1's,
    P2's]``, in the declaration order of the key's ``StrikeValue`` handles."""

    values: dict[str, list[Any]] = msgspec.field(default_factory=dict)

    def hash_form(self) -> object:
        """The struct each key had before this record: ``strike``, then every value."""
        return {"strike": self.strike, **self.values}


@dataclass(frozen=True)
class StrikeValue(Generic[T]):
    """One named per-player value of the strike in progress, kept under ``key``: each
    player's is ``default`` until a fold writes it. ``default`` is shared: read it,
    never change it."""

    key: str
    name: str
    default: T


_DECLARED: dict[str, list[StrikeValue[Any]]] = {}
"""Key -> its values, in declaration order (the order the state hash encodes them in)."""


def declare_strike_value(key: str, name: str, default: T) -> StrikeValue[T]:
    """A new value ``name`` under ``key``, after the ones declared there before (append
    only: the order is part of the state hash)."""
    handle = StrikeValue(key, name, default)
    known = _DECLARED.setdefault(key, [])
    assert all(v.name != name for v in known), f"{key}.{name} declared twice"
    known.append(handle)
    return handle


def strike_value(state: State, value: StrikeValue[T], who: int) -> T:
    """``who``'s ``value`` in the strike in progress; its default outside a strike or when
    none was noted in this strike. Reads only."""
    record = strike_record(state, value.key, StrikeValues)
    if record is None:
        return value.default
    found: T = record.values[value.name][who]
    return found


def current_strike_values(state: State, value: StrikeValue[T]) -> list[T]:
    """Both players' ``value`` (``[P1's, P2's]``) in the record of the strike in progress,
    for a fold to write to: a fresh record, every value of its key at its default, if
    the one kept belongs to an earlier strike (or there is none)."""
    record = state.mechanics.get(value.key)
    if not isinstance(record, StrikeValues) or record.strike != state.strikes:
        record = StrikeValues(strike=state.strikes, values={
            v.name: [copy.copy(v.default), copy.copy(v.default)] for v in _DECLARED[value.key]})
        state.mechanics[value.key] = record
    found: list[T] = record.values[value.name]
    return found


# --- the values, by key (declaration order is hash order) ----------------------------------

DISCARD_RECORD = "discard_record"
"""The ``State.mechanics`` key of the strike's recorded discards."""
DISCARDED = declare_strike_value(DISCARD_RECORD, "discarded", 0)
"""The cards a player discarded with ``record_discarded_amount`` this strike (Morathi's
Neck Snapper)."""

STRIKE_MODS = "strike_mods"
"""The ``State.mechanics`` key of the strike-long attack modifiers beyond ``AttackSide``."""
PRINTED_POWER: StrikeValue[int | None] = declare_strike_value(STRIKE_MODS, "printed_power", None)
"""Replaces the attack's printed power (``use_top_discard_as_printed_power``, ``use_saved_
power_as_printed_power``); None: the printed one."""
DODGE_SPEED: StrikeValue[int | None] = declare_strike_value(STRIKE_MODS, "dodge_speed", None)
"""Attacks at least this fast miss the player (``higher_speed_misses``; -1: faster than
theirs); None: none."""
MOVEMENT_BONUS = declare_strike_value(STRIKE_MODS, "movement_bonus", 0)
"""Added to the player's advance, close and retreat amounts (``increase_movement_effects``)."""

LIVE_MODIFIERS = "live_modifiers"
"""The ``State.mechanics`` key of the live modifiers, counted whenever the stat is read
(apart from ``STRIKE_MODS`` so that games that never use them hash as before)."""
SPEED_PER_SPACE = declare_strike_value(LIVE_MODIFIERS, "speed_per_space", 0)
"""Speed the attack has per empty space between the fighters (``speedup_by_spaces_
modifier``)."""
SPEED_PER_BOOST = declare_strike_value(LIVE_MODIFIERS, "speed_per_boost", 0)
"""Speed the attack has per continuous boost its player has in play
(``speedup_per_boost_modifier``)."""
SPEED_PER_ANY_BOOST = declare_strike_value(LIVE_MODIFIERS, "speed_per_any_boost", 0)
"""Speed the attack has per continuous boost in play, both players'
(``speedup_per_boost_modifier {all_boosts}``)."""
RANGE_PER_ANY_BOOST: StrikeValue[list[int]] = declare_strike_value(
    LIVE_MODIFIERS, "range_per_any_boost", [0, 0])
"""Minimum and maximum range the attack has per continuous boost in play, both players'
(``rangeup_per_any_boost_modifier``)."""

EFFECT_BONUSES = "effect_bonuses"
"""The ``State.mechanics`` key of the strike-long effect-amount bonuses (apart from
``STRIKE_MODS`` so that games that never use them hash as before)."""
PUSH_PULL_BONUS = declare_strike_value(EFFECT_BONUSES, "push_pull_bonus", 0)
"""Added to the player's push and pull amounts (``increase_move_opponent_effects``)."""
DRAW_BONUS = declare_strike_value(EFFECT_BONUSES, "draw_bonus", 0)
"""Added to the player's draw amounts (``increase_draw_effects``)."""

SELF_MOVES = "self_moves"
"""The ``State.mechanics`` key of the self-moves noted this strike."""
MOVED_SELF = declare_strike_value(SELF_MOVES, "moved", False)
"""The player moved themselves this strike (``SelfMoveNoted``)."""

MOVES = "moves"
"""The ``State.mechanics`` key of the moves noted this strike."""
MOVED = declare_strike_value(MOVES, "moved", False)
"""The player moved, themselves or pushed or pulled, this strike (``MoveNoted``)."""

CLEANUP_DISCARDS = "cleanup_discards"
"""The ``State.mechanics`` key of the attacks sent to discard at cleanup this strike."""
TO_DISCARD = declare_strike_value(CLEANUP_DISCARDS, "to_discard", False)
"""The player's attack goes to the discard pile at cleanup even if it hit
(``discard_strike_after_cleanup``)."""

ATTACK_TRADES = "attack_trades"
"""The ``State.mechanics`` key of the strike-long stat trades."""
POWER_SPEED_SWAPPED = declare_strike_value(ATTACK_TRADES, "power_speed_swapped", False)
"""The attack's total power and total speed trade places (``swap_power_speed``)."""
GAUGE_SPENT: StrikeValue[list[int]] = declare_strike_value(ATTACK_TRADES, "gauge_spent", [])
"""The gauge cards spent on the attack's cost, noted only when the attack reads them."""

INCLUDED_RANGES = "included_ranges"
"""The ``State.mechanics`` key of the distances attacks also reach this strike."""
INCLUDED_DISTANCES: StrikeValue[list[int]] = declare_strike_value(INCLUDED_RANGES, "distances", [])
"""The distances the player's attack also hits at, whatever its range
(``attack_includes_range``)."""

LIFE_FLOORS = "life_floors"
"""The ``State.mechanics`` key of this strike's life floors."""
LIFE_FLOOR = declare_strike_value(LIFE_FLOORS, "floor", 0)
"""The life attack damage cannot take the player below (``cannot_go_below_life``; 0: none)."""

COST_MODS = "cost_mods"
"""The ``State.mechanics`` key of the strike's payment rules."""
FORCE_FOR_GAUGE = declare_strike_value(COST_MODS, "force_for_gauge", False)
"""The player's gauge costs are paid with force (``may_generate_gauge_with_force``)."""
INVALIDATE_ULTRAS = declare_strike_value(COST_MODS, "invalidate_ultras", False)
"""The player may decline the cost of their revealed Ultra (``may_invalidate_ultras``)."""


# --- what the rules ask (one line each over ``strike_value``) -------------------------------


def moved_this_strike(state: State, who: int) -> bool:
    """``who`` moved (or was moved) during the strike in progress, as noted."""
    return strike_value(state, MOVED, who)


def moved_self_this_strike(state: State, who: int) -> bool:
    """``who`` moved themselves during the strike in progress."""
    return strike_value(state, MOVED_SELF, who)


def discards_attack_at_cleanup(state: State, who: int) -> bool:
    """``who``'s attack in the strike in progress goes to discard at cleanup."""
    return strike_value(state, TO_DISCARD, who)


def included_ranges(state: State, who: int) -> list[int]:
    """The distances ``who``'s attack in the strike in progress also hits at."""
    return strike_value(state, INCLUDED_DISTANCES, who)


def life_floor(state: State, who: int) -> int:
    """The life attack damage cannot take ``who`` below this strike (0: none)."""
    return strike_value(state, LIFE_FLOOR, who)


def force_pays_gauge(state: State, who: int) -> bool:
    """``who``'s gauge costs are paid with force in the strike in progress."""
    return strike_value(state, FORCE_FOR_GAUGE, who)


def ultras_may_be_invalidated(state: State, who: int) -> bool:
    """``who`` may decline to pay for their revealed Ultra in the strike in progress."""
    return strike_value(state, INVALIDATE_ULTRAS, who)
