"""Byakuya: Web Trap situations of the reference client's ``test/unit/test_byakuya.gd``
that our Byakuya tests (``test_byakuya.py``, ``test_byakuya_webtraps.py``) did not pin,
written with our scenario builder.

Card facts: roster.md, "Byakuya" (Web Trap, the boost of Endless Nightmare and Become a
Part of Me: "now: place_boost_in_space {stop_on_space_effect}"; stop_on_space_effect =
"discard_this + choice <push 1 | pull 1 | gain_advantage>"), and the ``uni`` normals.
As in the client's tests, P2 is Byakuya too (answering with ``uni`` normals).
"""

from __future__ import annotations

from conftest import P1, P2, position

from engine.core.ids import Zone

CHARS = ("byakuya", "byakuya")
BOTH = ["endlessnightmare", "becomeapartofme"]


def test_byakuya_two_web_traps_on_one_space_both_spring() -> None:
    """Two Web Traps on 5 (client: ``test_byakuya_webtrap_stacked``): P2's Dive (first)
    advancing from 6 stops on 5; both spring: Byakuya pushes him back to 6, then takes
    the advantage; Dive misses, Sweep hits at 3 for 6; both traps are discarded."""
    d = position(p1=dict(space=3, hand=["sweep"], boosts=list(BOTH),
                         traps={"endlessnightmare": 5, "becomeapartofme": 5}),
                 p2=dict(space=6, hand=["dive"]), chars=CHARS)
    d.strike("sweep", "dive")
    d.choose("push 1")
    d.choose("advantage")
    assert (d.space(P1), d.space(P2)) == (3, 6)
    assert (d.life(P1), d.life(P2)) == (30, 24)
    assert d.zone(P1, Zone.BOOSTS) == []


def test_byakuya_web_trap_behind_the_first_stays() -> None:
    """Web Traps on 5 and 4 (client: ``test_byakuya_webtrap_not_stacked``): Dive stops
    on 5, that one springs (push 1, back to 6); the one on 4 is never reached and stays."""
    d = position(p1=dict(space=3, hand=["sweep"], boosts=list(BOTH),
                         traps={"endlessnightmare": 5, "becomeapartofme": 4}),
                 p2=dict(space=6, hand=["dive"]), chars=CHARS)
    d.strike("sweep", "dive")
    d.choose("push 1")
    assert (d.space(P1), d.space(P2)) == (3, 6)
    assert (d.life(P1), d.life(P2)) == (30, 24)
    assert d.zone(P1, Zone.BOOSTS) == ["Become a Part of Me"]


def test_byakuya_web_trap_push_onto_another_springs_it() -> None:
    """Web Traps on 5 and on P2's space 6 (client: ``test_byakuya_webtrap_combo``):
    Dive stops on 5; pushed back 1 onto the trap on 6, which springs too: push 1 more,
    to 7, out of Sweep's range; both traps are discarded."""
    d = position(p1=dict(space=3, hand=["sweep"], boosts=list(BOTH),
                         traps={"endlessnightmare": 5, "becomeapartofme": 6}),
                 p2=dict(space=6, hand=["dive"]), chars=CHARS)
    d.strike("sweep", "dive")
    d.choose("push 1")
    d.choose("push 1")
    assert (d.space(P1), d.space(P2)) == (3, 7)
    assert (d.life(P1), d.life(P2)) == (30, 30)
    assert d.zone(P1, Zone.BOOSTS) == []
