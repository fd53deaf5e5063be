"""Shared by the statistics pages' AppTest files (``test_stats_pages.py``: Matchups and
Fighter; ``test_stats_pages_cards_games.py``: Cards, Games and what every page shares):
the page scripts, a page opened from a URL, and what a table, a chart or a download
button shows.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

from dashboard.stats import SUPPRESSED
from tests.dashboard.page_kit import elements

APP = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"
MATCHUPS, FIGHTER, CARDS, GAMES = ("app_pages/matchups.py", "app_pages/fighter.py",
                                   "app_pages/cards.py", "app_pages/games.py")


def no_exception(at: AppTest) -> None:
    assert not at.exception, [e.message for e in at.exception]


def open_page(app: Callable[..., AppTest], script: str, **params: str) -> AppTest:
    """The page opened from a URL carrying ``params`` (as a link or a bookmark would)."""
    at = app()
    for name, value in params.items():
        at.query_params[name] = value
    at.switch_page(script).run()
    no_exception(at)
    return at


def percent_columns(at: AppTest, *names: str) -> None:
    """The first table draws ``names`` as percentages of numbers (``35.3%``, sorted as
    numbers) and a withheld rate as the placeholder ``–``."""
    proto = at.dataframe[0].proto
    config = json.loads(proto.columns)
    for name in names:
        assert config[name]["type_config"] == {"type": "number", "format": "%.1f%%"}, name
    assert proto.placeholder == SUPPRESSED


def chart(at: AppTest, key: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A plotly chart's figure and config (JSON)."""
    proto = at.get_by_key(key).proto
    figure: dict[str, Any] = json.loads(proto.spec)
    config: dict[str, Any] = json.loads(proto.config)
    return figure, config


def png_name(at: AppTest, key: str) -> str:
    _, config = chart(at, key)
    options = config["toImageButtonOptions"]
    assert isinstance(options, dict) and options["format"] == "png"
    return str(options["filename"])


def csv_buttons(at: AppTest) -> list[str]:
    return [b.label for b in elements(at, "download_button")]


def card_table(at: AppTest) -> list[tuple[str, int, int]]:
    """The page's card table: each row's card, strikes and boosts, in the order shown."""
    [table] = [d.value for d in at.dataframe if "card" in d.value.columns]
    return list(zip(table["card"], table["strikes (n)"], table["boosted"], strict=True))
