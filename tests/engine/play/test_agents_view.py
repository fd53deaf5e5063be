"""The heuristic agent reads its seat's view without a copy of the state (issue 31): the
seating loop hands it a ``glance`` (``engine.knowledge.views``), which equals ``observe``
on every decision, and the agent decides the same from either without changing the live
state the glance shares."""

from __future__ import annotations

import pytest

from engine.cards.catalog import default_catalog
from engine.core.decisions import forced_decision
from engine.core.ids import Player
from engine.core.state import canonical_bytes
from engine.knowledge.views import glance, observe
from engine.play.api import GameSetup, new_game
from engine.play.heuristic import HeuristicAgent
from engine.play.match import play_game

CATALOG = default_catalog()

MATCHUPS = [
    GameSetup(p1="ryu", p2="ken"),
    GameSetup(p1="arakune", p2="mika"),  # Arakune's face-down sealed area; Mika's wild swings
    GameSetup(p1="hazama", p2="carlclover"),  # face-down Ouroboros tokens
    GameSetup(p1="nine", p2="litchi"),
]


@pytest.mark.parametrize("setup", MATCHUPS, ids=lambda s: f"{s.p1}-{s.p2}")
def test_a_glance_equals_observe_on_every_decision(setup: GameSetup) -> None:
    """Both seats' views, at every decision of a heuristic game, are ``observe``'s
    (deck order, the opponent's hand, a face-down attack, secret sealed cards hidden).
    Two seeds, so that short games still check more than 100 views."""
    checked = 0
    for seed in (5, 6):
        game = play_game(setup, seed, ("heuristic", "heuristic"), CATALOG)
        replayed = new_game(setup, seed, CATALOG)
        for decision in game.decisions:
            for seat in (Player.P1, Player.P2):
                seen = glance(replayed.state, seat)
                assert canonical_bytes(seen) == canonical_bytes(observe(replayed.state, seat))
                assert seen == observe(replayed.state, seat)
                checked += 1
            replayed.step(decision)
    assert checked > 100


@pytest.mark.parametrize("setup", MATCHUPS, ids=lambda s: f"{s.p1}-{s.p2}")
def test_heuristic_decides_the_same_from_a_glance_as_from_a_copy(setup: GameSetup) -> None:
    """A game whose agents get ``observe``'s copy takes the same decisions, and ends in the
    same state, as ``play_game`` (which hands a glance); deciding from a glance never
    changes the live state it shares."""
    played = play_game(setup, 21, ("heuristic", "heuristic"), CATALOG)
    game = new_game(setup, 21, CATALOG)
    seats = [HeuristicAgent(21, Player(i), CATALOG) for i in range(2)]
    readers = [HeuristicAgent(21, Player(i), CATALOG) for i in range(2)]
    request = game.pending
    while request is not None:
        decision = forced_decision(request)
        if decision is None:
            before = canonical_bytes(game.state)
            decision = seats[request.player].decide(observe(game.state, request.player),
                                                    request)
            assert readers[request.player].decide(glance(game.state, request.player),
                                                  request) == decision
            assert canonical_bytes(game.state) == before
        game.step(decision)
        request = game.pending
    assert game.decisions == played.decisions
    assert canonical_bytes(game.state) == canonical_bytes(played.state)
