"""Issue 27 item 15: analyses run in a background worker the Game page polls.

The Analyze button returns at once with a progress bar (points done, time so far, an
ETA); the analysis goes on while the viewer moves and while another page is open, and
is stored in the index as ``exceed analyze`` stores it. A refused analysis is one line.
The worker exits when the process that started it (the dashboard server) dies.

No test here waits for honest work against a short clock: the polls below wait as long
as the analysis takes (capped only against a hang), and the one timed check is that the
worker's parent watch fires.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard import analysis_jobs, analysis_panel, analysis_worker
from dashboard.data import plain
from replay import query as q
from replay.query import LABEL_MIN_N, GameRow, game_analysis, open_source
from tests.dashboard.analysis_kit import GAME_PAGE
from tests.dashboard.analysis_kit import open_game as _open
from tests.dashboard.analysis_kit import tiny as _tiny

ROOT = Path(__file__).resolve().parents[2]
HANG = 1800.0  # a cap against a hang only, never a speed requirement


def _has(at: AppTest, key: str) -> bool:
    try:
        at.get_by_key(key)
    except KeyError:
        return False
    return True


def _progress_texts(at: AppTest) -> list[str]:
    return [str(p.proto.text) for p in at.get("progress")]


def _wait_stored(at: AppTest, db: Path, game: GameRow) -> None:
    deadline = time.monotonic() + HANG
    while game_analysis(open_source(db), game.game_id) is None:
        job = analysis_jobs.status(str(db), game.game_id)
        assert job is not None and job.state != analysis_jobs.FAILED, job
        assert time.monotonic() < deadline, "the background analysis hung"
        time.sleep(0.5)
    time.sleep(1.5)  # past the reads' short cache
    at.run()
    assert not at.exception, [e.message for e in at.exception]


def test_analyze_runs_in_the_background_and_survives_moving_and_leaving(
        app: Callable[..., AppTest], fresh_index: Path, sample_rows: list[GameRow]) -> None:
    tiny = _tiny(sample_rows)
    at = _open(app, fresh_index, tiny)
    assert any("No analysis is stored" in m.value for m in at.markdown)
    at.number_input(key=f"game.rollouts.{tiny.game_id}").set_value(8)
    at.button(key=f"game.analyze.{tiny.game_id}").click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    job = analysis_jobs.status(str(fresh_index), tiny.game_id)
    assert job is not None and job.rollouts == 8 and job.state != analysis_jobs.FAILED
    assert not _has(at, f"game.analyze.{tiny.game_id}")  # the page did not wait for it
    at.button(key=f"viewer.forward.{tiny.game_id}").click().run()  # move the viewer
    at.switch_page("app_pages/games.py").run()  # leave the page
    job = analysis_jobs.status(str(fresh_index), tiny.game_id)
    assert job is not None and job.state != analysis_jobs.FAILED, job
    at.query_params["game"] = tiny.game_id
    at.switch_page(GAME_PAGE).run()  # and come back: the same analysis, not a new one
    assert not at.exception, [e.message for e in at.exception]
    job = analysis_jobs.status(str(fresh_index), tiny.game_id)
    assert job is not None and job.state != analysis_jobs.FAILED, job
    if job.state == analysis_jobs.RUNNING:  # still running after the page's run: shown
        texts = _progress_texts(at)
        assert len(texts) == 1 and ("rollouts each" in texts[0] or "starting" in texts[0])
        assert not _has(at, f"game.analyze.{tiny.game_id}")
    _wait_stored(at, fresh_index, tiny)
    stored = game_analysis(open_source(fresh_index), tiny.game_id)
    assert stored is not None and stored.params.startswith("rollouts=8;") and stored.points
    spec = at.get_by_key(f"game.timeline.{tiny.game_id}").proto.spec
    assert '"xaxis3"' in spec
    assert not _has(at, f"game.analyze.{tiny.game_id}")


def test_progress_says_points_done_and_time_left() -> None:
    job = analysis_jobs.Job(state=analysis_jobs.RUNNING, rollouts=200, done=10, total=40,
                            started=1000.0, updated=1100.0, message="")
    assert job.eta(1100.0) == pytest.approx(300.0)  # 10 s a point, 30 points to go
    text = job.progress_text(1100.0)
    assert text == ("analysing: 10 of 40 points (200 rollouts each) · 1 min 40 s so far · "
                    "about 5 min 00 s left")
    starting = analysis_jobs.Job(state=analysis_jobs.RUNNING, rollouts=20, done=0, total=0,
                                 started=1000.0, updated=1000.0, message="")
    assert starting.eta(1005.0) is None and "starting" in starting.progress_text(1005.0)
    assert analysis_jobs.duration(3725) == "1 h 02 min"


@pytest.mark.parametrize("error", [q.AnalysisRefused("the log has no decisions to analyse"),
                                   q.IndexBusy("the index is busy: another exceed writes it")])
def test_a_refused_analysis_is_one_message(app: Callable[..., AppTest], fresh_index: Path,
                                           sample_rows: list[GameRow], error: Exception,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker (run here in-process, its store refused) leaves one line in its
    status, and the page shows that line with the Analyze button to try again."""
    def refuse(*args: object, **kwargs: object) -> None:
        raise error

    monkeypatch.setattr(q, "analyse_and_store", refuse)
    tiny = _tiny(sample_rows)
    path = analysis_jobs.status_path(str(fresh_index), tiny.game_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    code = analysis_worker.main(["--db", str(fresh_index), "--log", tiny.path,
                                 "--rollouts", "20", "--status", str(path),
                                 "--parent", str(os.getppid())])
    assert code == 1
    at = _open(app, fresh_index, tiny)
    assert [e.value for e in at.error] == [plain(f"Cannot analyse this game: {error}")]
    assert _has(at, f"game.analyze.{tiny.game_id}")
    assert game_analysis(open_source(fresh_index), tiny.game_id) is None


def test_a_worker_that_died_is_reported_as_stopped(fresh_index: Path,
                                                   sample_rows: list[GameRow]) -> None:
    tiny = _tiny(sample_rows)
    path = analysis_jobs.status_path(str(fresh_index), tiny.game_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    analysis_jobs.write_status(path, state=analysis_jobs.RUNNING, rollouts=20, done=3,
                               total=9, started=1.0, updated=2.0, pid=gone.pid, message="")
    job = analysis_jobs.status(str(fresh_index), tiny.game_id)
    assert job is not None and job.state == analysis_jobs.FAILED
    assert job.message == ("The analysis stopped after 3 of 9 points (its worker process "
                           "exited); nothing was stored.")


PARENT = """
import sys, time
from dashboard import analysis_jobs
analysis_jobs.start(sys.argv[1], sys.argv[2], sys.argv[3], 5000)
print("started", flush=True)
time.sleep(3600)
"""


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return True
    return state in ("Z", "X")  # exited (a zombie waits only for its reaper)


def test_the_worker_exits_when_the_dashboard_dies(fresh_index: Path, longest: GameRow) -> None:
    """Issue 27 items 11 and 15: SIGKILL the process that started the worker (as the
    dashboard server would die); the worker is gone within seconds."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    parent = subprocess.Popen([sys.executable, "-c", PARENT, str(fresh_index),
                               longest.game_id, longest.path],
                              stdout=subprocess.PIPE, env=env, cwd=ROOT)
    worker = parent.pid
    try:
        assert parent.stdout is not None and parent.stdout.readline().strip() == b"started"
        path = analysis_jobs.status_path(str(fresh_index), longest.game_id)
        deadline = time.monotonic() + HANG
        while worker == parent.pid:  # until the worker wrote its own pid
            assert time.monotonic() < deadline, "the worker never started"
            time.sleep(0.2)
            worker = int(json.loads(path.read_text(encoding="utf-8"))["pid"])
        assert not _gone(worker)
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        limit = time.monotonic() + 10 * analysis_worker.WATCH_SECONDS + 5
        while not _gone(worker) and time.monotonic() < limit:
            time.sleep(0.1)
        assert _gone(worker), "the worker outlived the dashboard"
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        if worker != parent.pid and not _gone(worker):
            os.kill(worker, signal.SIGKILL)  # never leave it running, even on a failure


def test_the_worker_analyses_in_two_processes(fresh_index: Path, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The Analyze button's analysis shares its rollouts over two processes, as the
    ``analysis.game`` bench row measures it (one where the machine has one core)."""
    seen: list[int] = []

    def record(log: str, db: Path, params: q.Params, *, jobs: int, progress: object) -> None:
        seen.append(jobs)

    monkeypatch.setattr(q, "analyse_and_store", record)
    status = tmp_path / "status.json"
    code = analysis_worker.main(["--db", str(fresh_index), "--log", "any.exlog",
                                 "--rollouts", "20", "--status", str(status),
                                 "--parent", str(os.getppid())])
    assert code == 0
    assert seen == [min(2, os.cpu_count() or 1)]
    assert json.loads(status.read_text())["state"] == analysis_jobs.DONE


def test_a_rough_analysis_offers_the_full_one(app: Callable[..., AppTest], fresh_index: Path,
                                              sample_rows: list[GameRow],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A Quick analysis was a dead end on the page: once stored (fewer than LABEL_MIN_N
    rollouts per point, no decision labelled) the Analyze buttons were gone, and the full
    analysis could be had only from the command line. Above it the page now says it is
    rough and offers the full one, started in the background like the first."""
    tiny = _tiny(sample_rows)
    q.analyse_and_store(tiny.path, fresh_index, q.Params(rollouts=8))
    started: list[tuple[str, str, int]] = []

    def start(db: str, game_id: str, log: str, rollouts: int, first_look: bool) -> None:
        assert not first_look  # a first look would be preferred over the Quick one
        started.append((game_id, log, rollouts))

    monkeypatch.setattr(analysis_jobs, "start", start)
    at = _open(app, fresh_index, tiny)
    captions = [c.value for c in at.caption]
    assert any(c.startswith("A rough analysis (8 rollouts per point)") for c in captions), captions
    assert not _has(at, f"game.analyze.{tiny.game_id}")  # an analysis is stored
    at.button(key=f"game.refine.{tiny.game_id}").click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert started == [(tiny.game_id, tiny.path, analysis_panel.DEFAULT_ROLLOUTS)]


@pytest.mark.parametrize(("params", "rough"), [
    ("rollouts=8;seed=0", True),
    (f"rollouts={LABEL_MIN_N - 1};seed=0", True),
    (f"rollouts={LABEL_MIN_N};seed=0", False),
    ("rollouts=200;seed=0;method=2", False),
    ("rollouts=200;seed=0;horizon=2;leaf=1", True),
    ("", False),
])
def test_which_analyses_are_rough(params: str, rough: bool) -> None:
    """Rough: too few rollouts to label a decision (docs/metrics.md, LABEL_MIN_N), or
    truncated rollouts (opt-in, less accurate); the full analysis is offered above it."""
    assert analysis_panel.rough(params) is rough


def test_a_truncated_analysis_offers_the_full_one_in_its_own_words(
        app: Callable[..., AppTest], fresh_index: Path, sample_rows: list[GameRow],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A truncated analysis (``exceed analyze --horizon``) labels its decisions, so the
    offer above it does not say it labels none: it says it is less accurate."""
    tiny = _tiny(sample_rows)
    q.analyse_and_store(tiny.path, fresh_index, q.Params(rollouts=LABEL_MIN_N, horizon=1))
    monkeypatch.setattr(analysis_jobs, "start", lambda *args: None)
    at = _open(app, fresh_index, tiny)
    captions = [c.value for c in at.caption]
    assert any(c.startswith(f"A truncated analysis ({LABEL_MIN_N} rollouts per point, each "
                            "stopped after 1 strike and scored") for c in captions), captions
    assert _has(at, f"game.refine.{tiny.game_id}")


def test_a_stored_keys_values_are_shown_as_data() -> None:
    """The rollouts and horizon are read from the stored analysis's key, which an index
    from elsewhere could fill with Markdown: shown as written, never as markup."""
    text = analysis_panel.rollouts_text("rollouts=**8**;horizon=[x](http://e.vil)")
    assert "**8**" not in text and "[x](" not in text
    assert text.startswith(r"\*\*8\*\* rollouts per point, each stopped after \[x\]\(")
    assert analysis_panel.rollouts_text("rollouts=200;horizon=1") == (
        "200 rollouts per point, each stopped after 1 strike and scored by the fitted "
        "evaluator")
