"""The Games page when its filters match no game: one line naming the filters that
exclude every game, and no empty grid, empty CSV or empty "Open a game" chooser (it
read "0 game(s) match; showing 0–0" over a blank table before)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.dashboard.page_kit import open_page

GAMES = "app_pages/games.py"


def _infos(at: AppTest) -> list[str]:
    """The page's info lines as they read (Markdown escapes removed)."""
    return [re.sub(r"\\(.)", r"\1", i.value) for i in at.info]


def test_no_match_names_the_filters(app: Callable[..., AppTest], index_path: Path) -> None:
    at = open_page(app, index_path, GAMES, fighter="ryu", winner="akuma", seed="3")
    assert _infos(at) == [
        "No game matches fighter Ryu, winner Akuma, seed 3: clear or widen a filter above "
        "to see games."]
    assert not at.dataframe
    # nor "0 game(s) match; showing 0–0 (page 1 of 1, ...)" above that line
    assert not [c.value for c in at.caption if "match" in c.value]
    assert not at.get("download_button")
    assert "games.open" not in [s.key for s in at.selectbox]


def test_a_name_from_the_index_is_shown_inert(app: Callable[..., AppTest],
                                            index_path: Path) -> None:
    at = open_page(app, index_path, GAMES, fighter="ryu", winner="akuma", agent="random")
    line = _infos(at)[0]
    assert line.startswith("No game matches fighter Ryu, winner Akuma, agent random")


def test_matching_games_are_listed(app: Callable[..., AppTest], index_path: Path) -> None:
    at = open_page(app, index_path, GAMES, fighter="ryu")
    assert not at.info
    assert at.dataframe
