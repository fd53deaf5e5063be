"""The heuristic agent reads Merkava's I, Defile at its printed power, the range to the
opponent (roster.md, Merkava: I, Defile, ultra, cost 8G reduced to the range to the
opponent, range 1-8, power RANGE_TO_OPPONENT, speed 8; ``CardDef.power_is_range_to_opponent``),
not at the stored 0: far from the opponent it is a strong attack that reaches, near it a
weak one. ``engine.play.heuristic_reach.printed_power`` is the agent's one reading of it
(the rules' own is ``engine.core.attack_totals.printed_power``).

Each test builds a position with the scenario builder and asks the heuristic agent for
its decision from its own view (``observe``).
"""

from __future__ import annotations

from conftest import CATALOG, heuristic_decision, set_card_name

from engine.core.decisions import Prepare, Strike
from engine.core.ids import Player
from engine.play import heuristic_reach as reach
from engine.play.api import Game
from engine.play.scenario import Scenario

P1, P2 = Player.P1, Player.P2
HAND = ["merkava_idefile", "uni_normal_block", "uni_normal_focus"]
GAUGE = ["uni_normal_grasp"] * 2 + ["uni_normal_cross"] * 2 + ["uni_normal_dive"] * 2
"""Six gauge: I, Defile's cost is the range to the opponent, at most 6 here."""


def _game(here: int, there: int, defending: bool) -> Game:
    sc = Scenario("merkava", "ryu", CATALOG).player(P1, space=here, hand=HAND, gauge=GAUGE)
    sc = sc.player(P2, space=there, hand=["grasp", "cross", "dive"])
    if defending:
        return sc.active(P2).strike("second_sets", None, ["grasp"]).game()
    return sc.active(P1).game()






def test_printed_power_is_the_distance_for_defile_only() -> None:
    """I, Defile's power is the distance between the fighters; Focus's is its number."""
    defile, focus = CATALOG.card("merkava_idefile"), CATALOG.card("uni_normal_focus")
    assert [reach.printed_power(defile, d) for d in (1, 4, 6)] == [1, 4, 6]
    assert reach.printed_power(focus, 6) == focus.power == 4
    assert reach.strength(defile, 6) > reach.STRONG > reach.strength(defile, 1)


def test_six_spaces_away_merkava_strikes_with_defile_in_reach() -> None:
    """Merkava on 1, Ryu on 7 (6 apart), 6 gauge: only I, Defile reaches (range 1-8),
    at power 6 and speed 8, strong enough to strike with (``reach.STRONG``), so she
    strikes. Read at power 0 it looked too weak, and she Prepared."""
    _, decision = heuristic_decision(_game(1, 7, defending=False))
    assert isinstance(decision, Strike), decision


def test_six_spaces_away_the_defender_sets_defile() -> None:
    """Ryu strikes from 6 spaces away; Merkava, defending with 6 gauge, sets I, Defile
    (power 6, speed 8: it hits first, from any range up to 8). Read at power 0 she set
    Block."""
    view, decision = heuristic_decision(_game(1, 7, defending=True))
    assert set_card_name(view, decision) == "I, Defile"


def test_two_spaces_away_defile_is_not_the_answer() -> None:
    """2 spaces apart I, Defile has power 2 only: as the active player she does not
    strike with it (she Prepares), and as the defender she sets Focus (power 4)."""
    _, decision = heuristic_decision(_game(3, 5, defending=False))
    assert isinstance(decision, Prepare), decision
    view, decision = heuristic_decision(_game(3, 5, defending=True))
    assert set_card_name(view, decision) == "Focus"
