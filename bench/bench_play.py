"""Live-game benchmarks (issue 30): the server's side of a click and the AI's reply.

- ``play.click.p50`` / ``play.click.p95``: one click's server time over a scripted game
  against the heuristic agent, from the decision to the seat's picture being built
  (``replay.live.table.live_act``: the lock, the log checked, the decision checked, appended
  and flushed, the agent's replies appended, then ``replay.live.picture.live_picture``, which
  the page draws). Baseline, same run: the same decisions recorded by a plain
  ``Recording`` in memory, with the heuristic agent's replies, and no picture (what the
  click costs beyond playing and recording). Targets: median <= 300 ms, p95 <= 1 s.
- ``play.click.cold``: the same, as if the dashboard had restarted before each click
  (the game rebuilt from its log each time: the resume path).
- ``play.ai_reply``: the heuristic agent's reply, the median over p2's requests of the
  game (replayed, each answered by the agent); baseline: the random agent's, on the same
  requests. Target <= 200 ms.

Not measured here: a move reaching the other browser (it needs two browsers; the page
of the side that waits looks again every second, ``POLL_SECONDS``, and the two-browser
test in ``tests/dashboard/test_play_browser.py`` waits for it).
"""

from __future__ import annotations

import io
import statistics
import tempfile
import time
from pathlib import Path

from bench.config import Config
from bench.harness import Metric, Sample, Target
from engine import (
    GameSetup,
    Player,
    Recording,
    forced_decision,
    make_agent,
    new_game,
    observe,
    read_game,
)
from replay.live import picture, store, table

CLICK_P50 = Target("value", "<=", 300.0, "median <= 300 ms")
CLICK_P95 = Target("value", "<=", 1000.0, "p95 <= 1 s")
REPLY = Target("value", "<=", 200.0, "<= 200 ms")


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _live_game(root: Path, seed: int, opponent: str,
               cold: bool = False) -> tuple[list[float], Path]:
    """One scripted game through the live layer; each click's server time in ms
    (``cold``: as if the dashboard had just restarted before each click, the game
    rebuilt from its log)."""
    created = table.create_live(root, "ryu", "ken", seat="p1", opponent=opponent, seed=seed)
    store.claim_tab(root, created.game_id, "p1", "bench")
    times = []
    pic = picture.live_picture(root, created.game_id, "p1")
    while not pic.over:
        assert pic.request is not None
        decision = pic.groups[0].options[0].decision
        if cold:
            table._CACHE.clear()
        start = time.perf_counter()
        table.live_act(root, created.game_id, created.tokens["p1"], "bench", pic.decision,
                  decision)
        pic = picture.live_picture(root, created.game_id, "p1")
        times.append((time.perf_counter() - start) * 1000)
    return times, store.log_path(root, created.game_id)


def _recorded_only(path: Path) -> float:
    """The same game's decisions recorded in memory, agents replying: ms per click."""
    log = read_game(path)
    seed = log.header.seed
    game = new_game(GameSetup(p1="ryu", p2="ken"), seed)
    recording = Recording(game, seed, io.BytesIO(), ("human", "heuristic"))
    agent = make_agent("heuristic", seed, Player.P2, game.table.catalog)
    mine = [d for s, d in zip(log.steps[1:], log.decisions, strict=False)
            if s.request is not None and s.request.player is Player.P1]
    clicks = 0
    start = time.perf_counter()
    for decision in mine:
        request = game.pending
        if request is None:
            break
        while request is not None and request.player is not Player.P1:
            forced = forced_decision(request)
            recording.step(forced or agent.decide(observe(game.state, Player.P2), request))
            request = game.pending
        if request is None:
            break
        recording.step(decision)
        clicks += 1
    return (time.perf_counter() - start) * 1000 / max(1, clicks)


def _agent_ms(path: Path, name: str) -> float:
    """The median time agent ``name`` takes to answer p2's requests of the game at
    ``path`` (replayed; each request answered by the agent, untaken), in ms."""
    log = read_game(path)
    game = new_game(GameSetup(p1="ryu", p2="ken"), log.header.seed)
    agent = make_agent(name, log.header.seed, Player.P2, game.table.catalog)
    times = []
    for decision in log.decisions:
        request = game.pending
        assert request is not None
        if request.player is Player.P2 and forced_decision(request) is None:
            view = observe(game.state, Player.P2)
            start = time.perf_counter()
            agent.decide(view, request)
            times.append((time.perf_counter() - start) * 1000)
        game.step(decision)
    return statistics.median(times)


def click_and_reply(cfg: Config) -> list[Metric]:
    p50, p95, cold50, base, heuristic, random_ = [], [], [], [], [], []
    with tempfile.TemporaryDirectory() as work:
        root = Path(work)
        for run in range(cfg.runs):
            times, path = _live_game(root, cfg.seed + run, "heuristic")
            p50.append(_pct(times, 0.5))
            p95.append(_pct(times, 0.95))
            base.append(_recorded_only(path))
            heuristic.append(_agent_ms(path, "heuristic"))
            random_.append(_agent_ms(path, "random"))
            cold, _ = _live_game(root, cfg.seed + run, "heuristic", cold=True)
            cold50.append(_pct(cold, 0.5))
    note = f"{cfg.runs} scripted games of Ryu (first option each time) against the agent"
    return [
        Metric(id="play.click.p50", name="play: one click's server time, median", unit="ms",
               value=Sample(tuple(p50)), baseline_name="record the same decisions",
               baseline=Sample(tuple(base)), higher_is_better=False,
               targets=(CLICK_P50,), note=note),
        Metric(id="play.click.p95", name="play: one click's server time, p95", unit="ms",
               value=Sample(tuple(p95)), baseline_name="record the same decisions",
               baseline=Sample(tuple(base)), higher_is_better=False,
               targets=(CLICK_P95,), note=note),
        Metric(id="play.click.cold", name="play: one click after a restart, median",
               unit="ms", value=Sample(tuple(cold50)),
               baseline_name="record the same decisions", baseline=Sample(tuple(base)),
               higher_is_better=False, targets=(CLICK_P50,),
               note=note + "; the game rebuilt from its log before each click"),
        Metric(id="play.ai_reply", name="play: the heuristic agent's reply", unit="ms",
               value=Sample(tuple(heuristic)), baseline_name="the random agent's reply",
               baseline=Sample(tuple(random_)), higher_is_better=False,
               targets=(REPLY,), note=note),
    ]
