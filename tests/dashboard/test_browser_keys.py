"""The Game page's step keys after a click on one of its radios (``dashboard.key_focus``),
in chromium. Found reviewing a game: a click on a perspective left the focus on that
radio, and → then chose the next perspective (p2 became spectator) instead of stepping
one event, as the page's Keys line says; a click in the "Analysed decisions" box did the
same with the next decision. A click now leaves the keys to the viewer; and → pressed
before the browser has drawn the click's rerun steps from where the click went, not back
from the start (``viewer_panel._slid``); nor does a key pressed before the browser has
drawn V or a step off a decision undo it (``dashboard.drawn_keys``).

Every key is pressed by ``_press``, once the viewer's buttons are drawn: each key is its
button's shortcut, and Streamlit loads a button's code only when the page first draws
one, behind a grey placeholder; on a loaded machine the page's first run could be over,
its header and radios drawn, while the buttons were still placeholders, and → pressed
then went to no one (``test_the_arrow_steps_on_from_a_decision_the_browser_has_not_left_yet``
failed a CI run that way: the app never ran again). ``_press`` also checks that a button
took the key, so a key that goes nowhere fails there and then."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import pairwise
from pathlib import Path

import pytest
from playwright.sync_api import (
    Page,
    WebSocketRoute,
    expect,
    sync_playwright,
)
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from dashboard.game_board import DECISIONS_BOX
from replay.query import GameRow, game_analysis, open_source
from tests.dashboard.browser_kit import HANG_GUARD_MS, browser_page, serve_or_skip, settled

pytestmark = pytest.mark.browser


KEYS_SEEN = """window.exceedKeysSeen = [];
window.addEventListener("keydown", (event) => {
  window.exceedKeysSeen.push(event.defaultPrevented);
});"""
"""Records, for each key the page gets, whether a shortcut took it: a button's shortcut
stops the key's default action when it presses its button (this listener, on the window,
hears a key after the page's own, which listen on the document)."""


@contextmanager
def _keys_page() -> Iterator[Page]:
    """``browser_page`` recording the keys the page gets (``KEYS_SEEN``), closed after."""
    with sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.add_init_script(KEYS_SEEN)
            yield page
        finally:
            browser.close()


def _open(page: Page, server: str, game: GameRow, at: int) -> None:
    """Open ``game``'s page at event ``at`` and wait until its viewer shows it as all."""
    page.goto(f"{server}/game?game={game.game_id}&at={at}")
    settled(page)
    _header(page, at, game.events, "all")


def _press(page: Page, key: str) -> None:
    """Press ``key`` once the viewer's buttons are drawn, and check that the page took it.

    The keys are the buttons' shortcuts, which a button binds once drawn, and Streamlit
    draws a page's first button only when it has loaded the buttons' code, after the run
    that sent it may be over (the header and radios drawn, the buttons still grey
    placeholders): a key pressed then went nowhere. So wait for the Forward and View
    buttons (the others are drawn with them); then the key must have been taken."""
    controls = page.locator(".st-key-viewer-controls")
    for name in ("Forward", "View"):
        expect(controls.get_by_role("button", name=name)).to_be_enabled()
    seen = page.evaluate("() => window.exceedKeysSeen.length")
    page.keyboard.press(key)
    page.wait_for_function(f"() => window.exceedKeysSeen.length > {seen}")
    taken = page.evaluate(f"() => window.exceedKeysSeen.slice({seen})")
    assert taken == [True], f"no shortcut of the page took {key}: {taken}"


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
    with _keys_page() as page:
        _open(page, server, longest, 40)
        page.locator(".st-key-viewer-perspective").get_by_text("p2", exact=True).click()
        settled(page)
        _header(page, 40, longest.events, "p2")
        _press(page, "ArrowRight")
        settled(page)
        _header(page, 41, longest.events, "p2")  # not "event 40 · as spectator"


def test_the_arrow_steps_after_a_click_on_an_analysed_decision(
        analysed_server: str, analysed_index: Path, analysed: GameRow) -> None:
    analysis = game_analysis(open_source(analysed_index), analysed.game_id)
    assert analysis is not None
    points = sorted(analysis.points, key=lambda p: p.idx)
    # a decision whose next one lies more than one event on: → tells the two apart
    at, first = next((n, p) for n, (p, q) in enumerate(pairwise(points))
                     if q.event > p.event + 1)
    with _keys_page() as page:
        _open(page, analysed_server, analysed, 0)
        box = page.locator(f".st-key-{DECISIONS_BOX}")
        box.locator("label").filter(has=page.locator("input[type=radio]")).nth(at).click()
        settled(page)
        _header(page, first.event, analysed.events, "all")
        _press(page, "ArrowRight")
        settled(page)
        _header(page, first.event + 1, analysed.events, "all")  # not the next decision


