"""Dashboard benchmark: the Game page of the longest sample game in a real browser.

Reuses the machinery of ``tests/dashboard/test_browser.py``: ``exceed dashboard`` on a
free port over a fresh index of ``sample_games/``, and Debian's chromium driven by
playwright. A fresh navigation to ``/game?game=<id>`` is timed until the page is fully
rendered (every strike marker of the timeline with its label, the resource lanes under
it, scrolled into view as Streamlit draws a chart only near the viewport, the viewer
caption and the arena with both players' card chips), against
a fresh navigation to the lighter Matchups page (heatmap, table and lengths chart) in the
same browser session, alternately. Skipped when ``/usr/bin/chromium`` is missing.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.config import SAMPLES, Config
from bench.harness import Metric, Sample
from replay import query as q
from replay.index.writer import Indexer


class Skip(Exception):
    """The benchmark cannot run on this machine; ``str()`` says why."""


DRAWN = """({heading, counts, present, texts, scroll}) => {
  const count = (selector) => document.querySelectorAll(selector).length;
  if (scroll) {  // Streamlit draws a plotly chart only near the viewport
    const waiting = [...document.querySelectorAll("[data-testid=stPlotlyChart]")]
      .find((chart) => !chart.querySelector(".js-plotly-plot"));
    if (waiting) waiting.scrollIntoView();
  }
  return [...document.querySelectorAll("h1")].some((h) => h.textContent.includes(heading))
    && Object.entries(counts).every(([selector, n]) => count(selector) === n)
    && present.every((selector) => document.querySelector(selector) !== null)
    && texts.every((text) => document.body.textContent.includes(text));
}"""
"""Everything a page draws, as one test run in the page (see ``wait_drawn``)."""
FRAMES = "[data-testid=stDataFrame]"
BUTTONS = "[data-testid=stDownloadButton]"
CHARTS = ".js-plotly-plot"
PATTERN = 'input[aria-label="Pattern"]'
"""The Search page's pattern box."""


def wait_drawn(page: Any, heading: str, frames: int | None = None,
               buttons: int | None = None, charts: int | None = None,
               counts: dict[str, int] | None = None, present: tuple[str, ...] = (),
               texts: tuple[str, ...] = (), scroll: bool = False) -> None:
    """Wait until ``page`` shows a title holding ``heading``, exactly ``frames``
    dataframes, ``buttons`` download buttons and ``charts`` drawn plotly charts (each
    when given) and ``counts``' elements (CSS selector: how many), an element for each
    selector of ``present`` and each of ``texts``, checked in the page at every
    animation frame (``scroll``: first scroll the first chart not yet drawn into view,
    as Streamlit draws one only near the viewport). Playwright's ``expect`` polls at
    20, 50, 100, 100 ms and then every 500 ms, so each waiting ``expect`` added 0 to
    500 ms to a page's figure (the baseline's alike), more than the differences
    measured; the rows of this module and ``bench_insights`` wait this way instead."""
    wanted = dict(counts or {})
    for selector, n in ((FRAMES, frames), (BUTTONS, buttons), (CHARTS, charts)):
        if n is not None:
            wanted[selector] = n
    page.wait_for_function(DRAWN, arg={
        "heading": heading, "counts": wanted, "present": list(present),
        "texts": list(texts), "scroll": scroll}, polling="raf")


def game_page(cfg: Config) -> list[Metric]:
    # imported here, so a change to the test module only ever affects this benchmark
    from tests.dashboard.test_browser import CHROMIUM, CHROMIUM_ARGS, MARKERS, serve_dashboard

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
                    # one marker per seat per strike, and the season moments; the
                    # timeline and the lanes under it, drawn when scrolled near; a
                    # label per strike (the lanes have none)
                    wait_drawn(page, title, charts=2, counts={
                        MARKERS: 2 * len(strikes) + moments,
                        f"{CHARTS} .textpoint": 2 * len(strikes)},
                        present=('[aria-label="arena"]', '[aria-label="p2 hand"]'),
                        texts=("turn 1 · strike 0 · event",), scroll=True)
                    return (time.perf_counter() - start) * 1000

                def open_matchups() -> float:
                    start = time.perf_counter()
                    page.goto(f"{url}/matchups")
                    wait_drawn(page, "Matchups", frames=1, charts=2)
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


