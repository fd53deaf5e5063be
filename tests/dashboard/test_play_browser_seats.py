"""The seats a browser opened, kept in a cookie (``exceed_seats``), in a real browser.

A host whose game waits for the friend, and who reloaded the Play page (a new page
session), found only "watch" beside it in the list of unfinished games: the seat tokens
the list offered were the page session's only. The browser keeps them now, so its list
offers the host's seat again; another browser, or one holding a forged token, does
not list the waiting game (only the browser holding a seat of it does: waiting games
started by anyone pushed the games being played off the list) and says it leaves it out.

Never ``playwright install``: Debian's chromium is used (``browser_kit``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect, sync_playwright

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


def _cookie(context: BrowserContext, page: Page, name: str, holds: str) -> str:
    """The cookie ``name`` once it holds ``holds`` (the page's script writes it after
    the run)."""
    value = ""
    for _ in range(HANG_GUARD_MS // 250):
        value = next((c["value"] for c in context.cookies() if c["name"] == name), "")
        if holds in value:
            break
        page.wait_for_timeout(250)
    return value


def test_a_host_who_reloads_gets_their_waiting_game_s_seat_back(
        server: str, db: Path) -> None:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            host = browser.new_context(viewport={"width": 1280, "height": 900})
            page = host.new_page()
            page.set_default_timeout(HANG_GUARD_MS)
            page.goto(f"{server}/play")
            page.get_by_role("combobox", name="Opponent", exact=False).click()
            page.get_by_role("option", name="a person at another browser").click()
            page.get_by_role("button", name="Start").click()
            expect(page.get_by_text("Waiting for your friend to join")).to_be_visible()
            game_id = re.search(r"[?&]g=([0-9a-f]{16})", page.url).group(1)  # type: ignore[union-attr]
            token = re.search(r"[?&]t=([^&]+)", page.url).group(1)  # type: ignore[union-attr]
            settled(page)
            assert q.kept_seats(_cookie(host, page, q.SEATS_COOKIE, game_id)) == {
                game_id: token}
            again = host.new_page()  # a reload of the list: a new page session
            again.goto(f"{server}/play")
            listed = again.get_by_text("waiting for your friend to join")
            expect(listed).to_be_visible()
            href = again.get_by_role("link", name="open: a new link for your friend, or "
                                     "cancel").get_attribute("href")  # it opens a new tab
            assert href == f"play?g={game_id}&t={token}"
            again.goto(f"{server}/{href}")
            expect(again.get_by_role("button", name="New link for your friend",
                                     exact=False)).to_be_visible()
            for cookies in ([], [{"name": q.SEATS_COOKIE, "value": f"{game_id}:{'x' * 32}",
                                  "url": server}]):  # another browser, a forged token
                other = browser.new_context()
                if cookies:
                    other.add_cookies(cookies)  # type: ignore[arg-type]
                look = other.new_page()
                look.set_default_timeout(HANG_GUARD_MS)
                look.goto(f"{server}/play")
                expect(look.get_by_text("1 game(s) started in other browsers wait for a "
                                        "friend", exact=False)).to_be_visible()
                expect(look.get_by_text("waiting for a friend to join")).to_have_count(0)
                expect(look.get_by_role("link", name="open", exact=False)).to_have_count(0)
                other.close()
        finally:
            browser.close()


def test_an_older_tab_of_the_seat_follows_the_game_against_the_ai(
        server: str, db: Path) -> None:
    """Found by walking the Play page: a seat open in two tabs against the AI, the
    newer one played, and the older stood still at the position it was drawn at (only
    the two-person pages looked again every second), each click there refused with
    "reload here". It follows the game now, with no click and no reload: the log's
    ``stat`` is looked at every second (``play._offer_watch``)."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5, opponent="heuristic")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            page.set_default_timeout(HANG_GUARD_MS)
            page.goto(f"{server}/play?g={created.game_id}&t={created.tokens['p1']}")
            mulligan = page.get_by_role("button", name="Keep the opening hand")
            expect(mulligan).to_be_visible()
            settled(page)
            q.claim_tab(root, created.game_id, "p1", "a-newer-tab")  # opened elsewhere
            pic = q.live_picture(root, created.game_id, "p1")
            q.live_act(root, created.game_id, created.tokens["p1"], "a-newer-tab",
                       pic.decision, pic.groups[0].options[0].decision)
            moved = q.live_picture(root, created.game_id, "p1")
            assert moved.request is not None and moved.decision > pic.decision
            expect(mulligan).to_have_count(0, timeout=15_000)  # no click, no reload
            expect(page.get_by_text(f"Decision {moved.decision}:", exact=False)
                   ).to_be_visible(timeout=15_000)
        finally:
            browser.close()


