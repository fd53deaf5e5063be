"""The Players page in a real browser: choosing a player opens their page under its own
URL (``/players?player=NAME``, a link to share), whose links lead to their games on the
Games page and back to every player, and the browser's Back returns to the player; a
name holding a web or e-mail address is never a link (Streamlit's Markdown linked it)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from replay import query as q
from tests.dashboard.browser_kit import browser_page, serve_or_skip, settled


@pytest.fixture
def server(index_path: Path, tmp_path: Path) -> Iterator[str]:
    """``exceed dashboard`` on a free port over this session's index; yields its URL."""
    yield from serve_or_skip(index_path, tmp_path)


def test_a_player_has_a_page_of_their_own(server: str, index_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    record = q.player_records(q.open_source(index_path))[0]
    name = record.player
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.goto(f"{server}/players")
            expect(page.get_by_role("heading", name="Players")).to_be_visible()
            settled(page)
            chooser = page.get_by_role("combobox", name="Open a player")
            chooser.click()
            page.get_by_role("option", name=name, exact=True).click()
            page.wait_for_url(f"**/players?player={name}")
            expect(page.get_by_role("heading", name=f"Player: {name}")).to_be_visible()
            settled(page)
            page.get_by_role("link", name=f"All {record.games} games of {name}").click()
            page.wait_for_url(f"**/games?player={name}")
            expect(page.get_by_text(f"{record.games} game(s) match")).to_be_visible()
            settled(page)
            page.go_back()
            expect(page.get_by_role("heading", name=f"Player: {name}")).to_be_visible()
            settled(page)
            page.get_by_role("link", name="Back to every player").click()
            expect(page.get_by_role("heading", name="Players", exact=True)).to_be_visible()
            settled(page)
            assert "player=" not in page.url, page.url
        finally:
            browser.close()


ADDRESSES = "http://evil.ex www.evil.ex a@evil.ex"


def test_an_address_in_a_name_is_not_a_link(server: str) -> None:
    """Streamlit's Markdown links a web or e-mail address it finds in a text, escaped or
    not: a player named after one, in a link, was a link to it (an error line here, the
    page's title on a player's page). The name reads as written and links nowhere."""
    from urllib.parse import quote

    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.goto(f"{server}/players?player={quote(ADDRESSES)}")
            alert = page.get_by_test_id("stAlertContainer")
            expect(alert).to_contain_text("in this index")
            settled(page)
            shown = alert.inner_text().replace("\u2060", "")
            assert f"no player '{ADDRESSES}' in this index" in shown, shown
            hrefs = page.get_by_test_id("stMain").locator("a").evaluate_all(
                "links => links.map(a => a.getAttribute('href'))")
            assert not [h for h in hrefs if h and "evil" in h], hrefs
        finally:
            browser.close()
