"""The Matchups heatmap of the 12 busiest fighters drawn in a 1024-, 1280- and 1440-pixel
window (the sidebar open): every cell with a rate shows it, its interval and n, and every
cell's text fits its cell, so no rate, interval or "not enough" runs over its neighbour.

Found walking the Matchups page as a coach on a laptop: the cell font was sized for a
900-pixel plot, and the plot there is 347 pixels wide; then the interval line never fitted
a cell and was left out at every width, while the caption promised it. The colour bar now
lies above the cells (the plot is ``dashboard.stats.HEATMAP_PX`` wide or more at 1024) and
the interval is a short line of its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from dashboard.stats import HEATMAP_PX, HEATMAP_ROW_PX, Rate
from replay import query as q
from tests.dashboard.browser_kit import (
    HANG_GUARD_MS,
    HOVER_LABEL,
    SHOTS,
    browser_page,
    serve_or_skip,
    settled,
)

pytestmark = pytest.mark.browser

MEASURE = """() => {
  const g = document.querySelector('.js-plotly-plot');
  const size = g._fullLayout._size, rates = g._fullData[1];
  const labels = [...g.querySelectorAll('.heatmaplayer g.hm')].map(
    trace => [...trace.querySelectorAll('.heatmap-label')].filter(t => t.textContent.trim())
      .map(t => {
        const box = t.getBBox();
        const lines = [...t.querySelectorAll('tspan.line')].map(s => s.textContent);
        return [lines.length ? lines : [t.textContent], box.width, box.height,
                getComputedStyle(t).display !== 'none'];
      }));
  const withRate = rates.z.flat().filter(v => v !== null && v !== undefined).length;
  return [size.w, size.h, rates.x.length, withRate, labels];
}"""
RATE_CELL = """() => {
  const g = document.querySelector('.js-plotly-plot');
  const size = g._fullLayout._size, rates = g._fullData[1], n = rates.x.length;
  const at = g.getBoundingClientRect();
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++)
    if (rates.z[i][j] !== null && rates.z[i][j] !== undefined)
      return [at.x + size.l + (j + 0.5) * size.w / n, at.y + size.t + (i + 0.5) * size.h / n,
              rates.customdata[i][j]];
  return null;
}"""
INTERVAL = re.compile(r"\d{1,3}–\d{1,3}")
"""A cell's interval line: ``41–74``."""


@pytest.fixture
def server(index_path: Path, tmp_path: Path) -> Iterator[str]:
    yield from serve_or_skip(index_path, tmp_path)


def _heatmap(page: Any, server: str, width: int) -> Any:
    """The Matchups page's heatmap in a window ``width`` pixels wide, drawn and in view."""
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{server}/matchups")
    chart = page.locator(".js-plotly-plot").first
    expect(chart).to_be_attached(timeout=HANG_GUARD_MS)
    settled(page)
    chart.scroll_into_view_if_needed()
    expect(chart.locator(".heatmaplayer")).to_have_count(1)
    return chart


@pytest.mark.parametrize("width", [1024, 1280, 1440])
def test_heatmap_cells_show_rate_and_interval_and_fit(
    server: str, index_path: Path, width: int
) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            chart = _heatmap(page, server, width)
            plot, tall, cells, with_rate, (grey, rates) = page.evaluate(MEASURE)
            SHOTS.mkdir(parents=True, exist_ok=True)
            chart.screenshot(path=str(SHOTS / f"matchups-heatmap-{width}.png"))
        finally:
            browser.close()
    assert cells == 12 and plot >= HEATMAP_PX, (cells, plot, HEATMAP_PX)  # sized for it
    across, down = plot / cells, tall / cells
    assert down >= HEATMAP_ROW_PX, (tall, cells)
    for lines, wide, high, shown in grey + rates:
        assert shown and wide <= across and high <= down, (lines, wide, across, high, down)
    # each cell with a rate (Ryu against Ken Masters, and Ken Masters against Ryu) shows
    # its three lines, exactly as the index counts them: 59% (41%), its interval, n
    drawn = sorted(lines for lines, _, _, _ in rates)
    assert drawn == _rate_lines(index_path) and len(drawn) == with_rate, (drawn, with_rate)
    assert all(INTERVAL.fullmatch(lines[1]) for lines in drawn), drawn
    assert all(re.fullmatch(r"mirror|n=\d+", line) for lines, _, _, _ in grey for line in lines), (
        grey
    )


def test_a_chart_too_narrow_for_the_text_hides_it_and_the_hover_says_it_all(
    server: str,
) -> None:
    """In a 900-pixel window (the sidebar open) the plot is 309 pixels wide, narrower than
    the text was sized for: the rates and intervals ran over their neighbours. The text
    is hidden there (the caption says so), and a cell's hover still tells its rate,
    interval and n."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            chart = _heatmap(page, server, 900)
            plot, _, cells, _, (grey, rates) = page.evaluate(MEASURE)
            assert cells == 12
            assert plot < HEATMAP_PX and grey and rates, (plot, grey, rates)
            assert not [lines for lines, *_, shown in grey + rates if shown]
            x, y, said = page.evaluate(RATE_CELL)
            page.mouse.move(x, y)
            hover = page.locator(HOVER_LABEL).first
            expect(hover).to_be_visible()
            assert hover.text_content() == said, (hover.text_content(), said)
            assert re.search(r"= \d{1,3}% \[\d{1,3}–\d{1,3}%\] n=\d+$", said), said
            SHOTS.mkdir(parents=True, exist_ok=True)
            chart.screenshot(path=str(SHOTS / "matchups-heatmap-900.png"))
        finally:
            browser.close()


def _rate_lines(index: Path) -> list[list[str]]:
    """The lines of each cell with a rate (10 games or more) in the sample index: all of
    them among its 12 busiest fighters, the heatmap's default."""
    cells = q.matchup_cells(q.open_source(index))
    return sorted(
        Rate(c.wins, c.games).short().split("<br>") for c in cells if Rate(c.wins, c.games).enough
    )
