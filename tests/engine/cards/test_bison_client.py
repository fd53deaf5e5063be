"""M. Bison: situations of the reference client's ``test/unit/test_bison.gd`` that our
Bison tests (``test_bison.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "M. Bison" and the ``standard`` normals. As in the client's
tests, P2 is Bison too.
"""

from __future__ import annotations

import pytest
from conftest import P1, P2, boost, position

from engine.core.decisions import ActionRequest, Prepare
from engine.core.ids import Zone

CHARS = ("bison", "bison")


@pytest.mark.parametrize(("gauge", "p1_life", "p2_life"), [
    (0, 24, 26), (3, 30, 23), (10, 30, 21)])
def test_bison_psycho_power_played_then_assault(gauge: int, p1_life: int, p2_life: int) -> None:
    """M. Bison, Psycho Crusher's boost Psycho Power (continuous, 1 force: "powerup
    per gauge card, at most 5") played on his turn, then Assault against Sweep (client:
    ``test_bison_psychocrusher``, ``...3``, ``...10``). Assault closes 2 (3 -> 5) and hits
    first for 4 + min(gauge, 5): with no gauge 4 does not beat Sweep's guard 6 and Sweep
    hits back for 6; with 3 or 10 gauge (7, 9) P2 is stunned. Assault gains advantage."""
    gauge_cards = (["grasp", "cross", "dive", "spike", "sweep"] * 2)[:gauge]
    d = position(p1=dict(space=3, hand=["psychocrusher", "focus", "assault"], gauge=gauge_cards),
                 p2=dict(space=6, hand=["sweep"]), chars=CHARS)
    boost(d, "psychocrusher", "focus")
    assert d.zone(P1, Zone.BOOSTS) == ["Psycho Crusher"]
    d.act(Prepare())
    d.strike("assault", "sweep", crit=(False, False))
    assert (d.space(P1), d.space(P2)) == (5, 6)
    assert (d.life(P1), d.life(P2)) == (p1_life, p2_life)
    assert d.expect(ActionRequest).player == P1


@pytest.mark.parametrize(("p1_hand", "hand_after"), [(["devilreverse"], 4),
                                                     (["devilreverse", "devilreverse"], 2)])
def test_bison_dollars_compares_hands_after_the_boost_leaves_hand(
        p1_hand: list[str], hand_after: int) -> None:
    """M. Bison, Devil Reverse's boost Bison Dollars ("[if less_cards_than_opponent]
    draw 3", then to gauge) (client: ``test_bison_devilreverse_boost``, ``..._equal``).
    P2 holds 1 card. With Bison Dollars his only card, he then holds 0 < 1: draws 3, plus
    the end-of-turn draw: 4. With two, 1 is not fewer: no draw; 1 + 1 = 2."""
    d = position(p1=dict(space=3, hand=p1_hand, deck=["grasp", "cross", "dive", "spike", "sweep", "focus"]),
                 p2=dict(space=6, hand=["devilreverse"]), chars=CHARS)
    boost(d, "devilreverse")
    assert len(d.zone(P1, Zone.HAND)) == hand_after
    assert d.zone(P1, Zone.GAUGE) == ["Devil Reverse"]
