"""Enkidu: situations of the reference client's ``test/unit/test_enkidu.gd`` that our
Enkidu tests (``test_enkidu.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Enkidu", and the ``uni`` normals. As in the client's tests, P2
is Enkidu too (answering with ``uni`` normals).
"""

from __future__ import annotations

from conftest import P1, P2, boost, position

from engine.core.decisions import PayGaugeRequest, Prepare, Strike
from engine.core.ids import Zone
from engine.core.state import Passive, holds_passive

CHARS = ("enkidu", "enkidu")
TPS = "threepreceptstrike"
PALM = "spiraldualpalmstrike"


def test_enkidu_two_immovable_objects_one_sustained_keeps_the_push_immunity() -> None:
    """Two Immovable Objects ("now: ignore_push_and_pull_passive_bonus; discarded:
    remove_...; after: gauge_for_effect 1 to sustain_this"), one gauge (client:
    ``test_enkidu_immovable_object_double_sustain``). P2's Grasp hits for 3 - 2 armor
    and its push 2 is ignored; Sweep hits back for 6. He sustains one; the other is
    discarded, but the one left still keeps him in place: the next Grasp (3 - 1) does
    not push him either; with no gauge it then goes too, and the immunity with it."""
    d = position(p1=dict(space=5, hand=[PALM, PALM, "sweep", "sweep"], gauge=["grasp"]),
                 p2=dict(space=6, hand=["grasp", "grasp"]), chars=CHARS)
    boost(d, PALM)
    d.act(Prepare())
    boost(d, PALM)
    d.act(Strike())
    d.set_attack(P2, "grasp")
    d.set_attack(P1, "sweep")
    d.choose("push 2")
    assert (d.space(P1), d.space(P2)) == (5, 6)
    assert (d.life(P1), d.life(P2)) == (29, 24)
    d.pay("grasp")
    if isinstance(d.pending, PayGaugeRequest):
        d.decline()
    assert d.zone(P1, Zone.BOOSTS) == ["Spiral Dual Palm Strike"]
    assert d.zone(P1, Zone.DISCARD).count("Spiral Dual Palm Strike") == 1
    assert holds_passive(d.state, P1, Passive.IGNORE_PUSH_AND_PULL)
    d.act(Prepare())  # Enkidu's turn
    d.act(Strike())
    d.set_attack(P2, "grasp")
    d.set_attack(P1, "sweep")
    d.choose("push 2")
    if isinstance(d.pending, PayGaugeRequest):
        d.decline()
    assert (d.space(P1), d.space(P2)) == (5, 6)
    assert (d.life(P1), d.life(P2)) == (27, 18)
    assert d.zone(P1, Zone.BOOSTS) == []
    assert not holds_passive(d.state, P1, Passive.IGNORE_PUSH_AND_PULL)


def test_enkidu_immovable_object_discarded_by_tech_hit_loses_the_immunity() -> None:
    """Tech Hit (Block's boost; "discard_continuous_boost 1; strike") discards Immovable
    Object before P2's strike (client: ``test_enkidu_immovable_object_gone_after_tech``):
    its "discarded" effect removes the immunity, so Grasp (3, no armor now) pushes him
    2 (5 -> 3) and Sweep hits him at 3 for 6."""
    d = position(p1=dict(space=5, hand=[PALM, "sweep"]),
                 p2=dict(space=6, hand=["block", "grasp"]), chars=CHARS)
    boost(d, PALM)
    boost(d, "block")  # its only choice, Immovable Object, is taken
    d.set_attack(P2, "grasp")
    d.set_attack(P1, "sweep")
    d.choose("push 2")
    assert (d.space(P1), d.space(P2)) == (3, 6)
    assert (d.life(P1), d.life(P2)) == (27, 24)
    assert "Spiral Dual Palm Strike" in d.zone(P1, Zone.DISCARD)


def test_enkidu_chained_kick_with_three_precepts_advances_past() -> None:
    """Chained Kick ("set_strike_x copies_in_gauge + powerup/guardup X; before: advance
    1") with three Three Precept Strikes in gauge (client:
    ``test_enkidu_chained_kick_three_precepts``): Dive (faster) advances 7 -> 4 and hits
    for 5, under guard 4 + 3; Chained Kick's advance 1 from 3 goes past him to 5 and
    hits for 4 + 3."""
    d = position(p1=dict(space=3, hand=["chainedkick"], gauge=[TPS, TPS, TPS]),
                 p2=dict(space=7, hand=["dive"]), chars=CHARS)
    d.strike("chainedkick", "dive")
    assert (d.space(P1), d.space(P2)) == (5, 4)
    assert (d.life(P1), d.life(P2)) == (25, 23)


