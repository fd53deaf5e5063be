"""The truncated-rollout search bench (issue 32: a cheaper rollout policy measured for
the same time): its variant agents, and its game-by-game comparison with search:128."""

from __future__ import annotations

from pathlib import Path

import pytest
from search_positions import marked

from bench import agents as ladder
from bench import search_horizon as sh
from engine.cards.catalog import default_catalog
from engine.core.ids import Player
from engine.core.rng import Rng
from engine.play.agents import heuristic_policy
from engine.play.search.agent import Method, SearchAgent
from engine.play.search.inference import FLOOR
from engine.play.search.tree import EXPLORATION, PRIOR


def test_a_variant_name_builds_a_search_agent_with_that_horizon() -> None:
    catalog = default_catalog()
    plain = sh.make_variant("search:8", 3, Player.P1, catalog)
    cut = sh.make_variant(sh.variant(8, 2), 3, Player.P1, catalog)
    assert isinstance(plain, SearchAgent) and isinstance(cut, SearchAgent)
    assert plain.cutoff is None and cut.cutoff is not None and cut.iterations == 8
    assert sh.variant(384, 2) == "search:384@h2"
    assert sh._seeds("0-4") == [0, 1, 2, 3, 4] and sh._seeds("7") == [7]


def test_a_variant_name_sets_the_search_constants() -> None:
    """``@cC`` and ``@pP``: PUCT's exploration constant and the heuristic choice's share
    of the prior; the agent's own constants are not named."""
    catalog = default_catalog()
    name = sh.variant(128, 0, 1.0, 0.6)
    assert name == "search:128@c1@p0.6" and sh.variant(128, 0) == "search:128"
    agent = sh.make_variant(name, 3, Player.P2, catalog)
    plain = sh.make_variant("search:128", 3, Player.P2, catalog)
    assert isinstance(agent, SearchAgent) and isinstance(plain, SearchAgent)
    assert (agent.exploration, agent.prior, agent.cutoff) == (1.0, 0.6, None)
    assert (plain.exploration, plain.prior) == (EXPLORATION, PRIOR)
    with pytest.raises(ValueError, match="unknown variant part @x3"):
        sh.make_variant("search:128@x3", 3, Player.P2, catalog)


def test_a_variant_name_sets_sequential_halving() -> None:
    """``@sh``: the root's moves by sequential halving (``Method.HALVING``); the agent's
    own method is PUCT."""
    catalog = default_catalog()
    halving = sh.make_variant("search:128@sh", 3, Player.P1, catalog)
    plain = sh.make_variant("search:128", 3, Player.P1, catalog)
    assert isinstance(halving, SearchAgent) and isinstance(plain, SearchAgent)
    assert (halving.method, halving.iterations) == (Method.HALVING, 128)
    assert plain.method is Method.PUCT


def test_a_variant_name_sets_whether_the_opponents_turn_actions_are_searched() -> None:
    """``@heur``: the opponent's turn actions played in the tree as the heuristic agent
    plays them, the agent's own way since 1 Dec 2026; ``@opp``: searched by PUCT."""
    catalog = default_catalog()
    modelled = sh.make_variant("search:128@heur", 3, Player.P1, catalog)
    searched = sh.make_variant("search:128@opp", 3, Player.P1, catalog)
    plain = sh.make_variant("search:128", 3, Player.P1, catalog)
    assert isinstance(modelled, SearchAgent) and isinstance(searched, SearchAgent)
    assert isinstance(plain, SearchAgent)
    assert (modelled.opponent, searched.opponent, plain.opponent) == (False, True, False)


def test_a_variant_name_sets_the_reward_shaping_inference_and_the_peeking_bound() -> None:
    """``@mM``: the life margin's share of a rollout's reward; ``@aK`` and ``@fF``: the
    opponent's actions recalled and inference's floor; ``@peek``: worlds with the
    opponent's hidden cards as they are and only the decks redrawn (a bound, never the
    agent's: its own draws are ``determinize``'s or inference's)."""
    catalog = default_catalog()
    agent = sh.make_variant("search:128@m0.3@peek", 3, Player.P1, catalog)
    plain = sh.make_variant("search:128", 3, Player.P1, catalog)
    assert isinstance(agent, SearchAgent) and isinstance(plain, SearchAgent)
    assert (agent.shaping, agent.determinizer) == (0.3, sh.peeking)
    assert (plain.shaping, plain.determinizer) == (0.0, None)
    recalling = sh.make_variant("search:128@a3@f0.01", 3, Player.P1, catalog)
    assert isinstance(recalling, SearchAgent) and (recalling.recall, plain.recall) == (3, 0)
    assert (recalling.floor, plain.floor) == (0.01, FLOOR)
    blind = sh.make_variant("search:128@uniform", 3, Player.P1, catalog)
    assert isinstance(blind, SearchAgent) and (blind.infer, plain.infer) == (False, True)
    for bad in ("search:128@m1.5", "search:128@a-2", "search:128@f0"):
        with pytest.raises(ValueError, match=bad.split("@")[1]):
            sh.make_variant(bad, 3, Player.P1, catalog)


def test_peeking_worlds_hold_the_opponents_real_hand_and_reshuffle_the_decks() -> None:
    game, _ = marked()  # Ken's hand: both Shoryukens, Grasp, Cross
    catalog = default_catalog()
    agent = SearchAgent(1, Player.P1, catalog, 8, "search:8", heuristic_policy(catalog))
    agent.follow(game)
    assert agent.table is not None and agent.knowledge is not None
    real = game.state
    decks = set()
    for i in range(6):
        world = sh.peeking(agent.table, agent.knowledge, Rng(i), catalog)
        for who in (0, 1):
            assert world.players[who].hand == real.players[who].hand
            assert ([world.card_defs[r] for r in world.players[who].hand]
                    == [real.card_defs[r] for r in real.players[who].hand])
            assert (sorted(world.card_defs[r] for r in world.players[who].deck)
                    == sorted(real.card_defs[r] for r in real.players[who].deck))
        decks.add(tuple(world.card_defs[r] for r in world.players[1].deck))
    assert len(decks) == 6  # the deck's order is drawn anew each time


def test_the_report_compares_the_same_games_with_search_128(tmp_path: Path) -> None:
    name = sh.variant(384, 2)
    tasks = [(name, "heuristic", "ryu", "ken", seed, seat) for seed in (0, 1) for seat in (0, 1)]
    played = {t: ladder.Game(*t, score=s, searched=10, search_seconds=5.0)
              for t, s in zip(tasks, (1.0, 1.0, 0.0, 0.5), strict=True)}
    base = {(sh.BASELINE, *t[1:]): ladder.Game(sh.BASELINE, *t[1:], score=s, searched=10,
                                              search_seconds=8.0)
            for t, s in zip(tasks, (1.0, 0.0, 1.0, 0.5), strict=True)}
    text = sh.report(name, tasks, played, base)
    assert text.startswith("search:384@h2 vs heuristic: 2.5 of 4 (62.5%")
    assert "0.50 CPU s a searched decision" in text and "0.80 CPU s" in text
    assert text.endswith("won and search:128 did not: 1, the reverse: 1")
