"""Invariants every game state must satisfy, checked by the fuzzer and the tests.

Each check returns a list of human-readable violations (empty when the state is fine):
cards conserved across zones, life within 0..max, fighters on distinct spaces in the
arena, and exactly one pending request unless the game is over.
"""

from __future__ import annotations

from collections import Counter

from engine.core.decisions import Request
from engine.core.ids import ARENA_MAX, ARENA_MIN, CARDS_PER_PLAYER_BASE, MAX_LIFE
from engine.core.state import Phase, State

FOREIGN_ALLOWED: frozenset[str] = frozenset({"boosts", "gauge", "sealed", "strike", "areas"})
"""Where a player may hold an opponent's card (UNI rulebook, FAQ: boost, gauge, sealed and
character-specific areas; the strike, where an effect may set it)."""


def card_conservation(state: State) -> list[str]:
    """Every card is somewhere, exactly once; a player holds an opponent's card only
    where the rules allow it (``FOREIGN_ALLOWED``)."""
    problems: list[str] = []
    owned: dict[int, list[int]] = {0: [], 1: []}
    for ref in state.card_defs:
        owned[ref // CARDS_PER_PLAYER_BASE].append(ref)
    places: dict[int, dict[str, list[int]]] = {}
    for who, p in enumerate(state.players):
        zones = {"deck": p.deck, "hand": p.hand, "discard": p.discard, "gauge": p.gauge,
                 "boosts": p.boosts, "sealed": p.sealed,
                 "areas": [c for m in state.mechanics.values() for c in m.area_cards(who)]}
        if state.strike is not None:
            zones["strike"] = state.strike.sides[who].cards
        places[who] = zones
    everywhere = Counter(c for zones in places.values() for cards in zones.values()
                         for c in cards)
    for who, zones in places.items():
        twice = sorted(card for card in owned[who] if everywhere[card] > 1)
        if twice:
            problems.append(f"p{who + 1}: cards in two places at once: {twice}")
        missing = sorted(card for card in owned[who] if everywhere[card] == 0)
        if missing:
            problems.append(f"p{who + 1}: cards missing from every zone: {missing}")
        foreign = sorted(c for name, cards in zones.items() for c in cards
                         if c not in owned[who]
                         and (name not in FOREIGN_ALLOWED or c not in state.card_defs))
        if foreign:
            problems.append(f"p{who + 1}: cards it does not own: {foreign}")
    return problems


def bounds(state: State) -> list[str]:
    """Life within 0..MAX_LIFE (both fighters of a Tag Team, two different ones);
    distinct spaces within the arena."""
    problems: list[str] = []
    for who, p in enumerate(state.players):
        if not 0 <= p.life <= MAX_LIFE:
            problems.append(f"p{who + 1}: life {p.life} outside 0..{MAX_LIFE}")
        if p.partner is not None:
            if not 0 <= p.partner_life <= MAX_LIFE:
                problems.append(f"p{who + 1}: partner life {p.partner_life} outside "
                                f"0..{MAX_LIFE}")
            if p.partner == p.character:
                problems.append(f"p{who + 1}: {p.character} is tagged in and out at once")
        if not ARENA_MIN <= p.space <= ARENA_MAX:
            problems.append(f"p{who + 1}: space {p.space} outside {ARENA_MIN}..{ARENA_MAX}")
    if state.players[0].space == state.players[1].space:
        problems.append(f"both fighters on space {state.players[0].space}")
    return problems


def one_pending(state: State, pending: Request | None) -> list[str]:
    """Exactly one pending request, or the game is over with a winner."""
    over = state.phase is Phase.OVER
    if over and pending is not None:
        return ["the game is over but a request is pending"]
    if not over and pending is None:
        return ["no request is pending but the game is not over"]
    if over and state.winner is None:
        return ["the game is over without a winner"]
    return []


def check(state: State, pending: Request | None) -> list[str]:
    """Every invariant at once."""
    return card_conservation(state) + bounds(state) + one_pending(state, pending)