def _resigned_against_the_ai(db: Path) -> tuple[Path, q.Created, str]:
    """A game of p1 against the heuristic AI that p1 resigned at once, from tab "a-tab":
    the live root, the game created and p1's token."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5, opponent="heuristic")
    token = created.tokens["p1"]
    q.claim_tab(root, created.game_id, "p1", "a-tab")
    q.live_resign(root, created.game_id, token, "a-tab")
    return root, created, token


def test_an_older_tab_of_the_seat_learns_of_a_rematch_against_the_ai(
        server: str, db: Path) -> None:
    """A seat open in two tabs against the AI, the game over: the newer tab started the
    rematch, and the older stood at the finished game for good (its page looked again
    every second at the log and the takeback offer only, neither of which a rematch
    changes), its Rematch button still offered. It says now, with no click and no
    reload, that a rematch has started, and its button opens this seat there."""
    root, created, token = _resigned_against_the_ai(db)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            page.set_default_timeout(HANG_GUARD_MS)
            page.goto(f"{server}/play?g={created.game_id}&t={token}")
            expect(page.get_by_role("button", name="Rematch (seats swapped)")).to_be_visible()
            settled(page)
            new_id = q.live_rematch(root, created.game_id, token)  # the newer tab's click
            expect(page.get_by_text("A rematch has started (seats swapped)", exact=False)
                   ).to_be_visible(timeout=15_000)  # no click, no reload
            expect(page.get_by_role("button", name="Rematch (seats swapped)")
                   ).to_have_count(0)
            page.get_by_role("button", name="Play the rematch").click()
            page.wait_for_url(re.compile(f"g={new_id}"))
            expect(page.get_by_role("button", name="Keep the opening hand")
                   ).to_be_visible()  # this seat's (p2 now) options: not a spectator's
            assert f"t={token}" in page.url
        finally:
            browser.close()


def test_a_finished_games_buttons_are_in_sight_at_1280x800(server: str, db: Path) -> None:
    """Found in a newcomer's walk: at 1280x800 the game over line was at the top but its
    buttons (Rematch, Review this game, New game) sat under the board, below the fold.
    They are drawn under the result line now, in sight without scrolling."""
    _, created, token = _resigned_against_the_ai(db)
    with sync_playwright() as pw:
        browser, page = browser_page(pw)  # 1280x800
        try:
            page.goto(f"{server}/play?g={created.game_id}&t={token}")
            # the result line (the board's own "GAME OVER" block matches the text too,
            # once it is drawn: two elements, which strict mode refuses)
            expect(page.get_by_test_id("stAlertContentInfo").get_by_text("Game over:")
                   ).to_be_visible()
            for name in ("Rematch (seats swapped)", "New game"):
                button = page.get_by_role("button", name=name)
                expect(button).to_be_visible()
                within(page, button, name)
            review = page.get_by_role("link", name="Review this game")
            expect(review).to_be_visible()
            within(page, review, "Review this game")
            board = page.get_by_text("What just happened")
            assert (review.bounding_box() or {"y": 1e9})["y"] < \
                (board.bounding_box() or {"y": 0})["y"]  # above the board's words
        finally:
            browser.close()
