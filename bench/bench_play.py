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

- ``play.opponent_move``: a move reaching the other browser. Two people, two chromium
  contexts on one ``exceed dashboard``: from a click in the mover's browser to the other
  seat's page showing the next decision (it looks again every second,
  ``POLL_SECONDS``). Baseline, same clicks: the mover's own page showing it. Target
  <= 2 s. Skipped without Debian's chromium (``tests/dashboard/browser_kit.py``).
- ``play.search_budget``: the search agent as opponent with a time budget per decision
  (the Play page's option, ``replay.live.timed``): the p95 of its answers to the turn's
  actions and attacks it searched, from the THINK frames of a live game (folding the
  game into its knowledge included). Target: within the budget it was given
  (``BUDGET_MS``). Baseline, same run: the search agent at its own iteration budget
  (``search``, 128 iterations) on a game of the same seed.
"""

from __future__ import annotations

import io
import re
import statistics
import tempfile
import time
from pathlib import Path

from bench.config import SAMPLES, Config
from bench.harness import Metric, Sample, Target
from engine import (
    ActionRequest,
    GameSetup,
    Player,
    Recording,
    SetAttackRequest,
    forced_decision,
    make_agent,
    new_game,
    observe,
    read_game,
)
from replay.live import new_games, picture, store, table

CLICK_P50 = Target("value", "<=", 300.0, "median <= 300 ms")
CLICK_P95 = Target("value", "<=", 1000.0, "p95 <= 1 s")
REPLY = Target("value", "<=", 200.0, "<= 200 ms")
OPPONENT = Target("value", "<=", 2000.0, "<= 2 s")
BUDGET_MS = 1000
WITHIN_BUDGET = Target("value", "<=", float(BUDGET_MS), f"<= its budget, {BUDGET_MS} ms")
MOVES = 12
"""Moves timed reaching the other browser."""
SEARCHED = 12
"""Searched decisions of the search agent timed per game."""


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _live_game(root: Path, seed: int, opponent: str,
               cold: bool = False) -> tuple[list[float], Path]:
    """One scripted game through the live layer; each click's server time in ms
    (``cold``: as if the dashboard had just restarted before each click, the game
    rebuilt from its log)."""
    created = new_games.create_live(root, "ryu", "ken", seat="p1", opponent=opponent, seed=seed)
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


# --- a move reaching the other browser ------------------------------------------------------


def opponent_move(cfg: Config) -> list[Metric]:
    # imported here: the browser machinery (and playwright) only for this benchmark
    from bench.bench_dashboard import Skip
    from replay.index.writer import Indexer
    from tests.dashboard.browser_kit import (
        CHROMIUM,
        CHROMIUM_ARGS,
        HANG_GUARD_MS,
        serve_dashboard,
        settled,
    )

    if not CHROMIUM.exists():
        raise Skip(f"{CHROMIUM} is missing (`make chromium` installs Debian's chromium)")
    try:
        from playwright.sync_api import Page, expect, sync_playwright
    except ImportError as error:
        raise Skip(f"playwright is not installed: {error}") from None
    option = '[class*="st-key-opt-"] button, [class*="st-key-go-"] button'

    def asked(page: Page) -> str:
        caption = page.get_by_text(re.compile(r"^Decision \d+:"))
        expect(caption.first).to_be_visible(timeout=HANG_GUARD_MS)
        return caption.first.inner_text().split(":")[0]

    other_ms: list[float] = []
    own_ms: list[float] = []
    with tempfile.TemporaryDirectory(prefix="exceed-bench-play-") as work:
        tmp = Path(work)
        db = tmp / "index.duckdb"
        first = sorted(SAMPLES.glob("*.exlog"))[0]
        Indexer(db, jobs=1, say=lambda _: None).run([first])
        root = table.live_root(db)
        created = new_games.create_live(root, "ryu", "ken", opponent="person", seed=cfg.seed)
        with serve_dashboard(db, tmp) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                pages = {}
                for seat in ("p1", "p2"):
                    page = browser.new_context().new_page()
                    page.goto(f"{url}/play?g={created.game_id}&t={created.tokens[seat]}")
                    expect(page.get_by_text("(you)").first).to_be_visible(
                        timeout=HANG_GUARD_MS)
                    pages[seat] = page
                while len(other_ms) < MOVES:
                    if picture.live_picture(root, created.game_id, "p1").over:
                        break
                    mover = next((s for s in ("p1", "p2") if picture.live_picture(
                        root, created.game_id, s).request is not None), None)
                    if mover is None:
                        break
                    other = "p2" if mover == "p1" else "p1"
                    settled(pages[mover])
                    settled(pages[other])
                    buttons = pages[mover].locator(option)
                    if not buttons.count():
                        pages[mover].wait_for_timeout(100)
                        continue
                    mine, theirs = asked(pages[mover]), asked(pages[other])
                    start = time.perf_counter()
                    buttons.first.click()
                    seen: dict[str, float] = {}
                    while len(seen) < 2:
                        for who, gone in ((mover, mine), (other, theirs)):
                            if who not in seen and not pages[who].get_by_text(
                                    f"{gone}:").count():
                                seen[who] = (time.perf_counter() - start) * 1000
                        if time.perf_counter() - start > HANG_GUARD_MS / 1000:
                            raise RuntimeError(f"no page moved on after {gone}")
                        pages[mover].wait_for_timeout(20)
                    own_ms.append(seen[mover])
                    other_ms.append(seen[other])
            finally:
                browser.close()
    return [Metric(
        id="play.opponent_move", name="play: a move reaching the other browser", unit="ms",
        value=Sample(tuple(other_ms)), baseline_name="the mover's own page moving on",
        baseline=Sample(tuple(own_ms)), higher_is_better=False, targets=(OPPONENT,),
        note=f"{len(other_ms)} moves of a game between two people, each in its own "
             "headless chromium context on one dashboard; the waiting page looks again "
             "every second")]


# --- the search agent within its time budget -------------------------------------------------


def _searched_ms(root: Path, seed: int, opponent: str, budget_ms: int) -> list[float]:
    """The THINK times of the search agent's searched answers (its turn's actions and
    the attacks it set) over a live game against a scripted p1, first ``SEARCHED``."""
    created = new_games.create_live(root, "ryu", "ken", seat="p1", opponent=opponent,
                                seed=seed, budget_ms=budget_ms)
    store.claim_tab(root, created.game_id, "p1", "bench")
    found: list[float] = []
    while len(found) < SEARCHED:
        pic = picture.live_picture(root, created.game_id, "p1")
        if pic.over:
            break
        table.live_act(root, created.game_id, created.tokens["p1"], "bench", pic.decision,
                       pic.groups[0].options[0].decision)
        log = read_game(store.log_path(root, created.game_id))
        asked = [s.request for s in log.steps if s.request is not None]
        found = [float(log.thinking[i]) for i, r in enumerate(asked)
                 if r.player is Player.P2 and isinstance(r, ActionRequest | SetAttackRequest)
                 and len(r.choices) > 1 and i in log.thinking]
    return found[:SEARCHED]


def search_budget(cfg: Config) -> list[Metric]:
    timed: list[float] = []
    plain: list[float] = []
    with tempfile.TemporaryDirectory(prefix="exceed-bench-search-") as work:
        root = Path(work)
        for run in range(2):
            times = _searched_ms(root, cfg.seed + run, "search", BUDGET_MS)
            timed.append(_pct(times, 0.95))
            plain.append(_pct(_searched_ms(root, cfg.seed + run, "search", 0), 0.95))
    return [Metric(
        id="play.search_budget", name="play: the search agent's answer within its budget, p95",
        unit="ms", value=Sample(tuple(timed)), baseline_name="search at 128 iterations",
        baseline=Sample(tuple(plain)), higher_is_better=False, targets=(WITHIN_BUDGET,),
        note=f"{SEARCHED} searched decisions (turn's actions, attacks) per game, 2 games; "
             f"budget {BUDGET_MS} ms per decision, measured from folding the game in")]
