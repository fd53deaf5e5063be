"""Search-agent speed (issue 32): searched decisions per second at each budget, and the
rollout rate inside the search against plain ``simulate``.

- ``agent.search.N``: searched decisions per second of ``search:N`` (N = 16, 48, 128), on
  the same positions for every budget: p1's action choices and attacks set in
  heuristic Ryu vs Ken games (``positions``), each with p1's knowledge folded from the
  events; baseline: the heuristic agent's decisions per second on those positions.
  Target for ``search`` (128): at least 1 decision a second on one core.
- ``agent.search.rollouts``: decisions per second stepped inside the search (tree and
  rollouts, determinizing and restarting included), at the default budget, against
  ``play_game`` heuristic Ryu vs Ken decisions per second; target ratio >= 0.8.

One core (this process), wall time, as the other rows.
"""

from __future__ import annotations

import time

from bench.config import Config
from bench.harness import Metric, Sample, Target, repeat_pair
from engine.cards.catalog import default_catalog
from engine.core.decisions import ActionRequest, Request, SetAttackRequest, forced_decision
from engine.core.ids import Player
from engine.core.state import State
from engine.knowledge.infoset import Knowledge
from engine.knowledge.views import observe
from engine.play.agents import heuristic_policy
from engine.play.api import GameSetup, new_game
from engine.play.heuristic import HeuristicAgent
from engine.play.match import play_game
from engine.play.names import SEARCH_ITERATIONS
from engine.play.search.agent import SearchAgent
from engine.play.search.tree import search

RVK = GameSetup(p1="ryu", p2="ken")
BUDGETS = (16, 48, SEARCH_ITERATIONS)
DECISION_TARGET = Target("value", ">=", 1.0, ">= 1 searched decision/s on one core")
ROLLOUT_TARGET = Target("ratio", ">=", 0.8, "rollout decisions/s >= 0.8 of simulate")

Position = tuple[State, Knowledge, Request]


def positions(count: int, seed: int) -> list[Position]:
    """``count`` searched points of p1 (more than one option) from heuristic Ryu vs Ken
    games, seeds from ``seed``, every fourth one kept, with p1's knowledge there."""
    catalog = default_catalog()
    found: list[Position] = []
    while len(found) < count:
        game = new_game(RVK, seed, catalog)
        agents = (HeuristicAgent(seed, Player.P1, catalog), HeuristicAgent(seed, Player.P2,
                                                                          catalog))
        follower = SearchAgent(seed, Player.P1, catalog, 1, "search:1",
                               heuristic_policy(catalog))
        seen = 0
        request = game.pending
        while request is not None and len(found) < count:
            decision = forced_decision(request)
            if decision is None:
                if (request.player is Player.P1 and isinstance(request, ActionRequest
                        | SetAttackRequest) and len(request.choices) > 1):
                    seen += 1
                    if seen % 4 == 1:
                        follower.follow(game)
                        assert follower.table is not None and follower.knowledge is not None
                        found.append((follower.table.copy(), follower.knowledge.copy(),
                                      request))
                decision = agents[request.player].decide(
                    observe(game.state, request.player), request)
            game.step(decision)
            request = game.pending
        seed += 1
    return found


def search_rates(cfg: Config) -> list[Metric]:
    catalog = default_catalog()
    spots = positions(6 if cfg.quick else 20, cfg.seed)
    runs = 2 if cfg.quick else 3
    heuristic = HeuristicAgent(cfg.seed, Player.P1, catalog)
    policy = heuristic_policy(catalog)

    def heuristic_rate() -> float:
        start = time.perf_counter()
        for state, _, request in spots:
            heuristic.decide(observe(state, Player.P1), request)
        return len(spots) / (time.perf_counter() - start)

    metrics = []
    steps: list[float] = []
    for budget in BUDGETS:
        def search_rate(budget: int = budget) -> float:
            stepped = 0
            start = time.perf_counter()
            for j, (state, knowledge, request) in enumerate(spots):
                result = search(state, knowledge, request, budget, cfg.seed + j, catalog,
                                policy)
                assert result is not None
                stepped += result.steps
            elapsed = time.perf_counter() - start
            if budget == SEARCH_ITERATIONS:
                steps.append(stepped / elapsed)
            return len(spots) / elapsed

        value, base = repeat_pair(search_rate, heuristic_rate, runs, warmup=False)
        metrics.append(Metric(
            id=f"agent.search.{budget}", name=f"search:{budget} searched decisions/s",
            unit="decisions/s", value=value,
            baseline_name="heuristic agent on the same positions", baseline=base,
            higher_is_better=True,
            targets=(DECISION_TARGET,) if budget == SEARCH_ITERATIONS else (),
            note=f"{len(spots)} positions of p1 in heuristic Ryu vs Ken games"))

    def simulate_rate() -> float:
        decisions = 0
        start = time.perf_counter()
        for seed in range(cfg.seed, cfg.seed + (10 if cfg.quick else 40)):
            decisions += len(play_game(RVK, seed, ("heuristic", "heuristic"), catalog).decisions)
        return decisions / (time.perf_counter() - start)

    base = Sample(tuple(simulate_rate() for _ in range(runs)))
    metrics.append(Metric(
        id="agent.search.rollouts", name=f"decisions/s inside search:{SEARCH_ITERATIONS}",
        unit="decisions/s", value=Sample(tuple(steps)),
        baseline_name="play_game heuristic Ryu vs Ken decisions/s", baseline=base,
        higher_is_better=True, targets=(ROLLOUT_TARGET,),
        note="tree and rollout steps, determinizing and restarting included"))
    return metrics
