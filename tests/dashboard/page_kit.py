"""Helpers of the dashboard's AppTest tests: open a page with query parameters, bring a
live game to a seat's turn action, or a game between people to wait on p2, and read the
Play page's arena back (``ArenaZones``: each zone's face-up names and face-down count)."""

from __future__ import annotations

import contextlib
import functools
import io
import shutil
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from unittest import mock

import duckdb
from streamlit.runtime.scriptrunner import RerunData
from streamlit.testing.v1 import AppTest, local_script_runner
from streamlit.testing.v1.element_tree import Element

from replay import query as q

PLAY = "app_pages/play.py"


def event_slider(at: AppTest, game_id: str) -> Element:
    """The viewer's event slider of ``game_id``: one slider, keyed by the position it
    shows (``dashboard.viewer_panel.slider_key``)."""
    found = [s for s in at.slider if str(s.key).startswith(f"viewer.slider.{game_id}.")]
    assert len(found) == 1, [s.key for s in at.slider]
    return found[0]


def _one_radio(at: AppTest, base: str) -> Element:
    found = [r for r in at.radio if str(r.key).rpartition(".")[0] == base]
    assert len(found) == 1, [r.key for r in at.radio]
    return found[0]


def decision_radio(at: AppTest, game_id: str) -> Element:
    """The "Analysed decisions" radio of ``game_id``: one radio, keyed anew whenever the
    app moves it (``dashboard.drawn_keys``)."""
    return _one_radio(at, f"game.decisions.{game_id}")


def perspective_radio(at: AppTest) -> Element:
    """The viewer's perspective radio: one radio, keyed anew whenever the app changes
    the perspective (``dashboard.drawn_keys``)."""
    return _one_radio(at, "viewer.perspective.radio")


def elements(at: AppTest, kind: str) -> list[Element]:
    """``at.get(kind)``: the page's elements of ``kind`` (``"download_button"``...), each
    an ``Element`` (no layout block), whose proto's fields read as attributes (``label``)."""
    found = at.get(kind)
    assert all(isinstance(e, Element) for e in found), found
    return [e for e in found if isinstance(e, Element)]


def element(at: AppTest, key: str) -> Element:
    """``at.get_by_key(key)``, an ``Element`` (not a layout block)."""
    found = at.get_by_key(key)
    assert isinstance(found, Element), found
    return found


def open_page(app: Callable[..., AppTest], db: Path, page: str, /, **params: str) -> AppTest:
    """``page`` run once over the index ``db`` with ``params`` in its URL (``page=`` too:
    the arguments before it are positional only); asserts the run raised nothing."""
    at = app(db=db)
    for key, value in params.items():
        at.query_params[key] = value
    at.switch_page(page).run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def open_game(app: Callable[..., AppTest], db: Path, game: q.GameRow, **params: str
              ) -> AppTest:
    """The Game page of ``game`` run once over ``db`` with ``params`` in its URL
    (``open_page``)."""
    return open_page(app, db, "app_pages/game.py", game=game.game_id, **params)


def open_play(app: Callable[..., AppTest], db: Path, **params: str) -> AppTest:
    """The Play page (``open_page``)."""
    return open_page(app, db, PLAY, **params)


def next_look(at: AppTest) -> AppTest:
    """The page's fragments run again, alone, as a browser does every second for an
    ``st.fragment(run_every=...)`` (AppTest has no timer): the tree then holds what they
    drew, or the whole page if one of them called ``st.rerun()``. Asserts the page has
    a fragment to run (a page that looks at nothing by itself)."""
    fragments = list(at._fragment_storage._fragments)  # AppTest has no API for it
    assert fragments, "the page has no fragment: it looks at nothing by itself"
    auto = functools.partial(RerunData, fragment_id_queue=fragments, is_auto_rerun=True)
    with mock.patch.object(local_script_runner, "RerunData", auto):
        at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def play_to_action(root: Path, created: q.Created) -> q.SeatPicture:
    """Seat p1 of ``created`` (acting from tab "t") plays its first options until it is
    asked a turn's action; its picture then."""
    pic = q.live_picture(root, created.game_id, "p1")
    while pic.request is None or pic.request.kind != "action":
        q.live_act(root, created.game_id, created.tokens["p1"], "t", pic.decision,
                   pic.groups[0].options[0].decision)
        pic = q.live_picture(root, created.game_id, "p1")
    return pic


