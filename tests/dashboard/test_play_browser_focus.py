"""The Play page keeps the question in sight (``dashboard.play_focus``), in chromium.

Found in a newcomer's walk: Streamlit keeps the page's scroll across a rerun, so a player
who had scrolled down under the board found the next question's answers above the screen
after answering.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from replay import query as q
from tests.dashboard.browser_kit import (
    browser_page,
    play_db,
    play_server,
    settled,
    within,
)

pytestmark = pytest.mark.browser
db = pytest.fixture(play_db)
server = pytest.fixture(play_server)

_TO_BOTTOM = """() => {
  for (const el of [document.scrollingElement, document.querySelector('[data-testid="stMain"]')]) {
    if (el) { el.scrollTop = el.scrollHeight; }
  }
}"""


def test_the_next_question_is_brought_into_view_after_an_answer(server: str,
                                                                 db: Path) -> None:
    """p1 at the mulligan, the page scrolled to its bottom (the answers above the screen),
    keeps the opening hand: the AI answers its own, and p1's first action is asked. Its
    answers' container is scrolled into view; a rerun of the same question (the Card
    texts toggle) does not move the page."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5, opponent="heuristic")
    token = created.tokens["p1"]
    with sync_playwright() as pw:
        browser, page = browser_page(pw)  # 1280x800
        try:
            page.goto(f"{server}/play?g={created.game_id}&t={token}")
            keep = page.get_by_role("button", name="Keep the opening hand")
            expect(keep).to_be_visible()
            page.get_by_text("Card texts").click()  # a longer page; the same question
            settled(page)
            page.evaluate(_TO_BOTTOM)
            page.wait_for_timeout(300)
            answers = page.locator(".st-key-play-answers")
            # a rerun may briefly hold the replaced container beside the new one
            expect(answers).to_have_count(1)
            box = answers.bounding_box()
            assert box is not None and box["y"] < 0, box  # the answers above the screen
            keep.dispatch_event("click")  # a click that does not scroll the page
            strike = page.get_by_role("button", name="Strike", exact=False).first
            expect(strike).to_be_attached()
            settled(page)
            within(page, strike, "the next question's first answer")
            expect(answers).to_have_count(1)
            box = answers.bounding_box()
            assert box is not None and -1 < box["y"] < 800, box  # at the screen's top
        finally:
            browser.close()
