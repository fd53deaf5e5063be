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


def test_waldstein_ferzen_volf_unmoved_by_grasp_then_its_range_one_bonus() -> None:
    """Ferzen Volf ("during_strike: ignore_push_and_pull; before: [if range 1] push 2 +
    powerup 2; hit: push 2") against Grasp at range 1 (client:
    ``test_waldstein_ferzen_volf_range_one``): Grasp (speed 7) hits first for 3 - 1 and
    tries to push him 2, but he cannot be moved, so he is still at range 1 when Ferzen
    Volf resolves: it pushes 2 (5 -> 7) for +2, hits for 6 and pushes 2 more (to 9)."""
    d = position(p1=dict(space=4, hand=["ferzenvolf"]), p2=dict(space=5, hand=["grasp"]),
                 chars=CHARS)
    d.strike("ferzenvolf", "grasp")
    d.choose("push 2")  # P2's Grasp: no effect on him
    assert (d.space(P1), d.space(P2)) == (4, 9)
    assert (d.life(P1), d.life(P2)) == (28, 24)


def test_waldstein_the_destroyers_stunned_is_discarded() -> None:
    """The Destroyers ("after: [if not_hit_opponent] return_this_boost_to_hand") when
    Waldstein is stunned before his attack resolves (client:
    ``test_waldstein_the_destroyers_stunned``): Assault (speed 5) hits first for 4 and
    stuns his Dive, so no After effect runs: the boost is discarded at cleanup instead
    of returning to his hand."""
    d = position(p1=dict(space=3, hand=["dive"], boosts=["werfenerschlagen"]),
                 p2=dict(space=4, hand=["assault"]), chars=CHARS)
    d.strike("dive", "assault")
    assert (d.space(P1), d.space(P2)) == (3, 4)
    assert (d.life(P1), d.life(P2)) == (26, 30)
    assert "Werfen Erschlagen" in d.zone(P1, Zone.DISCARD)
    assert "Werfen Erschlagen" not in d.zone(P1, Zone.HAND)
