"""Folds of cards moving between zones: shuffles, moves, boosts' marks, set-aside and
face-down sealed cards; and the zone helpers the mechanics' folds share (``take_from``,
``put_into``, ``zone_list``)."""

from __future__ import annotations

from engine.core import events as ev
from engine.core.folds.base import Fold, registrar, side_of
from engine.core.ids import Player, Zone
from engine.core.state import (
    SECRET_SEALED,
    SET_ASIDE,
    PlayerState,
    SecretSealedState,
    SetAsideState,
    State,
    game_record,
)

FOLDS: dict[type, Fold] = {}
on = registrar(FOLDS)


_ZONE_FIELDS: dict[Zone, str] = {
    Zone.DECK: "deck",
    Zone.HAND: "hand",
    Zone.DISCARD: "discard",
    Zone.GAUGE: "gauge",
    Zone.BOOSTS: "boosts",
    Zone.SEALED: "sealed",
}


def zone_list(p: PlayerState, zone: Zone) -> list[int]:
    """The list holding ``zone`` for player ``p`` (the strike zone has none)."""
    field = _ZONE_FIELDS.get(zone)
    if field is None:
        raise ValueError(f"zone {zone.name} has no list")
    cards: list[int] = getattr(p, field)
    return cards


def take_from(state: State, player: Player, zone: Zone, card: int) -> None:
    """Remove ``card`` from ``player``'s ``zone`` (their attack, for the strike zone),
    and a boost leaving play from the boost marks (a fold's first half)."""
    p = state.players[player]
    if zone is Zone.STRIKE:
        side_of(state, player).cards.remove(card)
        return
    getattr(p, _ZONE_FIELDS[zone]).remove(card)
    if zone is Zone.BOOSTS:
        for marks in (p.sustained, p.boosts_to_gauge, p.delayed_boosts):
            if card in marks:
                marks.remove(card)


def put_into(state: State, player: Player, zone: Zone, card: int, bottom: bool = False) -> None:
    """Add ``card`` to ``player``'s ``zone``: the top of the deck unless ``bottom``, the
    end of any other pile (a fold's second half)."""
    p = state.players[player]
    if zone is Zone.STRIKE:
        side_of(state, player).cards.append(card)
    elif zone is Zone.DECK:
        if bottom:
            p.deck.append(card)
        else:
            p.deck.insert(0, card)
    else:
        getattr(p, _ZONE_FIELDS[zone]).append(card)


@on(ev.DeckShuffled)
def _deck_shuffled(state: State, e: ev.DeckShuffled) -> None:
    state.players[e.player].deck = list(e.order)


@on(ev.DeckReshuffled)
def _deck_reshuffled(state: State, e: ev.DeckReshuffled) -> None:
    p = state.players[e.player]
    p.deck = list(e.order)
    p.discard = []
    p.reshuffled = True


@on(ev.CardMoved)
def _card_moved(state: State, e: ev.CardMoved) -> None:
    take_from(state, e.player, e.src, e.card)
    put_into(state, e.player, e.dst, e.card, e.bottom)


@on(ev.MulliganTaken)
def _mulligan(state: State, e: ev.MulliganTaken) -> None:
    pass


@on(ev.BoostSustained)
def _sustained(state: State, e: ev.BoostSustained) -> None:
    state.players[e.player].sustained.append(e.card)


@on(ev.BoostMarkedForGauge)
def _boost_to_gauge(state: State, e: ev.BoostMarkedForGauge) -> None:
    state.players[e.player].boosts_to_gauge.append(e.card)


@on(ev.HandRevealed)
def _hand_revealed(state: State, e: ev.HandRevealed) -> None:
    pass


@on(ev.BoostDelayed)
def _boost_delayed(state: State, e: ev.BoostDelayed) -> None:
    state.players[e.player].delayed_boosts.append(e.card)


@on(ev.BoostDelayEnded)
def _boost_delay_ended(state: State, e: ev.BoostDelayEnded) -> None:
    state.players[e.player].delayed_boosts.remove(e.card)


@on(ev.TopDeckRevealed)
def _top_deck_revealed(state: State, e: ev.TopDeckRevealed) -> None:
    pass


@on(ev.CardsSetAside)
def _cards_set_aside(state: State, e: ev.CardsSetAside) -> None:
    p = state.players[e.player]
    for card in e.cards:
        p.deck.remove(card)
    game_record(state, SET_ASIDE, SetAsideState).cards[e.player].extend(e.cards)


@on(ev.SetAsideCardAdded)
def _set_aside_card_added(state: State, e: ev.SetAsideCardAdded) -> None:
    game_record(state, SET_ASIDE, SetAsideState).cards[e.player].remove(e.card)
    state.players[e.player].deck.insert(0, e.card)


@on(ev.DiscardShuffledIntoDeck)
def _discard_shuffled_into_deck(state: State, e: ev.DiscardShuffledIntoDeck) -> None:
    p = state.players[e.player]
    p.deck = list(e.order)
    p.discard = []


@on(ev.CardSealedFaceDown)
def _card_sealed_face_down(state: State, e: ev.CardSealedFaceDown) -> None:
    take_from(state, e.player, e.src, e.card)
    put_into(state, e.player, Zone.SEALED, e.card)
    game_record(state, SECRET_SEALED, SecretSealedState).cards[e.player].append(e.card)
