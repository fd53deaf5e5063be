"""Small identifiers shared by every engine layer: players, zones and card references.

A card in a game is identified by an integer *card reference* that is unique within
that game. Player 1's cards are numbered from 0, player 2's from 100, so the owner of
any card reference is ``ref // 100``. The definition behind a reference lives in the
state's ``card_defs`` table.
"""

from __future__ import annotations

import enum

ARENA_MIN = 1
ARENA_MAX = 9
MAX_LIFE = 30
MAX_HAND = 7
FIRST_PLAYER_SPACE = 3
SECOND_PLAYER_SPACE = 7
CARDS_PER_PLAYER_BASE = 100
HIDDEN = -1
"""The card reference a card shows as where a player may not see it (a player's view,
``engine.knowledge.views``; a mechanic's record hiding its own secrets, ``hide_from``)."""


class Player(enum.IntEnum):
    """One of the two seats. ``P1`` is the first seat, not necessarily the first to act."""

    P1 = 0
    P2 = 1

    other: Player
    """The other seat (set on each member below: a plain attribute, read on every rule
    step, costs less than a property)."""

    @property
    def label(self) -> str:
        return "p1" if self is Player.P1 else "p2"


Player.P1.other = Player.P2
Player.P2.other = Player.P1


class Zone(enum.IntEnum):
    """Where a card can be. Hand and deck are hidden; the rest are open information."""

    DECK = 0
    HAND = 1
    DISCARD = 2
    GAUGE = 3
    BOOSTS = 4
    STRIKE = 5
    SEALED = 6

    @property
    def hidden(self) -> bool:
        return self in (Zone.DECK, Zone.HAND)


_SEATS = {0: Player.P1, 1: Player.P2}


def owner_of(card: int) -> Player:
    """The player who owns card reference ``card``."""
    return _SEATS[card // CARDS_PER_PLAYER_BASE]
