"""Helpers of the dashboard's AppTest tests: open a page with query parameters, bring a
live game to a seat's turn action, or a game between people to wait on p2."""

from __future__ import annotations

import contextlib
import functools
import io
from collections.abc import Callable
from pathlib import Path
from unittest import mock

from streamlit.runtime.scriptrunner import RerunData
from streamlit.testing.v1 import AppTest, local_script_runner
from streamlit.testing.v1.element_tree import Element

from replay import query as q

PLAY = "app_pages/play.py"


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
