"""Buddy events: a fighter's buddy token placed on a space or taken out of the arena,
its space made (or no longer) a wall for the opponent, and an attack measuring its
range from a buddy.

Their folds are the buddies mechanic's (``engine.mechanics.buddies.folds``); they write
only ``BuddyState`` (``State.mechanics["buddies"]``) and the strike's
``BuddyRangeRecord``, so a game without a buddy hashes as before.
"""

from __future__ import annotations

from engine.core.event_base import EventStruct
from engine.core.ids import Player


class BuddyPlaced(EventStruct, frozen=True, tag="buddy_placed"):
    """``player``'s buddy ``buddy`` (its id) is now on ``space`` (placed, or moved there
    from another space)."""

    player: Player
    buddy: str
    space: int


class BuddyPlacedFaceDown(EventStruct, frozen=True, tag="buddy_placed_face_down"):
    """``player``'s buddy ``buddy`` is now on ``space``, face down: the opponent's copy
    of this event names it ``shown_as`` (Hazama's Ouroboros, fake or real). It is open
    again when it leaves the arena (``BuddyRemoved`` names it)."""

    player: Player
    buddy: str
    space: int
    shown_as: str


class BuddyRemoved(EventStruct, frozen=True, tag="buddy_removed"):
    """``player``'s buddy ``buddy`` left the arena (its wall, if any, goes with it)."""

    player: Player
    buddy: str


class BuddyWallChanged(EventStruct, frozen=True, tag="buddy_wall_changed"):
    """``player``'s buddy named ``buddy`` is (``blocks``) or is no longer a wall for the
    opponent's own movement."""

    player: Player
    buddy: str
    blocks: bool


class RangeFromBuddySet(EventStruct, frozen=True, tag="range_from_buddy_set"):
    """For the rest of this strike ``player``'s attack range is measured from their buddy
    named ``buddy``."""

    player: Player
    buddy: str


class BuddySwapped(EventStruct, frozen=True, tag="buddy_swapped"):
    """``player``'s buddy ``removed`` left the arena and ``placed`` took its space (Carl
    Clover's Nirvana flipped between Active and Disabled); during a strike ``placed``
    counts as having entered play this strike."""

    player: Player
    removed: str
    placed: str


class BuddyImmuneToFlip(EventStruct, frozen=True, tag="buddy_immune_to_flip"):
    """For the rest of this strike the opponent cannot flip ``player``'s buddy
    ``buddy``."""

    player: Player
    buddy: str
