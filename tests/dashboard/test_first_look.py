"""Issue 31: the Analyze button shows a first look within seconds.

The full analysis of a game takes minutes on two cores; before it, the background worker
stores the game's *first look* (``replay.query.first_look``: the curve of truncated
rollouts, no review), and the Game page draws it as soon as it is stored, saying what it
is, with the full analysis's progress under it. Once the full analysis is stored it is
the one shown. The worker runs in-process here with fewer rollouts than the page's
default (``FIRST_LOOK_FROM`` and ``FIRST_LOOK_ROLLOUTS`` patched), so the test plays a
few hundred rollouts, not tens of thousands.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard import analysis_jobs, analysis_panel, analysis_worker, review
from dashboard.data import plain
from replay import query as q
from replay.analysis import rollout
from replay.query import GameRow, game_analysis, open_source
from tests.dashboard.analysis_kit import open_game as _open
from tests.dashboard.analysis_kit import tiny as _tiny


def test_a_first_look_is_a_cheap_curve_named_by_its_key() -> None:
    """At most 100 rollouts a point, truncated after 2 strikes, no review: its key says
    so, and it never asks for more rollouts than the analysis it stands for."""
    look = q.first_look(q.Params())
    assert (look.rollouts, look.review, look.horizon) == (100, False, 2)
    assert ";review=0;" in look.key() and ";horizon=2;" in look.key()
    assert q.first_look(q.Params(rollouts=60)).rollouts == 60
    assert analysis_panel.first_look(look.key())
    assert not analysis_panel.first_look(q.Params().key())
    assert analysis_panel.rough(look.key())  # the full analysis is offered above it


def test_the_worker_stores_the_first_look_before_the_full_analysis(
        fresh_index: Path, sample_rows: list[GameRow], monkeypatch: pytest.MonkeyPatch
) -> None:
    tiny = _tiny(sample_rows)
    monkeypatch.setattr(analysis_worker, "FIRST_LOOK_FROM", 6)
    monkeypatch.setattr(rollout, "FIRST_LOOK_ROLLOUTS", 4)
    path = analysis_jobs.status_path(str(fresh_index), tiny.game_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    write = analysis_jobs.write_status
    seen: list[tuple[str, str, int, str | None]] = []  # state, stage, stored, shown

    def recorded(where: Path, **fields: object) -> None:
        shown = game_analysis(open_source(fresh_index), tiny.game_id)
        seen.append((str(fields["state"]), str(fields.get("stage")),
                     int(str(fields.get("stored", 0))), shown.params if shown else None))
        write(where, **fields)

    monkeypatch.setattr(analysis_worker, "write_status", recorded)
    code = analysis_worker.main(["--db", str(fresh_index), "--log", tiny.path,
                                 "--rollouts", "6", "--status", str(path),
                                 "--parent", str(os.getppid()), "--first-look"])
    assert code == 0
    look, full = q.first_look(q.Params(rollouts=6)).key(), q.Params(rollouts=6).key()
    assert look.startswith("rollouts=4;")
    stages = [(state, stage, stored) for state, stage, stored, _ in seen]
    first_full = stages.index((analysis_jobs.RUNNING, analysis_jobs.FULL, 1))
    assert set(stages[:first_full]) == {(analysis_jobs.RUNNING, analysis_jobs.FIRST_LOOK, 0)}
    assert seen[first_full - 1][3] is None  # nothing stored while the first look ran
    assert seen[first_full][3] == look  # then the first look, shown alone
    assert stages[-1] == (analysis_jobs.DONE, analysis_jobs.FULL, 2)  # both stored
    shown = game_analysis(open_source(fresh_index), tiny.game_id)
    assert shown is not None and shown.params == full  # the full one once stored
    kept = game_analysis(open_source(fresh_index), tiny.game_id, look)
    assert kept is not None and kept.points and not kept.options  # a curve, no review
    job = analysis_jobs.status(str(fresh_index), tiny.game_id)
    assert job is not None and job.state == analysis_jobs.DONE and job.rollouts == 6


def test_without_the_flag_or_below_the_threshold_no_first_look_is_stored(
        fresh_index: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Quick button (and the batch) store their analysis alone; so does an Analyze
    of fewer rollouts than ``FIRST_LOOK_FROM``."""
    stored: list[str] = []
    monkeypatch.setattr(q, "analyse_and_store",
                        lambda log, db, params, **kw: stored.append(params.key()))
    for rollouts, flag in ((200, []), (analysis_worker.FIRST_LOOK_FROM - 1, ["--first-look"]),
                           (analysis_worker.FIRST_LOOK_FROM, ["--first-look"])):
        stored.clear()
        code = analysis_worker.main(["--db", str(fresh_index), "--log", "any.exlog",
                                     "--rollouts", str(rollouts), "--status",
                                     str(tmp_path / "status.json"), "--parent",
                                     str(os.getppid()), *flag])
        assert code == 0
        expected = [q.Params(rollouts=rollouts).key()]
        if flag and rollouts >= analysis_worker.FIRST_LOOK_FROM:
            expected.insert(0, q.first_look(q.Params(rollouts=rollouts)).key())
        assert stored == expected


