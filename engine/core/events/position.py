"""A built position's events: cards created beyond the deck list, and edits of a seat.

The scenario builder (``engine.play.scenario``) states a position as these events, folded in
the setup step of its game, and an edit during play (``Game.edit``) emits them in a step
of its own, so replay, verify and the state hash see a built position as they see any
other game. They are referee facts, not rule outcomes: no rule ever emits them.
"""

from __future__ import annotations

import enum

from engine.core.event_base import EventStruct
from engine.core.ids import Player, Zone


class EditKind(enum.IntEnum):
    """What a ``PositionEdited`` sets (its ``value``, or its ``zone`` and ``cards``)."""

    ZONE = 0
    """``zone`` holds exactly ``cards`` (the deck top first)."""
    SPACE = 1
    LIFE = 2
    EXCEEDED = 3
    """``value`` 1: in Exceed mode; 0: not."""
    RESHUFFLES_LEFT = 4
    PARTNER_LIFE = 5
    PARTNER_EXCEEDED = 6
    SWITCH_LOCKED_UNTIL = 7
    NEXT_TURN = 8
    """``player`` takes the next turn, numbered ``value + 1``."""


class CardsCreated(EventStruct, frozen=True, tag="cards_created"):
    """Cards beyond ``player``'s deck list are created for a built position, with the
    references ``cards`` (after the deck's own) and the card ids ``card_ids``. They are
    in no zone until a ``PositionEdited`` of the same step places them."""

    player: Player
    cards: tuple[int, ...]
    card_ids: tuple[str, ...]


class PositionEdited(EventStruct, frozen=True, tag="position_edited"):
    """A seat of a built position is set: one ``kind`` (see ``EditKind``)."""

    player: Player
    kind: EditKind
    value: int = 0
    zone: Zone = Zone.DECK
    cards: tuple[int, ...] = ()
