"""Truncated rollouts (issue 31, ``Params.horizon``): the leaf evaluator
(``replay.analysis.leaf``) is deterministic and rises with P1's life lead; a truncated
analysis is the same bit for bit in 1 and 2 processes; a rollout whose game ends inside
the horizon scores the game's result; horizon 0 plays every rollout to the end, as
before; the interval of leaf values is never wider than the Wilson interval of wins and
losses as spread; and ``exceed analyze --horizon`` refuses a bad value in one line."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest
from conftest import CATALOG, P1, P2

from engine import (
    GameSetup,
    Player,
    State,
    derive_seed,
    game_from_state,
    ismcts,
    new_game,
    play_on,
    read_game,
    record_to_file,
)
from replay.analysis import leaf
from replay.analysis.horizon import Cutoff, effective_n, search_cutoff
from replay.analysis.positions import Point, points
from replay.analysis.rollout import (
    Params,
    analyse_point,
    estimate,
    play_scores,
    rollout_seeds,
    wilson,
)
from replay.analysis.run import analyse_log
from replay.cli import main
from replay.index.analysis import store_analysis
from replay.query import game_analysis, open_source


def _state(p1_life: int, p2_life: int) -> State:
    """A dealt game of Ryu vs Ken (P1's turn) with the fighters' life set: a built
    position the evaluator reads."""
    game = new_game(GameSetup(p1="ryu", p2="ken"), 7, CATALOG)
    state = game.state.copy()
    state.players[P1].life = p1_life
    state.players[P2].life = p2_life
    return state


def test_the_leaf_value_is_deterministic_and_rises_with_p1s_life_lead() -> None:
    """Every life of P1 from 1 to 30 against every life of P2: the value is the same on a
    copy and on a second call, strictly rises with P1's life and strictly falls with
    P2's, and lies strictly between 0 and 1 (no game is over)."""
    for p2 in range(1, 31):
        values = []
        for p1 in range(1, 31):
            state = _state(p1, p2)
            v = leaf.value(state)
            assert v == leaf.value(state.copy()) == leaf.value(state)
            assert 0.0 < v < 1.0
            values.append(v)
        assert all(a < b for a, b in itertools.pairwise(values)), p2
    for p1 in range(1, 31):
        falling = [leaf.value(_state(p1, p2)) for p2 in range(1, 31)]
        assert all(a > b for a, b in itertools.pairwise(falling)), p1


def test_the_leaf_value_reads_the_fighters_in_play() -> None:
    """``leaf.fighters`` (the model of 1 Dec 2026): at the deal, Ryu vs Ken adds Ryu's
    fitted strength and fading term less Ken's, the fading terms in full (all 60 life
    left); at half the life, half the fading terms; a mirror adds nothing, nor does a fighter the
    model was not fitted on; the value is the logistic of the counts' sum and this."""
    ryu, ken = leaf.FIGHTERS["ryu"], leaf.FIGHTERS["ken"]
    state = _state(30, 30)
    assert leaf.fighters(state) == pytest.approx(ryu[0] - ken[0] + (ryu[1] - ken[1]))
    half = _state(15, 15)
    assert leaf.fighters(half) == pytest.approx(ryu[0] - ken[0] + (ryu[1] - ken[1]) / 2)
    z = sum(w * x for w, x in zip(leaf.WEIGHTS, leaf.features(state), strict=True))
    assert leaf.value(state) == pytest.approx(1 / (1 + math.exp(-(z + leaf.fighters(state)))))
    state.players[P2].character = "ryu"
    assert leaf.fighters(state) == 0.0
    state.players[P1].character = state.players[P2].character = "not-a-fighter"
    assert leaf.fighters(state) == 0.0
    assert set(leaf.FIGHTERS) == set(CATALOG.character_ids())


def test_a_spent_reshuffle_with_an_empty_deck_lowers_the_leaf_value() -> None:
    """Core rulebook, Reshuffle: a player who has reshuffled and must draw from an empty
    deck loses. ``deckout``: P1 with an empty deck is valued lower once the reshuffle
    is spent, and P2's spent reshuffle raises P1's value."""
    fresh = _state(20, 20)
    fresh.players[P1].deck = []
    fresh.players[P2].deck = []
    spent = fresh.copy()
    spent.players[P1].reshuffled = True
    assert leaf.value(spent) < leaf.value(fresh)
    theirs = fresh.copy()
    theirs.players[P2].reshuffled = True
    assert leaf.value(theirs) > leaf.value(fresh)


def test_the_leaf_value_of_a_won_game_is_its_result() -> None:
    state = _state(5, 0)
    state.winner = Player.P1
    assert leaf.value(state) == 1.0
    state.winner = Player.P2
    assert leaf.value(state) == 0.0


def _median_point(path: Path, index: int = 2) -> Point:
    return list(points(read_game(path), CATALOG))[index]


@pytest.fixture(scope="module")
def game_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("horizon") / "game.exlog"
    record_to_file(path, GameSetup(p1="ryu", p2="ken"), 11, ("heuristic", "heuristic"))
    return path


def test_a_truncated_analysis_is_the_same_in_one_and_two_processes(game_path: Path) -> None:
    """A review with its best move and truncated rollouts (horizon 1), in 1 and 2
    worker processes: the same figures bit for bit, and the key names the horizon."""
    params = Params(rollouts=6, seed=3, screen=3, best=6, horizon=1)
    one = analyse_log(str(game_path), params, jobs=1)
    two = analyse_log(str(game_path), params, jobs=2)
    assert one.points == two.points and len(one.points) > 5
    assert params.key().endswith(";horizon=1;leaf=2")
    assert any(r.p1.wins != round(r.p1.wins) for r in one.points)  # leaf values used


def test_a_game_that_ends_inside_the_horizon_scores_its_result(game_path: Path) -> None:
    """With a horizon longer than any game (1,000 strikes) every rollout ends the game
    inside it: each score is 0, 1 (or a draw's 0.5), equal to the full rollout's."""
    point = _median_point(game_path)
    full = Params(rollouts=10, seed=4)
    long = Params(rollouts=10, seed=4, horizon=1000)
    worlds, seeds = rollout_seeds(point, full, CATALOG, range(10))
    a = play_scores(point, full, CATALOG, worlds, seeds, point.decision)
    b = play_scores(point, long, CATALOG, worlds, seeds, point.decision)
    assert a == b and set(b) <= {0.0, 0.5, 1.0}


def test_a_cutoff_stops_only_after_its_strikes_and_at_a_turn_start(game_path: Path) -> None:
    """Played on with the cutoff's hook, a game stops once one strike has ended and the
    next turn's first action choice is pending; a finished game is never a cutoff."""
    point = _median_point(game_path)
    game = game_from_state(point.state.copy(), point.request, 9, CATALOG)
    cut = Cutoff(1)
    ended: list[object] = []

    def hook(g, request, decision, caused) -> None:  # type: ignore[no-untyped-def]
        ended.extend(e for e in caused if type(e).__name__ == "StrikeEnded")
        cut.hook(g, request, decision, caused)

    from replay.analysis.horizon import Reached
    with pytest.raises(Reached):
        play_on(game, 9, ("heuristic", "heuristic"), CATALOG, hook)
    assert len(ended) == 1 and game.state.winner is None
    assert type(game.pending).__name__ == "ActionRequest"
    finished = game_from_state(point.state.copy(), point.request, 9, CATALOG)
    play_on(finished, 9, ("heuristic", "heuristic"), CATALOG)
    assert finished.pending is None and not Cutoff(1).reached(finished, [])


def test_horizon_0_plays_every_rollout_to_the_end_as_before(game_path: Path) -> None:
    """Horizon 0 (the analysis before truncation): each rollout's score is the game's
    result played to the end with ``play_on`` from the same world and seed, the
    intervals are the plain Wilson intervals, and the key has no horizon in it."""
    point = _median_point(game_path)
    params = Params(rollouts=8, seed=2, review=False, horizon=0)
    worlds, seeds = rollout_seeds(point, params, CATALOG, range(8))
    scores = play_scores(point, params, CATALOG, worlds, seeds, point.decision)
    mine = point.id.player
    for world, seed, score in zip(worlds, seeds, scores, strict=True):
        game = game_from_state(world.copy(), point.request, seed, CATALOG)
        game.step(point.decision)
        play_on(game, seed, ("heuristic", "heuristic"), CATALOG)
        won = game.state.winner
        p1 = 0.5 if won is None else 1.0 if won is Player.P1 else 0.0
        assert score == (p1 if mine is Player.P1 else 1.0 - p1)
    result = analyse_point(point, params, CATALOG)
    p = [s if mine is Player.P1 else 1.0 - s for s in scores if s is not None]
    assert result.p1.wins == sum(p) and (result.p1.low, result.p1.high) == wilson(sum(p), 8)
    assert "horizon" not in params.key()
    assert params.key() == ("rollouts=8;seed=2;max_options=24;agent=heuristic;review=0;"
                            "screen=25;method=2;curve=setter;infer=1")


def test_a_truncated_analysis_is_stored_apart_and_a_full_one_is_shown_first(
        game_path: Path, tmp_path: Path) -> None:
    """A truncated analysis (opt-in) reads back by itself; once a full-rollout analysis
    of as many rollouts is stored beside it, the full one is shown (it is the more
    accurate), and the truncated one still reads by its key, as it was."""
    db = tmp_path / "index.duckdb"
    cut = analyse_log(str(game_path), Params(rollouts=3, review=False, horizon=2))
    store_analysis(db, cut, say=lambda _: None)
    read = game_analysis(open_source(db), cut.game_id)
    assert read is not None and read.params.endswith(";horizon=2;leaf=2")
    full = analyse_log(str(game_path), Params(rollouts=3, review=False, horizon=0))
    store_analysis(db, full, say=lambda _: None)
    shown = game_analysis(open_source(db), full.game_id)
    assert shown is not None and shown.params == full.params.key()
    assert "horizon" not in shown.params
    again = game_analysis(open_source(db), cut.game_id, cut.params.key())
    assert again is not None and [p.p1 for p in again.points] == [p.p1 for p in read.points]


def test_the_interval_of_leaf_values_is_never_wider_than_wins_and_losses() -> None:
    """Scores of 0 and 1 only: the effective sample is the sample, the interval Wilson's.
    Leaf values less spread than wins and losses of the same mean: a larger effective
    sample and a narrower interval, never wider; all alike: capped, not zero width."""
    wins = [1.0] * 30 + [0.0] * 70
    assert effective_n(wins) == pytest.approx(100)
    plain, spread = estimate(wins), estimate(wins, spread=True)
    assert (spread.low, spread.high) == pytest.approx((plain.low, plain.high))
    values = [0.2] * 50 + [0.4] * 50
    assert effective_n(values) > 100
    narrow = estimate(values, spread=True)
    assert narrow.high - narrow.low < plain.high - plain.low
    alike = estimate([0.3] * 100, spread=True)
    assert 0 < alike.high - alike.low < narrow.high - narrow.low


def test_a_search_with_a_cutoff_that_never_cuts_is_the_search_without_one(
        game_path: Path) -> None:
    """The search agent's search is unchanged: a cutoff that never gives a value chooses
    as no cutoff, visit for visit; the horizon's cutoff is reproducible."""
    point = _median_point(game_path)
    from engine import heuristic_policy
    policy = heuristic_policy(CATALOG)
    seed = derive_seed(1, "best")

    def never():
        return lambda game, caused: None

    plain = ismcts(point.state, point.knowledge, point.request, 12, seed, CATALOG, policy)
    idle = ismcts(point.state, point.knowledge, point.request, 12, seed, CATALOG, policy,
                  cutoff=never)
    assert plain is not None and idle is not None
    assert plain.options == idle.options and plain.decision == idle.decision
    cut = [ismcts(point.state, point.knowledge, point.request, 12, seed, CATALOG, policy,
                  cutoff=search_cutoff(1)) for _ in range(2)]
    assert cut[0] is not None and cut[1] is not None
    assert cut[0].options == cut[1].options and cut[0].steps < plain.steps


@pytest.mark.parametrize(("value", "message"), [
    ("-1", "expected 0 or more, got -1"), ("abc", "expected an integer, got 'abc'")])
def test_analyze_refuses_a_bad_horizon_in_one_line(
        value: str, message: str, game_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["analyze", str(game_path), "--no-store", "--horizon", value])
    out, err = capsys.readouterr()
    assert stopped.value.code == 2 and out == "" and "Traceback" not in err
    assert err.splitlines()[-1] == f"exceed analyze: error: argument --horizon: {message}"
