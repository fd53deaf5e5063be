"""Start on the Play page (``dashboard.play_start``): one game per click of the form,
however often it is clicked (QA walk: a double click of Start made two games)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard import play_start
from replay import query as q
from tests.dashboard.page_kit import open_play

FORM = ("Ann", "ryu", "", "ken", "", "p1", "heuristic", 2.0, "", False, 10, 5)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "index.duckdb"


def test_a_click_of_the_same_form_soon_after_opens_the_game_it_made(tmp_path: Path) -> None:
    """``repeated``: only a ``Started`` whose game was made, by the same form's values,
    less than ``REPEAT_S`` ago."""
    created = q.create_live(q.live_root(tmp_path / "index.duckdb"), "ryu", "ken", seed=3)
    started = play_start.Started(FORM)
    assert play_start.repeated(started, FORM, wait_s=0.01) is None  # still making it
    started.made(created)
    started.settled()
    assert play_start.repeated(started, FORM) == created
    assert play_start.repeated(started, (*FORM[:-1], 6)) is None  # another increment
    assert play_start.repeated(None, FORM) is None
    assert play_start.repeated((FORM, created, time.monotonic()), FORM) is None  # not one
    started.at = time.monotonic() - play_start.REPEAT_S
    assert play_start.repeated(started, FORM) is None  # too long ago: a new game


def test_a_click_while_the_same_form_makes_its_game_waits_and_opens_that_game(
        tmp_path: Path) -> None:
    """Streamlit's fast reruns run the second click of a double click on a new thread
    while the first click's run is still making its game: the second waits for it, then
    opens that game, instead of making another."""
    root = q.live_root(tmp_path / "index.duckdb")
    started = play_start.Started(FORM)  # the first click's run, making its game
    got: list[q.Created | None] = []
    second = threading.Thread(target=lambda: got.append(play_start.repeated(started, FORM)))
    second.start()
    second.join(0.2)
    assert second.is_alive() and not got  # it waits: no game of its own meanwhile
    created = q.create_live(root, "ryu", "ken", seed=3)
    started.made(created)
    started.settled()
    second.join()
    assert got == [created]
    assert len(list(root.glob("*.exlog"))) == 1


def test_a_click_whose_first_run_stopped_before_making_a_game_makes_one(
        tmp_path: Path) -> None:
    """The first click's run was stopped (or its game refused) before it made a game:
    the second, waiting on it, learns that no game was made, and makes one itself."""
    started = play_start.Started(FORM)
    got: list[q.Created | None] = []
    second = threading.Thread(target=lambda: got.append(play_start.repeated(started, FORM)))
    second.start()
    started.settled()  # the ``finally`` of a run stopped before ``made``
    second.join()
    assert got == [None]


def _start(page: AppTest) -> AppTest:
    next(s for s in page.selectbox if s.label == "Opponent").set_value("heuristic")
    next(b for b in page.button if b.label == "Start").click().run()
    assert not page.exception, [e.message for e in page.exception]
    return page


def _games(db: Path) -> list[str]:
    return sorted(p.stem for p in q.live_root(db).glob("*.exlog"))


def test_the_second_click_of_a_double_click_opens_the_first_clicks_game(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """The second click of a double click runs after the first's run made its game (or
    was stopped by it): it reaches the form again, with the same values. It opens the
    game the first made, and no second game is made."""
    page = _start(open_play(app, db_path))
    first = _games(db_path)
    assert len(first) == 1 and page.query_params["g"] in (first[0], [first[0]])
    page.query_params.clear()  # the second click's run, from the form's page
    page.run()
    _start(page)
    assert _games(db_path) == first
    assert page.query_params["g"] in (first[0], [first[0]])


def test_a_first_click_stopped_before_its_game_was_made_leaves_the_second_to_make_it(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """The first click's run was stopped (by the second's) before its game was made: its
    ``Started`` holds no game, so the second click makes the one game."""
    page = open_play(app, db_path)
    form = ("", "ryu", "", "ken", "", "p1", "heuristic", 2.0, "", False, 10, 5)
    stopped = play_start.Started(form)
    stopped.settled()
    page.session_state[play_start.STARTED] = stopped
    _start(page)
    assert len(_games(db_path)) == 1


def test_start_against_the_search_agent_searches_no_decision_at_any_budget(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``WAIT_S`` covers a double click whatever the search agent's budget: before the
    person's first request Start plays at most the agent's mulligan (p1's, when the person
    sits p2), which it answers without searching. Were a decision searched here, a Start
    at the form's largest budget would take that budget per decision, and a second click
    could wait past ``WAIT_S`` and make a second game."""
    from replay.live import timed
    searched: list[int] = []
    decide = timed.TimedSearch.decide

    def recorded(self: timed.TimedSearch, view: object, request: object) -> object:
        chosen = decide(self, view, request)  # type: ignore[arg-type]
        searched.append(self.last_iterations)
        return chosen

    monkeypatch.setattr(timed.TimedSearch, "decide", recorded)
    root = q.live_root(tmp_path / "index.duckdb")
    for seat in ("p2", "p1"):
        created = q.create_live(root, "ryu", "ken", seat=seat, opponent="search", seed=5,
                                budget_ms=timed.MAX_BUDGET_MS)
        pic = q.live_picture(root, created.game_id, seat)
        assert pic.request is not None and pic.request.player.label == seat  # the person's
    assert searched == [0]  # one reply, p1's mulligan, and no search in it
