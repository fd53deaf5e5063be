"""The Game page's review features in a real browser (Debian's chromium, playwright;
``browser_kit``): with an analysed game, a click on a blunder marker of the
win-probability row moves the viewer to that decision and opens its panel
(``game-winprob.png``, ``game-decision.png``); a link to a moment seen as p1
(``?game=ID&event=N&as=p1``) draws the arena with the fighters on their spaces, p1's
cards named and p2's hand face down (``game-arena.png``, and ``game-lanes.png`` with the
resource lanes under the timeline); a fork opened from the page names its parent; Quick
runs an analysis in the background while the viewer still steps.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from replay.query import (
    LABEL_MIN_N,
    AnalysisPointRow,
    GameReplay,
    GameRow,
    frame,
    game_analysis,
    open_game,
    open_source,
)
from tests.dashboard.browser_kit import (
    CHROMIUM,
    CHROMIUM_ARGS,
    CUT_LABELS,
    HANG_GUARD_MS,
    SHOTS,
    browser_page,
    click_centre,
    draw_charts,
    serve_dashboard,
    serve_or_skip,
    settled,
    step_forward,
    unanalysed_game,
    within,
)

pytestmark = pytest.mark.browser


@pytest.fixture
def server(index_path: Path, tmp_path: Path) -> Iterator[str]:
    """``exceed dashboard`` on a free port over this session's index; yields its URL."""
    yield from serve_or_skip(index_path, tmp_path)


# --- the win-probability row and the decision panel (issue 16 item 5) ----------------------

WINPROB = ".js-plotly-plot >> nth=0 >> .subplot.x3y3 .scatterlayer .trace"
"""The traces of the timeline's third row: the band (two), P1's line, its dots, one per
seat and severity."""
MARKS = 4
"""The first severity trace's place among ``WINPROB``'s traces."""


@pytest.fixture
def analysed_server(labelled_index: Path, tmp_path: Path) -> Iterator[str]:
    """``exceed dashboard`` over the index with one analysed game, three of its decisions
    labelled (``labelled_index``); yields its URL."""
    yield from serve_or_skip(labelled_index, tmp_path)


def test_click_a_severity_marker_opens_its_decision(analysed_server: str, labelled_index: Path,
                                                    analysed: GameRow) -> None:
    """The win-probability row is drawn under the strike timeline; a click on a blunder
    (or the worst marked decision) moves the viewer just before that decision and opens
    its panel with the options reviewed there."""
    from playwright.sync_api import sync_playwright

    analysis = game_analysis(open_source(labelled_index), analysed.game_id)
    assert analysis is not None
    kinds = [s for s in ("inaccuracy", "mistake", "blunder")
             if any(p.severity == s for p in analysis.points)]
    assert kinds, "the analysed sample has no marked decision"
    target = next(p for p in analysis.points if p.severity == kinds[-1])
    options = sorted((o for o in analysis.options if o.idx == target.idx), key=lambda o: o.rank)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.set_default_timeout(HANG_GUARD_MS)
            page.goto(f"{analysed_server}/game?game={analysed.game_id}")
            expect(page.get_by_label("arena")).to_be_visible()
            draw_charts(page)
            traces = page.locator(WINPROB)
            # one marker trace per seat and severity (issue 27 item 17), in this order
            combos = [(s, p) for s in ("inaccuracy", "mistake", "blunder") for p in (0, 1)
                      if any(x.severity == s and x.player == p for x in analysis.points)]
            expect(traces).to_have_count(MARKS + len(combos))
            dots = traces.nth(MARKS - 1).locator(".points path")
            expect(dots).to_have_count(len(analysis.points))
            expect(page.locator(".js-plotly-plot").first.locator(".x3title")).to_have_text("turn")
            page.wait_for_timeout(500)
            settled(page)
            plot = page.locator(".js-plotly-plot").first
            plot.scroll_into_view_if_needed()  # under the board and the decisions
            page.wait_for_timeout(300)
            within(page, plot, "timeline, three rows")
            page.screenshot(path=str(SHOTS / "game-winprob.png"))

            trace = MARKS + combos.index((kinds[-1], target.player))
            click_centre(page, traces.nth(trace).locator(".points path").first)
            moved = f"· event {target.event}/{analysed.events} · as all"
            expect(page.get_by_text(moved)).to_be_visible()
            panel = page.get_by_text(f"Decision {target.idx} ·", exact=False)
            expect(panel).to_be_visible()
            table = page.get_by_test_id("stTable")
            expect(table).to_be_visible()
            for option in options:
                expect(table.get_by_text(option.label, exact=False).first).to_be_attached()
            expect(table.get_by_text("▶ played")).to_have_count(1)
            settled(page)
            forks = page.get_by_role("button", name=re.compile(r"^Play .* instead$"))
            expect(forks.first).to_be_visible()
            forks.first.scroll_into_view_if_needed()
            assert page.evaluate(CUT_LABELS) == []  # "Play M…" three to a row before
            page.set_viewport_size({"width": 1440, "height": 900})  # issue 27 item 18
            page.get_by_role("heading").first.scroll_into_view_if_needed()
            page.wait_for_timeout(800)
            settled(page)
            within(page, page.get_by_label("arena"), "arena")
            within(page, page.get_by_role("button", name="Forward"), "step controls")
            within(page, panel, "decision panel")
            within(page, page.get_by_label("evaluation"), "evaluation")
            assert page.evaluate(CUT_LABELS) == []
            page.screenshot(path=str(SHOTS / "game-decision.png"))
        finally:
            browser.close()


