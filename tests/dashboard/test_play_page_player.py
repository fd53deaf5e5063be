"""The Play page as a player finds it, driven by Streamlit's AppTest (found by playing
in a browser): the links a game against a person gives are addresses to paste."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from replay import query as q
from tests.dashboard.page_kit import open_play


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "index.duckdb"


def test_the_links_to_a_game_are_addresses_of_the_play_page(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """The links were shown as ``?g=<id>&t=<token>``: pasted into a friend's address
    bar that is no address (a search, at best), so the seat link went nowhere. Each
    now names the Play page (the whole address in a browser, which Streamlit knows;
    AppTest does not, so here the path)."""
    at = open_play(app, db_path)
    opponent = next(s for s in at.selectbox if s.label == "Opponent")
    opponent.set_value("person")
    at.button[0].click().run()  # Start
    assert not at.exception, [e.message for e in at.exception]
    game_id = str(at.query_params["g"][0] if isinstance(at.query_params["g"], list)
                  else at.query_params["g"])
    settings = q.read_live_settings(q.live_root(db_path), game_id)
    links = [c.value for c in at.code if "g=" in c.value]
    assert len(links) == 3, links
    for link in links:
        assert link.startswith("/play?g=" + game_id), link
    seats = [q.seat_of_token(settings, link.split("&t=")[1]) for link in links[:2]]
    assert seats == ["p1", "p2"]
    assert links[2] == f"/play?g={game_id}"
