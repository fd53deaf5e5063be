"""The Play page in a real browser (issue 30): Debian's chromium driven by playwright.

- a whole game against the heuristic agent, played by clicking only, until it ends; the
  game is then indexed, "Review this game" opens its Game page, and its log verifies;
  everything the browser received (page HTML after each click, websocket frames) is kept
  and searched for the names of p2's hidden cards (hidden-card leak check);
- two people in two browser contexts: each sees their own hand, not the other's, and a
  move made in one appears in the other without a reload;
- the kill test: the dashboard is killed mid-game and started again, the seat link
  finishes the game, and the log verifies with no decision lost or doubled;
- a Move by clicking a space under the arena, and the typed name kept in the browser;
  a double click on a space outlined green is that Move (it was lost with a chart);
- every option's label read whole at 1280x800 (Merkava's boosts were cut to "Boost I,
  Capture an…");
- a click answered by the search agent says it is thinking until its replies are in.

Never ``playwright install``: Debian's chromium is used (``browser_kit``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect, sync_playwright

from dashboard import play_table
from engine import HIDDEN, Player, Transcript, new_game, read_game
from replay import query as q
from replay.verification.verify import verify
from tests.dashboard.browser_kit import (
    CHROMIUM,
    CHROMIUM_ARGS,
    CUT_LABELS,
    HANG_GUARD_MS,
    browser_page,
    play_db,
    play_server,
    serve_dashboard,
    settled,
)

pytestmark = pytest.mark.browser
OPTION = '[class*="st-key-opt-"] button, [class*="st-key-go-"] button'
"""The buttons of listed options (each legal); the card picker's is left alone."""
MAX_CLICKS = 600
LOST_CLICK_MS = 30_000  # then the log says whether the click was taken (never a speed bar)
LOST_CLICKS = 3  # clicks made again at most, each only while the log has not moved


db = pytest.fixture(play_db)
server = pytest.fixture(play_server)


def _decision(page: Page) -> str:
    """The "Decision N:" caption's N, or "over" once the game is over."""
    over = page.get_by_text("Game over:")
    asked = page.get_by_text(re.compile(r"^Decision \d+:"))
    expect(over.or_(asked).first).to_be_visible(timeout=HANG_GUARD_MS)
    if over.count():
        return "over"
    return asked.first.inner_text().split(":")[0]


def _first_option(page: Page) -> Locator:
    """The first listed option in sight; under a card picker (a mulligan, a payment) the
    whole answers are listed only once their expander is opened, which this opens."""
    whole = page.get_by_text(re.compile(r"^Or choose a whole answer \(\d+\)$"))
    if whole.count() and not page.locator(OPTION).locator("visible=true").count():
        whole.first.click()
    return page.locator(OPTION).locator("visible=true").first


def _click_through(page: Page, limit: int, root: Path, seen: list[str] | None = None) -> int:
    """Click the first option of every decision until the game ends or ``limit``; the
    game's log is in ``root`` (``q.live_root``)."""
    clicks = 0
    while clicks < limit:
        now = _decision(page)
        if now == "over":
            break
        settled(page)  # a button of a run being replaced would take no click
        button = _first_option(page)
        expect(button).to_be_visible(timeout=HANG_GUARD_MS)
        log = root / f"{_game_of(page)}.exlog"
        taken = len(read_game(log).decisions)
        button.click()
        clicks += 1
        _wait_taken(page, now, log, taken)
        if seen is not None:
            seen.append(page.content())
    return clicks


def _game_of(page: Page) -> str:
    found = re.search(r"[?&]g=([0-9a-f]{16})", page.url)
    assert found, page.url
    return found.group(1)


def _wait_taken(page: Page, now: str, log: Path, taken: int) -> None:
    """Wait until the page no longer asks decision ``now``. A click the browser lost (CI
    of stop 73: the mulligan's first option clicked, "Decision 1:" still shown three
    minutes later, the log unmoved; the same test passed three times alone) is made
    again, as a person would click again: only while the log holds no more decisions than
    before the click, so a click taken but slow to show is only waited for.

    Where it is lost (stop 78: the two-browser test run 95 times and this one 52 under
    load, each script run and each click's rerun request logged in the server): twice,
    each time at a mulligan, the first click on "Play this" inside the "Or choose a whole
    answer" expander that ``_first_option`` had opened a moment before; the server
    received no rerun request carrying the click at all, so the browser never sent it
    (the page stood drawn and settled; a screenshot shows the expander open and the
    button in place). A person opens the expander and reads before clicking; this test
    clicks within milliseconds."""
    asked = page.get_by_text(f"{now}:")
    for _ in range(LOST_CLICKS):
        try:
            expect(asked).to_have_count(0, timeout=LOST_CLICK_MS)
            return
        except AssertionError:
            if len(read_game(log).decisions) != taken:
                break  # taken: the page is slow, not the click lost
            settled(page)
            _first_option(page).click()
    expect(asked).to_have_count(0, timeout=HANG_GUARD_MS)


