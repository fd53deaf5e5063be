"""Tag Team's events (Street Fighter rulebook, Tag Team): the fighters of a seat swap.

Their folds, and the lifting of an Ejection lock, are the mechanic's own
(``engine.mechanics.tag_team.folds``).
"""

from __future__ import annotations

import enum

from engine.core.event_base import EventStruct
from engine.core.ids import Player


class SwitchReason(enum.IntEnum):
    """Why a Tag Team's fighters swapped (Street Fighter rulebook, Tag Team)."""

    SWITCH = 0
    """The Switch Characters action."""
    CROSS_STRIKE = 1
    """Cross Strike: 2 gauge spent while setting the attack."""
    EJECTION = 2
    """The opponent's Ejection Strike forced the swap."""
    CROSS_EXCEED = 3
    """Cross Exceed: the tagged-out fighter exceeds without being tagged in. The rules
    bring it forward for its exceed cost and hook and swap back at once (two events)."""


class FighterSwitched(EventStruct, frozen=True, tag="fighter_switched"):
    """Tag Team: ``player``'s fighter in play and tagged-out fighter swap (with their
    life and exceed state), in the same space; boosts stay and apply to the new one.
    ``locked_until`` > 0 (Ejection): ``player`` cannot switch until strike number
    ``locked_until`` has ended (the lock lifts when that ``StrikeEnded`` is folded)."""

    player: Player
    reason: SwitchReason
    locked_until: int = 0
