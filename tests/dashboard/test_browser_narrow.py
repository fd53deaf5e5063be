"""Pages in a 1024x768 window (the sidebar open): every button and page link reads
whole. The Game page's header "Back to Games" and "Download .exlog" sat in fixed columns
and read "Back to Ga" and "Downl…", and the nine step buttons (four and five to a row of
the board's width) read "Pre…", "Nex…", "S…", "F…"; both rows now wrap instead. The
Insights page's "Since any day, n ≥ 30" read "Since any da…" in a fourth column.
In a 390-pixel window (a phone) the strike timeline's labels lay over each other, and
the Insights page's summary table, its four figures a column each, ran 14 pixels past
the content column; a figure a row now fits. The Fighter page's win-rate axis hid its
"100%" label at every width (a 10-pixel right margin); it now reads 0% to 100%.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from insights_corpus import HABIT, build
from playwright.sync_api import expect, sync_playwright

from replay.query import GameRow
from tests.dashboard.browser_kit import browser_page, serve_or_skip, settled

pytestmark = pytest.mark.browser

CUT = """() => [...document.querySelectorAll(
        'button [data-testid=stMarkdownContainer], [data-testid=stPageLink] span')]
    .filter(e => e.offsetParent && e.scrollWidth > e.clientWidth)
    .map(e => e.innerText)"""
"""The labels of the buttons and page links in the page that are cut short."""


@pytest.fixture(scope="module")
def server(index_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve_or_skip(index_path, tmp_path_factory.mktemp("narrow"))


def test_game_page_labels_read_whole_at_1024(server: str, longest: GameRow) -> None:
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.set_viewport_size({"width": 1024, "height": 768})
            page.goto(f"{server}/game?game={longest.game_id}&event=40")
            expect(page.get_by_role("button", name="Next strike")).to_be_visible()
            expect(page.get_by_role("button", name="Download .exlog")).to_be_visible()
            settled(page)
            assert page.evaluate(CUT) == []
            names = page.evaluate("() => [...document.querySelectorAll("
                                  "'[data-testid=stPageLink] span')].map(e => e.innerText)")
            assert "Back to Games" in names
        finally:
            browser.close()


def test_insights_filters_read_whole_at_1024(server: str) -> None:
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.set_viewport_size({"width": 1024, "height": 768})
            page.goto(f"{server}/insights?since=2020-01-01")
            expect(page.get_by_role("button", name="Since 2020-01-01, n ≥ 30")).to_be_visible()
            settled(page)
            assert page.evaluate(CUT) == []
        finally:
            browser.close()


LABELS = """() => {
    const chart = document.querySelector("[class*='st-key-game-timeline-'] .js-plotly-plot");
    const shown = [...chart.querySelectorAll('.scatterlayer .textpoint text')]
        .filter(t => t.textContent && t.getBoundingClientRect().width > 0)
        .map(t => { const b = t.getBoundingClientRect();
                    return [t.textContent, b.left, b.right, b.top, b.bottom]; });
    const over = [];
    for (let i = 0; i < shown.length; i++) for (let j = i + 1; j < shown.length; j++) {
        const [a, b] = [shown[i], shown[j]];
        if (a[1] < b[2] - 0.5 && b[1] < a[2] - 0.5 && a[3] < b[4] - 0.5 && b[3] < a[4] - 0.5)
            over.push(a[0] + ' / ' + b[0]);
    }
    return [shown.length, over];
}"""
"""The strike timeline's marker labels shown (with a width), and each pair that overlaps."""


@pytest.mark.parametrize(("width", "labelled"), [(390, False), (800, False), (1280, True)])
def test_the_timeline_labels_never_overlap_on_a_phone(server: str, longest: GameRow,
                                                      width: int, labelled: bool) -> None:
    # in a 390-pixel window the timeline's plot is about 260 pixels wide and its labels,
    # placed for 560, lay over each other ("Psycho Cr… WS" on "Grasp CR"); so they did in
    # an 800-pixel one with the sidebar open; a chart that narrow now shows none
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.set_viewport_size({"width": width, "height": 900})
            page.goto(f"{server}/game?game={longest.game_id}&event=40")
            chart = page.locator("[class*='st-key-game-timeline-'] .js-plotly-plot")
            chart.scroll_into_view_if_needed()
            expect(chart.locator(".nsewdrag").first).to_be_attached()
            settled(page)
            shown, over = page.evaluate(LABELS)
            assert over == []
            assert (shown > 0) == labelled, shown
        finally:
            browser.close()


@pytest.fixture(scope="module")
def insights_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The dashboard over the planted-habit corpus (``tests/insights_corpus.py``): the
    Insights page needs stored analyses, which the sample games have none of."""
    db, _ = build(tmp_path_factory.mktemp("narrow-insights"))
    yield from serve_or_skip(db, tmp_path_factory.mktemp("narrow-insights-serve"))


SUMMARY = """() => {
    const column = document.querySelector('[data-testid=stMainBlockContainer]');
    const style = getComputedStyle(column), box = column.getBoundingClientRect();
    const table = [...document.querySelectorAll('[data-testid=stMarkdownContainer] table')]
        .find(t => t.innerText.includes('Swing lost per decision'));
    const edge = table.getBoundingClientRect();
    return {left: box.left + parseFloat(style.paddingLeft),
            right: box.right - parseFloat(style.paddingRight),
            table: [edge.left, edge.right], text: table.innerText,
            page: [document.documentElement.scrollWidth, document.documentElement.clientWidth]};
}"""
"""The content column's inner edges, the Insights summary table's edges and text, and the
page's scroll and client widths."""


