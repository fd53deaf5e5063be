"""The heuristic agent reads its seat's view without copying the state (issue 31):
``seat_view`` equals ``observe`` on every decision, and the agent decides the same from
either, without changing the live state it shares."""

from __future__ import annotations

import pytest

from engine.cards.catalog import default_catalog
from engine.core.decisions import forced_decision
from engine.core.ids import Player
from engine.core.state import canonical_bytes
from engine.knowledge.views import observe
from engine.play.agents import BLIND, HeuristicAgent
from engine.play.api import GameSetup, new_game
from engine.play.heuristic_view import seat_view
from engine.play.match import play_game

CATALOG = default_catalog()

MATCHUPS = [
    GameSetup(p1="ryu", p2="ken"),
    GameSetup(p1="arakune", p2="mika"),  # Arakune's face-down sealed area; Mika's wild swings
    GameSetup(p1="hazama", p2="carlclover"),  # face-down Ouroboros tokens (observe's path)
    GameSetup(p1="nine", p2="litchi"),
]


@pytest.mark.parametrize("setup", MATCHUPS, ids=lambda s: f"{s.p1}-{s.p2}")
def test_seat_view_equals_observe_on_every_decision(setup: GameSetup) -> None:
    """Both seats' views, at every decision of a heuristic game, are ``observe``'s
    (deck order, the opponent's hand, a face-down attack, secret sealed cards hidden)."""
    game = play_game(setup, 5, ("heuristic", "heuristic"), CATALOG)
    replayed = new_game(setup, 5, CATALOG)
    checked = 0
    for decision in game.decisions:
        for seat in (Player.P1, Player.P2):
            seen = seat_view(replayed.state, seat)
            assert canonical_bytes(seen) == canonical_bytes(observe(replayed.state, seat))
            assert seen == observe(replayed.state, seat)
            checked += 1
        replayed.step(decision)
    assert checked > 100


@pytest.mark.parametrize("setup", MATCHUPS, ids=lambda s: f"{s.p1}-{s.p2}")
def test_heuristic_decides_the_same_from_a_copied_view(setup: GameSetup) -> None:
    """A game played through ``seat_view`` (the loop hands ``BLIND``) takes the same
    decisions, and ends in the same state, as one whose agents get ``observe``'s copy;
    the agent never changes the live state it reads."""
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
            reader = readers[request.player]
            reader.follow(game)
            assert reader.decide(BLIND, request) == decision
            assert canonical_bytes(game.state) == before
        game.step(decision)
        request = game.pending
    assert game.decisions == played.decisions
    assert canonical_bytes(game.state) == canonical_bytes(played.state)


def test_a_blind_heuristic_agent_that_follows_nothing_says_so() -> None:
    agent = HeuristicAgent(0, Player.P1, CATALOG)
    request = new_game(MATCHUPS[0], 0, CATALOG).pending
    assert request is not None
    with pytest.raises(ValueError, match="needs a view or a followed game"):
        agent.decide(BLIND, request)
