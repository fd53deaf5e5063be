"""Ragna: situations of the reference client's ``test/unit/test_ragna.gd`` that our Ragna
tests (``test_ragna.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Ragna the Bloodedge", and the ``standard`` normals. As in the
client's tests, P2 is Ragna too (answering with ``standard`` normals), so both gain
life on their hits (ability: ``hit: gain_life 1``).
"""

from __future__ import annotations

from conftest import P1, P2, position

from engine import events as ev
from engine.core.ids import Zone

CHARS = ("ragna", "ragna")
G4 = ["grasp", "cross", "dive", "spike"]


def test_ragna_gain_life_stops_at_30_and_heals_the_hurt_one() -> None:
    """His ability (``hit: gain_life 1``) at full life (core rulebook: "Each player begins
    with 30 life (maximum 30)"; client: ``test_ragna_gainlife``): his Assault hits P2's
    for 4 and he stays at 30; then his Spike misses adjacent, P2's Assault hits him for
    4 and P2 heals 26 -> 27."""
    d = position(p1=dict(space=3, hand=["assault", "spike"]),
                 p2=dict(space=4, hand=["assault", "assault"]), chars=CHARS)
    d.strike("assault", "assault")
    assert (d.life(P1), d.life(P2)) == (30, 26)
    d.strike("spike", "assault")  # his advantage: he strikes again
    assert (d.life(P1), d.life(P2)) == (26, 27)


def test_ragna_blood_scythe_after_assault_advances_past_and_heals() -> None:
    """Blood Scythe (range 1-2, power 5, speed 1, guard 6: ``before: advance 1``; ``hit:
    add_top_discard_to_gauge``) against Assault (client:
    ``test_ragna_bloodscythe_works``): Assault hits first for 4 (P2 at 30 stays 30); he
    advances 3 -> 5 past P2 on 4, hits for 5, heals 26 -> 27 and his top discard (Dive)
    joins his gauge before Blood Scythe."""
    d = position(p1=dict(space=3, hand=["bloodscythe"], discard=["cross", "dive"]),
                 p2=dict(space=4, hand=["assault"]), chars=CHARS)
    d.strike("bloodscythe", "assault")
    assert (d.space(P1), d.space(P2)) == (5, 4)
    assert (d.life(P1), d.life(P2)) == (27, 25)
    assert d.zone(P1, Zone.GAUGE) == ["Dive", "Blood Scythe"]
    assert d.zone(P1, Zone.DISCARD) == ["Cross"]


def test_ragna_blood_scythe_without_discards_adds_nothing() -> None:
    """Blood Scythe with an empty discard pile (client:
    ``test_ragna_bloodscythe_no_discard``): the same strike; only Blood Scythe goes to
    gauge."""
    d = position(p1=dict(space=3, hand=["bloodscythe"]),
                 p2=dict(space=4, hand=["assault"]), chars=CHARS)
    d.strike("bloodscythe", "assault")
    assert (d.space(P1), d.space(P2)) == (5, 4)
    assert (d.life(P1), d.life(P2)) == (27, 25)
    assert d.zone(P1, Zone.GAUGE) == ["Blood Scythe"]


def test_ragna_ex_blood_scythe_armor_then_advance_past() -> None:
    """EX Blood Scythe (+1 power, speed, armor, guard; core rulebook) against Assault from
    range 2 (client: ``test_ragna_ex_bloodscythe_works``): Assault closes 5 -> 4 and hits
    for 4-1 = 3; he advances past P2 to 5 and hits for 6, healing to 28; both copies
    go to gauge."""
    d = position(p1=dict(space=3, hand=["bloodscythe", "bloodscythe"]),
                 p2=dict(space=5, hand=["assault"]), chars=CHARS)
    d.strike(("bloodscythe", "bloodscythe"), "assault")
    assert (d.space(P1), d.space(P2)) == (5, 4)
    assert (d.life(P1), d.life(P2)) == (28, 24)
    assert d.zone(P1, Zone.GAUGE) == ["Blood Scythe", "Blood Scythe"]


