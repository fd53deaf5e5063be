"""Super Skull Man 33: situations of the reference client's
``test/unit/test_superskullman.gd`` that our tests (``test_superskullman.py``) did not
pin, written with our scenario builder.

Card facts: roster.md, "Super Skull Man 33" and the ``standard`` normals. As in the
client's tests, P2 is Super Skull Man too.
"""

from __future__ import annotations

from conftest import P1, P2, boost, position

from engine.core.decisions import ActionRequest, Prepare
from engine.core.ids import Zone

CHARS = ("superskullman", "superskullman")


def test_superskullman_burning_justice_absorbs_assault_then_dive_jumps_past() -> None:
    """Kaplow!!!!'s boost Burning Justice ("add_passive discard_2x_topdeck_instead_of_
    damage") (client: ``test_superskullman_kaplow_boost_strikedamage_discard``). P2's
    Assault closes to 6 and hits for 4: P1 discards 8 from his deck instead, loses no
    life and is not stunned; his Dive then jumps 3 over P2 to 9 and misses at range 3.
    His discard pile: the 8, Kaplow!!!! (leaves at cleanup) and Dive."""
    d = position(p1=dict(space=5, hand=["kaplow", "dive"]), p2=dict(space=7, hand=["assault"]),
                 chars=CHARS)
    boost(d, "kaplow")
    d.strike("assault", "dive")
    assert (d.space(P1), d.space(P2)) == (9, 6)
    assert (d.life(P1), d.life(P2)) == (30, 30)
    assert len(d.zone(P1, Zone.DISCARD)) == 10
    assert {"Kaplow!!!!", "Dive"} <= set(d.zone(P1, Zone.DISCARD))


def test_superskullman_free_wild_zing_pulls_past() -> None:
    """Zing! Zing! Zing! (free if wild) (client:
    ``test_superskullman_zingzingzing_freeifwild``): wild-swung from 6 against Assault
    (7), used for free, it wins the speed tie and hits for 7 + 1 (wild swing) = 8, and
    pulls P2 2 past him (to 4)."""
    d = position(p1=dict(space=6, hand=["grasp"], deck=["zingzingzing"]),
                 p2=dict(space=7, hand=["assault"]), chars=CHARS)
    d.strike("wild", "assault")
    d.choose("use")
    d.choose("pull 2")
    assert (d.space(P1), d.space(P2)) == (6, 4)
    assert (d.life(P1), d.life(P2)) == (30, 22)


def test_superskullman_fear_not_discarded_by_a_run_boost_past() -> None:
    """Slam Evil's boost Fear Not, Citizen! ("opponent_moved_past: discard_this")
    (client: ``test_superskullman_slamevil_boost_move_with_cross``): P2 boosts Cross's
    Run and advances 3 from 7 over P1 (6) to 3: the boost is discarded."""
    d = position(p1=dict(space=6, hand=["slamevil"]), p2=dict(space=7, hand=["cross"]),
                 chars=CHARS)
    boost(d, "slamevil")
    boost(d, "cross")
    d.choose("advance 3")
    assert (d.space(P1), d.space(P2)) == (6, 3)
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.DISCARD) == ["Slam Evil"]
    assert d.expect(ActionRequest).player == P1
    d.act(Prepare())


def test_superskullman_fear_not_gone_before_dive_hits() -> None:
    """Fear Not, Citizen! against P2's Dive (client:
    ``test_superskullman_slamevil_boost_move_with_strike``): Dive from 7 jumps over P1
    (4) to 3, which discards the boost before Dive hits: 5 damage, no armor from it;
    P1's Sweep is dodged and discarded."""
    d = position(p1=dict(space=4, hand=["slamevil", "sweep"]), p2=dict(space=7, hand=["dive"]),
                 chars=CHARS)
    boost(d, "slamevil")
    d.strike("dive", "sweep")
    assert (d.space(P1), d.space(P2)) == (4, 3)
    assert (d.life(P1), d.life(P2)) == (25, 30)
    assert sorted(d.zone(P1, Zone.DISCARD)) == ["Slam Evil", "Sweep"]
