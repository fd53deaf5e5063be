"""The buddies' transcript lines (``Mechanic.describe``): tokens placed, removed,
swapped, made walls or range origins."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core.events.buddies import (
    BuddyImmuneToFlip,
    BuddyPlaced,
    BuddyPlacedFaceDown,
    BuddyRemoved,
    BuddySwapped,
    BuddyWallChanged,
    RangeFromBuddySet,
)
from engine.core.hooks.mechanic import Teller
from engine.core.ids import Player


def _buddy(t: Teller, who: Player, buddy: str) -> str:
    """A buddy's printed name (its id, or a placed boost's name, if it declares none)."""
    p = t.state.players[who]
    return t.catalog.buddy_name((p.character, p.partner), buddy)


WORDS: Mapping[type, Callable[[Teller, Any], str | None]] = {
    BuddyPlaced: lambda t, e: (
        f"{t.who(e.player)} places {_buddy(t, e.player, e.buddy)} on space {e.space}"),
    BuddyPlacedFaceDown: lambda t, e: (
        f"{t.who(e.player)} places {_buddy(t, e.player, e.buddy)} face down on "
        f"space {e.space}"),
    BuddyRemoved: lambda t, e: (
        f"{t.who(e.player)} removes {_buddy(t, e.player, e.buddy)} from the arena"),
    BuddyWallChanged: lambda t, e: (
        f"{t.whose(e.player)} {_buddy(t, e.player, e.buddy)} "
        f"{'blocks' if e.blocks else 'no longer blocks'} the opponent's movement"),
    RangeFromBuddySet: lambda t, e: (
        f"{t.whose(e.player)} range is measured from {_buddy(t, e.player, e.buddy)}"),
    BuddySwapped: lambda t, e: (
        f"{t.whose(e.player)} {_buddy(t, e.player, e.removed)} becomes "
        f"{_buddy(t, e.player, e.placed)}"),
    BuddyImmuneToFlip: lambda t, e: (
        f"{t.whose(e.player)} {_buddy(t, e.player, e.buddy)} cannot be flipped this strike"),
}
"""Event type -> its transcript line."""
