"""Taokaka: situations of the reference client's ``test/unit/test_taokaka.gd`` that our
Taokaka tests (``test_taokaka.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Taokaka", and the ``standard`` normals. As in the client's
tests, P2 is Taokaka too (answering with ``standard`` normals, never initiating, so
her ability adds nothing to P2's attacks).
"""

from __future__ import annotations

from conftest import P1, P2, boost, position

from engine import events as ev
from engine.core.decisions import ActionRequest, Strike

CHARS = ("taokaka", "taokaka")


def test_taokaka_exceeded_advance_then_retreat_both_sweeps_miss() -> None:
    """Exceeded (exceed ability ``set_strike: [if initiated_strike] add_attack_effect
    (before: advance 2 + choice <retreat 2 | pass>)``), Sweep against Sweep from range 4
    (client: ``test_taokaka_exceed_dodge``). Her turn start first: an overdrive card is
    discarded and her overdrive effect (``advance 2 | retreat 2``) takes her 4 -> 2,
    where the client has her. Tied at speed 2 she goes first: advances 2 -> 4, retreats
    back to 2, and her Sweep (range 1-3) misses from 4 away; so does P2's."""
    d = position(p1=dict(space=4, exceeded=True, overdrive=["focus", "dive"],
                         hand=["sweep"]),
                 p2=dict(space=6, hand=["sweep"]), chars=CHARS)
    d.select(P1, "focus")
    d.choose("retreat 2")
    assert d.space(P1) == 2 and d.p(P1).exceeded
    d.strike("sweep", "sweep")
    d.choose("retreat 2")
    assert (d.space(P1), d.space(P2)) == (2, 6)
    assert (d.life(P1), d.life(P2)) == (30, 30)


def test_taokaka_wild_grasp_advances_then_pays_to_retreat_out_of_range() -> None:
    """Her ability (``set_strike: [if initiated_strike] pass + [if was_wild_swing]
    add_attack_effect (before: advance 2 + force_for_effect 1: retreat 2)``), wild
    swinging Grasp against Sweep (client: ``test_taokaka_wild_dodge``): Grasp (speed 7)
    goes first; she advances 2 -> 4, pays 1 force and retreats back to 2: Grasp misses,
    and so does Sweep from range 4."""
    d = position(p1=dict(space=2, hand=["cross"], deck=["grasp"]),
                 p2=dict(space=6, hand=["sweep"]), chars=CHARS)
    d.act(Strike())
    d.set_attack(P1, "wild")
    d.set_attack(P2, "sweep")
    assert d.space(P1) == 4
    d.pay("cross")
    assert (d.space(P1), d.space(P2)) == (2, 6)
    assert (d.life(P1), d.life(P2)) == (30, 30)


def test_taokaka_almost_becoming_two_cross_hits_retreats_keeps_the_turn() -> None:
    """Almost Becoming Two! (Hexa Edge!'s boost, 1 force: ``now: topdeck_from_hand 1``,
    ``now: strike_wild``; ``hit: gain_advantage``), topping Cross (client:
    ``test_taokaka_hexaedge_becomingtwo``): the wild-swung Cross gets her ability's
    advance 2 (2 -> 4); she declines the force; Cross (speed 6) hits from range 2 for 3
    and its after retreats her 3 (4 -> 1); Sweep misses from 5; the boost's hit gives
    her the next turn."""
    d = position(p1=dict(space=2, hand=["hexaedge", "grasp", "cross", "block"]),
                 p2=dict(space=6, hand=["sweep"]), chars=CHARS)
    boost(d, "hexaedge", "grasp")
    d.select(P1, "cross")
    d.set_attack(P2, "sweep")
    assert d.space(P1) == 4
    d.decline()
    assert (d.space(P1), d.space(P2)) == (1, 6)
    assert (d.life(P1), d.life(P2)) == (30, 27)
    [swing] = [e for e in d.events(ev.AttackSet) if e.player == P1 and e.wild]
    assert d.names(swing.cards) == ["Cross"]
    assert d.expect(ActionRequest).player == P1


def test_taokaka_exceeded_defending_gets_no_advance() -> None:
    """Exceeded, defending (the exceed ability is ``[if initiated_strike]``; client, later
    version: ``test_taokaka_exceed_no_dodge_on_defense``): P2's Sweep against her Sweep
    from range 1: no effect is added and no choice offered; P2 (initiator, tied at speed
    2) hits first for 6, her Sweep (guard 6 holds) hits back for 6."""
    d = position(p1=dict(space=7, exceeded=True, overdrive=["focus"], hand=["sweep"]),
                 p2=dict(space=6, hand=["sweep"]), chars=CHARS, active=P2)
    d.strike("sweep", "sweep")
    assert d.events(ev.AttackEffectAdded) == []
    assert (d.space(P1), d.space(P2)) == (7, 6)
    assert (d.life(P1), d.life(P2)) == (24, 24)