def test_the_insights_summary_fits_a_phone(insights_server: str) -> None:
    # its four figures side by side ran to 388 pixels of a column ending at 374
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.set_viewport_size({"width": 390, "height": 900})
            page.goto(f"{insights_server}/insights?player={HABIT}")
            table = page.locator("[data-testid=stMarkdownContainer] table").filter(
                has_text="Swing lost per decision")
            expect(table).to_be_visible()
            settled(page)
            table.scroll_into_view_if_needed()
            found = page.evaluate(SUMMARY)
            left, right = found["table"]
            assert found["left"] - 0.5 <= left and right <= found["right"] + 0.5, found
            scroll, client = found["page"]
            assert scroll <= client, found
            for name in ("Swing lost per decision", "Blunders per game", "Mistakes per game",
                         "Inaccuracies per game"):
                assert name in found["text"].replace("\n", " "), found["text"]
            assert found["text"].count("n=") == 4, found["text"]
        finally:
            browser.close()


WIN_RATES = """() => {
    const chart = document.querySelector(
        "[class*='st-key-fighter-opponents_chart'] .js-plotly-plot");
    const box = e => { const b = e.getBoundingClientRect();
                       return [b.left, b.right, b.top, b.bottom]; };
    const labels = [...chart.querySelectorAll('text')]
        .filter(t => /n=\\d/.test(t.textContent) && t.getBoundingClientRect().width > 0)
        .map(t => [t.textContent, box(t)]);
    const bars = [...chart.querySelectorAll('.bars .point path, .errorbar path')].map(box);
    const over = [];
    for (const [text, a] of labels) for (const b of bars)
        if (a[0] < b[1] - 0.5 && b[0] < a[1] - 0.5 && a[2] < b[3] - 0.5 && b[2] < a[3] - 0.5)
            over.push(text);
    return [labels.map(l => l[0]), bars.length, over];
}"""
"""The Fighter page's win-rate labels (the texts holding an n), how many bars and
interval paths the chart has, and each label that lies on one of them."""


@pytest.mark.parametrize("width", [390, 800, 1280])
def test_the_win_rate_labels_never_lie_on_their_bars(server: str, width: int) -> None:
    # printed inside its bar, Ken Masters' "41% [22–64%] n=17" against Ryu was crossed by
    # its interval (22% to 64%) at 390 pixels, the bar being about as long as the label
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.set_viewport_size({"width": width, "height": 900})
            page.goto(f"{server}/fighter?fighter=ken")
            chart = page.locator("[class*='st-key-fighter-opponents_chart'] .js-plotly-plot")
            chart.scroll_into_view_if_needed()
            expect(chart.locator(".errorbar path").first).to_be_attached()
            settled(page)
            labels, bars, over = page.evaluate(WIN_RATES)
            rated = [t for t in labels if re.fullmatch(r"\d+% \[\d+–\d+%\] n=\d+", t)]
            assert rated, labels  # a bar and its interval, and a row of too few games
            assert bars >= len(labels) + len(rated), (labels, bars)
            assert over == []
        finally:
            browser.close()


TICKS = """() => {
    const chart = document.querySelector(
        "[class*='st-key-fighter-opponents_chart'] .js-plotly-plot");
    const edge = chart.getBoundingClientRect();
    return [...chart.querySelectorAll('.xtick text')]
        .filter(t => getComputedStyle(t).display !== 'none'
                     && t.getBoundingClientRect().width > 0)
        .map(t => { const b = t.getBoundingClientRect();
                    return [t.textContent, b.left >= edge.left && b.right <= edge.right]; });
}"""
"""The Fighter page's win-rate axis: each tick label drawn, and whether it lies inside
the chart."""


@pytest.mark.parametrize("width", [390, 1280])
def test_the_win_rate_axis_reads_to_100_percent(server: str, width: int) -> None:
    # found in a coach's walk: with a 10-pixel right margin plotly hid the "100%" label,
    # so the axis read 0% to 80% (0% and 50% on a phone) under bars and intervals that
    # reach past its last label
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.set_viewport_size({"width": width, "height": 900})
            page.goto(f"{server}/fighter?fighter=ken")
            chart = page.locator("[class*='st-key-fighter-opponents_chart'] .js-plotly-plot")
            chart.scroll_into_view_if_needed()
            expect(chart.locator(".xtick text").first).to_be_attached()
            settled(page)
            ticks = page.evaluate(TICKS)
            assert ticks[0][0] == "0%" and ticks[-1] == ["100%", True], ticks
            assert all(inside for _, inside in ticks), ticks
        finally:
            browser.close()
