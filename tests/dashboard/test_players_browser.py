"""The Players page in a real browser: choosing a player opens their page under its own
URL (``/players?player=NAME``, a link to share), whose links lead to their games on the
Games page and back to every player, and the browser's Back returns to the player."""

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
            browser.close()  # type: ignore[attr-defined]
