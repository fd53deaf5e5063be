"""The Analyze button's full analysis fails once its first look is stored.

The first look stays in the index and the Game page shows it; the failed job's line,
shown above it, must say so, not "Cannot analyse this game" (what a game with nothing
stored says), which a coach reads as "the curve in front of me is not there".
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from dashboard import analysis_jobs, analysis_worker
from replay import query as q


def _analyse(status: Path, db: Path) -> int:
    return analysis_worker.main(["--db", str(db), "--log", "any.exlog", "--rollouts",
                                 str(analysis_worker.FIRST_LOOK_FROM), "--status",
                                 str(status), "--parent", str(os.getppid()),
                                 "--first-look"])


def test_a_full_analysis_failing_after_the_first_look_says_the_first_look_is_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stored: list[str] = []

    def analyse(log: str, db: Path, params: q.Params, **kw: object) -> None:
        if stored:  # the full analysis: the index is held by another writer
            raise q.IndexBusy(f"{db}: the index is busy (another exceed index is writing it)")
        stored.append(params.key())

    monkeypatch.setattr(q, "analyse_and_store", analyse)
    status = tmp_path / "status.json"
    assert _analyse(status, tmp_path / "index.duckdb") == 1
    assert stored == [q.first_look(q.Params(rollouts=analysis_worker.FIRST_LOOK_FROM)).key()]
    found = analysis_jobs.settled(status, analysis_jobs._read, analysis_jobs.stopped)
    assert found is not None and found.state == analysis_jobs.FAILED
    assert found.stored == 1
    assert found.message == (
        "The full analysis was not stored; the first look is kept: "
        f"{tmp_path / 'index.duckdb'}: the index is busy (another exceed index is writing it)")


def test_an_analysis_failing_before_anything_is_stored_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def analyse(log: str, db: Path, params: q.Params, **kw: object) -> None:
        raise q.AnalysisRefused(f"{log}: not a game log\nsecond line")

    monkeypatch.setattr(q, "analyse_and_store", analyse)
    status = tmp_path / "status.json"
    assert _analyse(status, tmp_path / "index.duckdb") == 1
    found = analysis_jobs.settled(status, analysis_jobs._read, analysis_jobs.stopped)
    assert found is not None and found.state == analysis_jobs.FAILED and found.stored == 0
    assert found.message == "Cannot analyse this game: any.exlog: not a game log"