def test_the_page_shows_the_first_look_and_the_full_analysis_running(
        app: Callable[..., AppTest], fresh_index: Path, sample_rows: list[GameRow],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """While the full analysis runs, the page draws the stored first look (the curve on
    the timeline), says what it is, and shows the full analysis's progress; the Analyze
    buttons are gone. When the worker stores the first look, a page drawn before it
    draws itself again with it."""
    tiny = _tiny(sample_rows)
    path = analysis_jobs.status_path(str(fresh_index), tiny.game_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    running = {"state": analysis_jobs.RUNNING, "rollouts": 100, "done": 0, "total": 0,
               "started": 1.0, "updated": 1.0, "pid": os.getpid(), "message": "",
               "stage": analysis_jobs.FIRST_LOOK, "stored": 0}
    analysis_jobs.write_status(path, **running)
    at = _open(app, fresh_index, tiny)
    assert [str(p.proto.text) for p in at.get("progress")] == ["first look: starting…"]
    spec = at.get_by_key(f"game.timeline.{tiny.game_id}").proto.spec
    assert '"xaxis3"' not in spec  # no curve yet
    look = q.first_look(q.Params(rollouts=8))
    q.analyse_and_store(tiny.path, fresh_index, look)
    analysis_jobs.write_status(path, **{**running, "rollouts": 200, "done": 3, "total": 9,
                                        "stage": analysis_jobs.FULL, "stored": 1})
    at.run()  # the progress's next look: one more analysis stored, the page again
    assert not at.exception, [e.message for e in at.exception]
    spec = at.get_by_key(f"game.timeline.{tiny.game_id}").proto.spec
    assert '"xaxis3"' in spec  # the first look's curve
    captions = [c.value for c in at.caption]
    assert any(c.startswith("A first look (8 rollouts per point, each stopped after 2 "
                            "strikes and scored by the fitted evaluator): the curve only")
               for c in captions), captions
    assert plain(review.NOT_REVIEWED) in captions  # not "0 blunders" over decisions never reviewed
    assert not any("blunders" in c for c in captions), captions
    texts = [str(p.proto.text) for p in at.get("progress")]
    assert len(texts) == 1 and texts[0].startswith(
        "full analysis: 3 of 9 points (200 rollouts each) · "), texts
    for key in (f"game.analyze.{tiny.game_id}", f"game.refine.{tiny.game_id}"):
        with pytest.raises(KeyError):
            at.get_by_key(key)


def test_the_progress_names_the_stage() -> None:
    job = analysis_jobs.Job(state=analysis_jobs.RUNNING, rollouts=100, done=10, total=40,
                            started=1000.0, updated=1010.0, message="",
                            stage=analysis_jobs.FIRST_LOOK, stored=0)
    assert job.progress_text(1010.0) == ("first look: 10 of 40 points (100 truncated "
                                         "rollouts each) · 10 s so far · about 30 s left")


def test_a_first_look_reviews_no_decision_in_its_words() -> None:
    """A curve alone has no swing: the tally says it reviews nothing (not "0 blunders"
    over 11 decisions, which read as a clean game) and a decision's line says it is not
    reviewed instead of "swing 0 points ... not significant"."""
    look = q.first_look(q.Params()).key()
    point = q.AnalysisPointRow(idx=2, turn=1, strike=0, event=23, kind="turn",
                               player=1, decision="Strike", p1=0.4, n=100, low=0.35,
                               high=0.45, swing=0.0, significant=False, severity="",
                               options_total=3, options_shown=0, stopped="")
    assert review.tally_lines([point], ("p1 Ryu", "p2 Ken"), "all", 0, look) == [
        review.NOT_REVIEWED]
    assert review.tally_lines([point], ("p1 Ryu", "p2 Ken"), "all", 0,
                              q.Params().key())[0].startswith("p1 Ryu: 0 inaccuracies")
    line = analysis_panel.chance_line(point, [], reviewed=q.reviewed(look))
    assert line.endswith("· not reviewed (the curve alone)") and "swing" not in line
    assert q.reviewed(q.Params().key()) and q.reviewed("")  # an older key reviewed


def test_a_game_with_only_a_first_look_is_not_analysed_for_the_insights(
        fresh_index: Path, sample_rows: list[GameRow]) -> None:
    """The insights count reviewed decisions: a game whose only analysis is a first
    look (a full analysis cut short: the dashboard stopped) is one to analyse, and the
    batch does not skip it; once reviewed it counts, and the Game page shows the review
    over a first look of more rollouts."""
    tiny = _tiny(sample_rows)
    player = tiny.player1
    src = open_source(fresh_index)
    q.analyse_and_store(tiny.path, fresh_index, q.first_look(q.Params(rollouts=6)))
    mine = q.InsightFilter(player=player)
    before = q.insights(src, mine).coverage
    assert tiny.game_id in [g for g, _ in q.unanalysed_games(src, mine, limit=10_000)]
    batch = analysis_worker.Batch.__new__(analysis_worker.Batch)
    batch.db = str(fresh_index)
    assert not batch.analysed_elsewhere(tiny.game_id)
    q.analyse_and_store(tiny.path, fresh_index, q.Params(rollouts=2, best=0))
    after = q.insights(src, mine).coverage
    assert (after.games, after.analysed) == (before.games, before.analysed + 1)
    assert tiny.game_id not in [g for g, _ in q.unanalysed_games(src, mine, limit=10_000)]
    assert batch.analysed_elsewhere(tiny.game_id)
    shown = game_analysis(src, tiny.game_id)
    assert shown is not None and shown.params.startswith("rollouts=2;")  # not the 6


def test_a_worker_that_died_after_the_first_look_says_the_first_look_is_kept(
        fresh_index: Path, sample_rows: list[GameRow]) -> None:
    """The dashboard stopped (its worker exits with it) during the full analysis: the
    first look was stored and stays, and the line says so instead of "nothing was
    stored"."""
    import subprocess
    import sys

    tiny = _tiny(sample_rows)
    path = analysis_jobs.status_path(str(fresh_index), tiny.game_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    analysis_jobs.write_status(path, state=analysis_jobs.RUNNING, rollouts=200, done=3,
                               total=9, started=1.0, updated=2.0, pid=gone.pid, message="",
                               stage=analysis_jobs.FULL, stored=1)
    job = analysis_jobs.status(str(fresh_index), tiny.game_id)
    assert job is not None and job.state == analysis_jobs.FAILED
    assert job.message == ("The full analysis stopped after 3 of 9 points (its worker "
                           "process exited): it was not stored; the first look is kept.")