def _first_setter_and_second(index: Path, game: GameRow) -> tuple[AnalysisPointRow,
                                                                   AnalysisPointRow]:
    """The two set points of the first strike whose second lies one event after the
    first, each set by its own player."""
    analysis = game_analysis(open_source(index), game.game_id)
    assert analysis is not None
    points = analysis.points
    return next((a, b) for a, b in itertools.pairwise(points)
                if a.kind == b.kind == "strike" and a.strike == b.strike
                and b.event == a.event + 1 and a.player != b.player)


@pytest.fixture
def first_setter_server(analysed_index: Path, analysed: GameRow,
                        tmp_path: Path) -> Iterator[str]:
    """``exceed dashboard`` over a copy of ``analysed_index`` where the first setter of
    ``_first_setter_and_second`` blundered (and nothing else is labelled)."""
    import shutil

    import duckdb

    first, _ = _first_setter_and_second(analysed_index, analysed)
    db = tmp_path / "index.duckdb"
    shutil.copy(analysed_index, db)
    con = duckdb.connect(str(db))
    try:
        con.execute("UPDATE analysis_points SET severity = 'blunder', significant = true, "
                    "swing = 0.25, n = ? WHERE idx = ?", [LABEL_MIN_N, first.idx])
    finally:
        con.close()
    yield from serve_or_skip(db, tmp_path)


def test_a_first_setters_marker_opens_its_decision_not_the_second_setters(
        first_setter_server: str, analysed_index: Path, analysed: GameRow) -> None:
    """A strike's second set point lies one event after the first (a few pixels on the
    row): a click on the first setter's blunder marker opens the first setter's decision.
    Before, plotly picked the second setter's dot under the marker (winprob.py, PICK)."""
    from playwright.sync_api import sync_playwright

    first, second = _first_setter_and_second(analysed_index, analysed)
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.goto(f"{first_setter_server}/game?game={analysed.game_id}")
            expect(page.get_by_label("arena")).to_be_visible()
            draw_charts(page)
            traces = page.locator(WINPROB)
            expect(traces).to_have_count(MARKS + 1)
            settled(page)
            click_centre(page, traces.nth(MARKS).locator(".points path").first)
            expect(page.get_by_text(f"· event {first.event}/{analysed.events} · as all")
                   ).to_be_visible()
            expect(page.get_by_text(f"Decision {first.idx} ·", exact=False)).to_be_visible()
            expect(page.get_by_text(f"Decision {second.idx} ·", exact=False)).to_have_count(0)
        finally:
            browser.close()


# --- the arena at a moment, seen as p1 (issue 19 items 2 and 5) ------------------------------

MOMENT_GAME = "ryu-vs-ken_heuristic-vs-heuristic_seed100.exlog"
"""The game of the moment link (heuristic play: readable labels for the screenshot)."""


def _revealed_with_hands(game: GameReplay, position: int) -> bool:
    """At ``position``, seen as p1: a strike with both attacks just revealed, both hands
    holding cards, p1 with gauge."""
    shown = frame(game, position, "p1", recent=0)
    strike = shown.strike_in_progress
    return (strike is not None and strike.attack.revealed and strike.defence.revealed
            and shown.turn >= 4 and bool(shown.p1.hand) and shown.p2.hand_count > 0)


