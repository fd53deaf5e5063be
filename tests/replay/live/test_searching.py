"""How many search-agent answers a dashboard process computes at once
(``replay.live.searching``): an answer that finds every place taken says so, waits its
turn and is then played; other agents never wait. Each wait here is for an event the
test makes happen (a place freed), never for a length of time; the joins' timeouts are
hang guards only."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from engine import read_game
from replay.live import new_games, picture, searching, store, table

HANG_GUARD_S = 600.0


@contextmanager
def _every_place_taken() -> Iterator[None]:
    """This process's places all held, as by other games' searches."""
    places = searching.places()
    for _ in range(searching.MAX_SEARCHING):
        places.acquire()
    try:
        yield
    finally:
        for _ in range(searching.MAX_SEARCHING):
            places.release()


def test_an_answer_that_finds_no_place_says_so_then_waits_its_turn() -> None:
    gate = searching.Places(1)
    told, searched = threading.Event(), threading.Event()

    def answer() -> None:
        with searching.when_queued(told.set), searching.search_place(gate):
            searched.set()

    gate.acquire()  # another game's search
    waiting = threading.Thread(target=answer)
    waiting.start()
    assert told.wait(HANG_GUARD_S)
    assert not searched.is_set()  # the place is still taken: it cannot have searched
    gate.release()
    waiting.join(HANG_GUARD_S)
    assert searched.is_set() and not waiting.is_alive()
    with searching.when_queued(lambda: (_ for _ in ()).throw(AssertionError("told"))):
        with searching.search_place(gate):  # a free place: nothing said
            pass


def test_places_go_to_the_answers_in_the_order_they_asked() -> None:
    """The places were a semaphore: an answer arriving as a place was freed could take it
    before those already waiting (whichever thread ran first), so a person's queued move
    could be passed over again and again. A freed place goes to the longest waiting
    answer now, and a newcomer finds none while one waits."""
    gate = searching.Places(1)
    order: list[str] = []

    def answer(name: str) -> None:
        with searching.search_place(gate):
            order.append(name)

    gate.acquire()  # another game's search
    lined: list[threading.Thread] = []
    for i, name in enumerate(("first", "second", "third")):
        lined.append(threading.Thread(target=answer, args=(name,)))
        lined[-1].start()
        assert gate.wait_for_waiting(i + 1, HANG_GUARD_S)  # in line before the next asks
    gate.release()
    assert not gate.acquire(blocking=False)  # a newcomer: the freed place is the first's
    for thread in lined:
        thread.join(HANG_GUARD_S)
        assert not thread.is_alive()
    assert order == ["first", "second", "third"]
    assert gate.waiting() == 0 and gate.acquire(blocking=False)  # all given back
    gate.release()
    with pytest.raises(ValueError, match="released more often than taken"):
        gate.release()


def _act(root: Path, created: new_games.Created, told: threading.Event,
         label: str = "") -> None:
    """p1 (tab "t") answers its request: the option labelled ``label``, else the first."""
    pic = picture.live_picture(root, created.game_id, "p1")
    options = [o for g in pic.groups for o in g.options if o.label == label or not label]
    with searching.when_queued(told.set):
        table.live_act(root, created.game_id, created.tokens["p1"], "t", pic.decision,
                       options[0].decision)


def test_the_search_agent_answers_in_its_turn_while_the_engine_is_busy(
        tmp_path: Path) -> None:
    """Each of the search agent's answers took a core for up to its budget, and nothing
    capped how many games a dashboard searched at once: a visitor's many games starved
    every page. An answer now waits for a place, having said it waits, and is played
    once one is free; its THINK time is its search, not its wait."""
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", opponent="search",
                                    seed=4, budget_ms=200)
    store.claim_tab(tmp_path, created.game_id, "p1", "t")
    _act(tmp_path, created, threading.Event())  # the mulligans: the agent's is not searched
    told = threading.Event()
    with _every_place_taken():
        acting = threading.Thread(target=_act, args=(tmp_path, created, told, "Prepare"))
        acting.start()  # then p2's turn: the agent's answer is searched
        assert told.wait(HANG_GUARD_S)
        assert acting.is_alive()  # every place is held: the agent cannot have answered
    acting.join(HANG_GUARD_S)
    assert not acting.is_alive()
    log = read_game(store.log_path(tmp_path, created.game_id))
    asked = [s.request.player.label for s in log.steps if s.request is not None]
    assert asked[:3] == ["p1", "p2", "p1"]  # the mulligans, then the person's Prepare
    assert "p2" in asked[3:]  # the agent answered once a place was free
    pic = picture.live_picture(tmp_path, created.game_id, "p1")
    assert pic.request is not None  # the game waits on the person again


def test_the_search_agents_mulligan_takes_no_place(tmp_path: Path) -> None:
    """Start (and a rematch) against the search agent with the person in p2 plays the
    agent's mulligan as p1, which it answers without searching; it took a place all the
    same, so with the engine busy Start waited behind other games' searches, its spinner
    saying nothing of why. An answer that searches nothing takes no place now."""
    made: list[new_games.Created] = []
    told = threading.Event()

    def start() -> None:
        with searching.when_queued(told.set):
            made.append(new_games.create_live(tmp_path, "ryu", "ken", seat="p2",
                                              opponent="search", seed=4, budget_ms=200))

    with _every_place_taken():
        starting = threading.Thread(target=start)
        starting.start()
        starting.join(HANG_GUARD_S)
        assert not starting.is_alive() and not told.is_set()
    log = read_game(store.log_path(tmp_path, made[0].game_id))
    assert [s.request.player.label for s in log.steps if s.request is not None] == ["p1"]
    pic = picture.live_picture(tmp_path, made[0].game_id, "p2")
    assert pic.request is not None and pic.request.player.label == "p2"  # the person's turn


def test_other_agents_never_wait_for_a_place(tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1",
                                    opponent="heuristic", seed=4)
    store.claim_tab(tmp_path, created.game_id, "p1", "t")
    told = threading.Event()
    with _every_place_taken():
        acting = threading.Thread(target=_act, args=(tmp_path, created, told))
        acting.start()
        acting.join(HANG_GUARD_S)
        assert not acting.is_alive() and not told.is_set()


def test_an_answer_interrupted_in_line_leaves_it() -> None:
    """An answer stopped while it waits (an exception in its wait) left its turn at the
    head of the line, and every answer behind it waited for good."""
    gate = searching.Places(1)
    gate.acquire()  # another game's search

    class Interrupted(Exception):
        pass

    def interrupted(timeout: float | None = None) -> bool:
        raise Interrupted

    gate._changed.wait = interrupted  # type: ignore[method-assign]
    with pytest.raises(Interrupted):
        gate.acquire()
    assert gate.waiting() == 0
    gate.release()
    assert gate.acquire(blocking=False)  # the place is free to the next answer
