"""The Insights page's "analyse the rest" (``dashboard.batch_panel``,
``dashboard.analysis_batch``): a button analyses the player's unanalysed games in a
background worker, one after another, newest first; the page shows its progress and
takes each game in as it is stored; a game analysed elsewhere meanwhile is skipped, a
log that cannot be analysed is counted and named while the batch goes on, and Stop keeps
the games stored and stores nothing half-way.

No test waits for honest work against a short clock: polls wait as long as the work
takes, capped only against a hang.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest
from insights_corpus import ANALYSED, HABIT, build
from streamlit.testing.v1 import AppTest

from dashboard import analysis_batch, analysis_jobs, analysis_worker, batch_panel
from dashboard.data import plain
from replay import query as q
from replay.cli import main
from replay.query import GameRow, game_analysis, open_source
from tests.dashboard.page_kit import elements

INSIGHTS = "app_pages/insights.py"
HANG = 1800.0  # a cap against a hang only, never a speed requirement


@pytest.fixture(scope="module")
def habit_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db, _ = build(tmp_path_factory.mktemp("batch-habits"))
    return db


@pytest.fixture
def fresh_habits(habit_index: Path, tmp_path: Path) -> Path:
    db = tmp_path / "index.duckdb"
    shutil.copy(habit_index, db)
    return db


def _coverage(db: Path) -> tuple[int, int]:
    found = q.insights(open_source(db), q.InsightFilter(player=HABIT))
    return found.coverage.analysed, found.coverage.games


def _wait(db: Path, done: Callable[[analysis_batch.Batch], bool]) -> analysis_batch.Batch:
    deadline = time.monotonic() + HANG
    while True:
        batch = analysis_batch.status(str(db))
        assert batch is not None
        if done(batch):
            return batch
        assert batch.state == analysis_batch.RUNNING, batch
        assert time.monotonic() < deadline, "the batch hung"
        time.sleep(0.3)


def test_the_unanalysed_games_newest_first(habit_index: Path) -> None:
    src = open_source(habit_index)
    games = q.unanalysed_games(src, q.InsightFilter(player=HABIT))
    assert len(games) == 1  # the corpus leaves its last (newest) game unanalysed
    game_id, path = games[0]
    assert path.endswith(".exlog") and Path(path).is_file()
    assert game_analysis(src, game_id) is None
    assert q.unanalysed_games(src, q.InsightFilter(player=HABIT, fighter="ken")) == []
    # the command names the same log
    assert path in q.analyse_command(src, q.InsightFilter(player=HABIT), str(habit_index))


def test_the_button_analyses_the_rest_and_the_page_takes_it_in(
        app: Callable[..., AppTest], fresh_habits: Path) -> None:
    at = app(db=fresh_habits)
    at.query_params["player"] = HABIT
    at.switch_page(INSIGHTS).run()
    assert not at.exception, [e.message for e in at.exception]
    assert any(f"{ANALYSED} of {ANALYSED + 1}" in m.value for m in at.markdown)
    button = at.button(key="insights.analyse")
    assert button.label == "Analyse the other game"
    assert elements(at, "code")[0].value.startswith("exceed analyze ")  # the terminal's way too
    at.number_input(key="insights.rollouts").set_value(4)
    at.button(key="insights.analyse").click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    batch = analysis_batch.status(str(fresh_habits))
    assert batch is not None and batch.rollouts == 4 and batch.total == 1
    assert batch.label == HABIT
    if batch.state == analysis_batch.RUNNING:  # the page did not wait: it shows progress
        texts = [str(p.proto.text) for p in at.get("progress")]
        assert len(texts) == 1 and "game 1 of 1" in texts[0]
        assert at.button(key="insights.analyse_stop").label == "Stop"
    batch = _wait(fresh_habits, lambda b: b.state != analysis_batch.RUNNING)
    assert batch.state == analysis_batch.DONE and batch.summary() == "1 of 1 games analysed"
    assert _coverage(fresh_habits) == (ANALYSED + 1, ANALYSED + 1)
    time.sleep(1.5)  # past the reads' short cache
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    assert any(f"{ANALYSED + 1} of {ANALYSED + 1}" in m.value for m in at.markdown)
    assert [s.value for s in at.success] == [plain("Analysed in the background: 1 of 1 "
                                                   "games analysed.")]
    with pytest.raises(KeyError):
        at.button(key="insights.analyse")  # nothing left to analyse


def _run_batch(db: Path, games: str) -> int:
    """The batch worker run in-process over the index at ``db``, its games file holding
    ``games``: its exit code."""
    status = analysis_batch.status_path(str(db))
    status.parent.mkdir(parents=True, exist_ok=True)
    listed = analysis_batch.games_path(str(db))
    listed.write_text(games, encoding="utf-8")
    return analysis_worker.main(["--db", str(db), "--batch", str(listed), "--rollouts", "20",
                                 "--status", str(status), "--parent", str(os.getppid())])


def test_skips_what_is_analysed_elsewhere_and_names_a_bad_log(
        fresh_index: Path, sample_rows: list[GameRow], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker, in-process with the analysis itself stubbed: the same game twice (the
    second is stored by then: skipped) and a damaged log between them (counted, named,
    and the batch goes on)."""
    stored: set[str] = set()

    def analyse(log: str, db: Path, params: q.Params, *, jobs: int,
                progress: Callable[[int, int], None]) -> None:
        if not log.endswith(".exlog") or "damaged" in log:
            raise q.LogFormatError(f"{log}: not an EXCEED log (bad magic)")
        progress(0, 3)
        progress(3, 3)
        stored.add(log)

    monkeypatch.setattr(q, "analyse_and_store", analyse)
    tiny = min(sample_rows, key=lambda g: (g.events, g.game_id))
    reviewed = SimpleNamespace(params=q.Params(rollouts=20).key())  # a stored analysis
    monkeypatch.setattr(q, "game_analysis", lambda src, game_id: reviewed if (
        game_id == tiny.game_id and tiny.path in stored) else None)
    damaged = tmp_path / "damaged.exlog"
    damaged.write_bytes(b"<b>not a log</b>")
    games = [(tiny.game_id, tiny.path), ("damaged-id", str(damaged)),
             (tiny.game_id, tiny.path)]
    status = analysis_batch.status_path(str(fresh_index))
    status.parent.mkdir(parents=True, exist_ok=True)
    analysis_jobs.write_status(status, state=analysis_batch.RUNNING, label="someone",
                               rollouts=20, started=1.0, pid=os.getpid())
    assert _run_batch(fresh_index, json.dumps([list(g) for g in games])) == 0
    done = analysis_batch.status(str(fresh_index))
    assert done is not None and done.state == analysis_batch.DONE
    assert (done.total, done.done, done.analysed, done.skipped, done.failed) == (3, 3, 1, 1, 1)
    assert done.label == "someone"
    assert done.failure == f"{damaged}: not an EXCEED log (bad magic)"
    assert done.summary() == ("1 of 3 games analysed (1 already analysed elsewhere, 1 could "
                              "not be analysed)")
    # each game's own status file: the Game page sees the stored one done, the bad one
    # failed with its line (and offers Analyze again)
    own = analysis_jobs.status(str(fresh_index), tiny.game_id)
    assert own is not None and own.state == analysis_jobs.DONE
    bad = analysis_jobs.status(str(fresh_index), "damaged-id")
    assert bad is not None and bad.state == analysis_jobs.FAILED
    assert bad.message == f"Cannot analyse this game: {damaged}: not an EXCEED log (bad magic)"


