"""Tag Team's transcript line (``Mechanic.describe``): the fighters of a seat swap."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core.events.tag_team import FighterSwitched, SwitchReason
from engine.core.hooks.mechanic import Teller


def _switched(t: Teller, e: FighterSwitched) -> str | None:
    p = t.state.players[e.player]
    if e.reason is SwitchReason.CROSS_EXCEED or p.partner is None:
        return None  # the action line and "EXCEEDS" say it
    partner = t.catalog.character(p.partner).name
    if e.reason is SwitchReason.EJECTION:
        return (f"{t.who(e.player)} is EJECTED: {partner} tags in "
                f"(no switching until strike {e.locked_until} ends)")
    how = "cross strikes (2 gauge)" if e.reason is SwitchReason.CROSS_STRIKE else "switches"
    return f"{t.who(e.player)} {how}: {partner} tags in"


WORDS: Mapping[type, Callable[[Teller, Any], str | None]] = {FighterSwitched: _switched}
"""Event type -> its transcript line."""
