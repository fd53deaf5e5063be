"""The Matchups heatmap drawn in a 1024-pixel window (the sidebar open): every cell's
text fits its cell, so no rate, interval or "not enough" runs over its neighbour.

Found walking the Matchups page as a coach on a laptop: the cell font was sized for a
900-pixel plot, and the plot there is 347 pixels wide (``dashboard.stats.HEATMAP_PX``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from dashboard.stats import HEATMAP_PX
from tests.dashboard.browser_kit import HANG_GUARD_MS, browser_page, serve_or_skip, settled

pytestmark = pytest.mark.browser

MEASURE = """() => {
  const g = document.querySelector('.js-plotly-plot');
  const size = g._fullLayout._size, cells = g._fullData[1].x.length;
  const widths = [...g.querySelectorAll('.heatmap-label')]
    .filter(t => t.textContent.trim()).map(t => t.getBBox().width);
  return [size.w, cells, widths];
}"""


@pytest.fixture
def server(index_path: Path, tmp_path: Path) -> Iterator[str]:
    yield from serve_or_skip(index_path, tmp_path)


def test_heatmap_text_fits_its_cells_at_1024_pixels(server: str) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.set_viewport_size({"width": 1024, "height": 768})
            page.goto(f"{server}/matchups")
            chart = page.locator(".js-plotly-plot").first
            expect(chart).to_be_attached(timeout=HANG_GUARD_MS)
            settled(page)
            chart.scroll_into_view_if_needed()
            expect(chart.locator(".heatmaplayer")).to_have_count(1)
            plot, cells, widths = page.evaluate(MEASURE)
        finally:
            browser.close()  # type: ignore[attr-defined]
    assert plot >= HEATMAP_PX, (plot, HEATMAP_PX)  # the page is sized for this plot
    cell = plot / cells
    assert widths and max(widths) <= cell, (max(widths), cell, cells)
