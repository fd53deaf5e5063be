"""The Games page's order (``?order=newest``): the latest played games first, sorted in
SQL across every page, so a game just played in the browser (or indexed from a
tournament) is at the top of the first page instead of somewhere among the fighters.

Found walking the dashboard as a coach and as a newcomer who had just played: the list
was only "ordered by p1, p2 and seed", and a new game was hard to find.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from replay import query as q
from replay.cli import main
from tests.dashboard.page_kit import open_page

SAMPLES = Path(__file__).resolve().parents[2] / "sample_games"
GAMES = "app_pages/games.py"


@pytest.fixture
def dated(tmp_path: Path) -> tuple[Path, list[str]]:
    """An index of 12 sample games whose logs were written a day apart, the first one
    listed by name the newest; and their file names, newest first."""
    logs = sorted(SAMPLES.glob("*.exlog"))[:12]
    folder = tmp_path / "logs"
    folder.mkdir()
    names = []
    for age, log in enumerate(logs):
        copy = folder / log.name
        shutil.copy(log, copy)
        stamp = 1_800_000_000 - age * 86_400
        os.utime(copy, (stamp, stamp))
        names.append(log.name)
    db = tmp_path / "index.duckdb"
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["index", str(folder), "--db", str(db), "--jobs", "1"]) == 0
    return db, names


def test_newest_first_runs_across_pages_in_sql(dated: tuple[Path, list[str]]) -> None:
    db, names = dated
    src = q.open_source(db)
    first = q.game_page(src, limit=5, offset=0, newest=True)
    second = q.game_page(src, limit=5, offset=5, newest=True)
    third = q.game_page(src, limit=5, offset=10, newest=True)
    shown = [Path(g.path).name for page in (first, second, third) for g in page.rows]
    assert shown == names  # a day apart, newest first, no game repeated or skipped
    played = [g.played for page in (first, second, third) for g in page.rows]
    assert played == sorted(played, reverse=True) and played[0] == "2027-01-15T08:00:00Z"
    by_fighters = [g.game_id for g in q.game_page(src, limit=12).rows]
    assert sorted(by_fighters) == sorted(g.game_id for p in (first, second, third)
                                         for g in p.rows)


def test_the_page_takes_the_order_from_its_link(app: Callable[..., AppTest],
                                                dated: tuple[Path, list[str]]) -> None:
    db, _ = dated
    at = open_page(app, db, GAMES, order="newest")
    assert at.radio(key="games.order").value == "newest"
    assert any("newest played first" in c.value for c in at.caption), [c.value for c in
                                                                         at.caption]
    table = at.dataframe[0].value  # the newest on top, its time shown (UTC)
    assert list(table["played"])[:2] == ["2027-01-15 08:00:00", "2027-01-14 08:00:00"]
    plain = open_page(app, db, GAMES)
    assert plain.radio(key="games.order").value == "fighters"
    assert any("ordered by p1, p2 and seed" in c.value for c in plain.caption)
