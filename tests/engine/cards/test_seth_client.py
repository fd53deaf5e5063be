"""Seth: situations of the reference client's ``test/unit/test_seth.gd`` that our Seth
tests (``test_seth.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Seth", and the ``uni`` normals. As in the client's tests, P2
is Seth too (the opponent's attacks are ``uni`` normals).
"""

from __future__ import annotations

from conftest import P1, P2, position

from engine import events as ev
from engine.core.decisions import ActionRequest, BoostAction, Strike
from engine.core.ids import Zone

CHARS = ("seth", "seth")


def test_seth_stitched_segment_before_with_assault_close() -> None:
    """Stitched Segment (Abyssal Geometry's boost; "before: powerup 1 + choice <push 1 |
    pull 1>") beside Assault's "before: close 2" (client:
    ``test_seth_stitched_segment_before``). From 2 against 6: Seth closes to 4 and
    pulls P2 to 5, hits Dive first for 4 + 1 and stuns it (guard 0)."""
    d = position(p1=dict(space=2, hand=["assault"], boosts=["abyssalgeometry"]),
                 p2=dict(space=6, hand=["dive"]), chars=CHARS)
    d.strike("assault", "dive")
    d.choose("pull 1")
    assert (d.space(P1), d.space(P2)) == (4, 5)
    assert (d.life(P1), d.life(P2)) == (30, 25)
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]


def test_seth_stitched_segment_action_pull_2_past_the_opponent() -> None:
    """Stitched Segment's Action ("discard_this + choice <... | pull 2 +
    take_bonus_actions 1>") (client: ``test_seth_stitched_segment_action``). From 3,
    pulling P2 on 5 by 2 takes him past Seth to 2; Seth then acts again."""
    d = position(p1=dict(space=3, boosts=["abyssalgeometry"]), p2=dict(space=5),
                 chars=CHARS)
    d.act(BoostAction(card=d.ref(P1, "abyssalgeometry", Zone.BOOSTS)))
    d.choose("pull 2")
    assert (d.space(P1), d.space(P2)) == (3, 2)
    assert d.zone(P1, Zone.DISCARD) == ["Abyssal Geometry"]
    d.expect(ActionRequest, P1)


def test_seth_captive_segment_boost_then_sustain_with_no_ultra_in_hand() -> None:
    """Captive Segment ("before: choice <boost_then_sustain {limitation=ultra} | pass>;
    after: advance 3") with no ultra in hand (client:
    ``test_seth_captive_segment_no_ultras``): the boost does nothing; the attack
    (range 4, power 1, speed 6) hits Dive at 4 for 1, stunning it, and Seth advances
    3 (2 -> 5)."""
    d = position(p1=dict(space=2, hand=["captivesegment"]),
                 p2=dict(space=6, hand=["dive"]), chars=CHARS)
    d.strike("captivesegment", "dive")
    d.choose("boost then sustain")
    assert d.zone(P1, Zone.BOOSTS) == []
    assert (d.space(P1), d.space(P2)) == (5, 6)
    assert (d.life(P1), d.life(P2)) == (30, 29)


def test_seth_souls_oath_pull_then_grasp_pulls_past() -> None:
    """Soul's Oath ("before: choice <... | pull 1 + seal_this_boost | ...>") then
    Grasp's hit pull 2 (client: ``test_seth_souls_oath_seal``). From 4, P2 is pulled
    6 -> 5; Grasp (attacker wins the tie at speed 7) hits for 3 and pulls him past to
    2; his Grasp misses at range 2. The boost is sealed."""
    d = position(p1=dict(space=4, hand=["grasp"], boosts=["vanishingconfusion"]),
                 p2=dict(space=6, hand=["grasp"]), chars=CHARS)
    d.strike("grasp", "grasp")
    d.choose("pull 1")
    d.choose("pull 2")
    assert (d.space(P1), d.space(P2)) == (4, 2)
    assert (d.life(P1), d.life(P2)) == (30, 27)
    assert d.zone(P1, Zone.SEALED) == ["Vanishing Confusion"]


def test_seth_souls_oath_sustained_for_a_life_after_two_misses() -> None:
    """Soul's Oath, passed before, then its cleanup "spend_life 1 + sustain_this"
    (client: ``test_seth_souls_oath_sustain``): both Grasps miss at range 2; Seth pays
    1 life and the boost stays in play."""
    d = position(p1=dict(space=4, hand=["grasp"], boosts=["vanishingconfusion"]),
                 p2=dict(space=6, hand=["grasp"]), chars=CHARS)
    d.strike("grasp", "grasp")
    d.choose("pass")
    d.choose("spend")
    assert (d.space(P1), d.space(P2)) == (4, 6)
    assert (d.life(P1), d.life(P2)) == (29, 30)
    assert d.zone(P1, Zone.BOOSTS) == ["Vanishing Confusion"]


