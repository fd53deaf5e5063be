"""Builders for the dashboard tests: an index of ``sample_games/`` built once per session,
and an ``AppTest`` of the router pointed at it through ``$EXCEED_INDEX``.

    at = app()                       # the Games page, already run
    at = app(game=LONGEST.game_id)   # the Game page for one game (via ?game=)

``analysed_index`` is a copy of that index with one game analysed (``ANALYSED``: small
rollouts, a few options per decision, so the review is capped), for the Game page's
win-probability row and decision panel.
"""

from __future__ import annotations

import contextlib
import io
import shutil
from collections.abc import Callable
from pathlib import Path

import duckdb
import pytest
from streamlit.testing.v1 import AppTest

from replay.cli import main
from replay.query import LABEL_MIN_N, GameRow, Params, analyse_and_store, games, open_source

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "dashboard" / "app.py"
SAMPLES = ROOT / "sample_games"
TIMEOUT = 600  # s per script run: a hang guard (a loaded machine is slow, not broken)
ANALYSED = ("ryu-vs-ken_heuristic-vs-heuristic_seed100.exlog",
            Params(rollouts=8, max_options=6))
"""The analysed game of ``analysed_index`` and its parameters (about 5 s, once)."""


@pytest.fixture(scope="session")
def index_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A DuckDB index of the committed sample games (its own file for this session)."""
    db = tmp_path_factory.mktemp("dashboard-index") / "index.duckdb"
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["index", str(SAMPLES), "--db", str(db), "--jobs", "1"])
    assert code == 0, out.getvalue() + err.getvalue()
    return db


@pytest.fixture
def fresh_index(index_path: Path, tmp_path: Path) -> Path:
    """A copy of the session's index for one test, which may write to it (an analysis
    stored, a game indexed)."""
    db = tmp_path / "index.duckdb"
    shutil.copy(index_path, db)
    return db


@pytest.fixture(scope="session")
def sample_rows(index_path: Path) -> list[GameRow]:
    return games(open_source(index_path))


@pytest.fixture(scope="session")
def longest(sample_rows: list[GameRow]) -> GameRow:
    """The sample game with the most events (the richest timeline)."""
    return max(sample_rows, key=lambda g: (g.events, g.game_id))


@pytest.fixture(scope="session")
def analysed_index(index_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the session index where ``ANALYSED`` has a stored analysis."""
    db = tmp_path_factory.mktemp("dashboard-analysed") / "index.duckdb"
    shutil.copy(index_path, db)
    name, params = ANALYSED
    analyse_and_store(str(SAMPLES / name), db, params, jobs=1)
    return db


@pytest.fixture(scope="session")
def labelled_index(analysed_index: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of ``analysed_index`` whose analysis has a labelled decision of each
    severity: 8 rollouts is a rough analysis that labels none (docs/metrics.md), and the
    real 50+ rollouts would take minutes, so three stored points are relabelled as if
    measured on ``LABEL_MIN_N`` rollouts (p1's first a blunder, p2's first a mistake, p1's
    second an inaccuracy) to test how labels are drawn. The blunder's best move becomes
    its best reviewed option, not found (the sample's search found p1's every best move:
    the README's screenshot read "blunder" beside "Best: Prepare (71%), found")."""
    db = tmp_path_factory.mktemp("dashboard-labelled") / "index.duckdb"
    shutil.copy(analysed_index, db)
    con = duckdb.connect(str(db))
    try:
        rows = con.execute("SELECT idx, player FROM analysis_points ORDER BY idx").fetchall()
        p1 = [idx for idx, player in rows if player == 0]
        p2 = [idx for idx, player in rows if player == 1]
        for idx, severity, swing in ((p1[0], "blunder", 0.25), (p2[0], "mistake", 0.15),
                                     (p1[1], "inaccuracy", 0.07)):
            con.execute("UPDATE analysis_points SET severity = ?, significant = true, "
                        "swing = ?, n = ? WHERE idx = ?", [severity, swing, LABEL_MIN_N, idx])
        label, option, p, n = con.execute(
            "SELECT label, option, p, n FROM analysis_options WHERE idx = ? AND NOT chosen "
            "ORDER BY p DESC, rank LIMIT 1", [p1[0]]).fetchone() or (None, None, None, None)
        assert label is not None, "the blunder's decision has no other reviewed option"
        con.execute("UPDATE analysis_points SET best_move = ?, best_option = ?, best_p = ?, "
                    "best_n = ?, found = false WHERE idx = ?", [label, option, p, n, p1[0]])
    finally:
        con.close()
    return db


@pytest.fixture(scope="session")
def analysed(analysed_index: Path, sample_rows: list[GameRow]) -> GameRow:
    """The game with a stored analysis in ``analysed_index``."""
    return next(g for g in sample_rows if Path(g.path).name == ANALYSED[0])


@pytest.fixture
def app(index_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., AppTest]:
    """``app(page=None, game=None, db=None)``: the dashboard on the session index (or on
    ``db``), run once."""

    def start(page: str | None = None, game: str | None = None,
              db: Path | None = None) -> AppTest:
        monkeypatch.setenv("EXCEED_INDEX", str(db if db is not None else index_path))
        at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
        at.run()
        if game is not None:
            at.query_params["game"] = game
            page = page or "app_pages/game.py"
        if page is not None:
            at.switch_page(page).run()
        assert not at.exception, [e.message for e in at.exception]
        return at

    return start
