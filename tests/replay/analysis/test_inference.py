"""The analysis draws the opponent's face-down set attack by inference (issue 32 item 4,
``docs/metrics.md`` "Hidden-card inference"): at a strike's second set point the second
setter's worlds weigh the first setter's face-down attack by the heuristic agent's
choice (``Params.infer``, ``infer=1`` in the stored key); elsewhere nothing changes.

The game: Ken (P1) against Ryu (P2), both heuristic, seed 101 (a sample game), read
from ``sample_games``."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from conftest import CATALOG

from engine import Rng, derive_seed, determinize, heuristic_policy, inferred, read_game
from replay.analysis.positions import Point, points, second_set_points
from replay.analysis.rollout import Params, analyse_point, rollout_seeds, stream
from replay.analysis.run import analyse_log
from replay.index.analysis import store_analysis
from replay.query import game_analysis, open_source

GAME = Path(__file__).resolve().parents[3] / "sample_games" / (
    "ken-vs-ryu_heuristic-vs-heuristic_seed101.exlog")


@pytest.fixture(scope="module")
def pts() -> dict[int, Point]:
    return {p.id.index: p for p in points(read_game(GAME), CATALOG)}


def test_the_key_records_inference_and_it_is_the_default() -> None:
    assert Params().infer
    assert ";curve=setter;infer=1" in Params().key()
    assert "infer" not in Params(infer=False).key()


def test_only_a_second_set_point_knows_the_opponents_set(pts: dict[int, Point]) -> None:
    """``Point.seen`` is the table just before the first setter set, at each strike's
    second set point (the same strike, the other player), and None elsewhere."""
    seconds = second_set_points(pts.values())
    assert len(seconds) >= 4
    for index, point in pts.items():
        if index in seconds:
            first = pts[seconds[index]]
            assert point.seen is not None and point.seen.setter is first.id.player
            assert point.seen.before == first.state
        else:
            assert point.seen is None


def test_worlds_are_inferred_at_second_set_points_and_unchanged_elsewhere(
        pts: dict[int, Point]) -> None:
    """With inference the second setter's worlds hold the first setter's real face-down
    card more often than uniform draws do (in these heuristic games the heuristic agent
    is the real policy); every other point's worlds are ``determinize``'s, bit for bit."""
    seconds = second_set_points(pts.values())
    params, blind = Params(rollouts=30), Params(rollouts=30, infer=False)
    real_hits = {True: 0, False: 0}
    for index, point in pts.items():
        worlds, seeds = rollout_seeds(point, params, CATALOG, range(30))
        plain, plain_seeds = rollout_seeds(point, blind, CATALOG, range(30))
        assert seeds == plain_seeds
        if index not in seconds:
            assert [w.card_defs for w in worlds] == [w.card_defs for w in plain]
            continue
        strike = point.state.strike
        assert strike is not None
        refs = strike.sides[point.id.player.other].cards
        real = [point.state.card_defs[r] for r in refs]
        real_hits[True] += sum([w.card_defs[r] for r in refs] == real for w in worlds)
        real_hits[False] += sum([w.card_defs[r] for r in refs] == real for w in plain)
    assert real_hits[True] > 1.5 * real_hits[False]


def test_the_inferred_world_is_the_uniform_one_when_the_first_draw_is_kept(
        pts: dict[int, Point]) -> None:
    """Common random numbers: inference's first draw is ``determinize``'s own world."""
    index, point = next((i, p) for i, p in pts.items() if p.seen is not None)
    draw = inferred(point.seen, heuristic_policy(CATALOG), floor=1.0)  # keeps every draw
    for j in range(5):
        seed = derive_seed(0, f"world/{stream(point)}/{j}")
        assert (draw(point.state, point.knowledge, Rng(seed), CATALOG).card_defs
                == determinize(point.state, point.knowledge, Rng(seed), CATALOG).card_defs)
    assert index in second_set_points(pts.values())


def test_an_inferred_analysis_is_stored_apart_and_shown_first(
        tmp_path: Path, pts: dict[int, Point]) -> None:
    """An analysis stored before inference (no ``infer=1``) reads back as it was; of two
    of as many rollouts, the one with inference is shown."""
    db = tmp_path / "index.duckdb"
    older = analyse_log(str(GAME), Params(rollouts=3, review=False, infer=False))
    store_analysis(db, older, say=lambda _: None)
    read = game_analysis(open_source(db), older.game_id)
    assert read is not None and "infer" not in read.params
    new = analyse_log(str(GAME), Params(rollouts=3, review=False))
    store_analysis(db, new, say=lambda _: None)
    shown = game_analysis(open_source(db), new.game_id)
    assert shown is not None and shown.params == Params(rollouts=3, review=False).key()
    again = game_analysis(open_source(db), older.game_id, older.params.key())
    assert again is not None and [p.p1 for p in again.points] == [p.p1 for p in read.points]


def test_a_second_setters_review_changes_with_inference(pts: dict[int, Point]) -> None:
    """At some second set point the second setter's own estimate differs with inference
    (the worlds differ), while the first set point's is the same."""
    seconds = second_set_points(pts.values())
    params = Params(rollouts=12, review=False)
    blind = dataclasses.replace(params, infer=False)
    changed = 0
    for second, first in seconds.items():
        assert (analyse_point(pts[first], params, CATALOG).p1
                == analyse_point(pts[first], blind, CATALOG).p1)
        changed += (analyse_point(pts[second], params, CATALOG).p1
                    != analyse_point(pts[second], blind, CATALOG).p1)
    assert changed >= 1