SCROLL_TO_TOP = """e => {
    e.scrollIntoView({block: 'start'});
    let box = e.parentElement;
    while (box && box.scrollTop === 0) box = box.parentElement;
    (box || document.scrollingElement).scrollBy(0, -70);
}"""
"""Scroll an element to the top of the window, just under Streamlit's header bar (its
scrolling box is the page's main block, not the document)."""


def test_a_moment_link_draws_the_arena_as_p1(server: str, sample_rows: list[GameRow]) -> None:
    """``/game?game=ID&event=N&as=p1``: the board is at event N seen as p1; each fighter
    stands on its space with its name; p1's hand, gauge and boosts are named card chips;
    p2's hand is face down with its count; the strike in progress is two cards face up
    (N is just after a reveal); the timeline reads in turns with its markers labelled,
    the lanes are drawn under it, and every chart's PNG button downloads the chart."""
    from playwright.sync_api import sync_playwright

    chosen = next(g for g in sample_rows if Path(g.path).name == MOMENT_GAME)
    game = open_game(chosen.path)
    event = next(i for i in range(game.length) if _revealed_with_hands(game, i + 1))
    shown = frame(game, event + 1, "p1")
    assert shown.p1.hand and shown.p2.hand is None and shown.p2.hand_count > 0
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            # the event at index ``event`` is event number event + 1 (counted from 1)
            page.goto(f"{server}/game?game={chosen.game_id}&event={event + 1}&as=p1")
            expect(page.get_by_text(f"· event {event + 1}/{chosen.events} · as p1")
                   ).to_be_visible()
            for p in shown.players:
                space = page.get_by_label(f"space {p.space}", exact=True)
                expect(space).to_contain_text(p.seat)
                expect(space.get_by_title(f"{p.seat} {p.character}", exact=False)
                       ).to_have_count(1)
            mine = page.get_by_label("p1 hand", exact=True)
            for card in shown.p1.hand:
                expect(mine).to_contain_text(card)
            expect(mine.locator('[data-face="up"]')).to_have_count(len(shown.p1.hand))
            theirs = page.get_by_label("p2 hand", exact=True)
            expect(theirs).to_contain_text(f"{shown.p2.hand_count} face down")
            expect(theirs.locator('[data-face="down"]')).to_have_count(shown.p2.hand_count)
            expect(theirs.locator('[data-face="up"]')).to_have_count(0)
            gauge = page.get_by_label("p1 gauge", exact=True)
            for card in shown.p1.gauge:
                expect(gauge).to_contain_text(card)
            strike = shown.strike_in_progress
            assert strike is not None
            for side in (strike.attack, strike.defence):
                attack = page.get_by_label(f"{side.seat} attack", exact=True)
                expect(attack).to_have_attribute("data-face", "up")
                expect(attack).to_contain_text(side.cards)
            draw_charts(page)
            plots = page.locator(".js-plotly-plot")
            expect(plots).to_have_count(2)  # the timeline, the lanes under it
            expect(plots.first.locator(".xtitle, .x2title").last).to_have_text("turn")
            expect(plots.first.locator(".textpoint")).to_have_count(2 * chosen.strikes)
            expect(plots.first.locator(".textpoint", has_text="?")).to_have_count(
                2 * sum(s.last_event + 1 > event + 1 for s in game.strikes))
            png = page.locator('.modebar-btn[data-title="Download plot as a PNG"]')
            expect(png).to_have_count(2)
            page.wait_for_timeout(500)
            settled(page)
            within(page, page.get_by_label("arena"), "arena")
            page.screenshot(path=str(SHOTS / "game-arena.png"))
            page.set_viewport_size({"width": 1280, "height": 1250})
            page.wait_for_timeout(800)
            settled(page)
            # the timeline at the top of the window (under Streamlit's header bar), the
            # lanes under it: both lie under the board area
            page.get_by_test_id("stPlotlyChart").first.evaluate(SCROLL_TO_TOP)
            page.wait_for_timeout(500)
            within(page, plots.nth(1), "lanes")
            page.screenshot(path=str(SHOTS / "game-lanes.png"))
            page.set_viewport_size({"width": 1280, "height": 800})
            settled(page)
            plots.first.hover()
            with page.expect_download() as download:
                png.first.click()
            name = download.value.suggested_filename
            assert name.startswith(f"exceed-{chosen.p1}-vs-{chosen.p2}-seed{chosen.seed}-")
            assert name.endswith("-timeline.png"), name
        finally:
            browser.close()


# --- issue 27 items 14 and 15: a fork names its parent; analyses run in the background --------


