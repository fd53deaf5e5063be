"""Issue 27 items 14, 17 and 18 on the Game page (AppTest; the browser checks the
1440x900 screen in test_browser.py).

- 18: the board and its controls sit beside the evaluation, the decision list and the
  open decision's panel; a single step reruns only the board area (a fragment) and
  the moves the timeline must follow rerun the page.
- 17: review markers in the colour of the player who erred; per-player tallies under
  the result; under p1 / p2 only that player's markers and nothing after the cursor.
- 14: a fork opens at its fork point, names its parent, the decision and both choices
  with a link back, and draws the parent's curve beside its own when both are analysed.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

import msgspec
from streamlit.testing.v1 import AppTest

from dashboard import data, fork_view, game_board, review, winprob
from replay import query as q
from replay.query import AnalysisPointRow, GameRow, open_source
from tests.dashboard.analysis_kit import stored as _stored
from tests.dashboard.analysis_kit import worst as _worst
from tests.dashboard.page_kit import decision_radio
from tests.dashboard.page_kit import open_game as _open

GAME_PAGE = "app_pages/game.py"


def _spec(at: AppTest, game: GameRow) -> dict[str, Any]:
    return dict(json.loads(at.get_by_key(f"game.timeline.{game.game_id}").proto.spec))


def _texts(block: Any) -> list[str]:
    """The markdown and HTML (the arena) drawn in ``block``."""
    return [m.value for m in block.markdown] + [h.value for h in block.html]


# --- 18: the layout and the fragment ----------------------------------------------------------


def test_board_controls_and_decision_panel_are_side_by_side(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow) -> None:
    point = _worst(_stored(analysed_index, analysed))
    at = _open(app, analysed_index, analysed, decision=str(point.idx))
    columns = list(at.columns)
    i = next(i for i, c in enumerate(columns) if any('aria-label="arena"' in t
                                                     for t in _texts(c)))
    board = columns[i]
    # the board's own rows of buttons are columns too; its neighbour holds the evaluation
    side = next(c for c in columns[i + 1:] if any(t.startswith("**Evaluation**")
                                                   for t in _texts(c)))
    assert not any('aria-label="arena"' in t for t in _texts(side))
    assert not any(t.startswith("**Evaluation**") for t in _texts(board))  # not nested
    assert any(b.key == f"viewer.forward.{analysed.game_id}" for b in board.button)
    assert any(str(s.key).startswith(f"viewer.slider.{analysed.game_id}.")
               for s in board.slider)
    assert any(t.startswith(f"**Decision {point.idx}**") for t in _texts(side))
    assert any(t.startswith("**Evaluation** · P1 ") for t in _texts(side))
    assert side.radio and str(side.radio[0].key).startswith(
        f"game.decisions.{analysed.game_id}.")
    assert side.radio[0].value == point.idx  # the open decision is the one chosen


def test_a_decision_chosen_in_the_list_moves_the_viewer(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow) -> None:
    analysis = _stored(analysed_index, analysed)
    point = analysis.points[len(analysis.points) // 2]
    at = _open(app, analysed_index, analysed)
    decision_radio(at, analysed.game_id).set_value(point.idx).run()
    assert not at.exception, [e.message for e in at.exception]
    header = next(m.value for m in at.markdown if m.value.startswith("**turn "))
    assert f"· event {point.event}/{analysed.events} ·" in header
    assert any(m.value.startswith(f"**Decision {point.idx}**") for m in at.markdown)


def test_which_moves_redraw_the_whole_page() -> None:
    drawn = (100, "all")
    assert not game_board.full_run_needed(drawn, 101, "all")  # a step: the board only
    assert not game_board.full_run_needed(drawn, 99, "all")
    assert not game_board.full_run_needed(drawn, 100, "all")
    assert game_board.full_run_needed(drawn, 140, "all")  # a strike, a turn, the slider
    assert game_board.full_run_needed(drawn, 100, "p1")  # a new perspective
    assert game_board.full_run_needed((100, "p2"), 101, "p2")  # the timeline hides ahead
    assert game_board.full_run_needed(None, 0, "all")


def test_single_steps_keep_the_page_until_the_board_is_one_percent_of_the_game_away() -> None:
    """Holding → (issue 27 item 18): the line may lag by ``drift_allowed`` events, 1% of
    the game, and a jump of more than one event from the board is a larger move."""
    assert game_board.drift_allowed(771) == 7
    assert game_board.drift_allowed(50) == 1
    drawn = (100, "all")
    assert not game_board.full_run_needed(drawn, 102, "all", board=101, drift=7)
    assert not game_board.full_run_needed(drawn, 107, "all", board=106, drift=7)
    assert game_board.full_run_needed(drawn, 108, "all", board=107, drift=7)  # 8 behind
    assert not game_board.full_run_needed(drawn, 93, "all", board=94, drift=7)  # ← too
    assert game_board.full_run_needed(drawn, 104, "all", board=101, drift=7)  # a jump
    assert game_board.full_run_needed((100, "p1"), 101, "p1", board=100, drift=7)


# --- 17: who erred --------------------------------------------------------------------------


def _point(idx: int, event: int, player: int, severity: str = "", swing: float = 0.0,
           n: int = 200) -> AnalysisPointRow:
    return AnalysisPointRow(idx=idx, turn=1, strike=0, event=event, kind="turn",
                            player=player, decision="x", p1=0.5, n=n, low=0.3, high=0.7,
                            swing=swing, significant=bool(severity), severity=severity,
                            options_total=3, options_shown=3, stopped="")


def test_tallies_per_player_and_what_a_perspective_sees() -> None:
    points = [_point(0, 10, 0, "blunder", 0.30), _point(1, 20, 1, "mistake", 0.12),
              _point(2, 30, 0, "inaccuracy", 0.06), _point(3, 40, 1), _point(4, 50, 0)]
    p1, p2 = review.tallies(points)
    assert (p1.inaccuracies, p1.mistakes, p1.blunders, p1.decisions) == (1, 0, 1, 3)
    assert p1.mean_swing == 12.0  # (30 + 6 + 0) / 3 points
    assert (p2.inaccuracies, p2.mistakes, p2.blunders, p2.decisions) == (0, 1, 0, 2)
    seats = ("p1 Ryu", "p2 Ken")
    lines = review.tally_lines(points, seats, "all", 0)
    assert lines == ["p1 Ryu: 1 inaccuracy ▲, 0 mistakes ◆, 1 blunder ✕, mean swing lost "
                     "12.0 points over 3 analysed decisions",
                     "p2 Ken: 0 inaccuracies ▲, 1 mistake ◆, 0 blunders ✕, mean swing lost "
                     "6.0 points over 2 analysed decisions"]
    assert review.tally_lines(points, seats, "p2", 25) == [
        "p2 Ken: 0 inaccuracies ▲, 1 mistake ◆, 0 blunders ✕, mean swing lost 12.0 points "
        "over 1 analysed decision so far"]
    assert [p.idx for p in review.seen(points, "all", 0)] == [0, 1, 2, 3, 4]
    assert [p.idx for p in review.seen(points, "p1", 30)] == [0, 1, 2]
    assert [review.marked(p, "p1") for p in points[:3]] == [True, False, True]
    assert [review.marked(p, "all") for p in points[:3]] == [True, True, True]
    # a spectator: what both players could know, so nothing after the cursor (under
    # public, seen kept every point, the future's too, as under all) and neither's
    # markers nor tally
    assert [p.idx for p in review.seen(points, "public", 30)] == [0, 1, 2]
    assert not any(review.marked(p, "public") for p in points)
    assert review.tally_lines(points, seats, "public", 25) == [review.HIDDEN_TALLIES]


def test_a_rough_analysis_tallies_no_labels_not_zeros() -> None:
    """docs/metrics.md, "Minimum sample": an analysis on fewer than 50 rollouts labels
    nothing, so its tally says so instead of "0 blunders ✕", which a coach read as a
    clean game (the insights' rates had the same fault)."""
    points = [_point(0, 10, 0, swing=0.30, n=20), _point(1, 20, 1, n=20)]
    assert review.tally_lines(points, ("p1 Ryu", "p2 Ken"), "all", 0) == [
        "p1 Ryu: no labels (a rough analysis: fewer than 50 rollouts), mean swing lost "
        "30.0 points over 1 analysed decision",
        "p2 Ken: no labels (a rough analysis: fewer than 50 rollouts), mean swing lost "
        "0.0 points over 1 analysed decision"]


def test_markers_by_player_and_the_perspective_hides_the_other_and_the_future(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow) -> None:
    analysis = _stored(analysed_index, analysed)
    at = _open(app, analysed_index, analysed)
    tallies = [line for c in at.caption if "mean swing lost" in c.value
               for line in c.value.split("  \n")]
    assert len(tallies) == 2 and tallies[0].startswith("p1 ") and tallies[1].startswith("p2 ")
    point = analysis.points[len(analysis.points) // 2]
    for seat, name in ((0, "p1"), (1, "p2")):
        at = _open(app, analysed_index, analysed, at=str(point.event), **{"as": name})
        traces = _spec(at, analysed)["data"]
        line = next(t for t in traces if t.get("name") == "P1 win chance")
        assert line["x"] == [p.event for p in analysis.points if p.event <= point.event]
        marks = [t for t in traces if str(t.get("name", "")).partition(" ")[2]
                 in winprob.SEVERITIES]
        assert all(t["name"].startswith(f"{name} ") for t in marks)
        shown = [p for p in analysis.points if p.severity and p.player == seat
                 and p.event <= point.event]
        assert sum(len(t["x"]) for t in marks) == len(shown)
        tally = [line for c in at.caption if "mean swing lost" in c.value
                 for line in c.value.split("  \n")]
        assert len(tally) == 1 and tally[0].startswith(f"{name} ") and "so far" in tally[0]
        labels = decision_radio(at, analysed.game_id).options
        assert len(labels) == sum(p.event <= point.event for p in analysis.points)


# --- 14: a fork and its parent --------------------------------------------------------------


def test_a_fork_of_the_parent_s_own_option_reads_as_the_same_move() -> None:
    """``exceed fork --choose`` may take the option the parent played (to replay on from
    there); its banner read "played Strike instead of Strike"."""
    assert fork_view.played_words("Strike", "Strike") == "played Strike, as the parent did"
    assert fork_view.played_words("Set Sweep", "Strike") == "played Set Sweep instead of Strike"
    assert fork_view.played_words("Set *Sweep*", None) == f"played {data.plain('Set *Sweep*')}"
    assert fork_view.played_words("", "Strike") == "played another option instead of Strike"


def test_a_fork_opens_at_its_fork_point_and_links_back_to_its_parent(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow,
        tmp_path: Path) -> None:
    db = tmp_path / "index.duckdb"
    shutil.copy(analysed_index, db)
    analysis = _stored(db, analysed)
    point = _worst(analysis)
    other = next(o for o in analysis.options if o.idx == point.idx and not o.chosen)
    played = next(o for o in analysis.options if o.idx == point.idx and o.chosen)
    at = _open(app, db, analysed, decision=str(point.idx))
    at.button(key=f"game.fork.{analysed.game_id}.{point.idx}.{other.option}").click().run()
    assert not at.exception, [e.message for e in at.exception]
    fork_id = str(at.query_params.get("game"))
    fork = q.game(open_source(db), fork_id)
    assert fork is not None and fork_id != analysed.game_id
    header = next(m.value for m in at.markdown if m.value.startswith("**turn "))
    assert f"· event {point.event}/{fork.events} ·" in header  # at the fork point
    banner = [m.value for m in at.markdown if m.value.startswith("Forked from ")]
    assert len(banner) == 1
    assert banner[0].replace("\\", "").endswith(
        f"at decision {point.idx}: played {other.label} instead of {played.label}.")
    link = next(e.proto for e in at.get("page_link")
                if e.proto.label == f"Back to the parent at decision {point.idx}")
    assert link.page.endswith("game") or link.page.endswith("game.py"), link.page
    assert dict(parse_qsl(link.query_string)) == {
        "game": analysed.game_id, "at": str(point.event), "decision": str(point.idx)}

    # both analysed: the parent's curve beside the fork's, parting at the fork point
    q.analyse_and_store(fork.path, db, q.Params(rollouts=4, review=False), jobs=1)
    data.game_analysis.clear()  # as the page does when its background analysis is stored
    at = _open(app, db, fork)
    traces = _spec(at, fork)["data"]
    parent = next(t for t in traces if t.get("name") == "parent: P1 win chance")
    assert parent["x"] == [p.event for p in analysis.points]
    assert parent["y"] == [100 * p.p1 for p in analysis.points]
    assert any(t.get("name") == "P1 win chance" for t in traces)


def test_a_game_that_is_no_fork_has_no_origin(sample_rows: list[GameRow]) -> None:
    game = q.open_game(sample_rows[0].path)
    assert q.fork_origin(game) is None
    here = q.played_at(game, 0)
    assert here is not None and here[0] == game.replay.decision_starts[0] and here[1]
    assert q.played_at(game, 10**6) is None


def test_the_evaluation_names_whose_interval_and_its_chances_add_up_to_100() -> None:
    """Found comparing the Game page with `exceed analyze` on a coach's game: at P1
    42.5% the line read "P1 42% · p2 57% (95%: 29–58%, n=40)": the two chances, each
    rounded alone, made 99%, and P1's interval stood after p2's chance, where it read
    as p2's (p2's is 42–71%)."""
    point = AnalysisPointRow(idx=32, turn=12, strike=5, event=157, kind="turn", player=1,
                             decision="Strike", p1=0.425, n=40, low=0.29, high=0.58,
                             swing=0.22, significant=False, severity="", options_total=17,
                             options_shown=17, stopped="")
    assert game_board.evaluation_text(point) == (
        "**Evaluation** · P1 42% (95%: 29–58%, n=40) · p2 58% at decision 32")
    for p1 in (0.0, 0.005, 0.125, 0.5, 0.575, 0.995, 1.0):
        text = game_board.evaluation_text(msgspec.structs.replace(point, p1=p1))
        first, second = (int(part.split("%")[0]) for part in text.split(" P1 ")[1].split(" p2 "))
        assert first + second == 100, text
