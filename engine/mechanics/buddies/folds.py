"""The buddies mechanic's folds: the events of ``engine.events.buddies``.

``BuddyState`` (``State.mechanics["buddies"]``) is created by the first of these folds,
so a game in which no buddy is ever placed never has it and hashes as before.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.events.buddies import (
    BuddyImmuneToFlip,
    BuddyPlaced,
    BuddyRemoved,
    BuddySwapped,
    BuddyWallChanged,
    RangeFromBuddySet,
)
from engine.mechanics.buddies.state import (
    BUDDY_RANGE,
    BUDDY_STRIKE,
    BuddyRangeRecord,
    BuddyStrikeRecord,
    ensure,
)
from engine.state import State, current_strike_record


def _placed(state: State, e: BuddyPlaced) -> None:
    ensure(state).spaces[e.player][e.buddy] = e.space


def _removed(state: State, e: BuddyRemoved) -> None:
    found = ensure(state)
    found.spaces[e.player].pop(e.buddy, None)
    if e.buddy in found.walls[e.player]:
        found.walls[e.player].remove(e.buddy)


def _wall(state: State, e: BuddyWallChanged) -> None:
    walls = ensure(state).walls[e.player]
    if e.blocks and e.buddy not in walls:
        walls.append(e.buddy)
    elif not e.blocks and e.buddy in walls:
        walls.remove(e.buddy)


def _range_from(state: State, e: RangeFromBuddySet) -> None:
    current_strike_record(state, BUDDY_RANGE, BuddyRangeRecord).origins[e.player] = e.buddy


def _swapped(state: State, e: BuddySwapped) -> None:
    found = ensure(state)
    space = found.spaces[e.player].pop(e.removed, None)
    if e.removed in found.walls[e.player]:
        found.walls[e.player].remove(e.removed)
    if space is None:
        return
    found.spaces[e.player][e.placed] = space
    if state.strike is not None:
        entered = current_strike_record(state, BUDDY_STRIKE, BuddyStrikeRecord).entered
        entered[e.player].append(e.placed)


def _immune(state: State, e: BuddyImmuneToFlip) -> None:
    immune = current_strike_record(state, BUDDY_STRIKE, BuddyStrikeRecord).immune[e.player]
    if e.buddy not in immune:
        immune.append(e.buddy)


APPLY: dict[type, Callable[..., None]] = {
    BuddyPlaced: _placed,
    BuddyRemoved: _removed,
    BuddyWallChanged: _wall,
    RangeFromBuddySet: _range_from,
    BuddySwapped: _swapped,
    BuddyImmuneToFlip: _immune,
}
"""This mechanic's events and their folds."""
ALSO: dict[str, Callable[..., None]] = {}
"""Core event tag -> a fold run right after the core one (none)."""
