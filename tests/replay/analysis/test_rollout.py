"""Win probability and decision review by rollouts (``replay.analysis``): determinism of
every figure, the information set (a planted marker card never reaches a
determinization; the real hidden cards are never read), a forced win in one move shows
about 100% for that move, and a known blunder ranks below the obvious best move.

Positions are built with the scenario builder and recorded, so the analysis walks a
real log: Ryu (P1) and Ken (P2), the standard Normals (Grasp: range 1, power 3, speed 7;
Block: power 0, speed 0, armor 2)."""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pytest
from conftest import CATALOG, P1, P2

from engine import GameSetup, Rng, Scenario, determinize, read_game_bytes, record_to_file
from engine.recording.record import Recording
from replay.analysis.positions import Point, PointKind, points
from replay.analysis.rollout import (
    BLUNDER,
    Params,
    Severity,
    analyse_point,
    classify,
    estimate,
    wilson,
)
from replay.analysis.run import analyse_log

KEN_REST = "shoryuken"


def _first_point(scenario: Scenario, seed: int = 3) -> Point:
    """The first analysed point of ``scenario``'s game, recorded and read back as a log
    (the game is played out by heuristic agents so the log is sealed)."""
    stream = io.BytesIO()
    recording = Recording(scenario.game(seed), seed, stream, ("heuristic", "heuristic"))
    recording.play_out()
    recording.seal()
    log = read_game_bytes(stream.getvalue(), "scenario.exlog")
    return next(points(log, CATALOG))


def _lethal(decked: bool = False) -> Scenario:
    """P1 (Ryu, 3) to act holding Grasp, adjacent to Ken (4) at 1 life whose hand is
    empty and whose deck is one Block (every other card of his in the discard, open to
    P1): striking wins (Ken must wild swing the Block: Grasp's 3 power beats its armor
    2, speed 7 beats 0). ``decked``: Ryu's deck is empty and his reshuffle used, so a
    draw loses him the game (core rulebook, Reshuffle)."""
    ken_deck = CATALOG.deck_list("ken")
    discard = list(ken_deck)
    discard.remove("standard_normal_block")
    ryu_discard = list(CATALOG.deck_list("ryu"))
    ryu_discard.remove("standard_normal_grasp")
    return (Scenario("ryu", "ken")
            .player(P1, space=3, hand=["grasp"],
                    **({"deck": [], "deck_rest": "none", "reshuffled": True,
                        "discard": ryu_discard} if decked
                       else {}))
            .player(P2, space=4, life=1, hand=[], deck=["block"], deck_rest="none",
                    discard=discard)
            .active(P1))


def test_win_probability_is_the_same_for_the_same_log_params_and_seed() -> None:
    """Same point, parameters and seed: the same figures, bit for bit; another seed
    draws other determinizations and rollouts."""
    point = _first_point(Scenario("ryu", "ken").player(P1, space=4).player(P2, space=6)
                         .active(P1))
    params = Params(rollouts=12, seed=5, review=True, screen=4)
    first, again = analyse_point(point, params, CATALOG), analyse_point(point, params, CATALOG)
    assert first == again
    other = analyse_point(point, Params(rollouts=12, seed=6, review=False), CATALOG)
    assert other.p1.n == 12 and 0.0 <= other.p1.low <= other.p1.p <= other.p1.high <= 1.0


def test_analysis_of_a_log_does_not_depend_on_the_number_of_jobs(tmp_path: Path) -> None:
    """``analyse_log`` with 1 and 2 worker processes: the same points and figures (every
    seed derives from the analysis seed, the decision and the rollout number)."""
    path = tmp_path / "game.exlog"
    record_to_file(path, GameSetup(p1="ryu", p2="ken"), 11, ("heuristic", "random"))
    params = Params(rollouts=3, seed=1, review=False)
    one = analyse_log(str(path), params, jobs=1)
    two = analyse_log(str(path), params, jobs=2)
    assert one.points == two.points and len(one.points) > 5
    assert {p.id.kind for p in one.points} == {PointKind.TURN, PointKind.STRIKE}


def test_a_planted_marker_card_never_reaches_a_determinization() -> None:
    """The information set: a card P1 could not have seen (a Zangief card planted as
    the identity of a card in Ken's hidden hand, which no deck list of Ken's holds)
    never appears in P1's determinizations, and they are the same with or without the
    plant: the real identities of hidden cards are never read."""
    point = _first_point(Scenario("ryu", "ken").player(P1, space=4, hand=["grasp"])
                         .player(P2, space=6, hand=["hadoken", "shoryuken", "focus"])
                         .active(P1))
    assert point.id.player == P1
    hidden = [ref for ref in point.state.players[P2].hand]
    planted = point.state.copy()
    planted.card_defs = dict(planted.card_defs)
    marker = "zangief_siberianblizzard"
    planted.card_defs[hidden[0]] = marker
    for j in range(200):
        clean = determinize(point.state, point.knowledge, Rng(j))
        dirty = determinize(planted, point.knowledge, Rng(j))
        assert marker not in dirty.card_defs.values()
        assert dirty.card_defs == clean.card_defs
        assert dirty.players[P2].deck == clean.players[P2].deck
    # what P1 sees stays: their own hand, and the counts of Ken's zones
    world = determinize(point.state, point.knowledge, Rng(0))
    assert [world.card_defs[r] for r in world.players[P1].hand] == [
        point.state.card_defs[r] for r in point.state.players[P1].hand]
    assert len(world.players[P2].hand) == 3


