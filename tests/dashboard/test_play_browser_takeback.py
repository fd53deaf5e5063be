"""A takeback offered between people, in two real browsers: the offer reaches the page
of the person deciding without a click (``play._offer_watch``), and accepted, both pages
go on in the fork.

Never ``playwright install``: Debian's chromium is used (``browser_kit``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from engine import read_game
from replay import query as q
from tests.dashboard.browser_kit import (
    CHROMIUM,
    CHROMIUM_ARGS,
    HANG_GUARD_MS,
    play_db,
    play_server,
    settled,
)

pytestmark = pytest.mark.browser
db = pytest.fixture(play_db)
server = pytest.fixture(play_server)


def test_an_offer_reaches_the_deciding_person_and_both_follow_the_fork(
        server: str, db: Path) -> None:
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", opponent="person", seed=5)
    for seat in ("p1", "p2", "p1", "p1"):  # the mulligans, p1's Strike and face-down set
        pic = q.live_picture(root, created.game_id, seat)
        q.live_act(root, created.game_id, created.tokens[seat], "", pic.decision,
                   pic.groups[0].options[0].decision)
    assert q.live_picture(root, created.game_id, "p2").request is not None  # p2 decides
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            pages = {}
            for seat in ("p2", "p1"):
                page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
                page.set_default_timeout(HANG_GUARD_MS)
                page.goto(f"{server}/play?g={created.game_id}&t={created.tokens[seat]}")
                expect(page.get_by_text("(you)").first).to_be_visible()
                settled(page)
                pages[seat] = page
            pages["p1"].get_by_role("button", name="Offer a takeback").click()
            expect(pages["p1"].get_by_text("You offered a takeback")).to_be_visible()
            expect(pages["p2"].get_by_text("p1 offers to take back their last decision")
                   ).to_be_visible(timeout=15_000)  # no click, no reload on p2's side
            settled(pages["p2"])
            pages["p2"].get_by_role("button", name="Accept the takeback").click()
            fork = re.compile(r"[?&]g=(?!" + created.game_id + r")[0-9a-f]{16}")
            for page in pages.values():
                expect(page).to_have_url(fork, timeout=15_000)
            new_id = re.search(r"[?&]g=([0-9a-f]{16})", pages["p1"].url).group(1)  # type: ignore[union-attr]
            assert new_id in pages["p2"].url
        finally:
            browser.close()
    log = read_game(root / f"{new_id}.exlog")
    assert log.header.fork_at == 3  # before p1's set
    assert read_game(root / f"{created.game_id}.exlog").abandoned
