"""The statistics pages in a real browser (Debian's chromium, playwright): a deep link opens
exactly its view, the PNG export is plotly's own modebar button saving the named file,
and the CSV button downloads the table. Skipped without ``/usr/bin/chromium``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect, sync_playwright

from tests.dashboard.browser_kit import HANG_GUARD_MS
from tests.dashboard.test_browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    DashboardDown,
    serve_dashboard,
)

pytestmark = pytest.mark.browser


@pytest.fixture
def page(index_path: Path, tmp_path: Path) -> Iterator[tuple[str, Page]]:
    """``(url, page)``: ``exceed dashboard`` over the session's index and a browser page."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing (make test installs Debian's chromium with apt)")
    try:
        with serve_dashboard(index_path, tmp_path) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                tab = browser.new_page(viewport={"width": 1280, "height": 1000},
                                       accept_downloads=True)
                tab.set_default_timeout(HANG_GUARD_MS)
                yield url, tab
            finally:
                browser.close()
    except DashboardDown as error:
        pytest.fail(str(error))


def test_deep_links_png_and_csv(page: tuple[str, Page]) -> None:
    url, tab = page
    tab.goto(f"{url}/matchups?view=ordered&row_agent=random&fighters=ryu,ken")
    expect(tab.get_by_role("heading", name="Matchups")).to_be_visible()
    expect(tab.get_by_text("p1 vs p2 (ordered)")).to_be_visible()
    expect(tab.get_by_label("p1 played by")).to_have_count(1)
    heatmap = tab.locator(".js-plotly-plot").first
    expect(heatmap).to_be_visible()
    heatmap.hover()
    camera = heatmap.locator('.modebar-btn[data-title="Download plot as a PNG"]')
    with tab.expect_download() as png:
        camera.click()
    assert png.value.suggested_filename == "matchups-ordered.png"
    with tab.expect_download() as csv:
        tab.get_by_test_id("stDownloadButton").first.get_by_role("button").click()
    assert csv.value.suggested_filename == "matchups-ordered.csv"
    text = Path(csv.value.path()).read_text(encoding="utf-8")
    assert text.startswith("p1,p2,games (n),wins,win rate,win rate low,win rate high\n")

    tab.goto(f"{url}/fighter?fighter=ken&agent=heuristic")
    expect(tab.get_by_role("heading", name="Fighter: Ken Masters")).to_be_visible()
    expect(tab.locator(".js-plotly-plot")).to_have_count(2)
    assert "agent=heuristic" in tab.url and "fighter=ken" in tab.url

    tab.goto(f"{url}/fighter?fighter=nobody")
    expect(tab.get_by_text("no fighter 'nobody' in this index")).to_be_visible()
    expect(tab.get_by_role("link", name="Back to the Matchups")).to_be_visible()