def test_ragna_gauntlet_hades_through_assault_misses_no_gauge() -> None:
    """Gauntlet Hades (``before: advance 1 + [if advanced_through] attack_does_not_hit``)
    against Assault (client: ``test_ragna_gauntlethades_misses``): Assault hits first for
    4; advancing 3 -> 5 past P2 his attack does not hit: no heal, the card is discarded,
    not gauged."""
    d = position(p1=dict(space=3, hand=["gauntlethades"]),
                 p2=dict(space=4, hand=["assault"]), chars=CHARS)
    d.strike("gauntlethades", "assault")
    d.choose("advance 1")
    assert (d.space(P1), d.space(P2)) == (5, 4)
    assert (d.life(P1), d.life(P2)) == (26, 30)
    assert d.zone(P1, Zone.GAUGE) == []


def test_ragna_black_onslaught_at_1_life_hits_for_12_then_heals() -> None:
    """Black Onslaught (Astral Heat, 4 gauge, range 2-3, power 6, speed 6: ``before: [if
    life_equals 1] powerup 6``) at 1 life against Assault from range 2 (client:
    ``test_ragna_blackonslaught_1life``): faster, it hits for 12 (Assault never closes:
    P2 is stunned), then his ability heals him to 2."""
    d = position(p1=dict(space=3, life=1, set_aside=[], hand=["blackonslaught"], gauge=G4),
                 p2=dict(space=5, hand=["assault"]), chars=CHARS)
    d.strike("blackonslaught", "assault")
    d.pay(*G4)
    assert (d.space(P1), d.space(P2)) == (3, 5)
    assert (d.life(P1), d.life(P2)) == (2, 18)
    assert d.zone(P1, Zone.GAUGE) == ["Black Onslaught"]


def test_ragna_black_onslaught_at_2_life_plain() -> None:
    """Black Onslaught at 2 life (client: ``test_ragna_blackonslaught_reg``): no bonus, 6
    damage; he heals to 3."""
    d = position(p1=dict(space=3, life=2, set_aside=[], hand=["blackonslaught"], gauge=G4),
                 p2=dict(space=5, hand=["assault"]), chars=CHARS)
    d.strike("blackonslaught", "assault")
    d.pay(*G4)
    assert (d.space(P1), d.space(P2)) == (3, 5)
    assert (d.life(P1), d.life(P2)) == (3, 24)


def test_ragna_ex_blood_scythe_takes_back_its_own_discarded_copy() -> None:
    """Client ``test_ragna_ex_bloodscythe_works`` in its version at commit 7f21374 (his
    discard pile not empty). Core rulebook, Reveal: "If you reveal an EX attack, discard
    the extra copy of the EX attack to your discard pile." So at the hit the top of his
    discard pile is that copy, and Blood Scythe's ``hit: add_top_discard_to_gauge``
    takes it back: his gauge gets the EX copy, then the attack at cleanup; Cross and
    Dive stay in the discard pile. Same strike as above (28 / 24, 5 and 4)."""
    d = position(p1=dict(space=3, hand=["bloodscythe", "bloodscythe"], discard=["cross", "dive"]),
                 p2=dict(space=5, hand=["assault"]), chars=CHARS)
    d.strike(("bloodscythe", "bloodscythe"), "assault")
    assert (d.space(P1), d.space(P2)) == (5, 4)
    assert (d.life(P1), d.life(P2)) == (28, 24)
    assert d.zone(P1, Zone.GAUGE) == ["Blood Scythe", "Blood Scythe"]
    assert d.zone(P1, Zone.DISCARD) == ["Cross", "Dive"]
    moved = [e for e in d.events(ev.CardMoved)
             if e.player == P1 and e.dst is Zone.GAUGE and e.src is Zone.DISCARD]
    assert len(moved) == 1 and d.name(moved[0].card) == "Blood Scythe"
