"""Gordeau: situations of the reference client's ``test/unit/test_gordeau.gd`` that our
Gordeau tests (``test_gordeau.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Gordeau", and the ``uni`` normals. As in the client's tests,
P2 is Gordeau too (answering with ``uni`` normals).
"""

from __future__ import annotations

import pytest
from conftest import P1, P2, position

from engine.core.ids import Zone

CHARS = ("gordeau", "gordeau")
DECK = ["dive", "focus", "spike", "block"]


@pytest.mark.parametrize(("p2_hand", "to_gauge"), [(["grasp", "cross", "dive"], 2),
                                                   (["grasp", "cross"], 1), (["grasp"], 0)])
def test_gordeau_soul_exodus_gauge_per_card_discarded(p2_hand: list[str], to_gauge: int) -> None:
    """Soul Exodus ("hit: gain_advantage + opponent_discard_choose 2 {discard_effect=
    (add_top_deck_to_gauge num_discarded_card_ids)}") hits for 1 at 3 while Grasp
    misses (client: ``test_gordeau_soul_exodus_partial_discard``, ``..._no_discard``, ``..._full_discard``):
    P2 holds two, one or no card after setting, discards them, and as many of Gordeau's
    top cards go to his gauge beside the attack."""
    d = position(p1=dict(space=3, hand=["soulexodus"], gauge=["grasp", "cross", "sweep"],
                         deck=list(DECK)),
                 p2=dict(space=6, hand=p2_hand), chars=CHARS)
    d.strike("soulexodus", "grasp")
    d.pay("grasp", "cross", "sweep")
    # P2 holds exactly what he must discard: the engine takes the only choice itself
    assert (d.space(P1), d.space(P2)) == (3, 6)
    assert (d.life(P1), d.life(P2)) == (30, 29)
    assert sorted(d.zone(P1, Zone.GAUGE)) == (
        sorted(["Soul Exodus", *(c.capitalize() for c in DECK[:to_gauge])]))
    assert d.zone(P1, Zone.DECK)[0] == DECK[to_gauge].capitalize()


@pytest.mark.parametrize(("cards", "p2_life"), [(0, 24), (4, 22), (7, 21)])
def test_gordeau_devourer_one_power_per_two_opponent_cards(cards: int, p2_life: int) -> None:
    """Devourer (Turbulence's boost; "before: powerup_per_card_in_opponent_hand 1
    {per_card=2}") on Sweep against Spike (client: ``test_gordeau_devourer_opponent_no_cards``,
    ``..._even_cards``, ``..._odd_cards``): P2 holding 0, 4 or 7 cards after setting
    gives +0, +2, +3 (rounded down)."""
    extra = ["grasp", "grasp", "cross", "cross", "dive", "dive", "focus"][:cards]
    d = position(p1=dict(space=3, hand=["sweep"], boosts=["turbulence"]),
                 p2=dict(space=6, hand=["spike", *extra]), chars=CHARS)
    d.strike("sweep", "spike")
    assert (d.space(P1), d.space(P2)) == (3, 6)
    assert (d.life(P1), d.life(P2)) == (30, p2_life)