def test_enkidu_five_precepts_stun_sweep_then_close() -> None:
    """Three Precept Strike with five copies in gauge (client:
    ``test_enkidu_five_precepts``): 3 + 5 power at range 3 stuns Sweep (guard 6); after:
    close 1 (6 -> 5), and he passes on revealing a copy."""
    d = position(p1=dict(space=6, hand=[TPS], gauge=[TPS, TPS, TPS, TPS, TPS]),
                 p2=dict(space=3, hand=["sweep"]), chars=CHARS)
    d.strike(TPS, "sweep")
    d.choose("pass")
    assert (d.space(P1), d.space(P2)) == (5, 3)
    assert (d.life(P1), d.life(P2)) == (30, 22)


def test_enkidu_tidal_spin_as_the_defender_cannot_stun() -> None:
    """Tidal Spin ("[if not_initiated_strike] cannot_stun; after: advance 2") against
    P2's Assault (client: ``test_enkidu_tidal_spin_not_initiate``): speed 7 first, it
    hits for 5 without stunning and advances past him (5 -> 8); Assault closes to 7 and
    hits back for 4."""
    d = position(p1=dict(space=5, hand=["tidalspin"]), p2=dict(space=6, hand=["assault"]),
                 chars=CHARS, active=P2)
    d.strike("assault", "tidalspin")
    assert (d.space(P1), d.space(P2)) == (8, 7)
    assert (d.life(P1), d.life(P2)) == (26, 25)


def test_enkidu_demon_seal_free_with_six_precepts_returns_three() -> None:
    """Demon Seal: Abyssal Force with six Three Precept Strikes in gauge costs 0
    (client: ``test_enkidu_demon_seal_free_return_precepts``): it hits Focus for 10 - 2;
    after, he returns three copies to hand; the gauge keeps Grasp, three copies and the
    attack."""
    d = position(p1=dict(space=4, hand=["demonsealabyssalforce"],
                         gauge=["grasp", TPS, TPS, TPS, TPS, TPS, TPS]),
                 p2=dict(space=6, hand=["focus"]), chars=CHARS)
    d.strike("demonsealabyssalforce", "focus")
    d.select(P1, TPS, TPS, TPS)
    assert (d.life(P1), d.life(P2)) == (30, 22)
    assert d.zone(P1, Zone.HAND).count("Three Precept Strike") == 3
    assert sorted(d.zone(P1, Zone.GAUGE)) == sorted(
        ["Grasp", "Demon Seal: Abyssal Force"] + ["Three Precept Strike"] * 3)


def test_enkidu_demon_seal_half_price_with_three_precepts_returning_none() -> None:
    """Demon Seal: Abyssal Force (6 gauge; card rule "gauge_cost_reduction=
    per_card_copy_in_gauge" of Three Precept Strike) with three copies in gauge among
    six cards (client: ``test_enkidu_demon_seal_half_cost``): it costs 3, paid with the
    three Grasps; it hits Focus for 10 - 2 and, after, Enkidu returns no copy to hand
    (the gauge_for_effect is optional): the gauge holds the three copies and the attack."""
    d = position(p1=dict(space=4, hand=["demonsealabyssalforce"],
                         gauge=["grasp", "grasp", "cross", TPS, TPS, TPS]),
                 p2=dict(space=6, hand=["focus"]), chars=CHARS)
    d.strike("demonsealabyssalforce", "focus")
    d.pay("grasp", "grasp", "cross")
    d.select(P1)
    assert (d.space(P1), d.space(P2)) == (4, 6)
    assert (d.life(P1), d.life(P2)) == (30, 22)
    assert "Three Precept Strike" not in d.zone(P1, Zone.HAND)
    assert sorted(d.zone(P1, Zone.GAUGE)) == sorted(
        ["Demon Seal: Abyssal Force"] + ["Three Precept Strike"] * 3)
