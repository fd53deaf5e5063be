"""The index file changed under a running dashboard: another program's DuckDB database
put in its place, the file deleted, or a copy of it cut short. Each page says one line
naming the file, with no traceback: for the foreign database the line ``exceed
dashboard`` refuses such a file with (and the page says it too when it is started on
one), where it showed DuckDB's own words ("... without its schema_version table):
Catalog Error: Table with name games does not exist!"); a file cut short is said as
opening one shorter is ("FILE is not a DuckDB index: IO Error: ..."), where it was
"FILE: IO Error: ..."."""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from pathlib import Path

import duckdb
import pytest
from streamlit.testing.v1 import AppTest

from dashboard import data
from dashboard.data import plain
from replay.query import GameRow

PAGES = ["games", "game", "search", "matchups", "fighter", "cards", "insights", "players",
         "verify"]
TTL_PAGES = ("game", "verify")
"""Pages whose reads are kept ``data.TTL_SECONDS`` (the game's row, the indexed logs):
the tests let them expire, as a page shown a little later does."""
REFUSED = ("; refusing to read it: serve an exceed index (`exceed dashboard --db FILE`; "
           "build one with `exceed index DIR`), then reload this page.")


def _foreign(path: Path) -> None:
    """Another program's DuckDB database at ``path``."""
    con = duckdb.connect(str(path))
    try:
        con.execute("CREATE TABLE t (x INTEGER)")
    finally:
        con.close()


def _open(app: Callable[..., AppTest], db: Path, page: str, game: GameRow) -> AppTest:
    at = app(db=db)
    at.query_params.update({"game": game.game_id} if page == "game" else
                           {"q": "decked_out"} if page == "search" else {})
    at.switch_page(f"app_pages/{page}.py").run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def _errors(at: AppTest) -> list[str]:
    assert not at.exception, [e.message for e in at.exception]
    return [e.value for e in at.error]


def foreign_line(db: Path) -> str:
    return plain(f"{db} is a DuckDB database but not an exceed index (it has no "
                 "schema_version table)") + REFUSED


@pytest.mark.parametrize("page", PAGES)
def test_a_foreign_database_swapped_in_is_the_line_the_dashboard_starts_with(
        app: Callable[..., AppTest], index_path: Path, longest: GameRow, tmp_path: Path,
        page: str) -> None:
    db = tmp_path / "index.duckdb"
    shutil.copy(index_path, db)
    at = _open(app, db, page, longest)
    assert _errors(at) == []
    db.unlink()
    _foreign(db)
    if page in TTL_PAGES:
        time.sleep(data.TTL_SECONDS + 1)
    at.run()
    assert _errors(at) == [foreign_line(db)]
    started = tmp_path / "started.duckdb"  # a dashboard started on such a file
    _foreign(started)
    assert _errors(_open(app, started, page, longest)) == [foreign_line(started)]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("change", ["deleted", "cut short"])
def test_an_index_deleted_or_cut_short_under_the_page_is_one_line(
        app: Callable[..., AppTest], index_path: Path, longest: GameRow, tmp_path: Path,
        page: str, change: str) -> None:
    db = tmp_path / "index.duckdb"
    shutil.copy(index_path, db)
    at = _open(app, db, page, longest)
    assert _errors(at) == []
    whole = db.read_bytes()
    db.unlink()
    if change == "cut short":  # past its catalog: it opens, and a query reads past the end
        db.write_bytes(whole[:len(whole) // 3])
    if page in TTL_PAGES:
        time.sleep(data.TTL_SECONDS + 1)
    at.run()
    [line] = _errors(at)
    if change == "deleted":
        # the command to run named once (it read "run `exceed index LOGS...` first (or
        # pass --db). Build the index with `exceed index DIR`...")
        assert line == (f"No index at {plain(str(db))}. Build the index with `exceed index "
                        "DIR` (DIR: a folder of .exlog game logs; `--db FILE` for another "
                        "file), then reload this page."), line
    else:
        assert line.startswith(plain(f"{db} is not a DuckDB index: IO Error: ")), line
    assert "\n" not in line
