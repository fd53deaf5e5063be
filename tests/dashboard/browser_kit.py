"""What the browser tests share: ``exceed dashboard`` served on a free port over an
index, Debian's chromium for playwright (never ``playwright install``: it cannot
download here), the hang guard every wait uses, and the waits and scrolls a page needs
before a click (``settled``, ``draw_charts``, ``within``, ``step_forward``).

Used by ``test_browser*.py``, ``test_play_browser.py``, ``test_stats_browser.py`` and
the benchmarks that time pages in a browser (``bench/bench_dashboard.py``,
``bench/bench_play.py``; ``tests/dashboard/test_browser.py`` still re-exports what the
older benchmarks import from it).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, Playwright, expect

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
ROOT = Path(__file__).resolve().parents[2]
# Screenshots go to a temp dir, so `make test` leaves the tree clean; set
# EXCEED_UPDATE_SCREENSHOTS=1 to refresh the committed ones in docs/screenshots/.
SHOTS = (ROOT / "docs" / "screenshots" if os.environ.get("EXCEED_UPDATE_SCREENSHOTS")
         else Path(tempfile.gettempdir()) / "exceed-screenshots")
STARTUP_SECONDS = 300
MARKERS = ".js-plotly-plot .scatterlayer .trace .points path"


# Under load (pytest -n 2 beside a Streamlit server and chromium on 2 cores, or a machine
# shared with other work) a page switch took more than 15 s: waits for honest work are hang
# guards only (issue 27 item 21), for assertions and actions alike; a wait that is met
# returns at once, so a long guard costs nothing.
HANG_GUARD_MS = 180_000
expect.set_options(timeout=HANG_GUARD_MS)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _exceed() -> list[str]:
    script = Path(sys.executable).parent / "exceed"
    return [str(script)] if script.exists() else [sys.executable, "-m", "replay.cli"]


class DashboardDown(RuntimeError):
    """``exceed dashboard`` exited or did not answer in time; ``str()`` says which."""


def _wait_healthy(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise DashboardDown(f"exceed dashboard exited with {process.returncode}: "
                                f"{log.read_text(errors='replace')[-2000:]}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise DashboardDown(f"the dashboard did not answer on {url}: "
                        f"{log.read_text(errors='replace')[-2000:]}")


@contextmanager
def serve_dashboard(db: Path, workdir: Path) -> Iterator[str]:
    """Run ``exceed dashboard`` over ``db`` on a free port; yields its URL, then stops it.

    Shared with ``bench/bench_dashboard.py``, which times the same pages.
    """
    port = _free_port()
    log = workdir / "dashboard.log"
    # The served code is this tree's, as the tests' is: the venv's `exceed` imports the
    # checkout it was installed from, which for a git worktree is another tree.
    path = os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [*_exceed(), "dashboard", "--db", str(db), "--port", str(port)],
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True, cwd=workdir,
            env={**os.environ, "PYTHONPATH": path})
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(url, process, log)
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)  # the group started above: streamlit only
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=15)




def index_copy(index: Path, workdir: Path) -> Path:
    """For a ``db`` fixture of a test that plays on the Play page: skip without chromium,
    else a copy of ``index`` in ``workdir`` (a finished game is indexed into it)."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing (make test installs Debian's chromium with apt)")
    copy = workdir / "index.duckdb"
    shutil.copy(index, copy)
    return copy


def play_db(index_path: Path, tmp_path: Path) -> Path:
    """The Play page's browser tests' ``db`` fixture (``db = pytest.fixture(play_db)``):
    a copy of the session index (``index_copy``)."""
    return index_copy(index_path, tmp_path)


def play_server(db: Path, tmp_path: Path) -> Iterator[str]:
    """Their ``server`` fixture (``server = pytest.fixture(play_server)``): the dashboard
    on that ``db`` (``serve_or_skip``)."""
    yield from serve_or_skip(db, tmp_path)


