"""The Play page in a real browser, as a player finds it (an evening's play against the
AI and a friend, found by clicking): what just happened reads whole, both copies of a
card can be picked, a clock runs down while you decide and ends the game when it runs
out, and a seat link pasted in another browser opens that seat, where the friend types
their name and joins.

Never ``playwright install``: Debian's chromium is used (``browser_kit``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from engine import EndReason, read_game
from replay import query as q
from tests.dashboard.browser_kit import (
    CHROMIUM,
    CHROMIUM_ARGS,
    browser_page,
    play_db,
    play_server,
    settled,
)

pytestmark = pytest.mark.browser
CUT_BOXES = """() => [...document.querySelectorAll('pre')]
    .filter(e => e.offsetParent && e.scrollWidth > e.clientWidth + 1)
    .map(e => e.innerText)"""
"""The text boxes in view whose lines are cut at their right edge (scrolled sideways);
Streamlit draws ``st.code`` as a ``pre``."""
ONE_LAYOUT = """els => els.map(e => {
    const r = e.getBoundingClientRect();
    return {x: r.x, y: r.y, width: r.width, height: r.height};
})"""
"""The boxes of every element matched, read together in one layout of the page."""


db = pytest.fixture(play_db)
server = pytest.fixture(play_server)


def test_both_copies_are_picked_and_what_happened_reads_whole(server: str, db: Path) -> None:
    """Seed 1 deals Ryu two Shoryukens. In the card picker both read "Shoryuken
    (hand)", and picking one took the other out of the list: a mulligan of both could
    not be picked. And at 1280x800 "p2 Ken Masters draws a hidden card (x6)" was cut
    at the box's edge ("...a hidden card ("), a reveal likewise."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", opponent="heuristic", seed=1)
    pic = q.live_picture(root, created.game_id, "p1")
    both = sorted(ref for ref, label in pic.cards if label.startswith("Shoryuken ("))
    assert len(both) == 2, pic.cards
    with sync_playwright() as pw:
        browser, page = browser_page(pw)  # 1280x800
        try:
            page.goto(f"{server}/play?g={created.game_id}&t={created.tokens['p1']}")
            # "What just happened" (the folded "Links to this game" holds boxes before it)
            expect(page.locator("pre").filter(has_text="game starts")).to_be_visible()
            settled(page)
            assert page.evaluate(CUT_BOXES) == []
            for copy in (1, 2):
                option = page.get_by_role("option", name=f"Shoryuken (hand, copy {copy})")
                for _ in range(3):  # a list a redraw closed is opened again, as a person would
                    page.get_by_label("Pick the cards").click()
                    try:
                        expect(option).to_be_visible(timeout=20_000)
                        break
                    except AssertionError:
                        page.keyboard.press("Escape")
                        settled(page)
                option.click()
                page.keyboard.press("Escape")
                settled(page)
            page.get_by_role("button", name="Mulligan these", exact=True).click()
            expect(page.get_by_text(f"Decision {pic.decision}:")).to_have_count(0)
        finally:
            browser.close()
    taken = read_game(root / f"{created.game_id}.exlog").decisions[pic.decision]
    assert sorted(getattr(taken, "cards", ())) == both


