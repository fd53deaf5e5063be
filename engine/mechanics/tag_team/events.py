"""Tag Team's events and folds: the fighters swap; an Ejection lock lifts when its
strike ends. These folds are the only code that writes the ``partner_*`` fields and
``switch_locked_until`` of ``PlayerState`` after setup.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.event_base import EventStruct
from engine.ids import Player
from engine.state import State

if TYPE_CHECKING:
    from engine.events import StrikeEnded


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


def _fighter_switched(state: State, e: FighterSwitched) -> None:
    p = state.players[e.player]
    assert p.partner is not None, "a switch without a tagged-out fighter"
    p.character, p.partner = p.partner, p.character
    p.life, p.partner_life = p.partner_life, p.life
    p.exceeded, p.partner_exceeded = p.partner_exceeded, p.exceeded
    p.draw_from_bottom, p.partner_draw_from_bottom = p.partner_draw_from_bottom, p.draw_from_bottom
    if e.locked_until:
        p.switch_locked_until = e.locked_until


def _lift_ejection_lock(state: State, e: StrikeEnded) -> None:
    """After ``StrikeEnded`` is folded: a lock set for this strike lifts."""
    for p in state.players:
        if p.switch_locked_until and state.strikes >= p.switch_locked_until:
            p.switch_locked_until = 0


APPLY: dict[type, Callable[..., None]] = {FighterSwitched: _fighter_switched}
"""This mechanic's events and their folds."""
ALSO: dict[str, Callable[..., None]] = {"strike_ended": _lift_ejection_lock}
"""Core event tag -> a fold run right after the core one."""
