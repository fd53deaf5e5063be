"""Critical's folds: the attack is made Critical (``engine.core.events.critical``); Critical
carries over into an extra attack (``play_attack_from_hand``), as it belongs to the
player's strike.

``AttackSide.critical`` is the state this mechanic owns; only these folds write it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.core.events.critical import AttackMadeCritical
from engine.core.state import State

if TYPE_CHECKING:
    from engine.core.events import ExtraAttackStarted


def _critical(state: State, e: AttackMadeCritical) -> None:
    assert state.strike is not None, "strike event outside a strike"
    state.strike.sides[e.player].critical = True


def _carry_into_extra_attack(state: State, e: ExtraAttackStarted) -> None:
    """After ``ExtraAttackStarted`` is folded: the fresh side keeps the main attack's
    Critical."""
    assert state.strike is not None
    side = state.strike.sides[e.player]
    assert side.main is not None
    side.critical = side.main.critical


APPLY: dict[type, Callable[..., None]] = {AttackMadeCritical: _critical}
"""This mechanic's events and their folds."""
ALSO: dict[str, Callable[..., None]] = {"extra_attack": _carry_into_extra_attack}
"""Core event tag -> a fold run right after the core one."""
