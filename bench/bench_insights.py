"""Insights benchmark (issue 33): the Insights page on an index of 10,000 analysed games,
against the Fighter page in the same browser session.

The games are the 10,000-game bench index (``bench.bench_index._scaled``: 2,000 random
Ryu vs Ken games, indexed, copied under new ids); analysing 10,000 games for real would
take days here, so their analyses are synthesised and stored through the index's
writer (``replay.index.analysis.store_tables``, as ``exceed index --analysis`` stores
Spark's): ``POINTS_PER_GAME`` points a game, the seats alternating, seeded swings (most
0, the rest up to 0.4; a wild swing when behind 0.1 to 0.4, a habit for the page to
show), kinds and situations. Every game's players are ``random``, so
the page reads all 400,000 points. Timed like ``bench_dashboard.stats_pages``' pages: a
fresh navigation until everything is drawn (title, the tables with their CSV buttons,
the charts: the habits, their worst decisions and the breakdown by decision kind, the
first of the page's one-at-a-time breakdowns), the short query cache expired, the statistics cached by index stamp; the
first visit (every query run) is in the note. "Drawn" is checked in the page at every
animation frame (``bench_dashboard.wait_drawn``), not by ``expect``s, whose polling
(every 500 ms once a wait passes about 270 ms) added up to half a second to each page's
figure. The note also gives the app's floor in the same session: the Insights page of a
player not in the index (the app's shell, the title and one line, one script run), so
what is the page's own shows beside what every page of this Streamlit app costs.
"""

from __future__ import annotations

import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import duckdb
import pyarrow as pa

from bench.config import Config
from bench.harness import Metric, Sample, Target
from replay.analysis.situation import KINDS
from replay.index.analysis import arrow_schema, store_tables

GAMES = 10_000
POINTS_PER_GAME = 40
TARGET_MS = 1500.0
PLAYER = "random"
NOBODY = "nobody-at-all"
"""Not a player of the bench index: their Insights page is the floor (one line)."""


def synthesise_analyses(db: Path, seed: int = 0) -> int:
    """Store a synthetic analysis of every game in ``db``; returns the points stored."""
    con = duckdb.connect(str(db), read_only=True)
    try:
        games = [(str(r[0]), str(r[1])) for r in con.execute(
            "SELECT game_id, card_data FROM games ORDER BY game_id").fetchall()]
    finally:
        con.close()
    rng = random.Random(seed)
    kinds = sorted(set(KINDS.values()) | {"EX attack set"})
    columns: dict[str, list[object]] = {name: [] for name in arrow_schema("analysis_points").names}
    params = "rollouts=200;seed=0;synthetic"
    for game_id, card_data in games:
        for idx in range(POINTS_PER_GAME):
            swing = 0.0 if rng.random() < 0.7 else round(rng.random() * 0.4, 3)
            life, opp = rng.randint(1, 30), rng.randint(1, 30)
            kind = kinds[rng.randrange(len(kinds))]
            if kind == "wild swing" and life < opp:  # a habit, so the page shows habits
                swing = round(0.1 + rng.random() * 0.3, 3)
            row = {"game_id": game_id, "card_data": card_data, "params": params, "idx": idx,
                   "turn": idx // 2 + 1, "strike": idx // 4, "event": idx * 10,
                   "kind": "turn" if idx % 3 else "strike", "player": idx % 2,
                   "decision": "synthetic", "p1": 0.5, "n": 200, "low": 0.43, "high": 0.57,
                   "swing": swing, "significant": swing >= 0.05,
                   "severity": ("blunder" if swing >= 0.2 else "mistake" if swing >= 0.1
                                else "inaccuracy" if swing >= 0.05 else ""),
                   "options_total": 8, "options_shown": 5, "stopped": "",
                   "decision_kind": kind, "life": life,
                   "opp_life": opp, "distance": rng.randint(1, 8), "gauge": rng.randint(0, 6),
                   "hand": rng.randint(1, 10),
                   "best_move": "synthetic", "best_option": 0, "best_p": 0.5, "best_n": 200,
                   "found": swing == 0.0}
            for name, value in row.items():
                columns[name].append(value)
    points = pa.table(columns, schema=arrow_schema("analysis_points"))
    options = arrow_schema("analysis_options").empty_table()
    store_tables(db, points, options, say=lambda _line: None)
    return int(points.num_rows)


