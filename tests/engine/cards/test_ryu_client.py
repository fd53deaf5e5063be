"""Ryu: situations of the reference client's ``test/unit/test_ryu.gd`` that our own Ryu
tests (``test_ryu.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Ryu" and the ``standard`` normals.
"""

from __future__ import annotations

from conftest import P1, P2, position

from engine import events as ev


def test_ryu_critical_with_no_critical_effect_changes_nothing() -> None:
    """Ryu, ability "gauge_for_effect -> critical" on a card with no Critical text
    (client: ``test_ryu_empty_critical``). Ryu (3) pays 1 gauge for a Critical Assault
    against Ken's Assault (6): both are speed 5, the attacker goes first ("ties go to the
    attacker"), closes 2 and hits for 4; nothing else happens."""
    d = position(p1=dict(space=3, hand=["assault"], gauge=["grasp"]),
                 p2=dict(space=6, hand=["assault"]))
    d.strike("assault", "assault", crit=(True, False))
    assert d.events(ev.AttackMadeCritical) == [ev.AttackMadeCritical(player=P1)]
    assert d.life(P1) == 30
    assert d.life(P2) == 26
    assert d.space(P1) == 5


def test_ryu_shoryuken_as_attacker_loses_to_grasp() -> None:
    """Ryu, Shoryuken: "[if not_initiated_strike] speedup 2" does not apply to the
    attacker (client: ``test_ryu_shoryu_initiate``). Shoryuken (5) on 4 against Ken's
    Grasp (7) on 5: Grasp hits first for 3 and pushes Ryu 1 (to 3); Shoryuken (range 1)
    then misses at range 2."""
    d = position(p1=dict(space=4, hand=["shoryuken"]), p2=dict(space=5, hand=["grasp"]))
    d.strike("shoryuken", "grasp")
    d.choose("push 1")
    assert d.space(P1) == 3
    assert d.space(P2) == 5
    assert d.life(P1) == 27
    assert d.life(P2) == 30


def test_ryu_shoryuken_defending_without_critical_misses_at_range_two() -> None:
    """Ryu, Shoryuken defending (speed 7) without Critical (client:
    ``test_ryu_shoryu_defend_miss``): Ken's Cross on 4, Ryu on 6. Shoryuken goes first
    but misses (range 1 at distance 2); Cross hits for 3 and Ken retreats 3 (to 1)."""
    d = position(p1=dict(space=4, hand=["cross"]),
                 p2=dict(space=6, hand=["shoryuken"], gauge=["grasp"]), chars=("ken", "ryu"))
    d.strike("cross", "shoryuken", crit=(False, False))
    assert d.space(P1) == 1
    assert d.space(P2) == 6
    assert d.life(P1) == 30
    assert d.life(P2) == 27


def test_ryu_shoryuken_defending_with_critical_closes_and_stuns() -> None:
    """Ryu, Shoryuken: "before: [if is_critical] close 1" (client:
    ``test_ryu_shoryu_defend_hit``). Same as above but Critical: Ryu closes to 5, hits for
    4 and stuns Ken (guard 0), whose Cross never hits nor retreats."""
    d = position(p1=dict(space=4, hand=["cross"]),
                 p2=dict(space=6, hand=["shoryuken"], gauge=["grasp"]), chars=("ken", "ryu"))
    d.strike("cross", "shoryuken", crit=(False, True))
    assert d.space(P1) == 4
    assert d.space(P2) == 5
    assert d.life(P1) == 26
    assert d.life(P2) == 30
    assert [e.player for e in d.events(ev.AttackSkipped)] == [P1]
