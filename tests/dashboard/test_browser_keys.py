"""The Game page's step keys after a click on one of its radios (``dashboard.key_focus``),
in chromium. Found reviewing a game: a click on a perspective left the focus on that
radio, and → then chose the next perspective (p2 became spectator) instead of stepping
one event, as the page's Keys line says; a click in the "Analysed decisions" box did the
same with the next decision. A click now leaves the keys to the viewer."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect, sync_playwright

from dashboard.game_board import DECISIONS_BOX
from replay.query import GameRow, game_analysis, open_source
from tests.dashboard.browser_kit import browser_page, serve_or_skip, settled

pytestmark = pytest.mark.browser


def _header(page: Page, event: int, events: int, seen: str) -> None:
    """Wait until the viewer's header reads ``event E/N · as SEEN``."""
    expect(page.locator("strong").filter(
        has_text=re.compile(rf"event {event}/{events} · as {seen}$"))).to_have_count(1)


@pytest.fixture
def server(index_path: Path, tmp_path: Path) -> Iterator[str]:
    yield from serve_or_skip(index_path, tmp_path)


@pytest.fixture
def analysed_server(analysed_index: Path, tmp_path: Path) -> Iterator[str]:
    yield from serve_or_skip(analysed_index, tmp_path)


def test_the_arrow_steps_after_a_click_on_a_perspective(server: str, longest: GameRow) -> None:
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.goto(f"{server}/game?game={longest.game_id}&at=40")
            settled(page)
            _header(page, 40, longest.events, "all")
            page.locator(".st-key-viewer-perspective").get_by_text("p2", exact=True).click()
            settled(page)
            _header(page, 40, longest.events, "p2")
            page.keyboard.press("ArrowRight")
            settled(page)
            _header(page, 41, longest.events, "p2")  # not "event 40 · as spectator"
        finally:
            browser.close()


def test_the_arrow_steps_after_a_click_on_an_analysed_decision(
        analysed_server: str, analysed_index: Path, analysed: GameRow) -> None:
    analysis = game_analysis(open_source(analysed_index), analysed.game_id)
    assert analysis is not None
    points = sorted(analysis.points, key=lambda p: p.idx)
    # a decision whose next one lies more than one event on: → tells the two apart
    at, first = next((n, p) for n, (p, q) in enumerate(pairwise(points))
                     if q.event > p.event + 1)
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.goto(f"{analysed_server}/game?game={analysed.game_id}&at=0")
            settled(page)
            box = page.locator(f".st-key-{DECISIONS_BOX}")
            box.locator("label").filter(has=page.locator("input[type=radio]")).nth(at).click()
            settled(page)
            _header(page, first.event, analysed.events, "all")
            page.keyboard.press("ArrowRight")
            settled(page)
            _header(page, first.event + 1, analysed.events, "all")  # not the next decision
        finally:
            browser.close()
