"""Rule tests for ``engine.play.heuristic_clash``: the heuristic agent judges an attack
by the damage it is expected to deal and take against the attack the opponent sets at
the same time (core rulebook, Resolving Strikes: the faster attack hits first, the
attacker on a tie; more damage than the guard stuns, and a stunned fighter's attack does
not hit), not by its power alone.

Each test builds a position with the scenario builder, asks the heuristic agent for its
decision from its own view, and asserts it; the card or rulebook section each rule reads
is named in the test's docstring.
"""

from __future__ import annotations

from engine.cards.catalog import default_catalog
from engine.core.decisions import Decision, Prepare, SetAttack, SetAttackRequest, Strike
from engine.core.ids import Player
from engine.core.state import State
from engine.knowledge.views import observe
from engine.play.agents import HeuristicAgent
from engine.play.api import Game
from engine.play.scenario import Scenario

CATALOG = default_catalog()
P1, P2 = Player.P1, Player.P2
GAUGE = ["grasp", "grasp", "cross"]
"""Gauge enough for Kikousho (Ultra, 2 gauge)."""


def _chunli(hand: list[str], defending: bool) -> Game:
    sc = Scenario("chunli", "ryu", CATALOG).player(P1, space=3, hand=hand, gauge=GAUGE)
    sc = sc.player(P2, space=4, hand=["grasp", "cross", "dive"])
    if defending:
        return sc.active(P2).strike("second_sets", None, ["grasp"]).game()
    return sc.active(P1).game()


def _decide(game: Game) -> tuple[State, Decision]:
    request = game.pending
    assert request is not None and request.player is P1, request
    view = observe(game.state, P1)
    return view, HeuristicAgent(0, P1, CATALOG).decide(view, request)


def _name(view: State, decision: Decision) -> str:
    assert isinstance(decision, SetAttack), decision
    return CATALOG.card(view.card_defs[decision.cards[0]]).name


def test_defender_sets_the_fast_attack_not_the_slow_strong_one() -> None:
    """Chun-Li's Kikousho (Ultra: power 7, speed 2, guard 0) against Lightning Legs
    (power 3, speed 6), next to Ryu, as the defender: most of Ryu's attacks that reach
    are faster than speed 2 and would stun her first (Resolving Strikes), so she sets
    Lightning Legs (the power-first score set Kikousho)."""
    game = _chunli(["kikousho", "lightninglegs", "block"], defending=True)
    assert isinstance(game.pending, SetAttackRequest)
    view, decision = _decide(game)
    assert _name(view, decision) == "Lightning Legs"


def test_no_strike_with_only_a_slow_attack_in_reach() -> None:
    """Kikousho reaches Ryu from next to him and scores 7 or more by power, but Ryu's
    faster attacks would stun Chun-Li before it hits (Resolving Strikes): expected to
    deal little more than it takes, it is no reason to strike (it struck before)."""
    game = _chunli(["kikousho", "kikoken", "block"], defending=False)
    _, decision = _decide(game)
    assert decision != Strike()
    assert decision == Prepare()

