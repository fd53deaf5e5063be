"""The curve between a strike's two set points (issue 32 item 4, ``docs/metrics.md``):
one viewer, the first setter, for both points, so nothing public happening between them
moves the curve; the second setter's decision review stays in their own information set
and never sees the first setter's face-down card.

The game: Ryu (P1, heuristic) against Ken (P2, random), seed 11, recorded to a log and
analysed as ``exceed analyze`` does (``analyse_log``)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from conftest import CATALOG

from engine import (
    GameSetup,
    GameTooLong,
    Player,
    game_from_state,
    play_on,
    read_game,
    record_to_file,
)
from engine.core.decisions import SetAttack
from replay.analysis import run
from replay.analysis.positions import Point, points, second_set_points
from replay.analysis.rollout import (
    Params,
    PointResult,
    analyse_point,
    play_scores,
    rollout_seeds,
)
from replay.analysis.run import analyse_log
from replay.index.analysis import store_analysis
from replay.query import game_analysis, open_source

PARAMS = Params(rollouts=6, seed=2, max_options=3, screen=3, best=0)


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("curve") / "game.exlog"
    record_to_file(path, GameSetup(p1="ryu", p2="ken"), 11, ("heuristic", "random"))
    return path


def _points(path: Path, viewer: Player | None = None) -> dict[int, Point]:
    return {p.id.index: p for p in points(read_game(path), CATALOG, viewer=viewer)}


def test_a_strikes_two_set_points_have_one_curve_value_and_the_second_keeps_its_review(
        game: Path) -> None:
    pts = _points(game)
    pairs = second_set_points(pts.values())
    assert len(pairs) >= 3
    for second, first in pairs.items():
        a, b = pts[first], pts[second]
        assert a.id.strike == b.id.strike and a.id.player != b.id.player
    analysis = analyse_log(str(game), PARAMS)
    by_index = {r.id.index: r for r in analysis.points}
    assert sorted(by_index) == sorted(pts)
    differs = 0
    for second, first in pairs.items():
        assert by_index[second].p1 == by_index[first].p1  # the curve does not move
        own = analyse_point(pts[second], PARAMS, CATALOG)  # the second setter's own view
        shown = by_index[second]
        assert shown.options == own.options and shown.swing == own.swing
        assert shown.severity == own.severity and shown.decision_label == own.decision_label
        played = next(o for o in shown.options if o.chosen)
        assert played.estimate is not None
        mine = own.p1 if pts[second].id.player is Player.P1 else own.p1.flipped()
        # the decider's estimate: the played option's row (its interval up to the rounding
        # of flipping P1's interval for P2, 1 - high)
        est = played.estimate
        assert (est.wins, est.n) == (mine.wins, mine.n)
        assert (est.low, est.high) == pytest.approx((mine.low, mine.high), abs=1e-12)
        differs += own.p1 != by_index[first].p1
    assert differs >= 1  # the second setter's own view is not the curve's


def _policy_scores(point: Point, params: Params) -> list[float]:
    """P1's scores with the rollout policy deciding at ``point`` (its decider's real
    decision is not in the viewer's worlds)."""
    worlds, seeds = rollout_seeds(point, params, CATALOG, range(params.rollouts))
    out = []
    for world, seed in zip(worlds, seeds, strict=True):
        game = game_from_state(world.copy(), point.request, seed, CATALOG)
        try:
            play_on(game, seed, (params.agent, params.agent), CATALOG)
        except GameTooLong:
            out.append(0.5)
            continue
        winner = game.state.winner
        out.append(0.5 if winner is None else float(winner is Player.P1))
    return out


def test_the_first_setters_view_at_the_second_point_is_the_first_points_rollouts(
        game: Path) -> None:
    """Why the copy is honest: from the first setter's information set with the strike's
    shared seeds, the second point's worlds are the first's and the rollouts after the
    second setter's decision (by the rollout policy) are the first point's, rollout by
    rollout. (After a wild swing the first setter does not know their own face-down
    card either: their worlds at the second point draw it, and their deck below it, from
    the same possibilities as the first point's rollouts did, the same estimate by other
    random numbers; in this game the setter of the third strike wild swung.)"""
    pts = _points(game)
    pairs = second_set_points(pts.values())
    params = Params(rollouts=6, seed=2, review=False)
    chosen = [(s, f) for s, f in pairs.items() if isinstance(pts[f].decision, SetAttack)]
    assert len(chosen) >= 4
    for second, first in chosen:
        a = pts[first]
        seen_by_first = _points(game, viewer=a.id.player)[second]
        worlds, seeds = rollout_seeds(a, params, CATALOG, range(params.rollouts))
        mine = play_scores(a, params, CATALOG, worlds, seeds, a.decision)
        p1 = [s if a.id.player is Player.P1 else 1.0 - s for s in mine if s is not None]
        assert _policy_scores(seen_by_first, params) == p1


