"""What every fold module shares: the fold type, the decorator that files a fold under its
event type in the module's ``FOLDS`` table, and the attack side a strike event is about."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

from engine.core import events as ev
from engine.core.ids import Player
from engine.core.state import AttackSide, State

E = TypeVar("E")
Fold = Callable[[State, ev.Event], None]
"""A fold: changes ``State`` in place for one event, runs no rule and makes no choice."""


def registrar(
    table: dict[type, Fold],
) -> Callable[[type[E]], Callable[[Callable[[State, E], None]], Callable[[State, E], None]]]:
    """A decorator ``on(EventType)`` that files the decorated fold in ``table``."""

    def on(event_type: type[E]) -> Callable[[Callable[[State, E], None]], Callable[[State, E], None]]:
        def register(fn: Callable[[State, E], None]) -> Callable[[State, E], None]:
            table[event_type] = cast(Fold, fn)
            return fn

        return register

    return on


def side_of(state: State, player: Player) -> AttackSide:
    """``player``'s attack side in the strike in progress (a strike event outside one is a
    broken log)."""
    assert state.strike is not None, "strike event outside a strike"
    return state.strike.sides[player]
