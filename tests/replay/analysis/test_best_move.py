"""The best move in the decision review (issue 32 item 3, ``replay.analysis.best``): the
search agent's choice from the decider's information set, its chance and whether the
player found it; the same in one and two processes; stored with the analysis and read
back (an analysis stored before the best move's columns still reads, with none); and
said as lichess says it in ``exceed analyze``.

The forced win: Ryu (P1, life 2) sets first against Ken (life 2), one space apart.
Grasp (speed 7, power 3) resolves before anything Ken can still set (both his Grasps,
Blocks and Focuses are in his discard) and hits for at least 2 (core rulebook,
"Resolving Strikes": the faster attack resolves first; a defeated player's attack does
not), so it wins in this strike whatever Ken holds; Sweep (speed 2), the heuristic
agent's choice, lets Ken's faster attack hit first.
"""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import duckdb
import msgspec
import pytest
from conftest import CATALOG, P1, P2

from engine import GameSetup, Scenario, SetAttackRequest, read_game_bytes, record_to_file
from engine.core.decisions import SetAttack
from engine.recording.record import Recording
from replay.analysis.best import best_move
from replay.analysis.positions import Point, PointKind, points
from replay.analysis.rollout import Params, analyse_point
from replay.analysis.run import analyse_log
from replay.cli import analyze
from replay.index.analysis import store_analysis
from replay.query import game_analysis, open_source

GRASP = "standard_normal_grasp"


def _forced_win() -> Scenario:
    """A forced win in one strike the heuristic agent misses (as in
    tests/engine/play/test_search.py): Ryu's Grasp with Fierce in play kills Ken at 4
    life before anything he can set."""
    return (Scenario("ryu", "ken")
            .player(P1, space=4, life=2, hand=["grasp", "sweep", "dive", "spike"],
                    boosts=["grasp"])
            .player(P2, space=5, life=4, hand=["cross", "assault", "dive", "axekick",
                                               "kneebash"],
                    discard=["grasp", "grasp", "block", "block", "focus", "focus"])
            .active(P1).strike(step="first_sets"))


def _point(scenario: Scenario, seed: int = 5) -> Point:
    """The first analysed point of ``scenario``'s game, recorded (heuristic play to the
    end) and read back as a log."""
    stream = io.BytesIO()
    recording = Recording(scenario.game(seed), seed, stream, ("heuristic", "heuristic"))
    recording.play_out()
    recording.seal()
    return next(points(read_game_bytes(stream.getvalue(), "scenario.exlog"), CATALOG))


@pytest.fixture(scope="module")
def forced() -> tuple[Point, SetAttack]:
    point = _point(_forced_win())
    request = point.request
    assert isinstance(request, SetAttackRequest) and request.player is P1
    assert point.id.kind is PointKind.STRIKE
    grasp = next(o for o in request.choices if isinstance(o, SetAttack)
                 and point.state.card_defs[o.cards[0]] == GRASP)
    return point, grasp


def test_the_best_move_is_the_winning_attack_and_found_says_who_played_it(
        forced: tuple[Point, SetAttack]) -> None:
    point, grasp = forced
    assert point.decision != grasp  # the heuristic agent wild swings there
    missed = best_move(point, 100, 0, CATALOG)
    assert missed is not None
    assert missed.label.startswith("Set Grasp") and missed.p == 1.0 and missed.n > 0
    assert not missed.found
    assert tuple(point.request.options())[missed.option] == grasp
    played = dataclasses.replace(point, decision=grasp)
    found = best_move(played, 100, 0, CATALOG)
    assert found is not None and found.found
    assert (found.label, found.option, found.p, found.n) == (
        missed.label, missed.option, missed.p, missed.n)  # the decision played is no input


def test_the_review_carries_the_best_move_and_the_report_says_it_like_lichess(
        forced: tuple[Point, SetAttack]) -> None:
    point, grasp = forced
    params = Params(rollouts=8, seed=3, screen=4, best=100)
    result = analyse_point(point, params, CATALOG)
    assert result.best == best_move(point, 100, 3, CATALOG)
    played = next(o for o in result.options if o.chosen)
    assert played.estimate is not None
    text = analyze.best_text(result)
    assert text == (f"Best: {result.best.label} (100%), played: {result.decision_label} "  # type: ignore[union-attr]
                    f"({100 * played.estimate.p:.0f}%)")
    again = analyse_point(dataclasses.replace(point, decision=grasp), params, CATALOG)
    assert analyze.best_text(again) == f"Best: {again.decision_label} (100%), found"


