"""Folds of a built position (``engine.core.events.position``): referee facts, never a
rule's: the cards created beyond the deck lists and the edits of a player's side."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import events as ev
from engine.core.folds.base import Fold, registrar
from engine.core.folds.zones import zone_list
from engine.core.ids import Zone
from engine.core.state import (
    POSITION,
    Phase,
    PlayerState,
    PositionState,
    State,
    game_record,
)

FOLDS: dict[type, Fold] = {}
on = registrar(FOLDS)


def _position(state: State) -> PositionState:
    return game_record(state, POSITION, PositionState)


@on(ev.CardsCreated)
def _cards_created(state: State, e: ev.CardsCreated) -> None:
    # a new dict: copies of the state share ``card_defs`` (see ``State.copy``)
    state.card_defs = {**state.card_defs, **dict(zip(e.cards, e.card_ids, strict=True))}
    _position(state).created.extend(e.cards)


def _set_zone(p: PlayerState, zone: Zone, cards: tuple[int, ...]) -> None:
    zone_list(p, zone)[:] = cards
    if zone is Zone.BOOSTS:
        kept = set(cards)
        for marks in (p.sustained, p.boosts_to_gauge, p.delayed_boosts):
            marks[:] = [card for card in marks if card in kept]


_EDITS: dict[ev.EditKind, Callable[[PlayerState, int], None]] = {
    ev.EditKind.SPACE: lambda p, v: setattr(p, "space", v),
    ev.EditKind.LIFE: lambda p, v: setattr(p, "life", v),
    ev.EditKind.EXCEEDED: lambda p, v: setattr(p, "exceeded", bool(v)),
    # core rulebook, Reshuffle: once per game, so none left means reshuffled
    ev.EditKind.RESHUFFLES_LEFT: lambda p, v: setattr(p, "reshuffled", v == 0),
    ev.EditKind.PARTNER_LIFE: lambda p, v: setattr(p, "partner_life", v),
    ev.EditKind.PARTNER_EXCEEDED: lambda p, v: setattr(p, "partner_exceeded", bool(v)),
    ev.EditKind.SWITCH_LOCKED_UNTIL: lambda p, v: setattr(p, "switch_locked_until", v),
}


@on(ev.PositionEdited)
def _position_edited(state: State, e: ev.PositionEdited) -> None:
    p = state.players[e.player]
    if e.kind is ev.EditKind.ZONE:
        _set_zone(p, e.zone, e.cards)
    elif e.kind is ev.EditKind.NEXT_TURN:
        state.phase = Phase.PLAYING
        state.active = state.first_player = e.player
        state.turn = e.value
    else:
        _EDITS[e.kind](p, e.value)
