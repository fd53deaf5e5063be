"""The buddies mechanic's folds: the events of ``engine.core.events.buddies``.

``BuddyState`` (``State.mechanics["buddies"]``) is created by the first of these folds,
so a game in which no buddy is ever placed never has it and hashes as before.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.events.buddies import (
    BuddyImmuneToFlip,
    BuddyPlaced,
    BuddyPlacedFaceDown,
    BuddyRemoved,
    BuddySwapped,
    BuddyWallChanged,
    RangeFromBuddySet,
)
from engine.core.state import State, current_strike_record, game_record
from engine.mechanics.buddies.state import (
    BUDDY_RANGE,
    BUDDY_STRIKE,
    FACE_DOWN,
    BuddyRangeRecord,
    BuddyStrikeRecord,
    FaceDownBuddies,
    ensure,
    face_down,
)
from engine.mechanics.under_night.state import of as under_night


def _placed(state: State, e: BuddyPlaced) -> None:
    ensure(state).spaces[e.player][e.buddy] = e.space


def _placed_face_down(state: State, e: BuddyPlacedFaceDown) -> None:
    ensure(state).spaces[e.player][e.buddy] = e.space
    game_record(state, FACE_DOWN, FaceDownBuddies).shown[e.player][e.buddy] = e.shown_as


def _face_up(state: State, who: int, buddy: str) -> None:
    """``who``'s token ``buddy`` is no longer face down (it left the arena)."""
    hidden = face_down(state)
    if hidden is not None:
        hidden.shown[who].pop(buddy, None)


def _removed(state: State, e: BuddyRemoved) -> None:
    _face_up(state, e.player, e.buddy)
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
    record = current_strike_record(state, BUDDY_RANGE, BuddyRangeRecord)
    record.origins[e.player] = e.buddy
    card = e.buddy[1:] if e.buddy.startswith("#") else ""
    traps = under_night(state) if card.isascii() and card.isdigit() else None  # log text
    record.placed[e.player] = None if traps is None else traps.traps.get(int(card))


def _swapped(state: State, e: BuddySwapped) -> None:
    _face_up(state, e.player, e.removed)
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
    BuddyPlacedFaceDown: _placed_face_down,
    BuddyRemoved: _removed,
    BuddyWallChanged: _wall,
    RangeFromBuddySet: _range_from,
    BuddySwapped: _swapped,
    BuddyImmuneToFlip: _immune,
}
"""This mechanic's events and their folds."""
ALSO: dict[str, Callable[..., None]] = {}
"""Core event tag -> a fold run right after the core one (none)."""
