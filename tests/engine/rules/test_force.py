"""Core rulebook "Force" (SF rulebook "Force", "Gauge"): cards from hand or Gauge make
1 Force, Ultras 1 or 2; you can never overpay."""

from __future__ import annotations

import pytest
from conftest import P1, P2, Driver, boost, position

from engine.core.decisions import (
    ActionRequest,
    ChangeCards,
    IllegalDecision,
    MoveTo,
    PayCards,
    PayForceRequest,
)
from engine.core.ids import Zone


def _move(d: Driver, space: int) -> PayForceRequest:
    d.act(MoveTo(space=space))
    request: PayForceRequest = d.expect(PayForceRequest, P1)
    return request


def test_normal_card_makes_one_force() -> None:
    """Core rulebook, "Force": discard Normal or Special attacks from hand for 1 Force
    each."""
    d = position(p1=dict(space=3, hand=["grasp", "hadoken"]), p2=dict(space=7))
    assert _move(d, 5).amount == 2
    d.pay("grasp", "hadoken")
    assert d.space(P1) == 5
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Hadoken"]


def test_ultra_makes_two_force() -> None:
    """Core rulebook, "Force": an Ultra generates 1 or 2 Force (your choice): 2 here."""
    d = position(p1=dict(space=3, hand=["metsushoryuken"]), p2=dict(space=7))
    assert _move(d, 5).amount == 2
    d.pay("metsushoryuken")
    assert d.space(P1) == 5
    assert d.zone(P1, Zone.DISCARD) == ["Metsu Shoryuken"]


def test_ultra_makes_one_force() -> None:
    """Core rulebook, "Force": an Ultra may generate just 1 Force, so it can pay a
    1-Force cost (it is not an overpayment), alone or next to another card for 2."""
    d = position(p1=dict(space=3, hand=["metsushoryuken"]), p2=dict(space=7))
    _move(d, 4)
    d.pay("metsushoryuken")
    assert d.space(P1) == 4
    d = position(p1=dict(space=3, hand=["metsushoryuken", "grasp"]), p2=dict(space=7))
    _move(d, 5)
    d.pay("metsushoryuken", "grasp")
    assert d.space(P1) == 5


def test_gauge_cards_pay_force() -> None:
    """Core rulebook, "Gauge": you may discard cards from your Gauge to generate Force;
    SF rulebook, "Change Cards": an Ultra in Gauge is still worth 2."""
    d = position(p1=dict(space=3, hand=[], gauge=["dive", "grasp"]), p2=dict(space=7))
    assert _moves(d) == [1, 2, 4, 5]
    request = _move(d, 1)
    assert set(d.names(request.candidates)) == {"Dive", "Grasp"}
    d.pay("dive", "grasp")
    assert d.space(P1) == 1
    assert d.zone(P1, Zone.GAUGE) == []
    assert d.zone(P1, Zone.DISCARD) == ["Dive", "Grasp"]
    d = position(p1=dict(hand=[], gauge=["metsuhadoken"], deck=["grasp", "cross", "dive"]))
    d.act(ChangeCards())
    d.pay("metsuhadoken")
    assert d.zone(P1, Zone.HAND) == ["Grasp", "Cross", "Dive"]


def _moves(d: Driver) -> list[int]:
    request = d.expect(ActionRequest)
    return [c.space for c in request.choices if isinstance(c, MoveTo)]


def test_overpaying_is_refused() -> None:
    """Core rulebook, "Force": you may only generate as much Force as you need; it is
    not possible to overpay. Two Normals for a 1-Force move are refused, and so is an
    Ultra plus a Normal (at least 2 Force)."""
    d = position(p1=dict(space=3, hand=["grasp", "cross", "metsuhadoken"]), p2=dict(space=7))
    request = _move(d, 4)
    two = PayCards(cards=(d.ref(P1, "grasp"), d.ref(P1, "cross")))
    assert request.check(two) == "these cards make 2 force, not the 1 needed"
    with pytest.raises(IllegalDecision) as raised:
        d.act(two)
    message = str(raised.value)
    assert "\n" not in message
    assert "these cards make 2 force, not the 1 needed" in message
    assert "asked pay_force" in message
    assert "allowed: exactly 1 force from" in message
    ultra_and_normal = PayCards(cards=(d.ref(P1, "metsuhadoken"), d.ref(P1, "grasp")))
    with pytest.raises(IllegalDecision, match=r"these cards make 2 to 3 force, not the 1 needed"):
        d.act(ultra_and_normal)
    # The request is still pending and a correct payment works.
    assert d.expect(PayForceRequest, P1) == request
    d.pay("cross")
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.DISCARD) == ["Cross"]


def test_underpaying_is_refused() -> None:
    """Core rulebook, "Move": the whole cost must be paid (1 card for 2 Force fails)."""
    d = position(p1=dict(space=3, hand=["grasp", "cross"]), p2=dict(space=7))
    _move(d, 5)
    with pytest.raises(IllegalDecision, match=r"these cards make 1 force, not the 2 needed"):
        d.act(PayCards(cards=(d.ref(P1, "grasp"),)))
    with pytest.raises(IllegalDecision, match="you must pay"):
        d.decline()


def test_force_only_from_hand_or_gauge() -> None:
    """Core rulebook, "Force": Force comes from your hand or Gauge, not your deck or
    discard pile."""
    d = position(p1=dict(space=3, hand=["grasp"], discard=["cross"]), p2=dict(space=7))
    _move(d, 4)
    with pytest.raises(IllegalDecision, match="cards must come from your hand or gauge"):
        d.act(PayCards(cards=(d.ref(P1, "cross", Zone.DISCARD),)))
    with pytest.raises(IllegalDecision, match="cards must come from your hand or gauge"):
        d.act(PayCards(cards=(d.p(P1).deck[0],)))


def test_boost_force_cost_cannot_be_paid_with_the_boosted_card() -> None:
    """Core rulebook, "Boosts": pay the Boost's Force cost (Way of the Warrior: 1) with
    other cards; gauge counts."""
    d = position(p1=dict(hand=["metsuhadoken"], gauge=["spike"]), p2=dict(space=7))
    boost(d, "metsuhadoken", "spike")
    assert d.zone(P1, Zone.BOOSTS) == ["Metsu Hadoken"]
    assert d.zone(P1, Zone.GAUGE) == []
    assert d.expect(ActionRequest).player == P2
