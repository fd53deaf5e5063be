"""Nu-13: the situations of the reference client's ``test_nu13.gd`` that ``test_nu13.py``
did not pin, written with our builder; each docstring names the client test it mirrors
(card facts: roster.md, "Nu-13" and the standard Normals). Nu-13 is P1 and Ryu P2 (no
gauge, so no Critical is offered). Her ability's optional force (``set_strike:
force_for_effect 1: rangeup 3/4``) is declined unless a test says otherwise. All were
already right.
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    EffectOrderRequest,
    MoveTo,
    OrderEffects,
    PayForceRequest,
    Prepare,
    Strike,
)
from engine.core.ids import Zone

CHARS = ("nu13", "ryu")


def nu13(p1: dict[str, Any], p2: dict[str, Any]) -> Driver:
    """A position with Nu-13 as P1 (to act) and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS)


def _moves(d: Driver, who: Any) -> list[int]:
    """The spaces ``who``'s pending action request offers to Move to."""
    request = d.expect(ActionRequest, who)
    return [c.space for c in request.choices if isinstance(c, MoveTo)]


def _strike(d: Driver, attack: str, response: str) -> None:
    """Nu-13 strikes with ``attack`` (declining her ability's force); Ryu sets
    ``response``."""
    d.act(Strike())
    d.set_attack(P1, attack)
    if isinstance(d.pending, PayForceRequest) and d.pending.player == P1:
        d.decline()
    d.set_attack(P2, response)


def test_gravity_seed_discarded_by_ryus_tech_lifts_the_block_at_once() -> None:
    """Mirrors test_nu_sworddance_boost_tech. Gravity Seed (Sword Dance's boost): ``now:
    block_opponent_move``; ``discarded: remove_block_opponent_move``;
    ``start_of_next_turn: add_to_gauge_immediately``. On his turn Ryu may not Move; he
    plays Dive's Tech, discarding Gravity Seed: its ``discarded`` effect lifts the block,
    it never reaches her gauge, and on his next turn Ryu may move anywhere free."""
    d = nu13(dict(space=3, hand=["sworddance", "grasp"]), dict(space=7, hand=["dive", "cross"]))
    boost(d, "sworddance", "grasp")
    assert _moves(d, P2) == []
    boost(d, "dive")
    assert d.zone(P1, Zone.BOOSTS) == [] and "Sword Dance" in d.zone(P1, Zone.DISCARD)
    d.act(Prepare())  # Nu-13's turn: nothing goes to her gauge
    assert d.zone(P1, Zone.GAUGE) == []
    assert _moves(d, P2) == [5, 6, 8, 9]  # as far as his two cards of force pay
    assert d.space(P1) == 3 and d.space(P2) == 7


def test_gravity_seed_blocks_ryus_own_close_in_a_strike_then_leaves_play() -> None:
    """Mirrors test_nu_sworddance_boost_strike. With Gravity Seed in play Ryu strikes:
    his Assault (initiator, speed tie) cannot close (``block_opponent_move``: his own
    movement effects do nothing) and misses from 4 away; Nu-13's Assault closes 3 -> 5
    and misses at range 2. At cleanup Gravity Seed is discarded (not sustained), so the
    block ends: on his next turn Ryu may move again. (The client checks the spaces
    ignoring force; here the Move action is offered again, as far as force pays.)"""
    d = position(p1=dict(space=3, hand=["sworddance", "grasp", "assault"]),
                 p2=dict(space=7, hand=["assault", "cross"]), chars=CHARS)
    boost(d, "sworddance", "grasp")
    d.act(Strike())
    d.set_attack(P2, "assault")
    d.set_attack(P1, "assault")
    if isinstance(d.pending, PayForceRequest):
        d.decline()
    assert d.space(P1) == 5 and d.space(P2) == 7
    assert d.life(P1) == 30 and d.life(P2) == 30
    assert d.zone(P1, Zone.BOOSTS) == [] and d.zone(P1, Zone.GAUGE) == []
    d.act(Prepare())  # Nu-13's turn
    assert _moves(d, P2) == [6, 8]  # as far as his one card of force pays


def test_sword_of_destruction_exceeded_advance_first_then_range_1_powerup() -> None:
    """Mirrors test_nu_swordofdestruction. Exceeded, her attack gains ``rangeup 0/4``
    and ``hit: advance 3 | pass``: Sword of Destruction (range 1, power 3, speed 5;
    ``hit: [if range 1] powerup 10``) reaches Ryu 4 away (3 and 7, after her overdrive
    ``retreat 1`` from 4) and hits first (speed tie, the initiator). She orders her two
    Hit triggers (core rulebook, FAQ: "You choose the order to resolve each trigger"):
    advance 3 first (3 -> 6, next to Ryu), so the range-1 bonus applies: 13 damage."""
    d = nu13(dict(space=4, exceeded=True, overdrive=["focus", "spike"],
                  hand=["swordofdestruction"], set_aside=[],
                  gauge=["grasp", "cross", "dive"]),
             dict(space=7, hand=["assault"]))
    d.printed_order = False
    d.select(P1, "focus")  # the overdrive discard; then her overdrive retreat 1
    assert d.space(P1) == 3
    d.act(Strike())
    d.set_attack(P1, "swordofdestruction")
    d.set_attack(P2, "assault")
    d.pay("grasp", "cross", "dive")
    request = d.expect(EffectOrderRequest, P1)
    assert [e.tags[0] for e in request.effects] == ["powerup", "choice"]
    d.act(OrderEffects(order=(1, 0)))
    d.choose("advance")
    assert d.space(P1) == 6 and d.space(P2) == 7
    assert d.life(P2) == 17 and d.life(P1) == 30


def test_sickle_storm_at_range_4_pushes_2_to_the_edge() -> None:
    """Mirrors test_nu_sicklestorm. Sickle Storm (range 2-4, power 4, speed 4) ties
    Ryu's Dive and goes first (the initiator): at range 4 (< 5) her Hit is ``push 2 |
    pull 2``; she pushes him 7 -> 9 and the Dive (guard 0) is stunned."""
    d = nu13(dict(space=3, hand=["sicklestorm", "grasp"]), dict(space=7, hand=["dive"]))
    _strike(d, "sicklestorm", "dive")
    d.choose("push 2")
    assert d.space(P1) == 3 and d.space(P2) == 9
    assert d.life(P2) == 26 and d.life(P1) == 30
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]


def test_alter_space_push_first_makes_sickle_storm_gain_advantage() -> None:
    """Mirrors test_nu_sicklestorm_boost_adv. With Alter Space in play (``during_strike:
    speedup 1``; ``hit: push 1 | pull 1 | pass``) her Sickle Storm (speed 5) hits Ryu 4
    away first. She orders the Hit triggers: Alter Space's push 1 first (7 -> 8), so
    Sickle Storm's ``[if range_greater_or_equal 5] gain_advantage, else push 2 | pull
    2`` finds range 5 and gives her the next turn instead of a second push."""
    d = nu13(dict(space=3, hand=["sicklestorm", "sicklestorm", "grasp"]),
             dict(space=7, hand=["dive", "cross"]))
    d.printed_order = False
    boost(d, "sicklestorm")
    d.act(Prepare())
    _strike(d, "sicklestorm", "dive")
    request = d.expect(EffectOrderRequest, P1)
    assert [e.tags[0] for e in request.effects] == ["gain_advantage", "choice"]
    d.act(OrderEffects(order=(1, 0)))
    d.choose("push 1")
    assert d.space(P1) == 3 and d.space(P2) == 8
    assert d.life(P2) == 26
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P1]
    assert d.expect(ActionRequest).player == P1
