"""The Game page's analysis (issue 16 item 5): the win-probability row under the strike
timeline, the decision panel, the Analyze button, and their one-line messages.

The analysed game comes from ``analysed_index`` (conftest: a copy of the session index
with one game analysed at small rollouts, its review capped to a few options).
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import duckdb
import msgspec
import pytest
from streamlit.testing.v1 import AppTest

from dashboard import analysis_panel, literal, timeline, winprob
from dashboard.data import plain
from replay import query as q
from replay.query import AnalysisPointRow, GameRow, StoredAnalysis, open_source
from tests.dashboard.analysis_kit import panel as _panel
from tests.dashboard.analysis_kit import stored as _stored
from tests.dashboard.analysis_kit import viewer_header as _viewer_header
from tests.dashboard.analysis_kit import worst as _worst
from tests.dashboard.page_kit import event_slider

GAME_PAGE = "app_pages/game.py"


def _no_exception(at: AppTest) -> None:
    assert not at.exception, [e.message for e in at.exception]


def _spec(at: AppTest, game: GameRow) -> dict[str, Any]:
    return dict(json.loads(at.get_by_key(f"game.timeline.{game.game_id}").proto.spec))


def _has(at: AppTest, key: str) -> bool:
    try:
        at.get_by_key(key)
    except KeyError:
        return False
    return True


def _open(app: Callable[..., AppTest], db: Path, game: GameRow, **params: str) -> AppTest:
    at = app(db=db)
    at.query_params.update({"game": game.game_id, **params})
    at.switch_page(GAME_PAGE).run()
    _no_exception(at)
    return at


# --- the win-probability row ---------------------------------------------------------------


def test_the_win_probability_row_is_drawn_under_the_timeline(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow) -> None:
    analysis = _stored(analysed_index, analysed)
    at = _open(app, analysed_index, analysed)
    spec = _spec(at, analysed)
    layout, traces = spec["layout"], spec["data"]
    assert layout["xaxis3"]["title"]["text"] == "turn"
    assert layout["xaxis"]["matches"] == layout["xaxis2"]["matches"] == "x3"  # one axis
    ticks = layout["xaxis3"]["ticktext"]
    assert ticks[0] == "1" and all(t.isdigit() for t in ticks)
    assert [int(t) for t in ticks] == sorted(int(t) for t in ticks)
    line = next(t for t in traces if t.get("name") == "P1 win chance")
    assert line["xaxis"] == "x3"
    assert line["y"] == pytest.approx([100 * p.p1 for p in analysis.points])
    assert line["x"] == [p.event for p in analysis.points]  # the strike timeline's axis
    assert "95% interval" in {t.get("name") for t in traces}
    markers = [t for t in traces if str(t.get("name", "")).partition(" ")[2]
               in winprob.SEVERITIES]
    assert sum(len(t["x"]) for t in markers) == sum(bool(p.severity) for p in analysis.points)
    # 8 rollouts is a rough analysis: no decision is labelled (docs/metrics.md; a labelled
    # stored point's marker: tests/dashboard/test_analysis_labels.py)
    assert not any(p.severity for p in analysis.points)
    for trace in markers:  # one trace per seat and severity, in that seat's colour
        seat, _, severity = trace["name"].partition(" ")
        assert {(winprob.seat(p.player), p.severity) for p in analysis.points
                if [winprob.TAG, p.idx, p.event] in trace["customdata"]} == {(seat, severity)}
        assert trace["marker"]["color"] == winprob.SEAT_COLOURS[0 if seat == "p1" else 1]
    assert "n=8" in line["hovertext"][0] and " decides: " in line["hovertext"][0]
    assert not _has(at, f"game.analyze.{analysed.game_id}")  # stored: no button
    assert any("rollouts per point" in c.value for c in at.caption)


def test_a_point_click_selects_its_decision_and_a_strike_click_its_strike() -> None:
    point = {"selection": {"points": [{"customdata": [winprob.TAG, 7, 31]}]}}
    strike = {"selection": {"points": [{"customdata": [3, 120]}]}}
    assert winprob.decision_from_selection(point) == 7
    assert timeline.strike_from_selection(point) is None
    assert winprob.decision_from_selection(strike) is None
    assert timeline.strike_from_selection(strike) == 3
    assert winprob.decision_from_selection(None) is None


def test_turn_ticks_and_turn_counting() -> None:
    starts = [16, 22, 28, 46]  # events before each TurnStarted
    assert [winprob.turn_at(e, starts) for e in (16, 17, 28, 29, 46, 47)] == [None, 1, 2, 3, 3, 4]
    turns = winprob.turn_positions([], starts)
    assert turns == {1: 17, 2: 23, 3: 29, 4: 47}
    values, labels = winprob.ticks({t: 10 * t for t in range(1, 101)}, most=10)
    assert labels[0] == "1" and 9 <= len(labels) <= 11 and values == sorted(values)


# --- the decision panel ---------------------------------------------------------------------


def test_a_decision_link_moves_the_viewer_and_opens_the_panel(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow) -> None:
    analysis = _stored(analysed_index, analysed)
    point = _worst(analysis)
    at = _open(app, analysed_index, analysed, decision=str(point.idx))
    assert f"· event {point.event}/{analysed.events} ·" in _viewer_header(at)
    assert _panel(at) and _panel(at)[0].startswith(f"**Decision {point.idx}** · turn ")
    assert f"played **{literal.markdown(point.decision)}**" in _panel(at)[0]  # escaped
    verdict = next(m.value for m in at.markdown if m.value.startswith("P1's chance here"))
    assert f"swing {100 * point.swing:.0f} points" in verdict
    if point.severity:
        assert f"**{point.severity}**" in verdict
    options = sorted((o for o in analysis.options if o.idx == point.idx), key=lambda o: o.rank)
    table = at.table[0].value
    assert list(table["option"]) == [plain(o.label + (f" (×{o.copies})" if o.copies > 1 else ""))
                                     for o in options]  # st.table reads Markdown: escaped
    decider = winprob.seat(point.player)
    assert list(table[f"{decider} win %"]) == [winprob.percent(o.p) for o in options]
    chance = [o.p for o in options if o.p is not None]
    assert chance == sorted(chance, reverse=True)  # best first
    assert list(table[""]) == ["▶ played" if o.chosen else "" for o in options]
    assert list(table[""]).count("▶ played") == 1
    assert list(table["95% interval"]) == [winprob.interval(o.low, o.high) for o in options]
    assert list(table["n"]) == [str(o.n) for o in options]
    capped = [c.value for c in at.caption if "options reviewed" in c.value]
    if point.options_shown < point.options_total:
        assert capped == [f"{point.options_shown} of {point.options_total} options reviewed "
                          "(the analysis caps the options it plays out)."]
    link = next(m.value for m in at.markdown if m.value.startswith("[link to this moment]("))
    assert link.endswith(f"&at={point.event}&decision={point.idx})")
    forks = {b.key for b in at.button if b.key and b.key.startswith("game.fork.")}
    assert forks == {f"game.fork.{analysed.game_id}.{point.idx}.{o.option}"
                     for o in options if not o.chosen}


def test_the_panel_opens_when_the_viewer_reaches_a_decision(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow) -> None:
    analysis = _stored(analysed_index, analysed)
    point = analysis.points[len(analysis.points) // 2]
    at = _open(app, analysed_index, analysed)
    at.button(key=f"viewer.start.{analysed.game_id}").click().run()
    assert not _panel(at)  # event 0: before any decision
    event_slider(at, analysed.game_id).set_value(point.event).run()
    _no_exception(at)
    assert _panel(at) and _panel(at)[0].startswith(f"**Decision {point.idx}** ·")
    at.button(key=f"viewer.forward.{analysed.game_id}").click().run()
    if all(p.event != point.event + 1 for p in analysis.points):
        assert not _panel(at)


def test_the_other_players_options_are_hidden_under_a_perspective(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow) -> None:
    point = _worst(_stored(analysed_index, analysed))
    other = "p2" if point.player == 0 else "p1"
    at = _open(app, analysed_index, analysed, decision=str(point.idx), **{"as": other})
    assert _panel(at) and f"(hidden as {other})" in _panel(at)[0]
    assert point.decision not in _panel(at)[0]
    assert not at.table
    texts = [str(t) for trace in _spec(at, analysed)["data"]
             for t in (trace.get("text") or []) + (trace.get("hovertext") or [])
             if "decides" in str(t)]
    assert any(f"(hidden as {other})" in t for t in texts)


def test_play_this_option_instead_opens_the_forked_game(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow,
        tmp_path: Path) -> None:
    """"Play ... instead" forks the game at the open decision with that option, writes
    it beside the index, indexes it and opens it: its header names this game and the
    decision, and its decision there is the option chosen."""
    db = tmp_path / "index.duckdb"
    shutil.copy(analysed_index, db)
    analysis = _stored(db, analysed)
    point = _worst(analysis)
    other = next(o for o in analysis.options if o.idx == point.idx and not o.chosen)
    at = _open(app, db, analysed, decision=str(point.idx))
    at.button(key=f"game.fork.{analysed.game_id}.{point.idx}.{other.option}").click().run()
    _no_exception(at)
    new_id = at.query_params.get("game")
    assert new_id and new_id != analysed.game_id
    row = q.game(open_source(db), str(new_id))
    assert row is not None and Path(row.path).parent == db.parent / "forks"
    log = q.open_game(row.path).replay.log
    assert log.header.parent == analysed.game_id and log.header.fork_at == point.idx
    assert log.sealed


# --- Analyze, and what can go wrong ---------------------------------------------------------


# Analyze itself (a background worker) is tested in test_background_analysis.py.


def test_an_unreadable_analysis_is_one_warning(app: Callable[..., AppTest], fresh_index: Path,
                                               longest: GameRow) -> None:
    con = duckdb.connect(str(fresh_index))
    try:  # analysis tables of another shape (say, from a future version)
        con.execute("CREATE TABLE analysis_points (game_id VARCHAR, other INTEGER)")
    finally:
        con.close()
    at = _open(app, fresh_index, longest)
    assert len(at.warning) == 1
    assert "The stored analysis of this game cannot be read" in at.warning[0].value
    assert "xaxis3" not in _spec(at, longest)["layout"]
    assert _viewer_header(at)  # the rest of the page is still there


def test_rollouts_and_visibility() -> None:
    point = AnalysisPointRow(idx=3, turn=1, strike=0, event=10, kind="turn", player=0,
                             decision="x", p1=0.5, n=8, low=0.2, high=0.8, swing=0.0,
                             significant=False, severity="", options_total=1,
                             options_shown=1, stopped="")
    assert analysis_panel.rollouts_of("rollouts=16;seed=0") == "16"
    assert analysis_panel.rollouts_text("rollouts=16;seed=0") == "16 rollouts per point"
    assert analysis_panel.rollouts_text("rollouts=16;seed=0;infer=1;horizon=2") == (
        "16 rollouts per point, each stopped after 2 strikes and scored by the fitted "
        "evaluator")  # truncated rollouts (issue 31): the caption says what they are
    assert winprob.visible(point, "all") and winprob.visible(point, "p1")
    assert not winprob.visible(point, "p2")
    assert "(hidden as p2)" in winprob.hover(point, 1, "p2") and "<b>x</b>" in winprob.hover(point, 1)


# --- the best move (issue 32 item 3) ----------------------------------------------------------


def _best(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown if m.value.startswith("Best: ")]


@pytest.fixture
def best_index(analysed_index: Path, analysed: GameRow, tmp_path: Path) -> Path:
    """A copy of ``analysed_index`` whose stored analysis holds a found best move and a
    missed one. The search finds and misses on its own in the real game
    (``tests/replay/analysis/test_best_move.py``); which a sample game has depends on its
    play, so where the stored search found every move here, one point of several options
    is stored as missed: the search's choice another reviewed option, with that option's
    chance. The panel is tested on what is stored."""
    db = tmp_path / "index.duckdb"
    shutil.copy(analysed_index, db)
    analysis = _stored(db, analysed)
    if any(p.found is False for p in analysis.points):
        return db
    point = next(p for p in analysis.points if p.found and any(
        o.idx == p.idx and not o.chosen and o.p is not None for o in analysis.options))
    other = next(o for o in analysis.options
                 if o.idx == point.idx and not o.chosen and o.p is not None)
    con = duckdb.connect(str(db))
    try:
        con.execute("UPDATE analysis_points SET best_move = ?, best_option = ?, best_p = ?, "
                    "found = false WHERE game_id = ? AND idx = ?",
                    [other.label, other.option, other.p, analysed.game_id, point.idx])
    finally:
        con.close()
    return db


def test_the_panel_names_the_best_move_as_lichess_does(
        app: Callable[..., AppTest], best_index: Path, analysed: GameRow) -> None:
    """The stored best move beside the played option (the review's chance for it), or
    "found"; read from the index, never recomputed."""
    analysis = _stored(best_index, analysed)
    assert all(p.best_move is not None for p in analysis.points)
    assert analysis.params.endswith(";best=8")  # as many iterations as rollouts
    shown = {False: 0, True: 0}
    found = [p for p in analysis.points if p.found]
    missed = [p for p in analysis.points if p.found is False]
    for point in (*found[:1], *missed[:1]):
        at = _open(app, best_index, analysed, decision=str(point.idx))
        best = f"Best: {plain(point.best_move)}" + (
            "" if point.best_p is None else f" ({winprob.percent(point.best_p)} by the search)")
        if point.found:
            expected = f"{best}, found"
        else:
            played = next(o for o in analysis.options if o.idx == point.idx and o.chosen)
            expected = f"{best}, played: {plain(point.decision)} ({winprob.percent(played.p)})"
        assert _best(at) == [expected]
        shown[bool(point.found)] += 1
    assert shown[False] and shown[True], "the analysed game has no found or no missed best"


def test_the_best_move_names_are_data_and_the_figures_read_like_lichess() -> None:
    row = AnalysisPointRow(idx=3, turn=1, strike=1, event=10, kind="strike", player=1,
                           decision="Set *Sweep*", p1=0.48, n=200, low=0.4, high=0.55,
                           swing=0.19, significant=True, severity="mistake",
                           options_total=5, options_shown=5, stopped="",
                           best_move="Set [EX Shoryuken](http://x) as EX", best_option=2,
                           best_p=0.71, best_n=140, found=False)
    played = q.AnalysisOptionRow(idx=3, rank=1, label="Set *Sweep*", chosen=True, option=0,
                                 copies=1, p=0.52, n=200, low=0.45, high=0.59)
    assert analysis_panel.best_line(row, [played]) == (
        "Best: Set \\[EX Shoryuken\\]\\(http\u2060\\://x\\) as EX (71% by the search), "
        "played: Set \\*Sweep\\* (52%)")
    # without the option row the played option's chance is the point's, for the decider
    line = analysis_panel.best_line(row, [])
    assert line is not None and line.endswith("played: Set \\*Sweep\\* (52%)")
    found = msgspec.structs.replace(row, best_move="Set Sweep", found=True)
    # the search's figure says whose it is: the same option's row is the review's
    assert analysis_panel.best_line(found, [played]) == "Best: Set Sweep (71% by the search), found"
    only = msgspec.structs.replace(found, best_p=None, best_n=0)
    assert analysis_panel.best_line(only, [played]) == "Best: Set Sweep, found"
    older = msgspec.structs.replace(row, best_move=None, best_option=None, best_p=None,
                                    best_n=None, found=None)
    assert analysis_panel.best_line(older, [played]) is None
    assert analysis_panel.best_iterations("rollouts=200;method=2;best=128") == "128"


def test_an_analysis_stored_before_best_moves_still_shows_without_the_line(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow,
        tmp_path: Path) -> None:
    db = tmp_path / "index.duckdb"
    shutil.copy(analysed_index, db)
    con = duckdb.connect(str(db))
    try:  # the analysis_points table as it was before issue 32 item 3
        for column in ("best_move", "best_option", "best_p", "best_n", "found"):
            con.execute(f'ALTER TABLE analysis_points DROP COLUMN "{column}"')
    finally:
        con.close()
    point = _worst(_stored(db, analysed))
    at = _open(app, db, analysed, decision=str(point.idx))
    assert not at.warning
    assert _panel(at) and _panel(at)[0].startswith(f"**Decision {point.idx}** ·")
    assert at.table and not _best(at)


def test_the_best_move_is_hidden_from_the_other_player(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow) -> None:
    point = _worst(_stored(analysed_index, analysed))
    other = "p2" if point.player == 0 else "p1"
    at = _open(app, analysed_index, analysed, decision=str(point.idx), **{"as": other})
    assert _panel(at) and not _best(at)


# --- the curve at a strike's second set point (issue 32 item 4) -------------------------------


def _point(idx: int, kind: str, strike: int, player: int) -> AnalysisPointRow:
    return AnalysisPointRow(idx=idx, turn=1, strike=strike, event=idx, kind=kind,
                            player=player, decision="x", p1=0.5, n=8, low=0.2, high=0.8,
                            swing=0.0, significant=False, severity="", options_total=1,
                            options_shown=1, stopped="")


def test_only_a_strikes_second_set_point_holds_the_first_setters_figure() -> None:
    turn, first, second = _point(0, "turn", 0, 0), _point(1, "strike", 0, 0), \
        _point(2, "strike", 0, 1)
    points = [turn, first, second]
    key = "rollouts=8;seed=0;method=2;curve=setter;best=8"
    assert analysis_panel.first_setter(second, points, key) == first
    assert analysis_panel.first_setter(first, points, key) is None
    assert analysis_panel.first_setter(turn, points, key) is None
    # an analysis stored before (each point its decider's own figure), or the same player
    assert analysis_panel.first_setter(second, points, "rollouts=8;seed=0;method=2") is None
    same_seat = _point(2, "strike", 0, 0)
    assert analysis_panel.first_setter(same_seat, [turn, first, same_seat], key) is None


def test_a_second_setters_figures_line_says_whose_view_and_their_own_chance() -> None:
    """Found in a coach's walk: at a strike's second set point "P1's chance here" is the
    first setter's figure (curve=setter), so beside "swing 12 points for p2" it did not
    add up on its face. The line says whose view the chance is from and gives the
    decider's own chance after the option played (the played row), as ``exceed
    analyze`` does; a first set point's line is as before."""
    first, second = _point(1, "strike", 0, 0), _point(2, "strike", 0, 1)
    options = [q.AnalysisOptionRow(idx=2, rank=0, label="Set Spike", chosen=False, option=0,
                                 copies=1, p=0.75, n=8, low=0.4, high=0.9),
               q.AnalysisOptionRow(idx=2, rank=1, label="Set Dive", chosen=True, option=1,
                                 copies=1, p=0.625, n=8, low=0.3, high=0.9)]
    line = analysis_panel.chance_line(second, options, first)
    assert line.startswith("P1's chance here 50% (95%: 20–80%, n=8), from p1's view · p2's "
                           "own chance after the option played 62% · swing 0 points for p2"), line
    # hidden from p1's perspective: no figure of p2's options
    assert "own chance" not in analysis_panel.chance_line(second, options, first, shown=False)
    plain = analysis_panel.chance_line(first, options)
    assert "view" not in plain and "own chance" not in plain


def test_the_panel_says_whose_figure_the_curve_holds_at_a_second_set_point(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow) -> None:
    analysis = _stored(analysed_index, analysed)
    assert "curve=setter" in analysis.params.split(";")
    seconds = [p for p in analysis.points
               if analysis_panel.first_setter(p, analysis.points, analysis.params)]
    assert seconds, "the analysed game has a strike with both attacks set"
    second = seconds[0]
    first = analysis_panel.first_setter(second, analysis.points, analysis.params)
    assert first is not None and second.p1 == first.p1  # the curve holds still
    at = _open(app, analysed_index, analysed, decision=str(second.idx))
    held = [c.value for c in at.caption if c.value.startswith("Here the curve holds")]
    assert held == [f"Here the curve holds {winprob.seat(first.player)}'s figure from "
                    f"decision {first.idx}: nothing public happened since but a face-down "
                    f"card. {winprob.seat(second.player)}'s own chance after the option "
                    "played is in the options table (docs/metrics.md)."]
    at = _open(app, analysed_index, analysed, decision=str(first.idx))
    assert not [c for c in at.caption if c.value.startswith("Here the curve holds")]


def test_the_curves_hover_says_whose_view_it_holds_at_a_second_set_point(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow) -> None:
    """Found in a coach's walk: the panel said "from p1's view" at a strike's second set
    point, but the curve's hover there read "P1 50% (95%: ...)" alone, beside "p2
    decides". The hover now names the view too; every other point's is as before."""
    analysis = _stored(analysed_index, analysed)
    views = analysis_panel.views(analysis.points, analysis.params)
    assert views, "the analysed game has a strike with both attacks set"
    at = _open(app, analysed_index, analysed)
    line = next(t for t in _spec(at, analysed)["data"] if t.get("name") == "P1 win chance")
    by_idx = {row[1]: text for row, text in zip(line["customdata"], line["hovertext"],
                                                strict=True)}
    assert set(by_idx) == {p.idx for p in analysis.points}
    for point in analysis.points:
        chance = (f"P1 {winprob.percent(point.p1)} (95%: "
                  f"{winprob.interval(point.low, point.high)}, n={point.n})")
        said = by_idx[point.idx].split("<br>")[1]
        if point.idx in views:
            assert said == f"{chance}, from {winprob.seat(views[point.idx])}'s view"
            assert views[point.idx] != point.player
        else:
            assert said == chance


def test_views_name_the_first_setter_at_a_second_set_point_only() -> None:
    turn, first, second = _point(0, "turn", 0, 0), _point(1, "strike", 0, 0), \
        _point(2, "strike", 0, 1)
    assert analysis_panel.views([turn, first, second], "rollouts=8;curve=setter") == {2: 0}
    assert analysis_panel.views([turn, first, second], "rollouts=8") == {}
    assert winprob.hover(second, 1, view=0).split("<br>")[1] == \
        "P1 50% (95%: 20–80%, n=8), from p1's view"


def test_an_analysis_without_points_names_the_command_that_redoes_it(
        app: Callable[..., AppTest], fresh_index: Path, longest: GameRow,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Review item (a suggestion must work as printed): a stored analysis with no points
    said "run `exceed analyze` on it again", a command that analyses nothing (analyze
    needs the log, and --db for this index)."""
    import shlex

    from dashboard import data
    from replay.cli import build_parser

    empty = StoredAnalysis(params="rollouts=8", card_data="c", points=[], options=[])
    monkeypatch.setattr(data, "game_analysis", lambda *_: empty)
    at = _open(app, fresh_index, longest)
    shown = [re.sub(r"\\(.)", r"\1", w.value) for w in at.warning]  # as it reads
    warning = next(text for text in shown if "no analysed points" in text)
    words = shlex.split(warning.split("analyse it again: ", 1)[1])
    parsed = build_parser().parse_args(words[1:])
    assert words[0] == "exceed" and parsed.command == "analyze"
    assert [str(p) for p in parsed.files] == [longest.path] and parsed.db == fresh_index