def test_no_peeking_the_second_setters_review_never_sees_the_first_setters_card(
        game: Path) -> None:
    """A card no deck list of the first setter holds, planted as the identity of their
    face-down attack, never reaches the second setter's determinizations, which are the
    same with and without it."""
    pts = _points(game)
    second, first = next(iter(second_set_points(pts.values()).items()))
    b, setter = pts[second], pts[first].id.player
    assert b.state.strike is not None
    face_down = list(b.state.strike.sides[setter].cards)
    assert face_down
    planted = b.state.copy()
    planted.card_defs = dict(planted.card_defs)
    marker = "zangief_siberianblizzard"
    for ref in face_down:
        planted.card_defs[ref] = marker
    params = Params(rollouts=40, seed=2)
    clean, _ = rollout_seeds(b, params, CATALOG, range(params.rollouts))
    dirty, _ = rollout_seeds(dataclasses.replace(b, state=planted), params, CATALOG,
                             range(params.rollouts))
    for c, d in zip(clean, dirty, strict=True):
        assert marker not in d.card_defs.values()
        assert c.card_defs == d.card_defs


def test_without_a_review_the_second_set_point_plays_no_rollout_and_jobs_agree(
        game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pts = _points(game)
    seconds = second_set_points(pts.values())
    params = Params(rollouts=3, seed=1, review=False)
    analysed: list[int] = []

    def counting(point: Point, p: Params, catalog: object) -> PointResult:
        analysed.append(point.id.index)
        return analyse_point(point, p, CATALOG)

    monkeypatch.setattr(run, "analyse_point", counting)
    one = analyse_log(str(game), params, jobs=1)
    assert analysed and not set(analysed) & set(seconds)
    assert len(one.points) == len(pts)
    by_index = {r.id.index: r for r in one.points}
    for second, first in seconds.items():
        assert by_index[second].p1 == by_index[first].p1
        assert by_index[second].decision_label
    monkeypatch.undo()
    assert analyse_log(str(game), params, jobs=2).points == one.points
    reviewed = dataclasses.replace(PARAMS, rollouts=4)
    assert (analyse_log(str(game), reviewed, jobs=2).points
            == analyse_log(str(game), reviewed, jobs=1).points)


def test_an_older_stored_analysis_reads_as_before_and_a_new_one_is_shown_first(
        game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An analysis stored before one viewer per strike (no ``curve=setter`` in its key)
    keeps its second setter's own ``p1`` and reads back; of two of as many rollouts, the
    new one is shown."""
    db = tmp_path / "index.duckdb"
    params = Params(rollouts=3, seed=1, review=False)
    new = analyse_log(str(game), params)
    older_key = params.key().replace(";curve=setter", "")
    pts = _points(game)
    older = dataclasses.replace(new, points=tuple(
        analyse_point(pts[r.id.index], params, CATALOG) for r in new.points))
    with monkeypatch.context() as patch:
        patch.setattr(Params, "key", lambda self: older_key)
        store_analysis(db, older, say=lambda _: None)
    read = game_analysis(open_source(db), new.game_id)
    assert read is not None and read.params == older_key
    own = {r.id.index: r.p1.p for r in older.points}
    assert [p.p1 for p in read.points] == [own[p.idx] for p in read.points]
    seconds = second_set_points(pts.values())
    assert any(own[s] != own[f] for s, f in seconds.items())  # it still moves, as before
    store_analysis(db, new, say=lambda _: None)
    shown = game_analysis(open_source(db), new.game_id)
    assert shown is not None and shown.params == params.key()
    by_index = {p.idx: p.p1 for p in shown.points}
    assert all(by_index[s] == by_index[f] for s, f in seconds.items())
