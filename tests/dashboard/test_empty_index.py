"""A newcomer's first run: an index built from a folder with no logs yet. Every page that
reads games says there are none and what to run, never an error or a traceback.

Found by the dashboard audit: the Matchups page said "No finished games match these
filters." (no filter was set) and the Search page answered a pattern with "0 moments",
neither saying that the index is empty nor how to fill it.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from replay.cli import main

EMPTY = "The index holds no games yet: run `exceed index DIR` and they appear here."


@pytest.fixture(scope="module")
def empty_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("no-logs")
    db = tmp_path_factory.mktemp("empty-index") / "index.duckdb"
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["index", str(folder), "--db", str(db), "--jobs", "1"]) == 0
    return db


@pytest.mark.parametrize(("page", "params"), [
    ("app_pages/games.py", {}),
    ("app_pages/matchups.py", {}),
    ("app_pages/search.py", {"q": "hit"}),
    ("app_pages/fighter.py", {}),
    ("app_pages/cards.py", {}),
    ("app_pages/insights.py", {}),
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