def insights_page(cfg: Config) -> list[Metric]:
    """The Insights page of ``PLAYER`` on 10,000 analysed games against the Fighter page
    (Ken), fresh navigations in one browser session, alternately."""
    from bench.bench_dashboard import PATTERN, Skip, wait_drawn
    from bench.bench_index import _scaled
    from dashboard.data import TTL_SECONDS
    from tests.dashboard.test_browser import CHROMIUM, CHROMIUM_ARGS, serve_dashboard

    if not CHROMIUM.exists():
        raise Skip(f"{CHROMIUM} is missing (`make chromium` installs Debian's chromium)")
    try:
        from playwright.sync_api import Page, sync_playwright
    except ImportError as error:
        raise Skip(f"playwright is not installed: {error}") from None

    def insights_shown(page: Page) -> None:
        # the habits, their worst decisions and the first breakdown (decision kind)
        wait_drawn(page, f"Insights: {PLAYER}", frames=3, buttons=3, charts=1)

    def fighter_shown(page: Page) -> None:
        wait_drawn(page, "Fighter: Ken Masters", frames=2, charts=2)

    def floor_shown(page: Page) -> None:
        wait_drawn(page, "Insights", texts=(f"no player '{NOBODY}'",))

    with tempfile.TemporaryDirectory(prefix="exceed-bench-insights-") as tmp_name:
        tmp = Path(tmp_name)
        db = tmp / "index.duckdb"
        shutil.copyfile(_scaled(cfg, GAMES), db)  # never the shared file itself
        start = time.perf_counter()
        points = synthesise_analyses(db, cfg.seed)
        stored_s = time.perf_counter() - start
        values: list[float] = []
        bases: list[float] = []
        floors: list[float] = []
        with serve_dashboard(db, tmp) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 1400, "height": 2400})
                page.set_default_timeout(120_000)

                def timed(path: str, shown: object) -> float:
                    began = time.perf_counter()
                    page.goto(url + path)
                    shown(page)  # type: ignore[operator]
                    return (time.perf_counter() - began) * 1000

                timed("/search", lambda p: wait_drawn(p, "Search", present=(PATTERN,)))
                cold = timed(f"/insights?player={PLAYER}", insights_shown)
                cold_base = timed("/fighter?fighter=ken", fighter_shown)
                for _ in range(cfg.page_runs):
                    time.sleep(TTL_SECONDS + 0.5)
                    bases.append(timed("/fighter?fighter=ken", fighter_shown))
                    values.append(timed(f"/insights?player={PLAYER}", insights_shown))
                    floors.append(timed(f"/insights?player={NOBODY}", floor_shown))
            finally:
                browser.close()
    target = Target("value", "<=", TARGET_MS, f"<= 1.5 s on {GAMES:,} analysed games")
    return [Metric(
        id="dashboard.insights", name=f"dashboard: Insights page, {GAMES:,} analysed games",
        unit="ms", value=Sample(tuple(values)),
        baseline_name="Fighter page (Ken), same session", baseline=Sample(tuple(bases)),
        higher_is_better=False, targets=(target,),
        note=f"`/insights?player={PLAYER}`: {points:,} synthetic analysed points (stored "
             f"through the index's writer in {stored_s:.1f} s); first visit (every query "
             f"run) {cold:.0f} ms, the Fighter page's {cold_base:.0f} ms; then headless "
             f"chromium, fresh navigation until drawn (checked every animation frame), "
             f"median of {cfg.page_runs} "
             f"(spread {statistics.pstdev(values) if values else 0:.0f} ms); the app's floor "
             f"(an unknown player's Insights page: shell, title, one line) "
             f"{statistics.median(floors) if floors else 0:.0f} ms")]
