"""Causes: why each event happened (log format v2).

Every event the rules emit is recorded with a ``Cause``: what produced it (a card's
effect, a named rule of the game, or the decision itself) and the event it follows from.
The table keeps a stack of causes while the rules run (``Table.push_cause``): an effect
handler resolves under ``EFFECT`` (its tag, the card it is printed on, -1 for the
character card), a named rule (``engine.core.context.rule``: cleanup, the end-of-turn draw,
damage, advantage, ...) under ``RULE``, and what a decision does directly (the action taken, the
attack set) under ``DECISION``. ``after`` is the index, in the game's event stream, of
the last event before that cause began (what it follows from), or -1 when it began
before any event of its step: it follows from the step's decision (or, in setup, from
the deal). A v1 log has no causes: reading it gives ``UNKNOWN`` for each event.

Causes are not state: they never enter a fold or a state hash.
"""

from __future__ import annotations

import enum
from collections.abc import Callable

import msgspec


class CauseKind(enum.IntEnum):
    """What produced an event."""

    DECISION = 0
    """The decision of its step, directly (the action taken, the attack set, a move)."""
    RULE = 1
    """A named rule of the game (``Cause.what``: cleanup, end_of_turn_draw, damage...)."""
    EFFECT = 2
    """A card's effect (``what``: the effect's tag; ``card``: the card, -1 the
    character card)."""
    UNKNOWN = 3
    """Not recorded (a v1 log)."""


class Cause(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """Why one event happened (see the module docstring). Not tracked by the cyclic
    garbage collector (``gc=False``), as events are not (``engine.core.event_base``)."""

    kind: CauseKind
    what: str = ""
    card: int = -1
    player: int = -1
    after: int = -1


DECIDED = Cause(kind=CauseKind.DECISION)
UNKNOWN = Cause(kind=CauseKind.UNKNOWN)


def describe(cause: Cause, card_name: Callable[[int], str] | None = None) -> str:
    """A cause in words: ``Hadoken's powerup``, ``the rule: cleanup``, ``the decision``."""
    if cause.kind is CauseKind.DECISION:
        return "the decision"
    if cause.kind is CauseKind.UNKNOWN:
        return "unknown (not recorded in a v1 log)"
    if cause.kind is CauseKind.RULE:
        return f"the rule: {cause.what.replace('_', ' ')}"
    if cause.card < 0:
        source = "the character card"
    else:
        source = card_name(cause.card) if card_name is not None else f"card {cause.card}"
    return f"{possessive(source)} {cause.what}"


def possessive(name: str) -> str:
    """``name``'s, or ``name``' for a name ending in s (``Ken Masters' life``)."""
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"