def test_a_fork_opened_from_the_page_names_its_parent(analysed_index: Path, tmp_path: Path,
                                                      analysed: GameRow) -> None:
    """"Play ... instead" opens the fork at the fork point with one line naming the
    parent, the decision and both choices, and its link leads back to the parent there.
    On a copy of the index: the fork is indexed into it."""
    import shutil

    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing (make test installs Debian's chromium with apt)")
    db = tmp_path / "index.duckdb"
    shutil.copy(analysed_index, db)
    analysis = game_analysis(open_source(db), analysed.game_id)
    assert analysis is not None
    target = max((p for p in analysis.points if p.options_shown > 1),
                 key=lambda p: (p.swing, -p.idx))
    other = next(o for o in analysis.options if o.idx == target.idx and not o.chosen)
    with serve_dashboard(db, tmp_path) as server, sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.set_viewport_size({"width": 1440, "height": 900})
            page.goto(f"{server}/game?game={analysed.game_id}&decision={target.idx}")
            expect(page.get_by_text(f"Decision {target.idx} ·", exact=False)).to_be_visible()
            settled(page)
            page.get_by_role("button", name=f"Play {other.label} instead").click()
            banner = page.get_by_text("Forked from p1 ", exact=False)
            expect(banner).to_be_visible(timeout=600_000)  # the fork is played out first
            expect(banner).to_contain_text(f"at decision {target.idx}: played {other.label}"
                                           " instead of ")
            expect(page.get_by_text(f"· event {target.event}/", exact=False)).to_be_visible()
            settled(page)
            page.get_by_role("link", name=f"Back to the parent at decision {target.idx}"
                             ).click()
            expect(page.get_by_text(f"Decision {target.idx} ·", exact=False)).to_be_visible()
            expect(page.get_by_text(f"· event {target.event}/{analysed.events} · as all")
                   ).to_be_visible()
        finally:
            browser.close()


def test_quick_analysis_runs_in_the_background(index_path: Path, tmp_path: Path,
                                               sample_rows: list[GameRow]) -> None:
    """Quick starts a background analysis: the page shows its progress (or, if it is
    already done, the stored analysis) and the viewer still steps meanwhile. On a copy
    of the index: the analysis is stored, and the full analysis is offered above it."""
    tiny = min(sample_rows, key=lambda g: (g.events, g.game_id))
    with unanalysed_game(index_path, tmp_path, tiny.game_id) as page:
        page.get_by_role("button", name="Quick (20)").click()
        running = page.get_by_text(re.compile(r"analysing"))
        done = page.get_by_label("evaluation")
        expect(running.or_(done).first).to_be_visible()
        step_forward(page)  # the page is not blocked, and the analysis goes on
        page.screenshot(path=str(SHOTS / "game-analysing.png"))
        expect(done).to_be_visible(timeout=1_800_000)  # stored, then shown
        expect(page.get_by_text("No analysis is stored", exact=False)).to_have_count(0)
        # a Quick analysis is rough: the full one is offered above it
        expect(page.get_by_text("A rough analysis (20 rollouts per point)",
                                exact=False)).to_be_visible()
        expect(page.get_by_role("button", name="Analyze (200 rollouts)")).to_be_visible()


def test_the_recent_events_read_whole_on_a_phone(server: str, sample_rows: list[GameRow]
                                                 ) -> None:
    """Found walking from the Play page to the game just played ("Review this game") at a
    phone's width (390 px): the Game page's recent events were cut at the box's edge,
    "#11 p2 Ken Masters draws Guren Senpukyak", to be scrolled sideways line by line.
    They wrap inside the box now, as the Play page's "What just happened" does; so does
    the "why" of an event."""
    from playwright.sync_api import sync_playwright

    chosen = next(g for g in sample_rows if Path(g.path).name == MOMENT_GAME)
    cut_boxes = """() => [...document.querySelectorAll('pre')]
        .filter(e => e.offsetParent && e.scrollWidth > e.clientWidth + 1)
        .map(e => e.innerText)"""
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            phone = browser.new_context(viewport={"width": 390, "height": 844},
                                        is_mobile=True, has_touch=True)
            page = phone.new_page()
            page.set_default_timeout(HANG_GUARD_MS)
            page.goto(f"{server}/game?game={chosen.game_id}&event=40")
            expect(page.get_by_text("recent events")).to_be_visible()
            page.get_by_text("Why did event #40 happen?").click()
            expect(page.locator("pre")).to_have_count(2)
            settled(page)
            assert page.evaluate(cut_boxes) == []
        finally:
            browser.close()
