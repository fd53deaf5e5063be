"""Tag Team's folds: the fighters swap (``engine.core.events.tag_team``); an Ejection lock
lifts when its strike ends. These folds are the only code that writes the ``partner_*`` fields and
``switch_locked_until`` of ``PlayerState`` after setup.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.core.events.tag_team import FighterSwitched
from engine.core.state import State

if TYPE_CHECKING:
    from engine.core.events import StrikeEnded


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
