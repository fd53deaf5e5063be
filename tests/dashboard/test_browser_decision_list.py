"""The Game page's "Analysed decisions" box follows the open decision
(``dashboard.list_focus``), in chromium: a link to a late decision (as the Insights page's
"open" links are) opens the page with that decision's option checked and in sight in the
box, not below its edge; the page's own scroll is left where the link put it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from dashboard.game_board import DECISIONS_BOX
from replay.query import GameRow, game_analysis, open_source
from tests.dashboard.browser_kit import HANG_GUARD_MS, browser_page, serve_or_skip, settled

pytestmark = pytest.mark.browser

SIGHT = """box => {
  const checked = box.querySelector("input[type=radio]:checked");
  if (!checked) { return null; }
  let pane = checked.parentElement;
  while (pane && !(pane.scrollHeight > pane.clientHeight
                   && ["auto", "scroll"].includes(getComputedStyle(pane).overflowY))) {
    pane = pane.parentElement;
  }
  const item = checked.closest("label").getBoundingClientRect();
  const seen = pane.getBoundingClientRect();
  return {top: item.top - seen.top, bottom: seen.bottom - item.bottom,
          scrolled: pane.scrollTop, overflow: pane.scrollHeight - pane.clientHeight,
          label: checked.closest("label").innerText};
}"""
"""Where the checked option lies in the box's scrolling pane (positive: inside it)."""


@pytest.fixture
def analysed_server(analysed_index: Path, tmp_path: Path) -> Iterator[str]:
    yield from serve_or_skip(analysed_index, tmp_path)


def test_a_link_to_a_late_decision_shows_it_in_the_box(analysed_server: str,
                                                       analysed_index: Path,
                                                       analysed: GameRow) -> None:
    from playwright.sync_api import sync_playwright

    analysis = game_analysis(open_source(analysed_index), analysed.game_id)
    assert analysis is not None
    points = sorted(analysis.points, key=lambda p: p.idx)
    assert len(points) > 12  # more than the 230-pixel box shows at once
    late = points[-2]
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.goto(f"{analysed_server}/game?game={analysed.game_id}&decision={late.idx}")
            settled(page)
            box = page.locator(f".st-key-{DECISIONS_BOX}")
            expect(box.locator("input[type=radio]:checked")).to_have_count(
                1, timeout=HANG_GUARD_MS)
            expect(page.get_by_text(f"Decision {late.idx}", exact=False).first).to_be_visible(
                timeout=HANG_GUARD_MS)
            page.wait_for_function(
                f"() => {{ const f = {SIGHT}; const s = f(document.querySelector("
                f"'.st-key-{DECISIONS_BOX}')); return s && s.top >= 0 && s.bottom >= 0; }}",
                timeout=HANG_GUARD_MS)
            sight = box.evaluate(SIGHT)
            assert sight["overflow"] > 0 and sight["scrolled"] > 0, sight
            assert sight["top"] >= 0 and sight["bottom"] >= 0, sight
            assert late.decision in sight["label"], sight
        finally:
            browser.close()