def _hidden_names(root: Path, game_id: str) -> set[str]:
    """Names of p2's cards in hand or deck now that p1 has never been shown (not named
    by any line of the transcript redacted for p1, nor in p1's own deck list)."""
    log = read_game(root / f"{game_id}.exlog")
    catalog = log.catalog()
    game = new_game(log.header.setup, log.header.seed, catalog)
    for decision in log.decisions:
        game.step(decision)
    transcript = Transcript(log.initial_state(catalog), catalog, Player.P1)
    said = " ".join(filter(None, (transcript.feed(e) for e in game.events)))
    own = {catalog.card(c).name for c in log.header.decks[0]}
    p2 = game.state.players[1]
    names = {catalog.card(game.state.card_defs[r]).name for r in (*p2.hand, *p2.deck)
             if r != HIDDEN}
    return {n for n in names if n not in own and n not in said and len(n) > 4}


def test_a_whole_game_against_the_heuristic_by_clicking(server: str, db: Path) -> None:
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "carmine", seat="p1", seed=31, name="Ann")
    frames: list[bytes] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1440, "height": 900})
        page.on("websocket", lambda ws: ws.on(
            "framereceived",
            lambda payload: frames.append(payload if isinstance(payload, bytes)
                                          else payload.encode())))
        page.goto(f"{server}/play?g={created.game_id}&t={created.tokens['p1']}")
        html: list[str] = [page.content()]
        early = _click_through(page, 3, root, html)
        hidden = _hidden_names(root, created.game_id)
        assert hidden, "no p2 card is hidden after three decisions?"
        received = b"".join(frames) + "".join(html).encode()
        leaked = sorted(n for n in hidden if n.encode() in received)
        assert not leaked, f"p2's hidden cards reached p1's browser: {leaked}"
        clicks = early + _click_through(page, MAX_CLICKS, root)
        assert _decision(page) == "over", f"no result after {clicks} clicks"
        review = page.get_by_role("link", name="Review this game")
        expect(review).to_be_visible(timeout=HANG_GUARD_MS)
        review.click()
        expect(page.get_by_text("Ryu", exact=False).first).to_be_visible()
        browser.close()
    log = read_game(root / f"{created.game_id}.exlog")
    assert log.sealed and verify(log).identical
    game_id = q.index_live(root, created.game_id, db)
    assert q.game(q.open_source(db), game_id) is not None


