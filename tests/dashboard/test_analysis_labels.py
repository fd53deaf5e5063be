"""The decision panel's order and labels (issue 27 item 13; docs/metrics.md,
"Classification"): options best first by the decider's chance whatever their sample, no
severity below ``LABEL_MIN_N`` rollouts (a rough analysis says so), including one stored
before the rule; a label on enough rollouts is still drawn and named.

The analysed game is conftest's ``analysed_index`` (8 rollouts per point: rough).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import duckdb
from streamlit.testing.v1 import AppTest

from dashboard import analysis_panel, winprob
from replay.query import (
    LABEL_MIN_N,
    AnalysisOptionRow,
    GameRow,
)
from tests.dashboard.analysis_kit import stored as _stored

GAME_PAGE = "app_pages/game.py"


def _open(app: Callable[..., AppTest], db: Path, game: GameRow, decision: int) -> AppTest:
    at = app(db=db)
    at.query_params.update({"game": game.game_id, "decision": str(decision)})
    at.switch_page(GAME_PAGE).run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def _verdict(at: AppTest) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("P1's chance here"))


def _marked(at: AppTest, game: GameRow) -> list[list[object]]:
    """The points drawn with a blunder marker on the win-probability row."""
    spec = json.loads(at.get_by_key(f"game.timeline.{game.game_id}").proto.spec)
    return [point for trace in spec["data"] if "blunder" in str(trace.get("name", ""))
            for point in trace.get("customdata") or ()]


def _option(rank: int, label: str, p: float | None, n: int,
            chosen: bool = False) -> AnalysisOptionRow:
    return AnalysisOptionRow(idx=0, rank=rank, label=label, chosen=chosen, option=rank,
                             copies=1, p=p, n=n, low=None if p is None else p - 0.1,
                             high=None if p is None else p + 0.1)


def test_options_are_listed_best_first_whatever_their_sample() -> None:
    """Stored ranks of an analysis made before the rule put the finalists (n = 200)
    before a first-round option (n = 25) with a better estimate; the panel lists by
    the estimate: best first, the played one first among equals, unplayable last."""
    options = [_option(0, "Strike", 0.50, 200), _option(1, "Prepare", 0.40, 200, True),
               _option(2, "Move", 0.40, 200), _option(3, "Boost", 0.70, 25),
               _option(4, "Change Cards", None, 0)]
    table = analysis_panel.options_table(options, "p1")
    assert [row["option"] for row in table] == ["Boost", "Strike", "Prepare", "Move",
                                                "Change Cards"]
    assert [row[""] for row in table] == ["", "", "▶ played", "", ""]
    lines = analysis_panel.options_csv(table).decode().splitlines()  # the header named
    assert lines[0] == "mark,option,p1 win %,95% interval,n"
    assert lines[3].startswith("▶ played,")


def test_a_rough_analysis_names_no_severity_and_says_rough(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow) -> None:
    analysis = _stored(analysed_index, analysed)
    assert analysis.points[0].n < LABEL_MIN_N
    point = max(analysis.points, key=lambda p: (p.swing, -p.idx))
    at = _open(app, analysed_index, analysed, point.idx)
    verdict = _verdict(at)
    assert not any(f"**{s}**" in verdict for s in winprob.SEVERITIES)
    assert [c.value for c in at.caption if c.value.startswith("Rough analysis")] == [
        f"Rough analysis ({point.n} rollouts per point): swings are shown but a decision "
        f"is labelled only on {LABEL_MIN_N} or more."]


def test_a_stored_label_is_shown_only_on_enough_rollouts(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow,
        tmp_path: Path) -> None:
    """A point stored as a blunder on 8 rollouts (as a Quick analysis was before the
    rule) is read without its label: no marker, no severity in the panel. The same point
    stored on ``LABEL_MIN_N`` rollouts keeps it: a blunder marker and "**blunder**"."""
    point = _stored(analysed_index, analysed).points[0]

    def store(n: int) -> Path:  # a copy of its own (the page caches reads per file)
        db = tmp_path / f"n{n}" / "index.duckdb"
        db.parent.mkdir()
        shutil.copy(analysed_index, db)
        con = duckdb.connect(str(db))
        try:
            con.execute("UPDATE analysis_points SET severity = 'blunder', significant = true, "
                        "swing = 0.25, n = ? WHERE game_id = ? AND idx = ?",
                        [n, analysed.game_id, point.idx])
        finally:
            con.close()
        return db

    db = store(point.n)
    assert not any(p.severity for p in _stored(db, analysed).points)
    at = _open(app, db, analysed, point.idx)
    assert _marked(at, analysed) == []
    assert "**blunder**" not in _verdict(at)
    assert f"no label: fewer than {LABEL_MIN_N} rollouts behind this swing (rough)" in _verdict(at)

    db = store(LABEL_MIN_N)
    [labelled] = [p for p in _stored(db, analysed).points if p.severity]
    assert (labelled.idx, labelled.severity) == (point.idx, "blunder")
    at = _open(app, db, analysed, point.idx)
    assert _marked(at, analysed) == [[winprob.TAG, point.idx, point.event]]
    assert "**blunder**" in _verdict(at)
    assert not [c for c in at.caption if c.value.startswith("Rough analysis")]


def test_a_raced_analysis_lists_its_cut_options_last_and_says_so() -> None:
    """An analysis that raced its options (``method=2``, docs/metrics.md "Racing") keeps
    its stored ranks: the options played on all 200 rollouts first, then those cut early
    (at most 100 rollouts), marked "cut: no better", even when a cut one's smaller
    sample estimated it higher."""
    options = [_option(0, "Strike", 0.50, 200), _option(1, "Prepare", 0.40, 200, True),
               _option(2, "Boost", 0.70, 25), _option(3, "Move", 0.30, 100)]
    params = "rollouts=200;seed=0;max_options=24;agent=heuristic;review=1;screen=25;method=2"
    table = analysis_panel.options_table(options, "p1", params)
    assert [row["option"] for row in table] == ["Strike", "Prepare", "Boost", "Move"]
    assert [row[""] for row in table] == ["", "▶ played", "cut: no better", "cut: no better"]
    older = analysis_panel.options_table(options, "p1", "rollouts=200;screen=25;finalists=4")
    assert [row["option"] for row in older] == ["Boost", "Strike", "Prepare", "Move"]
    assert [row[""] for row in older] == ["", "", "▶ played", ""]


def test_an_option_tying_the_best_is_listed_with_it_as_tied_not_cut() -> None:
    """Found in a coach's walk: at a decided strike every option read 100% for the
    decider, the race cut all but the played one early as "no better" than the leader,
    and the panel listed them last as "cut: no better", as if worse than the played one.
    An option whose estimate ties the best's is listed right after it, "tied with the
    best (cut early)" (a tie played to the end: "tied with the best"); one cut below
    the best keeps "cut: no better" and its place, as ``exceed analyze`` counts them."""
    params = "rollouts=60;seed=0;max_options=24;agent=heuristic;review=1;screen=25;method=2"
    options = [_option(0, "Set Grasp", 1.0, 60, True), _option(1, "Boost", 0.9, 60),
               _option(2, "Set Block", 0.5, 25), _option(3, "Set Dive", 1.0, 25),
               _option(4, "Wild swing", 1.0, 25)]
    table = analysis_panel.options_table(options, "p2", params)
    assert [row["option"] for row in table] == ["Set Grasp", "Set Dive", "Wild swing", "Boost",
                                                "Set Block"]
    assert [row[""] for row in table] == [
        "▶ played", "tied with the best (cut early)", "tied with the best (cut early)", "",
        "cut: no better"]
    # the played option below the best: a tie of the best, played to the end, says so too
    options = [_option(0, "Strike", 0.6, 60), _option(1, "Move", 0.6, 60),
               _option(2, "Prepare", 0.4, 60, True), _option(3, "Boost", 0.6, 25)]
    table = analysis_panel.options_table(options, "p1", params)
    assert [row["option"] for row in table] == ["Strike", "Move", "Boost", "Prepare"]
    assert [row[""] for row in table] == ["", "tied with the best",
                                          "tied with the best (cut early)", "▶ played"]
