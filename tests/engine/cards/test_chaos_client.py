"""Chaos: situations of the reference client's ``test/unit/test_chaos.gd`` that our
Chaos tests (``test_chaos.py``, ``tests/engine/rules/test_uni_audit.py``) did not pin,
written with our scenario builder.

Card facts: roster.md, "Chaos", and the ``uni`` normals. As in the client's tests, P2
is Chaos too (answering with ``uni`` normals).
"""

from __future__ import annotations

from conftest import P1, P2, boost, position

from engine.core.decisions import CharacterAction

CHARS = ("chaos", "chaos")


def test_chaos_chaos_code_special_measures_from_chaos() -> None:
    """Chaos Code (Deep Revenance's boost; "now: strike; set_strike: place your attack
    in any space; [if is_normal_attack] calculate_range_from_buddy") with Spew Out, a
    Special, set in space 5 (client: ``test_chaos_chaos_code_special``): its range 2-3
    counts from Chaos on 2, so it misses P2 on 7; after, he retreats 1; Sweep misses."""
    d = position(p1=dict(space=2, hand=["deeprevenance", "grasp", "spewout"]),
                 p2=dict(space=7, hand=["sweep"]), chars=CHARS)
    boost(d, "deeprevenance", "grasp")
    d.set_attack(P1, "spewout")
    d.move_to(P1, 5)
    d.set_attack(P2, "sweep")
    d.choose("retreat 1")
    assert (d.space(P1), d.space(P2)) == (1, 7)
    assert (d.life(P1), d.life(P2)) == (30, 30)


def test_chaos_dissect_barrage_set_far_still_measures_from_chaos_then_moves() -> None:
    """Dissect Barrage (range 1-2 from Chaos even when set in a space; "after: [if buddy
    in play] move_to_buddy") set in space 8 through his character action (client:
    ``test_chaos_dissect_barrage_from_chaos``): it hits P2 on 4 from Chaos on 2 for 5
    (Sweep's guard 6 holds), then he moves to 8, out of Sweep's range."""
    d = position(p1=dict(space=2, hand=["dissectbarrage"], gauge=["grasp", "cross"]),
                 p2=dict(space=4, hand=["sweep"]), chars=CHARS)
    d.act(CharacterAction(index=0))
    d.set_attack(P1, "dissectbarrage")
    d.move_to(P1, 8)
    d.set_attack(P2, "sweep")
    d.pay("grasp", "cross")
    assert (d.space(P1), d.space(P2)) == (8, 4)
    assert (d.life(P1), d.life(P2)) == (30, 25)
