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

from conftest import CATALOG, heuristic_decision, set_card_name

from engine.core.decisions import Prepare, SetAttackRequest, Strike
from engine.core.ids import Player
from engine.knowledge.views import observe
from engine.play import heuristic_clash as clash
from engine.play.api import Game
from engine.play.heuristic import HeuristicAgent
from engine.play.scenario import Scenario

P1, P2 = Player.P1, Player.P2
GAUGE = ["grasp", "grasp", "cross"]
"""Gauge enough for Kikousho (Ultra, 2 gauge)."""


def _chunli(hand: list[str], defending: bool) -> Game:
    sc = Scenario("chunli", "ryu", CATALOG).player(P1, space=3, hand=hand, gauge=GAUGE)
    sc = sc.player(P2, space=4, hand=["grasp", "cross", "dive"])
    if defending:
        return sc.active(P2).strike("second_sets", None, ["grasp"]).game()
    return sc.active(P1).game()






def test_defender_sets_the_fast_attack_not_the_slow_strong_one() -> None:
    """Chun-Li's Kikousho (Ultra: power 7, speed 2, guard 0) against Lightning Legs
    (power 3, speed 6), next to Ryu, as the defender: most of Ryu's attacks that reach
    are faster than speed 2 and would stun her first (Resolving Strikes), so she sets
    Lightning Legs (the power-first score set Kikousho)."""
    game = _chunli(["kikousho", "lightninglegs", "block"], defending=True)
    assert isinstance(game.pending, SetAttackRequest)
    view, decision = heuristic_decision(game)
    assert set_card_name(view, decision) == "Lightning Legs"


def test_no_strike_with_only_a_slow_attack_in_reach() -> None:
    """Kikousho reaches Ryu from next to him and scores 7 or more by power, but Ryu's
    faster attacks would stun Chun-Li before it hits (Resolving Strikes): expected to
    deal little more than it takes, it is no reason to strike (it struck before)."""
    game = _chunli(["kikousho", "kikoken", "block"], defending=False)
    _, decision = heuristic_decision(game)
    assert decision != Strike()
    assert decision == Prepare()


def test_a_sure_lethal_hit_beats_a_wild_swings_bigger_mean_damage() -> None:
    """Core rulebook ("Once a player's life is reduced to 0, they lose the game") and
    Resolving Strikes: Ryu, setting first next to Ken at 1 life, holds only Grasp
    (power 3, speed 7). Ken's hand is empty and every card of his but one Block is in
    his discard, open to Ryu: whatever Ken sets, Grasp hits for at least 1 and wins. A
    wild swing's mean damage is higher, but the card may be slower or miss; round 7's
    clash counts the hit that ends the game (``LETHAL``, damage capped at the life
    left), so the agent sets Grasp (round 6's wild swung)."""
    discard = list(CATALOG.deck_list("ken"))
    discard.remove("standard_normal_block")
    game = (Scenario("ryu", "ken", CATALOG)
            .player(P1, space=3, hand=["grasp"])
            .player(P2, space=4, life=1, hand=[], deck=["block"], deck_rest="none",
                    discard=discard)
            .active(P1).strike(step="first_sets").game(seed=5))
    assert isinstance(game.pending, SetAttackRequest)
    view, decision = heuristic_decision(game)
    assert set_card_name(view, decision) == "Grasp"


def test_a_hit_that_takes_the_last_life_stops_the_slower_attack() -> None:
    """Resolving Strikes with lethal: Ken at 2 life, next to Ryu, whose Grasp (power 3,
    speed 7) is faster than every attack of Ken's. Against Ken's guard-4 Shoryuken a
    Grasp would not stun (3 is not more than 4), yet it takes the last life, so Ken's
    attack never hits: every row of the clash has Ryu take no damage."""
    game = (Scenario("ryu", "ken", CATALOG)
            .player(P1, space=4, hand=["grasp", "block"])
            .player(P2, space=5, life=2, hand=["cross", "assault", "dive"])
            .active(P1).strike(step="first_sets").game(seed=5))
    view = observe(game.state, P1)
    agent = HeuristicAgent(0, P1, CATALOG)
    grasp = CATALOG.card("standard_normal_grasp")
    nets = clash.outcomes(agent, view, grasp, 1, 1.0, True)
    deck = clash.threats(agent, "ken")
    assert len(nets) == len(deck)
    for threat, net in zip(deck, nets, strict=True):
        if threat.speed < 7 and threat.armor < 2:  # Grasp lands first, for at least 2
            assert net == 2 + clash.LETHAL, threat.card.id
