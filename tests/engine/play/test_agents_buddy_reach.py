"""The heuristic agent counts an attack's reach from a buddy it places as it sets it
(``engine.play.heuristic_buddy``).

roster.md, Chaos: his ability, ``set_strike: [if used_character_bonus]
place_buddy_in_any_space`` (Azhi), and each special's ``during_strike: [if
used_character_bonus] calculate_range_from_buddy``; Deep Revenance's boost Chaos Code,
``now: strike``, ``set_strike: place_buddy_in_any_space``, ``during_strike: [if
is_normal_attack] calculate_range_from_buddy``. Merkava's I, Persistently Cling:
``set_strike: [if was_not_wild_swing] place_buddy_in_any_space``, then ``[if
buddy_in_play] calculate_range_from_buddy``. Far from the opponent such an attack still
reaches, and the agent must set it rather than one that measures from its fighter and
misses (a Chaos game of the kit table, seed 9080 against random Ryu: he boosted Chaos
Code 5 spaces away, set That's Your Prey, a special that measures from him, and missed).

Each test builds a position with the scenario builder and asks the heuristic agent for
its decision from its own view (``observe``).
"""

from __future__ import annotations

from conftest import CATALOG, heuristic_decision, set_card_name

from engine.core.decisions.inputs import CharacterAction
from engine.core.ids import Player
from engine.knowledge.views import observe
from engine.play import heuristic_buddy as buddy
from engine.play.api import Game
from engine.play.heuristic import HeuristicAgent
from engine.play.heuristic_reach import range_bonuses
from engine.play.scenario import Scenario

P1, P2 = Player.P1, Player.P2


def _chaos(hand: list[str], boosts: tuple[str, ...] = ()) -> Scenario:
    """Chaos on 9, Ryu on 4: 5 spaces apart, out of reach of every card in ``hand``
    measured from Chaos."""
    sc = Scenario("chaos", "ryu", CATALOG).player(P1, space=9, hand=hand, boosts=boosts)
    return sc.player(P2, space=4, hand=["grasp", "cross"]).active(P1)


def test_with_chaos_code_in_play_chaos_sets_a_normal() -> None:
    """Chaos Code in play (its strike under way, Chaos to set): a normal measures from
    Azhi, placed anywhere, so Sweep (range 1-3) reaches; That's Your Prey (a special,
    range 0-1, measured from Chaos: no character bonus this turn) does not. Before, the
    agent judged both from Chaos, found neither reaching and set That's Your Prey."""
    game = _chaos(["chaos_thatsyourprey", "uni_normal_grasp", "uni_normal_sweep"],
                  ("chaos_deeprevenance",)).strike("first_sets").game()
    view, decision = heuristic_decision(game)
    assert set_card_name(view, decision) == "Sweep"


def test_after_the_character_action_chaos_sets_a_special_that_reaches_from_azhi() -> None:
    """Chaos's character action (``set_used_character_bonus + strike``): his specials
    measure from Azhi, placed as he sets, so Spew Out (range 2-3) reaches from 5 spaces
    away. Before, judged from Chaos nothing reached and he set Block for its guard."""
    game = _chaos(["chaos_spewout", "uni_normal_block", "uni_normal_grasp"]).game()
    game.step(CharacterAction(index=0))
    view, decision = heuristic_decision(game)
    assert view.players[P1].used_character_bonus
    assert set_card_name(view, decision) == "Spew Out"


def test_a_special_without_the_character_bonus_does_not_reach_from_azhi() -> None:
    """A plain Strike sets no Azhi (the ability's placement needs the character bonus):
    Spew Out, 5 spaces away, is judged from Chaos and does not reach."""
    game = _chaos(["chaos_spewout", "uni_normal_block"]).strike("first_sets").game()
    view = observe(game.state, P1)
    agent = HeuristicAgent(0, P1, CATALOG)
    spew = CATALOG.card("chaos_spewout")
    assert not buddy.placed(agent, view, spew)
    assert not buddy.placed_reach(agent, view, spew, range_bonuses(agent, view))


def _merkava() -> Game:
    """Merkava on 9, defending against Ryu's Grasp from 3: 6 spaces apart."""
    sc = Scenario("merkava", "ryu", CATALOG).player(
        P1, space=9, hand=["merkava_ipersistentlycling", "uni_normal_grasp", "uni_normal_block"])
    sc = sc.player(P2, space=3, hand=["grasp", "cross"])
    return sc.active(P2).strike("second_sets", None, ["grasp"]).game()


def test_merkava_cling_reaches_from_where_it_is_placed() -> None:
    """I, Persistently Cling (range 0) places itself on any space as it is set and
    measures from there: 6 spaces away it reaches (on the opponent), and Merkava,
    defending, sets it (power 7). A wild swing would place nothing."""
    game = _merkava()
    view, decision = heuristic_decision(game)
    agent = HeuristicAgent(0, P1, CATALOG)
    cling = CATALOG.card("merkava_ipersistentlycling")
    assert buddy.placed_reach(agent, view, cling, range_bonuses(agent, view))
    assert set_card_name(view, decision) == "I, Persistently Cling"
