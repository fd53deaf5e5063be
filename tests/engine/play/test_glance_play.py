"""The match loop hands agents a ``glance`` (issue 31), which shares the seat's visible
zones with the live state: an agent must read it, never change it. Played both ways
(a glance, and a full ``observe`` copy as before), every fighter's heuristic game asks
and decides the same and ends in the same state: an agent that changed its view would
change the game here. The heuristic agent's choices stay its own (issue 32); only the
view it is handed changed."""

from __future__ import annotations

from engine.cards.catalog import default_catalog
from engine.core.decisions import forced_decision
from engine.core.ids import Player
from engine.knowledge.views import observe
from engine.play.agents import make_agent
from engine.play.api import Game, GameSetup, new_game
from engine.play.match import play_game

CATALOG = default_catalog()
SEATS = [*CATALOG.character_ids(), "ryu+ken"]


def _play_with_observed_copies(setup: GameSetup, seed: int) -> Game:
    game = new_game(setup, seed, CATALOG)
    seats = (make_agent("heuristic", seed, Player.P1, CATALOG),
             make_agent("heuristic", seed, Player.P2, CATALOG))
    request = game.pending
    while request is not None:
        decision = forced_decision(request)
        if decision is None:
            decision = seats[request.player].decide(observe(game.state, request.player),
                                                    request)
        game.step(decision)
        request = game.pending
    return game


def test_heuristic_games_are_the_same_from_a_glance_as_from_an_observed_copy() -> None:
    for index, seat in enumerate(SEATS):
        setup = GameSetup(p1=seat, p2=SEATS[(index * 11 + 5) % len(SEATS)])
        glanced = play_game(setup, 500 + index, ("heuristic", "heuristic"), CATALOG)
        copied = _play_with_observed_copies(setup, 500 + index)
        assert glanced.decisions == copied.decisions, setup
        assert glanced.state == copied.state, setup
        assert glanced.state.winner == copied.state.winner
