"""Guile: situations of the reference client's ``test/unit/test_guile.gd`` that our
Guile tests (``test_guile.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Guile" (flag ``guile_change_cards_bonus``) and the ``standard``
normals; core rulebook, Change Cards (an ultra generates 2 force). Guile is P1, Ryu P2.
"""

from __future__ import annotations

from conftest import P1, P2, position

from engine.core.decisions import ActionRequest, ChangeCards
from engine.core.ids import Zone

CHARS = ("guile", "ryu")


def test_guile_critical_spinning_back_knuckle_advances_past() -> None:
    """Guile, Spinning Back Knuckle: "[if is_critical] powerup 2; hit: choice <advance 1
    + opponent_discard_random 1 | ...>" (client: ``test_guile_crit``). Guile on 3, Ryu's
    Dive on 4, both speed 4: Guile first hits for 7, stuns Ryu, and advances 1 over him
    (to 5)."""
    d = position(p1=dict(space=3, hand=["spinningbackknuckle"], gauge=["grasp"]),
                 p2=dict(space=4, hand=["dive", "spike"]), chars=CHARS)
    d.strike("spinningbackknuckle", "dive", crit=(True, False))
    d.choose("advance 1")
    assert (d.space(P1), d.space(P2)) == (5, 4)
    assert (d.life(P1), d.life(P2)) == (30, 23)
    assert d.zone(P2, Zone.HAND) == []


def test_guile_change_cards_with_an_ultra_from_hand_draws_two_no_bonus() -> None:
    """Core rulebook, Change Cards, and Guile's bonus (gauge only) (client:
    ``test_guile_cc_ultra``): Guile's only card, Flash Explosion (an ultra: 2 force),
    draws 2; no gauge spent, no bonus; the end-of-turn draw makes 3."""
    d = position(p1=dict(hand=["flashexplosion"], gauge=["grasp"]), p2=dict(), chars=CHARS)
    d.act(ChangeCards())
    d.pay("flashexplosion")
    assert len(d.zone(P1, Zone.HAND)) == 3
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert d.expect(ActionRequest).player == P2


def test_guile_change_cards_with_an_ultra_from_gauge_gets_the_bonus() -> None:
    """Guile's bonus with an ultra from gauge (client: ``test_guile_cc_gauge_ultra``):
    Flash Explosion from gauge is 2 force (2 cards) plus the 2-card bonus; with the
    end-of-turn draw 6 cards become 11, and he discards down to 7."""
    hand = ["cross", "dive", "spike", "sweep", "focus", "assault"]
    d = position(p1=dict(hand=hand, gauge=["flashexplosion"]), p2=dict(), chars=CHARS)
    d.act(ChangeCards())
    d.pay("flashexplosion")
    assert d.zone(P1, Zone.GAUGE) == []
    assert len(d.zone(P1, Zone.HAND)) == 11
    d.discard(P1, "cross", "dive", "spike", "sweep")
    assert len(d.zone(P1, Zone.HAND)) == 7
    assert d.expect(ActionRequest).player == P2
