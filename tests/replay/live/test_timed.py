"""The search agent held to a time budget (the Play page's option, ``replay.live.timed``):
the search stops when the next iteration would pass its deadline, on a clock the test
drives, and answers with the best so far; and a live game against it records and
verifies like any other. Whether real answers land within the budget on
this machine is a benchmark row (``play.search_budget``), not a test: a test may not
assume honest work finishes inside a wall-clock window."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import ActionRequest, Decision, Game, Player, Scenario, observe, read_game
from engine.cards.catalog import default_catalog
from engine.core.decisions import Strike
from engine.play.agents import heuristic_policy
from engine.play.heuristic import HeuristicAgent
from engine.play.search.agent import SearchAgent
from replay.live import new_games, picture, store, table, timed
from replay.live.store import LiveError
from replay.verification.verify import verify

CATALOG = default_catalog()
POLICY = heuristic_policy(CATALOG)


class _Clock:
    """A clock the test drives: each reading moves it on by ``step`` seconds (an
    iteration's cost, as the search reads it once an iteration), plus any ``jumps``
    planned at given readings (a load that rises mid-search)."""

    def __init__(self, step: float, jumps: dict[int, float] | None = None) -> None:
        self.now, self.step, self.reads = 0.0, step, 0
        self.jumps = jumps or {}

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step + self.jumps.get(self.reads, 0.0)
        return self.now


def _position() -> tuple[Game, ActionRequest]:
    game = (Scenario("ryu", "ken")
            .player(Player.P1, space=3, hand=["hadoken", "grasp", "sweep", "focus"])
            .player(Player.P2, space=6).active(Player.P1).game(seed=4))
    request = game.pending
    assert isinstance(request, ActionRequest)
    return game, request


def _agent(iterations: int = 1) -> SearchAgent:
    return SearchAgent(7, Player.P1, CATALOG, iterations, "search", POLICY)


def _timed(clock: _Clock, budget_ms: int = 1000) -> tuple[timed.TimedSearch, Decision]:
    game, request = _position()
    timer = timed.TimedSearch(_agent(), budget_ms, clock)
    timer.follow(game)
    return timer, timer.decide(observe(game.state, Player.P1), request)


def _plain(iterations: int) -> Decision:
    """The same agent's choice with a budget of ``iterations`` and no clock."""
    game, request = _position()
    agent = _agent(iterations)
    agent.follow(game)
    return agent.decide(observe(game.state, Player.P1), request)


def test_the_search_stops_when_the_next_iteration_would_pass_the_deadline() -> None:
    """10 ms an iteration on the test's clock, 1 s budget: the search runs until the
    next iteration (1.5 times the longest so far) would end past 98% of the budget, and
    answers with the best so far: what a search of that many iterations chooses."""
    clock = _Clock(0.01)
    timer, chosen = _timed(clock)
    # follow reads 0.01 (the deadline: 0.01 + 0.98); the k-th reading, 0.01 k, comes
    # before iteration k - 2; at k = 98, 0.98 + 1.5 x 0.01 >= 0.99: 96 iterations
    assert isinstance(timer.agent, SearchAgent)  # the one ``_timed`` gives it
    assert timer.last_iterations == 96 and timer.agent.last is not None
    assert timer.agent.last.iterations == 96
    assert clock.now == pytest.approx(0.98)
    assert chosen == _plain(96)
    assert timer.agent.should_stop is None  # handed back as it was


def test_a_load_that_rises_after_the_start_still_stops_the_search_in_time() -> None:
    """The clock jumps 600 ms at the 20th reading (the machine got busy): the search
    stops at the next reading, past nothing but that one iteration, and answers with
    what it had."""
    clock = _Clock(0.01, jumps={20: 0.6})
    timer, chosen = _timed(clock)
    # the 20th reading, before iteration 18, says 0.80: 0.80 + 1.5 x 0.61 > 0.99
    assert timer.last_iterations == 18
    assert chosen == _plain(18)
    assert clock.now == pytest.approx(0.80)


def test_a_budget_spent_before_the_search_answers_with_the_heuristic_at_once() -> None:
    clock = _Clock(0.01, jumps={2: 5.0})  # folding the game took 5 s
    timer, chosen = _timed(clock)
    game, request = _position()
    heuristic = HeuristicAgent(7, Player.P1, CATALOG, "search")  # the agent's fallback
    assert isinstance(timer.agent, SearchAgent)  # the one ``_timed`` gives it
    assert timer.last_iterations == 0 and timer.agent.last is not None
    assert timer.agent.last.iterations == 0 and timer.agent.searches == 1
    assert chosen == heuristic.decide(observe(game.state, Player.P1), request)
    assert clock.reads == 2  # the deadline was read once: no iteration started


def test_a_request_not_searched_is_answered_at_once() -> None:
    game, _ = _position()
    clock = _Clock(0.01)
    timer = timed.TimedSearch(_agent(), 1000, clock)
    timer.follow(game)
    reads = clock.reads
    assert timer.decide(observe(game.state, Player.P1),
                        ActionRequest(player=Player.P1, choices=(Strike(),))) == Strike()
    assert timer.last_iterations == 0 and clock.reads == reads


def test_a_live_game_against_a_timed_search_records_and_verifies(tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", opponent="search",
                                seed=4, budget_ms=200)
    assert store.read_live_settings(tmp_path, created.game_id).budget_ms == 200
    store.claim_tab(tmp_path, created.game_id, "p1", "t")
    while not (pic := picture.live_picture(tmp_path, created.game_id, "p1")).over:
        table.live_act(tmp_path, created.game_id, created.tokens["p1"], "t", pic.decision,
                       pic.groups[0].options[0].decision)
    log = read_game(store.log_path(tmp_path, created.game_id))
    assert log.header.agents == ("human", "search")
    assert log.sealed and verify(log).identical
    asked = [s.request for s in log.steps if s.request is not None]
    searched = [i for i, r in enumerate(asked) if r.player is Player.P2
                and isinstance(r, ActionRequest) and i in log.thinking]
    assert searched, "the search agent decided no turn's action?"


@pytest.mark.parametrize(("opponent", "budget", "says"), [
    ("heuristic", 1000, "a time budget is for the search agent, not for 'heuristic'"),
    ("search", 50, "a search time budget of 50 ms is outside 200..60000 ms"),
    ("search:4", 90_000, "a search time budget of 90000 ms is outside 200..60000 ms"),
])
def test_a_bad_budget_is_one_line(tmp_path: Path, opponent: str, budget: int,
                                  says: str) -> None:
    with pytest.raises(LiveError) as error:
        new_games.create_live(tmp_path, "ryu", "ken", opponent=opponent, budget_ms=budget)
    assert str(error.value) == says
