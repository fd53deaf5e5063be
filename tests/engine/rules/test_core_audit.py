"""Core rulebook audit: rules the other rule tests did not pin, each test naming its
section (and quoting a few of its words). Card facts: roster.md."""

from __future__ import annotations

from conftest import P1, P2, position

from engine import events as ev
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
