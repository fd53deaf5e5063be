"""Core rulebook audit: rules the other rule tests did not pin, each test naming its
section (and quoting a few of its words). Card facts: roster.md."""

from __future__ import annotations

from conftest import P1, P2, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    ChoiceRequest,
    DiscardRequest,
    PayGaugeRequest,
    SetAttackRequest,
    Strike,
)
from engine.core.ids import Zone


def test_dodge_at_range_is_measured_from_the_attacks_point_of_origin() -> None:
    """Core rulebook, FAQ: "If an attack is coming from another source, do 'Attacks at
    range 1 do not hit you' effects care about the character's position or the other
    source's position? The range is measured from the other source's position, being
    the attack's point of origin." Litchi (2) attacks with Four Winds (1F, range 0-1 from
    her staff Mantenbo, speed 5) with Mantenbo on Nehtali's space (6); Nehtali's Darkness
    Barrier misses attacks at range 4, and the fighters are 4 apart, but the attack comes
    from range 0: it hits for 3, more than Darkness Barrier's guard 0, so Nehtali is
    stunned."""
    d = position(p1=dict(space=2, buddies={"mantenbo": 6}, hand=["fourwinds", "grasp"]),
                 p2=dict(space=6, hand=["darknessbarrier"]), chars=("litchi", "nehtali"))
    d.strike("fourwinds", "darknessbarrier")
    d.pay("grasp")
    d.choose("push 1")
    assert [e.player for e in d.events(ev.AttackHit)] == [P1]
    assert d.events(ev.AttackMissed) == []
    assert d.life(P2) == 27
    assert [e.player for e in d.events(ev.AttackSkipped)] == [P2]
    assert d.zone(P1, Zone.GAUGE) == ["Four Winds"]


def test_dodge_at_range_still_counts_from_the_fighter_for_a_plain_attack() -> None:
    """Core rulebook, FAQ (point of origin), the usual case: an attack from the fighter
    is measured from the fighter. Nehtali's Darkness Barrier misses attacks at range 4:
    Litchi's Spike would reach from 4 away (range 2-3, +0/+1 without her staff: 2-4),
    but misses."""
    d = position(p1=dict(space=2, hand=["spike"]),
                 p2=dict(space=6, hand=["darknessbarrier"]), chars=("litchi", "nehtali"))
    d.strike("spike", "darknessbarrier")
    missed = [e for e in d.events(ev.AttackMissed) if e.player == P1]
    assert [e.reason for e in missed] == [ev.MissReason.DODGED_AT_RANGE]
    assert d.life(P2) == 30


def test_no_force_spent_to_move_farther_into_the_edge() -> None:
    """Core rulebook, Actions, Move: "You may not over-spend on movement effects. (For
    example, if you are [at] the edge of the arena, you may not spend Force to move
    farther into the edge of the arena)." Rachel's character action (roster.md: a bonus
    action, then up to 2 force for ``close 1`` or ``retreat 1`` each) on space 1: retreat
    asks for no force, and her hand is kept."""
    d = position(p1=dict(space=1, hand=["grasp", "cross", "dive"]), p2=dict(space=5),
                 chars=("rachel", "ryu"))
    d.act(CharacterAction(index=0))
    d.choose("retreat")
    request = d.expect(ActionRequest, P1)  # the bonus action, no force asked
    assert CharacterAction(index=0) not in request.choices
    assert d.zone(P1, Zone.HAND) == ["Grasp", "Cross", "Dive"]
    assert d.space(P1) == 1


def test_force_for_movement_only_as_far_as_it_can_move() -> None:
    """Core rulebook, Actions, Move: "You may not over-spend on movement effects"; close
    never passes the opponent ("closing 3, 4, or 5 spaces would look identical").
    Rachel on 3, Ryu on 5: ``close 1`` per force takes 1 force at most (to 4), not 2."""
    d = position(p1=dict(space=3, hand=["grasp", "cross", "dive"]), p2=dict(space=5),
                 chars=("rachel", "ryu"))
    d.act(CharacterAction(index=0))
    d.choose("close")
    assert d.expect(ChoiceRequest, P1).labels == ("spend 0 force", "spend 1 force")
    d.choose("spend 1 force")
    d.pay("grasp")
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.HAND) == ["Cross", "Dive"]