def test_the_budget_is_a_parameter_and_zero_or_no_review_means_no_best_move() -> None:
    assert Params(rollouts=200).best_iterations == 200  # as many as the rollouts
    assert Params(rollouts=20).best_iterations == 20
    assert Params(rollouts=200, best=64).best_iterations == 64
    assert Params(rollouts=200, best=0).best_iterations == 0
    assert Params(rollouts=200, review=False, best=64).best_iterations == 0
    assert Params(best=64).key().endswith(";method=2;curve=setter;infer=1;best=64")
    # without one, the key is an older analysis's: it holds no best move either
    assert Params(best=0).key().endswith(";method=2;curve=setter;infer=1")
    assert Params(review=False).key() == Params(review=False, best=9).key()


def test_best_moves_are_the_same_in_one_and_two_processes(tmp_path: Path) -> None:
    """Every seed derives from the analysis seed and the point's decision index."""
    path = tmp_path / "game.exlog"
    record_to_file(path, GameSetup(p1="ryu", p2="ken"), 11, ("heuristic", "random"))
    params = Params(rollouts=2, seed=4, screen=2, max_options=3, best=6)
    one = analyse_log(str(path), params, jobs=1)
    two = analyse_log(str(path), params, jobs=2)
    assert one.points == two.points
    bests = [r.best for r in one.points]
    assert len(bests) > 4 and all(b is not None for b in bests)
    other = analyse_log(str(path), dataclasses.replace(params, seed=5), jobs=1)
    assert [r.best for r in other.points] != bests  # the seed does decide


def test_best_moves_are_stored_and_read_back_and_an_older_table_reads_without(
        tmp_path: Path, forced: tuple[Point, SetAttack]) -> None:
    path = tmp_path / "game.exlog"
    record_to_file(path, GameSetup(p1="ryu", p2="ken"), 11, ("heuristic", "random"))
    analysis = analyse_log(str(path), Params(rollouts=2, seed=1, screen=2, max_options=3,
                                             best=4))
    db = tmp_path / "index.duckdb"
    store_analysis(db, analysis, say=lambda _: None)
    stored = game_analysis(open_source(db), analysis.game_id)
    assert stored is not None and stored.params.endswith(";best=4")
    assert len(stored.points) == len(analysis.points)
    for row, r in zip(stored.points, analysis.points, strict=True):
        assert r.best is not None
        assert (row.best_move, row.best_option, row.best_p, row.best_n, row.found) == (
            r.best.label, r.best.option, r.best.p, r.best.n, r.best.found)
    # the --json output carries the same
    shown = msgspec.json.decode(msgspec.json.encode(analyze._json(analysis)))
    assert [p["best"]["label"] for p in shown["points"]] == [r.best.label for r in  # type: ignore[union-attr]
                                                             analysis.points]
    # an index whose analysis table predates the best move: its analysis still reads
    con = duckdb.connect(str(db))
    try:
        for column in ("best_move", "best_option", "best_p", "best_n", "found"):
            con.execute(f'ALTER TABLE analysis_points DROP COLUMN "{column}"')
    finally:
        con.close()
    old = game_analysis(open_source(db), analysis.game_id)
    assert old is not None and len(old.points) == len(analysis.points)
    assert all(p.best_move is None and p.found is None for p in old.points)
    assert [p.p1 for p in old.points] == [p.p1 for p in stored.points]
    # storing again adds the columns back (an older index is migrated by ADD COLUMN)
    store_analysis(db, analysis, say=lambda _: None)
    again = game_analysis(open_source(db), analysis.game_id)
    assert again is not None and again.points == stored.points


def test_of_two_analyses_of_as_many_rollouts_the_one_with_best_moves_is_shown(
        tmp_path: Path) -> None:
    path = tmp_path / "game.exlog"
    record_to_file(path, GameSetup(p1="ryu", p2="ken"), 11, ("heuristic", "random"))
    db = tmp_path / "index.duckdb"
    base = Params(rollouts=2, seed=1, screen=2, max_options=2)
    for best in (3, 0):  # stored last: the older kind, whose key sorts first
        store_analysis(db, analyse_log(str(path), dataclasses.replace(base, best=best)),
                       say=lambda _: None)
    game_id = analyse_log(str(path), dataclasses.replace(base, review=False)).game_id
    stored = game_analysis(open_source(db), game_id)
    assert stored is not None and stored.params.endswith(";best=3")
    assert all(p.best_move is not None for p in stored.points)


def test_a_one_option_point_is_its_own_best_move_without_a_search(
        forced: tuple[Point, SetAttack]) -> None:
    point, grasp = forced
    only = dataclasses.replace(point, decision=grasp,
                               request=SetAttackRequest(player=P1, choices=(grasp,)))
    best = best_move(only, 10_000, 0, CATALOG)
    assert best is not None and best.found and best.p is None and best.n == 0
    assert best.option == 0 and best.label.startswith("Set Grasp")
