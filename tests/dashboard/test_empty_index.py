"""A newcomer's first runs: an index built from a folder with no logs yet, then one whose
only game ended on turn 0. Every page says what there is and what to run, never an
error or a traceback.

Found by the dashboard audit: on the empty index the Matchups page said "No finished
games match these filters." (no filter was set) and the Search page answered a pattern
with "0 moments", neither saying that the index is empty nor how to fill it; on the
turn-0 index the Games page, the dashboard's home, raised an exception.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from replay import query as q
from replay.cli import main

APP = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"
EMPTY = "The index holds no games yet: run `exceed index DIR` and they appear here."


@pytest.fixture(scope="module")
def empty_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("no-logs")
    db = tmp_path_factory.mktemp("empty-index") / "index.duckdb"
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        # a folder without logs is one line (exit 1); the index is made, empty
        assert main(["index", str(folder), "--db", str(db), "--jobs", "1"]) == 1
    assert err.getvalue() == (f"{folder}: no .exlog files in this folder (or its "
                              "subfolders)\n")
    assert db.is_file()
    return db


@pytest.mark.parametrize(("page", "params"), [
    ("app_pages/games.py", {}),
    ("app_pages/matchups.py", {}),
    ("app_pages/search.py", {"q": "hit"}),
    ("app_pages/fighter.py", {}),
    ("app_pages/cards.py", {}),
    ("app_pages/insights.py", {}),
    ("app_pages/players.py", {}),
    ("app_pages/players.py", {"player": "Ann"}),
])
def test_every_page_of_an_empty_index_says_what_to_run(
        app: Callable[..., AppTest], empty_index: Path, page: str,
        params: dict[str, str]) -> None:
    at = app(db=empty_index)
    at.query_params.update(params)
    at.switch_page(page).run()
    assert not at.exception, [e.message for e in at.exception]
    assert not at.error and not at.warning
    assert [i.value for i in at.info] == [EMPTY]


@pytest.fixture(scope="module")
def turn_zero_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An index whose one game ended on turn 0: a game started on the Play page and
    resigned at the mulligan, then reviewed (a newcomer trying the Play page first)."""
    root = tmp_path_factory.mktemp("live")
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5)
    q.live_resign(root, created.game_id, created.tokens["p1"], "")
    db = tmp_path_factory.mktemp("turn-zero") / "index.duckdb"
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["index", str(root / f"{created.game_id}.exlog"), "--db", str(db),
                     "--jobs", "1"]) == 0
    return db


def test_the_games_page_lists_games_that_all_ended_on_turn_0(
        index_app: Callable[..., AppTest], turn_zero_index: Path) -> None:
    """Found by the dashboard audit: the Turns slider was drawn from 0 to the longest
    game's turns, and Streamlit refuses a slider from 0 to 0, so the Games page (the
    dashboard's home) raised StreamlitInvalidMinMaxError on every visit."""
    at = index_app(turn_zero_index)  # the root URL: the Games page
    assert not at.exception, [e.message for e in at.exception]
    assert at.title[0].value == "Games"
    table = at.dataframe[0].value
    assert list(table["turns"]) == [0] and list(table["how"]) == ["resigned"]
    assert not at.slider  # nothing to filter by length yet
    at.query_params["turns"] = "0-3"  # a link made on a bigger index
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    assert len(at.dataframe[0].value) == 1


@pytest.fixture
def index_app(monkeypatch: pytest.MonkeyPatch) -> Callable[[Path], AppTest]:
    """The dashboard's root URL on ``db``, run once (whatever it raised is kept)."""

    def start(db: Path) -> AppTest:
        monkeypatch.setenv("EXCEED_INDEX", str(db))
        return AppTest.from_file(str(APP), default_timeout=600).run()

    return start
