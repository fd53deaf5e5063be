"""The arena's fighter tokens drawn by a real browser (``dashboard.arena``): every
fighter's name stays inside its token, and on a desktop's board no word of it is
broken in two; on a phone's, its font shrinks first, but not below a size still read.

Found walking the Play page: the names wrapped anywhere, so "Londrekia" read "Londre"
over "kia" even where a smaller font would have held it. The page's HTML is drawn in
Chromium with ``set_content``; no dashboard is served.
"""

from __future__ import annotations

import msgspec
import pytest
from playwright.sync_api import sync_playwright

from dashboard import arena
from engine import default_catalog
from replay.query import frame, open_game
from tests.dashboard.browser_kit import CHROMIUM, browser_page
from tests.dashboard.test_arena import RAGNA

pytestmark = pytest.mark.browser

WORDS_SPLIT = """() => {
  const broken = [], spilled = [], sizes = [];
  for (const el of document.querySelectorAll('[data-name], [data-mode]')) {
    if (el.scrollWidth > el.clientWidth + 1) spilled.push(el.textContent);
    sizes.push(parseFloat(getComputedStyle(el).fontSize));
    const text = el.firstChild;
    let at = 0;
    for (const word of text.textContent.split(' ')) {
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + word.length);
      if (range.getClientRects().length > 1) broken.push(word);
      at += word.length + 1;
    }
  }
  return [broken, spilled, Math.min(...sizes)];
}"""


@pytest.mark.parametrize("board", [484, 300])
def test_every_fighter_s_name_fits_its_token(board: int) -> None:
    """Each of the 51 fighters' names (and EXCEED under it) on an arena ``board`` pixels
    wide: 484 is the Play page's board on a 1280-pixel screen, where no word is drawn on
    two lines; 300, a phone's, where a long word may wrap once its font is down to
    ``arena.SMALLEST_PX``. Nothing runs out of its token at either."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing (make test installs Debian's chromium with apt)")
    game = open_game(RAGNA)
    shown = frame(game, game.length // 2, "all", recent=0)
    names = sorted({c.name for c in default_catalog().characters.values()})
    boards = []
    for name in names:
        p1 = msgspec.structs.replace(shown.p1, character=name, exceeded=True)
        boards.append(arena.spaces(msgspec.structs.replace(shown, p1=p1)))
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.set_content(f'<body style="margin:0;font-family:sans-serif">'
                             f'<div style="width:{board}px">{"".join(boards)}</div></body>')
            broken, spilled, smallest = page.evaluate(WORDS_SPLIT)
        finally:
            browser.close()
    assert len(names) == 51
    assert spilled == [], spilled
    assert smallest >= arena.SMALLEST_PX
    if board == 484:
        assert broken == [], broken


CHIPS_OUT = """() => {
  const out = [];
  for (const chip of document.querySelectorAll('[data-face="up"]')) {
    const zone = chip.parentElement.getBoundingClientRect();
    const box = chip.getBoundingClientRect();
    if (box.right > zone.right + 1) out.push(chip.textContent.slice(0, 40));
  }
  return [out, document.querySelectorAll('[data-face="up"]').length];
}"""


def test_a_card_named_with_200_characters_stays_inside_its_zone() -> None:
    """A log's own definitions may name a card with up to 200 characters: its chip drew
    the whole name on one line and ran out of the board, over the Game page's column
    beside it. A chip is now at most as wide as its zone, the name cut with an ellipsis
    (its hover says it whole)."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing (make test installs Debian's chromium with apt)")
    game = open_game(RAGNA)
    shown = frame(game, game.length // 2, "all", recent=0)
    long = "<b>" + "w" * 197
    p1 = msgspec.structs.replace(shown.p1, hand=(long, "Grasp"), gauge=(long,), boosts=(),
                                 sealed=(), areas=())
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.set_content(f'<body style="margin:0;font-family:sans-serif">'
                             f'<div style="width:484px">{arena.player(p1)}</div></body>')
            out, chips = page.evaluate(CHIPS_OUT)
            shown_text = page.locator('[data-face="up"]').first.get_attribute("title")
        finally:
            browser.close()
    assert chips == 3
    assert out == [], out
    assert shown_text == long
