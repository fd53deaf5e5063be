"""Tests for ``engine.play.agents``: strength of the heuristic, reproducibility, and views only.

Agents must see nothing but ``observe(state, player)``; a wrapping agent seated through
``engine.play.match.make_agent`` asserts that on every request of a real game.
"""

from __future__ import annotations

from typing import Any

import pytest

import engine.play.match
from engine.cards.catalog import Catalog, default_catalog
from engine.core.decisions import ActionRequest, Decision, Request, Strike
from engine.core.ids import Player
from engine.core.state import State, canonical_bytes
from engine.knowledge.views import HIDDEN, observe
from engine.play.agents import BLIND, Agent, make_agent
from engine.play.api import Game, GameSetup, new_game
from engine.play.heuristic import HeuristicAgent
from engine.play.match import play_game
from engine.play.random_agent import RandomAgent

CATALOG = default_catalog()
P1, P2 = Player.P1, Player.P2
RYU_KEN = GameSetup(p1="ryu", p2="ken")


def test_heuristic_beats_random_in_three_games_of_four() -> None:
    """200 seeded Ryu vs Ken games: heuristic as p1 for seeds 0..99, as p2 for 100..199."""
    wins = {P1: 0, P2: 0}
    for seed in range(200):
        seat = P1 if seed < 100 else P2
        agents = ("heuristic", "random") if seat is P1 else ("random", "heuristic")
        game = play_game(RYU_KEN, seed, agents, CATALOG)
        wins[seat] += game.state.winner is seat
    total = wins[P1] + wins[P2]
    # Measured: 192 of 200 (94 as p1, 98 as p2) with the kit rules of issue 32; 189 before
    # (99 as p1, 90 as p2; 185 before the Ultra payment fix of issue 11).
    assert total >= 150, f"heuristic won {total}/200 (as p1 {wins[P1]}, as p2 {wins[P2]})"
    assert min(wins.values()) >= 60, f"a seat is much weaker: {wins}"


def _recorded(seed: int, agents: tuple[str, str]) -> list[tuple[Player, State, Request]]:
    """Every (seat, view, request) a game asked its agents, in order."""
    asked: list[tuple[Player, State, Request]] = []

    original = make_agent  # the one engine.play.match imports

    class Spy:
        def __init__(self, inner: Agent, seat: Player) -> None:
            self.inner, self.seat, self.name = inner, seat, inner.name
            self.needs_view = inner.needs_view

        def decide(self, view: State, request: Request) -> Decision:
            asked.append((self.seat, view.copy(), request))
            return self.inner.decide(view, request)

    def spying(name: str, seed: int, player: Player, catalog: Catalog) -> Agent:
        return Spy(original(name, seed, player, catalog), player)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(engine.play.match, "make_agent", spying)
        play_game(RYU_KEN, seed, agents, CATALOG)
    return asked


@pytest.mark.parametrize("seed", [0, 1, 2**64 - 1])
def test_random_agent_is_reproducible(seed: int) -> None:
    asked = _recorded(seed, ("random", "random"))
    assert len(asked) > 20

    def replay(agent_seed: int) -> list[Decision]:
        seats = {who: RandomAgent(agent_seed, who) for who in (P1, P2)}
        return [seats[who].decide(view, request) for who, view, request in asked]

    first = replay(seed)
    assert first == replay(seed)
    assert first != replay(seed ^ 1), "the agent ignores its seed"
    # And whole games: the same seed gives the same decisions.
    one = play_game(RYU_KEN, seed, ("random", "random"), CATALOG)
    two = play_game(RYU_KEN, seed, ("random", "random"), CATALOG)
    assert one.decisions == two.decisions
    assert one.decisions == first


def test_each_seat_draws_from_its_own_stream() -> None:
    asked = [(v, r) for who, v, r in _recorded(5, ("random", "random")) if who is P1]
    as_p1 = [RandomAgent(5, P1).decide(v, r) for v, r in asked]
    as_p2 = [RandomAgent(5, P2).decide(v, r) for v, r in asked]
    assert as_p1 != as_p2


def test_heuristic_agent_is_reproducible() -> None:
    one = play_game(RYU_KEN, 11, ("heuristic", "heuristic"), CATALOG)
    two = play_game(RYU_KEN, 11, ("heuristic", "heuristic"), CATALOG)
    assert one.decisions == two.decisions
    assert canonical_bytes(one.state) == canonical_bytes(two.state)


def test_make_agent_refuses_an_unknown_name() -> None:
    with pytest.raises(ValueError, match="unknown agent 'smart'"):
        make_agent("smart", 0, P1, CATALOG)
    assert isinstance(make_agent("heuristic", 0, P2, CATALOG), HeuristicAgent)


class ViewOnly:
    """Wraps an agent; fails if it is handed anything more than its own view."""

    def __init__(self, inner: Agent, seat: Player, live: list[Game]) -> None:
        self.inner = inner
        self.seat = seat
        self.name = inner.name
        self.needs_view = inner.needs_view
        self.live = live
        self.calls = 0

    def decide(self, view: State, request: Request) -> Decision:
        self.calls += 1
        assert request.player == self.seat, f"{self.seat.label} asked {request!r}"
        if not self.needs_view:
            # an agent that decides from the request alone is shown nothing at all
            assert view is BLIND and view.players == []
            return self.inner.decide(view, request)
        game = self.live[0]
        assert view is not game.state, "the agent was handed the live state"
        them = view.players[self.seat.other]
        assert all(c == HIDDEN for c in them.hand), f"{self.seat.label} sees {them.hand}"
        for p in view.players:
            assert all(c == HIDDEN for c in p.deck), f"{self.seat.label} sees a deck order"
        assert canonical_bytes(view) == canonical_bytes(observe(game.state, self.seat))
        return self.inner.decide(view, request)


@pytest.mark.parametrize("agents", [("random", "random"), ("heuristic", "heuristic")])
@pytest.mark.parametrize("seed", [0, 3, 2**63])
def test_agents_receive_only_views(agents: tuple[str, str], seed: int) -> None:
    live: list[Game] = []
    seated: list[ViewOnly] = []
    original_make_agent = make_agent  # the ones engine.play.match imports
    original_new_game = new_game

    def wrapped(name: str, agent_seed: int, player: Player, catalog: Catalog) -> Agent:
        agent = ViewOnly(original_make_agent(name, agent_seed, player, catalog), player, live)
        seated.append(agent)
        return agent

    def capturing_new_game(*args: Any, **kwargs: Any) -> Game:
        game = original_new_game(*args, **kwargs)
        live.append(game)
        return game

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(engine.play.match, "make_agent", wrapped)
        mp.setattr(engine.play.match, "new_game", capturing_new_game)
        game = play_game(RYU_KEN, seed, agents, CATALOG)
    assert [a.seat for a in seated] == [P1, P2]
    assert sum(a.calls for a in seated) == len(game.decisions)
    assert all(a.calls > 0 for a in seated)


def test_heuristic_takes_a_forced_action() -> None:
    """Offered one action only (a forced Strike: Waldstein's start-of-turn strike, found
    in a Tag Team with Wagner by the agent-cost property test, seed 215), the heuristic
    takes it instead of its usual Prepare with a short hand."""
    state = new_game(RYU_KEN, 0, CATALOG).state
    agent = HeuristicAgent(0, P1, CATALOG)
    decision = agent.decide(observe(state, P1), ActionRequest(player=P1, choices=(Strike(),)))
    assert decision == Strike()
