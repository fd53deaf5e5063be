"""The Game page of a game whose log has moved (its timeline from the index, no viewer):
a link's moment (``at=``, ``event=``, ``turn=``, ``strike=``) and a perspective that is
none were passed over without a word; each is now named in one line, as data (AppTest,
on a copy of the session index with one game's path moved)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from streamlit.testing.v1 import AppTest

from dashboard import data
from replay.query import GameRow
from tests.dashboard.page_kit import log_moved, open_game


def _warnings(at: AppTest) -> list[str]:
    return [w.value for w in at.warning]


def test_a_moment_in_a_link_to_a_moved_log_is_named_as_ignored(
        app: Callable[..., AppTest], index_path: Path, longest: GameRow,
        tmp_path: Path) -> None:
    db = log_moved(index_path, longest, tmp_path)
    at = open_game(app, db, longest, at="5", strike="<b>2</b>", turn="*x*")
    lines = [w for w in _warnings(at) if data.plain("needs the game's log; ignored") in w]
    assert len(lines) == 1, _warnings(at)
    # every value named, as data: the markup in them is escaped, never drawn
    for named in ("at='5'", "strike='<b>2</b>'", "turn='*x*'"):
        assert data.plain(named) in lines[0], lines[0]
    assert "cannot be read now" in _warnings(at)[0]  # the log's own line stays first


def test_a_bad_perspective_in_a_link_to_a_moved_log_is_refused(
        app: Callable[..., AppTest], index_path: Path, longest: GameRow,
        tmp_path: Path) -> None:
    db = log_moved(index_path, longest, tmp_path)
    at = open_game(app, db, longest, **{"as": "**p3**"})
    lines = [w for w in _warnings(at) if "is not a perspective" in w]
    assert len(lines) == 1 and data.plain("as='**p3**'") in lines[0], _warnings(at)
    at = open_game(app, db, longest, **{"as": "p2"})  # a good one: no line, its caption
    assert len(_warnings(at)) == 1, _warnings(at)
    assert any("As p2, over the whole game" in c.value for c in at.caption)
