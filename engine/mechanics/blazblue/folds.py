"""BlazBlue's folds: the events of ``engine.core.events.blazblue``.

``OverdriveState`` (``State.mechanics["overdrive"]``) is created by the first card that
enters an overdrive area, so a game without one never has it and hashes as before.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.events.blazblue import (
    AttackMarkedForOverdrive,
    AttacksNamedInvalid,
    EnteredOverdrive,
    LeftOverdrive,
    LightningRodPlaced,
    LightningRodStruck,
    OverdriveCountDodgeEnded,
    OverdriveCountDodgeGained,
    RangeIncludesLightningRods,
)
from engine.core.folds.zones import put_into, take_from
from engine.core.ids import Zone, owner_of
from engine.core.state import State, current_strike_values, game_record
from engine.mechanics.blazblue.state import (
    COUNT_DODGES,
    REACHES_RODS,
    TO_OVERDRIVE,
    ZERO_VECTOR,
    ZeroVectorState,
    ensure,
    ensure_rods,
)


def _entered(state: State, e: EnteredOverdrive) -> None:
    take_from(state, e.from_player, e.src, e.card)
    ensure(state).cards[e.player].append(e.card)


def _left(state: State, e: LeftOverdrive) -> None:
    """The card goes to its owner's zone (an opponent's card held in an overdrive area
    returns to its owner's, as a card taken from the opponent does: rulebook FAQ)."""
    ensure(state).cards[e.player].remove(e.card)
    put_into(state, owner_of(e.card), e.dst, e.card, e.bottom)


def _rod_placed(state: State, e: LightningRodPlaced) -> None:
    """The card leaves its zone (or, already a rod, its old space) for ``space``."""
    rods = ensure_rods(state).rods[e.player]
    if e.card not in rods:
        take_from(state, e.player, e.src, e.card)
    rods[e.card] = e.space


def _rod_struck(state: State, e: LightningRodStruck) -> None:
    del ensure_rods(state).rods[e.player][e.card]
    put_into(state, owner_of(e.card), Zone.HAND, e.card)


def _rod_range(state: State, e: RangeIncludesLightningRods) -> None:
    current_strike_values(state, REACHES_RODS)[e.player] = True


def _marked(state: State, e: AttackMarkedForOverdrive) -> None:
    current_strike_values(state, TO_OVERDRIVE)[e.player] = True


def _count_dodge(state: State, e: OverdriveCountDodgeGained) -> None:
    current_strike_values(state, COUNT_DODGES)[e.player] += 1


def _count_dodge_ended(state: State, e: OverdriveCountDodgeEnded) -> None:
    dodges = current_strike_values(state, COUNT_DODGES)
    dodges[e.player] = max(dodges[e.player] - 1, 0)


def _named_invalid(state: State, e: AttacksNamedInvalid) -> None:
    record = game_record(state, ZERO_VECTOR, ZeroVectorState)
    if record.turn != e.turn:
        record.turn, record.names = e.turn, []
    record.names.append(e.name)


APPLY: dict[type, Callable[..., None]] = {
    EnteredOverdrive: _entered,
    LeftOverdrive: _left,
    LightningRodPlaced: _rod_placed,
    LightningRodStruck: _rod_struck,
    RangeIncludesLightningRods: _rod_range,
    AttackMarkedForOverdrive: _marked,
    AttacksNamedInvalid: _named_invalid,
    OverdriveCountDodgeGained: _count_dodge,
    OverdriveCountDodgeEnded: _count_dodge_ended,
}
"""This mechanic's events and their folds."""
ALSO: dict[str, Callable[..., None]] = {}
"""Core event tag -> a fold run right after the core one (none)."""
