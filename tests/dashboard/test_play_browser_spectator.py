"""The Play page of a spectator in a real browser: during the game it shows the table
(the arena, ``play_table.board`` on the ``public`` frame), both hands face down and
counted, a face-down attack face down, and it follows the game by itself.

Never ``playwright install``: Debian's chromium is used (``browser_kit``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from replay import query as q
from tests.dashboard.browser_kit import HANG_GUARD_MS, browser_page, play_db, play_server, settled

pytestmark = pytest.mark.browser


db = pytest.fixture(play_db)
server = pytest.fixture(play_server)


def _step(root: Path, created: q.Created) -> None:
    """Whichever seat is asked takes its first option."""
    for seat in ("p1", "p2"):
        pic = q.live_picture(root, created.game_id, seat)
        if pic.request is not None:
            q.live_act(root, created.game_id, created.tokens[seat], "t", pic.decision,
                       pic.groups[0].options[0].decision)
            return
    raise AssertionError("no seat is asked")


def _everything(root: Path, game_id: str) -> q.Frame:
    game = q.open_game(root / f"{game_id}.exlog")
    return q.frame(game, game.length, "all")


def test_a_spectator_sees_the_table_during_the_game(server: str, db: Path) -> None:
    """A game between two people, p1's attack set face down: the spectator's page
    (``?g=`` alone) draws the table, each hand face down with its count, p1's attack
    face down, no card of a hand nor the set attack named on the page; once the strike
    is over, the table shows it by itself (the page looks every second)."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", opponent="person", seed=8)
    for seat in ("p1", "p2"):
        q.claim_tab(root, created.game_id, seat, "t")
    for _ in range(4):  # both mulligans, p1 strikes and sets its attack face down
        _step(root, created)
    every = _everything(root, created.game_id)
    assert every.strike_in_progress is not None
    set_card = every.strike_in_progress.attack.cards
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.goto(f"{server}/play?g={created.game_id}")
            table = page.locator('[aria-label="table as spectator"]')
            expect(table).to_be_visible()
            settled(page)
            expect(table.locator('[aria-label="arena"]')).to_be_visible()
            for p in every.players:
                expect(table.locator(f'[aria-label="{p.seat} hand"]')).to_contain_text(
                    f"{p.hand_count} face down")
                expect(table.locator(f'[aria-label="{p.seat} hand"] [data-face="up"]')
                       ).to_have_count(0)
            attack = table.locator('[aria-label="p1 attack"]')
            expect(attack).to_have_attribute("data-face", "down")
            shown = page.locator("body").inner_text()
            hidden = {name for p in every.players for name in p.hand or ()} | {set_card}
            assert not [n for n in hidden if re.search(rf"\b{re.escape(n)}\b", shown)], (
                hidden, shown)
            while _everything(root, created.game_id).strike_in_progress is not None:
                _step(root, created)  # p2 sets its attack: the strike resolves
            after = _everything(root, created.game_id)
            for p in after.players:  # the attacks went to the discard piles
                expect(table.locator(f'[aria-label="{p.seat} zones"]')).to_contain_text(
                    f"deck {p.deck} · discard {p.discard}", timeout=HANG_GUARD_MS)
            expect(table.locator('[aria-label="strike in progress"]')).to_have_count(0)
        finally:
            browser.close()
