"""Priority (core rulebook, Resolving Strikes: "Determine Priority"): each attack's total
speed, and which attack activates first: the faster one, ties to the attacker."""

from __future__ import annotations

from engine.core import events as ev
from engine.core.attack_totals import total_speed
from engine.core.context import Table
from engine.core.ids import Player
from engine.rules.strike.timing import current_strike


def determine_priority(table: Table) -> Player:
    """Who activates their attack first: the higher total speed, ties to the attacker
    (``PriorityDetermined`` names them and both speeds)."""
    strike = current_strike(table)
    attacker, defender = strike.attacker, strike.defender
    speeds = [total_speed(table, side) for side in strike.sides]
    first = attacker if speeds[attacker] >= speeds[defender] else defender
    table.emit(ev.PriorityDetermined(first=first, speed_p1=speeds[0], speed_p2=speeds[1]))
    return first
