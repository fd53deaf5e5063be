"""Momentum's record: each seat's momentum, shown on every board as a counter."""

from __future__ import annotations

import msgspec

from engine.core.state import MechanicState

MOMENTUM = "toy_momentum"
"""The ``State.mechanics`` key, the counter's name and the mechanic's name."""


class MomentumState(MechanicState, kw_only=True):
    """Per seat, the momentum gained so far."""

    gained: list[int] = msgspec.field(default_factory=lambda: [0, 0])

    def counters(self, who: int) -> dict[str, int]:
        return {MOMENTUM: self.gained[who]}