def test_gauge_for_movement_only_as_far_as_it_can_move() -> None:
    """Core rulebook, Actions, Move: "You may not over-spend on movement effects", here
    with gauge: Iron Tager's Magna Tech Wheel (3G ultra, range 1, speed 1; ``before:``
    up to 2 gauge for ``close 1`` each) 2 spaces from Ryu's Block: 1 gauge at most, and
    Tager closes to adjacent."""
    d = position(p1=dict(space=3, hand=["magnatechwheel"],
                         gauge=["grasp", "cross", "dive", "spike", "sweep"]),
                 p2=dict(space=5, hand=["block"]), chars=("tager", "ryu"))
    d.act(Strike())
    d.set_attack(P1, "magnatechwheel")
    d.decline()  # Tager's set_strike: 1 gauge to pull 2, declined
    d.set_attack(P2, "block")
    d.pay("grasp", "cross", "dive")
    assert d.expect(ChoiceRequest, P1).labels == ("spend 0 gauge", "spend 1 gauge")
    d.choose("spend 1 gauge")
    d.pay("spike")
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.GAUGE) == ["Sweep", "Magna Tech Wheel"]  # it hit


def test_no_fixed_payment_for_a_movement_that_cannot_move() -> None:
    """Core rulebook, Actions, Move: "You may not over-spend on movement effects", for a
    fixed price: Iron Tager's ability (``set_strike: [if initiated_strike]`` 1 gauge to
    ``pull 2``) is offered on space 3 with Ryu on 4, not on space 1 with Ryu on 2 (a
    pull cannot take Ryu past Tager into the edge: nothing would move)."""
    d = position(p1=dict(space=3, hand=["grasp"], gauge=["cross"]),
                 p2=dict(space=4, hand=["block"]), chars=("tager", "ryu"))
    d.act(Strike())
    d.set_attack(P1, "grasp")
    assert d.expect(PayGaugeRequest, P1).optional
    d = position(p1=dict(space=1, hand=["grasp"], gauge=["cross"]),
                 p2=dict(space=2, hand=["block"]), chars=("tager", "ryu"))
    d.act(Strike())
    d.set_attack(P1, "grasp")
    d.expect(SetAttackRequest, P2)  # no gauge asked of Tager
    assert d.zone(P1, Zone.GAUGE) == ["Cross"]


def test_skipping_the_end_of_turn_draw_keeps_the_hand_limit() -> None:
    """Core rulebook, Hand Size: "If you have more than 7 cards in hand, discard cards
    down to 7 at the end of your turn"; Actions: a turn without a strike ends "by
    drawing a card and checking hand limit". Super Skull Man's Quick Change (Zaaaap!!!'s
    boost: draw 3, put a card from hand on top of the deck, skip the end-of-turn draw)
    from a hand of 8 leaves 9 cards: no draw, but 2 are discarded."""
    d = position(p1=dict(space=3, hand=["zap", "grasp", "cross", "dive", "spike", "sweep",
                                        "focus", "block"]),
                 p2=dict(space=7), chars=("superskullman", "ryu"))
    boost(d, "zap")
    d.select(P1, "grasp")
    assert d.events(ev.EndOfTurnDrawSkipped) == [ev.EndOfTurnDrawSkipped(player=P1)]
    assert d.expect(DiscardRequest, P1).count == 2
    d.discard(P1, "cross", "dive")
    assert len(d.p(P1).hand) == 7
    assert d.zone(P1, Zone.DISCARD) == ["Zaaaap!!!", "Cross", "Dive"]
    assert d.expect(ActionRequest).player == P2
