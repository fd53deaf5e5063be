"""Jin Kisaragi: the situations of the reference client's ``test_jin.gd`` that
``test_jin.py`` did not pin, written with our builder; each docstring names the client
test it mirrors (card facts: roster.md, "Jin Kisaragi" and the standard Normals). The
client plays Jin against Jin for his ability; the other tests use Ryu (no gauge, so no
Critical is offered). All were already right.
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, position

from engine import events as ev
from engine.core.decisions import ActionRequest, Strike
from engine.core.ids import Zone


def jin(p1: dict[str, Any], p2: dict[str, Any], opponent: str = "ryu") -> Driver:
    """A position with Jin as P1 (to act) and ``opponent`` as P2."""
    return position(p1=p1, p2=p2, chars=("jin", opponent))


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _both_pay_for_the_ability(d: Driver) -> None:
    """Both Jins set Assault, each paying his ability's 1 gauge (``set_strike:
    gauge_for_effect 1: add_attack_effect (after: draw 2)``)."""
    d.act(Strike())
    d.set_attack(P1, "assault")
    d.pay("cross")
    d.set_attack(P2, "assault")
    d.pay("cross")


def test_ability_draw_2_after_a_miss_for_both_jins() -> None:
    """Mirrors test_jin_front_ability. Jin on 1, Jin on 9, both Assault (close 2), both
    paying 1 gauge for ``after: draw 2``: they close to 3 and 7 and both miss; the After
    draw still comes (core rulebook, Keywords, After: "It happens whether or not the
    attack hits"), so each draws 2. Core rulebook, Actions: "If you did not strike (for
    any reason), end your turn by drawing a card": after a strike there is no end-of-turn
    draw, so P1 holds 1 + 2 cards and P2 2 + 2."""
    seat = dict(hand=["assault", "grasp"], gauge=["cross"], deck=["dive", "spike", "sweep"])
    d = jin(dict(space=1, **seat),
            dict(space=9, **{**seat, "hand": ["assault", "grasp", "cross"]}), opponent="jin")
    _both_pay_for_the_ability(d)
    assert d.space(P1) == 3 and d.space(P2) == 7
    assert d.life(P1) == 30 and d.life(P2) == 30
    assert d.zone(P1, Zone.HAND) == ["Grasp", "Dive", "Spike"]
    assert d.zone(P2, Zone.HAND) == ["Grasp", "Cross", "Dive", "Spike"]
    assert d.zone(P1, Zone.GAUGE) == [] and d.zone(P2, Zone.GAUGE) == []
    assert _next(d) == P2


def test_ability_draw_is_lost_when_stunned() -> None:
    """Mirrors test_jin_front_ability_not_when_stunned. Jin on 3, Jin on 5, both paid
    for ``after: draw 2``: P1's Assault (speed tie: the attacker first) closes to 4 and
    hits for 4, stunning P2 (guard 0). Core rulebook, Keywords, After: "Does not happen if
    you are Stunned", so P2's added After draw never comes; P1 draws 2 and acts next
    (Assault's ``gain_advantage``)."""
    seat = dict(hand=["assault", "grasp"], gauge=["cross"], deck=["dive", "spike", "sweep"])
    d = jin(dict(space=3, **seat),
            dict(space=5, **{**seat, "hand": ["assault", "grasp", "cross"]}), opponent="jin")
    _both_pay_for_the_ability(d)
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert d.life(P2) == 26 and d.life(P1) == 30
    assert d.zone(P1, Zone.HAND) == ["Grasp", "Dive", "Spike"]
    assert d.zone(P2, Zone.HAND) == ["Grasp", "Cross"]
    assert _next(d) == P1


def test_dual_ice_strike_push_toward_space_1_stops_at_the_edge_and_gains_advantage() -> None:
    """Mirrors test_jin_dualice_adv. Dual Ice Strike (range 1-2, power 3, speed 3):
    ``hit: push 2, then [if opponent_at_edge_of_arena] gain_advantage``. Jin on 4 faces
    left: Ryu's Grasp (range 1) misses from 2 away; Dual Ice Strike hits for 3 and the
    push stops at the edge (core rulebook, Move: "If any movement effect would ever move
    you past the edge of the arena, stop at the edge instead"): Ryu 2 -> 1, at the edge,
    so Jin acts next."""
    d = jin(dict(space=4, hand=["dualicestrike"]), dict(space=2, hand=["grasp"]))
    d.strike("dualicestrike", "grasp")
    assert d.space(P1) == 4 and d.space(P2) == 1
    assert d.life(P2) == 27 and d.life(P1) == 30
    assert _next(d) == P1


def test_dual_ice_strike_push_toward_space_1_short_of_the_edge_no_advantage() -> None:
    """Mirrors test_jin_dualice_no_adv: from 6 against Ryu on 4 the push takes him to 2,
    not the edge; Ryu takes the next turn."""
    d = jin(dict(space=6, hand=["dualicestrike"]), dict(space=4, hand=["grasp"]))
    d.strike("dualicestrike", "grasp")
    assert d.space(P1) == 6 and d.space(P2) == 2
    assert d.life(P2) == 27
    assert _next(d) == P2