def test_two_people_in_two_browsers(server: str, db: Path) -> None:
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "carmine", opponent="person", seed=8)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        pages = {}
        for seat in ("p1", "p2"):
            page = browser.new_context().new_page()
            page.goto(f"{server}/play?g={created.game_id}&t={created.tokens[seat]}")
            pages[seat] = page
        log = read_game(root / f"{created.game_id}.exlog")
        for seat, page in pages.items():
            expect(page.get_by_text("(you)").first).to_be_visible(timeout=HANG_GUARD_MS)
            deck = 0 if seat == "p1" else 1
            hand_ids = set(log.header.decks[deck])
            assert any(cid.split("_")[0] in ("ryu", "carmine", "normal")
                       for cid in hand_ids)
        # each browser tab says whose move it is (p1 mulligans first)
        expect(pages["p1"]).to_have_title("Your move · Play · exceed replay",
                                          timeout=HANG_GUARD_MS)
        expect(pages["p2"]).to_have_title("Their move · Play · exceed replay",
                                          timeout=HANG_GUARD_MS)
        made = 0
        for _ in range(HANG_GUARD_MS // 500):  # several decisions, each by whichever seat
            if made == 4:
                break
            mover = next((s for s, p in pages.items() if p.locator(OPTION).count()), None)
            if mover is None:
                pages["p1"].wait_for_timeout(500)
                continue
            settled(pages[mover])
            if not pages[mover].locator(OPTION).count():
                continue  # the buttons were those of a run being replaced
            other = "p2" if mover == "p1" else "p1"
            mine, now = _decision(pages[mover]), _decision(pages[other])
            path = root / f"{created.game_id}.exlog"
            before = len(read_game(path).decisions)
            _first_option(pages[mover]).click()
            made += 1
            # the mover's own page moves on (a click the browser lost made again while
            # the log has not moved, as in _click_through: CI of stop 77 met one at
            # p2's mulligan), and the other browser sees the move without a reload
            try:
                _wait_taken(pages[mover], mine, path, before)
            except AssertionError as error:  # say whether the click was taken at all
                taken = len(read_game(root / f"{created.game_id}.exlog").decisions)
                raise AssertionError(f"{mover}'s page still shows {mine}: after its click; "
                                     f"the log has {taken} decisions") from error
            expect(pages[other].get_by_text(f"{now}:")).to_have_count(
                0, timeout=HANG_GUARD_MS)
            if made == 1:  # p1's mulligan made: p2's tab learns its move came, unreloaded
                expect(pages["p2"]).to_have_title("Your move · Play · exceed replay",
                                                  timeout=HANG_GUARD_MS)
        assert made == 4, f"only {made} decisions were offered to either seat"
        browser.close()
    assert len(read_game(root / f"{created.game_id}.exlog").decisions) >= 4


def test_kill_the_dashboard_mid_game_and_finish_from_the_seat_link(
        db: Path, tmp_path: Path) -> None:
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=13)
    link = f"/play?g={created.game_id}&t={created.tokens['p1']}"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        with serve_dashboard(db, tmp_path) as url:
            page = browser.new_page()
            page.goto(url + link)
            _click_through(page, 4, root)
        before = read_game(root / f"{created.game_id}.exlog").decisions
        with serve_dashboard(db, tmp_path) as url:  # a new process: the log is the store
            page = browser.new_page()
            page.goto(url + link)
            _click_through(page, MAX_CLICKS, root)
            assert _decision(page) == "over"
        browser.close()
    log = read_game(root / f"{created.game_id}.exlog")
    assert log.sealed and verify(log).identical
    assert log.decisions[:len(before)] == before


def _click_space(page: Page, decision: int, space: int, clicks: int = 1) -> None:
    """Click (``clicks`` times at once: 2 is a double click) square ``space`` of the row
    of spaces under the arena, drawn for decision ``decision``: a button (no longer a
    plotly point, whose click depended on a hover state and whose selection a second
    click could clear)."""
    # :visible: Streamlit draws a button with a tooltip twice, one copy hidden (measured)
    square = page.locator(f".st-key-space-{decision}-{space} button:visible")
    expect(square).to_be_visible(timeout=HANG_GUARD_MS)
    square.click(click_count=clicks)