def test_seth_kerykeion_ex_cross_sets_power_7_and_cannot_stun() -> None:
    """Kerykeion (Piercing Penetration's boost; "during_strike: cannot_stun +
    nonlethal_attack; hit: set_total_power 7") on an EX Cross (client:
    ``test_seth_kerykeion_damage``). The Cross hits Sweep for 7 without stunning it
    (7 > guard 6); after its retreat 3 (2 -> 1), Sweep (range 1-3) hits back for 6 less EX armor 1."""
    d = position(p1=dict(space=2, hand=["cross", "cross"], boosts=["piercingpenetration"]),
                 p2=dict(space=3, hand=["sweep"]), chars=CHARS)
    d.strike(("cross", "cross"), "sweep")
    assert (d.space(P1), d.space(P2)) == (1, 3)
    assert (d.life(P1), d.life(P2)) == (25, 23)
    assert P2 not in [e.player for e in d.events(ev.PlayerStunned)]


def test_seth_kerykeion_nonlethal() -> None:
    """Kerykeion's nonlethal_attack (client: ``test_seth_kerykeion_nonlethal``): P2 at
    3 life is left at 1 by the 7 of a Cross, and hits back for 6."""
    d = position(p1=dict(space=2, hand=["cross"], boosts=["piercingpenetration"]),
                 p2=dict(space=3, hand=["sweep"], life=3), chars=CHARS)
    d.strike("cross", "sweep")
    assert (d.space(P1), d.space(P2)) == (1, 3)
    assert (d.life(P1), d.life(P2)) == (24, 1)


def test_seth_abyssal_geometry_defending_dodges_then_stitched_segment_pulls() -> None:
    """Abyssal Geometry as the defender's attack ("dodge_at_range 3"), with Stitched
    Segment in play (client: ``test_seth_abyssal_geometry_dodge``). P2's EX Spike (speed
    4, ties and goes first as attacker) from 7 misses Seth on 4 at range 3; then Seth's
    before pulls P2 to 6 and Abyssal Geometry hits at 2 for 3 + 1 less EX armor 1. It
    becomes a sustained boost at cleanup; the
    Stitched Segment that was in play is discarded with the strike."""
    d = position(p1=dict(space=4, hand=["abyssalgeometry"], gauge=["grasp"],
                         boosts=["distantfrontier"]),
                 p2=dict(space=7, hand=["spike", "spike"]), chars=CHARS, active=P2)
    d.act(Strike())
    d.set_attack(P2, ("spike", "spike"))
    d.set_attack(P1, "abyssalgeometry")
    d.pay("grasp")
    d.choose("pull 1")
    assert (d.space(P1), d.space(P2)) == (4, 6)
    assert (d.life(P1), d.life(P2)) == (30, 27)
    assert d.zone(P1, Zone.BOOSTS) == ["Abyssal Geometry"]
    assert "Distant Frontier" in d.zone(P1, Zone.DISCARD)


def test_seth_distant_frontier_adjacent_closes_nothing_draws_nothing() -> None:
    """Distant Frontier ("before: close 6 {save_spaces_as_strike_x} + draw strike_x")
    next to the opponent (client: ``test_seth_disant_frontier_no_close``): X = 0, no
    card drawn; both hit for 6; it is sustained."""
    d = position(p1=dict(space=5, hand=["distantfrontier"], gauge=["grasp", "cross", "dive"]),
                 p2=dict(space=6, hand=["sweep"]), chars=CHARS)
    d.strike("distantfrontier", "sweep")
    d.pay("grasp", "cross", "dive")
    assert (d.space(P1), d.space(P2)) == (5, 6)
    assert (d.life(P1), d.life(P2)) == (24, 24)
    assert d.zone(P1, Zone.HAND) == []
    assert d.zone(P1, Zone.BOOSTS) == ["Distant Frontier"]


def test_seth_distant_frontier_closes_6_beside_stitched_segment_pull() -> None:
    """Distant Frontier with Stitched Segment (Distant Frontier's boost) in play (client:
    ``test_seth_disant_frontier__close``): from 1 against 9 Seth closes 6 to 7 and
    pulls P2 to 8, draws 6 and hits Sweep for 6 + 1."""
    deck = ["focus", "block", "sweep", "spike", "assault", "dive", "cross"]
    d = position(p1=dict(space=1, hand=["distantfrontier"], boosts=["abyssalgeometry"],
                         gauge=["grasp", "cross", "dive"], deck=deck),
                 p2=dict(space=9, hand=["sweep"]), chars=CHARS)
    d.strike("distantfrontier", "sweep")
    d.pay("grasp", "cross", "dive")
    d.choose("pull 1")
    assert (d.space(P1), d.space(P2)) == (7, 8)
    assert (d.life(P1), d.life(P2)) == (30, 23)
    assert len(d.zone(P1, Zone.HAND)) == 6
    assert "Distant Frontier" in d.zone(P1, Zone.BOOSTS)
