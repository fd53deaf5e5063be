"""Discard effects (``engine.effects.discards``) with too few cards in hand.

Card behaviour is in ``tests/engine/cards/``; these reach edge cases no card shows.
"""

from __future__ import annotations

from conftest import P1, position
from effect_runner import resolve_now

from engine import cards as c
from engine.ids import Zone


def test_self_discard_choose_not_optional_with_too_few_cards_discards_the_hand() -> None:
    """self_discard_choose 2 (not optional) holding 1 card: it goes, nothing asked."""
    d = position(p1=dict(hand=["grasp"]), p2=dict())
    assert resolve_now(d, P1, c.SelfDiscardChoose(amount=2)) == []
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]


def test_self_discard_choose_down_to_more_than_the_hand_does_nothing() -> None:
    """Discard down to 3 (``amount: {count: cards_in_hand, plus: -3}``) holding 1 card:
    the amount is negative, nothing is asked or discarded."""
    d = position(p1=dict(hand=["grasp"]), p2=dict())
    down_to_3 = c.Count(count=c.Quantity.CARDS_IN_HAND, plus=-3)
    assert resolve_now(d, P1, c.SelfDiscardChoose(amount=down_to_3)) == []
    assert d.zone(P1, Zone.HAND) == ["Grasp"]
