"""Momentum's event: ``player``'s attack hit, and they gain 1 momentum."""

from __future__ import annotations

from engine.core.event_base import EventStruct
from engine.core.ids import Player


class MomentumGained(EventStruct, frozen=True, tag="toy_momentum_gained"):
    """``player`` gains 1 momentum."""

    player: Player