def test_a_games_file_that_is_not_a_list_is_one_line(fresh_index: Path) -> None:
    assert _run_batch(fresh_index, '{"a": 1}') == 1
    listed = analysis_batch.games_path(str(fresh_index))
    batch = analysis_batch.status(str(fresh_index))
    assert batch is not None and batch.state == analysis_batch.FAILED
    assert batch.message == (f"Cannot read the batch's games: {listed}: not a list of "
                             "[game id, log path]")


def test_stop_keeps_what_was_stored_and_stores_nothing_half_way(
        fresh_index: Path, longest: GameRow) -> None:
    """A real worker on the longest sample at 5,000 rollouts a point: Stop ends it with
    its status saying so, the game in progress unstored and its own status file gone."""
    analysis_batch.start(str(fresh_index), "the longest", [(longest.game_id, longest.path)],
                         5000)
    own = analysis_jobs.status_path(str(fresh_index), longest.game_id)
    _wait(fresh_index, lambda b: b.points_total > 0 and own.exists())
    job = analysis_jobs.status(str(fresh_index), longest.game_id)
    assert job is not None and job.state == analysis_jobs.RUNNING
    # one batch at a time: a second start finds the running one
    again = analysis_batch.start(str(fresh_index), "another", [], 20)
    assert again.label == "the longest" and again.state == analysis_batch.RUNNING
    analysis_batch.stop(str(fresh_index))
    batch = _wait(fresh_index, lambda b: b.state != analysis_batch.RUNNING)
    assert batch.state == analysis_batch.STOPPED
    assert batch.message == "Stopped after 0 of 1 games; the game in progress was not stored."
    assert not own.exists()  # the Game page offers Analyze again
    assert not analysis_batch.stop_path(str(fresh_index)).exists()
    assert game_analysis(open_source(fresh_index), longest.game_id) is None


