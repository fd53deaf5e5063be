"""The search agent held to a time budget (the Play page's option, ``replay.live.timed``):
the budget it plans for, on a clock the test drives, and a live game against it that
records and verifies like any other. Whether real answers land within the budget on
this machine is a benchmark row (``play.search_budget``), not a test: a test may not
assume honest work finishes inside a wall-clock window."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import ActionRequest, Game, Player, Request, State, read_game
from replay.live import picture, store, table, timed
from replay.live.store import LiveError
from replay.verification.verify import verify


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class _Search:
    """A search agent whose every iteration takes ``cost`` seconds on ``clock``."""

    name = "search"

    def __init__(self, clock: _Clock, cost: float, searched: bool = True) -> None:
        self.clock, self.cost, self.searched = clock, cost, searched
        self.iterations = 128
        self.searches = self.unsearchable = 0
        self.runs: list[int] = []

    def follow(self, game: Game) -> None:
        self.clock.now += 0.05  # folding the game takes 50 ms

    def decide(self, view: State, request: Request) -> object:
        if self.searched:
            self.searches += 1
            self.runs.append(self.iterations)
            self.clock.now += self.iterations * self.cost
        return ("choice", len(self.runs))


def test_a_budget_is_a_probe_then_a_search_sized_to_what_is_left() -> None:
    clock = _Clock()
    agent = _Search(clock, cost=0.01)
    timer = timed.TimedSearch(agent, 1000, clock)  # type: ignore[arg-type]
    timer.follow(None)  # type: ignore[arg-type]
    choice = timer.decide(None, None)  # type: ignore[arg-type]
    # 50 ms folding + 8 x 10 ms probe; 870 ms left, 60 % of it at 10 ms an iteration
    assert agent.runs == [timed.PROBE, 52] and choice == ("choice", 2)
    assert clock.now <= 1.0


def test_no_room_or_no_search_answers_with_the_probe_or_at_once() -> None:
    clock = _Clock()
    slow = _Search(clock, cost=0.1)
    timer = timed.TimedSearch(slow, 1000, clock)  # type: ignore[arg-type]
    timer.decide(None, None)  # type: ignore[arg-type]
    assert slow.runs == [timed.PROBE]  # 800 ms probe: no larger search fits
    quick = _Search(clock, cost=0.01, searched=False)
    timed.TimedSearch(quick, 1000, clock).decide(None, None)  # type: ignore[arg-type]
    assert quick.runs == []


def test_a_live_game_against_a_timed_search_records_and_verifies(tmp_path: Path) -> None:
    created = table.create_live(tmp_path, "ryu", "ken", seat="p1", opponent="search",
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
        table.create_live(tmp_path, "ryu", "ken", opponent=opponent, budget_ms=budget)
    assert str(error.value) == says
