"""The decision review's race (issue 31, ``docs/metrics.md`` "Racing"): which options it
cuts and when, that the played option and every possible best run to the end, that the
played option's rollouts are the curve point, that a strike's two set points share
their seeds (issue 32), and that the stored analysis says which options were cut while
an index stored before still reads."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import duckdb
from conftest import CATALOG, P1, P2

from engine import GameSetup, Scenario, read_game, read_game_bytes, record_to_file
from engine.recording.record import Recording
from replay.analysis.positions import Point, PointKind, points
from replay.analysis.race import checkpoints, no_better, race
from replay.analysis.rollout import OptionResult, Params, analyse_point, stream
from replay.analysis.run import analyse_log
from replay.analysis.stored import OPTIONS
from replay.index.analysis import store_analysis
from replay.query import game_analysis, open_source

N = 200

BEST = [0.0 if j % 5 == 0 else 1.0 for j in range(N)]  # 80%
CLOSE = BEST[1:] + BEST[:1]  # 80% too: it wins 40 of the rollouts where they differ, loses 40
PLAYED = [1.0 if j % 10 < 3 else 0.0 for j in range(N)]  # 30%
BAD = [0.0] * N


def _race(scores: dict[str, list[float | None]], chosen: str):  # type: ignore[no-untyped-def]
    calls: list[tuple[str, int, int]] = []

    def play(key: str, start: int, stop: int) -> list[float | None]:
        calls.append((key, start, stop))
        return scores[key][start:stop]

    return race(list(scores), chosen, play, Params(rollouts=N, screen=25)), calls


def test_the_checkpoints_double_from_the_screen_to_the_rollouts() -> None:
    assert checkpoints(Params(rollouts=200, screen=25)) == [25, 50, 100, 200]
    assert checkpoints(Params(rollouts=20, screen=25)) == [20]


def test_an_option_no_better_than_the_leader_by_5_points_is_cut() -> None:
    """The margin (docs/metrics.md): on 100 rollouts an option 1 point worse than the
    leader with se 0.01 (it cannot beat the leader by 5 points) is cut; one that won the
    30 rollouts the leader lost is not."""
    leader: list[float | None] = [1.0] * 100
    worse: list[float | None] = [0.0, *([1.0] * 99)]
    assert no_better(leader, worse)
    better: list[float | None] = [*([0.0] * 30), *([1.0] * 70)]
    rival: list[float | None] = [1.0] * 100
    assert not no_better(better, rival)


def test_an_option_the_leader_clearly_beats_is_cut_at_the_first_checkpoint() -> None:
    """A never-winning option loses 20 of the first 25 paired rollouts to the leader
    (mean 0.8, se 0.08: 0.8 − 2.5 · 0.08 > −0.05): cut at 25, listed last. An option as
    good as the leader (it wins as many of the rollouts where they differ as it loses:
    mean 0, se 0.13, 0.09, 0.063 at 25, 50, 100) may still beat it by 5 points: it runs to
    200 beside the leader. The played option runs to the end however bad (it is the
    curve point)."""
    result, calls = _race({"best": list(BEST), "close": list(CLOSE), "played": list(PLAYED),
                           "bad": list(BAD)}, "played")
    assert result.played == {"best": N, "close": N, "played": N, "bad": 25}
    assert result.cut == frozenset({"bad"})
    assert result.ranked == ("best", "close", "played", "bad")
    assert ("bad", 25, 50) not in calls and ("best", 100, 200) in calls


def test_the_played_option_is_never_cut_and_a_lone_option_runs_to_the_end() -> None:
    result, _ = _race({"best": list(BEST), "played": list(BAD)}, "played")
    assert result.played == {"best": N, "played": N} and not result.cut
    alone, _ = _race({"played": list(PLAYED)}, "played")
    assert alone.played == {"played": N}


def test_an_option_that_cannot_be_played_is_cut_at_the_first_checkpoint() -> None:
    unplayable: list[float | None] = [None] * N
    result, _ = _race({"best": list(BEST), "played": list(PLAYED), "never": unplayable},
                      "played")
    assert result.played["never"] == 25 and "never" in result.cut


def _first_point(scenario: Scenario, seed: int = 3) -> Point:
    """The first point of ``scenario``'s game, played out by heuristic agents, recorded
    and read back (as ``test_rollout`` builds them)."""
    stream = io.BytesIO()
    recording = Recording(scenario.game(seed), seed, stream, ("heuristic", "heuristic"))
    recording.play_out()
    recording.seal()
    return next(points(read_game_bytes(stream.getvalue(), "scenario.exlog"), CATALOG))


def test_the_played_options_rollouts_are_the_curve_point() -> None:
    """P1's chance at a point is the played option's estimate (for P1), the same with
    and without a review: a review costs the curve nothing more."""
    point = _first_point(Scenario("ryu", "ken").player(P1, space=4).player(P2, space=6)
                         .active(P1))
    reviewed = analyse_point(point, Params(rollouts=8, seed=1, screen=4), CATALOG)
    curve = analyse_point(point, Params(rollouts=8, seed=1, review=False), CATALOG)
    played = next(o for o in reviewed.options if o.chosen)
    assert played.estimate is not None and played.estimate.n == 8
    assert reviewed.p1 == curve.p1 == (played.estimate if point.id.player is P1
                                       else played.estimate.flipped())
    assert all(o.estimate is None or o.estimate.n in (4, 8) for o in reviewed.options)
    cut = [o for o in reviewed.options if o.cut]
    assert all(not o.chosen for o in cut)
    assert [o.cut for o in reviewed.options] == sorted(o.cut for o in reviewed.options)


def test_the_two_set_points_of_a_strike_share_their_seeds(tmp_path: Path) -> None:
    path = tmp_path / "g.exlog"
    record_to_file(path, GameSetup(p1="ryu", p2="ken"), 11, ("heuristic", "heuristic"))
    strikes = [p for p in points(read_game(path), CATALOG) if p.id.kind is PointKind.STRIKE]
    pairs = [(a, b) for a, b in itertools.pairwise(strikes) if a.id.strike == b.id.strike]
    assert pairs
    for a, b in pairs:
        assert stream(a) == stream(b) == f"strike/{a.id.strike}"
    turns = [p for p in points(read_game(path), CATALOG) if p.id.kind is PointKind.TURN]
    assert len({stream(p) for p in turns}) == len(turns)


def test_a_review_is_the_same_in_one_and_two_processes(tmp_path: Path) -> None:
    """One task per point, the costliest first, each worker folding the log once: the
    same figures as one process."""
    path = tmp_path / "game.exlog"
    record_to_file(path, GameSetup(p1="ryu", p2="ken"), 11, ("heuristic", "random"))
    params = Params(rollouts=3, seed=1, screen=2)
    one = analyse_log(str(path), params, jobs=1)
    two = analyse_log(str(path), params, jobs=2)
    assert one.points == two.points and len(one.points) > 5


def test_the_stored_options_say_which_were_cut_and_an_older_index_still_reads(
        tmp_path: Path) -> None:
    """``cut`` is stored per option; an index whose ``analysis_options`` was made before
    the column gains it on the next store (its old rows NULL) and still reads."""
    path = tmp_path / "game.exlog"
    record_to_file(path, GameSetup(p1="ryu", p2="ken"), 11, ("heuristic", "random"))
    analysis = analyse_log(str(path), Params(rollouts=4, seed=1, screen=2))
    db = tmp_path / "index.duckdb"
    old_columns = [c for c in OPTIONS if c[0] != "cut"]
    con = duckdb.connect(str(db))
    try:
        con.execute("CREATE TABLE analysis_options (" + ", ".join(
            f'"{n}" {d}' for n, d in old_columns) + ")")
        con.execute("INSERT INTO analysis_options VALUES ('old', 'c', 'p', 0, 0, 'Strike', "
                    "true, 0, 1, 0.5, 200, 0.4, 0.6)")
    finally:
        con.close()
    store_analysis(db, analysis, say=lambda _: None)
    con = duckdb.connect(str(db), read_only=True)
    try:
        old = con.execute("SELECT cut FROM analysis_options WHERE game_id = 'old'").fetchall()
        stored = con.execute("SELECT idx, label, cut, n FROM analysis_options WHERE "
                             "game_id = ?", [analysis.game_id]).fetchall()
    finally:
        con.close()
    assert old == [(None,)]
    expected = {(r.id.index, o.label, o.cut, 0 if o.estimate is None else o.estimate.n)
                for r in analysis.points for o in r.options}
    assert set(stored) == expected
    assert any(cut for _, _, cut, _ in stored)
    assert all(n == 2 for _, _, cut, n in stored if cut)
    shown = game_analysis(open_source(db), analysis.game_id)
    assert shown is not None and len(shown.options) == len(stored)


def test_option_result_defaults_to_not_cut() -> None:
    """Results built by older code paths (and the Spark job's readers) see ``cut`` False."""
    assert OptionResult(label="x", key="k", decisions=(), option=0, estimate=None,
                        chosen=True).cut is False
