"""The search agent held to a time budget per decision: the Play page's option only.

The engine's search agent (``search``, ``search:N``) stays budgeted in iterations, never
in time, so a seed and its name reproduce its choices bit for bit; the engine reads no
clock. A live game may give it a wall-clock budget instead (``Settings.budget_ms``):
``TimedSearch`` wraps the agent and, at each decision it searches, first runs a short
probe search (``PROBE`` iterations) to measure what an iteration costs now (on this
machine, at this load, at this point of the game), then searches again with as many
iterations as the rest of the budget holds (``SAFETY`` of it, so that the slower
iterations of a longer search still fit). Time spent folding the game into the agent's
knowledge (``follow``) counts against the budget. A request the agent does not search
(a one-option request, a cost, a prompt: the heuristic agent's) is answered at once.

Its choices are recorded as decisions like any agent's: a log never rebuilds an agent
(``exceed verify`` re-plays the decisions), so a game played against a timed search
verifies like any other; the THINK frame beside each decision keeps the time it took.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

from engine import Agent, Decision, Game, Request, State

PROBE = 8
"""Iterations of the probe search that measures an iteration's cost."""
SAFETY = 0.6
"""The share of the budget left after the probe that the real search plans to fill."""
MAX_ITERATIONS = 100_000
"""As ``search:N`` allows at most (``engine.play.names.MAX_SEARCH_ITERATIONS``)."""
MIN_BUDGET_MS = 200
MAX_BUDGET_MS = 60_000


class _Searching(Protocol):
    """What ``TimedSearch`` needs of the engine's search agent."""

    name: str
    iterations: int
    searches: int
    unsearchable: int

    def follow(self, game: Game) -> None: ...

    def decide(self, view: State, request: Request) -> Decision: ...


def budget_problem(budget_ms: int) -> str | None:
    """Why ``budget_ms`` cannot be a search's time budget (None when it can)."""
    if not MIN_BUDGET_MS <= budget_ms <= MAX_BUDGET_MS:
        return (f"a search time budget of {budget_ms} ms is outside "
                f"{MIN_BUDGET_MS}..{MAX_BUDGET_MS} ms")
    return None


def is_search(agent: Agent) -> bool:
    """Whether ``agent`` is the engine's search agent (it searches by iterations)."""
    return all(hasattr(agent, name) for name in ("iterations", "searches", "unsearchable",
                                                 "follow"))


class TimedSearch:
    """``agent`` (the search agent) answering each searched decision within
    ``budget_ms`` of wall time, measured by ``clock`` (seconds)."""

    needs_view = True

    def __init__(self, agent: _Searching, budget_ms: int,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.agent = agent
        self.name = agent.name
        self.budget = budget_ms / 1000
        self.clock = clock
        self.started: float | None = None
        self.last_iterations = 0
        """The iterations of the last decision's real search (0: the probe's choice)."""

    def follow(self, game: Game) -> None:
        self.started = self.clock()  # the budget runs from here: folding counts
        self.agent.follow(game)

    def decide(self, view: State, request: Request) -> Decision:
        start = self.started if self.started is not None else self.clock()
        self.started = None
        agent = self.agent
        searches, unsearchable = agent.searches, agent.unsearchable
        agent.iterations = PROBE
        probe_start = self.clock()
        chosen = agent.decide(view, request)
        self.last_iterations = 0
        if agent.searches == searches or agent.unsearchable != unsearchable:
            return chosen  # not searched (the heuristic answered, or one option)
        now = self.clock()
        per_iteration = max(1e-6, (now - probe_start) / PROBE)
        left = self.budget - (now - start)
        planned = int(left * SAFETY / per_iteration)
        if planned <= PROBE:
            return chosen  # no room for a search larger than the probe
        agent.iterations = min(planned, MAX_ITERATIONS)
        self.last_iterations = agent.iterations
        return agent.decide(view, request)
