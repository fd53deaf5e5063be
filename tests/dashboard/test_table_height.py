"""The lists' tables (Games, Players) are as tall as their rows: the header and 35 px a
row, 18 rows at most, then they scroll (``export.fitted_height``). The Players page drew
at least 3 rows and the Games page at least 5, blank under 2 players or 4 games."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from dashboard import export
from replay import query as q
from tests.dashboard.page_kit import open_page


@pytest.mark.parametrize(("rows", "height"), [
    (0, 38 + 35), (1, 38 + 35), (2, 38 + 70), (4, 38 + 140), (18, 38 + 35 * 18),
    (19, 38 + 35 * 18), (10_000, 38 + 35 * 18)])
def test_fitted_height_is_the_header_and_each_row(rows: int, height: int) -> None:
    assert export.fitted_height(rows) == height


def _heights(monkeypatch: pytest.MonkeyPatch) -> dict[str, tuple[int, int | None]]:
    """Each table drawn, by its key: its rows and the height it was given."""
    drawn: dict[str, tuple[int, int | None]] = {}
    real = export.table

    def spy(rows: Any, key: str, name: str, **options: Any) -> Any:
        drawn[key] = (len(rows), options.get("height"))
        return real(rows, key, name, **options)

    monkeypatch.setattr(export, "table", spy)
    return drawn


def test_two_players_are_two_rows(app: Callable[..., AppTest], index_path: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = _heights(monkeypatch)
    players = len(q.player_records(q.open_source(index_path)))
    assert players == 2  # the sample games' two agents
    at = open_page(app, index_path, "app_pages/players.py")
    assert len(at.dataframe[0].value) == 2
    assert drawn["players.table"] == (2, 38 + 2 * 35)


def test_a_few_games_are_as_many_rows(app: Callable[..., AppTest], index_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = _heights(monkeypatch)
    at = open_page(app, index_path, "app_pages/games.py", fighter="akuma")
    shown = len(at.dataframe[0].value)
    assert 1 <= shown < 5
    assert drawn["games.table"] == (shown, 38 + shown * 35)


def test_many_games_scroll_past_18_rows(app: Callable[..., AppTest], index_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = _heights(monkeypatch)
    at = open_page(app, index_path, "app_pages/games.py")
    assert len(at.dataframe[0].value) > 18
    assert drawn["games.table"][1] == 38 + 18 * 35