class _HeldReplies:
    """The page's websocket to the app, whose replies can be held back: the browser
    then still shows the page as it was while the app has already run the click's
    rerun, as a loaded machine or a slow network shows it for a while."""

    def __init__(self, page: Page) -> None:
        self.held: list[str | bytes] | None = None
        self.finished = 0
        self.browser: WebSocketRoute | None = None
        page.route_web_socket(re.compile(r"/_stcore/stream$"), self._route)

    def _route(self, browser: WebSocketRoute) -> None:
        app = browser.connect_to_server()
        self.browser = browser
        browser.on_message(app.send)
        app.on_message(self._reply)

    def _reply(self, message: str | bytes) -> None:
        if self.held is None:
            assert self.browser is not None
            self.browser.send(message)
            return
        self.held.append(message)
        if isinstance(message, bytes) and ForwardMsg.FromString(message).WhichOneof(
                "type") == "script_finished":
            self.finished += 1

    def hold(self) -> None:
        self.held, self.finished = [], 0

    def run_finished(self, page: Page) -> None:
        """Wait (up to the hang guard) until a run the app answered while held is over."""
        for _ in range(HANG_GUARD_MS // 100):
            if self.finished:
                return
            page.wait_for_timeout(100)
        raise AssertionError("the app never finished the held run")

    def release(self) -> None:
        held, self.held = self.held or [], None
        assert self.browser is not None
        for message in held:
            self.browser.send(message)


def _arrow_while_held(page: Page, replies: _HeldReplies) -> None:
    """Press → once the app has finished the run whose replies are held (the page still
    shows what it showed before it), then let the replies through and wait until the page
    has drawn them."""
    replies.run_finished(page)
    _press(page, "ArrowRight")
    replies.release()
    settled(page)


def test_the_arrow_steps_from_a_decision_the_browser_has_not_drawn_yet(
        analysed_server: str, analysed_index: Path, analysed: GameRow) -> None:
    """Found as a flaky ``test_the_arrow_steps_after_a_click_on_an_analysed_decision``
    (under load it pressed → while the click's rerun was still being drawn): the rerun
    sets the event slider to the decision's event, and a → pressed before the browser has
    the new slider sent the slider's old value with it, which the app took for a move of
    the slider. The board went back to event 0, then stepped to event 1 ("setup · event
    1/240"), where a person who pressed → quickly after a click expected the next event.
    Here the app's replies to the click are held back until → is pressed, so the browser
    holds the old slider whatever the machine's speed."""
    analysis = game_analysis(open_source(analysed_index), analysed.game_id)
    assert analysis is not None
    points = sorted(analysis.points, key=lambda p: p.idx)
    at, first = next((n, p) for n, (p, q) in enumerate(pairwise(points))
                     if q.event > p.event + 1 and p.event > 1)
    with _keys_page() as page:
        replies = _HeldReplies(page)
        _open(page, analysed_server, analysed, 0)
        replies.hold()
        box = page.locator(f".st-key-{DECISIONS_BOX}")
        box.locator("label").filter(has=page.locator("input[type=radio]")).nth(at).click()
        _arrow_while_held(page, replies)  # the app is at the decision; the page is not yet
        _header(page, first.event + 1, analysed.events, "all")


def test_the_arrow_steps_on_from_a_decision_the_browser_has_not_left_yet(
        analysed_server: str, analysed_index: Path, analysed: GameRow) -> None:
    """→ held from an analysed decision: the first → leaves it (the "Analysed decisions"
    radio is drawn with none checked), and a second → pressed before the browser has drawn
    that sent the radio's old value, the decision, with it, which the app took for a
    click on it: the board went back to the decision (or one event past it) instead of
    two events on. The app's replies are held back between the two presses."""
    analysis = game_analysis(open_source(analysed_index), analysed.game_id)
    assert analysis is not None
    points = sorted(analysis.points, key=lambda p: p.idx)
    first = next(p for p, q in pairwise(points) if q.event > p.event + 2 and p.event > 1)
    with _keys_page() as page:
        replies = _HeldReplies(page)
        _open(page, analysed_server, analysed, first.event)
        expect(page.locator(f".st-key-{DECISIONS_BOX} input[type=radio]:checked")
               ).to_have_count(1)
        replies.hold()
        _press(page, "ArrowRight")
        _arrow_while_held(page, replies)  # the app has left the decision; the page has not
        _header(page, first.event + 2, analysed.events, "all")


def test_the_arrow_keeps_the_perspective_the_browser_has_not_drawn_yet(
        server: str, longest: GameRow) -> None:
    """V then → before the browser has drawn V's rerun: → sent the perspective radio's
    old value ("all") with it, which undid V ("event 41/N · as all")."""
    with _keys_page() as page:
        replies = _HeldReplies(page)
        _open(page, server, longest, 40)
        replies.hold()
        _press(page, "v")
        _arrow_while_held(page, replies)  # the app shows p1; the page still shows all
        _header(page, 41, longest.events, "p1")
