"""Waldstein: situations of the reference client's ``test/unit/test_waldstein.gd`` that
our Waldstein tests (``test_waldstein.py``) did not pin, written with our scenario
builder.

Card facts: roster.md, "Waldstein", and the ``uni`` normals. As in the client's tests,
P2 is Waldstein too (answering with ``uni`` normals).
"""

from __future__ import annotations

from conftest import P1, P2, position

from engine.core.decisions import Strike
from engine.core.ids import Zone

CHARS = ("waldstein", "waldstein")


def test_waldstein_the_destroyers_on_a_missing_ultra_returns_to_hand() -> None:
    """The Destroyers (Werfen Erschlagen's boost; "[if is_normal_attack] rangeup 2/2 +
    powerup 2; after: [if not_hit_opponent] return_this_boost_to_hand") with Katastrophe
    (client: ``test_waldstein_the_destroyers_ultra_miss``): an Ultra keeps its range
    1-2 and misses at 3; Dive advances past him (6 -> 2) and hits for 5; the boost,
    though its bonus never applied, returns to his hand."""
    d = position(p1=dict(space=3, hand=["katastrophe"], boosts=["werfenerschlagen"],
                         gauge=["grasp", "cross"]),
                 p2=dict(space=6, hand=["dive"]), chars=CHARS)
    d.strike("katastrophe", "dive")
    d.pay("grasp", "cross")
    assert (d.space(P1), d.space(P2)) == (3, 2)
    assert (d.life(P1), d.life(P2)) == (25, 30)
    assert d.zone(P1, Zone.HAND) == ["Werfen Erschlagen"]


def test_waldstein_verderben_set_face_up_as_the_defender() -> None:
    """Verderben (4 gauge, range 3-4, power 10, armor 4, stun immunity; must be set
    face-up) answering P2's Sweep (client: ``test_waldstein_verderben_faceup_response``):
    revealed and paid, it takes 6 - 4 without being stunned and hits back for 10."""
    d = position(p1=dict(space=3, hand=["verderben"], gauge=["grasp", "cross", "dive", "spike"]),
                 p2=dict(space=6, hand=["sweep"]), chars=CHARS, active=P2)
    d.act(Strike())
    d.set_attack(P2, "sweep")
    d.set_attack(P1, "verderben")
    d.choose("reveal")
    d.pay("grasp", "cross", "dive", "spike")
    assert (d.space(P1), d.space(P2)) == (3, 6)
    assert (d.life(P1), d.life(P2)) == (28, 20)