def test_the_clock_runs_while_you_decide_and_a_flag_fall_ends_the_game(
        server: str, db: Path) -> None:
    """The page stood still while its seat decided: the clock read the time left when
    the page was drawn (0:54 and still 0:54 twenty seconds later), and a flag that fell
    showed only at the next click. Now the header runs down by itself, and the game
    ends on time with no click, recorded."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", opponent="heuristic", seed=7,
                            clock=q.Clock(bank_ms=40_000))
    for _ in range(3):  # the mulligan (no clock runs in it), a strike and its set: the
        pic = q.live_picture(root, created.game_id, "p1")  # AI replied, so the game is
        q.live_act(root, created.game_id, created.tokens["p1"], "", pic.decision,  # on: a
                   pic.groups[0].options[0].decision, now=lambda: 0)  # flag then loses it
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.goto(f"{server}/play?g={created.game_id}&t={created.tokens['p1']}")
            clock = page.get_by_text(re.compile(r"\(you\) · clock \d+:\d\d"))
            expect(clock).to_be_visible()
            settled(page)
            shown = clock.inner_text()
            expect(clock).not_to_have_text(shown, timeout=15_000)  # it runs, no click
            expect(page.get_by_text("Game over:").first).to_be_visible(timeout=120_000)
            assert "p1 Ryu lost on time" in page.get_by_text("Game over:").first.inner_text()
            expect(page.get_by_text(re.compile(r"\(you\) · clock 0:00"))).to_be_visible()
        finally:
            browser.close()
    log = read_game(root / f"{created.game_id}.exlog")
    assert log.trailer is not None and log.trailer.reason is EndReason.TIME


def test_a_seat_link_pasted_in_another_browser_opens_that_seat(server: str) -> None:
    """The links were shown as ``?g=<id>&t=<token>``, no address to paste: the friend's
    seat link went nowhere. Each is the Play page's whole address now (not
    ``/play/play?...``: Streamlit's ``st.context.url`` names the page here)."""
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.goto(f"{server}/play")
            page.get_by_role("combobox", name="Opponent", exact=False).click()
            page.get_by_role("option", name="a person at another browser", exact=False
                             ).click()
            page.get_by_role("button", name="Start").click()
            codes = page.get_by_test_id("stCode").filter(has_text="g=")
            expect(codes).to_have_count(3)
            links = [text.strip() for text in codes.all_inner_texts()]
            assert all(link.startswith(f"{server}/play?g=") for link in links), links
            friend = browser.new_context().new_page()
            friend.goto(links[1])
            # the friend types their name and joins (they were "P2 (guest)" for good)
            expect(friend.get_by_text("invites you to play p2")).to_be_visible()
            friend.get_by_label("Your name", exact=False).fill("Bea <i>B</i>")
            friend.get_by_role("button", name="Join the game").click()
            expect(friend.get_by_text("p2 Ken Masters: Bea <i>B</i> (you)")).to_be_visible()
            # the host's page, waiting for them, shows the game by itself
            expect(page.get_by_text("p2 Ken Masters: Bea <i>B</i>", exact=True)
                   ).to_be_visible()
            expect(page.get_by_text("Waiting for your friend")).to_have_count(0)
        finally:
            browser.close()


def test_what_just_happened_is_in_view_beside_many_options(server: str, db: Path) -> None:
    """At 1400x1100 "What just happened" sat below every option button: at a turn's
    action (twenty options) a player scrolled past them to learn what the opponent
    had just done. It is under the arena now, beside the options, in view unscrolled."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", opponent="heuristic", seed=3)
    q.claim_tab(root, created.game_id, "p1", "walk")
    pic = q.live_picture(root, created.game_id, "p1")
    while pic.request is None or pic.request.kind != "action" or pic.decision < 14:
        assert not pic.over and pic.request is not None, "the game ended too soon"
        q.live_act(root, created.game_id, created.tokens["p1"], "walk", pic.decision,
                   pic.groups[-1].options[0].decision)  # prepare, a prompt's first answer
        pic = q.live_picture(root, created.game_id, "p1")
    assert sum(len(g.options) for g in pic.groups) >= 12 and pic.lines
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1100})
            page.goto(f"{server}/play?g={created.game_id}&t={created.tokens['p1']}")
            heading = page.get_by_text("What just happened", exact=True)
            expect(heading).to_be_visible()
            settled(page)
            # the drawn ones: a lone button with hover help (a character action's) has a
            # hidden twin in the page, which has no box
            options = page.locator('[class*="st-key-opt-"] button:visible')
            expect(options.first).to_be_visible()
            last = options.nth(options.count() - 1).bounding_box()
            assert last is not None and last["y"] + last["height"] > 1100  # they go on below
            box = heading.bounding_box()
            assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 1100
            assert page.evaluate("window.scrollY") == 0
        finally:
            browser.close()


def test_the_spaces_stay_one_row_on_a_phone(server: str, db: Path) -> None:
    """On a phone's screen (390 px wide) Streamlit stacks columns: the row of nine
    spaces under the arena was nine full-width buttons, one under another, and the
    options lay a screen and more below the arena. The nine stay one row, each whole
    on the screen."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", opponent="heuristic", seed=3,
                            name="Ann")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            phone = browser.new_context(viewport={"width": 390, "height": 844},
                                        is_mobile=True, has_touch=True)
            page = phone.new_page()
            page.goto(f"{server}/play?g={created.game_id}&t={created.tokens['p1']}")
            spaces = page.locator("[class*='st-key-spaces-'] button:visible")
            expect(spaces).to_have_count(9)
            settled(page)
            # all nine read in one layout: read one by one, a redraw between two reads
            # (a late line above the arena) once put the first 244 px above the rest
            boxes = spaces.evaluate_all(ONE_LAYOUT)
            assert len(boxes) == 9, boxes
            assert len({round(b["y"]) for b in boxes}) == 1, boxes  # one row
            assert all(0 <= b["x"] and b["x"] + b["width"] <= 390 for b in boxes), boxes
        finally:
            browser.close()


