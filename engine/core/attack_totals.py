"""An attack's totals as the rules read them: armor, power, speed and guard, from the
printed card, the strike's bonuses, EX, the live modifiers counted as things stand now,
and ``swap_power_speed``; and ``printed_power``, a card's printed power wherever a rule
reads it.

Once the attack's card has left the strike (``AttackSide.left_strike``: Hadoken's
``return_attack_to_top_of_deck``, ``boost_this_then_sustain``...), its stats are invalid
(effects.md, ``boost_this_then_sustain``: "its stats become invalid"), as the reference
client counts them (``change_stats_when_attack_leaves_play``): total power and speed 0,
printed armor and guard gone, its armor and guard bonuses (EX's +1 included) kept.

Held apart from ``engine.core.context`` (the ``Table``) so that the conditions, effect
handlers and strike rules that read a total share one definition.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.movement import distance
from engine.core.state import (
    ATTACK_TRADES,
    LIVE_MODIFIERS,
    POWER_SPEED_SWAPPED,
    PRINTED_POWER,
    SPEED_PER_ANY_BOOST,
    SPEED_PER_BOOST,
    SPEED_PER_SPACE,
    STRIKE_MODS,
    AttackSide,
    State,
    StrikeValues,
    strike_record,
    strike_value,
)

if TYPE_CHECKING:
    from engine.core.context import Table


def total_armor(table: Table, side: AttackSide) -> int:
    """The attack's total armor: printed, bonuses and EX (0 without an attack; without
    the printed armor once its card has left the strike); what is left of it this strike
    is this less ``side.armor_used``."""
    card = side.card
    if card is None:
        return 0
    bonus = side.armor + (1 if side.ex else 0)
    return bonus if side.left_strike else table.card(card).armor + bonus


def attack_speed(table: Table, side: AttackSide) -> int:
    """The attack's total speed (before any ``swap_power_speed``): printed speed, speed
    bonuses, +1 if EX, and the live modifiers counted as things stand now:
    ``speedup_by_spaces_modifier`` per empty space between the fighters,
    ``speedup_per_boost_modifier`` per continuous boost in play (0 without an attack, or
    once its card has left the strike)."""
    card = side.card
    if card is None or side.left_strike:
        return 0
    speed = table.card(card).speed + side.speed + (1 if side.ex else 0)
    state = table.state
    record = strike_record(state, LIVE_MODIFIERS, StrikeValues)
    if record is None:  # no live modifier noted this strike (or no strike): most reads
        return speed
    who = _seat_of(state, side)
    if who is None:
        return speed
    values = record.values
    per_space: int = values[SPEED_PER_SPACE.name][who]
    if per_space:
        a, b = (p.space for p in state.players)
        speed += per_space * (abs(a - b) - 1)
    per_boost: int = values[SPEED_PER_BOOST.name][who]
    per_any: int = values[SPEED_PER_ANY_BOOST.name][who]
    return (speed + per_boost * len(state.players[who].boosts)
            + per_any * sum(len(p.boosts) for p in state.players))


def _seat_of(state: State, side: AttackSide) -> int | None:
    """The seat whose attack ``side`` is in the strike in progress (None: not one)."""
    strike = state.strike
    if strike is None:
        return None
    sides = strike.sides
    return 0 if sides[0] is side else 1 if sides[1] is side else None


def total_guard(table: Table, side: AttackSide) -> int:
    """The attack's total guard: printed, bonuses and EX (0 without an attack; without
    the printed guard once its card has left the strike)."""
    card = side.card
    if card is None:
        return 0
    bonus = side.guard + (1 if side.ex else 0)
    return bonus if side.left_strike else table.printed_guard(card) + bonus


def power_speed_swapped(table: Table, side: AttackSide) -> bool:
    """``swap_power_speed`` traded this attack's total power and total speed."""
    state = table.state
    if strike_record(state, ATTACK_TRADES, StrikeValues) is None:
        return False
    who = _seat_of(state, side)
    return who is not None and bool(strike_value(state, POWER_SPEED_SWAPPED, who))


def own_power(table: Table, side: AttackSide) -> int:
    """The attack's total power before any ``swap_power_speed`` (see ``total_power``); 0
    once its card has left the strike."""
    if side.left_strike:
        return 0
    if side.set_power is not None:
        return side.set_power
    card = side.card
    if card is None:
        return 0
    negative = side.power - side.power_positive
    return max(0, _printed_power(table, side, card) + negative + side.positive_power_bonus)


def _printed_power(table: Table, side: AttackSide, card: int) -> int:
    """The card's printed power (``printed_power``), unless
    ``use_top_discard_as_printed_power`` (or ``use_saved_power_as_printed_power``)
    replaced it."""
    state = table.state
    if strike_record(state, STRIKE_MODS, StrikeValues) is not None:
        who = _seat_of(state, side)
        printed = None if who is None else strike_value(state, PRINTED_POWER, who)
        if printed is not None:
            return printed
    return printed_power(table, card)


def printed_power(table: Table, ref: int) -> int:
    """Card ``ref``'s printed power: the number, or, for a power that is "the range to
    the opponent" (``power_is_range_to_opponent``: Merkava's I, Defile), the distance
    from its owner's fighter to the opponent's now (the same both ways: whoever reads
    it, an opponent's card as well). Every rule reading a printed power reads it here:
    an attack's base power, and a card's power read from a pile (``set_strike_x
    top_deck_power`` and the like).

    In a strike it is read live, whenever the total power is: at the hit check and at
    damage it is the distance then, which is the distance at the hit unless a fighter
    moved since (the distance after the move then counts); before the hit (a boost's
    ``hit: armorup {count: power}`` resolved first) it is already the distance."""
    definition = table.card(ref)
    if definition.power_is_range_to_opponent is True:
        return range_to_opponent(table)
    return definition.power


def range_to_opponent(table: Table) -> int:
    """The distance between the two fighters, the same from either side: a printed
    "range to the opponent" (I, Defile's power, Kunzite of Keep Breaker's range)."""
    a, b = (p.space for p in table.state.players)
    return distance(a, b)


def total_speed(table: Table, side: AttackSide) -> int:
    """The attack's total speed as every rule and condition reads it: its total power
    once ``swap_power_speed`` traded them (Hilda's Masquerade), else ``attack_speed``."""
    if power_speed_swapped(table, side):
        return own_power(table, side)
    return attack_speed(table, side)
