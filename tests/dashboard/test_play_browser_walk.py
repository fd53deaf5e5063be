"""The Play page in a real browser as a newcomer from lichess walks it (QA walk of the
Play page): what only a browser shows, each test a defect found by playing.

Never ``playwright install``: Debian's chromium is used (``browser_kit``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from replay import query as q
from tests.dashboard.browser_kit import browser_page, play_db, play_server, settled

pytestmark = pytest.mark.browser
NAME = "Your name (optional, at most 40 characters; kept in this browser)"
TOO_LONG = "Alexandra Konstantinopoulou-Vanderbilt III"  # 42 characters


db = pytest.fixture(play_db)
server = pytest.fixture(play_server)


def test_a_pasted_name_too_long_is_refused_in_one_line_not_dropped(
        server: str, db: Path) -> None:
    """A newcomer pasted a 42-character name into the name field (at most 40): the
    field took none of it, without a word (Streamlit's ``max_chars`` drops a change
    that would pass it, whole), Start began the game as "P1 (guest)", and their games
    were counted as a guest's. Now the field keeps what was pasted, and Start refuses
    it in one line saying why; nothing is started. The friend's join form likewise."""
    assert len(TOO_LONG) == 42
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.goto(f"{server}/play")
            field = page.get_by_label(NAME)
            expect(field).to_be_visible()
            settled(page)
            field.click()
            page.keyboard.insert_text(TOO_LONG)  # a paste
            expect(field).to_have_value(TOO_LONG)
            page.get_by_role("button", name="Start").click()
            expect(page.get_by_text("is 42 characters long, over 40")).to_be_visible()
            assert "g=" not in page.url
            created = q.create_live(q.live_root(db), "ryu", "ken", opponent="person",
                                    name="Ann", other_joins=True)
            page.goto(f"{server}/play?g={created.game_id}&t={created.tokens['p2']}")
            field = page.get_by_label(NAME)
            expect(field).to_be_visible()
            settled(page)
            field.click()
            page.keyboard.insert_text(TOO_LONG)
            expect(field).to_have_value(TOO_LONG)
            page.get_by_role("button", name="Join the game").click()
            expect(page.get_by_text("is 42 characters long, over 40")).to_be_visible()
            assert q.read_live_settings(q.live_root(db), created.game_id).waiting is not None
        finally:
            browser.close()
    listed = [g.game_id for g in q.unfinished_live(q.live_root(db))]
    assert listed == [created.game_id], listed  # the form started no game as the guest's


def test_a_double_click_of_start_makes_one_game(server: str, db: Path) -> None:
    """A newcomer double-clicked Start (against the search agent the page said nothing
    for seconds while it played its opening decisions): two games were made, the page
    opened the second, and the first stayed in the list of unfinished games for good.
    The second click now opens the game the first made."""
    root = q.live_root(db)
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.goto(f"{server}/play")
            start = page.get_by_role("button", name="Start")
            expect(start).to_be_visible()
            settled(page)  # a box clicked during a run may be redrawn, its list closed
            page.get_by_role("combobox", name="Opponent", exact=False).click()
            page.get_by_role("option", name="the heuristic agent", exact=False).click()
            settled(page)
            start.dblclick()
            expect(page.get_by_text("Decision ").first).to_be_visible()
            settled(page)
            page.wait_for_timeout(2_000)  # a second game, made late, would be listed now
            settled(page)
            made = sorted(p.stem for p in root.glob("*.exlog"))
            assert len(made) == 1, made
            assert f"g={made[0]}" in page.url
        finally:
            browser.close()


def test_the_friend_s_join_form_learns_of_a_cancel_and_keeps_a_name_being_typed(
        server: str, db: Path) -> None:
    """The friend's join form learnt of the host's cancel only at the Join click. The
    page now looks at the seats file every second: a name half typed stays in the field
    through those looks (they rerun a fragment, not the form) and joins; and once the
    host cancels, the page says so by itself, with New game."""
    root = q.live_root(db)
    kept = q.create_live(root, "ryu", "ken", opponent="person", name="Ann", other_joins=True)
    dropped = q.create_live(root, "ryu", "ken", opponent="person", name="Ann",
                            other_joins=True)
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.goto(f"{server}/play?g={kept.game_id}&t={kept.tokens['p2']}")
            field = page.get_by_label(NAME)
            expect(field).to_be_visible()
            settled(page)
            field.click()
            page.keyboard.type("Bo")
            page.wait_for_timeout(3_000)  # three looks at the seats file
            expect(field).to_have_value("Bo")
            page.get_by_role("button", name="Join the game").click()
            expect(page.get_by_text("Decision ").first).to_be_visible()
            assert q.read_live_settings(root, kept.game_id).waiting is None
            assert q.live_picture(root, kept.game_id, "p2").names[1] == "Bo"
            page.goto(f"{server}/play?g={dropped.game_id}&t={dropped.tokens['p2']}")
            field = page.get_by_label(NAME)
            expect(field).to_be_visible()
            settled(page)
            field.click()
            page.keyboard.type("Bo")
            q.cancel_waiting(root, dropped.game_id, dropped.tokens["p1"])
            expect(page.get_by_text("This game was not played")).to_be_visible(timeout=10_000)
            expect(page.get_by_role("button", name="New game")).to_be_visible()
            expect(field).to_have_count(0)
        finally:
            browser.close()