def test_the_links_to_a_game_read_whole_on_a_phone(server: str, db: Path) -> None:
    """Found walking the Play page at a phone's width (390 px): the links a new game
    shows (your seat's, the spectator's) were cut at the box's edge,
    "http://127.0.0.1:8611/play?g=8ec6c7a0", the token out of sight, to be scrolled
    sideways in a box a finger scrolls the page with. Each wraps inside its box now."""
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            phone = browser.new_context(viewport={"width": 390, "height": 844},
                                        is_mobile=True, has_touch=True)
            page = phone.new_page()
            page.goto(f"{server}/play")
            page.get_by_role("combobox", name="Opponent", exact=False).click()
            page.get_by_role("option", name="the heuristic agent", exact=False).click()
            page.get_by_role("button", name="Start").click()
            page.wait_for_url(re.compile(r"[?&]t="))
            # folded once the game is on (against the AI, at once): open it as a player does
            page.get_by_text("Links to this game").click()
            links = page.locator("pre", has_text="/play?g=")
            expect(links).to_have_count(2)
            expect(links.first).to_be_visible()
            settled(page)
            token = re.search(r"[?&]t=([^&]+)", page.url).group(1)  # type: ignore[union-attr]
            assert token in links.first.inner_text().replace("\n", "")
            cut = page.evaluate(CUT_BOXES)
            assert not [box for box in cut if "/play?g=" in box], cut
        finally:
            browser.close()


CUT_CHOICES = """() => [
    ...[...document.querySelectorAll('[data-testid=stSelectbox] input')]
        .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.value),
    ...[...document.querySelectorAll('[role=option], [role=option] *')]
        .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.innerText)]"""
"""The select boxes whose chosen value, and the open list's options whose text, is cut
at the edge (ended by the box, unreadable)."""


def test_the_opponents_read_whole_on_a_phone(server: str, db: Path) -> None:
    """Found walking the Play page at a phone's width (390 px): the new game's
    Opponent read "the search agent (strongest; thinks up to the sec", and its list
    "the heuristic agent (answers at once; plays its fighter", cut at the box's edge.
    Each opponent's name and gist read whole now (the rest is the box's help)."""
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            phone = browser.new_context(viewport={"width": 390, "height": 844},
                                        is_mobile=True, has_touch=True)
            page = phone.new_page()
            page.goto(f"{server}/play")
            expect(page.get_by_role("button", name="Start")).to_be_visible()
            settled(page)
            assert page.evaluate(CUT_CHOICES) == []
            page.get_by_role("combobox", name="Opponent", exact=False).click()
            expect(page.get_by_role("option")).to_have_count(5)
            assert page.evaluate(CUT_CHOICES) == []
        finally:
            browser.close()
