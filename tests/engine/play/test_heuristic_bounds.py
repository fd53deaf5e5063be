"""The shortcuts the heuristic agent takes to decide the same for less
(``engine.play.heuristic_clash``, issue 31): they may skip a value only when it could not
change the choice. Checked at every decision of seeded heuristic games, against the full
computation each replaces:

- ``wild_below``: an upper bound on a wild swing's value (core rulebook, Resolving
  Strikes: the wild swing is "the top card of your deck" set as the attack, so its value
  is the mean over the deck list; "Once a player's life is reduced to 0, they lose the
  game": ``LETHAL`` counts in the bound). Never below the value itself;
- ``edge_reaches``: the strike test ``edge >= STRIKE_EDGE`` without valuing attacks that
  do not reach.
"""

from __future__ import annotations

import pytest

from engine.cards.catalog import default_catalog
from engine.core.decisions import (
    ActionRequest,
    SetAttackRequest,
    Strike,
    WildSwing,
    forced_decision,
)
from engine.core.ids import Player
from engine.core.state import State
from engine.knowledge.views import glance
from engine.play import heuristic_clash as clash
from engine.play import heuristic_reach as reach
from engine.play.api import GameSetup, new_game
from engine.play.heuristic import STRIKE_EDGE, HeuristicAgent

CATALOG = default_catalog()
MATCHUPS = [("ryu", "ken"), ("mika", "ryu"), ("kokonoe", "nanase"), ("chunli", "merkava"),
            ("tager", "ryu")]


def _checked_games(p1: str, p2: str, seeds: range) -> tuple[int, int]:
    """Play heuristic games, checking both shortcuts at each decision they apply to;
    (wild swings checked, strike tests checked)."""
    wilds = strikes = 0
    for seed in seeds:
        game = new_game(GameSetup(p1=p1, p2=p2), seed, CATALOG)
        agents = (HeuristicAgent(seed, Player.P1, CATALOG),
                  HeuristicAgent(seed, Player.P2, CATALOG))
        while (request := game.pending) is not None:
            decision = forced_decision(request)
            if decision is None:
                agent = agents[request.player]
                view = glance(game.state, request.player)
                if isinstance(request, SetAttackRequest) and any(
                        isinstance(o, WildSwing) for o in request.choices):
                    _check_wild(agent, view)
                    wilds += 1
                if isinstance(request, ActionRequest) and Strike() in request.choices:
                    _check_strike_test(agent, view)
                    strikes += 1
                decision = agent.decide(view, request)
            game.step(decision)
    return wilds, strikes


def _check_wild(agent: HeuristicAgent, view: State) -> None:
    strike = view.strike
    attacking = strike is not None and strike.attacker == agent.player
    bonuses = reach.range_bonuses(agent, view)
    value = clash.wild_value(agent, view, attacking, bonuses)
    # the bound is never below the value: "surely below" the value itself is False
    assert not clash.wild_below(agent, view, attacking, bonuses, value)
    assert clash.wild_below(agent, view, attacking, bonuses, 1_000.0)


def _check_strike_test(agent: HeuristicAgent, view: State) -> None:
    me = view.players[agent.player]
    bonuses = reach.range_bonuses(agent, view)
    settable = [c for c in (*me.hand, *(r for r in me.boosts
                                         if agent._card(view, r).set_from_boost))
                if not agent._blocked(view, (c,))]
    assert clash.edge_reaches(agent, view, settable, bonuses, STRIKE_EDGE) is (
        clash.edge(agent, view, settable, bonuses) >= STRIKE_EDGE)


@pytest.mark.parametrize(("p1", "p2"), MATCHUPS)
def test_the_shortcuts_agree_with_the_full_values(p1: str, p2: str) -> None:
    """At every wild-swing choice the bound is at least the wild swing's value, and at
    every action with Strike offered the shortcut strike test answers as the best
    attack value against ``STRIKE_EDGE`` (``HeuristicAgent._action``: "strikes when an
    attack it could set is expected to deal this much more damage than it takes")."""
    wilds, strikes = _checked_games(p1, p2, range(4))
    assert wilds > 0 and strikes > 0


def test_tagers_wild_swing_value_does_not_depend_on_what_was_asked_first() -> None:
    """Iron Tager's movement limit (roster.md: "he cannot move more than N spaces at
    once ... while exceeded the limit does not apply") changes what his deck list reaches
    (Dive's "Before: Advance 3"), so a wild swing's value differs exceeded and not. The
    value was cached per spaces without the limit: asked exceeded first, the unexceeded
    value read the exceeded one (and the other way round). Now each is the same whichever
    is asked first."""
    from conftest import position

    from engine.play import heuristic_cache

    def fresh_values(order: tuple[bool, ...]) -> dict[bool, float]:
        for registered in heuristic_cache._CACHES:
            registered.clear()
        found = {}
        for exceeded in order:
            # exceeded is Overdrive: it lasts while the overdrive area holds cards
            d = position(p1=dict(space=3, exceeded=exceeded,
                                 overdrive=["grasp", "cross"] if exceeded else []),
                         p2=dict(space=7), chars=("tager", "ryu"))
            agent = HeuristicAgent(0, Player.P1, CATALOG)
            view = glance(d.state, Player.P1)
            assert d.state.players[Player.P1].exceeded is exceeded
            found[exceeded] = clash.wild_value(agent, view, True,
                                               reach.range_bonuses(agent, view))
        return found

    first = fresh_values((False, True))
    second = fresh_values((True, False))
    assert first[False] != first[True]  # the limit matters from these spaces
    assert first == second