def serve_or_skip(db: Path, workdir: Path) -> Iterator[str]:
    """For a ``server`` fixture: skip without chromium, fail (one line) when the
    dashboard does not come up, else yield the served URL."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing (make test installs Debian's chromium with apt)")
    try:
        with serve_dashboard(db, workdir) as url:
            yield url
    except DashboardDown as error:
        pytest.fail(str(error))


def browser_page(pw: Playwright) -> tuple[Browser, Page]:
    browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_timeout(HANG_GUARD_MS)
    return browser, page


def settled(page: Page) -> None:
    """Wait until the app's script run is over (Streamlit marks its root element), as a
    user would before the next click: a click during a run may meet a redrawn element."""
    expect(page.locator('[data-testid="stApp"][data-test-script-state="notRunning"]')
           ).to_have_count(1, timeout=HANG_GUARD_MS)


def draw_charts(page: Page) -> None:
    """Streamlit draws a plotly chart only when it comes near the viewport, and the
    strike timeline and lanes lie under the board area (issue 27 item 18): scroll each
    chart into view until it is drawn, then back to the top of the page (the benches'
    ``bench_dashboard.wait_drawn`` scrolls the same way, checked in the page)."""
    charts = page.get_by_test_id("stPlotlyChart")
    expect(charts.first).to_be_attached(timeout=60_000)  # drawn after the board area
    settled(page)
    count = charts.count()
    for i in range(count):
        charts.nth(i).scroll_into_view_if_needed()
        expect(charts.nth(i).locator(".js-plotly-plot")).to_have_count(1)
    page.get_by_role("heading").first.scroll_into_view_if_needed()


def within(page: Page, target: Locator, what: str) -> None:
    """``target`` lies wholly inside the viewport. A rerun may redraw it (a plotly chart
    is briefly detached): its box is read again, every 0.2 s, until the hang guard."""
    size = page.viewport_size
    box = target.bounding_box()
    for _ in range(HANG_GUARD_MS // 200):
        if box is not None:
            break
        page.wait_for_timeout(200)
        box = target.bounding_box()
    assert box is not None and size is not None, what
    assert 0 <= box["x"] and box["x"] + box["width"] <= size["width"], (what, box, size)
    assert 0 <= box["y"] and box["y"] + box["height"] <= size["height"], (what, box, size)


HOVER_LABEL = ".js-plotly-plot .hoverlayer .hovertext"
"""Plotly's hover label: shown once the chart answers the mouse at a point."""


def click_centre(page: Page, target: Locator) -> None:
    """Scroll ``target`` (a chart's marker) into view and click the middle of it, the
    mouse moved there first as a person's would, who clicks once the hover label shows
    (plotly picks a click's point from its hover). On a loaded machine a chart may still
    be sizing or redrawing when the mouse arrives, and a click then picks nothing: the
    mouse leaves and comes back (its box read again) until the label shows, up to the
    hang guard; the click comes either way, and the caller asserts what it did."""
    target.scroll_into_view_if_needed()
    label = page.locator(HOVER_LABEL)
    x = y = 0.0
    for _ in range(HANG_GUARD_MS // 2_000):
        box = target.bounding_box()
        if box is not None:
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            page.mouse.move(x, y)
            try:
                expect(label.first).to_be_visible(timeout=1_500)
                break
            except AssertionError:
                pass
        page.mouse.move(1, 1)  # away, so the next move is a fresh hover
        page.wait_for_timeout(500)
    assert x or y, "the marker to click was never drawn"
    page.mouse.click(x, y)


def step_forward(page: Page) -> None:
    """Click Forward and wait until the board shows the next event. A click's rerun may
    start only after ``settled`` has looked: a Back pressed then would be overtaken by
    the click's rerun of the Game page, as a user's would."""
    header = page.get_by_text(re.compile(r"· event \d+/\d+ · as "))
    expect(header).to_be_visible()
    at = int(re.search(r"event (\d+)/", header.inner_text()).group(1))  # type: ignore[union-attr]
    page.get_by_role("button", name="Forward").click()
    expect(page.get_by_text(re.compile(rf"· event {at + 1}/\d+ · as "))).to_be_visible()
    settled(page)



@contextmanager
def unanalysed_game(index_path: Path, workdir: Path, game: str) -> Iterator[Page]:
    """For a test that analyses a game in the browser: skip without chromium, else the
    dashboard over a copy of ``index_path`` (in ``workdir``: the analysis is stored in
    it) and a 1440 × 900 page on ``game``'s Game page, settled with "No analysis is
    stored" shown; the page's ``db`` is ``workdir / "index.duckdb"``."""
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing (make test installs Debian's chromium with apt)")
    db = workdir / "index.duckdb"
    shutil.copy(index_path, db)
    with serve_dashboard(db, workdir) as server, sync_playwright() as pw:
        browser, page = browser_page(pw)
        try:
            page.set_viewport_size({"width": 1440, "height": 900})
            page.goto(f"{server}/game?game={game}")
            expect(page.get_by_text("No analysis is stored", exact=False)).to_be_visible()
            settled(page)
            yield page
        finally:
            browser.close()

CUT_LABELS = """() => [...document.querySelectorAll('button [data-testid=stMarkdownContainer]')]
    .filter(e => e.offsetParent && e.scrollWidth > e.clientWidth)
    .map(e => e.innerText)"""
"""The labels of the buttons in view that their button cuts short (shown with "…")."""

CURSOR_X = """() => {
    const plot = document.querySelector('.js-plotly-plot');
    const line = (plot._fullLayout.shapes || []).find(s => s.line && s.line.color === '#555');
    return line ? line.x0 : null;
}"""
"""The x of the timeline's cursor line (the viewer's position when it was drawn)."""