# --- one step of the Game page's viewer (issue 27 item 18) -----------------------------------

STEP_TARGET_MS = 150.0
HELD = 16
"""Steps in a row of ``dashboard.step.held`` (Forward held down)."""


def game_step(cfg: Config) -> list[Metric]:
    """One step (Forward) on the Game page of the longest sample game at 1440x900, timed
    as the server's time: from the browser's message asking for the run to the last
    message of the run's answer (Chrome's own websocket frame timestamps, through the
    DevTools protocol; on 127.0.0.1 the transport adds well under a millisecond, but
    Chrome stamps a frame when the renderer's main thread takes it, so the figure also
    holds the browser's handling of the answer's first messages: bench/notes.md, "Game
    page step (helper step)"). A step
    reruns only the board area (``dashboard.game_board``, an ``st.fragment``). Baseline
    in the same session, alternately: a whole run of the same page (Streamlit's ``r``
    key), what every step cost before. Target: at most 150 ms per step."""
    import re

    from bench.harness import Target
    from tests.dashboard.test_browser import CHROMIUM, CHROMIUM_ARGS, serve_dashboard

    if not CHROMIUM.exists():
        raise Skip(f"{CHROMIUM} is missing (`make chromium` installs Debian's chromium)")
    try:
        from playwright.sync_api import expect, sync_playwright
    except ImportError as error:
        raise Skip(f"playwright is not installed: {error}") from None
    steps: list[float] = []
    whole: list[float] = []
    drawn: list[float] = []
    held: list[float] = []
    with tempfile.TemporaryDirectory(prefix="exceed-bench-step-") as tmp_name:
        tmp = Path(tmp_name)
        db = tmp / "index.duckdb"
        Indexer(db, jobs=1, say=lambda _: None).run([SAMPLES])
        longest = max(q.games(q.open_source(db)), key=lambda g: (g.events, g.game_id))
        with serve_dashboard(db, tmp) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 1440, "height": 900})
                page.set_default_timeout(60_000)
                frames: list[tuple[str, float]] = []
                cdp = page.context.new_cdp_session(page)
                cdp.send("Network.enable")
                cdp.on("Network.webSocketFrameSent",
                       lambda e: frames.append(("sent", float(e["timestamp"]))))
                cdp.on("Network.webSocketFrameReceived",
                       lambda e: frames.append(("received", float(e["timestamp"]))))
                idle = page.locator('[data-testid="stApp"][data-test-script-state="notRunning"]')
                header = page.get_by_text(re.compile(r"· event \d+/\d+ · as "))

                def timed(action: str) -> float:
                    frames.clear()
                    start = time.perf_counter()
                    if action == "step":
                        at = int(re.search(r"event (\d+)/", header.inner_text()).group(1))  # type: ignore[union-attr]
                        page.get_by_role("button", name="Forward").click()
                        expect(page.get_by_text(re.compile(rf"· event {at + 1}/\d+ · as "))
                               ).to_be_visible()
                    else:
                        page.locator("body").press("r")
                        page.wait_for_timeout(50)
                    expect(idle).to_have_count(1)
                    if action == "step":
                        drawn.append((time.perf_counter() - start) * 1000)
                    sent = [t for kind, t in frames if kind == "sent"]
                    answer = [t for kind, t in frames if kind == "received"]
                    return (max(answer) - sent[0]) * 1000

                page.goto(f"{url}/game?game={longest.game_id}")
                expect(page.get_by_label("arena")).to_be_visible()
                expect(idle).to_have_count(1)
                timed("step")  # warm-up: the fragment and a whole run once each
                timed("whole")
                drawn.clear()
                for _ in range(cfg.page_runs):
                    steps.append(timed("step"))
                    whole.append(timed("whole"))
                for _ in range(cfg.page_runs):  # Forward held: HELD steps after a whole run
                    timed("whole")
                    held.append(statistics.fmean(timed("step") for _ in range(HELD)))
            finally:
                browser.close()
    return [Metric(
        id="dashboard.step", name="dashboard: one step on the Game page (server time)",
        unit="ms", value=Sample(tuple(steps)),
        baseline_name="a whole run of the same page, same session",
        baseline=Sample(tuple(whole)), higher_is_better=False,
        targets=(Target("value", "<=", STEP_TARGET_MS, "<= 150 ms per step"),),
        note=f"{longest.p1} vs {longest.p2}, {longest.events} events, 1440x900, Forward: "
             "from the browser's request to the last message of the answer (Chrome's "
             "websocket frame times); until the board shows the next event in the browser "
             f"{statistics.median(drawn):.0f} ms; median of {cfg.page_runs}"),
        Metric(
            id="dashboard.step.held", name=f"dashboard: Forward held, mean of {HELD} steps "
                                           "in a row on the Game page (server time)",
            unit="ms", value=Sample(tuple(held)),
            baseline_name="a whole run of the same page, same session",
            baseline=Sample(tuple(whole)), higher_is_better=False,
            note=f"{longest.p1} vs {longest.p2}, {longest.events} events: {HELD} Forwards "
                 "after a whole run, each timed as dashboard.step; a step reruns the whole "
                 "page once the board is more than 1% of the game from the timeline's line "
                 f"(game_board.drift_allowed); median of {cfg.page_runs} means")]


