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
    browser_page,
    play_db,
    play_server,
    settled,
    within,
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
            for answer in ("Accept the takeback", "Decline"):  # where p2 looks, not
                within(pages["p2"], pages["p2"].get_by_role("button", name=answer),
                       answer)  # below the fold with Resign
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


def test_take_back_is_disabled_with_why_once_a_strike_showed_the_ai_s_attack(
        server: str, db: Path) -> None:
    """A newcomer pressed Take back after almost every strike and read that it cannot be
    taken back. Now the page says so before the click: the button is disabled and the
    reason is under it. Right after an ordinary move it is enabled and forks."""
    root = q.live_root(db)
    shown = q.create_live(root, "ryu", "ken", seat="p1", seed=7)
    plain = q.create_live(root, "ryu", "ken", seat="p1", seed=5)
    for created in (shown, plain):  # the mulligan, then a set against the AI's attack
        for _ in range(2):          # (seed 7) or a Strike (seed 5: its set comes next)
            pic = q.live_picture(root, created.game_id, "p1")
            q.live_act(root, created.game_id, created.tokens["p1"], "", pic.decision,
                       pic.groups[0].options[0].decision)
    why = q.takeback_barred(root, shown.game_id, "p1")
    assert "p2's face-down attack has been shown since" in why
    assert q.takeback_barred(root, plain.game_id, "p1") == ""
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.goto(f"{server}/play?g={shown.game_id}&t={shown.tokens['p1']}")
            expect(page.get_by_text("(you)").first).to_be_visible()
            settled(page)
            expect(page.get_by_role("button", name="Take back")).to_be_disabled()
            expect(page.get_by_text("p2's face-down attack has been shown since")
                   ).to_be_visible()
            page.goto(f"{server}/play?g={plain.game_id}&t={plain.tokens['p1']}")
            expect(page.get_by_text("(you)").first).to_be_visible()
            settled(page)
            button = page.get_by_role("button", name="Take back")
            expect(button).to_be_enabled()
            button.click()
            fork = re.compile(r"[?&]g=(?!" + plain.game_id + r")[0-9a-f]{16}")
            expect(page).to_have_url(fork, timeout=15_000)
        finally:
            browser.close()
