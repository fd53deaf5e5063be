"""Browser tab titles (``routes.tab_title``, ``play_words.tab_words``): every tab read
"exceed replay", whatever its page; a Play tab now says whose move it is."""

from __future__ import annotations

from pathlib import Path

from dashboard.play_words import tab_words
from dashboard.routes import tab_title
from replay import query as q
from tests.live_kit import people, step


def test_a_tab_names_its_page_then_the_app() -> None:
    assert tab_title("Games") == "Games · exceed replay"
    assert tab_title("Your move", "Play") == "Your move · Play · exceed replay"


def test_a_play_tab_says_whose_move_it_is(tmp_path: Path) -> None:
    """Two people: the seat asked reads "Your move", the other "Their move", a
    spectator "Watching"; once a seat resigned, every tab reads "Game over"."""
    root = q.live_root(tmp_path / "index.duckdb")
    created = people(root)
    words = {s: tab_words(q.live_picture(root, created.game_id, s))
             for s in ("p1", "p2", q.SPECTATOR)}
    assert words == {"p1": "Your move", "p2": "Their move", q.SPECTATOR: "Watching"}
    step(root, created)  # p1's mulligan: p2 is asked
    assert tab_words(q.live_picture(root, created.game_id, "p2")) == "Your move"
    assert tab_words(q.live_picture(root, created.game_id, "p1")) == "Their move"
    q.live_resign(root, created.game_id, created.tokens["p1"], "t")
    assert {tab_words(q.live_picture(root, created.game_id, s))
            for s in ("p1", "p2", q.SPECTATOR)} == {"Game over"}


def test_a_hotseat_tab_names_the_seat_on_move(tmp_path: Path) -> None:
    root = q.live_root(tmp_path / "index.duckdb")
    created = q.create_live(root, "ryu", "ken", opponent="hotseat", seed=4)
    pic = q.live_picture(root, created.game_id, "both")
    assert pic.viewer is not None
    assert tab_words(pic) == f"{pic.viewer.label} to move"