# --- the statistics pages on the 100,000-game bench index (issue 19 item 5) -----------------

STATS_TARGET_MS = 1500.0
STATS_PAGES: dict[str, tuple[str, str]] = {
    # id: (URL path and query, what the page is)
    "games": ("/games", "Games page, first page of 100 rows"),
    "games_filtered": ("/games?fighter=ken&winner=ken&turns=20-60&page=3",
                       "Games page, three filters, page 3"),
    "matchups": ("/matchups", "Matchups page (unordered)"),
    "matchups_ordered": ("/matchups?view=ordered&first=row", "Matchups page, ordered, p1 first"),
    "fighter": ("/fighter?fighter=ken", "Fighter page (Ken)"),
    "cards": ("/cards?fighter=ken", "Cards page (Ken)"),
}


NAV_PAGES = {"Games": "games", "Matchups": "matchups", "Fighter": "fighter", "Cards": "cards"}
"""The sidebar's links to the statistics pages (the Fighter and Cards pages open on the
first fighter, Ken on the bench index)."""


def stats_pages(cfg: Config, db: Path | None = None, games: int = 100_000) -> list[Metric]:
    """Each statistics page opened by a fresh navigation to its URL, on a private copy of
    the 100,000-game bench index (or on ``db``, an index of ``games`` games, served as it
    is: ``bench.scale --pages`` on its million-game index, too large to copy), timed
    until everything it draws is there (every chart, table and CSV button). The first visit of each page (the warm-up, after the server
    started: every query runs) is reported in the note; the timed rounds follow, each
    after the short query cache (``TTL_SECONDS``) expired, while the statistics reads stay
    cached as long as the index file is unchanged (``data.index_stamp``), as they do for a
    coach moving between pages. The baseline is the Search page without a pattern (the
    app itself, no query). Then the same pages reached the way a user moves between them,
    by the sidebar's links (no reload of the app: ``dashboard.stats.nav.*``). Target:
    each page under 1.5 s."""
    import shutil

    from bench.bench_index import _scaled
    from bench.harness import Target
    from dashboard.data import TTL_SECONDS
    from tests.dashboard.test_browser import CHROMIUM, CHROMIUM_ARGS, serve_dashboard

    if not CHROMIUM.exists():
        raise Skip(f"{CHROMIUM} is missing (`make chromium` installs Debian's chromium)")
    try:
        from playwright.sync_api import Page, sync_playwright
    except ImportError as error:
        raise Skip(f"playwright is not installed: {error}") from None
    target = Target("value", "<=", STATS_TARGET_MS, f"<= 1.5 s on {games:,} games")

    def shown(page: Page, key: str) -> None:
        plots, tables = {"games": (0, 1), "games_filtered": (0, 1), "matchups": (2, 1),
                         "matchups_ordered": (2, 1), "fighter": (2, 2), "cards": (1, 1)}[key]
        heading = {"fighter": "Fighter: Ken Masters"}.get(key, key.split("_")[0].capitalize())
        wait_drawn(page, heading, frames=tables, buttons=tables, charts=plots or None,
                   texts=("game(s) match",) if key.startswith("games") else ())

    served = db
    with tempfile.TemporaryDirectory(prefix="exceed-bench-stats-") as tmp_name:
        tmp = Path(tmp_name)
        if db is None:
            db = tmp / "index.duckdb"
            shutil.copyfile(_scaled(cfg, games), db)  # never the shared file itself
        values: dict[str, list[float]] = {key: [] for key in STATS_PAGES}
        cold: dict[str, float] = {}
        bases: list[float] = []
        nav: dict[str, list[float]] = {key: [] for key in NAV_PAGES.values()}
        nav_bases: list[float] = []
        with serve_dashboard(db, tmp) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 1400, "height": 2000})
                page.set_default_timeout(60_000)

                def timed(path: str, key: str | None) -> float:
                    start = time.perf_counter()
                    page.goto(url + path)
                    if key is None:
                        wait_drawn(page, "Search", present=(PATTERN,))
                    else:
                        shown(page, key)
                    return (time.perf_counter() - start) * 1000

                timed("/search", None)  # the app's own first load
                for key, (path, _) in STATS_PAGES.items():  # first visits: every query runs
                    cold[key] = timed(path, key)
                for _ in range(cfg.page_runs):
                    time.sleep(TTL_SECONDS + 0.5)
                    bases.append(timed("/search", None))
                    for key, (path, _) in STATS_PAGES.items():
                        values[key].append(timed(path, key))

                def clicked(title: str, key: str | None) -> float:
                    """A click on the sidebar's link: the app stays loaded (no reload)."""
                    start = time.perf_counter()
                    page.get_by_test_id("stSidebarNav").get_by_role("link", name=title).click()
                    if key is None:
                        wait_drawn(page, "Search")
                    else:
                        shown(page, key)
                    page.wait_for_function(
                        "() => !document.querySelector('[data-testid=stStatusWidget]')")
                    return (time.perf_counter() - start) * 1000

                for _ in range(cfg.page_runs):
                    time.sleep(TTL_SECONDS + 0.5)
                    nav_bases.append(clicked("Search", None))
                    for title, key in NAV_PAGES.items():
                        nav[key].append(clicked(title, key))
            finally:
                browser.close()
    return [*(Metric(
        id=f"dashboard.stats.{key}", name=f"dashboard: {what}, {games:,} games", unit="ms",
        value=Sample(tuple(values[key])), baseline_name="Search page without a pattern, same "
        "session", baseline=Sample(tuple(bases)), higher_is_better=False, targets=(target,),
        note=f"`{path}`; first visit (every query run) {cold[key]:.0f} ms; then headless "
             f"chromium, fresh navigation, short query cache expired, statistics cached by "
             f"index stamp; median of {cfg.page_runs}; " + (
                 "private copy of the bench index" if served is None else f"index {served}"))
        for key, (path, what) in STATS_PAGES.items()), *(Metric(
        id=f"dashboard.stats.nav.{key}", name=f"dashboard: {title} page from the sidebar, "
        f"{games:,} games", unit="ms", value=Sample(tuple(nav[key])),
        baseline_name="Search page from the sidebar, same session",
        baseline=Sample(tuple(nav_bases)), higher_is_better=False, targets=(target,),
        note="a click on the sidebar link (the app stays loaded) until the page is drawn "
             f"and idle; median of {cfg.page_runs}")
        for title, key in NAV_PAGES.items())]
