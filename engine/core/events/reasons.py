"""Closed sets an event names: why a card moved, which action a turn took, why an attack missed."""

from __future__ import annotations

import enum


class MoveReason(enum.IntEnum):
    """Why a card changed zones; used by transcripts and card analytics."""

    DRAW = 0
    FORCE = 1
    GAUGE_SPENT = 2
    BOOST = 3
    BOOST_DONE = 4
    EX_COPY = 5
    INVALID = 6
    CLEANUP = 7
    MULLIGAN = 8
    HAND_LIMIT = 9
    EFFECT = 10
    RANDOM_DISCARD = 11
    SETUP = 12
    """Dealt out of the deck at setup (a fighter's start-sealed cards)."""


class ActionKind(enum.IntEnum):
    """The turn actions of the core rules plus character actions."""

    PREPARE = 0
    MOVE = 1
    CHANGE_CARDS = 2
    EXCEED = 3
    RESHUFFLE = 4
    BOOST = 5
    STRIKE = 6
    CHARACTER_ACTION = 7
    SWITCH = 8
    CROSS_EXCEED = 9
    CROSS_BOOST = 10
    BOOST_ACTION = 11


class MissReason(enum.IntEnum):
    OUT_OF_RANGE = 0
    NO_RANGE = 1
    DOES_NOT_HIT = 2
    DODGED = 3
    DODGED_AT_RANGE = 4


