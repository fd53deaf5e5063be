"""The Game page's "Back to Games" returns to the list as it was left: a coach who
filtered the games (a fighter, a player, a page) and opened one was sent back to every
game, the filters gone (the link named ``/games`` alone)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from urllib.parse import parse_qsl

from streamlit.testing.v1 import AppTest

from replay import query as q
from replay.query import GameRow
from tests.dashboard.page_kit import open_page

GAMES = "app_pages/games.py"


def _back(at: AppTest) -> tuple[str, dict[str, str]]:
    links = [(e.proto.page, dict(parse_qsl(e.proto.query_string)))
             for e in at.get("page_link") if e.proto.label == "Back to Games"]
    assert len(links) == 1, links
    return links[0]


def _opening(at: AppTest) -> tuple[str, dict[str, str]]:
    """The page and query of the one "Open ..." link the Games page draws for the game
    chosen (its script clicks it)."""
    links = [(e.proto.page, dict(parse_qsl(e.proto.query_string)))
             for e in at.get("page_link") if e.proto.label.startswith("Open ")]
    assert len(links) == 1, links
    return links[0]


def test_back_to_games_keeps_the_filters_of_the_list(
        app: Callable[..., AppTest], index_path: Path) -> None:
    at = open_page(app, index_path, GAMES, fighter="ryu", player="random", order="newest")
    shown = at.dataframe[0].value
    assert 0 < len(shown) < 77  # filtered
    listed = dict(at.query_params.items())
    assert listed == {"fighter": "ryu", "player": "random", "order": "newest"}
    game_id = next(g.game_id for g in q.games(q.open_source(index_path))
                   if "ryu" in (g.p1, g.p2) and "random" in (g.player1, g.player2))
    at.selectbox(key="games.open").set_value(game_id).run()
    assert not at.exception, [e.message for e in at.exception]
    # opened by a link (which the page's script follows), never by writing ?game= into
    # the list's URL: that was a history entry of its own, and Back showed every game
    assert dict(at.query_params.items()) == listed
    assert _opening(at) == ("game", {"game": game_id})
    at.query_params.clear()  # the browser follows the link
    at.query_params["game"] = game_id
    at.switch_page("app_pages/game.py").run()
    assert not at.exception, [e.message for e in at.exception]
    page, query = _back(at)
    assert page == "games"
    assert query == listed


def test_back_to_games_without_a_list_opens_every_game(
        app: Callable[..., AppTest], longest: GameRow) -> None:
    at = app(game=longest.game_id)
    assert _back(at) == ("games", {})
