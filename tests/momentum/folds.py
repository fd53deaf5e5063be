"""Momentum's fold: the seat's momentum goes up by one."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.state import State, game_record
from momentum.events import MomentumGained
from momentum.state import MOMENTUM, MomentumState


def _gained(state: State, e: MomentumGained) -> None:
    game_record(state, MOMENTUM, MomentumState).gained[e.player] += 1


APPLY: dict[type, Callable[..., None]] = {MomentumGained: _gained}
ALSO: dict[str, Callable[..., None]] = {}