def test_determinizations_draw_kens_hand_from_what_p1_can_infer() -> None:
    """Ken's three hidden hand cards are drawn from his deck list less what P1 sees:
    over 300 determinizations every one of his 15 deck-list cards turns up, never more
    copies than he has, and his hand is not always the real one."""
    point = _first_point(Scenario("ryu", "ken").player(P1, space=4, hand=["grasp"])
                         .player(P2, space=6, hand=["hadoken", "shoryuken", "focus"])
                         .active(P1))
    real = sorted(point.state.card_defs[r] for r in point.state.players[P2].hand)
    allowed = Counter(CATALOG.deck_list("ken"))
    seen: set[str] = set()
    differs = 0
    for j in range(300):
        world = determinize(point.state, point.knowledge, Rng(j))
        hand = [world.card_defs[r] for r in world.players[P2].hand]
        every = Counter(world.card_defs[r] for r in (*world.players[P2].hand,
                                                      *world.players[P2].deck))
        assert all(every[c] <= allowed[c] for c in every)
        seen.update(hand)
        differs += sorted(hand) != real
    assert seen == set(allowed) and differs > 250


def test_a_forced_win_in_one_move_shows_about_100_percent_for_that_move() -> None:
    """Striking with Grasp against Ken at 1 life, whose only card is a Block to wild
    swing, wins every rollout: the Strike option shows 100% (interval up to 100%)."""
    point = _first_point(_lethal())
    assert point.id.kind is PointKind.TURN and point.id.player == P1
    result = analyse_point(point, Params(rollouts=40, seed=2, screen=40), CATALOG)
    strike = next(o for o in result.options if o.label == "Strike")
    assert strike.estimate is not None and strike.estimate.p == 1.0
    assert strike.estimate.high == 1.0 and strike.estimate.low > 0.9
    assert result.options[0].estimate is not None and result.options[0].estimate.p == 1.0


def test_decision_review_ranks_a_known_blunder_below_the_obvious_best_move() -> None:
    """The same position with Ryu's deck empty and his reshuffle used (core rulebook,
    Reshuffle: a player who would draw then loses the game): Strike wins at once;
    Prepare draws a card and loses. The review ranks Strike first, Prepare far below,
    and a Prepare played there would be classified a blunder.

    (Until the rollout policy saw lethal hits, this position had Ryu at 1 life instead,
    on the story that Prepare lets Ken strike first. It does not: Ken's only card is a
    Block, none of his attacks is faster than Ryu's Grasp, and a policy that strikes
    with Grasp at Ken's 1 life wins 39 rollouts of 40 after the Prepare too.)"""
    point = _first_point(_lethal(decked=True))
    result = analyse_point(point, Params(rollouts=40, seed=2, screen=40), CATALOG)
    labels = [o.label for o in result.options]
    strike = result.options[labels.index("Strike")]
    prepare = result.options[labels.index("Prepare")]
    assert strike.estimate is not None and prepare.estimate is not None
    assert labels.index("Strike") < labels.index("Prepare")
    assert strike.estimate.p - prepare.estimate.p >= BLUNDER
    assert classify(strike.estimate.p - prepare.estimate.p, True) is Severity.BLUNDER


def test_wilson_interval_known_values() -> None:
    """The Wilson score interval against known values (Newcombe 1998, table I): 81 of
    263 gives 0.2553..0.3662; 0 of 10 gives 0..0.2775; n = 0 is 0..1."""
    low, high = wilson(81, 263)
    assert low == pytest.approx(0.2553, abs=1e-4) and high == pytest.approx(0.3662, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    assert estimate([1.0, 0.5, 0.0, 1.0]).wins == 2.5


def test_severity_needs_a_significant_swing() -> None:
    """docs/metrics.md: inaccuracy from 5 points, mistake from 10, blunder from 20, and
    none at all when the paired difference is not significant."""
    assert classify(0.04, True) is Severity.NONE
    assert classify(0.05, True) is Severity.INACCURACY
    assert classify(0.12, True) is Severity.MISTAKE
    assert classify(0.25, True) is Severity.BLUNDER
    assert classify(0.25, False) is Severity.NONE
    assert P2 != P1