def at_action(root: Path, seed: int = 5) -> tuple[q.Created, q.SeatPicture]:
    """A game against the heuristic agent, p1 (tab "t") to choose a turn's action."""
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=seed)
    q.claim_tab(root, created.game_id, "p1", "t")
    return created, play_to_action(root, created)


def indexed(logs: Path, db: Path) -> Path:
    """``db``, an index of the logs under ``logs`` built by ``exceed index`` (one job, its
    report kept quiet), which must succeed."""
    from replay.cli import main

    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["index", str(logs), "--db", str(db), "--jobs", "1"]) == 0
    return db


def log_moved(index: Path, game: q.GameRow, tmp_path: Path) -> Path:
    """A copy of ``index`` (under ``tmp_path``) in which ``game``'s log path names a file
    that is not there, as when its log has been moved since it was indexed."""
    db = tmp_path / "index.duckdb"
    shutil.copy(index, db)
    con = duckdb.connect(str(db))
    try:
        con.execute("UPDATE games SET path = ? WHERE game_id = ?",
                    [str(tmp_path / "gone" / "game.exlog"), game.game_id])
    finally:
        con.close()
    return db


def waiting_on_p2(root: Path) -> q.Created:
    """A game between two people that both seats have opened, now waiting on p2."""
    created = q.create_live(root, "ryu", "ken", opponent="person", seat="p1", seed=8)
    for seat in ("p1", "p2"):
        q.claim_tab(root, created.game_id, seat, "t")
    while True:
        p1, p2 = (q.live_picture(root, created.game_id, s) for s in ("p1", "p2"))
        if p2.request is not None and p1.away_s is not None:  # opened, p2 asked
            return created
        seat, pic = ("p1", p1) if p1.request is not None else ("p2", p2)
        assert pic.request is not None and pic.decision < 40
        q.live_act(root, created.game_id, created.tokens[seat], "t", pic.decision,
                   pic.groups[0].options[0].decision)


class ArenaZones(HTMLParser):
    """``dashboard.arena``'s HTML read back: for each element with an ``aria-label``
    (``p1 gauge``, ``p2 hand``, ``p1 attack``...), the names of the face-up cards in it
    (``up``), how many face-down ones (``down``), and its whole text (``text``)."""

    VOID = frozenset({"br", "img", "hr", "input", "meta", "link"})

    def __init__(self, html: str) -> None:
        super().__init__()
        self.stack: list[tuple[str, str | None, bool]] = []  # tag, label, a face-up chip
        self.up: dict[str, list[str]] = {}
        self.down: dict[str, int] = {}
        self.text: dict[str, str] = {}
        self.chip: list[str] | None = None
        self.feed(html)
        self.close()

    def _labels(self) -> list[str]:
        return [label for _, label, _ in self.stack if label is not None]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        label = found.get("aria-label")
        if label is not None:
            self.text.setdefault(label, "")
        face = found.get("data-face")
        if face == "down":
            for name in [*self._labels(), *([label] if label else [])]:
                self.down[name] = self.down.get(name, 0) + 1
        if tag in self.VOID:
            return
        chip = face == "up" and tag == "span"
        if chip:
            self.chip = []
        self.stack.append((tag, label, chip))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            opened, _, chip = self.stack.pop()
            if chip and self.chip is not None:
                for name in self._labels():
                    self.up.setdefault(name, []).append("".join(self.chip))
                self.chip = None
            if opened == tag:
                return

    def handle_data(self, data: str) -> None:
        for name in self._labels():
            self.text[name] += data
        if self.chip is not None:
            self.chip.append(data)


def arena_markdown(at: AppTest) -> str:
    """The Play page's arena (``dashboard.arena.html`` drawn with ``st.markdown``)."""
    tables = [m.value for m in at.markdown if 'aria-label="table as ' in m.value]
    assert len(tables) == 1, [m.value[:80] for m in at.markdown]
    return tables[0]
