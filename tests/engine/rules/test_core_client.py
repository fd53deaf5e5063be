"""Core rules: situations of the reference client's core test files
(``test/unit/test_strike.gd``, ``test_boost.gd``; ``test_fight.gd`` tests a fighter
outside our roster) that our rule tests did not pin, written with our scenario builder
on the ``standard`` normals (the client uses the identical Guilty Gear normals).
"""

from __future__ import annotations

import pytest
from conftest import P1, P2, position

from engine import events as ev
from engine.core.decisions import ActionRequest, ChangeCards, IllegalDecision, PayCards
from engine.core.ids import Zone


def test_grasp_mirror_the_attacker_wins_the_tie() -> None:
    """Core rulebook, Strike, speed: ties go to the attacker (client:
    ``test_strike_initiator_wins_ties``). Grasp against Grasp, 3 and 4: P1 hits first
    for 3, pushes P2 to 5 and stuns him; P1's Grasp goes to gauge, P2's to his discard
    pile; P2 takes the next turn."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["grasp"]))
    d.strike("grasp", "grasp")
    d.choose("push 1")
    assert (d.space(P1), d.space(P2)) == (3, 5)
    assert (d.life(P1), d.life(P2)) == (30, 27)
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"] and d.zone(P1, Zone.DISCARD) == []
    assert d.zone(P2, Zone.GAUGE) == [] and d.zone(P2, Zone.DISCARD) == ["Grasp"]
    assert d.expect(ActionRequest).player == P2


def test_ex_grasp_defender_goes_first_and_keeps_one_copy() -> None:
    """Core rulebook, EX attacks: "+1 Power, +1 Speed ..."; Reveal step: "discard the
    extra copy of the EX attack" (client: ``test_ex_grasp_mirror``). P2's EX Grasp (8)
    beats P1's Grasp (7), hits for 4 and pulls P1 2, over P2, to 6; P1 is stunned.
    P2's gauge gets one Grasp, his discard pile the other."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["grasp", "grasp"]))
    d.strike("grasp", ["grasp", "grasp"])
    d.choose("pull 2")
    assert (d.space(P1), d.space(P2)) == (6, 4)
    assert (d.life(P1), d.life(P2)) == (26, 30)
    assert d.zone(P2, Zone.GAUGE) == ["Grasp"] and d.zone(P2, Zone.DISCARD) == ["Grasp"]
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]
    assert d.expect(ActionRequest).player == P2


def test_pull_against_the_far_wall_does_not_move() -> None:
    """Core rulebook, Move: nobody moves past the edge of the arena (client:
    ``test_grasp_pull_edge_arena_end``): P1 on 9 pulls P2 (8) 1: P2 cannot get past him
    and stays."""
    d = position(p1=dict(space=9, hand=["grasp"]), p2=dict(space=8, hand=["grasp"]))
    d.strike("grasp", "grasp")
    d.choose("pull 1")
    assert (d.space(P1), d.space(P2)) == (9, 8)
    assert d.events(ev.PlayerMoved) == []
    assert (d.life(P1), d.life(P2)) == (30, 27)


def test_change_cards_spending_nothing_is_illegal() -> None:
    """Core rulebook, Actions: "Change Cards: Spend 1 or more Force to draw cards." The
    reference client lets a player Change Cards for 0 (``test_boost.gd``,
    ``test_boost_wildthrow_into_focus_vs_slash``: ``do_change(defender, [])``); the
    rulebook wins: paying nothing is refused."""
    d = position(p1=dict(hand=["grasp", "cross"]))
    d.act(ChangeCards())
    with pytest.raises(IllegalDecision):
        d.act(PayCards(cards=()))
