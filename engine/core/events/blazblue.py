"""BlazBlue's events (BlazBlue rulebook, Season Mechanics: Overdrive): a card entering
or leaving a player's overdrive area; Rachel's lightning rods placed on the arena,
struck (returned to hand) and reaching an attack's range; Arakune's dodge at the
distance his overdrive count gives.

Their folds are the mechanic's own (``engine.mechanics.blazblue.folds``); they write only
``OverdriveState`` (``State.mechanics["overdrive"]``) and the zones the event names.
"""

from __future__ import annotations

import enum

from engine.core.event_base import EventStruct
from engine.core.ids import Player, Zone


class OverdriveExit(enum.IntEnum):
    """Why a card left an overdrive area."""

    TURN_START = 0
    """The mandatory overdrive discard at the start of the owner's turn."""
    EFFECT = 1
    """An effect moved it (a choose-from-overdrive, Arakune's exceed ability...)."""


class EnteredOverdrive(EventStruct, frozen=True, tag="entered_overdrive"):
    """``card`` left ``from_player``'s zone ``src`` (their attack when ``src`` is the
    strike) and entered ``player``'s overdrive area: the gauge paid to Exceed (BlazBlue
    Exceed mode), or a card an effect puts there (Arakune's). Open information."""

    player: Player
    card: int
    src: Zone
    from_player: Player


class LeftOverdrive(EventStruct, frozen=True, tag="left_overdrive"):
    """``card`` left ``player``'s overdrive area for its owner's zone ``dst`` (the top of
    the deck unless ``bottom``): the mandatory overdrive discard at the start of the
    turn, or an effect's (``reason``)."""

    player: Player
    card: int
    dst: Zone
    reason: OverdriveExit
    bottom: bool = False


class LightningRodPlaced(EventStruct, frozen=True, tag="lightning_rod_placed"):
    """``card`` left ``player``'s zone ``src`` (the discard pile, or their attack when
    ``src`` is the strike) and lies on ``space`` as one of ``player``'s lightning rods
    (Rachel). Open information."""

    player: Player
    card: int
    src: Zone
    space: int


class LightningRodStruck(EventStruct, frozen=True, tag="lightning_rod_struck"):
    """``player``'s lightning rod ``card`` under the opponent struck: it left the arena
    for ``player``'s hand (the 2 damage follows as its own event)."""

    player: Player
    card: int


class RangeIncludesLightningRods(EventStruct, frozen=True, tag="range_includes_lightning_rods"):
    """For the rest of this strike ``player``'s attack reaches an opponent standing on
    one of ``player``'s lightning rods, whatever the distance."""

    player: Player


class AttackMarkedForOverdrive(EventStruct, frozen=True, tag="attack_marked_for_overdrive"):
    """``player``'s attack card goes into their overdrive area at this strike's cleanup
    (``add_strike_to_overdrive_after_cleanup``)."""

    player: Player


class AttacksNamedInvalid(EventStruct, frozen=True, tag="attacks_named_invalid"):
    """``player`` named ``name``: attacks of that name are invalid for both players in
    turn number ``turn`` (``zero_vector``, Arakune's Zero Vector)."""

    player: Player
    name: str
    turn: int


class OverdriveCountDodgeGained(EventStruct, frozen=True, tag="overdrive_count_dodge"):
    """For the rest of this strike, an attack on ``player`` from exactly as many spaces
    as ``player``'s overdrive area holds cards misses, the count read as each attack is
    checked for a hit (``dodge_at_range {special_range: OVERDRIVE_COUNT}``: Arakune's
    Equals 0)."""

    player: Player


class OverdriveCountDodgeEnded(EventStruct, frozen=True, tag="overdrive_count_dodge_ended"):
    """The continuous boost that gave ``player`` an ``OverdriveCountDodgeGained`` left
    play mid-strike: that dodge no longer counts."""

    player: Player
