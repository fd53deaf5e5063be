"""Back from a game, in a real browser, shows the Games list exactly as it was left.

A coach filtered the games (a fighter, a winner, a length, the newest first), opened
one and pressed the browser's Back: the list came back unfiltered. Opening a game went
through ``st.switch_page``, which first wrote ``?game=`` into the list's own URL: a
history entry of its own, ``/games?game=ID``, the filters gone, and Back landed on it.
The game is now opened by a link (``routes.follow_to_game``), one history entry, and the
Game page's Back to Games goes back in the history as the browser's Back does, so the
list is not left twice in it (a link there added ``/games?...`` after the game: Back from
the list showed the game again).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from replay import query as q
from tests.dashboard.browser_kit import browser_page, serve_or_skip, settled

pytestmark = pytest.mark.browser

FILTERS = {"fighter": "ryu", "turns": "15-25", "winner": "ryu", "order": "newest"}
ROW_PX = 35  # the height of a row of Streamlit's dataframe (and of its header)
SHOWN = 6  # rows compared (the grid draws only those in view)

ROWS = """(n) => [...Array(n).keys()].map(r => [1, 2, 4, 6].map(c => {
  const cell = document.querySelector(`[data-testid="glide-cell-${c}-${r}"]`);
  return cell ? cell.textContent : null;
}))"""
"""The p1, p2, winner and turns cells of the table's first ``n`` rows (the grid's
accessible table, under its canvas)."""


@pytest.fixture
def server(index_path: Path, tmp_path: Path) -> Iterator[str]:
    yield from serve_or_skip(index_path, tmp_path)


def _expected(index_path: Path) -> list[q.GameRow]:
    """The games the list shows for ``FILTERS``, in its order."""
    source = q.open_source(index_path)
    specs = q.characters(source)
    order = sorted(specs, key=lambda c: (q.character_name(c).casefold(), c))
    return q.game_page(
        source,
        fighter="ryu",
        winner="ryu",
        min_turns=15,
        max_turns=25,
        limit=100,
        offset=0,
        order=order,
        newest=True,
    ).rows


def _query(page: Page) -> dict[str, str]:
    return dict(parse_qsl(urlsplit(page.url).query))


def _list_shown(page: Page, rows: list[q.GameRow]) -> None:
    """The Games list as it was filtered: the URL, the filters, the summary, the rows."""
    expect(page.get_by_role("heading", name="Games")).to_be_visible()
    settled(page)
    assert urlsplit(page.url).path.endswith("/games"), page.url
    assert _query(page) == FILTERS
    expect(page.get_by_role("combobox", name="Fighter (either seat)")).to_have_value("Ryu")
    expect(page.get_by_role("combobox", name="Winner")).to_have_value("Ryu")
    expect(page.get_by_role("radio", name="newest played first")).to_be_checked()
    expect(
        page.get_by_text(
            f"{len(rows)} game(s) match; showing 1–{len(rows)} (page 1 "
            "of 1, newest played first, by the time of its log)"
        )
    ).to_be_visible()
    page.get_by_test_id("stDataFrame").scroll_into_view_if_needed()
    expect(page.get_by_test_id(f"glide-cell-1-{min(SHOWN, len(rows)) - 1}")).to_be_attached()
    wanted = [
        [
            q.character_name(g.p1),
            q.character_name(g.p2),
            f"{'p1' if g.winner == 0 else 'p2'} "  # a Tag Team's winner: its two names
            f"{q.character_name(g.p1 if g.winner == 0 else g.p2)}",
            str(g.turns),
        ]
        for g in rows[:SHOWN]
    ]
    # The grid redraws its cells after the script run is over, a frame or more later:
    # a read right after a change of order could meet the rows of the order before it
    # (seen when the samples' times span two seconds, so the two orders differ). Wait
    # for the rows to be drawn, then compare what is shown.
    try:
        page.wait_for_function(f"(w) => JSON.stringify(({ROWS})(w.length)) === "
                               "JSON.stringify(w)", arg=wanted)
    except PlaywrightTimeout:
        pass  # the assertion below shows the rows that are drawn
    assert page.evaluate(ROWS, min(SHOWN, len(rows))) == wanted


def _click_row(page: Page, row: int, table: int = 0) -> None:
    """Tick the selection box of the ``table``-th table's ``row`` (0: the first), as a
    coach does."""
    grid = page.get_by_test_id("stDataFrame").nth(table)
    grid.scroll_into_view_if_needed()
    box = grid.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + 16, box["y"] + ROW_PX * (row + 1) + ROW_PX / 2)


def test_back_from_a_game_shows_the_games_list_as_it_was(server: str, index_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    rows = _expected(index_path)
    assert len(rows) > 3  # a list worth filtering
    picked = rows[2]
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.goto(f"{server}/games?fighter=ryu&turns=15-25")
            expect(page.get_by_role("heading", name="Games")).to_be_visible()
            settled(page)
            # two more filters from the page itself (each a history entry of the list)
            winner = page.get_by_role("combobox", name="Winner")
            winner.click()
            winner.fill("Ryu")
            page.get_by_role("option", name="Ryu", exact=True).click()
            page.wait_for_url("**/games?fighter=ryu&turns=15-25&winner=ryu")
            settled(page)
            page.get_by_text("newest played first", exact=True).click()
            page.wait_for_url("**/games?fighter=ryu&turns=15-25&winner=ryu&order=newest")
            _list_shown(page, rows)

            _click_row(page, 2)  # a row opens its game
            page.wait_for_url(f"**/game?game={picked.game_id}")
            expect(page.get_by_role("link", name="Back to Games")).to_be_visible()
            settled(page)
            page.go_back()  # one Back: the list as it was
            _list_shown(page, rows)

            page.go_forward()  # the game again, and its Back to Games: the same list
            page.wait_for_url(f"**/game?game={picked.game_id}")
            settled(page)
            page.get_by_role("link", name="Back to Games").click()
            _list_shown(page, rows)
            # no second entry of the list, nor the game, before it: Back goes to the
            # list as it was before the order was chosen
            page.go_back()
            page.wait_for_url("**/games?fighter=ryu&turns=15-25&winner=ryu")
            expect(page.get_by_role("radio", name="by fighters (p1, p2) and seed")).to_be_checked()
            settled(page)

            # the chooser opens a game the same way
            chooser = page.get_by_role("combobox", name="Open a game")
            chooser.click()
            chooser.fill(f"seed {rows[0].seed} ")
            page.get_by_role("option", name=f"seed {rows[0].seed} ").first.click()
            page.wait_for_url("**/game?game=*")
            settled(page)
            page.go_back()
            page.wait_for_url("**/games?fighter=ryu&turns=15-25&winner=ryu")
            expect(page.get_by_role("heading", name="Games")).to_be_visible()
        finally:
            browser.close()


def test_back_from_a_game_shows_the_players_page(server: str, index_path: Path) -> None:
    """The same for a game opened from a player's page: Back showed every player
    (``/players?game=ID``, then ``?game=`` dropped, ``?player=`` with it)."""
    from playwright.sync_api import sync_playwright

    name = q.player_records(q.open_source(index_path))[0].player
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.goto(f"{server}/players?player={name}")
            expect(page.get_by_role("heading", name=f"Player: {name}")).to_be_visible()
            settled(page)
            _click_row(page, 0, table=1)  # its newest games
            page.wait_for_url("**/game?game=*")
            expect(page.get_by_role("link", name="Back to Games")).to_be_visible()
            settled(page)
            page.go_back()
            expect(page.get_by_role("heading", name=f"Player: {name}")).to_be_visible()
            settled(page)
            assert _query(page) == {"player": name}
        finally:
            browser.close()
