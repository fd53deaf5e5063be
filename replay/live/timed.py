"""The search agent held to a time budget per decision: the Play page's option only.

The engine's search agent (``search``, ``search:N``) stays budgeted in iterations, never
in time, so a seed and its name reproduce its choices bit for bit; the engine reads no
clock. A live game may give it a wall-clock budget instead (``Settings.budget_ms``):
``TimedSearch`` wraps the agent and makes its search *anytime*. It hands the agent a
``should_stop`` callback (``engine.play.search.tree.StopHook``), asked before each
iteration, that reads this module's clock: the search stops, and answers with the best
so far, when the next iteration would no longer fit before the deadline, judged by the
longest iteration of this search so far (``MARGIN`` of it). The deadline is the budget
from the moment the agent starts folding the game into its knowledge (``follow``: that
time counts), less ``RESERVE`` for answering. The iteration budget is then only a cap
(``MAX_ITERATIONS``). A request the agent does not search (a one-option request, a
cost, a prompt: the heuristic agent's) is answered at once; a search stopped before its
first iteration (the folding took the budget) is answered by the heuristic agent.

Its choices are recorded as decisions like any agent's: a log never rebuilds an agent
(``exceed verify`` re-plays the decisions), so a game played against a timed search
verifies like any other; the THINK frame beside each decision keeps the time it took.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

from engine import Agent, Decision, Game, Request, State

MARGIN = 1.5
"""An iteration is started only if this many times the longest one so far still fits."""
RESERVE = 0.02
"""The share of the budget kept for answering after the search (and for the clock's
own lag under load)."""
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
    should_stop: Callable[[int], bool] | None

    def follow(self, game: Game) -> None: ...

    def would_search(self, request: Request) -> bool: ...

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
                                                 "follow", "should_stop", "would_search"))


class Deadline:
    """The ``should_stop`` callback of one search: stop when ``clock`` says the next
    iteration, as long as ``MARGIN`` times the longest so far, would end past
    ``deadline`` (seconds on ``clock``). ``iterations`` counts those it let start."""

    def __init__(self, deadline: float, clock: Callable[[], float]) -> None:
        self.deadline = deadline
        self.clock = clock
        self.last: float | None = None
        self.longest = 0.0
        self.iterations = 0

    def __call__(self, played: int) -> bool:
        now = self.clock()
        if self.last is not None:
            self.longest = max(self.longest, now - self.last)
        self.last = now
        if now + MARGIN * self.longest >= self.deadline:
            return True
        self.iterations = played + 1
        return False


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
        """The iterations the last decision's search played (0: none, or not searched)."""

    def follow(self, game: Game) -> None:
        self.started = self.clock()  # the budget runs from here: folding counts
        self.agent.follow(game)

    def would_search(self, request: Request) -> bool:
        """Whether ``decide`` would search ``request`` (the agent's ``would_search``)."""
        return self.agent.would_search(request)

    def decide(self, view: State, request: Request) -> Decision:
        start = self.started if self.started is not None else self.clock()
        self.started = None
        agent = self.agent
        searches = agent.searches
        stop = Deadline(start + self.budget * (1 - RESERVE), self.clock)
        agent.iterations, agent.should_stop = MAX_ITERATIONS, stop
        try:
            chosen = agent.decide(view, request)
        finally:
            agent.should_stop = None
        self.last_iterations = stop.iterations if agent.searches != searches else 0
        return chosen
