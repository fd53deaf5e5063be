"""BlazBlue's folds: the events of ``engine.events.blazblue``.

``OverdriveState`` (``State.mechanics["overdrive"]``) is created by the first card that
enters an overdrive area, so a game without one never has it and hashes as before.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.apply import put_into, take_from
from engine.events.blazblue import (
    AttackMarkedForOverdrive,
    AttacksNamedInvalid,
    EnteredOverdrive,
    LeftOverdrive,
)
from engine.ids import owner_of
from engine.mechanics.blazblue.state import (
    STRIKE_TO_OVERDRIVE,
    ZERO_VECTOR,
    StrikeToOverdriveState,
    ZeroVectorState,
    ensure,
)
from engine.state import State, current_strike_record, game_record


def _entered(state: State, e: EnteredOverdrive) -> None:
    take_from(state, e.from_player, e.src, e.card)
    ensure(state).cards[e.player].append(e.card)


def _left(state: State, e: LeftOverdrive) -> None:
    """The card goes to its owner's zone (an opponent's card held in an overdrive area
    returns to its owner's, as a card taken from the opponent does: rulebook FAQ)."""
    ensure(state).cards[e.player].remove(e.card)
    put_into(state, owner_of(e.card), e.dst, e.card, e.bottom)


def _marked(state: State, e: AttackMarkedForOverdrive) -> None:
    current_strike_record(state, STRIKE_TO_OVERDRIVE, StrikeToOverdriveState).marked[
        e.player] = True


def _named_invalid(state: State, e: AttacksNamedInvalid) -> None:
    record = game_record(state, ZERO_VECTOR, ZeroVectorState)
    if record.turn != e.turn:
        record.turn, record.names = e.turn, []
    record.names.append(e.name)


APPLY: dict[type, Callable[..., None]] = {
    EnteredOverdrive: _entered, LeftOverdrive: _left, AttackMarkedForOverdrive: _marked,
    AttacksNamedInvalid: _named_invalid,
}
"""This mechanic's events and their folds."""
ALSO: dict[str, Callable[..., None]] = {}
"""Core event tag -> a fold run right after the core one (none)."""