def test_progress_text_eta_and_label() -> None:
    batch = analysis_batch.Batch(
        state=analysis_batch.RUNNING, label="human", rollouts=200, total=4, done=1,
        analysed=1, skipped=0, failed=0, failure="", points_done=20, points_total=40,
        started=1000.0, updated=1150.0, message="")
    assert batch.eta(1150.0) == pytest.approx(250.0)  # 1.5 games in 150 s, 2.5 to go
    assert batch.progress_text(1150.0) == (
        "analysing game 2 of 4 (points 20 of 40, 200 rollouts each) · 2 min 30 s so far · "
        "about 4 min 10 s left")
    names = {"ryu": "Ryu", "ken": "Ken"}
    assert batch_panel.label("human", "ryu", "ken", "2026-01-01", names) == (
        "human, as Ryu, against Ken, since 2026-01-01")
    assert batch_panel.label("<b>x</b>", None, None, None, names) == "<b>x</b>"


def test_a_game_file_taken_over_by_a_batch_is_alive(tmp_path: Path) -> None:
    """The Game page's own worker for a game ended, and a batch's worker (another live
    process) now writes that game's status file: the game reads as running, not as a
    worker found dead."""
    path = tmp_path / "game.json"
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    analysis_jobs._CHILDREN[str(path)] = ended
    batch = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        assert analysis_jobs.alive(path, batch.pid)
        assert str(path) not in analysis_jobs._CHILDREN  # the ended one was reaped
        analysis_jobs._CHILDREN[str(path)] = ended
        assert not analysis_jobs.alive(path, ended.pid)  # its own file: it is dead
    finally:
        batch.kill()
        batch.wait()


def test_a_parquet_export_offers_no_analysis_it_cannot_store(
        app: Callable[..., AppTest], index_path: Path, tmp_path: Path) -> None:
    """Served over a Parquet export (``exceed dashboard --db DIR``), the Game page's
    Analyze and Quick buttons and the Insights page's "Analyse the N others" ran every
    rollout and only then failed: "is a directory; --db takes the index file". An export
    holds no analyses: both pages say so in one line and offer no button."""
    export = tmp_path / "export"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["export", "--parquet", str(export), "--db", str(index_path)]) == 0
    row = q.games(open_source(export))[0]
    at = app(game=row.game_id, db=export)
    said = f"{plain(str(export))} is a Parquet export, which holds no analyses"
    assert any(said in c.value for c in at.caption), [c.value for c in at.caption]
    keys = {getattr(b, "key", None) for b in at.button}
    assert not {f"game.analyze.{row.game_id}", f"game.analyze_quick.{row.game_id}"} & keys
    at = app(page=INSIGHTS, db=export)
    at.query_params["player"] = "heuristic"
    at.run()
    assert not at.exception
    assert any(said in c.value for c in at.caption), [c.value for c in at.caption]
    keys = {getattr(b, "key", None) for b in at.button}
    assert not {"insights.analyse", "insights.analyse_quick"} & keys


@pytest.mark.parametrize("kind", ["pipe", "device", "huge"])
def test_a_status_file_that_is_no_file_reads_as_none_at_once(tmp_path: Path, kind: str) -> None:
    """A pipe in place of a status file (``analyses/<game>.json``, ``analyses/batch.json``)
    held the page's run for good: the Insights page hung at every view, and the Game
    page at its game's. A pipe, a device or a file past the cap is read as no status (the
    next start replaces it), at once."""
    import threading

    db = tmp_path / "index.duckdb"
    paths = [analysis_jobs.status_path(str(db), "ab" * 32), analysis_batch.status_path(str(db))]
    for path in paths:
        path.parent.mkdir(parents=True, exist_ok=True)
        if kind == "pipe":
            os.mkfifo(path)
        elif kind == "device":
            path.symlink_to("/dev/zero")
        else:
            path.write_bytes(b" " * (analysis_jobs.MAX_STATUS + 1))
    found: list[object] = []
    reader = threading.Thread(daemon=True, target=lambda: found.extend(
        [analysis_jobs.status(str(db), "ab" * 32), analysis_batch.status(str(db))]))
    reader.start()
    reader.join(60)
    assert not reader.is_alive(), "a status read waited on a pipe"
    assert found == [None, None]