def test_a_move_by_clicking_a_space_and_the_name_kept_in_the_browser(
        server: str, db: Path) -> None:
    """Issue 30: the name typed once is kept in the browser (a cookie, not the URL) and
    fills the next new game's form; at a turn's action a click on the player's own space
    says why it is no Move, and a click on a space outlined green is that Move."""
    root = q.live_root(db)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1440, "height": 900})
        page = context.new_page()
        page.goto(f"{server}/play")
        page.get_by_label("Your name", exact=False).fill("Ann <i>")
        page.get_by_role("textbox", name="Seed (empty: random)").fill("5")
        page.get_by_role("combobox", name="Opponent", exact=False).click()  # search unless
        page.get_by_role("option", name="the heuristic agent", exact=False).click()  # changed
        page.get_by_role("button", name="Start").click()
        expect(page.get_by_text("(you)").first).to_be_visible(timeout=HANG_GUARD_MS)
        assert "name=" not in page.url
        game_id = re.search(r"[?&]g=([0-9a-f]{16})", page.url).group(1)  # type: ignore[union-attr]
        token = re.search(r"[?&]t=([^&]+)", page.url).group(1)  # type: ignore[union-attr]
        settled(page)
        cookies: dict[str, str] = {}
        for _ in range(HANG_GUARD_MS // 250):  # the page's script writes it after the run
            cookies = {c["name"]: c["value"] for c in context.cookies()}
            if q.NAME_COOKIE in cookies:
                break
            page.wait_for_timeout(250)
        assert cookies.get(q.NAME_COOKIE) == q.name_cookie("Ann <i>"), cookies
        pic = q.live_picture(root, game_id, "p1")
        while pic.request is None or pic.request.kind != "action":
            _click_through(page, 1, root)
            pic = q.live_picture(root, game_id, "p1")
        targets = play_table.move_spaces(pic)
        assert targets, "no Move offered at the first action?"
        settled(page)
        mine = pic.view.players[0].space
        _click_space(page, pic.decision, mine)
        expect(page.get_by_text(f"space {mine}: you stand there")).to_be_visible()
        settled(page)
        space = min(targets)
        _click_space(page, pic.decision, space)
        expect(page.get_by_text(f"Decision {pic.decision}:")).to_have_count(
            0, timeout=HANG_GUARD_MS)
        log = read_game(root / f"{game_id}.exlog")
        assert log.decisions[pic.decision] == targets[space]
        assert q.seat_of_token(q.read_live_settings(root, game_id), token) == "p1"
        fresh = context.new_page()  # a new session: the name comes from the cookie
        fresh.goto(f"{server}/play")
        expect(fresh.get_by_label("Your name", exact=False)).to_have_value("Ann <i>")
        browser.close()


def test_a_double_click_on_a_space_outlined_green_is_that_move(
        server: str, db: Path) -> None:
    """A person's double click on a space outlined green is that Move. When the row of
    spaces was a plotly chart, the second click (within plotly's 500 ms double-click
    window, or on the point just selected) cleared the chart's selection before the
    first reached the server: the Move was silently lost (3 of 3 under load), and a
    click on a green space within 500 ms of another click on the row was lost the same
    way (the flaky test above)."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1440, "height": 900})
        page.goto(f"{server}/play?g={created.game_id}&t={created.tokens['p1']}")
        pic = q.live_picture(root, created.game_id, "p1")
        while pic.request is None or pic.request.kind != "action":
            _click_through(page, 1, root)
            pic = q.live_picture(root, created.game_id, "p1")
        targets = play_table.move_spaces(pic)
        assert targets, "no Move offered at the first action?"
        settled(page)
        space = max(targets)
        _click_space(page, pic.decision, space, clicks=2)
        expect(page.get_by_text(f"Decision {pic.decision}:")).to_have_count(
            0, timeout=HANG_GUARD_MS)
        browser.close()
    log = read_game(root / f"{created.game_id}.exlog")
    assert log.decisions[pic.decision] == targets[space]


def test_every_option_label_reads_whole_at_1280x800(server: str, db: Path) -> None:
    """A player must read which card and which boost an option is: Merkava's turn
    action lists boosts such as "Boost I, Capture and Devour (Slithering)", which the
    option buttons cut to one line ("Boost I, Capture an…"). They wrap now."""
    created = q.create_live(q.live_root(db), "merkava", "nine", opponent="heuristic",
                            seat="p1", seed=3)
    with sync_playwright() as pw:
        browser, page = browser_page(pw)  # 1280x800
        try:
            page.goto(f"{server}/play?g={created.game_id}&t={created.tokens['p1']}")
            page.get_by_role("button", name="Keep the opening hand").click()
            boost = page.get_by_role("button", name="Boost I, Capture and Devour",
                                     exact=False)
            expect(boost).to_be_visible()
            settled(page)
            assert "Capture and Devour (Slithering)" in boost.inner_text()
            assert page.evaluate(CUT_LABELS) == []
        finally:
            browser.close()


def test_a_click_against_the_search_agent_says_it_is_thinking(server: str, db: Path) -> None:
    """The search agent's replies are played before a click's answer comes back, up to
    its time budget each: the page says so meanwhile, instead of standing still."""
    created = q.create_live(q.live_root(db), "ryu", "ken", opponent="search", seat="p2",
                            seed=4, budget_ms=4000)
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.goto(f"{server}/play?g={created.game_id}&t={created.tokens['p2']}")
            page.get_by_role("button", name="Keep the opening hand").click()
            # then Ryu (p1, the search agent) takes the first turn's action, searched for
            # its 4 s budget (longer on a loaded machine)
            thinking = page.get_by_text(play_table.THINKING)  # with its time: it read
            expect(thinking).to_have_text(  # "up to its time budget a decision"
                "The search agent is thinking (up to 4 s a decision)…")
            expect(thinking).to_have_count(0)
        finally:
            browser.close()
    log = read_game(q.live_root(db) / f"{created.game_id}.exlog")
    assert log.header.agents[0] == "search" and len(log.decisions) >= 3
