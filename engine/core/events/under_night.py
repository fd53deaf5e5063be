"""Under Night In-Birth's events (UNI rulebook): an attack counting as EX, an effect
waiting for the attacks to be set, the Revert, a card entering the set-aside or a
character area, and Trap boosts placed onto a space.

Their folds are the mechanic's own (``engine.mechanics.under_night.folds``); they write
only ``UnderNightState`` (``State.mechanics["under_night"]``) and the fields the event
names.
"""

from __future__ import annotations

from engine import vocabulary
from engine.core.event_base import EventStruct
from engine.core.ids import Player


class AttackMadeEx(EventStruct, frozen=True, tag="attack_made_ex"):
    """``player``'s attack counts as EX for the rest of the strike (+1 power, speed,
    armor and guard, once: uni Cross boost, Superior)."""

    player: Player


class AttackExEnded(EventStruct, frozen=True, tag="attack_ex_ended"):
    """The boost that made ``player``'s attack EX (``AttackMadeEx``: Superior) left play
    mid-strike: the attack no longer counts as EX."""

    player: Player


class AfterSetEffectsPending(EventStruct, frozen=True, tag="after_set_effects_pending"):
    """``effects`` run for ``player`` once the attacks of the coming strike are set (uni
    Spike boost, Mixup)."""

    player: Player
    effects: tuple[vocabulary.Effect, ...]


class AfterSetEffectsDue(EventStruct, frozen=True, tag="after_set_effects_due"):
    """The attacks are set: ``player``'s pending after-set effects run now (and are no
    longer pending)."""

    player: Player


class Reverted(EventStruct, frozen=True, tag="reverted"):
    """``player`` left Exceed mode: the character card is back on its Basic Mode (UNI
    rulebook, Glossary: Revert)."""

    player: Player


class CardEnteredArea(EventStruct, frozen=True, tag="card_entered_area"):
    """``card`` left wherever it was (a core zone of ``player``'s or one of their areas)
    and entered ``player``'s area ``area``: ``"set_aside"`` (UNI rulebook, Setup 4) or a
    character-specific area's name (The Play Area). Both are open information."""

    player: Player
    card: int
    area: str


class TrapPlaced(EventStruct, frozen=True, tag="trap_placed"):
    """``player`` played the Trap boost ``card`` onto ``space`` (UNI rulebook, Trap
    Boosts); it stays in their boost area, sustained while they are not stunned."""

    player: Player
    card: int
    space: int


class StrikeTurnNoted(EventStruct, frozen=True, tag="strike_turn_noted"):
    """A strike happened during turn ``turn`` (noted at its cleanup, once per turn, in
    games with a UNI fighter), for ``last_turn_was_strike`` (Linne's Divine Blaze)."""

    turn: int


class BoostNamedCard(EventStruct, frozen=True, tag="boost_named_card"):
    """``player`` named the card ``name`` for their continuous boost ``card``, which
    remembers it while it stays in play (``name_card_for_boost``, Linne's Sidestep)."""

    player: Player
    card: int
    name: str


class StartOfTurnStrikeForced(EventStruct, frozen=True, tag="start_of_turn_strike_forced"):
    """A boost of ``player``'s forces them to strike this turn: Strike is their only
    action, and ``boost_caused_start_of_turn_strike`` holds until the turn ends."""

    player: Player


class AttackInvalidated(EventStruct, frozen=True, tag="attack_invalidated"):
    """An effect made ``player``'s attack ``card`` invalid: at the costs it is an
    Invalid Attack (discarded, then a wild swing)."""

    player: Player
    card: int



class TrapStopsMovement(EventStruct, frozen=True, tag="trap_stops_movement"):
    """``player``'s Trap ``card``, just played onto its space, stops the opponent who
    moves onto or through that space (``place_trap`` with a ``stop_on_space_effect``)."""

    player: Player
    card: int


class TrapSprung(EventStruct, frozen=True, tag="trap_sprung"):
    """The opponent stopped on ``player``'s Trap ``card``: its ``stop_on_space_effect``
    runs now for ``player`` (and it no longer waits to)."""

    player: Player
    card: int
