"""Dashboard benchmark: the Game page of the longest sample game in a real browser.

Reuses the machinery of ``tests/dashboard/test_browser.py``: ``exceed dashboard`` on a
free port over a fresh index of ``sample_games/``, and Debian's chromium driven by
playwright. A fresh navigation to ``/game?game=<id>`` is timed until the page is fully
rendered (every strike marker of the timeline with its label, the resource lanes under
it, the viewer caption and the arena with both players' card chips), against
a fresh navigation to the lighter Matchups page (heatmap, table and lengths chart) in the
same browser session, alternately. Skipped when ``/usr/bin/chromium`` is missing.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from bench.config import SAMPLES, Config
from bench.harness import Metric, Sample
from replay import query as q
from replay.index.writer import Indexer


class Skip(Exception):
    """The benchmark cannot run on this machine; ``str()`` says why."""


def game_page(cfg: Config) -> list[Metric]:
    # imported here, so a change to the test module only ever affects this benchmark
    from tests.dashboard.test_browser import (
        CHROMIUM,
        CHROMIUM_ARGS,
        MARKERS,
        serve_dashboard,
    )

    if not CHROMIUM.exists():
        raise Skip(f"{CHROMIUM} is missing (`make chromium` installs Debian's chromium)")
    try:
        from playwright.sync_api import expect, sync_playwright
    except ImportError as error:
        raise Skip(f"playwright is not installed: {error}") from None

    with tempfile.TemporaryDirectory(prefix="exceed-bench-dash-") as tmp_name:
        tmp = Path(tmp_name)
        db = tmp / "index.duckdb"
        Indexer(db, jobs=1, say=lambda _: None).run([SAMPLES])
        src = q.open_source(db)
        longest = max(q.games(src), key=lambda g: (g.events, g.game_id))
        strikes = q.game_strikes(src, longest.game_id)
        moments = len(q.open_game(longest.path).timeline.moments)  # Exceeds: markers too
        title = (f"p1 {q.character_name(longest.p1)} vs p2 {q.character_name(longest.p2)}")

        with serve_dashboard(db, tmp) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 1400, "height": 2000})
                page.set_default_timeout(30_000)

                def open_game() -> float:
                    start = time.perf_counter()
                    page.goto(f"{url}/game?game={longest.game_id}")
                    expect(page.get_by_role("heading", name=title)).to_be_visible()
                    # one marker per seat per strike, and the season moments
                    expect(page.locator(MARKERS)).to_have_count(2 * len(strikes) + moments)
                    plots = page.locator(".js-plotly-plot")
                    expect(plots).to_have_count(2)  # the timeline, the lanes under it
                    expect(plots.first.locator(".textpoint")).to_have_count(2 * len(strikes))
                    expect(page.get_by_text("turn 1 · strike 0 · event")).to_be_visible()
                    expect(page.get_by_label("arena")).to_be_visible()
                    expect(page.get_by_label("p2 hand", exact=True)).to_be_visible()
                    return (time.perf_counter() - start) * 1000

                def open_matchups() -> float:
                    start = time.perf_counter()
                    page.goto(f"{url}/matchups")
                    expect(page.get_by_role("heading", name="Matchups")).to_be_visible()
                    expect(page.locator(".js-plotly-plot")).to_have_count(2)
                    expect(page.get_by_test_id("stDataFrame")).to_be_visible()
                    return (time.perf_counter() - start) * 1000

                page.goto(url)  # warm-up: the app, its session and both pages once
                expect(page.get_by_role("heading", name="Games")).to_be_visible()
                open_game()
                open_matchups()
                values: list[float] = []
                bases: list[float] = []
                for _ in range(cfg.page_runs):
                    values.append(open_game())
                    bases.append(open_matchups())
            finally:
                browser.close()
    return [Metric(
        id="dashboard.game", name="dashboard: Game page rendered, longest sample game",
        unit="ms", value=Sample(tuple(values)),
        baseline_name="Matchups page rendered, same browser session", baseline=Sample(tuple(bases)),
        higher_is_better=False,
        note=f"{longest.p1} vs {longest.p2}, seed {longest.seed}: {longest.events} events, "
             f"{len(strikes)} strikes (labelled markers), resource lanes, the arena; "
             "headless chromium, fresh navigation each time",
    )]
