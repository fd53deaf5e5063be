"""Agents: the agent protocol and ``make_agent``, which builds one by name (the seeded
random player is ``engine.play.random_agent``, the rules-based heuristic player
``engine.play.heuristic``, the search agent ``engine.play.search``).

An agent sees only ``observe(state, player)`` and the pending request, and returns a
decision the request allows. Each agent draws from its own PRNG stream derived from
the game seed and its seat (``agent:<name>:p1``), so agents never disturb the game's
own random outcomes and a seed plus agent names reproduce a game exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from engine.cards.catalog import Catalog
from engine.core.decisions import Decision, Request
from engine.core.ids import Player
from engine.core.state import State
from engine.play.heuristic import HeuristicAgent
from engine.play.names import agent_problem, search_iterations
from engine.play.random_agent import RandomAgent


class Agent(Protocol):
    """Anything that turns a view and a request into a decision.

    ``needs_view`` False means the agent decides from the request alone; it is then
    handed ``BLIND``, an empty state, instead of a freshly computed view. A seating loop
    hands the others a ``glance`` (``engine.knowledge.views``): the seat's view, shared
    with the live state, valid for this decision only and never to be changed.
    """

    name: str
    needs_view: bool

    def decide(self, view: State, request: Request) -> Decision: ...


BLIND = State(players=[], card_defs={})
"""The view given to agents that do not look at the table."""


def heuristic_policy(catalog: Catalog) -> Callable[[int, Player, str], HeuristicAgent]:
    """The search agent's rollout policy: a heuristic agent for a seed, seat and stream."""
    return lambda seed, player, name: HeuristicAgent(seed, player, catalog, name)


def make_agent(name: str, seed: int, player: Player, catalog: Catalog) -> Agent:
    """Build the agent called ``name`` for ``player``; ``ValueError`` (``agent_problem``'s
    line) if the name is not an agent's."""
    if name == "random":
        return RandomAgent(seed, player)
    if name == "heuristic":
        return HeuristicAgent(seed, player, catalog)
    iterations = search_iterations(name)
    if iterations is None:
        raise ValueError(agent_problem(name))
    from engine.play.search.agent import SearchAgent  # below make_agent only: no cycle

    return SearchAgent(seed, player, catalog, iterations, name, heuristic_policy(catalog))
